"""The one play loop of a table where people sit: chance, the regulars and forced moves
are played until a person has a choice to make.

The terminal table (``tui.session.Session``, one person) and the club's tables
(``server.table.ClubGame``, any number of people, a person away played by their regular)
both play their hands through :func:`play_on`. A table gives the loop:

- ``game``: the engine's ``Game`` of the hand in play, or None when the session is over;
- ``chance``: the hand's chance stream (``engine.chance.chance_stream``);
- ``waits_for(seat)``: whether that seat's move waits for a person;
- ``regular_move(seat, legal)``: the action the seat's regular chooses (its seeded stream
  is the table's: the saves of both tables depend on it);
- ``apply_move(action, who)``: play one action (``who`` is the seat, or ``CHANCE``), with
  the table's announcements and its log;
- ``end_hand()``: score the finished hand and start the next one, or end the session.

A seat with only one legal action plays it whoever sits there (a forced move never waits
for a person).
"""

from __future__ import annotations

from typing import Protocol

from ..engine.chance import chance_action
from ..engine.game import CHANCE, Game


class Table(Protocol):
    game: Game | None
    chance: object

    def waits_for(self, seat: int) -> bool: ...

    def regular_move(self, seat: int, legal: list[int]) -> int: ...

    def apply_move(self, action: int, who: int) -> None: ...

    def end_hand(self) -> None: ...


def play_on(table: Table, limit: int | None = None) -> int:
    """Play until a person is to choose, the session is over, or ``limit`` actions were
    played; the number of actions played."""
    n = 0
    while table.game is not None and (limit is None or n < limit):
        g = table.game
        if g.is_terminal():
            table.end_hand()
            continue
        p = g.current_player()
        if p == CHANCE:
            table.apply_move(chance_action(g, table.chance), p)
        else:
            legal = g.legal_actions()
            if len(legal) > 1 and table.waits_for(p):
                return n
            table.apply_move(table.regular_move(p, legal) if len(legal) > 1 else legal[0], p)
        n += 1
    return n
