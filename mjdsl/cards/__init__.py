"""The card-hand library of American mah jongg: the printed notation, compiled.

The stages, each a module:

    ast.py      the card notation as data; syntax/card_build.py makes it from card
                text (with syntax/card.lark and card_messages.py: Lark stays in syntax/)
    pattern.py  a pattern read against a tile set (suit letters, tile letters)
    expand.py   ast.Card + TileSet -> CompiledCard: concrete variants and numpy tables
    distance.py how many tiles each hand of a batch still needs, for every variant
    match.py    which card hands fourteen tiles make, and with how many jokers
    hint.py     the nearest hands, the tiles still needed, what to discard
    check.py    card checks (with overlap.py and choices.py), returning diagnostics
    render.py   a printable card (HTML, Markdown)

The tile set is always an argument: a card is data, read against the tiles its
ruleset declares.
"""

from __future__ import annotations

import importlib

# Imported when first asked for (PEP 562), not when the package is: a module that needs
# only ``cards.ast`` (the card grammar's builder, the checks of a ruleset without a
# card) then loads neither numpy nor the matcher, and syntax/card_build.py, which this
# package re-exports, can import ``cards.ast`` without an import circle.
_WHERE = {
    "card_from_body": "..syntax.card_build", "parse_card": "..syntax.card_build", "read_card": "..syntax.card_build",
    "check_card": ".check",
    "CompiledCard": ".compiled", "variant_counts": ".compiled",
    "compile_card": ".expand",
    "Hand": ".hands", "HandBatch": ".hands", "read_hand": ".hands",
    "discards": ".hint", "hint_batch": ".hint", "hints": ".hint",
    "match_batch": ".match", "match_hand": ".match",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str):
    if name in _WHERE:
        return getattr(importlib.import_module(_WHERE[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
