"""Positions: mjdsl spans (1-based, end exclusive) and LSP ranges (0-based), and the
token under the cursor.

Columns are counted in characters; the shipped files are ASCII but for the card's
``·`` (one UTF-16 unit too), so characters and the protocol's UTF-16 units agree.
"""

from __future__ import annotations

import re

from lsprotocol import types as T

from ..source import Span

_TOKEN = re.compile(r'(?P<string>"(?:\\.|[^"\\\n])*"?)|(?P<name>[A-Za-z_][A-Za-z0-9_]*)|(?P<number>[0-9]+)')


def span_range(span: Span) -> T.Range:
    """The LSP range of a span; a span with no width covers one character."""
    line, col = max(span.line - 1, 0), max(span.column - 1, 0)
    end_line, end_col = max(span.end_line - 1, line), max(span.end_column - 1, 0)
    if (end_line, end_col) <= (line, col):
        end_line, end_col = line, col + 1
    return T.Range(T.Position(line, col), T.Position(end_line, end_col))


def contains(span: Span, line: int, col: int) -> bool:
    """Is the cursor in the span (or just after its last character)?"""
    r = span_range(span)
    return (r.start.line, r.start.character) <= (line, col) <= (r.end.line, r.end.character)


def diagnostics_at(diagnostics, line: int, col: int) -> list:
    return [d for d in diagnostics if contains(d.span, line, col)]


def line_text(text: str, line: int) -> str:
    lines = text.split("\n")
    return lines[line].rstrip("\r") if 0 <= line < len(lines) else ""


def token_at(text: str, line: int, col: int) -> tuple[str, str, int] | None:
    """(kind, text, start column) of the string, name or number at the cursor, or None."""
    for m in _TOKEN.finditer(line_text(text, line)):
        if m.start() <= col <= m.end() and (col < m.end() or m.lastgroup != "string"):
            return m.lastgroup, m.group(), m.start()
        if m.start() > col:
            break
    return None


def in_string(text: str, line: int, col: int) -> bool:
    """Is the cursor inside an open or closed quoted string?"""
    before = line_text(text, line)[:col]
    return len(re.findall(r'(?<!\\)"', before)) % 2 == 1


def prefix_at(text: str, line: int, col: int) -> str:
    """The word being typed just before the cursor."""
    m = re.search(r"[A-Za-z0-9_]*$", line_text(text, line)[:col])
    return m.group() if m else ""
