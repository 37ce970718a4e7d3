"""Which tiles a hand is waiting on ("calling"): for hints, the Standing Hand and the
``waits`` and ``calling_for`` facts of scoring.

A hand is calling when one more tile completes it (seed: a Standing Hand "need[s]
only one more tile to complete their Mah Jongg Hand"), in any winning shape of the
ruleset. :func:`calling` answers for the shapes of an automaton; a tile of which
every copy is already in the hand or on its declared sets cannot come, so it is
not a wait.

Sets and pairs (``pattern standard``) are answered group by group (each suit, the
honours): a tile joins one group, so every other group must already split, and the
tiles that complete a group are remembered per suit shape (:mod:`.splits`), so the
same shape is worked out once per process. Special hands are first ruled out by
their size and the tiles each suit binding can hold (a few integer operations,
:func:`.tables.could_be`), and searched only when the hand could still be one
(:func:`mjdsl.hands.patterns.completing_tiles`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence

from ..hands import Meld
from ..hands.decompose import still_needed
from ..hands.patterns import Knitted, compiled, completing_tiles
from ..memo import Kept
from .splits import _ZERO, shape_completions, shape_summary
from .tables import Tables, could_be, tables_for

if TYPE_CHECKING:
    from ..hands.patterns import Pattern
    from ..ir.model import Automaton

_MANY = 1 << 30


def calling(auto: Automaton, concealed: Sequence[int], melds: Sequence[Meld] = ()) -> tuple[int, ...]:
    """The tiles (indices, in order) that would complete this hand in one of the
    automaton's winning shapes: empty when the hand is not calling.

    concealed: counts by tile index of the tiles in hand (bonus tiles are ignored);
    melds: the declared sets (claimed sets and kongs). For a ruleset played from a
    card of hands, the card library answers (this returns ``()``).
    """
    t = tables_for(auto)
    lst = [int(c) for c in concealed]
    for i in t.lay.bonus:
        lst[i] = 0
    return waits_of(t, lst, tuple(melds))


def waits_of(t: Tables, lst: list[int], melds: tuple[Meld, ...], held: int | None = None,
             tiles: Iterable[int] | None = None) -> tuple[int, ...]:
    """:func:`calling` on a count list (bonus tiles already dropped). When the caller
    has them: ``held``, how many tiles ``lst`` holds; ``tiles``, an iterable of the
    tiles it holds (read only if a special hand has to be looked at)."""
    if t.card:
        return ()
    if held is None:
        held = sum(lst)
    out: set[int] = set()
    for p in t.standard:
        out.update(_standard_waits(t, lst, melds, p, held))
    # a concealed special hand cannot have declared sets
    specials = t.open_specials if melds else t.specials
    if specials:
        out.update(_special_waits(t, specials, lst, melds, held, tiles))
    for p in t.mixed:
        if not (melds and p.concealed):
            out.update(completing_tiles(compiled(p.special, t.tiles), lst, melds, _used(t, melds), t.lay.copies))
    return tuple(sorted(out))


def _used(t: Tables, melds: tuple[Meld, ...]) -> list[int]:
    """The declared sets' tiles as counts by tile index."""
    used = [0] * t.size
    for m in melds:
        for i in t.meld_tiles(m.kind, m.tile):
            used[i] += 1
    return used


def _in_sight(t: Tables, melds: tuple[Meld, ...], tile: int) -> int:
    """How many of ``tile`` the declared sets hold."""
    n = 0
    for m in melds:
        if m.kind == "chow":
            n += tile in t.lay.chow_tiles[m.tile]
        elif m.tile == tile:
            n += len(t.meld_tiles(m.kind, tile))
    return n


def _special_waits(t: Tables, specials, lst: list[int], melds: tuple[Meld, ...], held: int, tiles) -> set[int]:
    """The tiles that make the hand one of ``specials`` (pattern, tile mask, sizes).

    A special is searched only when the hand can still become it: its size is one
    more than the hand's, no tile lies outside the tiles it can hold, and (a knitted
    hand) few enough tiles are left out of its groups."""
    used = _used(t, melds) if melds else t.zeros
    total = held + sum(used) if melds else held
    specials = [sp for sp in specials if total + 1 in sp[2]]
    if not specials:
        return set()
    present = 0
    for i in (tiles if tiles is not None else (i for i, c in enumerate(lst) if c)):
        present |= 1 << i
    if melds:
        for i, c in enumerate(used):
            if c:
                present |= 1 << i
    out: set[int] = set()
    for p, _, _, fits in specials:
        if not could_be(fits, present, total + 1):
            continue
        if not melds and not knitting_could_complete(t, p.special, lst):
            continue
        out.update(completing_tiles(compiled(p.special, t.tiles), lst, melds, used, t.lay.copies))
    return out


