"""Card syntax errors, named by example (Lark's ``match_examples``).

Each entry pairs a code (registered in ``codes.py``) and a one-line message with
small wrong cards that fail the same way. A parse error is matched against them;
one that matches none is reported as MJ150 with what was expected.
"""

from __future__ import annotations

import re
from typing import Callable

import lark

from ..diagnostics import Diagnostic, error
from ..source import Span

_HEAD = 'card "x"\n'

#: (code, message, hint) -> wrong cards that fail that way
EXAMPLES: dict[tuple[str, str, str], list[str]] = {
    (
        "MJ151",
        "card line has no points",
        "end the line with the hand's points, e.g. `... - a b c  25`",
    ): [
        _HEAD + "FF 1111 1111 1111 - a b c\n",
        _HEAD + "NNNN EEE WWW SSSS\n",
        _HEAD + 'FF 1111 1111 1111 - a b c "desc"\n',
        _HEAD + "FF 1111 1111 1111 - a b c · concealed\n",
        _HEAD + "FF 1111 1111 1111 - a b c · any run or number\n",
        _HEAD + "FF 1111 1111 1111 - a b c or NNNN\n",
    ],
    (
        "MJ152",
        "something follows the points",
        "the points come last on a hand line, after annotations and the quoted description "
        "(a group of digits after the suit letters is read as the points)",
    ): [
        _HEAD + 'FF 1111 1111 1111 - a b c 25 "desc"\n',
        _HEAD + "FF 1111 1111 1111 - a b c 25 · concealed\n",
        _HEAD + "FF 1111 1111 1111 - a b c 25 30\n",
    ],
    (
        "MJ153",
        "a group after the suit letters",
        "write every group first, then one suit letter per group",
    ): [
        _HEAD + "FF 1111 - a NNNN 25\n",
        _HEAD + "FF - 1111 a 25\n",
    ],
    (
        "MJ154",
        "a word where a suit letter, annotation or description was expected",
        "a suit letter is one small letter; an annotation starts with `·` (or `,`); a description is in double quotes",
    ): [
        _HEAD + "FF 1111 1111 1111 - ab c 25\n",
        _HEAD + "FF 1111 1111 1111 - a b c any run 25\n",
        _HEAD + "NNNN EEE WWW SSSS concealed 25\n",
    ],
    (
        "MJ155",
        "an annotation with no words",
        "write the annotation after `·`, e.g. `· concealed`, or remove the `·`",
    ): [
        _HEAD + "FF 1111 1111 1111 - a b c · 25\n",
        _HEAD + "FF 1111 1111 1111 - a b c · · concealed 25\n",
        _HEAD + 'FF 1111 1111 1111 - a b c · "desc" 25\n',
    ],
    (
        "MJ156",
        "`or` must be followed by another pattern",
        "write the alternative pattern after `or`, e.g. `FF 1111 - a or FFF 111 - a 25`",
    ): [
        _HEAD + "FF 1111 1111 1111 - a b c or · concealed 25\n",
        _HEAD + 'FF 1111 1111 1111 - a b c or "desc" 25\n',
        _HEAD + "FF 1111 1111 1111 - a b c or - a 25\n",
    ],
    (
        "MJ157",
        "a header statement without its value",
        'write `year 2026`, `points 25..75`, `tiles "american.mj"`, `section "Title"`',
    ): [
        _HEAD + "year\n",
        _HEAD + "points 25\n",
        _HEAD + "points\n",
        _HEAD + "points 25..\n",
        _HEAD + "section\n",
        _HEAD + "tiles\n",
        _HEAD + "year twenty\n",
    ],
    (
        "MJ158",
        'a card file starts with its title line, `card "Name"`',
        'add `card "Club card 2026"` as the first line',
    ): [
        'section "x"\n',
        "FF 1111 1111 1111 - a b c 25\n",
        "year 2026\n",
        "card\n",
        'card "x" 2026\n',
        '# a comment\nyear 2026\n',
        '\n# a comment\nFF 1111 1111 1111 - a b c 25\n',
    ],
    (
        "MJ159",
        "a hand line starts with a tile group",
        "start the line with its first group (capital tile letters: F, 1-9, 0, D, N, E, W, S, R, G)",
    ): [
        _HEAD + "ff 1111 1111 1111 - a b c 25\n",
        _HEAD + "- a b c 25\n",
        _HEAD + "· concealed 25\n",
        _HEAD + "a 25\n",
        _HEAD + '"desc" 25\n',
    ],
    (
        "MJ182",
        "a number choice is written without spaces",
        "join the numbers of a choice with `-`: `· 1-5 or 5-9`",
    ): [
        _HEAD + "FF 1111 1111 1111 - a b c · 1 - 5 or 5-9 25\n",
        _HEAD + "FF 1111 1111 1111 - a b c · 1-5 or 5 - 9 25\n",
    ],
}

