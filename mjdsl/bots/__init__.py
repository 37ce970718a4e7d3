"""Bots: one module per playing style. Each bot picks one of the legal actions.

A bot is any object with ``choose(game, seat, legal, rng) -> action``; it sees the
game only through what its seat may see (its hand, the table, the legal actions).
"""

from __future__ import annotations

from .random_bot import RandomBot
from .greedy import GreedyBot

BOTS = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str):
    from ..diagnostics import InputError

    try:
        return BOTS[name]()
    except KeyError:
        raise InputError(f"unknown bot {name!r}; bots are: {', '.join(sorted(BOTS))}") from None