# -- sets and pairs, group by group ----------------------------------------------



def _summary(t: Tables, gi: int, key: tuple[int, ...], pairs: int, chows: bool) -> frozenset:
    """How a group's counts can split: the (pairs, chows) each way uses."""
    return shape_summary(t, gi, key, pairs, chows)


def _group_waits(t: Tables, gi: int, key: tuple[int, ...], pairs: int, chows: bool):
    """Each position of a group where one more tile makes the group split, with how
    (:func:`mjdsl.scoring.splits.shape_completions`, remembered per group shape)."""
    k = (t.group_kind[gi], key, pairs, chows)
    hit = t.group_waits.get(k)
    if hit is None:
        hit = t.group_waits[k] = shape_completions(t, gi, key, pairs, chows)
    return hit


_COMBINED: dict = {}


def _combine(a: frozenset, b: frozenset, pairs: int, cap: int) -> frozenset:
    """The (pairs, chows) two groups use together, within the limits (remembered)."""
    k = (a, b, pairs, cap)
    v = _COMBINED.get(k)
    if v is None:
        v = _COMBINED[k] = frozenset((p1 + p2, c1 + c2) for p1, c1 in a for p2, c2 in b
                                     if p1 + p2 <= pairs and c1 + c2 <= cap)
    return v


_ROOM: dict = {}


def _room(rest: frozenset, pairs: int, cap: int, most: int) -> tuple[int, ...]:
    """What the other groups (splitting as ``rest``) leave the receiving group: per
    number of pairs p they use, how many chows the receiver may still have (the cap
    less their fewest chows with p pairs, at most ``most``), -1 when they cannot use p.
    Two rests with the same room accept the same receivers (remembered)."""
    k = (rest, pairs, cap, most)
    room = _ROOM.get(k)
    if room is None:
        fewest = [None] * (pairs + 1)
        for p2, c2 in rest:
            if p2 <= pairs and (fewest[p2] is None or c2 < fewest[p2]):
                fewest[p2] = c2
        room = _ROOM[k] = tuple(-1 if f is None or f > cap else min(cap - f, most) for f in fewest)
    return room


def _receiver_waits(t: Tables, gi: int, key: tuple[int, ...], pairs: int, chows: bool,
                    room: tuple[int, ...]) -> tuple[int, ...]:
    """The positions in group ``gi`` (counts ``key``) of the tiles that complete the hand
    when the other groups leave it ``room`` (:func:`_room`) (remembered; copies are
    checked after)."""
    k = (t.group_kind[gi], key, pairs, chows, room)
    hit = t.receiver_waits.get(k)
    if hit is None:
        hit = t.receiver_waits[k] = tuple(
            pos for pos, s in _group_waits(t, gi, key, pairs, chows)
            if any(p1 <= pairs and c1 <= room[pairs - p1] for p1, c1 in s)
        )
    return hit


def _summary_memos(t: Tables, pairs: int, chows: bool) -> list[dict]:
    """Per group, the remembered summaries of its shapes (the dicts of
    :func:`mjdsl.scoring.splits.shape_summary`), looked up once per (pairs, chows)."""
    k = ("summary memos", pairs, chows)
    memos = t.split_cache.get(k)
    if memos is None:
        memos = []
        for kind in t.group_kind:
            memo = t.split_cache.get(("summary", kind, pairs, chows))
            if memo is None:
                memo = t.split_cache[("summary", kind, pairs, chows)] = Kept()
            memos.append(memo)
        t.split_cache[k] = memos
    return memos


