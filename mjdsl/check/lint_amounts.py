"""Lint: numbers that play and change nothing (issue 9: numbers taken unchecked).

- an amount of nothing (MJ312): `deposit 0 points`, an instant payment or a wall
  game's payment of 0 points, a penalty of 0: the line moves no points;
- a courtesy pass of no tiles (MJ313): `courtesy across 0..0` offers nothing, so the
  pass is never made;
- a bound that binds nothing (MJ314): `chows at most N` with N at least the
  pattern's sets, `limit` 0 or below (every hand then pays 0, unless the roof is
  off).

Only numbers written as such count: an option there may be set to something else.
"""

from __future__ import annotations

from .. import ast as A
from ..diagnostics import Diagnostic, warning
from ..ir.expr import Const, compile_expr
from .charleston import _all_steps as charleston_steps
from .lint_support import is_own, option_names


def check_amounts(ctx) -> list[Diagnostic]:
    out = _nothing_paid(ctx) + _courtesy_of_nothing(ctx) + _bounds(ctx)
    return [d for d in out if is_own(ctx, d.span)]


def _nothing_paid(ctx) -> list[Diagnostic]:
    pay = ctx.block(A.PaymentsBlock)
    if pay is None:
        return []
    out = []
    for s, what in ((A.Deposit, "a deposit"), (A.InstantPay, "an instant payment"),
                    (A.WallGamePay, "a wall game's payment"), (A.Penalty, "a penalty")):
        out += [warning("MJ312", f"{what} of 0 moves no points", d.span,
                        "write the amount the table pays, or delete the line")
                for d in pay.all(s) if d.points == 0]
    return out


def _courtesy_of_nothing(ctx) -> list[Diagnostic]:
    ch = ctx.block(A.CharlestonBlock)
    if ch is None:
        return []
    return [warning("MJ313", f"a courtesy pass of {s.low}..{s.high} tiles offers none: it is never made", s.span,
                    "offer up to 3 (`courtesy across 0..3 smaller`), or delete the line")
            for s in charleston_steps(ch.stmts) if isinstance(s, A.CourtesyStep) and s.high == 0]


def _constant(expr, ctx):
    if option_names(expr, ctx.options):
        return None  # an option: a table may set it otherwise
    v = compile_expr(expr, ctx.options.values())
    ok = isinstance(v, Const) and isinstance(v.value, (int, float)) and not isinstance(v.value, bool)
    return v.value if ok else None


def _bounds(ctx) -> list[Diagnostic]:
    out = []
    win = ctx.block(A.WinningBlock)
    for p in win.all(A.PatternDecl) if win is not None else ():
        sets = sum(s.count for s in p.stmts if isinstance(s, A.PatSets))
        for s in p.stmts:
            if isinstance(s, A.PatMaxChows):
                n = _constant(s.limit, ctx)
                if n is not None and n >= sets:
                    out.append(warning("MJ314", f"at most {n:g} chows in a pattern of {sets} sets limits nothing",
                                       s.span, f"write a number below {sets}, or delete the line"))
    scoring = ctx.block(A.ScoringBlock)
    for s in scoring.all(A.ScoreLimit) if scoring is not None else ():
        n = _constant(s.expr, ctx)
        if n is not None and n <= 0:
            out.append(warning("MJ314", f"a limit of {n:g}: every hand pays nothing", s.span,
                               "write the most a hand may score (the classical limit is 1000)"))
    return out
