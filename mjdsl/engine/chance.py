"""The chance player's moves, drawn from a hand's seeded stream: one function that
draws them, used by the runner (``run.play_hand``), the replay (which checks that a
log's deal is its seed's) and the PettingZoo environment."""

from __future__ import annotations

import random

from .game import SHUFFLE_SEEDS, Game


def chance_stream(seed: str) -> random.Random:
    """The chance player's random stream for a hand's seed (the shuffle, the dice)."""
    return random.Random(f"{seed}:chance")


def chance_action(game: Game, chance: random.Random) -> int:
    """The chance player's outcome at the current chance node, drawn from ``chance``:
    what a seed deals, so a replay can check that a log's deal is its seed's."""
    outs = game.chance_outcomes()
    if not outs:
        return chance.randrange(SHUFFLE_SEEDS)
    r = chance.random()
    acc = 0.0
    for o, w in outs:
        acc += w
        if r < acc:
            return o
    return outs[-1][0]
