"""Lint: a rule that can never apply (MJ306).

A score rule, payment, claim, pass or Charleston whose ``when`` is false with the
options in force *and* for every value the options it names could take: no table
can ever switch it on, so it is dead text. A condition an option switches off
(``when jokerless_double`` at a table that sets it off) is a choice, not a
mistake, and is not reported.
"""

from __future__ import annotations

from ..diagnostics import Diagnostic, warning
from ..ast.text import expr_text
from .lint_support import is_own, never_true, option_names
from .sites import sites


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
