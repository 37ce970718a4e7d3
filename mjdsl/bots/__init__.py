"""Bots: one generic engine steered by style files, and two baselines.

A bot is any object with ``choose(game, seat, legal, rng) -> action``; it sees the
game only through what its seat may see (its hand, the table, the legal actions).
``BOTS`` maps every name usable on the command line (``--bots mei,auntie-rose,rafi``)
to a factory: ``random`` and ``greedy`` are classes of their own; each style file in
``styles/`` (docs/bots.md) is played by :class:`~mjdsl.bots.engine.StyleBot`.
"""

from __future__ import annotations

from functools import partial

from .random_bot import RandomBot
from .greedy import GreedyBot


def _style_bot(name: str):
    from .engine import StyleBot
    from .style import STYLES_DIR, load_style

    return StyleBot(load_style(STYLES_DIR / f"{name}.toml"))


def _registry() -> dict:
    from .style import style_names

    bots = {"random": RandomBot, "greedy": GreedyBot}
    for name in style_names():
        bots[name] = partial(_style_bot, name)
    return bots


BOTS = _registry()


def make_bot(name: str):
    from ..diagnostics import InputError

    try:
        return BOTS[name]()
    except KeyError:
        raise InputError(f"unknown bot {name!r}; bots are: {', '.join(sorted(BOTS))}") from None


def style_of(bot):
    """The style a bot plays (None for the baselines), for its name and lines at the table."""
    return getattr(bot, "style", None)
