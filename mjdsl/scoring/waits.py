"""Which tiles a hand is waiting on ("calling"): for hints, the Standing Hand and the
``waits`` and ``calling_for`` facts of scoring.

A hand is calling when one more tile completes it (seed: a Standing Hand "need[s]
only one more tile to complete their Mah Jongg Hand"), in any winning shape of the
ruleset. :func:`calling` answers for the shapes of an automaton; a tile of which
every copy is already in the hand or on its declared sets cannot come, so it is
not a wait.

Sets and pairs (``pattern standard``) are answered group by group (each suit, the
honours): a tile joins one group, so every other group must already split, and the
tiles that complete a group are remembered per group counts, so the same suit
shape is worked out once per process. Special hands are first ruled out by the
tiles they can use (one integer operation), and searched only when the hand could
still be one (:func:`mjdsl.hands.patterns.completing_tiles`).
"""

from __future__ import annotations

from typing import Sequence

from ..hands import Meld
from ..hands.decompose import exposed_counts, split_group, still_needed
from ..hands.patterns import Knitted, compiled, completing_tiles
from .tables import Tables, tables_for

_MANY = 1 << 30


def calling(auto, concealed: Sequence[int], melds: Sequence[Meld] = ()) -> tuple[int, ...]:
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


def waits_of(t: Tables, lst: list[int], melds: tuple[Meld, ...]) -> tuple[int, ...]:
    """:func:`calling` on a count list (bonus tiles already dropped)."""
    if t.card:
        return ()
    used = exposed_counts(melds, t.tiles) if melds else [0] * t.size
    out: set[int] = set()
    for p in t.standard:
        out.update(_standard_waits(t, lst, used, melds, p))
    if t.specials:
        present = 0
        total = 0
        for i, c in enumerate(lst):
            if c:
                present |= 1 << i
                total += c
        for p, mask, sizes in t.specials:
            if melds and p.concealed:
                continue
            n = total + (sum(used) if melds else 0)
            held = present
            if melds:
                for i, c in enumerate(used):
                    if c:
                        held |= 1 << i
            if n + 1 not in sizes or held & ~mask:
                continue
            if not melds and not _knitting_could_complete(t, p.special, lst):
                continue
            out.update(completing_tiles(compiled(p.special, t.tiles), lst, melds, used, t.lay.copies))
    return tuple(sorted(out))


# -- sets and pairs, group by group ----------------------------------------------

#: (group index, counts, pairs allowed, chows allowed) -> frozenset of (pairs used, chows used)
_SUMMARY: dict = {}
#: the same key -> tuple of (position, summary) for each position where one more tile splits
_GROUP_WAITS: dict = {}


def _summary(t: Tables, gi: int, key: tuple[int, ...], pairs: int, chows: bool) -> frozenset:
    """How a group's counts can split: the (pairs, chows) used by each way."""
    k = (id(t.lay), gi, key, pairs, chows)
    s = _SUMMARY.get(k)
    if s is None:
        if not any(key):
            s = frozenset({(0, 0)})
        else:
            s = frozenset((dp, dc) for dp, dc, _ in split_group(t.lay.groups[gi], key, pairs, chows))
        _SUMMARY[k] = s
    return s


def _group_waits(t: Tables, gi: int, key: tuple[int, ...], pairs: int, chows: bool):
    """Each position of a group where one more tile makes the group split, with how."""
    k = (id(t.lay), gi, key, pairs, chows)
    hit = _GROUP_WAITS.get(k)
    if hit is None:
        g = t.lay.groups[gi]
        n = len(key)
        suit = g.suit is not None
        out = []
        for pos in range(n):
            near = key[pos] or (suit and any(key[q] for q in range(max(0, pos - 2), min(n, pos + 3))))
            if not near:
                continue
            new = key[:pos] + (key[pos] + 1,) + key[pos + 1:]
            s = _summary(t, gi, new, pairs, chows)
            if s:
                out.append((pos, s))
        hit = _GROUP_WAITS[k] = tuple(out)
    return hit


