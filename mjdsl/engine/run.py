"""Playing hands with bots, seeded: one hand, a session of hands, many sessions.

Randomness comes from streams named by the seed (``random.Random("S:chance")``), so a
seed gives the same game on every machine, process and worker count; string seeds
are hashed by Python's own SHA-512 seeding, not by ``hash()``, so PYTHONHASHSEED
does not matter.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Callable, Sequence

import attrs

from .chance import chance_stream
from .driver import play_out
from .game import Game

if TYPE_CHECKING:
    from ..ir.model import Automaton


@attrs.frozen
class HandRecord:
    """One hand played: enough to replay it (dealer, round wind, the session context the
    settlement reads, actions) and its result."""

    seed: str
    dealer: int
    round_wind: int | None
    actions: tuple
    result: dict
    returns: tuple
    dead: tuple
    turns: int
    decisions: int
    events: tuple = ()
    #: what the session carried into the hand (``dealer_streak``), as ``Game`` was given it
    context: tuple = ()
    #: the state digests a log keeps (``log.state_digest`` every ``log.DIGEST_EVERY`` steps
    #: and after the last), taken as the hand was played, so a replay checks against the
    #: game itself rather than against a second run of the same actions; empty when the
    #: hand was played without them (``play_hand(digests=False)``: no log to write)
    digests: tuple = ()
    #: the session's player at each seat (``seating``); empty: seat s is player s
    players: tuple = ()


def play_hand(auto: Automaton, seed: str, bots: Sequence, *, dealer: int = 0, round_wind: int | None = None,
              context: dict | None = None,
              check: Callable[[Game], None] | None = None, digests: bool = True) -> HandRecord:
    """Play one hand to the end; ``check(game)`` (if given) runs after every action.

    ``digests``: take the state digests a log keeps (``HandRecord.digests``); a run that
    writes no log (``simulate`` without ``--logs``, ``analyze``, ``arena``) plays
    without them: a digest is a ``repr`` of the whole table, about a tenth of a
    compiled hand's time, and the hand is the same either way."""
    game = Game(auto, dealer=dealer, round_wind=round_wind, context=context)
    chance = chance_stream(seed)
    rngs = [random.Random(f"{seed}:seat{s}") for s in range(auto.seats)]
    decisions, taken = play_out(game, bots, chance, rngs, digests, check)
    st = game.st
    return HandRecord(seed, dealer, st.round_wind, tuple(st.history), dict(st.result), tuple(st.returns),
                      tuple(st.dead_reason), st.turns, decisions, tuple(sorted(st.events.items())),
                      tuple(sorted(game.context.items())), tuple(taken))


def session_plan(auto: Automaton) -> tuple[int, int]:
    """(hands in a session for a fixed-length session, or 0; rounds, or 0)."""
    s = auto.session
    return (s.hands or 0, s.rounds or 0)


def session_min_hands(auto: Automaton) -> int | None:
    """The fewest hands a session can have, or None when it ends only at its cap.

    The dealer keeping the deal only lengthens a session (``SessionClock.advance``): a
    wind round ends once the deal has gone round every player, so ``rounds R`` is at
    least R x players hands, and ``hands N`` is N. A parallel run counts the hands of
    the sessions still out with it (engine/simulate.py)."""
    hands, rounds = session_plan(auto)
    bounds = [b for b in (hands, rounds * auto.session_players) if b]
    return min(bounds) if bounds else None


def first_dealer(auto: Automaton, seed: str) -> int:
    """The seat that deals the first hand of a session: with ``first dealer by dice N
    thrown by each`` every seat throws N dice (from the stream ``SEED:first dealer``),
    the highest deals and the tied throw again (seed: classical, "each player throwing
    a die ... the highest will play as East Wind"); without it seat 0."""
    n = auto.session.first_dealer_dice
    if not n:
        return 0
    rng = random.Random(f"{seed}:first dealer")
    throwing = list(range(auto.session_players))
    while len(throwing) > 1:
        totals = {s: sum(rng.randint(1, 6) for _ in range(n)) for s in throwing}
        top = max(totals.values())
        throwing = [s for s in throwing if totals[s] == top]
    return throwing[0]


