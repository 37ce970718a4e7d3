"""Names: every name in an expression is an option or a fact of its context, every
tile code is a declared tile, every function is called with the right arguments."""

from __future__ import annotations

import difflib
from typing import Iterator

from .. import ast as A
from .. import facts as F
from ..ast.text import expr_text
from ..diagnostics import Diagnostic, error
from .lint_support import is_own


def expressions(rs) -> Iterator[tuple[A.Expr, str]]:
    """Every expression of the ruleset with the context it is evaluated in."""
    from .sites import sites

    for site in sites(rs):
        yield site.expr, site.context


def tile_codes(rs) -> Iterator[A.Word]:
    """Every tile code the ruleset names outside the tiles block."""
    for b in rs.blocks.values():
        if isinstance(b, A.JokersBlock) and b.tile is not None:
            yield b.tile
        for s in _walk(b.stmts):
            if isinstance(s, (A.NeverPass, A.DeadDiscard, A.SeatWinds, A.TileList)):
                yield from s.codes
            elif isinstance(s, (A.PatEachOf, A.PatExtraOf, A.PatPairsOf)) and isinstance(s.tiles, A.TileList):
                yield from s.tiles.codes


def _walk(stmts):
    for s in stmts:
        yield s
        inner = getattr(s, "stmts", None)
        if inner:
            yield from _walk(inner)


def check_names(ctx) -> list[Diagnostic]:
    rs = ctx.ruleset
    out: list[Diagnostic] = []
    classes = set(ctx.tile_classes) | ({s.name for s in ctx.tiles.suits} if ctx.tiles else set())
    patterns = {s.name.text for b in rs.blocks.values() for s in b.stmts if isinstance(s, A.PatternDecl)}
    announcements = {s.name.text for b in rs.blocks.values() for s in b.stmts if isinstance(s, A.Announce)}
    rules = {s.name.text for b in rs.blocks.values() for s in b.stmts if isinstance(s, A.ScoreRule)}
    counters = counter_names(rs)
    for expr, context in expressions(rs):
        out.extend(_check_expr(expr, context, ctx, classes, patterns, (announcements, rules, counters)))
    if ctx.tiles is not None:
        for w in tile_codes(rs):
            if not ctx.known_code(w.text):
                out.append(_unknown_code(w, ctx))
    # pattern tile classes name classes the ruleset knows
    for b in rs.blocks.values():
        for s in _walk(b.stmts):
            words = ()
            if isinstance(s, (A.PatEachOf, A.PatExtraOf, A.PatPairsOf)) and isinstance(s.tiles, A.ClassUnion):
                words = s.tiles.names
            elif isinstance(s, A.PatExtraSameSuit):
                words = s.also
            if words:
                for w in words:
                    if w.text not in classes and w.text not in F.FACTS:
                        out.append(error("MJ204", f"unknown class of tiles `{w.text}`", w.span,
                                         _suggest(w.text, classes | set(F.fact_names(F.TILE)))))
    return out


def counter_names(rs) -> set[str]:
    """The names of the session's counters (``counter honba ...``), facts of every
    context in :data:`mjdsl.facts.COUNTER_CONTEXTS`."""
    return {s.name.text for b in rs.blocks.values() for s in b.stmts if isinstance(s, A.SessionCounter)}


def _unknown_code(w: A.Word, ctx) -> Diagnostic:
    codes = list(ctx.tiles.by_code)
    close = difflib.get_close_matches(w.text, codes, n=1)
    hint = f"did you mean \"{close[0]}\"?" if close else "declare it in the tiles block"
    tiles = ctx.block(A.TilesBlock)
    if tiles is not None and is_own(ctx, tiles.span) and not is_own(ctx, w.span):
        hint += f" (the overlay's tiles block at {tiles.span} changed the base's tiles)"
    return error("MJ214", f"unknown tile `{w.text}`", w.span, hint)


