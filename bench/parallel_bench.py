"""Workers: hands/s of ``simulate``'s sessions (classical, random bots) on one process,
on two processes, and on a Dask LocalCluster of two workers, each beside the
one-process figure, and where each worker's time went.

Targets (issue 12): ``--workers 2`` at least 1.7x one worker on an idle 2-core machine,
Dask with 2 workers at least 1.6x. The wall-clock ratios are the targets' measure; on a
machine other work is using they fall, so each run also records, from the workers'
stamps (``engine.parallel.Stamp``), every worker's CPU time before its first hand
(start-up), in its hands, and between them (the pool's or Dask's own work), its idle
time at the end, and the parent's CPU; ``from CPU`` is the speed-up those give on an
idle machine, where a process's wall time is its CPU time: the one-process run's CPU
over the longest worker's (or, if more, all the processes' CPU shared over the cores).

The pool's start-up (forking, or spawning and compiling) is inside the figure; the
cluster's start is not (it is started once, as a real cluster is), the workers'
importing and compiling the job is. ``MJDSL_PARALLEL_HANDS`` sets the hands (default
9000, docs/performance.md says why), ``MJDSL_PARALLEL_ROUNDS`` the rounds (default 2:
one process, two, Dask, alternating; the best of each is kept).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from peers import peer

ROOT = Path(__file__).resolve().parent.parent
RULESET = str(ROOT / "rulesets" / "classical.mj")


def _play(auto, hands: int, **kw) -> dict:
    """One run: its wall time, the parent's CPU, and every worker's share."""
    from mjdsl.engine.parallel import Job
    from mjdsl.engine.simulate import session_batches

    job = Job.of(RULESET, [], ["random"] * 4)
    stamps: list = []
    t0, cpu0 = time.monotonic(), time.process_time()
    n = 0
    for _, recs in session_batches(auto, job, "bench", hands,
                                   trace=lambda st, res: stamps.append((st, 0 if res is None else len(res))), **kw):
        n += len(recs)
    end = time.monotonic()
    out: dict = {"hands": n, "wall": end - t0, "parent_cpu": time.process_time() - cpu0}
    if kw.get("workers", 1) > 1:
        out["workers"] = _workers(stamps, end)
    return out


def _workers(stamps: list, end: float) -> list[dict]:
    """Per worker: items and hands played, CPU before the first item (a Dask worker: the
    job's preparing), in items, between them, and its idle time at the end (wall)."""
    rows = []
    for pid in dict.fromkeys(st.worker for st, _ in stamps):
        mine = [(st, k) for st, k in stamps if st.worker == pid]
        prep = [st for st, _ in mine if st.kind == "prepare"]
        items = [(st, k) for st, k in mine if st.kind == "item"]
        base = prep[0].cpu_started if prep else 0.0  # a forked worker's CPU starts at 0
        play = sum(st.cpu_ended - st.cpu_started for st, _ in items)
        total = (items[-1][0].cpu_ended if items else base) - base
        first = items[0][0].cpu_started - base if items else total
        rows.append({"items": len(items), "hands": sum(k for _, k in items), "start_cpu": first,
                     "play_cpu": play, "between_cpu": total - first - play, "cpu": total,
                     "idle_at_end": end - items[-1][0].ended if items else None})
    return rows


def _from_cpu(one_cpu: float, run: dict, cpus: int) -> float:
    """The speed-up on an idle machine: one process's CPU over the run's, the run ending
    with its busiest worker, or later if all the processes' CPU exceeds the cores'."""
    busy = [w["cpu"] for w in run["workers"]]
    # a cluster's CPU (its scheduler, nannies and the workers, all told) when measured
    others = run["cluster_cpu"] if "cluster_cpu" in run else sum(busy)
    span = max(max(busy), (others + run["parent_cpu"]) / cpus)
    return round(one_cpu / span, 2)


def _shown(run: dict, one_cpu: float, cpus: int) -> dict:
    r3 = lambda x: round(x, 3)  # noqa: E731
    out = {"hands/s": round(run["hands"] / run["wall"], 1), "wall s": r3(run["wall"]),
           "parent CPU s": r3(run["parent_cpu"])}
    if "cluster_cpu" in run:
        out["cluster CPU s (scheduler, nannies, workers)"] = r3(run["cluster_cpu"])
    if "workers" in run:
        out["workers"] = {f"worker {i}": ", ".join(f"{k} {r3(v) if isinstance(v, float) else v}"
                                                   for k, v in w.items())
                          for i, w in enumerate(run["workers"])}
        busiest = max(w["cpu"] for w in run["workers"])
        out["idle at the end, from CPU s"] = [r3(busiest - w["cpu"]) for w in run["workers"]]
        out["speed-up from CPU"] = _from_cpu(one_cpu, run, cpus)
    return out


def _child(argv: list[str]) -> None:
    """In a fresh process (as a user's ``mjdsl simulate`` is, one thread: a pool forks):
    ``HANDS [WORKERS [SCHEDULER]]``, one run, printed as JSON."""
    import json

    from mjdsl.frontend.compile import compile_ruleset

    auto = compile_ruleset(RULESET)
    kw: dict = {}
    if len(argv) > 1:
        kw["workers"] = int(argv[1])
    if len(argv) > 2:
        kw.update(backend="dask", scheduler=argv[2])
    print(json.dumps(_play(auto, int(argv[0]), **kw)))


def _cluster() -> None:
    """The LocalCluster ``--backend dask`` starts, of two workers, in this process until
    stdin closes; prints its address."""
    import sys

    from mjdsl.engine.parallel import local_cluster

    with local_cluster(2) as cluster:
        print(cluster.scheduler_address, flush=True)
        sys.stdin.read()


def _tree_cpu(proc) -> float:
    """CPU seconds (user and system) of a process and every process under it."""
    total = 0.0
    for p in [proc, *proc.children(recursive=True)]:
        t = p.cpu_times()
        total += t.user + t.system
    return total


def run() -> dict:
    import json
    import subprocess
    import sys

    hands = int(os.environ.get("MJDSL_PARALLEL_HANDS", "9000"))
    rounds = int(os.environ.get("MJDSL_PARALLEL_ROUNDS", "2"))
    cpus = os.cpu_count() or 1
    me = [sys.executable, __file__]
    ways: dict[str, list[str]] = {"1 process": [], "2 processes": ["2"]}
    cluster = tree = None
    try:
        import distributed  # noqa: F401
        import psutil
    except ImportError:
        pass
    else:
        cluster = subprocess.Popen([*me, "--cluster"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert cluster.stdout is not None
        ways["dask, 2 workers"] = ["2", cluster.stdout.readline().strip()]
        tree = psutil.Process(cluster.pid)
    best: dict[str, dict] = {}
    try:
        for _ in range(rounds):
            for name, extra in ways.items():
                before = _tree_cpu(tree) if tree is not None and extra[1:] else None
                got = json.loads(subprocess.run([*me, "--one", str(hands), *extra], capture_output=True, text=True,
                                                check=True).stdout)
                if before is not None:
                    got["cluster_cpu"] = _tree_cpu(tree) - before
                if name not in best or got["wall"] < best[name]["wall"]:
                    best[name] = got
    finally:
        if cluster is not None:
            cluster.communicate("")
    one = best["1 process"]
    out: dict = {"hands": hands, "cpus": cpus, "rounds": rounds, "1 process CPU s": round(one["parent_cpu"], 3)}
    out.update({name: _shown(r, one["parent_cpu"], cpus) for name, r in best.items()})
    if cluster is None:
        out["dask"] = "not installed (pip install 'mjdsl[dask]')"
    rate = {name: out[name]["hands/s"] for name in best}
    peers = []
    for name, figure, target in (("2 processes", "--workers 2", 1.7),
                                 ("dask, 2 workers", "--backend dask, 2 workers", 1.6)):
        if name not in best:
            continue
        peers.append(peer(f"{figure}, hands/s", rate[name], "", "1 process", rate["1 process"], f">= {target}x",
                          rate[name] >= target * rate["1 process"]))
        one_rate = round(hands / one["parent_cpu"], 1)
        projected = round(one_rate * out[name]["speed-up from CPU"], 1)
        peers.append(peer(f"{figure}, hands/s from CPU", projected, "", "1 process, from CPU", one_rate,
                          f">= {target}x", projected >= target * one_rate))
    out["peers"] = peers
    return out


if __name__ == "__main__":
    import sys

    sys.path.insert(0, str(ROOT))
    if sys.argv[1:2] == ["--one"]:
        _child(sys.argv[2:])
    elif sys.argv[1:2] == ["--cluster"]:
        _cluster()
    else:
        print(run())
