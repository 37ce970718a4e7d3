"""Expressions that can be computed: what the interpreter would meet only in play,
refused now where the options (and ``--set``) already decide it.

- a division by a constant zero (``value / 0``, or by an option set to 0);
- a constant that overflows, an exponent above :data:`MAX_EXPONENT`, a score rule
  of more than :data:`MAX_DOUBLES` doubles or an amount above :data:`MAX_AMOUNT`;
- an expression nested deeper than :data:`MAX_DEPTH` (a chain of ``not``\\ s or a
  sum of hundreds of terms): the scorer compiles conditions to Python, which
  refuses deeper nesting;
- ``sets()``, ``pairs()``, ``tiles()``, ``bonus()``, ``pattern()``... in the hand's
  ``value`` or ``limit``: these are worked out once per hand, from the points and
  doubles the rules gave, not per reading of the hand; and a ``limit`` that is not
  a number fixed by the options;
- a choice (or string) option standing as a condition (``when style``): it holds
  a name, never true or false, so the condition would always hold; or standing as a
  number (``points / style``, ``style > 2``), which it is not either (MJ229);
- a rule counted ``per`` a truth value (``per won``): a count is a number (MJ278).
"""

from __future__ import annotations

import math

from .. import ast as A
from ..diagnostics import Diagnostic, error
from ..ast.text import expr_text
from ..facts import ARITHMETIC, FACTS
from ..ir.expr import Const, compile_expr
from .sites import sites

#: Deepest expression the scorer's generated code can hold (Python nests at most 200).
MAX_DEPTH = 64
#: Largest constant exponent: 2 ^ 64 is still exact in a float's range.
MAX_EXPONENT = 64
#: Most doubles one score rule may give, and the largest amount of points or limits.
MAX_DOUBLES = 64
MAX_AMOUNT = 1_000_000


def check_values(ctx) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    opts = ctx.options.values()
    choices = {o.name for o in ctx.options if o.type in ("choice", "string")}
    texts = {o.name: o.type for o in ctx.options if o.type in ("choice", "string")}
    for site in sites(ctx.ruleset):
        depth = expr_depth(site.expr)
        if depth > MAX_DEPTH:
            out.append(error("MJ225", f"{site.label}: an expression nested {depth} deep (at most {MAX_DEPTH})",
                             site.expr.span, "split it into score rules, or write fewer terms"))
            continue
        out.extend(_arithmetic(site.expr, opts))
        if site.is_condition:
            out.extend(_bare_choice(site.expr, choices))
        out.extend(_choice_as_number(site.expr, texts))
        if isinstance(site.stmt, (A.ScoreValue, A.ScoreLimit)):
            out.extend(_whole_hand(site.stmt, site.expr, opts))
    scoring = ctx.block(A.ScoringBlock)
    bools = {o.name for o in ctx.options if o.type == "bool"}
    for rule in scoring.all(A.ScoreRule) if scoring is not None else ():
        out.extend(_amount(rule))
        if isinstance(rule.times, A.Name) and rule.times.id in texts:
            out.append(_not_a_number(rule.times, texts))
        elif rule.times is not None and is_truth(rule.times, bools):
            out.append(error("MJ278", f"rule `{rule.name.text}` counts `per {expr_text(rule.times)}`, which is true or "
                             "false, not a number of times", rule.times.span,
                             "count something the hand holds: `per related(...)`, `per (kinds(4) - sets(kong))`; "
                             "a rule that applies or not takes `when` instead"))
    return out


#: functions that answer true or false; the others count (sets, tiles, players, discards
#: and claims since an announcement) or compute (F.ARITHMETIC)
TRUTH_CALLS = frozenset(("pattern", "wait", "announced", "last_in", "winning_tile", "section", "calling_for", "has"))


def is_truth(e, bools) -> bool:
    """Is ``e`` a truth value (a condition) rather than a number? ``bools``: the names
    of the ruleset's options that are true or false."""
    if isinstance(e, (A.Bool, A.Not)):
        return True
    if isinstance(e, A.BinOp):
        return e.op in ("and", "or", "==", "!=", "<", "<=", ">", ">=")
    if isinstance(e, A.Name):
        fact = FACTS.get(e.id)
        return e.id in bools or (fact is not None and fact.type == "bool")
    return isinstance(e, A.Call) and e.fn in TRUTH_CALLS


def expr_depth(e) -> int:
    """How deep an expression nests (a name is 1), without recursing."""
    deepest = 0
    stack = [(e, 1)]
    while stack:
        node, d = stack.pop()
        deepest = max(deepest, d)
        stack.extend((child, d + 1) for child in _children(node))
    return deepest


def _children(e) -> tuple:
    if isinstance(e, A.BinOp):
        return (e.left, e.right)
    if isinstance(e, (A.Not, A.Neg)):
        return (e.operand,)
    if isinstance(e, A.Related):
        return (e.pred,)
    if isinstance(e, A.Call):
        return tuple(e.args)
    return ()


def _walk(e):
    stack = [e]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(_children(node))


