"""Expressions back to text, canonically: for dumps, hashes, explanations and ``fmt``."""

from __future__ import annotations

from .. import ast as A

# binding strength: higher binds tighter
_PREC = {"or": 1, "and": 2, "==": 4, "!=": 4, "<": 4, "<=": 4, ">": 4, ">=": 4, "+": 5, "-": 5, "*": 6, "/": 6, "^": 7}


def related_words(e) -> str:
    """The relation of a ``related(...)`` as written: ``same suit, ranks step 3``."""
    suits = {"same": "same suit", "different": "different suits", "any": "any suits"}[e.suits]
    ranks = "any ranks" if e.step is None else "same rank" if e.step == 0 else f"ranks step {e.step}"
    return f"{suits}, {ranks}"


def expr_text(e, parent: int = 0) -> str:
    if e is None:
        return ""
    if isinstance(e, A.Num):
        v = e.value
        return str(int(v)) if float(v).is_integer() else repr(v)
    if isinstance(e, A.Bool):
        return "on" if e.value else "off"
    if isinstance(e, A.Str):
        return '"' + e.value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(e, A.Name):
        return e.id
    if isinstance(e, A.Call):
        return f"{e.fn}(" + ", ".join(expr_text(a) for a in e.args) + ")"
    if isinstance(e, A.Not):
        text = "not " + expr_text(e.operand, 3)
        return f"({text})" if parent > 3 else text
    if isinstance(e, A.Neg):
        return "-" + expr_text(e.operand, 8)
    if isinstance(e, A.Related):
        return f"related({e.count} {expr_text(e.pred)}, {related_words(e)})"
    p = _PREC[e.op]
    # left-associative: the right operand needs parentheses at equal strength
    text = f"{expr_text(e.left, p)} {e.op} {expr_text(e.right, p + 1)}"
    return f"({text})" if p < parent else text
