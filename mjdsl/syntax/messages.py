"""Syntax errors named by example: Lark's exceptions to ``MJ1xx`` diagnostics.

Each named error is a code with a few broken snippets that produce it
(:data:`EXAMPLES`); :func:`_match_example` finds the one whose parser state
matches. A few errors are recognised from the exception itself (an unclosed
block at the end of the file or before the next block, an unquoted tile code, a misspelled keyword with
"did you mean"). Everything else gets a plain "expected ..., found ..." message.
"""

from __future__ import annotations

import difflib
import functools
import re

from .standalone import Lark, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..diagnostics import Diagnostic, error
from ..source import Source, Span

#: Errors after which the text is not parsed again (blanking a line can't fix them).
STOP_CODES = frozenset({"MJ103", "MJ111", "MJ106"})

#: code -> (message, hint, example snippets that fail in the same parser state)
EXAMPLES: dict[str, tuple[str, str, list[str]]] = {
    "MJ105": (
        "option has no default value",
        "write the default after `=`: `option name = on \"meaning\"`",
        ["option x =\n", "set x =\n"],
    ),
    "MJ107": (
        "block has no opening `{`",
        "put `{` at the end of the line that names the block, and `}` on a line of its own",
        ["tiles\n", "wall\n", "deal\n", "play\n", "claims\n", "scoring\n", "payments\n", "session\n",
         "winning\n", "kongs\n", "replacement\n", "charleston\n", "seats 4\n", "jokers \"J\"\n", "dead hand\n"],
    ),
    "MJ108": (
        "the line goes on after the statement is complete",
        "one statement a line: start a new line, or remove the extra words",
        ['ruleset "a" "b"\n', 'extends "a" "b"\n', 'include "a" "b"\n', 'option a = on "m" "n"\n',
         "tiles {\n joker \"J\" x8 x9\n}\n", "wall {\n sides 4 4\n}\n",
         "scoring {\n rule a: 2 points per set where x y\n}\n"],
    ),
    "MJ110": (
        "score rule has no unit: points, doubles or limits",
        "write the unit after the number: `rule name: 2 points ...`, `1 double`, `1 limit`",
        ["scoring {\n rule a: 2\n}\n", "scoring {\n rule a: 2 when x\n}\n", "scoring {\n rule a: 2 per set\n}\n"],
    ),
    "MJ115": (
        "a block's first statement must start on a new line",
        "end the line after `{` and write one statement a line",
        ['tiles { joker "J" x8\n}\n', "wall { sides 4\n}\n", "deal { all 4\n}\n", "claims { claim pung 3 same from any\n}\n"],
    ),
    "MJ116": (
        "score rule has no `:` before its amount",
        "write `rule name \"Title\": 2 points ...`",
        ['scoring {\n rule a 2 points\n}\n', 'scoring {\n rule a "t" 2 points\n}\n'],
    ),
    "MJ117": (
        "a range needs two numbers: LOW..HIGH",
        "write the range as `1..9`",
        ['tiles {\n suit bam "b" 1 x4\n}\n', 'tiles {\n suit bam "b" 1.. x4\n}\n'],
    ),
    "MJ118": (
        "tile copies are written `xN`",
        "write how many of each tile the set holds after the codes: `x4`",
        ['tiles {\n suit bam "b" 1..9\n}\n', 'tiles {\n wind "N"\n}\n', 'tiles {\n joker "J"\n}\n'],
    ),
}

#: Readable names for named terminals in "expected ..." lists.
TERMINAL_WORDS = {
    "NAME": "a name",
    "NUMBER": "a number",
    "STRING": "a quoted string",
    "_NL": "the end of the line",
    "MINUS": "`-`",
    "$END": "the end of the file",
}