def _arithmetic(expr, opts) -> list[Diagnostic]:
    out = []
    for e in _walk(expr):
        if not isinstance(e, A.BinOp) or e.op not in ("+", "-", "*", "/", "^"):
            continue
        right = compile_expr(e.right, opts)
        left = compile_expr(e.left, opts)
        if e.op == "/" and isinstance(right, Const) and _number(right.value) == 0:
            out.append(error("MJ224", "a division by zero" + _through_options(e.right, opts), e.span,
                             "divide by a number other than 0 (an option in the divisor must not be 0)"))
        elif e.op == "^" and isinstance(right, Const) and abs(_number(right.value)) > MAX_EXPONENT:
            out.append(error("MJ224", f"an exponent of {_show(right.value)} (at most {MAX_EXPONENT})", e.span,
                             "a hand's doubles are counted by the rules: write `2 ^ doubles`"))
        elif isinstance(left, Const) and isinstance(right, Const):
            try:
                value = _BIN[e.op](_number(left.value), _number(right.value))
            except ZeroDivisionError:
                # a `/` by zero is reported above; 0 ^ -1 is 1 / 0 too, which play stops at (MJ420)
                out.append(error("MJ224", f"a division by zero: 0 to the power {_show(right.value)}"
                                 + _through_options(e.left, opts), e.span,
                                 "raise 0 to a power of 0 or more (an option in the base must not be 0)"))
                continue
            except OverflowError:
                value = math.inf
            if not math.isfinite(value):
                out.append(error("MJ224", "a number too large to compute", e.span, "write a smaller number"))
    for e in _walk(expr):
        if isinstance(e, A.Num) and not math.isfinite(e.value):
            out.append(error("MJ224", "a number too large to compute", e.span, "write a smaller number"))
    return out


_BIN = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
        "/": lambda a, b: a / b, "^": lambda a, b: float(a) ** b}


def _number(v) -> float:
    return float(v) if isinstance(v, (int, float)) else 1.0  # a bool or a name: not a zero


def _show(v) -> str:
    return str(int(v)) if float(v).is_integer() else str(v)


def _through_options(e, opts) -> str:
    named = sorted({n.id for n in _walk(e) if isinstance(n, A.Name) and n.id in opts})
    return f" (the option{'s' if len(named) > 1 else ''} {', '.join(named)} = 0)" if named else ""


def _bare_choice(expr, choices) -> list[Diagnostic]:
    """Choice options standing where a truth value is read: alone, under `not`, beside and/or."""
    out = []
    stack = [expr]
    while stack:
        e = stack.pop()
        if isinstance(e, A.Name) and e.id in choices:
            out.append(error("MJ229", f"the choice option `{e.id}` is not true or false", e.span,
                             "a condition needs an on/off option (a choice is read where the language names it)"))
        elif isinstance(e, A.Not):
            stack.append(e.operand)
        elif isinstance(e, A.BinOp) and e.op in ("and", "or"):
            stack += [e.left, e.right]
    return out


def _choice_as_number(expr, choices: dict) -> list[Diagnostic]:
    """Choice options standing where a number is computed: beside an arithmetic
    operator or an ordering comparison, negated, or in min/max/round_up. The name it
    holds is no number (``points * 2 / style`` would stop the hand that scores it)."""
    out = []
    for e in _walk(expr):
        if isinstance(e, A.BinOp) and e.op in _NUMERIC_OPS:
            operands = [e.left, e.right]
        elif isinstance(e, A.Neg):
            operands = [e.operand]
        elif isinstance(e, A.Call) and e.fn in ARITHMETIC:
            operands = list(e.args)
        else:
            continue
        out.extend(_not_a_number(x, choices) for x in operands if isinstance(x, A.Name) and x.id in choices)
    return out


def _not_a_number(name: A.Name, kinds: dict) -> Diagnostic:
    if kinds[name.id] == "string":
        return error("MJ229", f"the option `{name.id}` holds quoted text, not a number", name.span,
                     f'compare it with quoted text where a number depends on it (a rule `when {name.id} == "..."`), '
                     "or use a number option in its place")
    return error("MJ229", f"the choice option `{name.id}` is not a number", name.span,
                 f"compare it with one of its choices where a number depends on it (a rule `when {name.id} == ...`), "
                 "or use a number option in its place")


#: operators whose operands are numbers (== and != compare a choice with its words)
_NUMERIC_OPS = frozenset(("+", "-", "*", "/", "^", "<", "<=", ">", ">="))


def _whole_hand(stmt, expr, opts) -> list[Diagnostic]:
    what = "the hand's value" if isinstance(stmt, A.ScoreValue) else "the limit"
    out = []
    for e in _walk(expr):
        # variants(NAME) counts copies of the whole hand, the same in every reading
        if isinstance(e, A.Related) or isinstance(e, A.Call) and e.fn not in ARITHMETIC and e.fn != "variants":
            fn = "related" if isinstance(e, A.Related) else e.fn
            out.append(error("MJ226", f"`{fn}(...)` is not known in {what}", e.span,
                             f"{what} is worked out once from the rules' points and doubles; "
                             f"count sets and tiles in a score rule instead"))
    if isinstance(stmt, A.ScoreLimit) and not out and not isinstance(compile_expr(expr, opts), Const):
        out.append(error("MJ226", "the limit is not a fixed number", expr.span,
                         "write a number, or an option that holds one"))
    return out


def _amount(rule) -> list[Diagnostic]:
    amount, unit = abs(rule.amount), rule.unit
    if unit.startswith("double") and amount > MAX_DOUBLES:
        return [error("MJ224", f"rule `{rule.name.text}` gives {_show(amount)} doubles (at most {MAX_DOUBLES})",
                      rule.span, "a limit rule (`1 limit`) scores a hand that is worth the most")]
    if not math.isfinite(amount) or amount > MAX_AMOUNT:
        return [error("MJ224", f"rule `{rule.name.text}` gives {_show(amount) if math.isfinite(amount) else amount} "
                               f"{unit} (at most {MAX_AMOUNT})", rule.span, "write a smaller number")]
    return []
