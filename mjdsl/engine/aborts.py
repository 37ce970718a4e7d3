"""Abortive draws (``abort "TITLE" [after claims | by choice] when COND`` in play): the
hand ends with no winner and no payments (:class:`.settle.Settle` reads
``HandState.aborted``). Each abort is asked at its point, by the step where it falls
(:mod:`.steps_play`): before a draw from the wall (``Draw``), when a discard's claims
are all in (``ClaimWindow``), or offered as a move to the seat on turn (``Turn``).
Nothing here names an abort: the conditions are the ruleset's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions as ACT
from .table_facts import holds

if TYPE_CHECKING:
    from .game import Game


def aborted(game: Game, point: str = "draw", seat: int | None = None) -> bool:
    """Whether an abortive draw (``abort "TITLE" ... when COND``) asked at ``point`` ends
    the hand: the first whose condition of the table holds, asked for ``seat`` (before a
    draw from the wall: the seat about to draw; at a discard's claims: the discarder);
    the hand then ends with no winner (:class:`.settle.Settle`)."""
    if not game.auto.aborts:  # (most rulesets: asked at every draw and discard, answered here)
        return False
    st = game.st
    for a in game.auto.aborts_at(point):
        if holds(a.when, game, st.turn if seat is None else seat):
            abort(game, a.title)
            return True
    return False


def abort(game: Game, title: str) -> None:
    """End the hand by the abortive draw of this title (no winner, no payments)."""
    game.st.aborted = title
    game.st.note("aborted")


def offered_aborts(game: Game, seat: int) -> list[int]:
    """The abortive draws the seat on turn may declare now (``abort ... by choice``)."""
    cat = game.catalogue
    return [cat.id(ACT.ABORT, a.title) for a in game.auto.aborts_at("choice") if holds(a.when, game, seat)]
