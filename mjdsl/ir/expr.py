"""Expressions compiled to closures, with options folded in at compile time.

Options are known when a ruleset is compiled, so ``charleston when charleston``
becomes a constant and the lowering drops the Charleston's states when it is off.
What is left reads facts from an *environment*: any object with ``fact(name)``
and ``call(fn, arg)`` (the scorer, the payments, the session runner provide one).
"""

from __future__ import annotations

import math
import operator
from typing import Any, Callable

from .. import ast as A

#: a constant power with a larger exponent is worked out in floating point, not exactly
_EXACT_POWER = 1024

_BIN = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv, "^": operator.pow,
    "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
}


class Const:
    """A compiled expression whose value the options fixed."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __call__(self, env=None):
        return self.value


class Relation:
    """A compiled ``related(N P, SUITS, RANKS)``: ``count`` sets matching the set
    predicate ``pred`` (a closure), their suits (``same``/``different``/``any``) and
    rank step (0 the same rank, None any); ``text`` as written. The scorer answers it
    per reading (scoring.relations)."""

    __slots__ = ("count", "pred", "suits", "step", "text")

    def __init__(self, count: int, pred, suits: str, step: int | None, text: str):
        self.count, self.pred, self.suits, self.step, self.text = count, pred, suits, step, text


#: the arithmetic functions, on numbers alone (facts.ARITHMETIC)
ARITHMETIC: dict[str, Callable[..., float]] = {
    "min": min,
    "max": max,
    "round_up": lambda x, m: math.ceil(x / m) * m if m else x,
}


def compile_relation(e: A.Related, options: dict) -> Relation:
    from ..ast.text import expr_text

    pred = compile_expr(e.pred, options)
    assert pred is not None
    return Relation(e.count, pred, e.suits, e.step, expr_text(e))


def choice_word(e: A.Expr, other: A.Expr, options: dict) -> str | None:
    """``e`` as the choice it names where it is compared with a choice option
    (``style == hk``): a bare name that is no option, beside an option holding a name."""
    if isinstance(e, A.Name) and e.id not in options and isinstance(other, A.Name) \
            and isinstance(options.get(other.id), str):
        return e.id
    return None


def compile_expr(e: A.Expr | None, options: dict) -> Callable[[Any], Any] | None:
    """A callable ``f(env)``; a :class:`Const` where the value is known now."""
    if e is None:
        return None
    if isinstance(e, A.Num):
        return Const(e.value)
    if isinstance(e, A.Bool):
        return Const(e.value)
    if isinstance(e, A.Str):
        return Const(e.value)
    if isinstance(e, A.Name):
        if e.id in options:
            return Const(options[e.id])
        name = e.id
        return lambda env: env.fact(name)
    if isinstance(e, A.Not):
        inner = compile_expr(e.operand, options)
        if isinstance(inner, Const):
            return Const(not inner.value)
        return lambda env: not inner(env)
    if isinstance(e, A.Neg):
        inner = compile_expr(e.operand, options)
        if isinstance(inner, Const) and isinstance(inner.value, (int, float)):
            return Const(-inner.value)  # (a string or a name: left to the checks, never folded)
        return lambda env: -inner(env)
    if isinstance(e, A.Related):
        rel = compile_relation(e, options)
        return lambda env: env.call("related", rel)
    if isinstance(e, A.Call) and e.fn in ARITHMETIC:
        f = ARITHMETIC[e.fn]
        args = [compile_expr(a, options) for a in e.args]
        if all(isinstance(a, Const) for a in args):
            return Const(f(*(a.value for a in args)))
        return lambda env: f(*(a(env) for a in args))
    if isinstance(e, A.Call):
        fn = e.fn
        arg = e.args[0] if e.args else None
        if isinstance(arg, A.Str):
            value = arg.value
            return lambda env: env.call(fn, value)
        if fn in ("pattern", "announced", "announcers", "discards_since", "claims_since", "wait", "variants") \
                and isinstance(arg, A.Name):
            value = arg.id
            return lambda env: env.call(fn, value)
        if fn == "calling_for":  # rule names, passed as a tuple of strings
            names = tuple(a.id for a in e.args if isinstance(a, A.Name))
            return lambda env: env.call(fn, names)
        pred = compile_expr(arg, options)
        return lambda env: env.call(fn, pred)
    assert isinstance(e, A.BinOp)
    if e.op in ("==", "!="):
        # a choice option beside the name of one of its choices: both known now
        word_l, word_r = choice_word(e.left, e.right, options), choice_word(e.right, e.left, options)
        if word_l is not None or word_r is not None:
            left_v = word_l if word_l is not None else options[e.left.id]
            right_v = word_r if word_r is not None else options[e.right.id]
            return Const(_BIN[e.op](left_v, right_v))
    left = compile_expr(e.left, options)
    right = compile_expr(e.right, options)
    if e.op == "and":
        if isinstance(left, Const):
            return right if left.value else Const(False)
        if isinstance(right, Const):
            return left if right.value else Const(False)
        return lambda env: bool(left(env)) and bool(right(env))
    if e.op == "or":
        if isinstance(left, Const):
            return Const(True) if left.value else right
        if isinstance(right, Const):
            return Const(True) if right.value else left
        return lambda env: bool(left(env)) or bool(right(env))
    op = _BIN[e.op]
    if isinstance(left, Const) and isinstance(right, Const):
        try:
            if e.op == "^" and isinstance(right.value, (int, float)) and abs(right.value) > _EXACT_POWER:
                # 10 ^ 100000000 in whole numbers takes minutes to work out (the checker
                # refuses such an exponent, MJ224): in floating point it overflows at once
                return Const(float(left.value) ** right.value)
            return Const(op(left.value, right.value))
        except (ZeroDivisionError, OverflowError, TypeError):
            pass
    return lambda env: op(left(env), right(env))


def is_const(f) -> bool:
    return f is None or isinstance(f, Const)


def const_value(f, default=None):
    """The value of a constant expression (or ``default`` for a missing one)."""
    if f is None:
        return default
    return f.value if isinstance(f, Const) else default
