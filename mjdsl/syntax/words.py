"""The fixed words of the two grammars, read from the grammars themselves.

Highlighters (the Pygments lexer, the TextMate grammar that ``tools/gen_textmate.py``
writes) and the language server's completion list the keywords of the language;
reading them from the Lark grammars keeps every one of them in step with
``mjdsl.lark`` and ``card.lark`` instead of a copied list.

Words come in kinds: ``BLOCKS`` open a top-level statement (``tiles``, ``play``,
``option``), ``BOOLEANS`` are the values ``on``/``off``/..., ``OPERATORS`` the word
operators of expressions, and ``KEYWORDS`` every other fixed word of a ruleset.
``CARD_KEYWORDS`` are the header words of a card file and its ``or``.
"""

from __future__ import annotations

import functools

import attrs

BOOLEANS = ("on", "off", "true", "false", "yes", "no")
OPERATORS = ("and", "or", "not")


@attrs.frozen
class Words:
    """The fixed words of the ruleset grammar, each kind sorted."""

    blocks: tuple[str, ...]
    keywords: tuple[str, ...]
    booleans: tuple[str, ...] = BOOLEANS
    operators: tuple[str, ...] = OPERATORS

    @property
    def all(self) -> tuple[str, ...]:
        return tuple(sorted({*self.blocks, *self.keywords, *self.booleans, *self.operators}))


def _literal_words(parser) -> set[str]:
    return {t.pattern.value for t in parser.terminals
            if t.pattern.type == "str" and t.pattern.value.isalpha()}


@functools.lru_cache(maxsize=1)
def ruleset_words() -> Words:
    """The words of ``mjdsl.lark``: a block word is the first word of a top-level statement."""
    from .parse import parser

    p = parser()
    literal = {t.name: t.pattern.value for t in p.terminals if t.pattern.type == "str"}
    statements = {s.name for r in p.rules if r.origin.name == "statement" for s in r.expansion}
    blocks = {literal[r.expansion[0].name] for r in p.rules
              if r.origin.name in statements and r.expansion and r.expansion[0].name in literal}
    words = _literal_words(p)
    keywords = words - blocks - set(BOOLEANS) - set(OPERATORS)
    return Words(tuple(sorted(blocks)), tuple(sorted(keywords)))


@functools.lru_cache(maxsize=1)
def card_keywords() -> tuple[str, ...]:
    """The fixed words of ``card.lark`` (``card``, ``year``, ``points``, ``tiles``, ``section``, ``or``)."""
    from .. import cards  # noqa: F401  (cards and the card builder import each other)
    from .card_build import parser

    return tuple(sorted(_literal_words(parser())))