def _standard_waits(t: Tables, lst: list[int], melds: tuple[Meld, ...], p, total: int | None = None) -> list[int]:
    """The tiles that make ``lst`` (with the declared ``melds``) sets and pairs of the
    standard pattern ``p``; ``total``: ``sum(lst)``."""
    need_sets, need_pairs, cap = still_needed(melds, p.sets, p.pairs, p.max_chows)
    if need_sets < 0 or need_pairs < 0 or cap < 0:
        return []
    if (total if total is not None else sum(lst)) + 1 != 3 * need_sets + 2 * need_pairs:
        return []
    lay = t.lay
    for i in lay.strays:
        if lst[i]:
            return []
    chows = cap > 0
    groups = lay.groups
    memos = _summary_memos(t, need_pairs, chows)
    keys = []
    summaries = []
    broken = -1
    gi = 0
    for a, b in t.group_spans:
        key = tuple(lst[a:b]) if a >= 0 else groups[gi].counts(lst)
        keys.append(key)
        if not any(key):
            summaries.append(_ZERO)
        else:
            sm = memos[gi].get(key)
            if sm is None:
                sm = _summary(t, gi, key, need_pairs, chows)
            summaries.append(sm)
            if not sm:
                if broken >= 0:
                    return []  # one tile mends one group at most
                broken = gi
        gi += 1
    if broken >= 0:
        receivers: Sequence[int] = (broken,)
    elif need_pairs <= 1:
        # a group whose count is a multiple of 3 cannot take one more tile and split
        receivers = [gi for gi, key in enumerate(keys) if sum(key) % 3]
    else:
        receivers = range(len(groups))
    copies = lay.copies
    # no split of the hand has more chows than this
    most = (3 * need_sets + 2 * need_pairs) // 3
    out = []
    for gi in receivers:
        rest = _ZERO
        for gj, s in enumerate(summaries):
            if gj != gi and s is not _ZERO:
                rest = _combine(rest, s, need_pairs, cap)
                if not rest:
                    break
        if not rest:
            continue
        indices = groups[gi].indices
        for pos in _receiver_waits(t, gi, keys[gi], need_pairs, chows, _room(rest, need_pairs, cap, most)):
            tile = indices[pos]
            if lst[tile] + (_in_sight(t, melds, tile) if melds else 0) < copies[tile]:
                out.append(tile)
    return out


# -- knitted hands: a cheap necessary condition ------------------------------------

#: (parts' widths, rank vector) -> the fewest tiles of that rank no knitted group can hold
_LEFTOVER: dict = {}


def knitting_could_complete(t: Tables, pattern: Pattern, lst: list[int], slack: int = 2) -> bool:
    """False when no tile can make ``lst`` a hand of a knitted-only pattern (with
    ``slack=0``: when ``lst`` is not one).

    A knitted group holds one tile of a rank in each of its suits. Rank by rank,
    count the tiles no group can hold; one missing tile leaves at most the rest of
    its group (two tiles) uncovered, so more than two such tiles rule the hand out
    under that binding of the suits. Patterns with other parts are always searched.
    """
    # by id(), the pattern kept beside its plan: an entry at a dead pattern's address
    # (given to a new object) is not this pattern's
    kept = t.knit_plans.get(id(pattern))
    if kept is None or kept[0] is not pattern:
        kept = t.knit_plans[id(pattern)] = (pattern, _knit_plan(t, pattern))
    plan = kept[1]
    if not plan:
        return True
    widths, bindings = plan
    # keyed by the widths, all a leftover depends on, not id(pattern): a dead one is reused
    for ranks in bindings:
        loose = 0
        for tiles in ranks:
            vec = tuple([lst[i] for i in tiles])
            hit = _LEFTOVER.get((widths, vec))
            loose += hit if hit is not None else _leftover(widths, vec)
            if loose > slack:
                break
        else:
            return True
    return False


def _knit_plan(t: Tables, pattern):
    """(widths, per binding: per rank, the tile of each suit variable) for a pattern made
    only of knitted parts; () for any other pattern."""
    parts = pattern.parts
    if not parts or not all(isinstance(q, Knitted) for q in parts):
        return ()
    variables = sorted({v for q in parts for v in q.suits})
    widths = tuple(tuple(variables.index(v) for v in q.suits) for q in parts)
    by_suit = {g.suit: {t.tiles.kinds[i].rank: i for i in g.indices} for g in t.lay.groups if g.suit is not None}
    bindings = []
    for binding in compiled(pattern, t.tiles).bindings:
        names = dict(binding.suits)
        suits = [by_suit[names[v]] for v in variables]
        # ranks in every suit of the binding (tiles of other ranks are not counted as
        # loose: a weaker condition, still a necessary one)
        ranks = sorted(set.intersection(*(set(r) for r in suits)))
        bindings.append(tuple(tuple(r[rank] for r in suits) for rank in ranks))
    return widths, tuple(bindings)


def _leftover(widths: tuple, vec: tuple[int, ...]) -> int:
    """The fewest tiles of one rank's counts ``vec`` left out by any number of knitted
    groups (each part takes one tile from each of its suits' positions)."""
    key = (widths, vec)
    hit = _LEFTOVER.get(key)
    if hit is None:
        best = sum(vec)

        def go(k: int, rest: list[int]) -> None:
            nonlocal best
            if k == len(widths):
                best = min(best, sum(rest))
                return
            pos = widths[k]
            most = min(rest[i] for i in pos)
            for u in range(most + 1):
                for i in pos:
                    rest[i] -= u
                go(k + 1, rest)
                for i in pos:
                    rest[i] += u

        go(0, list(vec))
        hit = _LEFTOVER[key] = best
    return hit
