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
    scheduler at ``scheduler`` (``tcp://host:8786``); every Dask worker there compiles
    the job before the first item is sent (``Client.run``), and keeps it for the next
    run of the same job (Dask is the optional extra ``mjdsl[dask]``). A Dask task
    plays a run of items, about :data:`DASK_TASK_SECONDS` of work: a task costs the
    scheduler, the worker and the client milliseconds each.

Task functions are plain module-level functions ``task(auto, bots, item)`` so that
both pickle and Dask can send them by name. Each item played by a worker comes back
with its :class:`Stamp` (where, when, and the worker's CPU time), which ``trace`` sees:
what ``bench/parallel_bench.py`` reads the workers' start-up and idle time from.
"""

from __future__ import annotations

import os
import time
from collections import deque
from itertools import islice
from typing import TYPE_CHECKING, Any, Callable, Generator, Iterable, Iterator

import attrs

from ..diagnostics import InputError

if TYPE_CHECKING:
    from collections.abc import Sequence

    from distributed import Client, LocalCluster

BACKENDS = ("process", "dask")


@attrs.frozen
class Job:
    """What every worker needs to play: the ruleset's path, the ``--set`` options, the
    bots by name (made fresh in each worker), and whether includes may leave the folder.
    ``styles``: the user's style files among the bots (``--bots ./mystyle.toml``), their
    text with them (``(name, text, path)``, :func:`mjdsl.bots.file_styles`), so every
    worker plays the same file, wherever it runs."""

    path: str
    sets: tuple = ()
    bots: tuple = ()
    allow_outside: bool = False
    styles: tuple = ()

    @classmethod
    def of(cls, path: str, sets: Iterable[Sequence[str]], bots: Iterable[str], allow_outside: bool = False) -> Job:
        """A job with the ruleset's absolute path (a worker need not share our folder)."""
        from ..bots import file_styles

        bots = tuple(bots)
        return cls(os.path.abspath(path), tuple(tuple(s) for s in sets), bots, allow_outside, file_styles(bots))


@attrs.frozen
class Stamp:
    """One piece of a worker's time: an item played (``kind`` "item") or the job
    prepared before any (``kind`` "prepare", Dask).

    worker: its process id; started, ended: ``time.monotonic()`` (one clock for all the
    processes of a machine); cpu_started, cpu_ended: ``time.process_time()`` of the
    worker's process, every thread of it (a forked worker's starts at 0, so the
    ``cpu_started`` of its first item is what it spent before playing)."""

    worker: int
    started: float
    ended: float
    cpu_started: float
    cpu_ended: float
    kind: str = "item"


def _stamped(fn: Callable, kind: str = "item") -> tuple:
    started, cpu = time.monotonic(), time.process_time()
    out = fn()
    return out, Stamp(os.getpid(), started, time.monotonic(), cpu, time.process_time(), kind)


# Per worker process: a job's automaton and bots, compiled once (an automaton holds
# closures, so it is rebuilt where it is used rather than sent).
_PREPARED: dict[Job, tuple] = {}


def prepared(job: Job) -> tuple:
    """``(automaton, bots)`` of a job, built once in this process."""
    if job not in _PREPARED:
        from ..bots import add_styles, make_bot
        from ..frontend.compile import compile_ruleset

        add_styles(job.styles)  # the user's style files, as the job carries them
        auto = compile_ruleset(job.path, list(job.sets), allow_outside=job.allow_outside)
        _PREPARED.clear()  # one job at a time is enough; a long-lived Dask worker sees many
        _PREPARED[job] = (auto, [make_bot(b) for b in job.bots])
    return _PREPARED[job]


def _run(task: Callable, job: Job, item) -> tuple:
    """``(task's result, its Stamp)``: what a worker sends back for an item."""
    auto, bots = prepared(job)
    return _stamped(lambda: task(auto, bots, item))


def _run_many(task: Callable, job: Job, items: list) -> list[tuple]:
    """:func:`_run` for each item in turn: one Dask task."""
    return [_run(task, job, item) for item in items]


def _prepare(job: Job) -> Stamp:
    return _stamped(lambda: prepared(job), "prepare")[1]


def capped_workers(workers: int, backend: str, scheduler: str | None, warn: Callable[[str], None]) -> int:
    """``workers``, but no more than this machine's CPUs when the workers run on it
    (a pool or a LocalCluster); ``warn`` says so. A remote scheduler's are not capped."""
    cpus = os.cpu_count() or 1
    if workers > cpus and not (backend == "dask" and scheduler):
        warn(f"--workers {workers}: this machine has {cpus} CPU(s); using {cpus}")
        return cpus
    return workers


def ordered_map(task: Callable, job: Job, items: Iterable, *, workers: int = 1, backend: str = "process",
                scheduler: str | None = None, local: tuple | None = None,
                trace: Callable[[Stamp, object], None] | None = None) -> Generator:
    """``task(auto, bots, item)`` for every item, yielded in the items' order.

    ``local`` is ``(auto, bots)`` already built in this process (of the job's ruleset and
    bots), used when one process plays and inherited by forked workers; closing the
    iterator early (the caller has enough) stops the workers.
    ``trace(stamp, result)``, if given, sees each result as it is yielded, and each Dask
    worker's preparation (``result`` None) before them.
    """
    def unstamped(pair: tuple):
        if trace is not None:
            trace(pair[1], pair[0])
        return pair[0]

    if backend == "dask":
        yield from _dask_map(task, job, items, workers, scheduler, unstamped, trace)
    elif workers <= 1 and backend == "process":
        auto, bots = local if local is not None else prepared(job)
        for item in items:
            if trace is None:
                yield task(auto, bots, item)
            else:
                yield unstamped(_stamped(lambda: task(auto, bots, item)))
    elif backend == "process":
        yield from _pool_map(task, job, items, workers, unstamped, local)
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


def _pool_map(task: Callable, job: Job, items: Iterable, workers: int, unstamped: Callable,
              local: tuple | None) -> Iterator:
    ctx = _pool_context()
    if ctx.get_start_method() == "fork":
        # built once here, inherited by every worker: the caller's own when it has one
        # (compiling the job again would hold the fork back by a compile, about 0.1 s)
        if local is not None:
            _PREPARED.clear()
            _PREPARED[job] = local
        prepared(job)
    pool = ctx.Pool(workers, initializer=_prepare, initargs=(job,))
    try:
        yield from _windowed(lambda item: pool.apply_async(_run, (task, job, item)), lambda r: unstamped(r.get()),
                             items, 2 * workers)
    finally:
        pool.terminate()
        pool.join()


def dask_client(workers: int, scheduler: str | None) -> Client:
    """A Dask client: of the scheduler at ``scheduler``, or of a new LocalCluster."""
    try:
        import dask
        from distributed import Client
    except ImportError:
        raise InputError("--backend dask needs Dask: pip install 'mjdsl[dask]'") from None
    if scheduler:
        try:
            with dask.config.set(QUIET):
                return Client(scheduler, timeout="10s")
        except (OSError, TimeoutError, ValueError) as e:
            raise InputError(f"--scheduler {scheduler}: can't reach the Dask scheduler ({e})") from None
    cluster = local_cluster(workers)
    with dask.config.set(QUIET):
        return Client(cluster)


#: Dask settings of the clusters mjdsl starts. Each worker's statistical profiler (on by
#: default) samples the playing thread's stack every 10 ms, and the processes' event
#: loops wake every 20 ms: idle, a 2-worker LocalCluster took 0.10 CPU seconds a second,
#: 0.013 without them (docs/performance.md). Start a long-lived cluster's workers with
#: ``DASK_DISTRIBUTED__WORKER__PROFILE__ENABLED=False`` for the same, and
#: ``--preload mjdsl.engine.parallel`` to import the engine as they start (:func:`dask_setup`).
QUIET = {"distributed.worker.profile.enabled": False, "distributed.admin.tick.interval": "1s",
         "distributed.worker.memory.monitor-interval": "1s", "distributed.admin.system-monitor.interval": "5s"}


def local_cluster(workers: int) -> LocalCluster:
    """A ``LocalCluster`` of ``workers`` processes of one thread, set ``QUIET``."""
    import logging

    import dask
    from distributed import LocalCluster

    # the nannies hand the settings on to their workers; each imports the engine as it starts
    with dask.config.set({**QUIET, "distributed.worker.preload": [__name__]}):
        return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                            silence_logs=logging.ERROR)


def dask_setup(worker: Any) -> None:
    """Dask's preload hook: a worker started with ``--preload mjdsl.engine.parallel``
    imports the engine, the bots and the compiler as it starts (about 0.3 s of CPU), so
    a job on it only compiles its ruleset."""
    from .. import bots  # noqa: F401
    from ..frontend import compile  # noqa: F401
    from . import simulate  # noqa: F401


#: CPU seconds of play a Dask task is made of. A task costs some milliseconds of the
#: scheduler's, the worker's and the client's time (about 9 in all on the bench's
#: 2-worker LocalCluster): a fifth of a compiled classical session's play, when each task
#: was one session. A long task leaves a worker idle at the end while the other plays it:
#: 0.3 s was the quickest of 0.1, 0.25, 0.3 and 0.5 s at 3,000 and 4,000 classical hands
#: (docs/performance.md, "Dask tasks of a tenth of a second").
DASK_TASK_SECONDS = 0.3


class _Pace:
    """Groups items into runs of about :data:`DASK_TASK_SECONDS` of play, from the CPU
    time the items played so far took (one item a run until the first comes back).
    Which items share a task changes no result: each is played alone, and the results
    come back in the items' order."""

    def __init__(self) -> None:
        self.cpu = 0.0
        self.played = 0

    def seen(self, pairs: list[tuple]) -> list[tuple]:
        for _, stamp in pairs:
            self.cpu += stamp.cpu_ended - stamp.cpu_started
        self.played += len(pairs)
        return pairs

    def size(self) -> int:
        if not self.played or self.cpu <= 0:
            return 1
        return max(1, min(64, round(DASK_TASK_SECONDS * self.played / self.cpu)))

    def runs(self, items: Iterable) -> Iterator[list]:
        it = iter(items)
        while True:
            run = list(islice(it, self.size()))
            if not run:
                return
            yield run


def _dask_map(task: Callable, job: Job, items: Iterable, workers: int, scheduler: str | None,
              unstamped: Callable, trace: Callable | None) -> Iterator:
    client = dask_client(workers, scheduler)
    try:
        # Every worker compiles the job now, all at once, rather than on its first item
        # (which would then take several items' time and leave the others waiting);
        # a worker that joins later compiles on its first item.
        ready = client.run(_prepare, job)
        if trace is not None:
            for stamp in ready.values():
                trace(stamp, None)
        width = max(1, len(ready) or workers)
        paced = _Pace()
        for pairs in _windowed(lambda run: client.submit(_run_many, task, job, run, pure=False),
                               lambda f: paced.seen(f.result()), paced.runs(items), 2 * width):
            for pair in pairs:
                yield unstamped(pair)
    finally:
        cluster = client.cluster
        client.close()
        if cluster is not None:
            cluster.close()
