"""The deal makes hands that can play: every seat is dealt tiles, the dealer starts
with one more than the others (the tile of the first discard), and a ruleset that
plays a card deals the thirteen tiles a card hand is one short of.

Seeds: every seat is dealt 13 tiles and East one more (american-rulebook.txt: East
takes 14 and opens with a discard; classical-chinese-rules.txt: East draws a 14th).
"""

from __future__ import annotations

from .. import ast as A
from ..diagnostics import Diagnostic, error
from .wall import dealt_sizes

#: Tiles a hand of a printed card holds when it is won (docs/cli.md, `mjdsl match`: "these 14 tiles").
CARD_HAND = 14


def check_deal(ctx) -> list[Diagnostic]:
    return _original_hand_seat(ctx) + _deal_sizes(ctx)


def _original_hand_seat(ctx) -> list[Diagnostic]:
    """``original hand for SEAT``: only the dealer is dealt a whole hand, the tile of the
    first discard included (seed: classical, East's "13 tiles dealt ... together with
    the first tile given"), so only the dealer can hold an Original Hand."""
    play = ctx.block(A.PlayBlock)
    return [error("MJ234", f"`original hand for {o.seat}`: only the dealer is dealt a whole hand", o.span,
                  "write `original hand for dealer`")
            for o in (play.all(A.OriginalHand) if play is not None else ()) if o.seat != "dealer"]


def _deal_sizes(ctx) -> list[Diagnostic]:
    deal = ctx.block(A.DealBlock)
    if deal is None:
        return []  # MJ216 says so
    play = ctx.block(A.PlayBlock)
    dealer, other = dealt_sizes(ctx)
    if other <= 0:
        return [error("MJ223", f"the deal gives the seats other than the dealer no tiles (the dealer {dealer})",
                      deal.span, "deal every seat its hand: `all 13`, or `all 4 x3` and `all 1`")]
    if dealer != other + 1:
        where = (play.all(A.DealerDraws) or [deal])[0].span if play is not None else deal.span
        return [error("MJ223", f"the dealer starts with {dealer} tiles and the others with {other}: the dealer "
                               f"needs one more than the others, to open with a discard", where,
                      "add `dealer 1` to the deal, or `dealer draws 1` to play" if dealer == other
                      else "the dealer gets one tile more than the others: `dealer 1` or `dealer draws 1`")]
    win = ctx.block(A.WinningBlock)
    if win is not None and win.all(A.CardRef) and other + 1 != CARD_HAND:
        return [error("MJ223", f"the deal makes hands of {other} tiles; a card hand is {CARD_HAND} tiles, "
                               f"the dealt hand and one more", deal.span, f"deal {CARD_HAND - 1} tiles to each seat")]
    return []
