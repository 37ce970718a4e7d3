"""Source files and spans: every node, IR object and diagnostic points back here."""

from __future__ import annotations

from pathlib import Path

import attrs


#: No rules or card file is larger than this; reading stops just past it.
MAX_BYTES = 1_000_000


class FileTooLarge(OSError):
    """A file over MAX_BYTES: not read past the limit."""


#: the UTF-8 byte-order mark some editors write first: not part of the text
BOM = b"\xef\xbb\xbf"


def read_text(path: str | Path) -> str:
    """A whole text file as UTF-8, reading no more than MAX_BYTES + 1 bytes.

    A leading UTF-8 byte-order mark is dropped. FileTooLarge past the limit,
    UnicodeDecodeError for a file that is not UTF-8, and
    an OSError for anything but a regular file (a folder, a device, a pipe).
    """
    return read_text_marked(path)[0]


def read_text_marked(path: str | Path) -> tuple[str, bool]:
    """:func:`read_text`, and whether the file began with a byte-order mark (``fmt``
    drops one, so a file with it is not in the canonical layout)."""
    p = Path(path)
    if not p.is_file():
        raise OSError(21 if p.is_dir() else 22, "not a regular file", str(path))
    with open(p, "rb") as fh:
        data = fh.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise FileTooLarge(27, f"larger than {MAX_BYTES // 1000} kB", str(path))
    marked = data.startswith(BOM)
    return (data[len(BOM):] if marked else data).decode("utf-8"), marked


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
        """Read a text file; a file over :data:`MAX_BYTES` is cut there (the parser
        then reports MJ113), so a huge file or a device never fills memory."""
        return cls(str(path), read_text(path))

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