_LETTERS = "F, 1-9, 0, D, N, E, W, S, R, G"
_TILE_LETTERS = set("F1234567890DNEWSRG")


def syntax_diagnostic(
    e: lark.exceptions.UnexpectedInput, text: str, path: str, parse: Callable[[str], object]
) -> Diagnostic:
    """One diagnostic for a Lark parse error: named by example, pointing at the bad token."""
    line, column = max(1, e.line), max(1, e.column)
    width = 1
    if isinstance(e, lark.exceptions.UnexpectedCharacters):
        return _bad_character(text, path, line, column, e.pos_in_stream, e.allowed or ())
    token = getattr(e, "token", None)
    if token is not None and token.type != "$END" and token.end_column and token.end_line == token.line:
        width = max(1, token.end_column - token.column)
    span = Span.point(path, line, column, width)
    found = _describe(token)
    if getattr(e, "state", None) is not None:
        e.state = _SameState(e.state)
    label = e.match_examples(parse, EXAMPLES, token_type_match_fallback=True, use_accepts=True)
    if label is not None:
        code, message, hint = label
        return error(code, f"{message} (found {found})", span, hint)
    word = str(token) if token is not None else ""
    if token is not None and column == 1 and word and word.upper() != word and \
            all(ch in _TILE_LETTERS for ch in word.upper()):
        return error("MJ159", f"a hand line starts with a tile group in capital letters (found {found})", span,
                     f"write `{word.upper()}`")
    expected = sorted(getattr(e, "expected", None) or getattr(e, "accepts", None) or [])
    # user words only: a terminal without a name here is shown lower-case, never as POINTS
    want = ", ".join(_NAMES.get(x.rsplit("__", 1)[-1], f"`{x.rsplit('__', 1)[-1].lower()}`")
                     for x in expected) or "nothing"
    return error("MJ150", f"unexpected {found}; expected {want}", span)


class _SameState:
    """Equal to any parser state in the same automaton state.

    Lark's ParserState also compares stack depth, which differs with the number of
    groups on a line (the line rule is right-recursive) and with a leading comment;
    the automaton state and the expected tokens are what name an error.
    """

    def __init__(self, state):
        self.position = state.position

    def __eq__(self, other) -> bool:
        return getattr(other, "position", None) == self.position

    __hash__ = None  # type: ignore[assignment]


