"""The claim window's clock: a person who does not answer in time makes no claim.

When a discard is offered and the game waits for a connected person's claim
(``ClubGame.claim_window``), the server starts that window's clock: the table's
``claim_seconds`` (tables.toml), else the club's default (``mjdsl serve``: 20 s); 0 is
no limit, and the guided first hand never hurries anyone. When the time is up the
server plays "no claim" for the seat (``ClubGame.time_up``), under the game's lock
like any other move, so the page's countdown is only a picture of the server's clock.
A clock belongs to one window (the seat and the move count it opened at): a view sent
again for the same window keeps it running, any move stops it.
"""

from __future__ import annotations

import asyncio
import time
from typing import Awaitable, Callable

#: awaited when a window's time is up: (game id, seat, the move count the window opened at)
Expire = Callable[[int, int, int], Awaitable[None]]


class ClaimClocks:
    """The running clock of each game's claim window (one window at a time per game)."""

    def __init__(self, default_seconds: float):
        self.default_seconds = default_seconds
        self._tasks: dict[int, asyncio.Task] = {}
        #: game id -> (seat, move count, when the window closes on ``time.monotonic``'s clock)
        self._deadlines: dict[int, tuple[int, int, float]] = {}

    def limit(self, game) -> float:
        """Seconds a claim window waits at ``game``'s table; 0 for no limit."""
        if game.guided:
            return 0.0
        own = game.table.claim_seconds
        return float(self.default_seconds if own is None else own)

    def window(self, game) -> tuple[int, int, float] | None:
        """The claim window ``game`` waits on now, if its clock should run: (the seat of the
        connected person to answer, the move count it opened at, its seconds). Read under
        the game's lock, where the step that changed the game ran."""
        seat = game.claim_window() if game.game is not None else None
        limit = self.limit(game)
        if seat is None or seat not in game.present or limit <= 0:
            return None
        return seat, game.moves, limit

    def arm(self, gid: int, window: tuple[int, int, float] | None, expire: Expire) -> None:
        """After a change at game ``gid`` (its :meth:`window` then), on the event loop: start
        the clock of a new window, keep the one running for the same window, else stop it."""
        if window is None:
            self.stop(gid)
            return
        seat, at, limit = window
        running = self._deadlines.get(gid)
        if running is not None and running[:2] == (seat, at):
            return
        self.stop(gid)
        self._deadlines[gid] = (seat, at, time.monotonic() + limit)
        self._tasks[gid] = asyncio.get_running_loop().create_task(self._run(gid, seat, at, limit, expire))

    async def _run(self, gid: int, seat: int, at: int, limit: float, expire: Expire) -> None:
        await asyncio.sleep(limit)
        # this clock is done: arming the next window from ``expire`` must not cancel it
        self._tasks.pop(gid, None)
        self._deadlines.pop(gid, None)
        await expire(gid, seat, at)

    def left(self, gid: int, seat: int, window: tuple[int, int, float] | None) -> float | None:
        """Seconds left in ``seat``'s claim window at game ``gid`` (``window``: the game's
        window now, whose clock may not be started yet), or None (no window for the seat)."""
        if window is None or window[0] != seat:
            return None
        running = self._deadlines.get(gid)
        if running is not None and running[:2] == window[:2]:
            return max(0.0, running[2] - time.monotonic())
        return window[2]

    def stop(self, gid: int) -> None:
        task = self._tasks.pop(gid, None)
        self._deadlines.pop(gid, None)
        if task is not None:
            task.cancel()
