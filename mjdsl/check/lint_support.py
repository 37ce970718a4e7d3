"""What the lint checks share: which files are the ruleset's own, where every
expression stands (and what conditions guard it), and folding with the options.

Lint reports only on the file being checked and its includes, never on its base:
``mjdsl check overlay.mj`` is about the overlay's own lines, and the base's
warnings are the base's to fix. A condition is *switched off* when it folds to
false with the options in force; it *can never apply* when it folds to false
whatever values the options it names could take.
"""

from __future__ import annotations

import itertools

from .. import ast as A
from ..ast.same import without_spans  # noqa: F401 (the lints read it from here)
from ..ir.expr import Const, compile_expr
from ..options import names_used

#: At most this many combinations of option values are tried for one condition.
MAX_COMBINATIONS = 256


def own_paths(ctx) -> set[str]:
    """The files whose lines are the checked ruleset's own (it and its includes)."""
    rs = ctx.ruleset
    paths = {s.span.path for s in rs.statements if getattr(s, "span", None) is not None}
    return paths or {rs.path}


def is_own(ctx, span) -> bool:
    return span is not None and span.path in own_paths(ctx)


# -----------------------------------------------------------------------------
# Where expressions stand
# -----------------------------------------------------------------------------


def option_names(expr, options) -> list[str]:
    """The options an expression names, each once, in order."""
    return list(dict.fromkeys(n.id for n in names_used(expr) if n.id in options))


# -----------------------------------------------------------------------------
# Folding with the options
# -----------------------------------------------------------------------------


def fold(expr, values: dict):
    """The expression compiled with these option values: a Const if they fix it."""
    try:
        return compile_expr(expr, values)
    except Exception:  # noqa: BLE001 - a broken expression is the checks' to report
        return None


def is_false(expr, values: dict) -> bool:
    f = fold(expr, values)
    return isinstance(f, Const) and not f.value


def alternatives(opt) -> list | None:
    """Values an option could take, to try; None for numbers and strings (too many)."""
    if opt.type == "bool":
        return [True, False]
    if opt.type == "choice" and opt.choices:
        return list(opt.choices)
    return None


def probe_values(opt) -> list:
    """A few values of any option, to see whether an expression depends on it."""
    alt = alternatives(opt)
    if alt is not None:
        return alt
    out = [opt.value, opt.default]
    if isinstance(opt.value, (int, float)) and not isinstance(opt.value, bool):
        out += [opt.value + 1, 0]
        if opt.range:
            out += list(opt.range)
    return list(dict.fromkeys(out))


def never_true(expr, ctx) -> bool:
    """Whether a condition is false with the options in force, and stays false whatever
    values the options it names could take (so no option can switch it on)."""
    values = ctx.options.values()
    if not is_false(expr, values):
        return False
    names = option_names(expr, ctx.options)
    choices = []
    for n in names:
        alt = alternatives(ctx.options[n])
        if alt is None:
            return False  # a number: can't try them all, so can't say
        choices.append(alt)
    if _product_size(choices) > MAX_COMBINATIONS:
        return False
    for combo in itertools.product(*choices):
        if not is_false(expr, {**values, **dict(zip(names, combo))}):
            return False
    return True


def _product_size(choices) -> int:
    n = 1
    for c in choices:
        n *= len(c)
    return n
