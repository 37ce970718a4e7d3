"""Diagnostics: the one way every stage reports a problem.

A stage never prints and rarely raises: it builds :class:`Diagnostic` values and the
caller decides whether to collect them (``check``) or raise :class:`MjError` (the
engine, the CLI). Every code is listed in ``docs/diagnostics.md``; the families are
``MJ1xx`` syntax, ``MJ2xx`` checks, ``MJ3xx`` lint, ``MJ4xx`` engine.
"""

from __future__ import annotations

import enum
import json
from typing import Iterable, Mapping

import attrs

from .source import Span


@attrs.frozen
class Code:
    """A diagnostic code's entry: its id, a short title, a paragraph, a wrong and a right example.

    Each stage lists its own codes beside its code (``syntax/codes.py``, ``check/codes.py``,
    ``check/lint_codes.py``, ``cards/codes.py``, ``engine/codes.py``); :mod:`mjdsl.codes`
    is the one table that points at them.
    """

    code: str
    title: str
    explanation: str = ""
    wrong: str = ""
    right: str = ""


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


@attrs.frozen
class Diagnostic:
    """One problem: code (``MJ203``), severity, a one-line message, where, and how to fix it."""

    code: str
    severity: Severity
    message: str
    span: Span
    hint: str = ""

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def to_json(self) -> dict:
        return {
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "span": self.span.to_json(),
            "hint": self.hint,
        }


def error(code: str, message: str, span: Span, hint: str = "") -> Diagnostic:
    return Diagnostic(code, Severity.ERROR, message, span, hint)


def warning(code: str, message: str, span: Span, hint: str = "") -> Diagnostic:
    return Diagnostic(code, Severity.WARNING, message, span, hint)


class MjError(Exception):
    """Raised where a stage cannot go on; carries the diagnostics that stopped it."""

    def __init__(self, diagnostics: Diagnostic | Iterable[Diagnostic]):
        if isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        self.diagnostics = list(diagnostics)
        super().__init__("; ".join(f"{d.span}: {d.code} {d.message}" for d in self.diagnostics))


class InputError(Exception):
    """Bad input from a user (a tile code, a count, a flag value): exit status 2."""


def sort_key(d: Diagnostic):
    return (d.span.path, d.span.line, d.span.column, d.code)


def format_full(d: Diagnostic, sources: Mapping[str, str]) -> str:
    """A compiler-style report: ``file:line:col: severity[code]: message``, the line, a caret, the hint."""
    head = f"{d.span}: {d.severity.value}[{d.code}]: {d.message}"
    text = sources.get(d.span.path)
    out = [head]
    if text is not None and d.span.line > 0:
        lines = text.splitlines()
        if d.span.line <= len(lines):
            src = lines[d.span.line - 1]
            width = 1
            if d.span.end_line == d.span.line and d.span.end_column > d.span.column:
                width = d.span.end_column - d.span.column
            width = max(1, min(width, len(src) - d.span.column + 1 if len(src) >= d.span.column else 1))
            shown, column, width = quote_window(src, d.span.column, width)
            gutter = f"{d.span.line:>4} | "
            out.append(gutter + shown)
            out.append(" " * (len(gutter) - 2) + "| " + " " * (column - 1) + "^" * width)
    if d.hint:
        out.append(f"  = hint: {d.hint}")
    return "\n".join(out)


#: A quoted source line is cut to about this many characters around the place it points
#: at: a 60 kB card line quoted by each of its thousand warnings must not print 60 MB.
MAX_QUOTE = 100


def quote_window(src: str, column: int, width: int) -> tuple[str, int, int]:
    """(the part of ``src`` to quote, the caret's column in it, the caret's width)."""
    if len(src) <= MAX_QUOTE:
        return src, column, width
    start = max(0, min(column - 1 - MAX_QUOTE // 4, len(src) - MAX_QUOTE))
    end = start + MAX_QUOTE
    prefix = "…" if start else ""
    shown = prefix + src[start:end] + ("…" if end < len(src) else "")
    column = column - start + len(prefix)
    return shown, column, max(1, min(width, len(prefix) + end - start - (column - 1)))


def format_concise(d: Diagnostic) -> str:
    return f"{d.span}: {d.severity.value}[{d.code}]: {d.message}"


def to_json(diags: Iterable[Diagnostic], stats: list[dict] | None = None) -> str:
    """The ``--format json`` document; ``stats`` (``check --stats``), when given, rides in it
    under ``"stats"`` so that stdout stays one JSON document."""
    doc: dict = {"version": 1, "diagnostics": [d.to_json() for d in diags]}
    if stats is not None:
        doc["stats"] = stats
    return json.dumps(doc, indent=2)


def to_sarif(diags: Iterable[Diagnostic], titles: Mapping[str, str], stats: list[dict] | None = None) -> str:
    """SARIF 2.1.0, for code-scanning tools in CI; ``titles`` gives each code its short title.
    ``stats`` (``check --stats``), when given, goes in the run's property bag (SARIF's
    place for a tool's own data) as ``"stats"``."""
    diags = list(diags)
    used = sorted({d.code for d in diags})
    rules = [{"id": c, "shortDescription": {"text": titles.get(c, c)}} for c in used]
    level = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "note"}
    results = []
    for d in diags:
        results.append(
            {
                "ruleId": d.code,
                "level": level[d.severity],
                "message": {"text": d.message + (f" (hint: {d.hint})" if d.hint else "")},
                "locations": [
                    {
                        "physicalLocation": {
                            "artifactLocation": {"uri": d.span.path},
                            "region": {
                                "startLine": max(1, d.span.line),
                                "startColumn": max(1, d.span.column),
                                "endLine": max(1, d.span.end_line),
                                "endColumn": max(1, d.span.end_column),
                            },
                        }
                    }
                ],
            }
        )
    run: dict = {"tool": {"driver": {"name": "mjdsl", "rules": rules}}, "results": results}
    if stats is not None:
        run["properties"] = {"stats": stats}
    doc = {
        "version": "2.1.0",
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "runs": [run],
    }
    return json.dumps(doc, indent=2)
