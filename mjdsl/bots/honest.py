"""What every bot shares: a bot declares mah jongg only with a hand that makes one.

Where the ruleset says what a false mah jongg costs, the engine lets a player
declare one on any turn (a person may be wrong); a bot knows its own hand, so it
leaves the declaration out unless the hand wins, and its other choices are the
ones it would make at a table without false declarations.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import actions as ACT
from ..engine.steps_play import meets_minimum, self_drawn_win

if TYPE_CHECKING:
    from ..engine.game import Game


def without_false_mahjong(game: Game, seat: int, legal: list[int]) -> list[int]:
    """``legal`` less a mah jongg declaration the seat's hand does not make."""
    cat = game.catalogue
    a = cat.get(ACT.MAHJONG)
    node = game.nodes.get(game.st.node)  # (the automaton's state, read as the game reads it)
    if a is None or a not in legal or node is None or node.step != "turn" or game.rules.is_win(game.st, seat) \
            and meets_minimum(game, seat, self_drawn_win(game, seat)):
        return legal
    return [x for x in legal if x != a]