def describe(e: UnexpectedInput, source: Source, parser: Lark, text: str) -> Diagnostic:
    """One diagnostic for one Lark exception."""
    path = source.path
    if isinstance(e, UnexpectedEOF) or (isinstance(e, UnexpectedToken) and e.token.type == "$END"):
        return _unclosed(text, path)
    if isinstance(e, UnexpectedCharacters):
        return _bad_character(e, text, path)
    assert isinstance(e, UnexpectedToken)
    tok = e.token
    span = Span(path, tok.line, tok.column, tok.end_line or tok.line, tok.end_column or tok.column + 1)
    if tok.type == "RBRACE" and "RBRACE" not in e.expected:
        return error("MJ111", "`}` closes no block", span, "remove it, or open the block it was meant to close")
    left_open = _block_left_open(tok, e, text, path)
    if left_open is not None:
        return left_open
    glued = _glued_word(tok, text, path, parser)
    if glued is not None:
        return glued
    if tok.type == "_NL" and tok.line and tok.end_line and tok.end_line > tok.line:
        # An end of line token spans lines: point at the end of the statement's line.
        span = Span(path, tok.line, tok.column, tok.line, tok.column + 1)
    label = None
    try:
        label = _match_example(e, parser)
    except Exception:  # matching re-parses snippets; never let that surface
        label = None
    if label:
        msg, hint, _ = EXAMPLES[label]
        return error(label, msg, span, hint)
    expected = _expected_words(e.accepts or e.expected, parser)
    found = _token_words(tok)
    if str(tok).isidentifier() and "a number" in expected:
        # a name where only a number may stand (a rule's amount): most often an option
        return error("MJ102", f"expected {_join(expected)}, found {found}", span,
                     "an amount here is a number, not a name: an option cannot stand in its place "
                     "(write the number, or name the option in the rule's `when`)")
    if tok.type == "NAME":
        keywords = [w.strip("`") for w in expected if w.startswith("`")]
        close = difflib.get_close_matches(str(tok), keywords, n=1, cutoff=0.6)
        if close:
            return error("MJ104", f"unknown word `{tok}`: did you mean `{close[0]}`?", span,
                         f"expected {_join(expected)}")
        if keywords:
            return error("MJ104", f"unknown word `{tok}` here", span, f"expected {_join(expected)}")
    return error("MJ102", f"expected {_join(expected)}, found {found}", span, _hint_for(tok))


_WORD_CHAR = re.compile(r"[A-Za-z0-9_]")


def _glued_word(tok, text: str, path: str, parser: Lark) -> Diagnostic | None:
    """A word the lexer split: where no name may stand, a keyword is matched at the start
    of a longer word (`from anyone` lexes as `any` then `one`) and the error falls on its
    second part. Told as the whole word, at its span, with the words that may stand where
    it starts (read by parsing the text again with the word blanked out)."""
    start = tok.start_pos
    if not start or not re.match(r"[A-Za-z_]", text[start - 1]) or not _WORD_CHAR.match(str(tok)[:1]):
        return None
    first, end = start, start
    while first > 0 and _WORD_CHAR.match(text[first - 1]):
        first -= 1
    while end < len(text) and _WORD_CHAR.match(text[end]):
        end += 1
    word = text[first:end]
    column = tok.column - (start - first)
    span = Span(path, tok.line, column, tok.line, column + len(word))
    expected: list[str] = []
    try:
        parser.parse(text[:first] + "\x01" + text[end:])
    except UnexpectedCharacters as e:
        if e.pos_in_stream == first:
            expected = _expected_words(e.allowed or (), parser)
    except UnexpectedInput:
        pass
    keywords = [w.strip("`") for w in expected if w.startswith("`")]
    close = difflib.get_close_matches(word, keywords, n=1, cutoff=0.6)
    hint = f"expected {_join(expected)}" if expected else "see docs/language.md for the statements each block takes"
    if close:
        return error("MJ104", f"unknown word `{word}`: did you mean `{close[0]}`?", span, hint)
    return error("MJ104", f"unknown word `{word}` here", span, hint)


def _match_example(e: UnexpectedToken, parser: Lark) -> str | None:
    """The code whose example snippet fails in the parser state of ``e``.

    Lark's ``match_examples`` compares whole parser stacks, so a snippet (a file's
    first statement) never matched the same mistake after other statements or a
    comment line. Compare the LALR state on top of the stack and the terminals it
    accepts; a snippet failing on the same token wins over one in the same state.
    """
    state = getattr(e.state, "position", None)
    fallback = None
    for label, token, accepts, position in _example_states(parser):
        if position == state and accepts == e.accepts:
            if token == e.token:
                return label
            fallback = fallback or label
    return fallback


@functools.lru_cache(maxsize=4)
def _example_states(parser: Lark) -> tuple:
    """(code, token, accepted terminals, state) for each snippet of :data:`EXAMPLES`."""
    out = []
    for label, (_, _, snippets) in EXAMPLES.items():
        for snippet in snippets:
            try:
                parser.parse(snippet)
            except UnexpectedToken as ut:
                out.append((label, ut.token, ut.accepts, ut.state.position))
            except UnexpectedInput:
                pass
    return tuple(out)


