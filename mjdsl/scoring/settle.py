"""Payments: the winner settles with every loser, the losers among themselves.

Seed and reference table: every loser pays the winner the winner's score; the
losers also settle the differences of their own scores with each other; East (the
dealer) pays and receives double. Which of these a ruleset plays, and what a
payment is, come from its ``payments`` block (``losers pay winner value``,
``discarder pays winner 2 * value when by_discard``, ``losers settle among
themselves``, ``dealer pays and receives double``). Every function here returns
payments per seat that add up to zero: positive received, negative paid.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Callable, Mapping, Sequence

from .feeds import apply_feeds
from .model import HandInput, ScoreResult

if TYPE_CHECKING:
    from ..ir.model import Automaton
    from .env import HandEnv


def pay_winner(auto: Automaton, winner_result: ScoreResult | HandEnv, winner: int, dealer: int, discarder: int | None = None,
               seats: int | None = None, seat_of: Callable[[int], int | None] | None = None) -> list[float]:
    """What each seat pays the winner (and the winner receives): the ``pays`` rules,
    then responsibility (``feeder ... pays for ...``: :mod:`mjdsl.scoring.feeds`).

    winner_result: the winner's :class:`ScoreResult` (or the facts of the win, its
    ``context``). ``discarder`` is the seat whose tile won (None when self-drawn):
    a ``discarder pays`` rule charges only that seat, an ``others pay`` rule every
    other loser. ``seat_of`` turns a seat wind into a seat (default: the engine's,
    the dealer's seat having the first seat wind).
    """
    n = seats or auto.seats
    spec = auto.payments
    env = getattr(winner_result, "context", winner_result)
    out = [0.0] * n
    for p in spec.pays:
        if p.when is not None and not p.when(env):
            continue
        amount = float(p.amount(env))
        for s in range(n):
            if s == winner:
                continue
            if p.payer == "discarder" and s != discarder:
                continue
            if p.payer == "others" and s == discarder:
                continue
            if p.payer == "dealer" and s != dealer or p.payer == "non dealers" and s == dealer:
                continue
            factor = 2 if spec.dealer_double and dealer in (s, winner) else 1
            out[s] -= amount * factor
            out[winner] += amount * factor
    if spec.feeds:
        winds = auto.seat_winds
        if seat_of is None:
            def seat_of(w: int) -> int | None:
                return (dealer + winds.index(w)) % n if w in winds else None
        apply_feeds(auto, env, out, winner, discarder, seat_of)
    return out


def settle(auto: Automaton, winner_result: ScoreResult | None, loser_results: Mapping[int, ScoreResult], dealer_seat: int, *,
           winner_seat: int | None, discarder_seat: int | None = None, seats: int | None = None) -> list[float]:
    """Zero-sum payments per seat for a finished hand.

    winner_result: :func:`~mjdsl.scoring.score_hand` of the winner's hand (None for
    a wall game: nobody pays); loser_results: the losers' scores by seat (those
    left out, a dead hand, score nothing); dealer_seat, winner_seat, discarder_seat:
    seat numbers (the discarder is None for a self-drawn win).
    """
    n = seats or auto.seats
    if winner_result is None or winner_seat is None:
        return [0.0] * n
    out = pay_winner(auto, winner_result, winner_seat, dealer_seat, discarder_seat, n)
    spec = auto.payments
    if spec.settle_losers:
        for a, b in combinations(sorted(s for s in loser_results if s != winner_seat), 2):
            diff = loser_results[a].total - loser_results[b].total
            factor = 2 if spec.dealer_double and dealer_seat in (a, b) else 1
            out[a] += diff * factor
            out[b] -= diff * factor
    return out


def winner_payments(auto: Automaton, env: HandEnv, hand: HandInput) -> list[float]:
    """:func:`pay_winner` with seats named by wind: seat i has ``auto.seat_winds[i]``;
    the dealer is the first seat wind; an unnamed discarder is the seat before the
    winner in turn order. ``env``: the winner's facts (``ScoreResult.context``)."""
    winds: Sequence[int] = auto.seat_winds
    n = len(winds) or auto.seats
    if hand.seat_wind not in winds:
        return []
    winner = winds.index(hand.seat_wind)
    dealer = winner if env.hf["dealer"] else 0
    discarder = None
    if hand.by_discard:
        discarder = winds.index(hand.discarder) if hand.discarder in winds else (winner - 1) % n
    return pay_winner(auto, env, winner, dealer, discarder, n,
                      lambda w: winds.index(w) if w in winds else None)


def penalty_payments(auto: Automaton, name: str, offender: int, seats: int | None = None) -> list[float]:
    """The offender pays every other seat the penalty's amount (``penalty NAME: -300
    points``; a penalty in limits is already in points)."""
    n = seats or auto.seats
    amount = abs(float(auto.payments.penalties[name]))
    out = [amount] * n
    out[offender] = -amount * (n - 1)
    return out
