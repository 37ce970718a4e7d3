"""People before regulars: a regular about to choose a move waits while a person's move
is being answered.

The club plays every game in one process, so one interpreter lock serves the people's
moves, the regulars' thinking and the event loop that sends the answers. A regular
thinks for milliseconds (the bots' card distances), and while two regulars' threads
think, a person's answer waits its turn for the lock among them. :class:`PeopleFirst` counts the
people's moves in flight (received, played, their views not yet sent); a regular about to
choose (``ClubGame.regular_move``) waits until none is, or for ``patience`` seconds at
most, so the regulars are held back, never stopped. The waiting is on a condition
variable, which gives the interpreter lock away.
"""

from __future__ import annotations

import threading

#: the longest a regular waits for the people's moves before it thinks anyway (seconds)
PATIENCE = 0.05


class PeopleFirst:
    """The people's moves in flight, and the regulars' wait for them."""

    def __init__(self, patience: float = PATIENCE):
        self.patience = patience
        self._moving = 0
        self._cv = threading.Condition()

    def begin(self) -> None:
        """A person's move came in (on the event loop: the lock is only ever held briefly)."""
        with self._cv:
            self._moving += 1

    def end(self) -> None:
        """That move is played and its views are sent."""
        with self._cv:
            self._moving -= 1
            if not self._moving:
                self._cv.notify_all()

    def wait(self) -> bool:
        """A regular is about to think: wait until no person's move is in flight, at most
        ``patience`` seconds; whether none was by then."""
        with self._cv:
            return self._cv.wait_for(lambda: self._moving == 0, self.patience)
