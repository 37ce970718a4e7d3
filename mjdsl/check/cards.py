"""The card a ruleset plays: checked with the card library against the ruleset's tiles.

Runs after the ruleset checks (it needs the tile set); its diagnostics point into
the card file. A card that does not parse reports its syntax errors here too.
"""

from __future__ import annotations

from .. import ast as A
from ..diagnostics import Diagnostic
from ..source import Source
from .winning import card_path


def card_sources(ctx) -> dict[str, str]:
    """The text of the ruleset's card file (for printing its diagnostics)."""
    win = ctx.block(A.WinningBlock)
    ref = win.one(A.CardRef) if win is not None else None
    if ref is None or not card_path(ref).is_file():
        return {}
    src = Source.from_file(card_path(ref))
    return {src.path: src.text}


def check_cards(ctx) -> list[Diagnostic]:
    from ..cards.cache import checked_card

    win = ctx.block(A.WinningBlock)
    ref = win.one(A.CardRef) if win is not None else None
    if ref is None or ctx.tiles is None:
        return []
    path = card_path(ref)
    if not path.is_file():
        return []  # check_winning reports the missing file
    src = Source.from_file(path)
    return list(checked_card(src.text, src.path, ctx.tiles).diagnostics)
