"""Split a hand into sets and pairs: every way, fast.

A hand is a histogram over a :class:`~mjdsl.tiles.TileSet`. The tiles fall into
independent *groups*: one per suit (its tiles in rank order, where a chow is three
consecutive ranks) and one for the honours (pungs and pairs only). A group's counts
are split once, recursively, and the result is memoised on the count tuple; a hand's
splits are the products of its groups' splits with the right number of pairs (seed,
"Object of the Game": four sets and a pair). With the caches warm, splitting a hand
is a few tuple slices, dict lookups and tuple concatenations.

Nothing here knows a variant: the number of sets and pairs, whether chows count and
how many, come in as arguments. Kongs are never found in the concealed tiles: a kong
exists only once declared, so the caller passes declared kongs (concealed or not)
in ``exposed``; four alike in the concealed part split as a pung plus one tile in a
chow, or as two pairs where several pairs are asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Iterator, Sequence

import attrs

from ..diagnostics import InputError
from ..memo import Kept
from ..tiles import TileSet

if TYPE_CHECKING:  # numpy only in annotations: checking a ruleset never loads it
    import numpy as np

#: The kinds of meld, in the order a split lists melds that start on the same tile.
KINDS = ("chow", "pung", "kong", "pair")
SETS = frozenset(("chow", "pung", "kong"))
#: ``bonus=`` values: what to do with flowers and seasons found in a histogram.
BONUS_POLICIES = ("ignore", "reject")
_MANY = 1 << 30


@attrs.frozen
class Meld:
    """One set or pair of a hand.

    kind: ``chow``, ``pung``, ``kong`` or ``pair`` (:data:`KINDS`).
    tile: the tile index it is made of; for a chow, its lowest tile.
    concealed: True for a set made in the hand, or a kong declared concealed; False
        for a set shown on the table (a claimed discard, an exposed kong).
    """

    kind: str = attrs.field(validator=attrs.validators.in_(KINDS))
    tile: int
    concealed: bool = True

    @property
    def is_set(self) -> bool:
        return self.kind in SETS


@attrs.frozen
class Split:
    """One way to read a hand as melds; behaves as the tuple of its melds.

    melds: the caller's declared melds first, in the order given, then the melds of
        the concealed tiles in canonical order (suit by suit in the tile set's order,
        then honours; by tile; chow, pung, pair), so that equal splits are equal tuples.
    declared: how many leading melds came from ``exposed``.
    """

    melds: tuple[Meld, ...]
    declared: int = 0

    def __iter__(self) -> Iterator[Meld]:
        return iter(self.melds)

    def __len__(self) -> int:
        return len(self.melds)

    def __getitem__(self, i):
        return self.melds[i]

    @property
    def concealed_melds(self) -> tuple[Meld, ...]:
        """The melds split from the concealed tiles (not the declared ones)."""
        return self.melds[self.declared :]

    @property
    def sets(self) -> tuple[Meld, ...]:
        return tuple(m for m in self.melds if m.kind != "pair")

    @property
    def pairs(self) -> tuple[Meld, ...]:
        return tuple(m for m in self.melds if m.kind == "pair")


@attrs.frozen
class Group:
    """Tiles that can share a chow, or (for honours) tiles that never can.

    indices: the tile indices of the group, in rank order for a suit.
    chow_starts: for each position, whether a chow may start there (the next two
        positions hold the next two ranks of the same suit).
    span: ``(start, stop)`` when ``indices`` is a run of consecutive indices, so that a
        histogram slice reads the group; None otherwise.
    suit: the suit's name; None for the honours.
    """

    indices: tuple[int, ...]
    chow_starts: tuple[bool, ...]
    span: tuple[int, int] | None
    suit: str | None = None

    def counts(self, lst: Sequence[int]) -> tuple[int, ...]:
        if self.span is not None:
            return tuple(lst[self.span[0] : self.span[1]])
        return tuple(lst[i] for i in self.indices)


@attrs.frozen
class Layout:
    """What splitting needs to know about a tile set, worked out once per tile set.

    tiles: the tile set.
    groups: the suit groups in the tile set's suit order, then the honour group.
    bonus: indices of flowers and seasons (never part of a hand).
    strays: indices of other tiles that no meld can hold (jokers).
    copies: how many of each tile the set holds.
    chow_tiles: for each tile that can start a chow, the chow's three tile indices.
    """

    tiles: TileSet
    groups: tuple[Group, ...]
    bonus: tuple[int, ...]
    strays: tuple[int, ...]
    copies: tuple[int, ...]
    chow_tiles: dict = attrs.field(eq=False, repr=False)
    #: per (pairs, chows allowed): per group, counts -> tuple of (pairs, chows, melds)
    cache: dict = attrs.field(factory=dict, eq=False, repr=False)


def _group(indices: list[int], ranks: list[int] | None, suit: str | None = None) -> Group:
    n = len(indices)
    if ranks is None:
        starts = (False,) * n
    else:
        starts = tuple(
            i + 2 < n and ranks[i + 1] == ranks[i] + 1 and ranks[i + 2] == ranks[i] + 2 for i in range(n)
        )
    contiguous = n > 0 and indices == list(range(indices[0], indices[0] + n))
    span = (indices[0], indices[0] + n) if contiguous else None
    return Group(tuple(indices), starts, span, suit)


def _build_layout(tiles: TileSet) -> Layout:
    suit_names = [s.name for s in tiles.suits]
    for k in tiles.kinds:  # suits used by tiles but not declared: after the declared ones
        if k.cls == "suit" and k.suit not in suit_names:
            suit_names.append(k.suit)
    groups = []
    for name in suit_names:
        kinds = sorted((k for k in tiles.kinds if k.cls == "suit" and k.suit == name), key=lambda k: (k.rank, k.index))
        if kinds:
            groups.append(_group([k.index for k in kinds], [k.rank for k in kinds], name))
    honours = [k.index for k in tiles.kinds if k.is_honour]
    if honours:
        groups.append(_group(honours, None))
    chow_tiles = {}
    for g in groups:
        for i, start in enumerate(g.chow_starts):
            if start:
                chow_tiles[g.indices[i]] = g.indices[i : i + 3]
    held = {i for g in groups for i in g.indices}
    return Layout(
        tiles=tiles,
        groups=tuple(groups),
        bonus=tuple(k.index for k in tiles.kinds if k.is_bonus),
        strays=tuple(k.index for k in tiles.kinds if not k.is_bonus and k.index not in held),
        copies=tuple(k.copies for k in tiles.kinds),
        chow_tiles=chow_tiles,
    )


# Keyed on id(): hashing a TileSet (every kind, every field) would cost more than a
# split. The entry keeps the TileSet alive, so its id cannot be reused; and bounded,
# as every ruleset compiled makes a tile set (a language server compiles one at every
# edit): full, it starts again, and the tile sets in use are laid out anew.
_LAYOUTS: Kept = Kept(64)


def layout_of(tiles: TileSet) -> Layout:
    """The (cached) :class:`Layout` of a tile set."""
    lay = _LAYOUTS.get(id(tiles))
    if lay is None or lay.tiles is not tiles:
        lay = _LAYOUTS[id(tiles)] = _build_layout(tiles)
    return lay


def meld_tiles(meld: Meld, tiles: TileSet) -> tuple[int, ...]:
    """The tile indices a meld is made of (three for a chow or pung, four for a kong)."""
    if meld.kind == "chow":
        run = layout_of(tiles).chow_tiles.get(meld.tile)
        if run is None:
            raise InputError(f"no chow starts at {tiles.kinds[meld.tile].code}")
        return run
    return (meld.tile,) * {"pung": 3, "kong": 4, "pair": 2}[meld.kind]


def hand_counts(hist, lay: Layout, bonus: str = "ignore") -> list[int]:
    """A histogram as a list of counts, with bonus tiles dropped (or an InputError)."""
    if bonus not in BONUS_POLICIES:
        raise ValueError(f"bonus must be one of {BONUS_POLICIES}, not {bonus!r}")
    lst = hist.tolist() if hasattr(hist, "tolist") else list(hist)  # an ndarray, without importing numpy
    if len(lst) != len(lay.copies):
        raise InputError(f"a hand histogram has {len(lay.copies)} entries for this tile set, not {len(lst)}")
    for i in lay.bonus:
        if lst[i]:
            if bonus == "reject":
                code = lay.tiles.kinds[i].code
                raise InputError(f"{code} is a bonus tile: it is set aside, never part of a hand")
            lst[i] = 0
    return lst


def exposed_counts(exposed: Iterable[Meld], tiles: TileSet) -> list[int]:
    """How many of each tile the declared melds hold."""
    used = [0] * tiles.size
    for m in exposed:
        for i in meld_tiles(m, tiles):
            used[i] += 1
    return used


# -- one group -------------------------------------------------------------------

_MELDS: dict[tuple[str, int], Meld] = {}


def _meld(kind: str, tile: int) -> Meld:
    m = _MELDS.get((kind, tile))
    if m is None:
        m = _MELDS[(kind, tile)] = Meld(kind, tile, True)
    return m


def _walk(counts: list[int], starts, i: int, pairs: int, chows: bool, out: list, acc: list) -> None:
    """Append to ``out`` every split of ``counts[i:]``, as (kind, position) lists.

    The lowest position still holding tiles can only be covered by melds that start
    there, so choosing how many chows, pungs and pairs start at it (in that order)
    reaches each multiset of melds exactly once.
    """
    n = len(counts)
    while i < n and counts[i] == 0:
        i += 1
    if i == n:
        out.append(tuple(acc))
        return
    c = counts[i]
    can_chow = chows and starts[i]
    for kp in range(c // 3, -1, -1):
        for kd in range(min((c - 3 * kp) // 2, pairs), -1, -1):
            kc = c - 3 * kp - 2 * kd
            if kc and not (can_chow and counts[i + 1] >= kc and counts[i + 2] >= kc):
                continue
            counts[i] = 0
            if kc:
                counts[i + 1] -= kc
                counts[i + 2] -= kc
            mark = len(acc)
            acc.extend([("chow", i)] * kc + [("pung", i)] * kp + [("pair", i)] * kd)
            _walk(counts, starts, i + 1, pairs - kd, chows, out, acc)
            del acc[mark:]
            counts[i] = c
            if kc:
                counts[i + 1] += kc
                counts[i + 2] += kc


def split_group(group: Group, counts: tuple[int, ...], pairs: int, chows: bool):
    """Every split of one group's counts into sets and at most ``pairs`` pairs.

    Returns a tuple of ``(pairs used, chows used, melds)``, melds as :class:`Meld`
    values with the group's tile indices, in canonical order.
    """
    if min(counts) < 0:
        return ()
    found: list = []
    _walk(list(counts), group.chow_starts, 0, pairs, chows, found, [])
    out = []
    for split in found:
        melds = tuple(_meld(kind, group.indices[pos]) for kind, pos in split)
        out.append((sum(k == "pair" for k, _ in split), sum(k == "chow" for k, _ in split), melds))
    return tuple(out)


# -- a whole hand ------------------------------------------------------------------


def still_needed(exposed: Sequence[Meld], sets: int, pairs: int, max_chows: int | None):
    """What the concealed tiles must still make: (sets, pairs, chows allowed)."""
    n_sets = n_pairs = n_chows = 0
    for m in exposed:
        if m.kind == "pair":
            n_pairs += 1
        else:
            n_sets += 1
            n_chows += m.kind == "chow"
    cap = _MANY if max_chows is None else max_chows - n_chows
    return sets - n_sets, pairs - n_pairs, cap


def splittable(lay: Layout, lst: Sequence[int], sets: int, pairs: int, chow_cap: int) -> bool:
    """The checks before any split: needs not negative, the tile count right, no stray."""
    if sets < 0 or pairs < 0 or chow_cap < 0 or sum(lst) != 3 * sets + 2 * pairs:
        return False
    return not any(lst[i] for i in lay.strays)


def combine_groups(group_options: Iterable, pairs: int, chow_cap: int) -> list[tuple[Meld, ...]]:
    """The splits of a hand from its groups' splits: every choice of one split per
    group whose pairs and chows stay within ``pairs`` and ``chow_cap``, ending with
    exactly ``pairs`` pairs (the tile count then fixes the sets).

    ``group_options`` yields, for each group holding tiles, its options as
    ``(pairs used, chows used, melds)``; it is consumed lazily and not past a group
    that cannot split.
    """
    # partial products: (melds so far, pairs so far, chows so far)
    partial: list = [((), 0, 0)]
    for options in group_options:
        if not options:
            return []
        if len(options) == 1 and len(partial) == 1:
            (melds, p, c), (dp, dc, more) = partial[0], options[0]
            if p + dp > pairs or c + dc > chow_cap:
                return []
            partial = [(melds + more, p + dp, c + dc)]
            continue
        partial = [
            (melds + more, p + dp, c + dc)
            for melds, p, c in partial
            for dp, dc, more in options
            if p + dp <= pairs and c + dc <= chow_cap
        ]
        if not partial:
            return []
    return [melds for melds, p, _ in partial if p == pairs]


def concealed_splits(
    lay: Layout, lst: Sequence[int], sets: int, pairs: int, chow_cap: int, allow_chows: bool, first: bool = False
) -> list[tuple[Meld, ...]]:
    """The splits of a count list (bonus tiles already dropped) as meld tuples.

    ``sets``/``pairs``/``chow_cap`` are what the concealed tiles alone must make.
    With ``first``, stop at the first split found (a yes/no question).
    """
    if not splittable(lay, lst, sets, pairs, chow_cap):
        return []
    chows = allow_chows and chow_cap > 0
    per_group = lay.cache.get((pairs, chows))
    if per_group is None:
        per_group = lay.cache[(pairs, chows)] = [Kept() for _ in lay.groups]

    def group_options():
        for group, cache in zip(lay.groups, per_group):
            key = group.counts(lst)
            if not any(key):
                continue
            options = cache.get(key)
            if options is None:
                options = cache[key] = split_group(group, key, pairs, chows)
            yield options

    out = combine_groups(group_options(), pairs, chow_cap)
    return out[:1] if first else out


def split_hand(
    concealed: np.ndarray,
    tiles: TileSet,
    exposed: Sequence[Meld] = (),
    *,
    sets: int = 4,
    pairs: int = 1,
    allow_chows: bool = True,
    max_chows: int | None = None,
    bonus: str = "ignore",
) -> list[Split]:
    """Every way the concealed tiles, with the declared melds, make ``sets`` sets and ``pairs`` pairs.

    concealed: a histogram over ``tiles`` of the tiles in hand (not the declared melds).
    exposed: melds already declared (claimed sets, kongs whether concealed or not).
    allow_chows / max_chows: whether chows count, and at most how many (declared
        chows included), for tables that limit them.
    bonus: ``ignore`` drops flowers and seasons from the histogram; ``reject``
        raises InputError when there are any.

    Each distinct split appears once, in a deterministic order.
    """
    lay = layout_of(tiles)
    lst = hand_counts(concealed, lay, bonus)
    need_sets, need_pairs, cap = still_needed(exposed, sets, pairs, max_chows)
    exposed = tuple(exposed)
    return [
        Split(exposed + melds, len(exposed))
        for melds in concealed_splits(lay, lst, need_sets, need_pairs, cap, allow_chows)
    ]


def is_complete(
    concealed: np.ndarray | Sequence[int],
    tiles: TileSet,
    exposed: Sequence[Meld] = (),
    *,
    sets: int = 4,
    pairs: int = 1,
    allow_chows: bool = True,
    max_chows: int | None = None,
    bonus: str = "ignore",
) -> bool:
    """Whether the hand splits at all: :func:`split_hand` without building the splits."""
    lay = layout_of(tiles)
    lst = hand_counts(concealed, lay, bonus)
    need_sets, need_pairs, cap = still_needed(exposed, sets, pairs, max_chows)
    return bool(concealed_splits(lay, lst, need_sets, need_pairs, cap, allow_chows, first=True))
