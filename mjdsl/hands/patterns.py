"""Special hands as data: patterns that are not four sets and a pair.

A ruleset describes each special hand as a :class:`Pattern`: a list of parts, each
part a choice of *units* (tile groups) from tiles named by class, never by code:

- :class:`EachOf` one (or ``count``) of every tile of a class;
- :class:`OneOf` ``count`` of any single tile of a class;
- :class:`SuitCounts` fixed counts on the ranks of one suit;
- :class:`PairsOf` ``n`` pairs from a class;
- :class:`Knitted` ``n`` groups of the same rank, one tile from each of some suits;
- :class:`Singles` ``n`` different tiles of a class, one of each.

A class may tie rank groups to suits (``TileClass.knit``): Chinese Official's
knitted tiles are ranks 1 4 7 of one suit, 2 5 8 of another and 3 6 9 of the third,
``TileClass((), knit=(("a", (1, 4, 7)), ("b", (2, 5, 8)), ("c", (3, 6, 9))))``.
A pattern may also ask for sets and pairs beside its parts (``Pattern.sets``,
``Pattern.pairs``): the parts take their tiles from the concealed hand and the rest,
with the declared melds, must split into those sets and pairs (a knitted straight
and a set and a pair).

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

from ..memo import Kept
from ..tiles import TileSet
from .decompose import Layout, Meld, concealed_splits, exposed_counts, hand_counts, layout_of, still_needed
from .search import Pick, Reject, Tables, completing as _completing, could_be_made as _could_be_made
from .search import matches as _native_matches

if TYPE_CHECKING:  # numpy only in annotations: checking a ruleset never loads it
    import numpy as np

def _repr_leaving_out(obj, fields: tuple[str, ...]) -> str:
    """The attrs repr of ``obj`` without ``fields`` that hold their default: fields
    added later (knitted ranks, sets beside parts) leave the repr of a pattern that
    uses none of them as it was, and so the IR and the hash of the ruleset (game logs
    name it) do not change for rulesets that never use them."""
    shown = []
    for a in attrs.fields(type(obj)):
        value = getattr(obj, a.name)
        if a.name in fields and value == a.default:
            continue
        shown.append(f"{a.name}={value!r}")
    return f"{type(obj).__name__}({', '.join(shown)})"


#: Class names a :class:`TileClass` may use, each computed from the tile set.
CLASS_NAMES = ("terminal", "simple", "honour", "wind", "dragon", "suited")


@attrs.frozen(repr=False)
class TileClass:
    """Tiles named by what they are.

    kinds: class names from :data:`CLASS_NAMES`; a tile is in the class if it is any
        of them. ``terminal``: a suit tile of its suit's lowest or highest rank;
        ``simple``: any other suit tile; ``honour``: a wind or dragon.
    suit: a suit variable; the class's suit tiles must be of the suit bound to it
        (its honours are unaffected), so ``TileClass(("suited", "wind"), suit="a")``
        is suit a and the winds.
    ranks: when given, the class's suit tiles must have one of these ranks.
    knit: rank groups tied to suit variables, as ``(variable, ranks)`` pairs: a suit
        tile of the suit bound to a variable, with one of its ranks, is in the class
        too (the variables are bound to different suits, once for the whole pattern).
    """

    kinds: tuple[str, ...] = attrs.field(validator=attrs.validators.deep_iterable(attrs.validators.in_(CLASS_NAMES)))
    suit: str | None = None
    ranks: tuple[int, ...] | None = None
    knit: tuple[tuple[str, tuple[int, ...]], ...] = ()

    def __repr__(self) -> str:
        return _repr_leaving_out(self, ("knit",))


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


@attrs.frozen
class Singles:
    """``n`` different tiles of a class, one of each (no two alike)."""

    n: int
    tiles: TileClass
    name: str = ""


Part = EachOf | OneOf | SuitCounts | PairsOf | Knitted | Singles


@attrs.frozen(repr=False)
class Pattern:
    """A special hand.

    name: the name the ruleset gives it (shown in explanations, never looked at here).
    parts: what the hand is made of; together they must use every tile.
    concealed: no declared melds allowed. When False, the tiles of declared melds
        join the hand's tiles before matching (unless the pattern has sets).
    sets, pairs, max_chows: sets and pairs the hand makes beside the parts (a mixed
        pattern): the parts are taken from the concealed tiles, and the rest with
        the declared melds splits into ``sets`` sets and ``pairs`` pairs, at most
        ``max_chows`` of them chows (None: any number).
    """

    name: str
    parts: tuple[Part, ...]
    concealed: bool = True
    sets: int = 0
    pairs: int = 0
    max_chows: int | None = None

    def __repr__(self) -> str:
        return _repr_leaving_out(self, ("sets", "pairs", "max_chows"))

    @property
    def mixed(self) -> bool:
        """Whether the pattern holds sets or pairs beside its parts."""
        return bool(self.sets or self.pairs)


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
    melds: for a mixed pattern, the sets and pairs the rest of the concealed tiles
        split into (the declared melds not included); () otherwise.
    """

    pattern: Pattern
    suits: tuple[tuple[str, str], ...]
    groups: tuple[PatternGroup, ...]
    melds: tuple[Meld, ...] = ()


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
    size: how many tiles a hand matching it holds.
    cap: for each tile, at most how many of it a matching hand can hold; a hand
        holding more is ruled out without a search (and stays ruled out as tiles are added).
    need: the fixed picks' tiles as ``(tile, count)``: a matching hand holds at least these.
    mask, need_mask: the tiles the parts can hold, and those ``need`` names, as bit masks
        (:func:`could_be_made`: a hand ruled out by one integer operation or two).
    tables: what :mod:`.search` reads of it, made once (:class:`.search.Tables`: the
        fixed picks, the other choices' units listed under their lowest tile, choices
        by number).
    """

    suits: tuple[tuple[str, str], ...]
    choices: tuple[_Choice, ...]
    fixed: tuple[tuple[_Choice, tuple[int, ...]], ...]
    tables: Tables = attrs.field(eq=False, repr=False)
    size: int = 0
    cap: tuple[int, ...] = ()
    need: tuple[tuple[int, int], ...] = ()
    mask: int = 0
    need_mask: int = 0


@attrs.frozen
class Compiled:
    """A pattern resolved against a tile set: one entry per workable suit binding.

    reject: :func:`could_be_made`'s masks; unlike: :func:`_unlike`'s bindings;
    tables, unlike_tables: the search tables of ``bindings`` and of ``unlike``, in order.
    """

    pattern: Pattern
    bindings: tuple[_Binding, ...]
    tiles: TileSet = attrs.field(eq=False, repr=False)
    reject: Reject = attrs.field(eq=False, repr=False)
    unlike: tuple[_Binding, ...] = attrs.field(eq=False, repr=False)
    tables: list[Tables] = attrs.field(eq=False, repr=False)
    unlike_tables: list[Tables] = attrs.field(eq=False, repr=False)


def _suit_vars(pattern: Pattern) -> list[str]:
    seen: list[str] = []
    for part in pattern.parts:
        names: list[str] = []
        if isinstance(part, (EachOf, OneOf, PairsOf, Singles)):
            names = ([part.tiles.suit] if part.tiles.suit else []) + [v for v, _ in part.tiles.knit]
        elif isinstance(part, SuitCounts):
            names = [part.suit]
        elif isinstance(part, Knitted):
            names = list(part.suits)
        seen += [v for v in names if v not in seen]
    return seen


def _rank(tiles: TileSet, i: int) -> int:
    """The rank of suit tile ``i`` (a suit tile has one)."""
    rank = tiles.kinds[i].rank
    assert rank is not None, tiles.kinds[i].code
    return rank


def _rank_bounds(tiles: TileSet, lay: Layout) -> dict[str, tuple[int, int]]:
    """Each suit's lowest and highest rank: the declared ranks, else those of its tiles."""
    out = {}
    for g in lay.groups:
        if g.suit is not None:
            declared = [s.ranks for s in tiles.suits if s.name == g.suit and s.ranks]
            ranks = declared[0] if declared else tuple(_rank(tiles, i) for i in g.indices)
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
            if any(binding[v] == g.suit and k.rank in ranks for v, ranks in cls.knit):
                out.append(i)
                continue
            if not cls.kinds:
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
    elif isinstance(part, Singles):
        units = tuple((i,) for i in _members(part.tiles, lay, bounds, binding))
        if len(units) < part.n:
            return None  # fewer different tiles than the part asks for
        return _Choice(k, part.name, units, part.n, True)
    elif isinstance(part, SuitCounts):
        idx = suit_tiles[binding[part.suit]]
        if len(idx) != len(part.counts):
            return None  # a suit with another number of ranks
        unit = tuple(i for i, c in zip(idx, part.counts) for _ in range(c))
        return _Choice(k, part.name, (unit,), 1, False)
    else:  # Knitted: the ranks present in every suit of the group
        by_rank = [{_rank(lay.tiles, i): i for i in suit_tiles[binding[v]]} for v in part.suits]
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
    need: dict[int, int] = {}
    for _, unit in fixed:
        for t in unit:
            need[t] = need.get(t, 0) + 1
    number = {id(c): ci for ci, c in enumerate(choices)}
    total = sum(c.n * len(c.units[0]) for c in choices if c.n)
    tables = Tables(
        [(number[id(c)], unit) for c, unit in fixed],
        [list(by_low.get(t, ())) for t in range(size)],
        [c.n if len(c.units) > 1 else 0 for c in choices],
        [c.distinct for c in choices],
        total,
        cap,
    )
    return _Binding(
        suits,
        tuple(choices),
        fixed,
        tables,
        total,
        tuple(cap),
        tuple(sorted(need.items())),
        sum(1 << t for t, m in enumerate(cap) if m),
        sum(1 << t for t in need),
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
        workable = [c for c in choices if c is not None]
        if len(workable) == len(choices):  # every part can be filled in this tile set
            bindings.append(_bind(tuple(binding.items()), workable, tiles.size))
    unlike = _unlike_of(bindings)
    return Compiled(pattern, tuple(bindings), tiles, _reject(pattern, bindings), unlike,
                    [b.tables for b in bindings], [b.tables for b in unlike])


#: by (id(pattern), id(tiles)), each entry holding both (so neither id is reused while
#: it stands); bounded, as every ruleset compiled, and every check of a knitted part
#: (check/knitted.py), brings new patterns: full, it starts again
_COMPILED: Kept = Kept(1024)


def compiled(pattern: Pattern, tiles: TileSet) -> Compiled:
    """The (cached) compiled form of a pattern for a tile set."""
    hit = _COMPILED.get((id(pattern), id(tiles)))
    if hit is None or hit[0] is not pattern or hit[1] is not tiles:
        hit = _COMPILED[(id(pattern), id(tiles))] = (pattern, tiles, _compile(pattern, tiles))
    return hit[2]


def could_be_made(spec: Compiled, present: int, missing: int = 0) -> bool:
    """Whether a hand holding the tiles of bit mask ``present`` can match some binding
    of ``spec``: it holds every tile the binding's fixed parts name, but ``missing`` of
    them (``missing=1``: one more tile may bring the last), and (a pattern of parts
    only) no tile its parts cannot hold (:func:`.search.could_be_made`, on
    ``spec.reject``: the engine asks that directly)."""
    return _could_be_made(spec.reject, present, missing)


def _reject(pattern: Pattern, bindings: list[_Binding]) -> Reject:
    """:func:`could_be_made`'s masks: the tiles some binding holds, the tiles every
    binding needs, and per binding (mask, need mask)."""
    held = common = 0
    for i, b in enumerate(bindings):
        held |= b.mask
        common = b.need_mask if i == 0 else common & b.need_mask
    return Reject(pattern.mixed, held, common, [(b.mask, b.need_mask) for b in bindings])


# -- matching ----------------------------------------------------------------------


def _picks(b: _Binding, picks: tuple[Pick, ...]) -> tuple:
    """A search's picks with each choice's number made its choice again."""
    return tuple((b.choices[ci], unit) for ci, unit in picks)


def _hand_for(spec: Compiled, lst: Sequence[int], exposed: Sequence[Meld], used: Sequence[int]) -> list[int] | None:
    """The counts a pattern is matched against, or None when declared melds rule it out."""
    if not exposed or spec.pattern.mixed and not spec.pattern.concealed:
        return list(lst)  # a mixed pattern's declared melds are among its sets
    if spec.pattern.concealed:
        return None
    return [a + b for a, b in zip(lst, used)]


def _within(b: _Binding, rem: list[int], first: bool) -> list:
    """Every pick of units from ``b`` that ``rem`` holds, leaving the rest (a mixed
    pattern: the rest makes the sets). ``rem`` is restored after.

    The picks of each choice are taken in unit order (each unit once if ``distinct``),
    so each multiset of picks is met once; a unit the counts left cannot hold is
    never tried, so the search stays among the tiles the hand holds."""
    taken = 0
    ok = True
    for _, unit in b.fixed:
        for t in unit:
            rem[t] -= 1
        taken += 1
        if min(rem[t] for t in unit) < 0:
            ok = False
            break
    out: list = []
    open_choices = [c for c in b.choices if len(c.units) > 1 and c.n]

    def go(k: int, left: int, start: int, picked: list) -> None:
        if first and out:
            return
        if k == len(open_choices):
            out.append(tuple(picked))
            return
        c = open_choices[k]
        if not left:
            go(k + 1, open_choices[k + 1].n if k + 1 < len(open_choices) else 0, 0, picked)
            return
        for ui in range(start, len(c.units)):
            unit = c.units[ui]
            for t in unit:
                rem[t] -= 1
            if min(rem[t] for t in unit) >= 0:
                picked.append((c, tuple(sorted(unit))))
                go(k, left - 1, ui + 1 if c.distinct else ui, picked)
                picked.pop()
            for t in unit:
                rem[t] += 1
            if first and out:
                break

    if ok:
        go(0, open_choices[0].n if open_choices else 0, 0, list(b.fixed))
    for _, unit in b.fixed[:taken]:
        for t in unit:
            rem[t] += 1
    return out


def _mixed(spec: Compiled, counts: list[int], exposed: Sequence[Meld], first: bool) -> list:
    """The matches of a mixed pattern: (binding, picks, the rest's melds) for every pick
    of the parts from the concealed ``counts`` whose rest splits into the sets and pairs
    the pattern still needs beside the declared melds."""
    p = spec.pattern
    need_sets, need_pairs, cap = still_needed(exposed, p.sets, p.pairs, p.max_chows)
    if need_sets < 0 or need_pairs < 0 or cap < 0:
        return []
    total = sum(counts)
    lay = layout_of(spec.tiles)
    found = []
    for b in spec.bindings:
        if b.size + 3 * need_sets + 2 * need_pairs != total or any(counts[t] < n for t, n in b.need):
            continue
        for picks in _within(b, counts, False):
            rest = list(counts)
            for _, unit in picks:
                for t in unit:
                    rest[t] -= 1
            for melds in concealed_splits(lay, rest, need_sets, need_pairs, cap, True, first):
                found.append((b, picks, melds))
                if first:
                    return found
    return found


def _matches(spec: Compiled, lst: Sequence[int], exposed: Sequence[Meld], used: Sequence[int], first: bool) -> list:
    counts = _hand_for(spec, lst, exposed, used)
    if counts is None:
        return []
    if spec.pattern.mixed:
        return _mixed(spec, counts, exposed, first)
    return [(spec.bindings[i], _picks(spec.bindings[i], picks), ())
            for i, picks in _native_matches(spec.tables, counts, first)]


def completing_tiles(
    spec: Compiled, lst: list[int], exposed: Sequence[Meld], used: Sequence[int], copies: Sequence[int]
) -> Iterator[int]:
    """Yield, in index order, the tiles that would make counts ``lst`` match a compiled pattern.

    ``used``: the declared melds' counts; a tile of which ``copies`` are all in sight
    is skipped. One search of each binding finds every such tile
    (:func:`.search.completing`); one binding of each kind is asked (:func:`_unlike`).
    """
    counts = _hand_for(spec, lst, exposed, used)
    if counts is None:
        return
    if spec.pattern.mixed:
        yield from _mixed_completing(spec, counts, exposed, used, copies)
        return
    allowed = [bool(lst[t] + used[t] < copies[t]) for t in range(len(counts))]
    yield from _completing(spec.unlike_tables, counts, allowed)


def _unlike(spec: Compiled) -> tuple[_Binding, ...]:
    """The bindings of ``spec`` less those whose choices repeat an earlier binding's: suit
    bindings that differ only by naming (a knitted part's suits taken in another order)
    search the same units, so a question of which tiles complete a hand asks one."""
    return spec.unlike


def _unlike_of(bindings: list[_Binding]) -> tuple[_Binding, ...]:
    """:func:`_unlike`'s bindings, made with the compiled pattern."""
    first: dict = {}
    for b in bindings:
        first.setdefault(b.choices, b)
    return tuple(first.values())


def _mixed_completing(spec: Compiled, counts: list[int], exposed: Sequence[Meld], used: Sequence[int],
                      copies: Sequence[int]) -> Iterator[int]:
    """:func:`completing_tiles` of a mixed pattern. A binding whose fixed parts miss two
    tiles or more of the hand is out; one that misses one tile can only be completed
    by that tile; the others are asked of every tile a set could hold."""
    lay = layout_of(spec.tiles)
    candidates: set[int] = set()
    anything = False
    for b in spec.bindings:
        missing = [t for t, n in b.need for _ in range(n - counts[t]) if n > counts[t]]
        if not missing:
            anything = True
        elif len(missing) == 1:
            candidates.add(missing[0])
    if anything:
        candidates = {i for g in lay.groups for i in g.indices}
    for t in sorted(candidates):
        if counts[t] + used[t] >= copies[t]:
            continue
        counts[t] += 1
        hit = bool(_mixed(spec, counts, exposed, True))
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
    for b, picks, melds in _matches(compiled(pattern, tiles), lst, exposed, exposed_counts(exposed, tiles),
                                    first=False):
        groups = tuple(
            PatternGroup(c.part, c.name, unit) for c, unit in sorted(picks, key=lambda p: (p[0].part, p[1]))
        )
        if (groups, melds) not in seen:  # suit bindings that differ only by naming give the same groups
            seen.add((groups, melds))
            out.append(PatternMatch(pattern, b.suits, groups, melds))
    return out
