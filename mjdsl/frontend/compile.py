"""From a path to a runnable automaton, in one call (front end, checks, lowering)."""

from __future__ import annotations

from typing import Iterable

from ..diagnostics import MjError
from .checked import require


def compile_ruleset(path, cli_sets: Iterable[tuple[str, str]] = (), *, allow_outside: bool = False):
    """The automaton of a ruleset; MjError with every diagnostic if it has errors."""
    from ..ir.lower import lower

    checked = require(path, cli_sets, allow_outside=allow_outside)
    try:
        return lower(checked.ctx)
    except MjError:
        raise
