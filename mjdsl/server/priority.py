"""People before regulars, table by table: a regular about to play waits while a
person's move at its table is being answered.

A person's move is answered at once (their view with the move made), and the table's
regulars play on after it. The regulars' moves for the table may be started while that
answer is still on its way (``app.table_ws``: their thinking, in a worker process,
overlaps the send), so a regular about to play (``ClubGame.regular_move``) waits until
its table's answer has gone: the page gets the answer first, then the regulars' moves,
and the event loop sending the answer does not share the interpreter lock with them.

The wait is per table: a person's move at one table never holds up the regulars of
another (it used to be one count for the whole club, and with fifty busy tables some
person's move was always in flight, so every regular everywhere waited its full
patience). :class:`PeopleFirst` counts each table's people's moves in flight (received,
played, their views not yet sent); a regular waits until its table has none, or for
``patience`` seconds at most, so it is held back, never stopped. The waiting is on a
condition variable, which gives the interpreter lock away.
"""

from __future__ import annotations

import threading

#: the longest a regular waits for its table's people's moves before it plays anyway (seconds)
PATIENCE = 0.05


class PeopleFirst:
    """Each table's people's moves in flight, and its regulars' wait for them."""

    def __init__(self, patience: float = PATIENCE):
        self.patience = patience
        self._moving: dict[int, int] = {}
        self._cv = threading.Condition()

    def begin(self, table: int) -> None:
        """A person's move came in at ``table`` (on the event loop: the lock is only ever held briefly)."""
        with self._cv:
            self._moving[table] = self._moving.get(table, 0) + 1

    def end(self, table: int) -> None:
        """That move is played and its views are sent."""
        with self._cv:
            left = self._moving.get(table, 0) - 1
            if left > 0:
                self._moving[table] = left
            else:
                self._moving.pop(table, None)
                self._cv.notify_all()

    def moving(self, table: int) -> int:
        """How many people's moves are in flight at ``table``."""
        with self._cv:
            return self._moving.get(table, 0)

    def wait(self, table: int) -> bool:
        """A regular at ``table`` is about to play: wait until no person's move is in
        flight there, at most ``patience`` seconds; whether none was by then."""
        with self._cv:
            return self._cv.wait_for(lambda: table not in self._moving, self.patience)