def _code(line: str) -> str:
    """A line without its strings (blanked, so columns stay) and its comment."""
    return re.sub(r'"(\\.|[^"\\])*"', lambda m: " " * len(m.group(0)), line).split("#", 1)[0]


def _open_braces(lines) -> list[tuple[int, int]]:
    """(line, column) of each `{` still open after these lines, innermost last."""
    stack: list[tuple[int, int]] = []
    for ln, line in enumerate(lines, 1):
        for col, ch in enumerate(_code(line), 1):
            if ch == "{":
                stack.append((ln, col))
            elif ch == "}" and stack:
                stack.pop()
    return stack


def _block_left_open(tok, e: UnexpectedToken, text: str, path: str) -> Diagnostic | None:
    """A new block starting where the current block still expects statements or `}`."""
    lines = text.split("\n")
    if "RBRACE" not in e.expected or not (0 < tok.line <= len(lines)):
        return None
    line = _code(lines[tok.line - 1])
    if "{" not in line or line[: tok.column - 1].strip():
        return None
    stack = _open_braces(lines[: tok.line - 1])
    if not stack:
        return None
    ln, col = stack[-1]
    return error("MJ103", f"block not closed: this `{{` has no matching `}}` before the block on line {tok.line}",
                 Span(path, ln, col, ln, col + 1), "add `}` on a line of its own where the block ends")


def _unclosed(text: str, path: str) -> Diagnostic:
    stack = _open_braces(text.split("\n"))
    if stack:
        ln, col = stack[-1]
        return error("MJ103", "block not closed: this `{` has no matching `}`", Span(path, ln, col, ln, col + 1),
                     "add `}` on a line of its own where the block ends")
    last = max(1, text.rstrip("\n").count("\n") + 1)
    return error("MJ103", "the file ends in the middle of a statement", Span.point(path, last, 1),
                 "finish the last statement, or close the block it is in")


def _bad_character(e: UnexpectedCharacters, text: str, path: str) -> Diagnostic:
    ch = e.char
    span = Span.point(path, e.line, e.column)
    rest = text[e.pos_in_stream:]
    if ch == '"':
        return error("MJ106", "string not closed: a `\"` with no closing `\"` on its line", span,
                     "close the string on the same line")
    word = re.match(r"[0-9A-Za-z]+", rest)
    allowed = set(e.allowed or ())
    if word and "STRING" in allowed and re.fullmatch(r"[0-9]*[A-Za-z][0-9A-Za-z]*|[0-9]", word.group(0)):
        w = word.group(0)
        span = Span(path, e.line, e.column, e.line, e.column + len(w))
        return error("MJ109", f"tile code `{w}` is not quoted", span, f'tile codes are quoted: write "{w}"')
    if word and ch.isupper():
        w = word.group(0)
        span = Span(path, e.line, e.column, e.line, e.column + len(w))
        return error("MJ119", f"`{w}`: names and keywords are lower case", span,
                     f"write `{w.lower()}`, or quote it if it is a tile code: \"{w}\"")
    shown = repr(ch)[1:-1]
    return error("MJ101", f"unexpected character `{shown}`", span,
                 "remove it; comments start with `#`, strings are in double quotes")


def _expected_words(names, parser: Lark) -> list[str]:
    words = set()
    for n in names:
        if n in TERMINAL_WORDS:
            words.add(TERMINAL_WORDS[n])
            continue
        try:
            term = parser.get_terminal(n)
        except KeyError:
            words.add(n.lower())
            continue
        if term.pattern.type == "str":
            words.add(f"`{term.pattern.value}`")
        else:
            words.add(n.lower())
    return sorted(words)


def _token_words(tok) -> str:
    if tok.type in TERMINAL_WORDS and tok.type not in ("NAME", "NUMBER", "STRING"):
        return TERMINAL_WORDS[tok.type]
    return f"`{tok}`"


def _join(words: list[str]) -> str:
    if len(words) > 8:
        return ", ".join(words[:8]) + f" or one of {len(words) - 8} more"
    if len(words) <= 1:
        return "".join(words) or "nothing"
    return ", ".join(words[:-1]) + " or " + words[-1]


def _hint_for(tok) -> str:
    if tok.type == "_NL":
        return "the statement is incomplete: see docs/language.md for its form"
    if tok.type == "STRING":
        return "is a string expected here? names are written without quotes"
    return "see docs/language.md for the statements each block takes"