def _check_expr(expr, context: str, ctx, classes, patterns, names) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    stack = [(expr, context)]
    while stack:
        e, c = stack.pop()
        if isinstance(e, A.Name):
            if e.id in ctx.options:
                continue
            f = F.FACTS.get(e.id)
            if f is not None and c in f.contexts:
                continue
            if c in F.TILE_CLASS_CONTEXTS and e.id in classes:
                continue
            if c in F.COUNTER_CONTEXTS and e.id in names[2]:
                continue
            if f is not None:
                where = ", ".join(sorted(f.contexts))
                out.append(error("MJ204", f"`{e.id}` is not known here", e.span,
                                 f"`{e.id}` ({f.meaning}) can be used in: {where}"))
                continue
            pool = set(ctx.options.options) | set(F.fact_names(c))
            if c in F.TILE_CLASS_CONTEXTS:
                pool |= classes
            out.append(error("MJ204", f"unknown name `{e.id}`", e.span, _suggest(e.id, pool)))
        elif isinstance(e, (A.Not, A.Neg)):
            stack.append((e.operand, c))
        elif isinstance(e, A.Related):
            if c not in (F.SCORE, F.PAY):
                out.append(error("MJ204", "`related(...)` is not known here", e.span,
                                 f"it can be used in: {F.PAY}, {F.SCORE}"))
            else:
                stack.append((e.pred, F.SET))
        elif isinstance(e, A.BinOp):
            # `style == hk`: a choice option beside one of its choices (check/terms.py)
            if choice_compared(e, ctx.options):
                continue
            stack.append((e.right, c))
            stack.append((e.left, c))
        elif isinstance(e, A.Str):
            out.append(error("MJ218", "a string is not a value here", e.span,
                             "strings stand only as tile codes in winning_tile(\"5d\")"))
        elif isinstance(e, A.Call):
            out.extend(_check_call(e, c, ctx, stack, patterns, names))
    return out


