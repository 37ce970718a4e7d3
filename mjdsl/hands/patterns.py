"""Special hands as data: patterns that are not four sets and a pair.

A ruleset describes each special hand as a :class:`Pattern`: a list of parts, each
part a choice of *units* (tile groups) from tiles named by class, never by code:

- :class:`EachOf` one (or ``count``) of every tile of a class;
- :class:`OneOf` ``count`` of any single tile of a class;
- :class:`SuitCounts` fixed counts on the ranks of one suit;
- :class:`PairsOf` ``n`` pairs from a class;
- :class:`Knitted` ``n`` groups of the same rank, one tile from each of some suits.

Suits are variables (``"a"``, ``"b"``, ``"c"``), bound to distinct suits of the tile
set, as on a card. For example, Thirteen Orphans is
``Pattern("thirteen orphans", (EachOf(MAJORS), OneOf(MAJORS)))`` with
``MAJORS = TileClass(("terminal", "honour"))``, and Nine Gates is
``Pattern("nine gates", (SuitCounts((3, 1, 1, 1, 1, 1, 1, 1, 3)), OneOf(TileClass(("suited",), suit="a"))))``.

Matching binds the suit variables every way, then picks each part's units from the
hand; a hand matches when the picks use exactly its tiles. Compiled patterns are
cached per (pattern, tile set). The tiles a hand waits on for a pattern are in
:func:`mjdsl.hands.waits.patterns_waits`.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Iterator, Sequence

import attrs

from ..tiles import TileSet
from .decompose import Layout, Meld, exposed_counts, hand_counts, layout_of

if TYPE_CHECKING:  # numpy only in annotations: checking a ruleset never loads it
    import numpy as np

#: Class names a :class:`TileClass` may use, each computed from the tile set.
CLASS_NAMES = ("terminal", "simple", "honour", "wind", "dragon", "suited")


@attrs.frozen
class TileClass:
    """Tiles named by what they are.

    kinds: class names from :data:`CLASS_NAMES`; a tile is in the class if it is any
        of them. ``terminal``: a suit tile of its suit's lowest or highest rank;
        ``simple``: any other suit tile; ``honour``: a wind or dragon.
    suit: a suit variable; the class's suit tiles must be of the suit bound to it
        (its honours are unaffected), so ``TileClass(("suited", "wind"), suit="a")``
        is suit a and the winds.
    ranks: when given, the class's suit tiles must have one of these ranks.
    """

    kinds: tuple[str, ...] = attrs.field(validator=attrs.validators.deep_iterable(attrs.validators.in_(CLASS_NAMES)))
    suit: str | None = None
    ranks: tuple[int, ...] | None = None


@attrs.frozen
class EachOf:
    """``count`` of every tile of a class (Thirteen Orphans: one of each major)."""

    tiles: TileClass
    count: int = 1
    #: what the group is called when a match is explained
    name: str = ""


@attrs.frozen
class OneOf:
    """``count`` of any one tile of a class (the 14th tile of Thirteen Orphans)."""

    tiles: TileClass
    count: int = 1
    name: str = ""


@attrs.frozen
class SuitCounts:
    """Fixed counts on the ranks of one suit, lowest rank first (Nine Gates: 3,1,...,1,3)."""

    counts: tuple[int, ...]
    suit: str = "a"
    name: str = ""


@attrs.frozen
class PairsOf:
    """``n`` pairs of tiles from a class; ``distinct`` forbids two pairs of one tile."""

    n: int
    tiles: TileClass
    distinct: bool = False
    name: str = ""


@attrs.frozen
class Knitted:
    """``n`` knitted groups: each one tile of the same rank in every suit of ``suits``.

    ``Knitted(7, ("a", "b"))`` is seven knitted pairs in two suits; ``distinct``
    forbids two groups of the same rank.
    """

    n: int
    suits: tuple[str, ...] = ("a", "b")
    distinct: bool = False
    name: str = ""


Part = EachOf | OneOf | SuitCounts | PairsOf | Knitted


@attrs.frozen
class Pattern:
    """A special hand.

    name: the name the ruleset gives it (shown in explanations, never looked at here).
    parts: what the hand is made of; together they must use every tile.
    concealed: no declared melds allowed. When False, the tiles of declared melds
        join the hand's tiles before matching.
    """

    name: str
    parts: tuple[Part, ...]
    concealed: bool = True


@attrs.frozen
class PatternGroup:
    """One group of a match: which part it fills and its tiles (indices, sorted)."""

    part: int
    name: str
    tiles: tuple[int, ...]


@attrs.frozen
class PatternMatch:
    """One way a hand matches a pattern.

    pattern: the pattern matched.
    suits: the suit variables' bindings, as ``(variable, suit name)`` pairs.
    groups: the picked groups, in part order, so a scorer can tell which tiles form what.
    """

    pattern: Pattern
    suits: tuple[tuple[str, str], ...]
    groups: tuple[PatternGroup, ...]


# -- compiling ---------------------------------------------------------------------


@attrs.frozen
class _Choice:
    """A compiled part: pick ``n`` of ``units`` (with repeats unless ``distinct``)."""

    part: int
    name: str
    units: tuple[tuple[int, ...], ...]
    n: int
    distinct: bool


@attrs.frozen
class _Binding:
    """The pattern under one binding of its suit variables, ready to search.

    suits: ``(variable, suit name)`` pairs.
    choices: the compiled parts, in part order.
    fixed: the picks of the choices that offer a single unit (made up front).
    by_low: for the other choices, each unit listed under its lowest tile, as
        ``(choice number, unit number, unit)`` in that order.
    size: how many tiles a hand matching it holds.
    cap: for each tile, at most how many of it a matching hand can hold; a hand
        holding more is ruled out without a search (and stays ruled out as tiles are added).
    """

    suits: tuple[tuple[str, str], ...]
    choices: tuple[_Choice, ...]
    fixed: tuple[tuple[_Choice, tuple[int, ...]], ...]
    by_low: dict = attrs.field(eq=False, repr=False)
    size: int = 0
    cap: tuple[int, ...] = ()

    def admits(self, counts: Sequence[int]) -> bool:
        return all(c <= m for c, m in zip(counts, self.cap))


@attrs.frozen
class Compiled:
    """A pattern resolved against a tile set: one entry per workable suit binding."""

    pattern: Pattern
    bindings: tuple[_Binding, ...]


def _suit_vars(pattern: Pattern) -> list[str]:
    seen: list[str] = []
    for part in pattern.parts:
        names: list[str] = []
        if isinstance(part, (EachOf, OneOf, PairsOf)) and part.tiles.suit:
            names = [part.tiles.suit]
        elif isinstance(part, SuitCounts):
            names = [part.suit]
        elif isinstance(part, Knitted):
            names = list(part.suits)
        seen += [v for v in names if v not in seen]
    return seen


def _rank_bounds(tiles: TileSet, lay: Layout) -> dict[str, tuple[int, int]]:
    """Each suit's lowest and highest rank: the declared ranks, else those of its tiles."""
    out = {}
    for g in lay.groups:
        if g.suit is not None:
            declared = [s.ranks for s in tiles.suits if s.name == g.suit and s.ranks]
            ranks = declared[0] if declared else [tiles.kinds[i].rank for i in g.indices]
            out[g.suit] = (min(ranks), max(ranks))
    return out


