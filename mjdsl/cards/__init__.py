"""The card-hand library of American mah jongg: the printed notation, compiled.

The stages, each a module:

    ast.py      the card notation as data; syntax/card_build.py makes it from card
                text (with syntax/card.lark and card_messages.py: Lark stays in syntax/)
    pattern.py  a pattern read against a tile set (suit letters, tile letters)
    expand.py   ast.Card + TileSet -> CompiledCard: concrete variants and numpy tables
    distance.py how many tiles each hand of a batch still needs, for every variant
    match.py    which card hands fourteen tiles make, and with how many jokers
    hint.py     the nearest hands, the tiles still needed, what to discard
    check.py    card checks (with overlap.py), returning diagnostics
    render.py   a printable card (HTML, Markdown)

The tile set is always an argument: a card is data, read against the tiles its
ruleset declares.
"""

from __future__ import annotations

from typing import Any

from .check import check_card
from .compiled import CompiledCard, variant_counts
from .expand import compile_card
from .hands import Hand, HandBatch, read_hand
from .hint import discards, hint_batch, hints
from .match import match_batch, match_hand

__all__ = [
    "CompiledCard",
    "Hand",
    "HandBatch",
    "card_from_body",
    "check_card",
    "compile_card",
    "discards",
    "hint_batch",
    "hints",
    "match_batch",
    "match_hand",
    "parse_card",
    "read_card",
    "read_hand",
    "variant_counts",
]

#: The card reader's functions, from syntax/ (Lark stays there). syntax/card_build.py
#: imports this package's ast, so they are looked up when first asked for (PEP 562):
#: imported here at the top, ``import mjdsl.syntax.card_build`` alone would fail on the circle.
_READER = ("card_from_body", "parse_card", "read_card")


def __getattr__(name: str) -> Any:
    if name in _READER:
        from ..syntax import card_build

        return getattr(card_build, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
