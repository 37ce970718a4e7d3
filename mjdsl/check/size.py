"""MJ247: an expression too long or too deeply nested to lower and evaluate.

Each expression of a ruleset becomes nested closures when it is lowered and a chain of
calls when it runs; an expression of 60,000 `or`s (a generated file, a paste gone wrong)
would exhaust the stack there. The budget is far past anything a rule book writes
(the shipped rulesets' deepest condition is under ten), and it is measured without
recursion, so the check itself is safe on any input.
"""

from __future__ import annotations

from .. import ast as A
from ..diagnostics import Diagnostic, error
from .sites import sites

#: An expression may nest operators this deep...
MAX_DEPTH = 100
#: ...and hold this many terms.
MAX_NODES = 2_000


def check_expression_size(ctx) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for site in sites(ctx.ruleset):
        depth, nodes = measure(site.expr)
        if depth > MAX_DEPTH or nodes > MAX_NODES:
            what = f"{nodes} terms" if nodes > MAX_NODES else f"operators nested {depth} deep"
            out.append(error("MJ247", f"the expression of {site.label} is too large: {what} "
                             f"(at most {MAX_NODES} terms, {MAX_DEPTH} deep)", _span(site.expr),
                             "split it: name a part as a pattern or an option, or write several rules"))
            break  # one is enough: the rest of a generated file is likely the same
    return out


def measure(expr) -> tuple[int, int]:
    """(depth, number of nodes) of an expression tree, walked with a stack."""
    depth = nodes = 0
    stack = [(expr, 1)]
    while stack:
        e, d = stack.pop()
        nodes += 1
        depth = max(depth, d)
        if isinstance(e, A.BinOp):
            stack += [(e.left, d + 1), (e.right, d + 1)]
        elif isinstance(e, (A.Not, A.Neg)):
            stack.append((e.operand, d + 1))
        elif isinstance(e, A.Related):
            stack.append((e.pred, d + 1))
        elif isinstance(e, A.Call):
            stack += [(a, d + 1) for a in e.args]
    return depth, nodes


def _span(expr):
    return expr.span
