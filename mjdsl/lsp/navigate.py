"""Go to definition, document symbols and formatting.

Definition: on ``include``/``extends`` (the file, found as the loader finds it), on a
winning block's ``card`` and a card's ``tiles`` line (the file, relative to the one
that names it), and on an option's name (its ``option`` declaration, in whichever file
of the ruleset declares it). Symbols: the document's top-level statements, with the
names declared inside blocks (claims, patterns, rules, rounds) as children; a card's
sections with their lines. Formatting is ``mjdsl fmt``'s ``format_text``.
"""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types as T

from .. import ast as A
from .analysis import CARD, Analysis
from .text import span_range, token_at

S = T.SymbolKind
_START = T.Range(T.Position(0, 0), T.Position(0, 0))


def _location(path: Path, span=None) -> T.Location:
    return T.Location(path.resolve().as_uri(), span_range(span) if span is not None else _START)


def definition(a: Analysis, line: int, col: int) -> T.Location | None:
    if a.kind == CARD:
        tiles = a.card.tiles if a.card is not None else None
        if tiles is not None and tiles.span.line == line + 1:
            from ..cards.api import resolve_tiles
            from ..frontend.paths import Refused

            # the one path policy: beside the card, else the ruleset library
            found = resolve_tiles(a.card, a.path)
            return None if isinstance(found, Refused) else _location(found)
        return None
    for stmt in a.program.stmts if a.program is not None else ():
        if stmt.span.line != line + 1:
            continue
        if isinstance(stmt, (A.Include, A.Extends)):
            from ..frontend.load import resolve_path

            target = resolve_path(stmt.path, a.path)
            return _location(target) if target is not None else None
    ref = _card_ref(a, line)
    if ref is not None:
        target = a.path.parent / ref.path
        return _location(target) if target.is_file() else None
    tok = token_at(a.text, line, col)
    ctx = a.ctx
    if tok is not None and tok[0] == "name" and ctx is not None and tok[1] in ctx.options:
        span = ctx.options[tok[1]].span
        return _location(Path(span.path), span)
    return None


def _card_ref(a: Analysis, line: int):
    for stmt in a.program.stmts if a.program is not None else ():
        if isinstance(stmt, A.WinningBlock):
            for ref in stmt.all(A.CardRef):
                if ref.span.line == line + 1:
                    return ref
    return None


def symbols(a: Analysis) -> list[T.DocumentSymbol]:
    if a.kind == CARD:
        return _card_symbols(a.card) if a.card is not None else []
    return [_symbol(stmt) for stmt in (a.program.stmts if a.program is not None else ())]


def _symbol(stmt) -> T.DocumentSymbol:
    name, kind = _name_and_kind(stmt)
    inner = stmt.stmts if isinstance(stmt, (A.Block, A.OptionalRound)) else ()
    children = [_symbol(s) for s in inner if hasattr(s, "name") and hasattr(s, "span")]
    head = span_range(stmt.span)
    whole = _cover(head, [c.range for c in children])
    return T.DocumentSymbol(name=name, kind=kind, range=whole, selection_range=head, children=children or None)


def _cover(head: T.Range, ranges: list[T.Range]) -> T.Range:
    """A range from ``head`` to the furthest end among ``ranges`` (a parent encloses its children)."""
    end = max([head.end, *(r.end for r in ranges)], key=lambda p: (p.line, p.character))
    return T.Range(head.start, end)


def _name_and_kind(stmt) -> tuple[str, T.SymbolKind]:
    if isinstance(stmt, A.Block):
        return stmt.KIND, S.Namespace
    if isinstance(stmt, A.RulesetDecl):
        return f"ruleset {stmt.name}", S.Module
    if isinstance(stmt, (A.Include, A.Extends)):
        return f"{type(stmt).__name__.lower()} {stmt.path}", S.File
    if isinstance(stmt, (A.OptionDecl, A.SetOption)):
        return f"{'option' if isinstance(stmt, A.OptionDecl) else 'set'} {stmt.name}", S.Variable
    if isinstance(stmt, A.Remove):
        return "remove " + " ".join(map(str, stmt.names)), S.Event
    if isinstance(stmt, A.Flow):
        return "flow " + " -> ".join(map(str, stmt.phases)), S.Event
    if hasattr(stmt, "name"):
        return str(stmt.name), S.Function
    return type(stmt).__name__, S.Field


def _card_symbols(card) -> list[T.DocumentSymbol]:
    out = []
    for section in card.sections:
        lines = [T.DocumentSymbol(name=h.text, kind=S.Constant, detail=f"{h.points} points",
                                  range=span_range(h.span), selection_range=span_range(h.span))
                 for h in section.lines]
        head = span_range(section.span)
        out.append(T.DocumentSymbol(name=section.title or "(no section)", kind=S.Namespace,
                                    range=_cover(head, [ln.range for ln in lines]), selection_range=head,
                                    children=lines or None))
    return out


def formatting(a: Analysis) -> list[T.TextEdit] | None:
    """One edit replacing the whole text with its canonical layout; None if it does not parse
    (or is a card: cards have no formatter)."""
    if a.kind == CARD:
        return None
    from ..authoring.fmt import FormatError, format_text

    try:
        new = format_text(a.text, str(a.path))
    except FormatError:
        return None
    if new == a.text:
        return []
    lines = a.text.split("\n")
    end = T.Position(len(lines) - 1, len(lines[-1]))
    return [T.TextEdit(T.Range(T.Position(0, 0), end), new)]
