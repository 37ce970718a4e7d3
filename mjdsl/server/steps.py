"""What the table's websocket does to a game, each a step ``app.Club.play`` runs under the
game's lock, off the event loop: a person opens the table, moves (or asks for another
seat), the regulars play on, a person leaves, a friend sits down. A step that lets the
regulars play says so (``regulars``): it runs on the regulars' threads, the others on
the moves' threads, so a person's move is answered while regulars think elsewhere."""

from __future__ import annotations

from .table import N_, ClubGame, Refused

#: what a move looks like, quoted as it is in the refusals
MOVE_EXAMPLE = '{"actions": [n, ...], "at": moves}'


def _regulars(step):
    step.regulars = True
    return step


@_regulars
def arrive(game: ClubGame, who: str, lang: str | None = None) -> None:
    """``who`` opens the table (their page in ``lang``): they are present, hear the table
    in their page's language from now on, and the game plays on to them."""
    seat = game.seat_of(who)
    if lang is not None:
        game.set_language(seat, lang)
    game.present.add(seat)
    game.advance()


def move(game: ClubGame, who: str, msg) -> bool:
    """A person's move (``{"actions": [...], "at": moves}``) or seat change (``{"seat": n}``),
    refused with InputError and the state unchanged. Whether chance or the regulars are
    to play on now (:func:`play_on`): not when a person is to move again (the next tile
    of a pass), so their next move is read at once, not after a regulars' thread is free."""
    seat = game.seat_of(who)
    if isinstance(msg, dict) and "seat" in msg and "actions" not in msg:
        game.move_seat(who, msg["seat"])
    else:
        actions = msg.get("actions") if isinstance(msg, dict) else None
        if not isinstance(actions, list) or not 1 <= len(actions) <= 8:
            raise Refused(N_("send the move as {example}"), example=MOVE_EXAMPLE)
        game.act(seat, actions, msg.get("at"))
    return not game.over and game.waiting_for() is None


@_regulars
def play_on(game: ClubGame) -> None:
    game.advance()


@_regulars
def claim_time_up(game: ClubGame, seat: int, at: int) -> None:
    """The claim window ``seat`` was to answer at move ``at`` ran out of time: no claim
    (if the game still waits on that window), and the game plays on."""
    if game.time_up(seat, at):
        game.advance()


@_regulars
def leave(game: ClubGame, who: str, gone: bool) -> None:
    """``who``'s last page closed (``gone``): their seat's regular plays on until they come back."""
    if gone:
        seat = game.seat_of(who)
        game.present.discard(seat)
        game.advance()


def sit(game: ClubGame, who: str) -> int | None:
    return game.sit(who)
