"""Cards checked and compiled once per content: the same card text against the same
tile set gives the same result, so a second check (``mjdsl check`` then ``compile``,
a language server re-checking a ruleset, a worker process) reuses the first.

Keyed by the card's path, its full text and the tile set (a frozen value), so an
edited card is compiled afresh; a small LRU bounds the memory.
"""

from __future__ import annotations

from collections import OrderedDict

import attrs

from ..diagnostics import Diagnostic
from ..tiles import TileSet

_LIMIT = 16
_CACHE: "OrderedDict[tuple, CheckedCard]" = OrderedDict()


@attrs.frozen(eq=False)
class CheckedCard:
    """A card file read, checked and compiled: card (None if it does not parse)."""

    card: object
    compiled: object
    diagnostics: tuple[Diagnostic, ...]


def checked_card(text: str, path: str, tiles: TileSet) -> CheckedCard:
    from ..syntax.card_build import parse_card
    from .check import check_card

    key = (path, text, tiles)
    hit = _CACHE.get(key)
    if hit is not None:
        _CACHE.move_to_end(key)
        return hit
    card, diags = parse_card(text, path)
    if card is None:
        hit = CheckedCard(None, None, tuple(diags))
    else:
        compiled, found = check_card(card, tiles)
        hit = CheckedCard(card, compiled, tuple(diags) + tuple(found))
    _CACHE[key] = hit
    while len(_CACHE) > _LIMIT:
        _CACHE.popitem(last=False)
    return hit