def _bad_character(text: str, path: str, line: int, column: int, pos: int, allowed) -> Diagnostic:
    ch = text[pos] if 0 <= pos < len(text) else ""
    span = Span.point(path, line, column)
    allowed = {a.rsplit("__", 1)[-1] for a in allowed}
    if ch == '"':
        return error("MJ160", "a string that is not closed on its line", span, 'end the string with `"` on the same line')
    source_line = text.splitlines()[line - 1] if text.splitlines()[line - 1:line] else ""
    if ch == "|":
        return error("MJ150", "'|' is not card notation: the alternatives of a line are joined with `or`", span,
                     _right_wrong(" or ".join(part.strip() for part in source_line.split("|") if part.strip()),
                                  source_line, _FOREIGN[ch]))
    if ch == "/":
        return error("MJ181", "'/' on its own: the alternatives of one group are joined by `/` with no spaces",
                     span, "write the group's alternatives together, `NNNN/SSSS`; for whole patterns use `or`")
    if ch in _FOREIGN:
        return error("MJ150", f"{ch!r} is not card notation", span, _FOREIGN[ch])
    header = source_line.split(None, 1)[0] if source_line else ""
    if "STRING" in allowed and "CARD_GROUP" not in allowed and header in _HEADERS:
        return error("MJ157", f"expected a quoted string, found {ch!r}", span, f'quote it: `{header} "..."`')
    if ch.isupper() and "CARD_SUIT" in allowed and "CARD_GROUP" not in allowed:
        return error("MJ154", f"{ch!r} where a suit letter was expected: suit letters are small letters",
                     span, f"write `{ch.lower()}`, not `{ch}`")
    if ch.isupper():
        if ch == "Z":
            return error("MJ161", "'Z' is not a tile letter: for any wind, write winds and add `· any wind`", span,
                         _right_wrong(_any_wind(source_line), source_line,
                                      "write the winds (N E W S) and add `· any wind` to the line"))
        return error("MJ161", f"{ch!r} is not a tile letter", span,
                     f"tile letters are {_LETTERS}; suit letters go after the groups")
    return error("MJ150", f"unexpected character {ch!r}", span, "remove it, or quote it inside a description")


#: A line longer than this is not quoted back in a hint (a generated card can have huge lines).
_QUOTED_LINE = 100


def _right_wrong(right: str, wrong: str, fallback: str) -> str:
    """"write RIGHT, not WRONG" for the user's own line, or the general advice for a long one."""
    wrong = wrong.strip()
    if not wrong or len(wrong) > _QUOTED_LINE:
        return fallback
    return f"write `{right}`, not `{wrong}`"


_POINTS_END = re.compile(r'(\s+"[^"]*")?\s+\d+\s*$')  # the description and points closing a hand line


def _any_wind(line: str) -> str:
    """The line with each group of `Z` written in winds the line does not use (any
    wind is a choice of winds written as winds), and `· any wind` added."""
    groups = line.split()
    free = iter([w for w in "NEWS" if not any(w in g for g in groups if g.isupper())] or ["N"])
    out = " ".join(g.replace("Z", next(free, "N")) if "Z" in g and g.isupper() else g for g in groups)
    if "any wind" in out:
        return out
    end = _POINTS_END.search(out)
    return f"{out[:end.start()]} · any wind{out[end.start():]}" if end else f"{out} · any wind"


#: Header keywords whose value is a quoted string.
_HEADERS = ("card", "section", "tiles")

#: Characters other card notations use, and what this one writes instead.
_FOREIGN = {
    "|": "alternative patterns of a line are joined with `or`: `FF 1111 ... - a b c or FF 1111 ... - a a b`",
    "(": "groups are separated by spaces, without brackets; a note goes in a quoted description",
    ")": "groups are separated by spaces, without brackets; a note goes in a quoted description",
}


_NAMES = {
    "_NL": "end of line",
    "$END": "end of file",
    "CARD_GROUP": "a tile group",
    "CARD_NUMBER": "a number",
    "CARD_SUIT": "a suit letter",
    "CARD_NOSUIT": "`-`",
    "CARD_OR": "`or`",
    "CARD_DOT": "`·`",
    "CARD_WORD": "a word",
    "CARD_CHOICE": "a choice group",
    "CARD_NUMBERS": "numbers such as `1-5`",
    "STRING": "a quoted string",
    "POINTS": "`points`",
    "SECTION": "`section`",
    "TILES": "`tiles`",
    "YEAR": "`year`",
    "CARD": "`card`",
}


def _describe(token) -> str:
    if token is None or token.type == "$END":
        return "end of file"
    name = token.type.rsplit("__", 1)[-1]
    if name == "_NL":
        return "end of line"
    return f"{_NAMES.get(name, 'token')} {str(token)!r}"
