"""What a highlighter must show, read from the real parsers' tokens.

:func:`expected` lists, for a shipped ruleset or card, every token the Lark parser
reads (and every comment it skips) with the category a highlighter must give it:
``keyword``, ``boolean``, ``string``, ``tile``, ``number``, ``suit``, ``annotation``,
``comment`` or ``name``. Positions are 0-based (line, column) of the characters that
carry the category: a quoted tile code or suit letter is checked inside its quotes.
Both highlighter tests (Pygments, and TextMate through the real engine) check
their output against this list, so neither can agree with itself and be wrong.
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parent.parent
TILE_CODE = re.compile(r"[1-9][bcd]|[NEWSRGFJ0]|[fs][1-4]")


@attrs.frozen
class Expect:
    line: int
    column: int
    text: str
    category: str


def shipped_files(suffix: str) -> list[Path]:
    """Every shipped ruleset or card: rulesets/ and examples/."""
    return sorted(p for d in ("rulesets", "examples") for p in (ROOT / d).rglob(f"*{suffix}"))


def _position(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset)
    return line, offset - (text.rfind("\n", 0, offset) + 1)


def _comments(text: str, spans: list[tuple[int, int]]) -> list[Expect]:
    """Comments are skipped by the lexers: find them in the gaps between tokens."""
    out = []
    pos = 0
    for start, end in [*sorted(spans), (len(text), len(text))]:
        gap = text[pos:start]
        for m in re.finditer(r"#[^\n]*", gap):
            out.append(Expect(*_position(text, pos + m.start()), m.group(), "comment"))
        pos = max(pos, end)
    return out


def _at(text: str, offset: int, value: str, category: str) -> Expect:
    return Expect(*_position(text, offset), value, category)


def _string(text: str, tok, category_inside: str | None) -> list[Expect]:
    out = [_at(text, tok.start_pos, '"', "string")]
    if category_inside:
        out.append(_at(text, tok.start_pos + 1, tok.value[1:-1], category_inside))
    return out


def expected_ruleset(text: str) -> list[Expect]:
    from mjdsl.syntax.parse import parser
    from mjdsl.syntax.words import ruleset_words

    words = ruleset_words()
    if not text.endswith("\n"):
        text += "\n"
    tokens = [t for t in parser().parse_interactive(text).iter_parse() if t.type not in ("$END", "_NL")]
    out: list[Expect] = []
    for i, tok in enumerate(tokens):
        v = str(tok.value)
        if tok.type == "STRING":
            inner = v[1:-1]
            after_suit = i >= 2 and tokens[i - 2].value == "suit" and tokens[i - 1].type == "NAME"
            out += _string(text, tok, "suit" if after_suit else "tile" if TILE_CODE.fullmatch(inner) else None)
        elif tok.type == "NUMBER":
            out.append(_at(text, tok.start_pos, v, "number"))
        elif tok.type == "NAME":
            if v not in words.all:  # a name spelled like a keyword may be shown either way
                out.append(_at(text, tok.start_pos, v, "name"))
        elif v in words.booleans:
            out.append(_at(text, tok.start_pos, v, "boolean"))
        elif v.isalpha():
            out.append(_at(text, tok.start_pos, v, "keyword"))
    return out + _comments(text, [(t.start_pos, t.end_pos) for t in tokens])


def expected_card(text: str) -> list[Expect]:
    from lark import Token, Tree

    from mjdsl import cards  # noqa: F401
    from mjdsl.syntax.card_build import parser

    if not text.endswith("\n"):
        text += "\n"
    tree = parser().parse(text)
    out: list[Expect] = []
    spans = []

    def walk(t: Tree, parent: str) -> None:
        for child in t.children:
            if isinstance(child, Tree):
                walk(child, child.data)
                continue
            if not isinstance(child, Token) or child.type == "_NL":
                continue
            spans.append((child.start_pos, child.end_pos))
            v = str(child.value)
            if child.type == "STRING":
                out.extend(_string(text, child, None))
            elif parent == "card_group":
                out.append(_at(text, child.start_pos, v, "tile"))
            elif parent == "card_suit":
                out.append(_at(text, child.start_pos, v, "suit"))
            elif parent == "card_word":
                out.append(_at(text, child.start_pos, v, "annotation"))
            elif child.type == "CARD_NUMBER":
                out.append(_at(text, child.start_pos, v, "number"))
            elif v.isalpha():
                out.append(_at(text, child.start_pos, v, "keyword"))

    walk(tree, tree.data)
    return out + _comments(text, spans)


def expected(path: Path) -> list[Expect]:
    text = path.read_text(encoding="utf-8")
    return expected_card(text) if path.suffix == ".card" else expected_ruleset(text)
