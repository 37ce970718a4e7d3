"""Parse ruleset text into a :class:`mjdsl.ast.Program`, or into diagnostics.

The Lark parser is LALR with positions on and built once per process (and cached
on disk by Lark); its lexer compiles each terminal's pattern once (:mod:`.lexer`).
Syntax errors become ``MJ1xx`` diagnostics named by example
(:mod:`mjdsl.syntax.messages`); after an error the offending line is blanked
and the text parsed again, so one run reports several independent mistakes.
"""

from __future__ import annotations

import functools
import sys
from importlib import resources

import attrs
import lark
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

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


def grammar_text() -> str:
    return resources.files(__package__).joinpath("mjdsl.lark").read_text(encoding="utf-8")


@functools.lru_cache(maxsize=None)
def parser(strict: bool = False) -> lark.Lark:
    """The ruleset parser. ``strict=True`` (tests) fails on any conflict or collision.

    Its lexer compiles each terminal's pattern once for all parser states
    (:mod:`mjdsl.syntax.lexer`); the strict parser keeps Lark's own lexer."""
    built = lark.Lark(
        grammar_text(),
        parser="lalr",
        propagate_positions=True,
        maybe_placeholders=True,
        cache=not strict,
        strict=strict,
    )
    return built if strict else share_patterns(built)


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
        return Builder(source.path).transform(tree)
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


__all__ = ["parse_source", "parse_text", "parser", "Parsed", "UnexpectedCharacters", "UnexpectedToken"]
