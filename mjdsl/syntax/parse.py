"""Parse ruleset text into a :class:`mjdsl.ast.Program`, or into diagnostics.

The parser is Lark's standalone LALR parser of the grammar, with positions on, loaded
once per process (:func:`parser`); its lexer compiles each terminal's pattern once.
Syntax errors become ``MJ1xx`` diagnostics named by example
(:mod:`mjdsl.syntax.messages`); after an error the offending line is blanked
and the text parsed again, so one run reports several independent mistakes.
"""

from __future__ import annotations

import functools
import hashlib
import sys
from pathlib import Path

import attrs

from . import standalone as S
from .standalone import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

from .. import ast as A
from ..diagnostics import Diagnostic, error
from ..source import Source, Span
from .build import Builder
from . import messages
from .lexer import share_patterns

#: Files larger than this are refused (MJ113): a rules file is a few kilobytes.
MAX_BYTES = 1_000_000
#: Deeper nesting of parentheses is refused (MJ114) before the parser sees it.
MAX_NESTING = 64
#: At most this many syntax errors are reported for one file.
MAX_SYNTAX_ERRORS = 10


#: The ruleset grammar (read as a file beside this module, as card_build.py reads card.lark:
#: importlib.resources would import tempfile, shutil and zipfile into every check).
GRAMMAR = Path(__file__).resolve().parent / "mjdsl.lark"


def grammar_text() -> str:
    return GRAMMAR.read_text(encoding="utf-8")


@functools.lru_cache(maxsize=None)
def parser(strict: bool = False):
    """The ruleset parser: Lark's standalone parser of ``mjdsl.lark`` (:mod:`.standalone`,
    written by ``tools/gen_parser.py``), its lexer compiling each terminal's pattern once
    for all parser states (:mod:`.lexer`). Reading a ruleset imports no Lark.

    If the grammar is not the one the standalone tables were made from (it was edited
    and the tool not run), the tables are made with Lark and loaded into the same
    standalone parser. ``strict=True`` (tests) is Lark's own parser, built to fail on
    any conflict or collision."""
    text = grammar_text()
    if strict:
        import lark

        return lark.Lark(text, parser="lalr", propagate_positions=True, maybe_placeholders=True, strict=True)
    if hashlib.sha256(text.encode("utf-8")).hexdigest() == S.GRAMMAR_SHA256:
        return share_patterns(S.Lark_StandAlone())
    return share_patterns(S.Lark._load_from_dict(*_tables_from_lark(text)))


def _tables_from_lark(text: str) -> tuple[dict, dict]:
    """The grammar's tables as the standalone parser loads them, made by Lark (cached by it)."""
    import lark
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    built = lark.Lark(text, parser="lalr", propagate_positions=True, maybe_placeholders=True, cache=True)
    return built.memo_serialize([TerminalDef, Rule])


@attrs.frozen
class Parsed:
    """The result of parsing one source: a program (None if the text has syntax errors)."""

    source: Source
    program: A.Program | None
    diagnostics: tuple[Diagnostic, ...]


def parse_source(source: Source) -> Parsed:
    """Parse, reporting up to :data:`MAX_SYNTAX_ERRORS` syntax errors; never raises."""
    pre = _precheck(source)
    if pre:
        return Parsed(source, None, tuple(pre))
    text = source.text if source.text.endswith("\n") else source.text + "\n"
    diags: list[Diagnostic] = []
    program = None
    for _ in range(MAX_SYNTAX_ERRORS):
        try:
            tree = parser().parse(text)
        except UnexpectedInput as e:
            d = messages.describe(e, source, parser(), text)
            diags.append(d)
            if isinstance(e, UnexpectedEOF) or d.code in messages.STOP_CODES:
                break
            text = _blank_line(text, d.span.line)
            if text is None:
                break
            continue
        if not diags:
            program = _build(tree, source, diags)
        break
    return Parsed(source, program, tuple(diags))


def parse_text(text: str, path: str = "<string>") -> Parsed:
    return parse_source(Source(path, text))


def _build(tree, source: Source, diags: list[Diagnostic]) -> A.Program | None:
    limit = sys.getrecursionlimit()
    try:
        sys.setrecursionlimit(max(limit, 4000))
        builder = Builder(source.path)
        program = builder.transform(tree)
        if builder.refused:  # a number past what the language takes (MJ120): not read as another
            diags.extend(builder.refused)
            return None
        return program
    except (VisitError, RecursionError, NotImplementedError) as e:  # pragma: no cover - a builder bug, reported
        orig = getattr(e, "orig_exc", e)
        diags.append(error("MJ199", f"internal error while reading the file: {orig!r}", Span.point(source.path, 1, 1),
                           "please report this with the file that caused it"))
        return None
    finally:
        sys.setrecursionlimit(limit)


def _precheck(source: Source) -> list[Diagnostic]:
    if len(source.text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        return [error("MJ113", f"file is larger than {MAX_BYTES // 1000} kB", Span.point(source.path, 1, 1),
                      "a rules file is a few kilobytes; split it with `include`")]
    if "\x00" in source.text:
        line = source.text[: source.text.index("\x00")].count("\n") + 1
        return [error("MJ112", "file contains a NUL byte: it is not a text file", Span.point(source.path, line, 1),
                      "check that you passed a .mj rules file")]
    depth = 0
    for i, ch in enumerate(source.text):
        if ch == "(":
            depth += 1
            if depth > MAX_NESTING:
                ln = source.text.count("\n", 0, i) + 1
                c = i - source.text.rfind("\n", 0, i)
                return [error("MJ114", f"parentheses nested more than {MAX_NESTING} deep",
                              Span.point(source.path, ln, c), "write the condition with fewer parentheses")]
        elif ch == ")":
            depth = max(0, depth - 1)
        elif ch == "\n":
            depth = 0  # a statement never spans lines
    return []


def _blank_line(text: str, line: int) -> str | None:
    lines = text.split("\n")
    if not (0 < line <= len(lines)):
        return None
    if "{" in lines[line - 1] or "}" in lines[line - 1]:
        return None  # blanking a brace would report errors that are not there
    lines[line - 1] = ""
    return "\n".join(lines)


__all__ = ["parse_source", "parse_text", "parser", "Parsed", "UnexpectedCharacters", "UnexpectedInput", "UnexpectedToken"]
