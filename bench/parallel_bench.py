"""Workers: hands/s of ``simulate``'s sessions (classical, random bots) on one process,
on two processes, and on a Dask LocalCluster of two workers, wall clock, each beside
the one-process figure of the same run.

Targets (issue 12): ``--workers 2`` at least 1.7x one worker on an idle 2-core machine,
Dask with 2 workers at least 1.6x. The process pool's start-up (each worker compiles
the ruleset) is inside the figure; the cluster's start is not (it is started once, as a
real cluster is), the workers' compiling is. On a machine other work is using, the
ratios fall; ``MJDSL_PARALLEL_HANDS`` sets the hands (default 600).
"""

from __future__ import annotations

import logging
import os
import time
from pathlib import Path

from peers import peer

ROOT = Path(__file__).resolve().parent.parent
RULESET = str(ROOT / "rulesets" / "classical.mj")


def _rate(auto, hands: int, **kw) -> float:
    from mjdsl.engine.simulate import sessions

    t0 = time.perf_counter()
    n = sum(1 for _ in sessions(auto, RULESET, [], ["random"] * 4, "bench", hands, **kw))
    return round(n / (time.perf_counter() - t0), 1)


def run() -> dict:
    from mjdsl.frontend.compile import compile_ruleset

    hands = int(os.environ.get("MJDSL_PARALLEL_HANDS", "600"))
    auto = compile_ruleset(RULESET)
    out = {"hands": hands, "cpus": os.cpu_count()}
    one = out["1 process, hands/s"] = _rate(auto, hands)
    two = out["2 processes, hands/s"] = _rate(auto, hands, workers=2)
    peers = [peer("--workers 2, hands/s", two, "", "1 process", one, ">= 1.7x", two >= 1.7 * one)]
    try:
        from distributed import LocalCluster
    except ImportError:
        out["dask"] = "not installed (pip install 'mjdsl[dask]')"
    else:
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                          silence_logs=logging.ERROR) as cluster:
            dask = out["dask, 2 workers, hands/s"] = _rate(auto, hands, workers=2, backend="dask",
                                                          scheduler=cluster.scheduler_address)
        peers.append(peer("--backend dask, 2 workers, hands/s", dask, "", "1 process", one, ">= 1.6x",
                          dask >= 1.6 * one))
    out["peers"] = peers
    return out


if __name__ == "__main__":
    print(run())
