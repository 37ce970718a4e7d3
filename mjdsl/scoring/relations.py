"""``related(N P, SUITS, RANKS)``: groups of related sets in one reading of a hand.

The same chow in three suits, three chows shifted by one, a pure straight, the same
pung in every suit, twice the same chow: each is N sets of the reading that match a
set predicate P, in one suit or in different suits, of the same rank or of ranks a
step apart (a chow's rank is its lowest tile's). The answer is how many such groups
the reading holds with no set in two of them (twice two identical chows: 2).

A reading has at most a handful of sets, so the search is small; its answer depends
only on the relation and the reading's set keys, and readings repeat from hand to
hand, so it is remembered per (relation, keys) in the tables.
"""

from __future__ import annotations

from itertools import combinations

from ..ir.expr import Relation
from .tables import Tables


#: readings remembered per ruleset before the memo starts again (a bound on its memory)
_MEMO_SIZE = 200_000


def related_count(t: Tables, rel: Relation, keys: tuple) -> int:
    """How many disjoint groups of ``rel.count`` sets of ``keys`` the relation holds for."""
    memo = t.relation_memo
    k = (rel, keys)
    v = memo.get(k)
    if v is None:
        if len(memo) > _MEMO_SIZE:
            memo.clear()
        v = memo[k] = _count(t, rel, keys)
    return v


def _count(t: Tables, rel: Relation, keys: tuple) -> int:
    # the sets that take part: of suit tiles, matching the predicate, as (suit, rank)
    items = []
    for key in keys:
        if key[0] == "pair":
            continue
        suit = t.suit_of[key[1]]
        if suit is None or not t.set_pred(rel.pred, key):
            continue
        items.append((suit, t.tiles.kinds[key[1]].rank))
    return _groups(items, rel)


def _groups(items: list, rel: Relation) -> int:
    """The most groups of ``rel.count`` items, none in two, for which the relation holds."""
    n = rel.count
    if len(items) < n:
        return 0
    first, rest = items[0], items[1:]
    # either the first item is in no group, or it is in a group with n - 1 of the others
    best = _groups(rest, rel)
    for others in combinations(range(len(rest)), n - 1):
        group = [first] + [rest[i] for i in others]
        if holds(group, rel.suits, rel.step):
            left = [x for i, x in enumerate(rest) if i not in others]
            best = max(best, 1 + _groups(left, rel))
    return best


def holds(group: list, suits: str, step: int | None) -> bool:
    """Do these (suit, rank) sets stand in the relation?"""
    names = [s for s, _ in group]
    if suits == "same" and len(set(names)) != 1:
        return False
    if suits == "different" and len(set(names)) != len(names):
        return False
    if step is None:
        return True
    ranks = sorted(r for _, r in group)
    return all(b - a == step for a, b in zip(ranks, ranks[1:]))
