"""Lint: an account's names (issue 10, ``account once RULE...``).

- a rule named twice in one account (MJ315): the second name changes nothing (the
  account holds each rule once; check/accounts.py refuses what cannot be accounted).
"""

from __future__ import annotations

from .. import ast as A
from ..diagnostics import Diagnostic, warning
from .lint_support import is_own


def check_account_names(ctx) -> list[Diagnostic]:
    b = ctx.block(A.ScoringBlock)
    if b is None:
        return []
    out = []
    for s in b.all(A.ScoreAccount):
        named: set[str] = set()
        for w in s.rules:
            if w.text in named and is_own(ctx, w.span):
                out.append(warning("MJ315", f"`{w.text}` is named twice in this account", w.span,
                                   "name each rule once: delete the second name"))
            named.add(w.text)
    return out
