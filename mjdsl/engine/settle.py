"""Settling a hand: the winner scored by the ruleset's scoring block, payments by its
payments block (both in :mod:`mjdsl.scoring`), added to each seat's returns.

The scorer settles the whole hand (losers among themselves, the dealer double, the
payments' conditions), so every hand ends zero-sum, the pot counted: the winner
takes the pot of deposits (announcements that cost points), a wall game carries it
into the next hand and pays only what ``wall game: ...`` says.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..diagnostics import MjError, error
from ..source import BUILTIN

if TYPE_CHECKING:
    from ..ir.model import Automaton, State
    from .game import Game

#: what a finished hand's result keeps (plain data: logs and JSON carry it)
RESULT_KEYS = ("value", "rules", "hand", "line", "jokers")


#: What a value or a payment can raise: a divisor that is a fact (0 in this hand), or
#: doubles past a float's range. Constant cases are refused by check (MJ224); these
#: can only be known when a hand is scored.
UNCOMPUTABLE = (ZeroDivisionError, OverflowError)


def uncomputable(auto: Automaton, e: Exception) -> MjError:
    """MJ420 for a hand whose value or payments can't be computed, at the block that says them."""
    span = auto.states["settle"].span if "settle" in auto.states else None
    return MjError(error("MJ420", f"this hand's value or payments can't be computed ({e})", span or BUILTIN,
                         "divide by a number that can't be 0; give fewer doubles"))


class Settle:
    """System: score the winner and move the payments; nothing for a wall game."""

    def run(self, game: Game, state: State) -> None:
        from ..scoring.engine import score_for_engine

        st = game.st
        if st.winner is None and st.aborted:  # an abortive draw: no winner, no wall-game payments
            st.result = {"winner": None, "wall_game": False, "aborted": st.aborted, "value": 0}
            if st.pot:
                st.result["pot"] = st.pot  # carried into the next hand
            return
        if st.winner is None:
            st.result = {"winner": None, "wall_game": True, "value": 0, **wall_game_payments(game)}
            if st.pot:
                st.result["pot"] = st.pot  # carried into the next hand
            return
        seat = st.winner
        try:
            scored = score_for_engine(game, seat)
        except UNCOMPUTABLE as e:
            raise uncomputable(game.auto, e) from None
        for s, amount in enumerate(scored["payments"]):
            st.returns[s] += float(amount)
        st.result = {"winner": seat, "wall_game": False, **{k: scored.get(k) for k in RESULT_KEYS},
                     "self_drawn": bool(st.win.get("self_drawn")), "discarder": st.win.get("discarder")}
        if st.more_winners:  # several win on one discard: each is paid as if it won alone
            st.result["also_won"] = [_settle_also(game, s, win) for s, win in st.more_winners]
        if st.pot:  # the winner takes the pot: every deposit, this hand's and those carried in
            st.returns[seat] += st.pot
            st.result["pot_taken"] = st.pot
            st.pot = 0.0


def _settle_also(game, seat: int, win: dict) -> dict:
    """Score and pay another winner on the discard the first winner holds: the tile is
    lent to this hand while it is scored. The pot stays with the first winner."""
    from ..scoring.engine import score_for_engine

    st = game.st
    saved = st.winner, st.win
    st.winner, st.win = seat, win
    copy = win.get("copy", win["tile"])  # the copy thrown (a red five is lent as the red one)
    game.give(seat, copy)
    try:
        scored = score_for_engine(game, seat)
    except UNCOMPUTABLE as e:
        raise uncomputable(game.auto, e) from None
    finally:
        game.take(seat, copy)
        st.winner, st.win = saved
    for s, amount in enumerate(scored["payments"]):
        st.returns[s] += float(amount)
    return {"winner": seat, **{k: scored.get(k) for k in RESULT_KEYS}}


def wall_game_payments(game: Game) -> dict:
    """A wall game's payments (``wall game: not calling pay calling N points shared``):
    the hands not calling (a dead hand is not calling) pay N in all, shared among
    them, to the calling hands, shared among them. Also whether the dealer was
    calling, which the session's conditions read (``dealer_calling``)."""
    st = game.st
    total = game.auto.payments.wall_game_pay
    if not total and not game.auto.session.reads_calling:
        return {}
    calling = [not st.dead[s] and game.rules.calling(st, s) for s in range(game.n)]
    out: dict = {"dealer_calling": calling[st.dealer]}
    paying, receiving = calling.count(False), calling.count(True)
    if total and paying and receiving:
        for s in range(game.n):
            st.returns[s] += total / receiving if calling[s] else -total / paying
        out["calling"] = [s for s in range(game.n) if calling[s]]
    return out


class End:
    pass


HANDLERS = {"settle": Settle(), "end": End()}
