"""Where many hands are played: in this process, in a pool of processes, or on Dask.

A run is a :class:`Job` (which ruleset, which options, which bots) and a stream of
work items (a session's seed and index, an arena's wall); :func:`ordered_map` plays
each item with a task function and yields the results **in the order of the items**,
whatever the backend and however many workers, so a seed gives the same bytes on one
process, N processes and a Dask cluster. At most ``2 x workers`` items are out at a
time: the stream may be endless (sessions until N hands are in) and memory stays
bounded however long the run (docs/performance.md).

Backends:

``process``
    ``workers == 1``: in this process, with the automaton the caller compiled.
    More: a pool of processes: forked from this one on Linux when it runs one thread
    (they inherit the compiled ruleset), else spawned, each compiling it once.
``dask``
    a ``distributed.LocalCluster`` of ``workers`` processes, one thread each, or the
    scheduler at ``scheduler`` (``tcp://host:8786``); each Dask worker compiles the
    ruleset once per job (Dask is the optional extra ``mjdsl[dask]``).

Task functions are plain module-level functions ``task(auto, bots, item)`` so that
both pickle and Dask can send them by name.
"""

from __future__ import annotations

import os
from collections import deque
from typing import Callable, Generator, Iterable, Iterator

import attrs

from ..diagnostics import InputError

BACKENDS = ("process", "dask")


@attrs.frozen
class Job:
    """What every worker needs to play: the ruleset's path, the ``--set`` options, the
    bots by name (made fresh in each worker), and whether includes may leave the folder."""

    path: str
    sets: tuple = ()
    bots: tuple = ()
    allow_outside: bool = False

    @classmethod
    def of(cls, path, sets, bots, allow_outside: bool = False) -> "Job":
        """A job with the ruleset's absolute path (a worker need not share our folder)."""
        return cls(os.path.abspath(path), tuple(tuple(s) for s in sets), tuple(bots), allow_outside)


# Per worker process: a job's automaton and bots, compiled once (an automaton holds
# closures, so it is rebuilt where it is used rather than sent).
_PREPARED: dict[Job, tuple] = {}


def prepared(job: Job) -> tuple:
    """``(automaton, bots)`` of a job, built once in this process."""
    if job not in _PREPARED:
        from ..bots import make_bot
        from ..frontend.compile import compile_ruleset

        auto = compile_ruleset(job.path, list(job.sets), allow_outside=job.allow_outside)
        _PREPARED.clear()  # one job at a time is enough; a long-lived Dask worker sees many
        _PREPARED[job] = (auto, [make_bot(b) for b in job.bots])
    return _PREPARED[job]


def _run(task: Callable, job: Job, item):
    auto, bots = prepared(job)
    return task(auto, bots, item)


def _prepare(job: Job) -> None:
    prepared(job)


def capped_workers(workers: int, backend: str, scheduler: str | None, warn: Callable[[str], None]) -> int:
    """``workers``, but no more than this machine's CPUs when the workers run on it
    (a pool or a LocalCluster); ``warn`` says so. A remote scheduler's are not capped."""
    cpus = os.cpu_count() or 1
    if workers > cpus and not (backend == "dask" and scheduler):
        warn(f"--workers {workers}: this machine has {cpus} CPU(s); using {cpus}")
        return cpus
    return workers


def ordered_map(task: Callable, job: Job, items: Iterable, *, workers: int = 1, backend: str = "process",
                scheduler: str | None = None, local: tuple | None = None) -> Generator:
    """``task(auto, bots, item)`` for every item, yielded in the items' order.

    ``local`` is ``(auto, bots)`` already built in this process, used when one process
    plays; closing the iterator early (the caller has enough) stops the workers.
    """
    if backend == "dask":
        yield from _dask_map(task, job, items, workers, scheduler)
    elif workers <= 1 and backend == "process":
        auto, bots = local if local is not None else prepared(job)
        for item in items:
            yield task(auto, bots, item)
    elif backend == "process":
        yield from _pool_map(task, job, items, workers)
    else:
        raise InputError(f"--backend: unknown backend {backend!r}; backends are: {', '.join(BACKENDS)}")


def _windowed(submit: Callable, result: Callable, items: Iterable, window: int) -> Iterator:
    """Submit items ahead, at most ``window`` out at once, and yield results in order."""
    out: deque = deque()
    it = iter(items)
    for item in it:
        out.append(submit(item))
        if len(out) >= window:
            break
    for item in it:
        yield result(out.popleft())
        out.append(submit(item))
    while out:
        yield result(out.popleft())


def _pool_context():
    """Fork on Linux when this process runs one thread (the CLI): the workers inherit the
    job compiled here, with no import and no compile of their own (about 0.6 s of CPU a
    worker, docs/performance.md). Otherwise spawn: forking a process with threads (a
    progress bar's, a server's) can copy a lock some thread holds."""
    import multiprocessing as mp
    import sys
    import threading

    if sys.platform == "linux" and threading.active_count() == 1:
        return mp.get_context("fork")
    return mp.get_context("spawn")


def _pool_map(task: Callable, job: Job, items: Iterable, workers: int) -> Iterator:
    ctx = _pool_context()
    if ctx.get_start_method() == "fork":
        prepared(job)  # built once here, inherited by every worker
    pool = ctx.Pool(workers, initializer=_prepare, initargs=(job,))
    try:
        yield from _windowed(lambda item: pool.apply_async(_run, (task, job, item)), lambda r: r.get(),
                             items, 2 * workers)
    finally:
        pool.terminate()
        pool.join()


def dask_client(workers: int, scheduler: str | None):
    """A Dask client: of the scheduler at ``scheduler``, or of a new LocalCluster."""
    try:
        import logging

        from distributed import Client, LocalCluster
    except ImportError:
        raise InputError("--backend dask needs Dask: pip install 'mjdsl[dask]'") from None
    if scheduler:
        try:
            return Client(scheduler, timeout="10s")
        except (OSError, TimeoutError, ValueError) as e:
            raise InputError(f"--scheduler {scheduler}: can't reach the Dask scheduler ({e})") from None
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                           silence_logs=logging.ERROR)
    return Client(cluster)


def _dask_map(task: Callable, job: Job, items: Iterable, workers: int, scheduler: str | None) -> Iterator:
    client = dask_client(workers, scheduler)
    try:
        width = max(1, len(client.scheduler_info().get("workers", {})) or workers)
        yield from _windowed(lambda item: client.submit(_run, task, job, item, pure=False), lambda f: f.result(),
                             items, 2 * width)
    finally:
        cluster = client.cluster
        client.close()
        if cluster is not None:
            cluster.close()
