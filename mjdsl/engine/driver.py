"""The loop that plays a hand out (``run.play_hand``'s), in a module of its own so that it
is compiled with the engine (``mjdsl/native.py``: ``run.py``'s attrs classes keep it out).
(``chance.py`` stays interpreted: its tests hand it a stand-in for a game.)"""

from __future__ import annotations

import random
from typing import Callable, Sequence

from .chance import chance_action
from .game import CHANCE, Game
from .log import DIGEST_EVERY, state_digest


def play_out(game: Game, bots: Sequence, chance: random.Random, rngs: list[random.Random], digests: bool,
             check: Callable[[Game], None] | None) -> tuple[int, list[str]]:
    """Play ``game`` to its end: the chance player's moves from ``chance``, each seat's from
    its bot with its own stream (a single legal action taken without asking); after every
    action, a state digest where a log keeps one (``digests``) and ``check(game)``. The
    decisions made, and the digests taken."""
    decisions = 0
    taken: list[str] = []
    while not game.is_terminal():
        p = game.current_player()
        if p == CHANCE:
            a = chance_action(game, chance)
        else:
            legal = game.legal_actions()
            a = bots[p].choose(game, p, legal, rngs[p]) if len(legal) > 1 else legal[0]
            decisions += 1
        game.apply_action(a)
        if digests and (len(game.st.history) % DIGEST_EVERY == 0 or game.is_terminal()):
            taken.append(state_digest(game))
        if check is not None:
            check(game)
    return decisions, taken
