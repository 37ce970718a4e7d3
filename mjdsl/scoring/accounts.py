"""``account once RULE...``: the groups of related sets several rules count, chosen together.

Each rule of an account counts ``per related(N P, SUITS, RANKS)``: on its own, the most
groups of its relation with no set in two of them. Chinese Official's "account once"
principle asks more of the fan that combine sets (docs/variants.md): once some sets are
combined in a fan, a set not combined yet may be combined with only one of the sets
already combined. So the groups counted across the account's rules can be taken one
after another, each sharing at most one set with the groups before it. Put otherwise,
no set is joined to another by two ways: sets and groups form a forest, which
:func:`choose` keeps by joining, group by group, sets that were not yet joined.
234b 567b 234c 567c relates its four chows in a ring of four pairs (two short straights,
two mixed double chows); any three of them count, never the fourth.

Of the ways to choose, the one worth most counts (the amounts of the chosen groups'
rules: an account's rules share a unit, the checker sees to it). On a tie the way found
first counts: the rules in ruleset order, each rule's groups in the order of the
reading's sets, a group taken before it is left out. The rules that take part are those
that apply to the reading on their own and are not excluded (``RULE excludes RULE``
drops a rule before the account chooses). The choice depends only on those rules and
the reading's set keys, so it is remembered like ``related(...)``'s answers.
"""

from __future__ import annotations

from itertools import combinations

import attrs

from ..ir.expr import Relation, compile_relation
from .relations import holds
from .tables import Tables

#: choices remembered per ruleset before the memo starts again (a bound on its memory)
_MEMO_SIZE = 200_000


@attrs.frozen
class Account:
    """One ``account once`` statement: its rules' positions in ruleset order, and each
    one's relation (the ``related(...)`` it counts per)."""

    positions: tuple[int, ...]
    relations: tuple[Relation, ...]


def accounts_of(t: Tables) -> tuple[Account, ...]:
    """The ruleset's accounts, compiled once per :class:`Tables`."""
    got = t.accounts
    if got is None:
        out = []
        for names in t.spec.accounts:
            positions = tuple(sorted(t.index_of_rule[n] for n in names))
            rels = tuple(compile_relation(t.rules[i].times_expr, t.auto.options) for i in positions)
            out.append(Account(positions, rels))
        got = t.accounts = tuple(out)
    return got


def groups(t: Tables, rel: Relation, keys: tuple) -> tuple[tuple[int, ...], ...]:
    """Every group of ``rel.count`` sets of ``keys`` (by position) the relation holds for."""
    items = []
    for at, key in enumerate(keys):
        if key[0] == "pair":
            continue
        suit = t.suit_of[key[1]]
        if suit is None or not t.set_pred(rel.pred, key):
            continue
        items.append((at, (suit, t.tiles.kinds[key[1]].rank)))
    return tuple(tuple(at for at, _ in group) for group in combinations(items, rel.count)
                 if holds([sr for _, sr in group], rel.suits, rel.step))


def choose(t: Tables, account: Account, taking: tuple[int, ...], keys: tuple) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The groups the account counts in a reading of set ``keys``, as (rule position,
    group), when the rules at positions ``taking`` take part (remembered)."""
    memo = t.relation_memo
    k = ("account", account.positions, taking, keys)  # by content: a rule is in one account
    v = memo.get(k)
    if v is None:
        if len(memo) > _MEMO_SIZE:
            memo.clear()
        v = memo[k] = _choose(t, account, taking, keys)
    return v


def _choose(t: Tables, account: Account, taking: tuple[int, ...], keys: tuple):
    candidates = []
    for pos, rel in zip(account.positions, account.relations):
        if pos in taking:
            amount = t.rules[pos].amount
            candidates += [(amount, pos, g) for g in groups(t, rel, keys)]
    # the most the candidates from i on could still add (to stop a search that cannot win)
    rest = [0.0] * (len(candidates) + 1)
    for i in range(len(candidates) - 1, -1, -1):
        rest[i] = rest[i + 1] + candidates[i][0]
    best: list = [-1.0, ()]

    def search(i: int, joined: list, value: float, chosen: tuple) -> None:
        if value > best[0]:
            best[0], best[1] = value, chosen
        if i == len(candidates) or value + rest[i] <= best[0]:
            return
        amount, pos, group = candidates[i]
        parts = {joined[s] for s in group}
        if len(parts) == len(group):  # no two of its sets joined yet: it may count
            first = min(parts)
            search(i + 1, [first if p in parts else p for p in joined], value + amount, chosen + ((pos, group),))
        search(i + 1, joined, value, chosen)

    search(0, list(range(len(keys))), 0.0, ())
    return best[1]


def accounted(t: Tables, keys: tuple, counted: dict[int, int]) -> dict[int, int]:
    """``counted`` (rule position -> times, the rules that apply to the reading) with
    each account's rules counted together: the times of the groups :func:`choose` takes
    (a rule of an account none of whose groups is taken no longer applies)."""
    out = counted
    for account in accounts_of(t):
        taking = tuple(p for p in account.positions if p in counted)
        if not taking:
            continue
        if out is counted:
            out = dict(counted)
        times = dict.fromkeys(taking, 0)
        for pos, _ in choose(t, account, taking, keys):
            times[pos] += 1
        for pos, n in times.items():
            if n:
                out[pos] = n
            else:
                del out[pos]
    return out


def account_groups(t: Tables, keys: tuple, counted: dict[int, int]) -> dict[int, tuple[tuple[int, ...], ...]]:
    """For the rules of accounts in ``counted`` (as :func:`accounted` left it), the
    groups each counted, by rule position (what ``mjdsl score`` shows them applied to)."""
    out: dict[int, tuple[tuple[int, ...], ...]] = {}
    for account in accounts_of(t):
        taking = tuple(p for p in account.positions if counted.get(p, 0) > 0)
        if taking:
            for pos, group in choose(t, account, taking, keys):
                out[pos] = out.get(pos, ()) + (group,)
    return out