def _check_call(e: A.Call, c: str, ctx, stack, patterns, names) -> list[Diagnostic]:
    announcements, rules = names[:2]
    fn = F.FUNCTIONS.get(e.fn)
    if fn is None:
        return [error("MJ204", f"unknown function `{e.fn}`", e.span, _suggest(e.fn, set(F.FUNCTIONS)))]
    if c not in fn.contexts:
        return [error("MJ204", f"`{e.fn}(...)` is not known here", e.span,
                      f"it can be used in: {', '.join(sorted(fn.contexts))}")]
    if fn.args == ("rules",):  # one or more score rule names
        if not e.args:
            return [error("MJ218", f"`{e.fn}` takes one or more rule names", e.span, f"{e.fn}: {fn.meaning}")]
        out = []
        for arg in e.args:
            if not isinstance(arg, A.Name):
                out.append(_not_a_name(e.fn, arg, "a score rule", rules))
            elif arg.id not in rules:
                out.append(error("MJ204", f"no score rule `{arg.id}`", arg.span, _suggest(arg.id, rules)))
        return out
    if fn.args == ("numbers",):  # min(a, b, ...), max(a, b, ...)
        if len(e.args) < 2:
            return [error("MJ218", f"`{e.fn}` takes two or more numbers", e.span, f"{e.fn}: {fn.meaning}")]
        stack.extend((a, c) for a in e.args)
        return []
    if len(e.args) != len(fn.args):
        return [error("MJ218", f"`{e.fn}` takes {len(fn.args)} argument(s), not {len(e.args)}", e.span,
                      f"{e.fn}: {fn.meaning}")]
    out = []
    for arg, kind in zip(e.args, fn.args):
        if kind == "number":
            stack.append((arg, c))
        elif kind == "set-pred":
            stack.append((arg, F.SET))
        elif kind == "tile-pred":
            stack.append((arg, F.TILE))
        elif kind == "pattern":
            if not isinstance(arg, A.Name):
                out.append(_not_a_name(e.fn, arg, "a pattern", patterns))
            elif arg.id not in patterns:
                out.append(error("MJ244", f"unknown pattern `{arg.id}`", arg.span, _suggest(arg.id, patterns)))
        elif kind == "name":
            if not isinstance(arg, A.Name):
                out.append(_not_a_name(e.fn, arg, "an announcement", announcements))
            elif arg.id not in announcements:
                out.append(error("MJ204", f"no announcement `{arg.id}`", arg.span,
                                 _suggest(arg.id, announcements) if announcements else "declare it with `announce` in play"))
        elif kind == "variant":
            variants = {v.name for v in ctx.tiles.variants} if ctx.tiles is not None else set()
            if not isinstance(arg, A.Name):
                out.append(_not_a_name(e.fn, arg, "a variant", variants))
            elif arg.id not in variants:
                out.append(error("MJ294", f"no variant `{arg.id}`", arg.span,
                                 _suggest(arg.id, variants) if variants
                                 else "declare it in the tiles block: variant red \"0m\" x1 of \"5m\""))
        elif kind == "wait":
            if not isinstance(arg, A.Name):
                out.append(_not_a_name(e.fn, arg, "a wait shape", F.WAIT_SHAPES))
            elif arg.id not in F.WAIT_SHAPES:
                out.append(error("MJ286", f"`{arg.id}` is not a wait shape", arg.span,
                                 f"write one of {', '.join(F.WAIT_SHAPES)}: {e.fn}(two_sided)"))
        elif kind == "section":
            if not isinstance(arg, A.Str):
                out.append(error("MJ218", f"`{e.fn}` takes a quoted section title", arg.span,
                                 f'write {e.fn}("Singles and pairs"), as the card\'s `section` line has it'))
        elif kind == "tile":
            if not isinstance(arg, A.Str):
                out.append(error("MJ218", f"`{e.fn}` takes a quoted tile code", arg.span, f'write {e.fn}("5d")'))
            elif ctx.tiles is not None and not ctx.known_code(arg.value):
                out.append(_unknown_code(A.Word(arg.value, arg.span), ctx))
    return out


def choice_compared(e: A.BinOp, options) -> bool:
    """``OPTION == WORD`` (or ``!=``, either way round): an option holding a name
    compared with a bare name or a string, which check/terms.py checks is a choice."""
    if e.op not in ("==", "!="):
        return False
    for opt, word in ((e.left, e.right), (e.right, e.left)):
        if isinstance(opt, A.Name) and isinstance(word, (A.Name, A.Str)) and opt.id in options:
            o = options.options.get(opt.id)
            if o is not None and o.type in ("choice", "string") and not (isinstance(word, A.Name) and word.id in options):
                return True
    return False


def _not_a_name(fn: str, arg, what: str, pool) -> Diagnostic:
    """MJ218 for ``pattern("standard")``, ``wait(3)`` and the like: the argument is a
    name written bare (``what``: "a pattern", "an announcement"), and the hint writes
    the call as it should be."""
    known = sorted(pool)
    close = difflib.get_close_matches(arg.value, known, n=1) if isinstance(arg, A.Str) else []
    if close:
        hint = f"write {fn}({close[0]})" + (", without the quotes" if close[0] == arg.value else "")
    elif 0 < len(known) <= 8:
        hint = f"write {fn}(NAME), unquoted, NAME one of: {', '.join(known)}"
    else:
        hint = f"write {fn}(NAME), unquoted, NAME {what} the ruleset declares"
    shape = "a quoted string" if isinstance(arg, A.Str) else f"`{expr_text(arg)}`"
    return error("MJ218", f"`{fn}` takes the name of {what}, not {shape}", arg.span, hint)


def _suggest(name: str, pool) -> str:
    close = difflib.get_close_matches(name, sorted(pool), n=1)
    if close:
        return f"did you mean `{close[0]}`?"
    return "see docs/language.md for the names an expression can use here"
