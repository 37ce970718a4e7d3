"""Checks: plain functions over a loaded ruleset, each returning diagnostics.

Every check is one module with one ``check_*`` function, listed in :data:`CHECKS`
in the order they run. A check never raises and never stops the others: all
problems are collected. Adding a check is one file and one entry here.
"""

from __future__ import annotations

from typing import Iterable

from ..diagnostics import Diagnostic, error
from .context import CheckContext, make_context
from .structure import check_structure
from .tiles import check_tiles
from .names import check_names
from .wall import check_wall
from .charleston import check_charleston
from .claims import check_claims
from .flow import check_flow
from .winning import check_winning
from .unplayable import check_unplayable
from .size import check_expression_size
from .deal import check_deal
from .counts import check_counts
from .numbers import check_numbers
from .pattern_tiles import check_pattern_tiles
from .knitted import check_knitted
from .values import check_values
from .penalties import check_penalties
from .terms import check_terms
from .accounts import check_accounts
from .table import check_table
from .bonus import check_bonus
from .feeds import check_feeds
from .aborts import check_aborts
from .lint_overrides import check_overrides
from .lint_options import check_option_use
from .lint_never_applies import check_never_applies, check_windless_facts
from .lint_amounts import check_amounts
from .lint_reachable import check_reachable
from .lint_claims import check_claim_windows
from .lint_defaults import check_defaults
from .lint_accounts import check_account_names

CHECKS = (
    check_structure,
    check_tiles,
    check_names,
    check_wall,
    check_charleston,
    check_claims,
    check_flow,
    check_winning,
    check_unplayable,
    check_expression_size,
    check_deal,
    check_counts,
    check_numbers,
    check_pattern_tiles,
    check_knitted,
    check_values,
    check_penalties,
    check_terms,
    check_accounts,
    check_table,
    check_bonus,
    check_feeds,
    check_aborts,
    # lint (MJ3xx warnings): the ruleset plays, but probably not as meant
    check_overrides,
    check_option_use,
    check_never_applies,
    check_windless_facts,
    check_amounts,
    check_reachable,
    check_claim_windows,
    check_defaults,
    check_account_names,
)


def run_checks(ruleset, cli_sets: Iterable[tuple[str, str]] = ()) -> tuple[CheckContext, list[Diagnostic]]:
    """Build the context (options, tile set) and run every check; never raises for bad input."""
    ctx, diags = make_context(ruleset, cli_sets)
    for check in CHECKS:
        try:
            diags.extend(check(ctx))
        except Exception as e:  # a bug in a check must not hide the others' findings
            diags.append(error("MJ299", f"internal error in {check.__name__}: {e!r}",
                               ctx.ruleset_span, "please report this with the file that caused it"))
    return ctx, diags
