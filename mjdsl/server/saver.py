"""The club's saves, written behind the play: a move never waits for the database.

Every change to a game puts its newest save (seats, log, whether it is over) in
:class:`Saver`'s pending map, replacing any older one of the same game; one writer
thread writes everything pending in one transaction, then the next batch. Under load
that is one commit for many moves of many games, instead of one commit a move (a
commit on SQLite is a disk sync: it was half the cost of a move). :meth:`Saver.flush`
waits until everything put so far is written: the club calls it when it shuts down,
so a restart loses nothing; a crash loses at most the batch being written, and the
game then resumes a few moves earlier, from a log that is a prefix of the game.
"""

from __future__ import annotations

import threading


class Saver:
    """Writes ``store.save_games`` batches on a thread of its own."""

    def __init__(self, store):
        self.store = store
        self._pending: dict[int, tuple] = {}
        self._busy = False
        self._cv = threading.Condition()
        self._thread: threading.Thread | None = None
        self.error: BaseException | None = None
        #: batches written (each one transaction)
        self.batches = 0

    def put(self, gid: int, seats: str, log: str, over: bool) -> None:
        """The newest save of game ``gid`` (seats and log as JSON text)."""
        with self._cv:
            self._pending[gid] = (seats, log, over)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="mjdsl-club-saver", daemon=True)
                self._thread.start()
            self._cv.notify_all()

    def flush(self, timeout: float | None = 30) -> bool:
        """Wait until every save put so far is written; False if it took longer than ``timeout``."""
        with self._cv:
            return self._cv.wait_for(lambda: not self._pending and not self._busy, timeout)

    def _run(self) -> None:
        while True:
            with self._cv:
                self._cv.wait_for(lambda: self._pending)
                batch, self._pending = self._pending, {}
                self._busy = True
            try:
                self.store.save_games(batch)
                self.batches += 1
            except Exception as e:  # noqa: BLE001 - kept for the club to report; the next batch tries again
                self.error = e
                with self._cv:
                    for gid, save in batch.items():
                        self._pending.setdefault(gid, save)
            finally:
                with self._cv:
                    self._busy = False
                    self._cv.notify_all()
