"""Names, tile codes and expressions (conditions, amounts, predicates) of the typed tree."""

from __future__ import annotations

from typing import Iterator, TypeVar, Union

from ..source import Span
from .make import node

T = TypeVar("T")


@node
class Word:
    """A name or a tile code as written, with where it was written."""

    text: str
    span: Span

    def __str__(self) -> str:
        return self.text


# -----------------------------------------------------------------------------
# Expressions (conditions, amounts, predicates)
# -----------------------------------------------------------------------------


@node
class Num:
    value: float
    span: Span


@node
class Bool:
    value: bool
    span: Span


@node
class Str:
    value: str
    span: Span


@node
class Name:
    """A name in an expression: an option, a fact of the hand, or a class of tiles."""

    id: str
    span: Span


@node
class Call:
    """``fn(args...)``: a function of the fact vocabulary (``count``, ``tiles``)."""

    fn: str
    args: tuple["Expr", ...]
    span: Span


@node
class Not:
    operand: "Expr"
    span: Span


@node
class BinOp:
    """``left op right``; op is one of ``and or == != < <= > >= + - * / ^``."""

    op: str
    left: "Expr"
    right: "Expr"
    span: Span


@node
class Neg:
    """``-operand``: unary minus."""

    operand: "Expr"
    span: Span


@node
class Related:
    """``related(N P, SUITS, RANKS)``: how many groups of ``count`` sets of the reading,
    no set in two groups, match the set predicate ``pred`` and are related so.

    suits: ``same`` (one suit), ``different`` (each set its own suit) or ``any``;
    step: the rank relation: ``0`` the same rank (``same rank``), ``k`` ranks ``r, r+k,
    r+2k...`` in some order (``ranks step k``), ``None`` any ranks. A chow's rank is its
    lowest tile's. Only sets of suit tiles relate (an honour has no rank and no suit).
    """

    count: int
    pred: "Expr"
    suits: str
    step: int | None
    span: Span


Expr = Union[Num, Bool, Str, Name, Call, Not, BinOp, Neg, Related]
Value = Union[Num, Bool, Str, Name]


def names_in(expr: Expr | None) -> Iterator[Name]:
    """Every :class:`Name` an expression mentions, in order."""
    if expr is None:
        return
    if isinstance(expr, Name):
        yield expr
    elif isinstance(expr, Call):
        for a in expr.args:
            yield from names_in(a)
    elif isinstance(expr, (Not, Neg)):
        yield from names_in(expr.operand)
    elif isinstance(expr, Related):
        yield from names_in(expr.pred)
    elif isinstance(expr, BinOp):
        yield from names_in(expr.left)
        yield from names_in(expr.right)
