"""Whole-ruleset structure: required blocks, blocks and names written twice."""

from __future__ import annotations

from collections import Counter

from .. import ast as A
from ..diagnostics import Diagnostic, error

#: Words that are values in expressions (on/off and their synonyms), never names.
VALUE_WORDS = frozenset({"on", "off", "true", "false", "yes", "no"})

#: Blocks a playable ruleset needs.
REQUIRED = (A.TilesBlock, A.SeatsBlock, A.WallBlock, A.DealBlock, A.PlayBlock, A.WinningBlock)


def check_structure(ctx) -> list[Diagnostic]:
    rs = ctx.ruleset
    out: list[Diagnostic] = []
    for cls in REQUIRED:
        if rs.block(cls) is None and not rs.base_missing:  # the missing base is the one error
            out.append(error("MJ216", f"the ruleset has no `{cls.KIND}` block", ctx.ruleset_span,
                             f"add a `{cls.KIND} {{ ... }}` block (see docs/language.md)"))
    # A block written twice in the same ruleset (includes count as the same file).
    seen: dict[str, A.Block] = {}
    for s in rs.statements:
        if isinstance(s, A.Block):
            if s.KIND in seen:
                out.append(error("MJ201", f"`{s.KIND}` block written twice", s.span,
                                 f"the first is at {seen[s.KIND].span}; merge them into one block"))
            else:
                seen[s.KIND] = s
    opts: dict[str, A.OptionDecl] = {}
    for s in rs.statements:
        if isinstance(s, A.OptionDecl) and s.name.text in VALUE_WORDS:
            out.append(error("MJ246", f"an option named `{s.name.text}` can't be used: in a condition "
                                      f"`{s.name.text}` is the value {s.name.text}", s.name.span,
                             f"name it after what it switches, e.g. `{s.name.text}_rule`"))
        if isinstance(s, A.OptionDecl):
            if s.name.text in opts:
                out.append(error("MJ202", f"option `{s.name.text}` declared twice", s.name.span,
                                 f"the first is at {opts[s.name.text].span}; to change a value use `set`"))
            opts[s.name.text] = s
            if rs.base is not None and s.name.text in rs.base.options:
                out.append(error("MJ202", f"option `{s.name.text}` is already declared by the base ruleset",
                                 s.name.span, f"use `set {s.name.text} = ...` to change its value"))
    out.extend(_named_twice(s for s in rs.statements if isinstance(s, A.Block)))
    return out


def _named_twice(blocks) -> list[Diagnostic]:
    """Named statements (claims, rules, patterns) written twice within one file's blocks."""
    out = []
    for b in blocks:
        counts = Counter()
        first = {}
        for s in b.stmts:
            w = getattr(s, "name", None)
            # red 0m, red 0p: one name, many kinds; a class twice is check/tiles.py's MJ202 (it
            # also sees a class named like a bonus kind) and a suit twice its MJ203, which
            # reporting here would double
            if isinstance(w, A.Word) and not isinstance(s, (A.VariantDecl, A.ClassDecl, A.SuitDecl)):
                key = (type(s).__name__, w.text)
                counts[key] += 1
                if counts[key] > 1:
                    out.append(error("MJ202", f"`{w.text}` is written twice in the `{b.KIND}` block", w.span,
                                     f"the first is at {first[key]}; keep one"))
                else:
                    first[key] = w.span
    return out
