"""``account once RULE...``: the rules an account names can be counted together.

The scorer chooses the groups of sets an account's rules count (scoring/accounts.py),
so each rule must count groups of sets and the choice must have one measure:

- MJ204: a name that is no score rule of the scoring block;
- MJ279: a rule that is not a hand rule counted ``per related(...)`` (a rule counted
  once, per set or per another count has no groups to choose), a rule worth nothing
  or less (the best choice would leave it out: a penalty dodged), rules of different
  units (points and doubles do not add up to one best), a rule in two accounts (its
  groups would be chosen twice).

A rule named twice in one account is lint (MJ315, check/lint_accounts.py).
"""

from __future__ import annotations

from .. import ast as A
from ..diagnostics import Diagnostic, error


def check_accounts(ctx) -> list[Diagnostic]:
    b = ctx.block(A.ScoringBlock)
    if b is None:
        return []
    rules = {r.name.text: r for r in b.all(A.ScoreRule)}
    out: list[Diagnostic] = []
    seen: dict[str, A.ScoreAccount] = {}
    for s in b.all(A.ScoreAccount):
        named: set[str] = set()
        units: dict[str, str] = {}
        for w in s.rules:
            if w.text in named:
                continue  # named twice: lint_accounts.py
            named.add(w.text)
            rule = rules.get(w.text)
            if rule is None:
                out.append(error("MJ204", f"no score rule `{w.text}`", w.span, "name a rule of the scoring block"))
                continue
            if w.text in seen:
                out.append(error("MJ279", f"rule `{w.text}` is in two accounts", w.span,
                                 "a rule's groups are chosen in one account: name it in one `account once` line, "
                                 "with every rule it shares sets with"))
                continue
            seen[w.text] = s
            if rule.scope is not None or not isinstance(rule.times, A.Related):
                how = (f"per {rule.scope}" if rule.scope is not None else
                       "per a count that is not `related(...)`" if rule.times is not None else "once")
                out.append(error("MJ279", f"rule `{w.text}` is counted {how}: an account chooses among the groups "
                                 "of sets of rules counted `per related(...)`", w.span,
                                 f"write `rule {w.text}: AMOUNT per related(N SETS, SUITS, RANKS)`, "
                                 "or leave the rule out of the account"))
                continue
            if rule.amount <= 0:
                out.append(error("MJ279", f"rule `{w.text}` is worth {rule.amount:g} {rule.unit}: the best choice "
                                 "would leave its groups out", w.span,
                                 "an account's rules are worth something; count a penalty outside the account"))
                continue
            units[w.text] = rule.unit
        if len(set(units.values())) > 1:
            said = ", ".join(f"`{n}` {u}" for n, u in units.items())
            out.append(error("MJ279", f"the rules of an account are of different units ({said})", s.span,
                             "the best choice adds up one unit: account points with points, doubles with doubles"))
    return out
