"""Responsibility (``feeder of N sets where PRED pays [SHARE] for GROUP``) must be able
to name a feeder: a count of sets some winning hand holds, a share of a payment
(more than none, at most the whole), and hands made of sets (a card's hands have none).
"""

from __future__ import annotations

from .. import ast as A
from ..diagnostics import Diagnostic, error

#: the sets of the standard hand when the winning block declares no pattern
_STANDARD_SETS = 4


def _most_sets(ctx) -> int:
    """The most sets a winning shape of the ruleset holds."""
    win = ctx.block(A.WinningBlock)
    counts = [s.count for p in (win.all(A.PatternDecl) if win is not None else ())
              for s in p.stmts if isinstance(s, A.PatSets)]
    return max(counts, default=_STANDARD_SETS)


def check_feeds(ctx) -> list[Diagnostic]:
    pay = ctx.block(A.PaymentsBlock)
    feeds = pay.all(A.FeederPays) if pay is not None else ()
    if not feeds:
        return []
    win = ctx.block(A.WinningBlock)
    card = win is not None and win.one(A.CardRef) is not None
    most = _most_sets(ctx)
    out = []
    for f in feeds:
        if card:
            out.append(error("MJ276", "a feeder of sets, but the hands are a card's lines, which have no sets",
                             f.span, "delete the statement: a card's hand is matched whole"))
        elif not 1 <= f.count <= most:
            out.append(error("MJ276", f"a feeder of {f.count} sets, but a winning hand holds 1 to {most} sets",
                             f.span, f"give a count from 1 to {most} (the third dragon set: 3)"))
        if not 0 < f.share <= 1:
            out.append(error("MJ276", f"the feeder pays {f.share:g} of the payments: a share is more than 0 "
                             "and at most 1", f.span, "write 0.5 for half, or leave the share out for the whole"))
    return out
