"""The scoring language's terms (issue 10): lets, choices compared, numbers that are
numbers, relations between sets, exclusions.

- MJ281: a ``let`` whose name is already an option, a fact, a function or a let;
- MJ282: a choice option compared with a name that is not one of its choices
  (``style == hk`` where ``style`` is ``one of fast slow``);
- MJ283: a truth value (a comparison, ``and``/``or``/``not``, on/off, a true-or-false
  fact or option) used as a number: it would silently count as 0 or 1;
- MJ284: a relation between sets that no hand can hold (fewer than two sets, more
  than :data:`MAX_RELATED`, a step beyond the ranks);
- MJ285: a rule that excludes itself, or two rules that exclude each other.
"""

from __future__ import annotations

from .. import ast as A
from .. import facts as F
from ..diagnostics import Diagnostic, error
from .names import choice_compared
from .sites import sites

#: Most sets one relation can name (four sets and a pair; sixteen-tile hands have five).
MAX_RELATED = 5
#: Largest rank step: ranks run 1..9.
MAX_STEP = 8

_ARITH_OPS = ("+", "-", "*", "/", "^")
_TRUTH_CALLS = frozenset(n for n, f in F.FUNCTIONS.items() if n not in ("sets", "pairs", "tiles", "bonus", "kinds", "variants",
                                                                        "announcers", "alike_discards",
                                                                        "kinds_held")
                         and n not in F.ARITHMETIC)


def check_terms(ctx) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    out.extend(_lets(ctx))
    for site in sites(ctx.ruleset):
        for e in _walk(site.expr):
            if isinstance(e, A.BinOp) and choice_compared(e, ctx.options):
                out.extend(_choice(e, ctx.options))
            elif isinstance(e, A.BinOp) and e.op in _ARITH_OPS:
                out.extend(_number(x, ctx) for x in (e.left, e.right) if _is_truth(x, ctx))
            elif isinstance(e, A.Neg) and _is_truth(e.operand, ctx):
                out.append(_number(e.operand, ctx))
            elif isinstance(e, A.Call) and e.fn in F.ARITHMETIC:
                out.extend(_number(x, ctx) for x in e.args if _is_truth(x, ctx))
            elif isinstance(e, A.Related):
                out.extend(_relation(e))
    out.extend(_excludes(ctx))
    # a let's mistake shows again wherever it is written in: the front end keeps one
    # finding per place (frontend.checked)
    return out


def _walk(e):
    stack = [e]
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, A.BinOp):
            stack += [node.left, node.right]
        elif isinstance(node, (A.Not, A.Neg)):
            stack.append(node.operand)
        elif isinstance(node, A.Call):
            stack += list(node.args)
        elif isinstance(node, A.Related):
            stack.append(node.pred)


def _lets(ctx) -> list[Diagnostic]:
    b = ctx.block(A.ScoringBlock)
    out: list[Diagnostic] = []
    seen: set[str] = set()
    for s in b.all(A.ScoreLet) if b is not None else ():
        name = s.name.text
        what = ("an option" if name in ctx.options else "a fact" if name in F.FACTS
                else "a function" if name in F.FUNCTIONS else "a let above" if name in seen else None)
        if what is not None:
            out.append(error("MJ281", f"`let {name}`: `{name}` is already {what}", s.name.span,
                             "give the expression a name of its own"))
        seen.add(name)
    return out


def _choice(e: A.BinOp, options) -> list[Diagnostic]:
    for opt, word in ((e.left, e.right), (e.right, e.left)):
        if not (isinstance(opt, A.Name) and opt.id in options):
            continue
        o = options[opt.id]
        if o.type == "string":
            if isinstance(word, A.Str):
                return []
            return [error("MJ282", f"`{opt.id}` holds quoted text, not a choice", word.span,
                          f'compare it with a quoted string: {opt.id} == "..."')]
        shown = word.id if isinstance(word, A.Name) else word.value
        if shown in o.choices:
            return []
        return [error("MJ282", f"`{shown}` is not a choice of the option `{opt.id}`", word.span,
                      f"`{opt.id}` is one of {', '.join(o.choices)}")]
    return []


def _is_truth(e, ctx) -> bool:
    if isinstance(e, (A.Not, A.Bool)):
        return True
    if isinstance(e, A.BinOp):
        return e.op not in _ARITH_OPS
    if isinstance(e, A.Name):
        if e.id in ctx.options:
            return ctx.options[e.id].type == "bool"
        f = F.FACTS.get(e.id)
        return f is not None and f.type == "bool"
    if isinstance(e, A.Call):
        return e.fn in _TRUTH_CALLS
    return False


def _number(e, ctx) -> Diagnostic:
    return error("MJ283", "a truth value used as a number", e.span,
                 "it would count as 1 or 0; write the number meant, or make it a condition "
                 "(a score rule's `when`, or a payment's `when`)")


def _relation(e: A.Related) -> list[Diagnostic]:
    if not 2 <= e.count <= MAX_RELATED:
        return [error("MJ284", f"a relation between {e.count} set(s)", e.span,
                      f"relate 2 to {MAX_RELATED} sets; count single sets with sets(...)")]
    if e.step is not None and e.step * (e.count - 1) > MAX_STEP:
        return [error("MJ284", f"{e.count} sets {e.step} ranks apart can't be held (ranks run 1..9)", e.span,
                      "a pure straight is `related(3 chow, same suit, ranks step 3)`")]
    return []


def _excludes(ctx) -> list[Diagnostic]:
    b = ctx.block(A.ScoringBlock)
    if b is None:
        return []
    rules = {r.name.text for r in b.all(A.ScoreRule)}
    excludes = {s.name.text: {w.text for w in s.excluded} for s in b.all(A.ScoreExcludes)}
    out: list[Diagnostic] = []
    for s in b.all(A.ScoreAlone):
        for w in (s.name, *s.unless):
            if w.text not in rules:
                out.append(error("MJ204", f"no score rule `{w.text}`", w.span, "name a rule of the scoring block"))
        # every rule but those of `except` excludes a rule that counts alone
        for other in sorted(excludes.get(s.name.text, set()) - {w.text for w in s.unless} - {s.name.text}):
            out.append(error("MJ285", f"rules `{s.name.text}` and `{other}` exclude each other", s.name.span,
                             f"a rule that counts alone is dropped by `{other}`: name `{other}` after `except`, "
                             "or drop the exclusion"))
    for s in b.all(A.ScoreExcludes):
        for w in (s.name, *s.excluded):
            if w.text not in rules:
                out.append(error("MJ204", f"no score rule `{w.text}`", w.span, "name a rule of the scoring block"))
        for w in s.excluded:
            if w.text == s.name.text:
                out.append(error("MJ285", f"rule `{w.text}` excludes itself", w.span,
                                 "a rule excludes the rules it implies, never itself"))
            elif s.name.text in excludes.get(w.text, ()):
                out.append(error("MJ285", f"rules `{s.name.text}` and `{w.text}` exclude each other", w.span,
                                 "when both apply neither would count: keep the exclusion of the larger one"))
    return out
