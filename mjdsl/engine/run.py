"""Playing hands with bots, seeded: one hand, a session of hands, many sessions.

Randomness comes from streams named by the seed (``random.Random("S:chance")``), so a
seed gives the same game on every machine, process and worker count; string seeds
are hashed by Python's own SHA-512 seeding, not by ``hash()``, so PYTHONHASHSEED
does not matter.
"""

from __future__ import annotations

import random
from typing import Sequence

import attrs

from .game import CHANCE, SHUFFLE_SEEDS, Game
from .log import DIGEST_EVERY, state_digest


@attrs.frozen
class HandRecord:
    """One hand played: enough to replay it (dealer, round wind, the session context the
    settlement reads, actions) and its result."""

    seed: str
    dealer: int
    round_wind: int
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
    #: game itself rather than against a second run of the same actions
    digests: tuple = ()


def play_hand(auto, seed: str, bots: Sequence, *, dealer: int = 0, round_wind: int | None = None,
              context: dict | None = None, check=None) -> HandRecord:
    """Play one hand to the end; ``check(game)`` (if given) runs after every action."""
    game = Game(auto, dealer=dealer, round_wind=round_wind, context=context)
    chance = random.Random(f"{seed}:chance")
    rngs = [random.Random(f"{seed}:seat{s}") for s in range(auto.seats)]
    decisions = 0
    digests = []
    while not game.is_terminal():
        p = game.current_player()
        if p == CHANCE:
            outs = game.chance_outcomes()
            if outs:
                r = chance.random()
                acc = 0.0
                a = outs[-1][0]
                for o, w in outs:
                    acc += w
                    if r < acc:
                        a = o
                        break
            else:
                a = chance.randrange(SHUFFLE_SEEDS)
        else:
            legal = game.legal_actions()
            a = bots[p].choose(game, p, legal, rngs[p]) if len(legal) > 1 else legal[0]
            decisions += 1
        game.apply_action(a)
        if len(game.st.history) % DIGEST_EVERY == 0 or game.is_terminal():
            digests.append(state_digest(game))
        if check is not None:
            check(game)
    st = game.st
    return HandRecord(seed, dealer, st.round_wind, tuple(st.history), dict(st.result), tuple(st.returns),
                      tuple(st.dead_reason), st.turns, decisions, tuple(sorted(st.events.items())),
                      tuple(sorted(game.context.items())), tuple(digests))


def session_plan(auto) -> tuple[int, int]:
    """(hands in a session for a fixed-length session, or 0; rounds, or 0)."""
    s = auto.session
    return (s.hands or 0, s.rounds or 0)


def play_session(auto, seed: str, bots: Sequence, max_hands: int, check=None) -> list[HandRecord]:
    """A session: the dealer moves (or stays, when the rules say so) and round winds turn."""
    s = auto.session
    winds = list(auto.seat_winds) or [0]
    dealer = 0
    round_index = 0
    streak = 0
    out: list[HandRecord] = []
    while len(out) < max_hands and not (s.hands and len(out) >= s.hands):
        rw = winds[round_index % len(winds)] if s.round_wind_rotates else winds[0]
        rec = play_hand(auto, f"{seed}:{len(out)}", bots, dealer=dealer, round_wind=rw,
                        context={"dealer_streak": streak}, check=check)
        out.append(rec)
        dealer_won = rec.result.get("winner") == dealer
        keep = False
        if s.dealer_keeps is not None:
            keep = bool(s.dealer_keeps(_SessionEnv(dealer_won, rec.result.get("winner") is None)))
        streak = streak + 1 if dealer_won else 0
        if not keep:
            dealer = (dealer + 1) % auto.seats
            if dealer == 0:
                round_index += 1
                if s.rounds and round_index >= s.rounds:
                    break
    return out


class _SessionEnv:
    def __init__(self, dealer_won: bool, wall_game: bool):
        self.values = {"dealer_won": dealer_won, "wall_game": wall_game}

    def fact(self, name):
        return self.values[name]

    def call(self, fn, arg):  # pragma: no cover - the checks allow no calls here
        raise KeyError(fn)
