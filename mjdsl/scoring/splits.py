"""Splits of a hand's concealed tiles into sets and pairs, remembered per suit shape.

This is :func:`mjdsl.hands.decompose.concealed_splits` (same answers, same order)
with memory suited to scoring many different hands: a group's counts are split
by choosing the sets and pairs that start at its lowest tile and splitting the
rest, and *every* rest is remembered, so a new suit shape is mostly made of
shapes already met. Shapes are remembered per kind of group (the three suits are
alike: ranks 1-9, the same runs) as positions, and mapped to a group's tiles the
first time that group meets the shape. :func:`shape_summary` answers the lighter
question "which (pairs, chows) can this shape use" for :mod:`.waits`.
"""

from __future__ import annotations

from typing import Sequence

from ..hands import Meld
from ..hands.decompose import combine_groups, splittable
from ..memo import Kept
from .tables import Tables

_MELDS: dict = {}
_EMPTY = ((0, 0, ()),)
_ZERO = frozenset({(0, 0)})


def _meld(kind: str, tile: int) -> Meld:
    m = _MELDS.get((kind, tile))
    if m is None:
        m = _MELDS[(kind, tile)] = Meld(kind, tile, True)
    return m


def _choices(key: tuple[int, ...], starts, pairs: int, chows: bool):
    """The ways to cover the lowest held position of ``key``, in the order of
    :func:`mjdsl.hands.decompose._walk` (most pungs first, then most pairs): each as
    (the rest, pairs used, chows used, melds as (kind, position))."""
    i = 0
    while not key[i]:
        i += 1
    c = key[i]
    can_chow = chows and starts[i]
    for kp in range(c // 3, -1, -1):
        for kd in range(min((c - 3 * kp) // 2, pairs), -1, -1):
            kc = c - 3 * kp - 2 * kd
            if kc and not (can_chow and key[i + 1] >= kc and key[i + 2] >= kc):
                continue
            rest = list(key)
            rest[i] = 0
            if kc:
                rest[i + 1] -= kc
                rest[i + 2] -= kc
            melds = (("chow", i),) * kc + (("pung", i),) * kp + (("pair", i),) * kd
            yield tuple(rest), kd, kc, melds


def _covers(key: tuple[int, ...], starts, pairs: int, chows: bool) -> list:
    """The ways of :func:`_choices` without their melds (what a summary needs): each
    as (the rest, pairs used, chows used)."""
    i = 0
    while not key[i]:
        i += 1
    c = key[i]
    can_chow = chows and starts[i]
    out = []
    for kp in range(c // 3, -1, -1):
        for kd in range(min((c - 3 * kp) // 2, pairs), -1, -1):
            kc = c - 3 * kp - 2 * kd
            if kc:
                if not (can_chow and key[i + 1] >= kc and key[i + 2] >= kc):
                    continue
                rest = list(key)
                rest[i] = 0
                rest[i + 1] -= kc
                rest[i + 2] -= kc
                out.append((tuple(rest), kd, kc))
            else:
                out.append((key[:i] + (0,) + key[i + 1:], kd, 0))
    return out


def shape_splits(t: Tables, gi: int, key: tuple[int, ...], pairs: int, chows: bool
                 ) -> tuple[tuple[int, int, tuple[tuple[str, int], ...]], ...]:
    """Every split of group ``gi``'s counts ``key`` with at most ``pairs`` pairs, as
    (pairs used, chows used, melds as (kind, position)), remembered per kind of group."""
    memo = t.split_cache.get(("shape", t.group_kind[gi], pairs, chows))
    if memo is None:
        memo = t.split_cache[("shape", t.group_kind[gi], pairs, chows)] = Kept()
    return _splits_rec(memo, t.lay.groups[gi].chow_starts, key, pairs, chows)


def _splits_rec(memo: dict, starts, key, pairs, chows):
    hit = memo.get(key)
    if hit is not None:
        return hit
    if not any(key):
        return _EMPTY
    out = []
    for rest, kd, kc, melds in _choices(key, starts, pairs, chows):
        for dp, dc, more in _splits_rec(memo, starts, rest, pairs, chows):
            if dp + kd <= pairs:
                out.append((dp + kd, dc + kc, melds + more))
    hit = memo[key] = tuple(out)
    return hit


def shape_summary(t: Tables, gi: int, key: tuple[int, ...], pairs: int, chows: bool) -> frozenset:
    """The (pairs used, chows used) of every split of group ``gi``'s counts ``key``."""
    memo = t.split_cache.get(("summary", t.group_kind[gi], pairs, chows))
    if memo is None:
        memo = t.split_cache[("summary", t.group_kind[gi], pairs, chows)] = Kept()
    return _summary_rec(memo, t.lay.groups[gi].chow_starts, key, pairs, chows)


def _summary_rec(memo: dict, starts, key, pairs, chows) -> frozenset:
    hit = memo.get(key)
    if hit is not None:
        return hit
    if not any(key):
        return _ZERO
    out = set()
    for rest, kd, kc in _covers(key, starts, pairs, chows):
        for dp, dc in _summary_rec(memo, starts, rest, pairs, chows):
            if dp + kd <= pairs:
                out.add((dp + kd, dc + kc))
    hit = memo[key] = frozenset(out)
    return hit


def _options(t: Tables, gi: int, key: tuple[int, ...], pairs: int, chows: bool):
    """A group's splits of ``key`` with its own tiles: (pairs used, chows used, melds)."""
    mine = t.split_cache.get((gi, pairs, chows))
    if mine is None:
        mine = t.split_cache[(gi, pairs, chows)] = Kept()
    hit = mine.get(key)
    if hit is None:
        idx = t.lay.groups[gi].indices
        hit = mine[key] = tuple((dp, dc, tuple(_meld(k, idx[p]) for k, p in melds))
                                for dp, dc, melds in shape_splits(t, gi, key, pairs, chows))
    return hit


def concealed_splits(t: Tables, lst: Sequence[int], sets: int, pairs: int, chow_cap: int,
                     allow_chows: bool = True) -> list[tuple[Meld, ...]]:
    """Every split of a count list into ``sets`` sets and ``pairs`` pairs with at most
    ``chow_cap`` chows (as :func:`mjdsl.hands.decompose.concealed_splits`, whose
    checks and product it shares; only the per-group splits come from these tables)."""
    if not splittable(t.lay, lst, sets, pairs, chow_cap):
        return []
    chows = allow_chows and chow_cap > 0
    groups = t.lay.groups

    def group_options():
        for gi, (a, b) in enumerate(t.group_spans):
            key = tuple(lst[a:b]) if a >= 0 else groups[gi].counts(lst)
            if any(key):
                yield _options(t, gi, key, pairs, chows)

    return combine_groups(group_options(), pairs, chow_cap)


def shape_completions(t: Tables, gi: int, key: tuple[int, ...], pairs: int, chows: bool) -> tuple:
    """Each position of group ``gi`` where one more tile lets its counts ``key``
    split, with the (pairs used, chows used) of those splits: ``(position,
    frozenset)`` in position order (positions where no split is made are left out).

    The added tile lies in one set or pair of the split; without it, that set is a
    *partial* (a tile, a pair, two tiles of a chow). Splitting ``key`` with one
    partial asks only about shapes smaller than ``key``, which are mostly known
    already, where asking about ``key`` plus each tile would meet new ones."""
    kind = t.group_kind[gi]
    memo = t.split_cache.get(("completions", kind, pairs, chows))
    if memo is None:
        memo = t.split_cache[("completions", kind, pairs, chows)] = Kept()
    summaries = t.split_cache.get(("summary", kind, pairs, chows))
    if summaries is None:
        summaries = t.split_cache[("summary", kind, pairs, chows)] = Kept()
    by_pos: dict[int, set] = {}
    for pos, p, c in _completions_rec(memo, summaries, t.lay.groups[gi].chow_starts, key, pairs, chows):
        by_pos.setdefault(pos, set()).add((p, c))
    return tuple((pos, frozenset(by_pos[pos])) for pos in sorted(by_pos))


def _less(key: tuple[int, ...], *positions: int) -> tuple[int, ...]:
    rest = list(key)
    for q in positions:
        rest[q] -= 1
    return tuple(rest)


def _completions_rec(memo: dict, summaries: dict, starts, key, pairs, chows) -> frozenset:
    """The (position, pairs used, chows used) of every split of ``key`` plus one tile
    at that position (remembered per shape)."""
    hit = memo.get(key)
    if hit is not None:
        return hit
    n = len(key)
    i = 0
    while i < n and not key[i]:
        i += 1
    if i == n:
        return frozenset()
    out = set()
    # the added tile's set holds tile i: take the partial out, split the rest
    for p, c in _summary_rec(summaries, starts, _less(key, i), pairs, chows):
        if p < pairs:
            out.add((i, p + 1, c))  # a pair of i
    if key[i] >= 2:
        for p, c in _summary_rec(summaries, starts, _less(key, i, i), pairs, chows):
            out.add((i, p, c))  # a pung of i
    if chows:
        if i + 1 < n and key[i + 1]:
            ends = [e for e, ok in ((i - 1, i >= 1 and starts[i - 1]), (i + 2, starts[i])) if ok]
            if ends:
                for p, c in _summary_rec(summaries, starts, _less(key, i, i + 1), pairs, chows):
                    for e in ends:
                        out.add((e, p, c + 1))  # a chow with i and i + 1
        if starts[i] and key[i + 2]:
            for p, c in _summary_rec(summaries, starts, _less(key, i, i + 2), pairs, chows):
                out.add((i + 1, p, c + 1))  # a chow with i and i + 2
    # or tile i is covered as in a split, and the added tile lies in the rest
    for rest, kd, kc in _covers(key, starts, pairs, chows):
        for pos, p, c in _completions_rec(memo, summaries, starts, rest, pairs, chows):
            if p + kd <= pairs:
                out.add((pos, p + kd, c + kc))
    hit = memo[key] = frozenset(out)
    return hit
