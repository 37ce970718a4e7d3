"""Simulating many hands: sessions played in order (here, in a pool of processes, or
on Dask: :mod:`.parallel`), and the statistics that ``mjdsl simulate`` prints
(:mod:`.tally`, accumulated as the hands come).

Session ``i`` is seeded ``"S:i"`` and played whole; sessions are consumed in order
until N hands are in, so the same seed gives the same hands, and the same bytes of
JSON, whatever the backend and however many workers play them.
"""

from __future__ import annotations

from collections import deque
from itertools import count
from typing import TYPE_CHECKING, Callable, Iterator

from .parallel import Job, ordered_map
from .run import HandRecord, play_session, session_min_hands

if TYPE_CHECKING:
    from ..ir.model import Automaton


def logged_session(auto, bots, item) -> list[HandRecord]:
    """A session's hands, with the state digests a log keeps (``log.hand_log``)."""
    seed, index, cap = item
    return play_session(auto, f"{seed}:{index}", bots, cap)


def unlogged_session(auto, bots, item) -> list[HandRecord]:
    """A session's hands without state digests, for a run that writes no log: the same
    hands, each about a tenth faster compiled (``run.play_hand``)."""
    seed, index, cap = item
    return play_session(auto, f"{seed}:{index}", bots, cap, digests=False)


def session_batches(auto: Automaton, job: Job, seed: str, games: int, *, workers: int = 1, backend: str = "process",
                    scheduler: str | None = None, start: int = 0, done: int = 0,
                    task: Callable = logged_session, trace: Callable | None = None) -> Iterator[tuple[int, list]]:
    """``(session index, its hands)`` from session ``start`` on, until ``games`` hands are
    in (``done`` of them before ``start``); the last session is cut to what is needed.
    ``task(auto, bots, (seed, index, cap))`` plays a session (by default its records;
    ``mjdsl analyze`` gives one that records more of each hand); ``trace`` is
    :func:`.parallel.ordered_map`'s.

    A session is capped at the hands still wanted when it is handed out, counting the
    sessions still out (workers play ahead) at the fewest hands each can give
    (:func:`.run.session_min_hands`), and none is handed out once those cover the rest:
    the last sessions play no more than can be needed and no worker plays a session
    that cannot be. A cap only cuts a session to a prefix of the uncapped one's hands,
    and it is never below what the session turns out to give, so it changes nothing.
    """
    local = None
    if backend == "process":  # one process plays with it, a forked pool inherits it
        from ..bots import make_bot

        local = (auto, [make_bot(b) for b in job.bots])
    fewest = session_min_hands(auto)
    received = [done]
    out: deque[int] = deque()  # the fewest hands each session handed out and not yet in can give

    def items() -> Iterator[tuple]:
        for i in count(start):
            cap = games - received[0] - sum(out)
            if cap <= 0:
                return  # the sessions out give every hand still wanted
            out.append(cap if fewest is None else min(cap, fewest))
            yield seed, i, cap

    batches = ordered_map(task, job, items(), workers=workers, backend=backend, scheduler=scheduler, local=local,
                          trace=trace)
    try:
        i = start
        while received[0] < games:
            recs = next(batches)[:games - received[0]]
            out.popleft()
            received[0] += len(recs)
            yield i, recs
            i += 1
    finally:
        batches.close()


def sessions(auto: Automaton, path: str, sets: list, bot_names: list, seed: str, games: int, workers: int = 1,
             backend: str = "process", scheduler: str | None = None, allow_outside: bool = False
             ) -> Iterator[HandRecord]:
    """Hands of sessions 0, 1, 2... in order, N of them in all."""
    job = Job.of(path, sets, bot_names, allow_outside)
    for _, recs in session_batches(auto, job, seed, games, workers=workers, backend=backend, scheduler=scheduler):
        yield from recs


def run(auto: Automaton, path: str, sets: list, bot_names: list, seed: str, games: int,
        workers: int = 1) -> list[HandRecord]:
    """Every hand of a run, kept (the demo's handful; ``simulate`` streams them into a tally)."""
    return list(sessions(auto, path, sets, bot_names, seed, games, workers))
