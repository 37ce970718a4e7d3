"""Source files and spans: every node, IR object and diagnostic points back here."""

from __future__ import annotations

from pathlib import Path

import attrs


@attrs.frozen
class Source:
    """One text that was parsed.

    path: the name shown in messages (a file path, or ``<string>``).
    text: the whole text, as read.
    """

    path: str
    text: str

    @classmethod
    def from_file(cls, path: str | Path) -> "Source":
        p = Path(path)
        return cls(str(path), p.read_text(encoding="utf-8"))

    def line_text(self, line: int) -> str:
        """The text of 1-based ``line``, without its newline ('' past the end)."""
        lines = self.text.splitlines()
        return lines[line - 1] if 0 < line <= len(lines) else ""


@attrs.frozen
class Span:
    """A region of a source: 1-based line and column of its start and end.

    ``end_line``/``end_column`` point just past the last character, as Lark does.
    """

    path: str
    line: int
    column: int
    end_line: int
    end_column: int

    @classmethod
    def point(cls, path: str, line: int, column: int, width: int = 1) -> "Span":
        return cls(path, line, column, line, column + width)

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"

    def to_json(self) -> dict:
        return {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
        }


#: A span for things that do not come from any file (built-in defaults).
BUILTIN = Span("<builtin>", 0, 0, 0, 0)
