"""TextMate grammars for rulesets and cards, built from the shared patterns.

``tools/gen_textmate.py`` writes them to ``editors/vscode/syntaxes/`` (a test keeps
the files in step with this module). Scopes follow the TextMate conventions, so
any colour theme colours them: ``keyword.control`` (block words),
``keyword.other``, ``entity.name`` (a declared name), ``constant.language.boolean``, ``keyword.operator``,
``string.quoted.double``, ``constant.other.tile`` (tile codes and card groups),
``variable.parameter.suit`` (suit letters), ``entity.other.attribute-name``
(a card line's annotations), ``constant.numeric``, ``comment.line.number-sign``.
"""

from __future__ import annotations

from . import patterns as P

RULESET_SCOPE = "source.mjdsl"
CARD_SCOPE = "source.mjcard"


def _captures(*names: str | None) -> dict:
    return {str(i): {"name": n} for i, n in enumerate(names, start=1) if n}


def ruleset_grammar() -> dict:
    """The TextMate grammar of ``.mj`` files."""
    s = ".mjdsl"
    string = "string.quoted.double" + s
    return {
        "name": "mjdsl ruleset",
        "scopeName": RULESET_SCOPE,
        "fileTypes": ["mj"],
        "patterns": [
            {"name": "comment.line.number-sign" + s, "match": P.COMMENT},
            {"match": P.DECLARATION, "captures": _captures(None, "keyword.control" + s, None, "entity.name" + s)},
            {"match": P.SUIT_DECL,
             "captures": _captures("keyword.other" + s, None, "entity.name.type.suit" + s, None,
                                   string, f"{string} variable.parameter.suit{s}", string)},
            {"name": string, "match": P.TILE_STRING, "captures": _captures(None, "constant.other.tile" + s)},
            {"name": string, "match": P.STRING},
            {"match": P.COPIES, "captures": _captures("keyword.other" + s, "constant.numeric" + s)},
            {"name": "constant.numeric" + s, "match": r"\b" + P.NUMBER + r"\b"},
            {"match": P.block_words(), "captures": _captures(None, "keyword.control" + s)},
            {"name": "constant.language.boolean" + s, "match": P.booleans()},
            {"name": "keyword.operator.logical" + s, "match": P.operators()},
            {"name": "keyword.other" + s, "match": P.keywords()},
            {"name": "variable.other" + s, "match": r"\b" + P.NAME + r"\b"},
            {"name": "keyword.operator" + s, "match": P.OPERATOR},
            {"name": "punctuation" + s, "match": P.PUNCTUATION},
        ],
    }


def card_grammar() -> dict:
    """The TextMate grammar of ``.card`` files."""
    s = ".mjcard"
    number = "constant.numeric" + s
    keyword = "keyword.control" + s
    return {
        "name": "mjdsl card",
        "scopeName": CARD_SCOPE,
        "fileTypes": ["card"],
        "patterns": [
            {"name": "comment.line.number-sign" + s, "match": P.COMMENT},
            {"match": P.card_header(), "captures": _captures(None, keyword)},
            {"match": P.CARD_YEAR, "captures": _captures(None, keyword, None, number)},
            {"match": P.CARD_POINTS, "captures": _captures(None, keyword, None, number, "punctuation" + s, number)},
            {"name": "string.quoted.double" + s, "match": P.STRING},
            {"match": P.CARD_ANNOTATION,
             "captures": _captures("punctuation.separator.annotation" + s, "entity.other.attribute-name" + s)},
            {"name": number, "match": P.CARD_VALUE},
            {"name": "keyword.operator" + s, "match": P.CARD_OR},
            {"name": "constant.other.tile" + s, "match": P.CARD_GROUP},
            {"name": "variable.parameter.suit" + s, "match": P.CARD_SUIT},
        ],
    }


#: file name in editors/vscode/syntaxes/ -> the function that builds it
GRAMMARS = {
    "mjdsl.tmLanguage.json": ruleset_grammar,
    "mjcard.tmLanguage.json": card_grammar,
}
