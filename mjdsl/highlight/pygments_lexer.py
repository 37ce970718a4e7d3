"""Pygments lexers for rulesets (``.mj``) and cards (``.card``).

Registered as the ``pygments.lexers`` entry points ``mjdsl`` and ``mjcard`` (see
pyproject.toml), so ``pygmentize -l mjdsl FILE`` and a docs build's code fences
find them once mjdsl is installed. Token types:

==================  ===================================================
Keyword.Declaration a block or top-level statement word at a line's start
Keyword             every other fixed word (``pass``, ``claim``, card ``or``)
Keyword.Constant    ``on off true false yes no``
Operator.Word       ``and or not``
String              quoted text (its quotes, for a tile code or suit letter)
Name.Function       a name being declared (``option NAME``, ``rule NAME``)
Name.Constant       a tile code (``"1b"``) or a card group (``FF``, ``2026``)
Name.Variable       a suit letter (``suit bam "b"``; a card's ``a b c -``)
Name.Attribute      a card line's annotation (``· any run or number``)
Number              numbers; on a card line, the points
Comment.Single      ``# ...``
Error               a character no rule of the language allows
==================  ===================================================

The aliases include the info strings of the docs' code fences (```` ```mj ````,
```` ```card ````, and their ``-wrong`` examples), so a docs build colours them.
"""

from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups
from pygments.token import Comment, Error, Keyword, Name, Number, Operator, Punctuation, String, Whitespace

from . import patterns as P


class MjdslLexer(RegexLexer):
    """A ruleset written in the mjdsl rule language."""

    name = "mjdsl"
    aliases = ["mjdsl", "mj", "mj-wrong"]
    filenames = ["*.mj"]
    url = "docs/language.md"

    tokens = {
        "root": [
            (r"\s+", Whitespace),
            (P.COMMENT, Comment.Single),
            (P.DECLARATION, bygroups(Whitespace, Keyword.Declaration, Whitespace, Name.Function)),
            (P.SUIT_DECL, bygroups(Keyword, Whitespace, Name, Whitespace, String, Name.Variable, String)),
            (P.TILE_STRING, bygroups(String, Name.Constant, String)),
            (P.STRING, String.Double),
            (P.COPIES, bygroups(Keyword, Number)),
            (P.NUMBER, Number),
            (P.block_words(), bygroups(Whitespace, Keyword.Declaration)),
            (P.booleans(), Keyword.Constant),
            (P.operators(), Operator.Word),
            (P.keywords(), Keyword),
            (P.NAME, Name),
            (P.OPERATOR, Operator),
            (P.PUNCTUATION, Punctuation),
            (r".", Error),
        ],
    }


class MjCardLexer(RegexLexer):
    """A card of hands (``.card``), written as a printed card shows it."""

    name = "mjdsl card"
    aliases = ["mjcard", "card", "card-wrong"]
    filenames = ["*.card"]
    url = "docs/card-notation.md"

    tokens = {
        "root": [
            (r"\s+", Whitespace),
            (P.COMMENT, Comment.Single),
            (P.card_header(), bygroups(Whitespace, Keyword)),
            (P.CARD_YEAR, bygroups(Whitespace, Keyword, Whitespace, Number)),
            (P.CARD_POINTS, bygroups(Whitespace, Keyword, Whitespace, Number, Punctuation, Number)),
            (P.STRING, String.Double),
            (P.CARD_ANNOTATION, bygroups(Punctuation, Name.Attribute)),
            (P.CARD_VALUE, Number),
            (P.CARD_OR, Keyword),
            (P.CARD_GROUP, Name.Constant),
            (P.CARD_SUIT, Name.Variable),
            (r".", Error),
        ],
    }
