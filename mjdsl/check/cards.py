"""The card a ruleset plays: checked with the card library against the ruleset's tiles.

Runs after the ruleset checks (it needs the tile set); its diagnostics point into
the card file. A card that does not parse reports its syntax errors here too.
"""

from __future__ import annotations

from .. import ast as A
from ..diagnostics import Diagnostic
from ..frontend.paths import display
from .winning import card_path


def card_sources(ctx) -> dict[str, str]:
    """The text of the ruleset's card file (for printing its diagnostics)."""
    win = ctx.block(A.WinningBlock)
    ref = win.one(A.CardRef) if win is not None else None
    path = card_path(ref, ctx.ruleset) if ref is not None else None
    if path is None or not path.is_file():
        return {}
    # the card grammar, only for a ruleset that plays a card
    from ..syntax.card_build import looks_like_card, read_card_source

    src, _ = read_card_source(display(path))
    # a file that is not a card (MJ158) is named, never quoted (docs/security.md)
    return {src.path: src.text} if src is not None and looks_like_card(src.text) else {}


def check_cards(ctx) -> list[Diagnostic]:
    win = ctx.block(A.WinningBlock)
    ref = win.one(A.CardRef) if win is not None else None
    if ref is None or ctx.tiles is None:
        return []
    path = card_path(ref, ctx.ruleset)
    if path is None or not path.is_file():
        return []  # check_winning reports the missing or refused file
    from ..cards.cache import checked_card  # the card library, only for a ruleset that plays a card
    from ..syntax.card_build import read_card_source

    src, problem = read_card_source(display(path))  # named as `mjdsl check` names it
    if src is None:
        return [problem]
    return list(checked_card(src.text, src.path, ctx.tiles).diagnostics)