def _members(cls: TileClass, lay: Layout, bounds: dict, binding: dict[str, str]) -> tuple[int, ...]:
    out = []
    for g in lay.groups:
        for i in g.indices:
            k = lay.tiles.kinds[i]
            if g.suit is None:
                if k.cls in cls.kinds or "honour" in cls.kinds:
                    out.append(i)
                continue
            if cls.suit is not None and binding[cls.suit] != g.suit:
                continue
            if cls.ranks is not None and k.rank not in cls.ranks:
                continue
            terminal = k.rank in bounds[g.suit]
            if "suited" in cls.kinds or ("terminal" if terminal else "simple") in cls.kinds:
                out.append(i)
    return tuple(sorted(out))


def _choice(k: int, part: Part, lay: Layout, bounds: dict, binding: dict[str, str]) -> _Choice | None:
    """Part ``k`` under a binding; None when it cannot be filled in this tile set."""
    suit_tiles = {g.suit: g.indices for g in lay.groups if g.suit is not None}
    if isinstance(part, EachOf):
        unit = tuple(sorted(_members(part.tiles, lay, bounds, binding) * part.count))
        return _Choice(k, part.name, (unit,), 1, False) if unit else None
    if isinstance(part, OneOf):
        units = tuple((i,) * part.count for i in _members(part.tiles, lay, bounds, binding))
        n = 1
    elif isinstance(part, PairsOf):
        units = tuple((i, i) for i in _members(part.tiles, lay, bounds, binding))
        n = part.n
    elif isinstance(part, SuitCounts):
        idx = suit_tiles[binding[part.suit]]
        if len(idx) != len(part.counts):
            return None  # a suit with another number of ranks
        unit = tuple(i for i, c in zip(idx, part.counts) for _ in range(c))
        return _Choice(k, part.name, (unit,), 1, False)
    else:  # Knitted: the ranks present in every suit of the group
        by_rank = [{lay.tiles.kinds[i].rank: i for i in suit_tiles[binding[v]]} for v in part.suits]
        ranks = sorted(set.intersection(*(set(r) for r in by_rank)))
        units = tuple(tuple(sorted(r[rank] for r in by_rank)) for rank in ranks)
        n = part.n
    if n and not units:
        return None
    return _Choice(k, part.name, units, n, part.distinct if isinstance(part, (PairsOf, Knitted)) else False)


