"""Lint: overrides that change nothing (MJ301-MJ303, MJ323).

An overlay states only its differences (style.md, habit 6), so a line of it that
changes nothing is a mistake waiting to happen: a ``set`` to the value already in
force (MJ301), a statement that restates the base's word for word (MJ302), a
``remove`` that names nothing the base has (MJ303, the trap the field notes report
of Kajongg's variants: an override that silently does nothing), a ``remove KIND
{ ... }`` statement the base does not write (MJ323).
"""

from __future__ import annotations

import difflib

from .. import ast as A
from ..diagnostics import Diagnostic, warning
from ..frontend.load import statement_key
from ..options import option_table, value_of
from ..ast.same import same_node
from .lint_support import is_own, without_spans


def check_overrides(ctx) -> list[Diagnostic]:
    rs = ctx.ruleset
    out = _sets_in_force(ctx)
    if rs.base is not None:
        out += _restated(ctx)
    out += _removes(ctx)
    out += _removed_statements(ctx)
    return [d for d in out if is_own(ctx, d.span)]


# -- MJ301: `set` to the value in force ----------------------------------------------


def _sets_in_force(ctx) -> list[Diagnostic]:
    rs = ctx.ruleset
    before: dict[str, tuple] = {}
    if rs.base is not None:
        base_table, _ = option_table(rs.base)
        before = {o.name: (_kind(o.value), o.value, "its value in the base ruleset") for o in base_table}
    for s in rs.statements:
        if isinstance(s, A.OptionDecl):
            v = value_of(s.default)
            before[s.name.text] = (_kind(v), v, "its default")
    sets = [s for s in rs.statements if isinstance(s, A.SetOption)]
    out = []
    for i, s in enumerate(sets):
        name = s.name.text
        if name not in ctx.options:
            continue  # MJ210 reports it
        later = next((t for t in sets[i + 1:] if t.name.text == name), None)
        v = value_of(s.value)
        shown = ctx.options[name].describe_value(v)
        if later is not None:
            out.append(warning("MJ301", f"`set {name} = {shown}` changes nothing: `{name}` is set again below",
                               s.span, f"keep only the last `set {name}`, at {later.span}"))
        elif name in before and before[name][:2] == (_kind(v), v):
            out.append(warning("MJ301", f"`set {name} = {shown}` changes nothing: that is already {before[name][2]}",
                               s.span, "delete the line; an overlay states only what it changes"))
        before[name] = (_kind(v), v, "the value set above")
    return out


def _kind(v) -> str:
    return "bool" if isinstance(v, bool) else "number" if isinstance(v, (int, float)) else "text"


# -- MJ302: a statement the same as the base's -------------------------------------------


def _restated(ctx) -> list[Diagnostic]:
    rs = ctx.ruleset
    base = rs.base
    out = []
    for s in rs.statements:
        if isinstance(s, A.RulesetDecl) and s.name == base.name:
            out.append(warning("MJ302", f"the overlay gives the base's own name \"{s.name}\"", s.span,
                               "give the overlay a name of its own, or delete the line"))
        elif isinstance(s, A.Flow) and base.flow is not None and without_spans(s) == without_spans(base.flow):
            out.append(warning("MJ302", "this `flow` is the base's, unchanged", s.span,
                               "delete the line; an overlay states only what it changes"))
        elif isinstance(s, A.Block) and s.KIND in base.blocks:
            out += _restated_block(s, base.blocks[s.KIND])
    return out


def _restated_block(over: A.Block, base: A.Block) -> list[Diagnostic]:
    groups: dict[tuple, list] = {}
    for s in over.stmts:
        groups.setdefault(statement_key(s), []).append(s)
    out = []
    for key, stmts in groups.items():
        same = [b for b in base.stmts if statement_key(b) == key]
        if same and without_spans(tuple(stmts)) == without_spans(tuple(same)):
            named = len(key) > 1 and isinstance(getattr(stmts[0], "name", None), A.Word)
            if len(stmts) > 1:
                # lines of one kind replace the base's together: deleting one alone would
                # make the others replace them all (a payment line lost)
                out.append(warning("MJ302", f"these {len(stmts)} lines in `{over.KIND}` are the base's, unchanged",
                                   stmts[0].span, f"delete all {len(stmts)} together (the base says the same at "
                                   f"{same[0].span}); deleting one alone would replace the base's lines with the rest"))
                continue
            what = f"`{key[1]}`" if named else "this line"
            out.append(warning("MJ302", f"{what} in `{over.KIND}` is the base's, unchanged", stmts[0].span,
                               f"delete it (the base says the same at {same[0].span}); an overlay states only what it changes"))
    return out


# -- MJ303: `remove` of nothing ---------------------------------------------------------


def _removes(ctx) -> list[Diagnostic]:
    rs = ctx.ruleset
    removes = [s for s in rs.statements if isinstance(s, A.Remove)]
    if not removes:
        return []
    if rs.base is None:
        return [warning("MJ303", "`remove` in a ruleset that extends nothing removes nothing", r.span,
                        "`remove` drops rules of the base: add `extends \"base.mj\"`, or delete the rule itself")
                for r in removes]
    names = {s.name.text for b in rs.base.blocks.values() for s in b.stmts
             if isinstance(getattr(s, "name", None), A.Word)}
    out = []
    for r in removes:
        for w in r.names:
            if w.text not in names:
                close = difflib.get_close_matches(w.text, sorted(names), n=1)
                hint = f"did you mean `{close[0]}`?" if close else "name a rule, pattern, claim or round of the base"
                out.append(warning("MJ303", f"`remove {w.text}` removes nothing: the base has no `{w.text}`",
                                   w.span, hint))
    return out


# -- MJ323: `remove KIND { ... }` of a statement the base does not write ----------------


def _removed_statements(ctx) -> list[Diagnostic]:
    rs = ctx.ruleset
    out = []
    for r in (s for s in rs.statements if isinstance(s, A.RemoveBlock)):
        kind = r.block.KIND
        base = rs.base.blocks.get(kind) if rs.base is not None else None
        for stmt in r.block.stmts:
            if base is not None and any(same_node(stmt, b) for b in base.stmts):
                continue
            alike = [b for b in base.stmts if type(b) is type(stmt)] if base is not None else []
            if rs.base is None:
                hint = "`remove` drops statements of the base: add `extends \"base.mj\"`, or delete the statement itself"
            elif alike:
                hint = f"write it as the base does, at {alike[0].span.path}:{alike[0].span.line}"
            else:
                hint = f"the base's `{kind}` block has no statement of this kind"
            out.append(warning("MJ323", f"this statement is not in the base's `{kind}` block: removing it removes nothing",
                               stmt.span, hint))
    return out
