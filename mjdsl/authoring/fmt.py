"""The canonical layout of a ruleset file (``mjdsl fmt``).

The formatter works on tokens, not on the tree, so it keeps every comment and
knows nothing of the statements: a grammar addition needs no change here. The
tokens are those the ruleset parser itself reads (Lark's contextual lexer,
through an interactive parse), so ``x4`` stays a copy count and ``1..9`` a
range. The layout:

* one statement a line (the grammar already ends every statement at a line end);
* four spaces of indentation per open brace;
* single spaces between tokens, except none before ``, ) :``, after ``(`` and a
  unary ``-``, around ``..``, between ``x`` and its count and between a
  function's name and its ``(``;
* comment lines kept, indented like the statement they stand above; trailing
  comments kept on their line, aligned in a run of consecutive statements of one
  block, two spaces after the longest statement with a comment (a line with a
  brace keeps its comment two spaces after it);
* at most one blank line in a row, none at the start or end of the file or just
  inside a brace; no trailing spaces; ``\\n`` line ends; one newline at the end;
  no byte-order mark (``check`` reads a file that has one; ``fmt`` drops it).

Formatting is idempotent, and the formatted text parses to the same tree.
"""

from __future__ import annotations

import attrs

from ..diagnostics import Diagnostic
from ..source import Source
from ..syntax.parse import UnexpectedInput, parse_source, parser

INDENT = "    "
#: Gap between the longest statement of a run and its aligned trailing comments.
COMMENT_GAP = 2

_NO_SPACE_BEFORE = {",", ")", ":"}
#: Tokens after which a ``-`` is a binary minus (an operand ends there).
_OPERAND_END = {"NAME", "NUMBER", "STRING"}
_BOOLEANS = {"on", "off", "true", "false", "yes", "no"}


class FormatError(Exception):
    """The text does not parse, so it can't be formatted; carries the diagnostics."""

    def __init__(self, diagnostics: tuple[Diagnostic, ...]):
        self.diagnostics = diagnostics
        first = diagnostics[0]
        super().__init__(f"{first.span}: {first.severity.value}[{first.code}]: {first.message}")


@attrs.define
class _Line:
    """One output line: its depth, code text (may be empty) and trailing comment."""

    depth: int
    code: str = ""
    comment: str = ""
    blank: bool = False
    #: where a trailing comment starts, after the code (set by _align_comments)
    column: int = 0


def format_text(text: str, path: str = "<string>") -> str:
    """The canonical layout of ruleset ``text``; FormatError if it does not parse.
    A leading byte-order mark is dropped, as ``check`` drops it reading a file."""
    text = text.removeprefix("\ufeff")
    parsed = parse_source(Source(path, text))
    if parsed.program is None or parsed.diagnostics:
        raise FormatError(parsed.diagnostics)
    text = text.replace("\r\n", "\n")
    if not text.endswith("\n"):
        text += "\n"
    try:
        tokens = [t for t in parser().parse_interactive(text).iter_parse() if t.type != "$END"]
    except UnexpectedInput:  # pragma: no cover - parse_source accepted the same text
        raise FormatError(parsed.diagnostics) from None
    lines = _lines(text, tokens)
    return _render(lines)