def _bind(suits, choices: list[_Choice], size: int) -> _Binding:
    cap = [0] * size
    for c in choices:
        most: dict[int, int] = {}
        for unit in c.units:
            for t in set(unit):
                most[t] = max(most.get(t, 0), unit.count(t))
        for t, m in most.items():
            cap[t] += c.n * m
    fixed = tuple((c, tuple(sorted(c.units[0]))) for c in choices if len(c.units) == 1 for _ in range(c.n))
    by_low: dict[int, list] = {}
    for ci, c in enumerate(choices):
        if len(c.units) > 1:
            for ui, unit in enumerate(c.units):
                unit = tuple(sorted(unit))
                by_low.setdefault(unit[0], []).append((ci, ui, unit))
    return _Binding(
        suits,
        tuple(choices),
        fixed,
        {t: tuple(v) for t, v in by_low.items()},
        sum(c.n * len(c.units[0]) for c in choices if c.n),
        tuple(cap),
    )


def _compile(pattern: Pattern, tiles: TileSet) -> Compiled:
    lay = layout_of(tiles)
    bounds = _rank_bounds(tiles, lay)
    names = [g.suit for g in lay.groups if g.suit is not None]
    variables = _suit_vars(pattern)
    bindings = []
    for suits in itertools.permutations(names, len(variables)):
        binding = dict(zip(variables, suits))
        choices = [_choice(k, part, lay, bounds, binding) for k, part in enumerate(pattern.parts)]
        if None in choices:
            continue
        bindings.append(_bind(tuple(binding.items()), choices, tiles.size))
    return Compiled(pattern, tuple(bindings))


_COMPILED: dict[tuple[int, int], tuple[Pattern, TileSet, Compiled]] = {}


def compiled(pattern: Pattern, tiles: TileSet) -> Compiled:
    """The (cached) compiled form of a pattern for a tile set."""
    hit = _COMPILED.get((id(pattern), id(tiles)))
    if hit is None or hit[0] is not pattern or hit[1] is not tiles:
        hit = _COMPILED[(id(pattern), id(tiles))] = (pattern, tiles, _compile(pattern, tiles))
    return hit[2]


# -- matching ----------------------------------------------------------------------


def _search(b: _Binding, rem: list[int], first: bool) -> list:
    """Every pick of units from ``b`` that uses exactly the counts ``rem`` (restored after).

    The fixed picks are made first. Then the lowest tile left must be the lowest tile
    of the next unit picked (every tile below it is used up), so the search only
    tries units listed under that tile. Picks sharing a lowest tile are taken in
    (choice, unit) order, so each multiset of picks is met once.
    """
    for _, unit in b.fixed:
        for t in unit:
            rem[t] -= 1
    out: list = []
    if min(rem) >= 0:
        left = [c.n if len(c.units) > 1 else 0 for c in b.choices]
        _cover(b, rem, left, list(b.fixed), out, first, 0, None)
    for _, unit in b.fixed:
        for t in unit:
            rem[t] += 1
    return out