@attrs.define
class SessionClock:
    """Where a session stands: the next hand's dealer and round, and whether it is over.

    hands: hands played; dealer: the next hand's dealer; round_index: wind rounds
    completed; streak: hands the dealer has won in a row; over: no hand is left;
    start: the first hand's dealer (a wind round is over when the deal comes back to it).
    """

    hands: int = 0
    dealer: int = 0
    round_index: int = 0
    streak: int = 0
    over: bool = False
    start: int = 0
    #: the session's counters by name (``counter honba ...``), and the pot a wall game carried
    counters: dict = attrs.field(factory=dict)
    pot: float = 0

    def context(self) -> dict:
        """What the session carries into its next hand: the dealer's streak, the
        counters, the pot (when there is one); the settlement and the table read it."""
        out = {"dealer_streak": self.streak, **self.counters}
        if self.pot:
            out["pot"] = self.pot
        return out

    @classmethod
    def begin(cls, auto: Automaton, seed: str) -> SessionClock:
        """The clock before a session's first hand: its dealer as the rules choose."""
        first = first_dealer(auto, seed)
        return cls(dealer=first, start=first)

    def seating(self, auto: Automaton) -> tuple[int, tuple[int, ...]]:
        """The next hand's dealer seat and the player at each seat.

        One player a seat: the dealer's own seat, seat s is player s. More players than
        seats (``players N``): the dealer takes the first seat and the players after
        them in turn fill the others, so the dealer before sits out and whoever sat out
        comes back in the seat before the dealer's (the five-player American table).
        """
        n, p = auto.seats, auto.session_players
        if p == n:
            return self.dealer, tuple(range(n))
        return 0, tuple((self.dealer + s) % p for s in range(n))

    def round_wind(self, auto: Automaton) -> int | None:
        """The wind of the round; None when the ruleset's seats have no winds."""
        winds = auto.seat_winds
        if not winds:
            return None
        return winds[self.round_index % len(winds)] if auto.session.round_wind_rotates else winds[0]

    def advance(self, auto: Automaton, result: dict) -> None:
        """Move on after a hand: the dealer moves (or stays, when the rules say so)."""
        s = auto.session
        self.hands += 1
        dealer = self.seating(auto)[0]
        dealer_won = result.get("winner") == dealer or any(w["winner"] == dealer for w in result.get("also_won", ()))
        env = _SessionEnv(dealer_won, result.get("winner") is None, bool(result.get("dealer_calling")),
                          self.counters, aborted=bool(result.get("aborted")))
        keep = False
        if s.dealer_keeps is not None:
            keep = bool(s.dealer_keeps(env))
        self.streak = self.streak + 1 if dealer_won else 0
        # every counter reads the hand as it ended, before any of them moves
        self.counters = {name: self.counters.get(name, 0) + 1 if cond(env) else 0 for name, cond, _ in s.counters}
        self.pot = result.get("pot", 0)
        if not keep:
            self.dealer = (self.dealer + 1) % auto.session_players
            if self.dealer == self.start:
                self.round_index += 1
                if s.rounds and self.round_index >= s.rounds:
                    self.over = True
        if s.hands and self.hands >= s.hands:
            self.over = True


def play_session(auto: Automaton, seed: str, bots: Sequence, max_hands: int,
                 check: Callable[[Game], None] | None = None, digests: bool = True) -> list[HandRecord]:
    """A session: the first dealer as the rules choose, then the dealer moves (or
    stays, when the rules say so) and round winds turn. ``bots``: one per player of
    the session (``auto.session_players``), seated each hand by ``SessionClock.seating``;
    ``digests`` as :func:`play_hand`'s."""
    clock = SessionClock.begin(auto, seed)
    out: list[HandRecord] = []
    while len(out) < max_hands and not clock.over:
        dealer, players = clock.seating(auto)
        rec = play_hand(auto, f"{seed}:{len(out)}", [bots[p] for p in players], dealer=dealer,
                        round_wind=clock.round_wind(auto), context=clock.context(), check=check,
                        digests=digests)
        if auto.session_players > auto.seats:
            rec = attrs.evolve(rec, players=players)
        out.append(rec)
        clock.advance(auto, rec.result)
    return out


class _SessionEnv:
    def __init__(self, dealer_won: bool, wall_game: bool, dealer_calling: bool = False, counters=None,
                 aborted: bool = False):
        # an abortive draw ends with no winner: a wall game too, for the counters (honba)
        self.values = {"dealer_won": dealer_won, "wall_game": wall_game, "dealer_calling": dealer_calling,
                       "aborted": aborted,
                       **(counters or {})}

    def fact(self, name):
        return self.values.get(name, 0)  # a counter not yet counted is 0

    def call(self, fn, arg):  # pragma: no cover - the checks allow no calls here
        raise KeyError(fn)
