"""Named sub-expressions (``let NAME = EXPR`` in the scoring block), written in where used.

A ``let`` names an expression for the later expressions of the scoring and payments
blocks: a rule's condition, the value, the minimum to go out, a payment. The checks
(through :func:`mjdsl.check.sites.sites`) and the lowering read every expression
with its lets written in, so a name stands for its expression exactly as if it had
been written out, and a mistake inside a let is reported where the let is written.
A let sees only the lets above it, so no let can stand for itself.
"""

from __future__ import annotations

from .blocks import ScoringBlock
from .expr import BinOp, Call, Expr, Name, Neg, Not, Related
from .stmts import ScoreLet


#: functions whose arguments are names of the ruleset (patterns, announcements, rules), not values
_NAMES_ARGS = ("pattern", "announced", "calling_for")


def scoring_lets(rs) -> dict[str, Expr]:
    """The ruleset's lets by name, in order, each with the lets above it written in."""
    b = rs.block(ScoringBlock)
    return lets_of(b.stmts) if b is not None else {}


def lets_of(stmts, before=None) -> dict[str, Expr]:
    """The lets of a block's statements (those above ``before``, if given), in order,
    each with the lets above it written in."""
    out: dict[str, Expr] = {}
    for s in stmts:
        if s is before:
            break
        if isinstance(s, ScoreLet) and s.name.text not in out:
            out[s.name.text] = expand_lets(s.expr, out)
    return out


def expand_lets(e: Expr | None, lets: dict[str, Expr]) -> Expr | None:
    """``e`` with every name of ``lets`` replaced by its expression."""
    if e is None or not lets:
        return e
    if isinstance(e, Name):
        return lets.get(e.id, e)
    if isinstance(e, BinOp):
        return BinOp(e.op, expand_lets(e.left, lets), expand_lets(e.right, lets), e.span)
    if isinstance(e, Not):
        return Not(expand_lets(e.operand, lets), e.span)
    if isinstance(e, Neg):
        return Neg(expand_lets(e.operand, lets), e.span)
    if isinstance(e, Call):
        if e.fn in _NAMES_ARGS:
            return e
        return Call(e.fn, tuple(expand_lets(a, lets) for a in e.args), e.span)
    if isinstance(e, Related):
        return e  # a set predicate: the names of a set, never a let
    return e
