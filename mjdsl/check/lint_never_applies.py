"""Lint: a rule that can never apply (MJ306), a seat's wind at seats without winds (MJ316).

A score rule, payment, claim, pass or Charleston whose ``when`` is false with the
options in force *and* for every value the options it names could take: no table
can ever switch it on, so it is dead text. A condition an option switches off
(``when jokerless_double`` at a table that sets it off) is a choice, not a
mistake, and is not reported.

``own_wind``, ``round_wind`` and ``own`` name the winds of the seats; when the
``seats`` block names no ``winds``, no tile is ever one of them.
"""

from __future__ import annotations

from .. import ast as A
from ..diagnostics import Diagnostic, warning
from ..ast.text import expr_text
from ..options import names_used
from .lint_support import is_own, never_true, option_names
from .sites import sites

#: the facts of a tile that the seats' winds decide
_WIND_FACTS = {"own_wind": "the seat's wind", "round_wind": "the round's wind",
               "own": "a bonus tile of the seat's wind"}


def check_never_applies(ctx) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for site in sites(ctx.ruleset):
        if not site.is_condition or not is_own(ctx, site.expr.span) or not never_true(site.expr, ctx):
            continue
        names = option_names(site.expr, ctx.options)
        why = (f"whatever the values of {', '.join(f'`{n}`' for n in names)}" if names
               else "whatever the table")
        out.append(warning("MJ306", f"{site.label} can never apply: `when {expr_text(site.expr)}` is false {why}",
                           site.expr.span, "fix the condition, or delete the statement"))
    return out


def check_windless_facts(ctx) -> list[Diagnostic]:
    seats = ctx.block(A.SeatsBlock)
    if seats is not None and seats.one(A.SeatWinds) is not None:
        return []
    out: list[Diagnostic] = []
    seen: set = set()
    for site in sites(ctx.ruleset):
        for name in names_used(site.expr):
            what = _WIND_FACTS.get(name.id)
            if what is None or name.span in seen or not is_own(ctx, name.span):
                continue
            seen.add(name.span)  # a rule's lets are written into each site that reads them
            out.append(warning("MJ316", f"`{name.id}` is never true: the seats have no winds, so no tile is "
                               f"{what}", name.span,
                               f'name the seat winds (`winds "E" "S" "W" "N"` in `seats`), or take `{name.id}` out'))
    return out
