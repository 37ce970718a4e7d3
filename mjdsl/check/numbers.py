"""Numbers that check as written but cannot play (issue 9: numbers taken unchecked).

- the replacements for the tiles first dealt (``replacement { replace flower kong }``)
  come from the kong box, which keeps its size by moving the end of the live wall; a
  deal that leaves fewer live tiles above ``wall game when N left`` than those
  replacements may need starts a hand with a seat a tile short (MJ248). The most
  they may need: every bonus tile of the set, and as many kongs as the hands dealt
  can hold (a kong set aside counts as three tiles of the hand);
- counts past anything play can use (MJ219): jokers standing only in groups larger
  than a winning hand (no group could ever hold one), a session of more than
  :data:`MAX_HANDS` hands or :data:`MAX_ROUNDS` rounds (``hands 100000``: ``simulate``
  would play it for hours; no table plays one).

Counts of nothing and amounts of nothing (``courtesy across 0..0``, ``deposit 0
points``) play, and change nothing: lint reports them (:mod:`.lint_amounts`).
"""

from __future__ import annotations

from .. import ast as A
from ..diagnostics import Diagnostic, error
from ..ir.expr import Const, compile_expr
from .wall import dealt_sizes, live_after_deal, seat_count

#: The longest session the checker accepts: no rule book plays more in one sitting.
MAX_HANDS = 1000
MAX_ROUNDS = 100


def check_numbers(ctx) -> list[Diagnostic]:
    return _setup_replacements(ctx) + _joker_groups(ctx) + _session_length(ctx)


def most_setup_replacements(ctx, kinds: tuple[str, ...]) -> tuple[int, int]:
    """(bonus tiles, kongs) the replacements for the tiles first dealt may have to
    replace, at most, for a replacement block that replaces ``kinds``."""
    tiles = ctx.tiles
    bonus = sum(k.copies for k in tiles.kinds if k.is_bonus and k.cls in kinds)  # flowers, animals...
    if "kong" not in kinds:
        return bonus, 0
    seats = seat_count(ctx)
    dealer, other = dealt_sizes(ctx, with_draws=False)
    # a hand of H holds a (k+1)-th four-alike only while H - 3k >= 4
    per_hand = sum(max(0, (h - 1) // 3) for h in [dealer] + [other] * (seats - 1))
    fours = sum(k.copies // 4 for k in tiles.kinds if not k.is_bonus and k.cls != "joker")
    return bonus, min(per_hand, fours)


def _setup_replacements(ctx) -> list[Diagnostic]:
    rep = ctx.block(A.ReplacementBlock)
    what = rep.one(A.ReplaceWhat) if rep is not None else None
    live = live_after_deal(ctx, with_draws=False)  # the replacements come before the dealer's draws
    if what is None or live is None or live < 0:
        return []  # MJ221/MJ222: the deal does not fit at all (a deal that just fits leaves none)
    play = ctx.block(A.PlayBlock)
    wall_game = play.one(A.WallGame) if play is not None else None
    left = wall_game.left if wall_game is not None else 0
    bonus, kongs = most_setup_replacements(ctx, what.kinds)
    need = bonus + kongs
    room = live - left
    if need <= room:
        return []
    why = " and ".join(x for x in (f"{bonus} bonus tiles" if bonus else "", f"{kongs} kongs" if kongs else "") if x)
    return [error("MJ248", f"the replacements for the tiles dealt may need {need} tiles ({why}), but the deal leaves "
                           f"{room} in the live wall above `wall game when {left} left`: a hand could start "
                           "with a seat a tile short", what.span,
                  f"leave {need} tiles or more: a smaller dead wall, a smaller deal, or a wall game "
                  f"when fewer are left")]


def _joker_groups(ctx) -> list[Diagnostic]:
    jokers, deal = ctx.block(A.JokersBlock), ctx.block(A.DealBlock)
    if jokers is None or deal is None:
        return []
    dealer, other = dealt_sizes(ctx)
    hand = max(dealer, other + 1)  # the winning hand: the dealt hand and one more tile
    if hand <= 1:
        return []  # MJ223: no deal to speak of
    return [error("MJ219", f"jokers stand in groups of {s.min_group} or more, but a winning hand holds "
                           f"{hand} tiles: no group could ever hold a joker", s.span,
                  "write `stand in groups of 3 or more` (pungs and larger)")
            for s in jokers.all(A.JokerStand) if s.min_group > hand]


def _session_length(ctx) -> list[Diagnostic]:
    session = ctx.block(A.SessionBlock)
    if session is None:
        return []
    opts = ctx.options.values()
    out = []
    for cls, what, most in ((A.SessionHands, "hands", MAX_HANDS), (A.SessionRounds, "rounds", MAX_ROUNDS)):
        for s in session.all(cls):
            value = compile_expr(s.expr, opts)
            # a truth value is an int, and never past the most: MJ211 refuses it
            if not isinstance(value, Const) or not isinstance(value.value, (int, float)) or value.value <= most:
                continue  # not a number (MJ211/MJ204), or one MJ235 judges
            out.append(error("MJ219", f"a session of {value.value:g} {what}: the checker takes at most {most:,}",
                             s.span, f"write `{what} {most}` or fewer (an option here too, as set): "
                                     "a session that long never ends at a table"))
    return out