def _lines(text: str, tokens) -> list[_Line]:
    out: list[_Line] = []
    depth = 0  # braces open before the token being read
    line_depth = 0  # the depth of the line being read (fixed by its first token)
    code: list = []  # the tokens of the line being read
    comment = ""
    pos = 0
    parens = 0  # parentheses open: a line break inside them continues the expression
    continued = False  # the line being read continues an expression (one indent more)

    def finish() -> None:
        nonlocal code, comment
        if code or comment:
            out.append(_Line(line_depth if code else depth, _join(code), comment))
        code, comment = [], ""

    for tok in tokens:
        gap = text[pos:tok.start_pos]
        if "#" in gap:  # an ignored comment: it ends the line it stands on
            comment = gap[gap.index("#"):].rstrip()
        pos = tok.end_pos
        if tok.type == "_NL":
            continued = bool(code) and (parens > 0 or str(code[-1].value) in _CONTINUES) or continued and not code
            finish()
            segments = tok.value.split("\n")
            for seg in segments[1:-1]:
                seg = seg.strip()
                out.append(_Line(depth, "", seg) if seg else _Line(depth, blank=True))
            continue
        if tok.value == "}" and tok.type != "STRING":
            depth = max(0, depth - 1)
        if not code:
            # no statement starts with a name, so a line that does continues the one above
            # (`account once` names going on over lines)
            line_depth = depth + (1 if (continued or tok.type == "NAME") and tok.value != ")" else 0)
        code.append(tok)
        if tok.type != "STRING" and tok.value in ("(", ")"):
            parens += 1 if tok.value == "(" else -1
        if tok.value == "{" and tok.type != "STRING":
            depth += 1
    gap = text[pos:]
    if "#" in gap:  # pragma: no cover - the text always ends with a newline token
        comment = gap[gap.index("#"):].rstrip()
    finish()
    return out


#: tokens after which an expression goes on at the next line (issue 10: long expressions)
_CONTINUES = frozenset({"and", "or", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "/", "^", ",", "("})


def _join(tokens) -> str:
    parts: list[str] = []
    prev = prev2 = None
    for tok in tokens:
        if prev is not None and _space(prev2, prev, tok):
            parts.append(" ")
        parts.append(str(tok.value))
        prev2, prev = prev, tok
    return "".join(parts)


def _space(before, prev, tok) -> bool:
    if tok.value in _NO_SPACE_BEFORE or prev.value == "(":
        return False
    if tok.value == "(" and (prev.type == "NAME" or prev.value == "related"):
        return False  # a function call: sets(pung), related(2 chow, same suit, same rank)
    if tok.value == ".." or prev.value == "..":
        return False
    if prev.value == "x" and prev.type != "NAME" and tok.type == "NUMBER":
        return False  # copies: x4
    if prev.type == "MINUS" and not _operand_end(before):
        return False  # a negative amount: -300 points
    return True


def _operand_end(tok) -> bool:
    if tok is None:
        return False
    return tok.type in _OPERAND_END or tok.value == ")" or tok.value in _BOOLEANS


def _render(lines: list[_Line]) -> str:
    # blank lines: at most one in a row, none at the ends of the file or inside a brace
    kept: list[_Line] = []
    for ln in lines:
        if ln.blank:
            if not kept or kept[-1].blank or kept[-1].code.endswith("{"):
                continue
        elif ln.code.startswith("}"):
            while kept and kept[-1].blank:
                kept.pop()
        kept.append(ln)
    while kept and kept[-1].blank:
        kept.pop()
    _align_comments(kept)
    out = []
    for ln in kept:
        if ln.blank:
            out.append("")
            continue
        pad = INDENT * ln.depth
        if not ln.code:
            out.append(pad + ln.comment)
        elif ln.comment:
            out.append(pad + ln.code + " " * (ln.column - len(ln.code)) + ln.comment)
        else:
            out.append(pad + ln.code)
    return "\n".join(out) + "\n" if out else ""


def _align_comments(lines: list[_Line]) -> None:
    """Give each statement line with a trailing comment the column its comment starts at."""
    run: list[_Line] = []

    def close() -> None:
        width = max((len(ln.code) for ln in run if ln.comment), default=0)
        for ln in run:
            ln.column = width + COMMENT_GAP
        run.clear()

    for ln in lines:
        brace = ln.code.endswith("{") or ln.code.startswith("}")
        if ln.blank or not ln.code or brace or (run and ln.depth != run[0].depth):
            close()
        if ln.code:
            run.append(ln)
        if brace:  # a line that opens or closes a block keeps its comment to itself
            close()
    close()

