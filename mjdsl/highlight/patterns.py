"""The regular expressions both highlighters use, written once.

They follow the terminals of ``mjdsl.lark`` and ``card.lark``; the tests tokenize
every shipped ruleset and card with each highlighter and compare the result with the
tokens the real parsers read. Each expression is written for both Python's ``re``
(Pygments) and Oniguruma (TextMate): no possessive or named-group syntax.
"""

from __future__ import annotations

from ..syntax.words import card_keywords, ruleset_words

#: The concrete tile codes of docs/cli.md ("Tile codes"); a quoted string
#: that is exactly one of them is shown as a tile.
TILE_CODE = r"[1-9][bcd]|[NEWSRGFJ0]|[fs][1-4]"
NAME = r"[a-z_][a-z0-9_]*"
NUMBER = r"[0-9]+(?:\.[0-9]+)?"
STRING = r'"(?:\\.|[^"\\\n])*"'
COMMENT = r"#.*$"

#: `suit bam "b" ...`: the keyword, the suit's name and its letter (quotes apart).
SUIT_DECL = r'\b(suit)(\s+)(' + NAME + r')(\s+)(")([a-z])(")'
#: A statement that declares a name, at a line's start: `option charleston = on`, `rule pung: ...`.
DECLARATION = r"^(\s*)(option|set|rule|pattern|class|claim|announce|penalty|optional)(\s+)(" + NAME + r")\b"
#: `"1b"`: the quotes and the code.
TILE_STRING = r'(")(' + TILE_CODE + r')(")'
#: `x4`: copies (the `x` keyword and a count, written together).
COPIES = r"\b(x)([0-9]+)\b"
OPERATOR = r"\.\.|->|==|!=|<=|>=|[<>=+\-*/^]"
PUNCTUATION = r"[{}(),:]"

# -- cards (card.lark) -------------------------------------------------------------
CARD_YEAR = r"^(\s*)(year)(\s+)([0-9]+)"
CARD_POINTS = r"^(\s*)(points)(\s+)([0-9]+)(\.\.)([0-9]+)"
#: `· any run or number`: the dot (or its ASCII comma) and the words after it; a
#: choice's numbers, winds and groups too (`· 1-5 or 5-9`, `· N and S or E and W`,
#: `· 9999 stays`), a number only with more after it (the last is the points).
CARD_ANNOTATION = (r"([·,])((?:[ \t]*(?:[a-z]{2,}|[1-9](?:-[1-9])+|[0-9]*[DFNEWSRG][0-9DFNEWSRG]*"
                   r"|[0-9]+(?=[ \t]+[^\s#])))+)")
#: The points: the last number on a hand line (a comment may follow).
CARD_VALUE = r"\b[0-9]+(?=[ \t]*(?:#.*)?$)"
CARD_OR = r"\bor\b"
#: A group of tiles, one character a tile: `FF`, `2026`, `NEWS`, `DDDD`.
#: A choice of groups in one place is one group: `NNNN/SSSS`.
CARD_GROUP = r"\b(?:[0-9DFNEWSRG]+(?:/[0-9DFNEWSRG]+)+|[0-9]*[DFNEWSRG][0-9DFNEWSRG]*|[0-9]+)\b"
#: One small letter standing alone (a suit variable), or `-` for a group with none.
CARD_SUIT = r"(?<![A-Za-z0-9])(?:[a-z](?![A-Za-z0-9])|-(?=[ \t]|$))"


def alternatives(words) -> str:
    """`\\b(?:w1|w2|...)\\b`, longest first so that no word hides a longer one."""
    return r"\b(?:" + "|".join(sorted(words, key=lambda w: (-len(w), w))) + r")\b"


def block_words() -> str:
    """Block and top-level statement words at the start of a line."""
    return r"^(\s*)(" + alternatives(ruleset_words().blocks) + r")"


def keywords() -> str:
    w = ruleset_words()
    return alternatives(set(w.keywords) | set(w.blocks))


def booleans() -> str:
    return alternatives(ruleset_words().booleans)


def operators() -> str:
    return alternatives(ruleset_words().operators)


def card_header() -> str:
    """The card's header words with no number after them (`card`, `tiles`, `section`)."""
    words = [w for w in card_keywords() if w not in ("or", "year", "points")]
    return r"^(\s*)(" + alternatives(words) + r")"