def _cover(b: _Binding, rem: list[int], left: list[int], picked: list, out: list, first: bool, low: int, prev) -> None:
    while low < len(rem) and not rem[low]:
        low += 1
    if low == len(rem):
        if not any(left):
            out.append(tuple(picked))
        return
    for ci, ui, unit in b.by_low.get(low, ()):
        if not left[ci]:
            continue
        if prev is not None and prev[0] == low:
            if (ci, ui) < prev[1:] or ((ci, ui) == prev[1:] and b.choices[ci].distinct):
                continue
        for t in unit:
            rem[t] -= 1
        if min(rem[t] for t in unit) >= 0:
            left[ci] -= 1
            picked.append((b.choices[ci], unit))
            _cover(b, rem, left, picked, out, first, low, (low, ci, ui))
            picked.pop()
            left[ci] += 1
        for t in unit:
            rem[t] += 1
        if first and out:
            return


def _hand_for(spec: Compiled, lst: Sequence[int], exposed: Sequence[Meld], used: Sequence[int]) -> list[int] | None:
    """The counts a pattern is matched against, or None when declared melds rule it out."""
    if not exposed:
        return list(lst)
    if spec.pattern.concealed:
        return None
    return [a + b for a, b in zip(lst, used)]


def _matches(spec: Compiled, lst: Sequence[int], exposed: Sequence[Meld], used: Sequence[int], first: bool) -> list:
    counts = _hand_for(spec, lst, exposed, used)
    if counts is None:
        return []
    total = sum(counts)
    found = []
    for b in spec.bindings:
        if b.size != total or not b.admits(counts):
            continue
        found += [(b, p) for p in _search(b, counts, first)]
        if first and found:
            break
    return found


def completing_tiles(
    spec: Compiled, lst: list[int], exposed: Sequence[Meld], used: Sequence[int], copies: Sequence[int]
) -> Iterator[int]:
    """Yield, in index order, the tiles that would make counts ``lst`` match a compiled pattern.

    ``used``: the declared melds' counts; a tile of which ``copies`` are all in sight
    is skipped. Bindings the hand already rules out are dropped once, up front.
    """
    counts = _hand_for(spec, lst, exposed, used)
    if counts is None:
        return
    total = sum(counts) + 1
    live = [b for b in spec.bindings if b.size == total and b.admits(counts)]
    candidates = sorted({t for b in live for t, m in enumerate(b.cap) if m > counts[t]})
    for t in candidates:
        if lst[t] + used[t] >= copies[t]:
            continue
        counts[t] += 1
        hit = any(counts[t] <= b.cap[t] and _search(b, counts, True) for b in live)
        counts[t] -= 1
        if hit:
            yield t


def match_pattern(
    pattern: Pattern, concealed: np.ndarray, exposed: Sequence[Meld], tiles: TileSet, *, bonus: str = "ignore"
) -> bool:
    """Whether the hand (concealed tiles and declared melds) is the special hand ``pattern``."""
    lst = hand_counts(concealed, layout_of(tiles), bonus)
    exposed = tuple(exposed)
    return bool(_matches(compiled(pattern, tiles), lst, exposed, exposed_counts(exposed, tiles), first=True))


def pattern_splits(
    pattern: Pattern, concealed: np.ndarray | Sequence[int], exposed: Sequence[Meld], tiles: TileSet, *,
    bonus: str = "ignore",
) -> list[PatternMatch]:
    """Every distinct way the hand matches ``pattern``, with the tiles of each group."""
    lst = hand_counts(concealed, layout_of(tiles), bonus)
    exposed = tuple(exposed)
    out: list[PatternMatch] = []
    seen = set()
    for b, picks in _matches(compiled(pattern, tiles), lst, exposed, exposed_counts(exposed, tiles), first=False):
        groups = tuple(
            PatternGroup(c.part, c.name, unit) for c, unit in sorted(picks, key=lambda p: (p[0].part, p[1]))
        )
        if groups not in seen:  # suit bindings that differ only by naming give the same groups
            seen.add(groups)
            out.append(PatternMatch(pattern, b.suits, groups))
    return out