def _combine(a: frozenset, b: frozenset, pairs: int, cap: int) -> frozenset:
    return frozenset((p1 + p2, c1 + c2) for p1, c1 in a for p2, c2 in b if p1 + p2 <= pairs and c1 + c2 <= cap)


def _standard_waits(t: Tables, lst: list[int], used: list[int], melds: tuple[Meld, ...], p) -> list[int]:
    need_sets, need_pairs, cap = still_needed(melds, p.sets, p.pairs, p.max_chows)
    if need_sets < 0 or need_pairs < 0 or cap < 0:
        return []
    if sum(lst) + 1 != 3 * need_sets + 2 * need_pairs:
        return []
    lay = t.lay
    for i in lay.strays:
        if lst[i]:
            return []
    chows = cap > 0
    groups = lay.groups
    keys = [g.counts(lst) for g in groups]
    summaries = [_summary(t, gi, key, need_pairs, chows) for gi, key in enumerate(keys)]
    broken = [gi for gi, s in enumerate(summaries) if not s]
    if len(broken) > 1:
        return []  # one tile mends one group at most
    if broken:
        receivers = broken
    elif need_pairs <= 1:
        # a group whose count is a multiple of 3 cannot take one more tile and split
        receivers = [gi for gi, key in enumerate(keys) if sum(key) % 3]
    else:
        receivers = list(range(len(groups)))
    copies = lay.copies
    out = []
    for gi in receivers:
        rest = frozenset({(0, 0)})
        for gj, s in enumerate(summaries):
            if gj != gi:
                rest = _combine(rest, s, need_pairs, cap)
                if not rest:
                    break
        if not rest:
            continue
        indices = groups[gi].indices
        for pos, s in _group_waits(t, gi, keys[gi], need_pairs, chows):
            tile = indices[pos]
            if lst[tile] + used[tile] >= copies[tile]:
                continue
            if any(p1 + p2 == need_pairs and c1 + c2 <= cap for p1, c1 in s for p2, c2 in rest):
                out.append(tile)
    return out


# -- knitted hands: a cheap necessary condition ------------------------------------

#: (pattern id, rank vector) -> the fewest tiles of that rank no knitted group can hold
_LEFTOVER: dict = {}


def _knitting_could_complete(t: Tables, pattern, lst: list[int]) -> bool:
    """False when no tile can make ``lst`` a hand of a knitted-only pattern.

    A knitted group holds one tile of a rank in each of its suits. Rank by rank,
    count the tiles no group can hold; one missing tile leaves at most the rest of
    its group (two tiles) uncovered, so more than two such tiles rule the hand out
    under that binding of the suits. Patterns with other parts are always searched.
    """
    parts = pattern.parts
    if not parts or not all(isinstance(q, Knitted) for q in parts):
        return True
    variables = sorted({v for q in parts for v in q.suits})
    widths = tuple(tuple(variables.index(v) for v in q.suits) for q in parts)
    by_suit = {g.suit: {t.tiles.kinds[i].rank: i for i in g.indices} for g in t.lay.groups if g.suit is not None}
    for binding in compiled(pattern, t.tiles).bindings:
        names = dict(binding.suits)
        ranks = [by_suit[names[v]] for v in variables]
        seen = set().union(*(r.keys() for r in ranks))
        loose = 0
        for rank in seen:
            vec = tuple(lst[r[rank]] if rank in r else 0 for r in ranks)
            loose += _leftover(id(pattern), widths, vec)
            if loose > 2:
                break
        else:
            return True
    return False


def _leftover(pid: int, widths: tuple, vec: tuple[int, ...]) -> int:
    """The fewest tiles of one rank's counts ``vec`` left out by any number of knitted
    groups (each part takes one tile from each of its suits' positions)."""
    key = (pid, vec)
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
