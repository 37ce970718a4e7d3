"""Many hands (issue 12): the same seed gives the same bytes on one process, two
processes and a two-worker Dask LocalCluster, for simulate, arena and analyze; an
interrupted analysis resumed from its checkpoint equals an uninterrupted one; Ctrl-C
keeps the finished hands' figures and logs; --workers is capped at the CPUs.

The cluster is started once for the module and reached with ``--scheduler``; the runs
are kept to tens of hands (a Dask start-up costs seconds)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from mjdsl.cli import main

ROOT = Path(__file__).resolve().parent.parent
AMERICAN = str(ROOT / "rulesets" / "american.mj")
CLASSICAL = str(ROOT / "rulesets" / "classical.mj")


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture(scope="module")
def scheduler():
    distributed = pytest.importorskip("distributed")
    import logging

    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                       silence_logs=logging.ERROR)
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()


def _three_ways(capsys, scheduler, argv):
    """The stdout of one process, two processes and the cluster."""
    outs = []
    for extra in ([], ["--workers", "2"], ["--backend", "dask", "--scheduler", scheduler]):
        code, out, _ = run(capsys, *argv, *extra)
        assert code == 0
        outs.append(out)
    return outs


def test_simulate_is_the_same_on_one_process_two_and_dask(capsys, scheduler):
    one, two, dask = _three_ways(capsys, scheduler, ["simulate", AMERICAN, "--games", "10", "--seed", "4",
                                                     "--bots", "random,greedy,random,greedy", "--json"])
    assert one == two == dask
    stats = json.loads(one)
    assert stats["hands"] == 10 and len(stats["card_lines"]) > 10


def test_arena_is_the_same_on_one_process_two_and_dask(capsys, scheduler):
    one, two, dask = _three_ways(capsys, scheduler, ["arena", CLASSICAL, "--bots", "mei,rafi,greedy,random",
                                                     "--hands", "8", "--json"])
    assert one == two == dask and json.loads(one)["hands"] == 8


def test_analyze_is_the_same_on_one_process_two_and_dask(capsys, scheduler):
    one, two, dask = _three_ways(capsys, scheduler, ["analyze", AMERICAN, "--hands", "10", "--bots", "greedy",
                                                     "--json"])
    assert one == two == dask
    rep = json.loads(one)
    assert rep["hands"] == 10 and sum(r["won"] for r in rep["lines"]) == rep["won"]


def test_a_resumed_analysis_equals_an_uninterrupted_one(tmp_path):
    from mjdsl.analyze.figures import report
    from mjdsl.analyze.run import analyze
    from mjdsl.engine.parallel import Job
    from mjdsl.frontend.compile import compile_ruleset

    auto = compile_ruleset(AMERICAN)
    job = Job.of(AMERICAN, [], ["greedy"] * 4)
    whole = report(analyze(auto, job, "9", 40), "9", list(job.bots))

    ckpt = tmp_path / "run.ckpt"
    seen = []

    def stop_midway(done):
        seen.append(done)
        if done >= 20:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        analyze(auto, job, "9", 40, checkpoint=ckpt, every=0, on_hands=stop_midway)
    saved = json.loads(ckpt.read_text())
    assert 0 < saved["done"] < 40
    resumed_from = []
    resumed = report(analyze(auto, job, "9", 40, checkpoint=ckpt, every=0, on_hands=resumed_from.append),
                     "9", list(job.bots))
    assert resumed_from[0] == saved["done"]  # it did start where it stopped
    assert json.dumps(resumed) == json.dumps(whole)


def test_a_checkpoint_of_another_run_is_refused(capsys, tmp_path):
    ckpt = tmp_path / "c.json"
    assert run(capsys, "analyze", AMERICAN, "--hands", "3", "--bots", "random", "--checkpoint", str(ckpt))[0] == 0
    code, _, err = run(capsys, "analyze", AMERICAN, "--hands", "4", "--bots", "random", "--checkpoint", str(ckpt))
    assert code == 2 and "checkpoint of another run" in err
    ckpt.write_text("not json")
    code, _, err = run(capsys, "analyze", AMERICAN, "--hands", "3", "--bots", "random", "--checkpoint", str(ckpt))
    assert code == 2 and "not a checkpoint" in err


def test_analyze_without_a_card_is_an_input_error(capsys):
    code, _, err = run(capsys, "analyze", CLASSICAL, "--hands", "2")
    assert code == 2 and "plays no card" in err


def test_ctrl_c_keeps_the_finished_hands_figures_and_logs(capsys, tmp_path, monkeypatch):
    from mjdsl.engine import tally

    real = tally.Tally.add

    def add(self, rec, seat_bots):
        if self.hands == 3:
            raise KeyboardInterrupt
        real(self, rec, seat_bots)

    monkeypatch.setattr(tally.Tally, "add", add)
    logs = tmp_path / "logs"
    code, out, err = run(capsys, "simulate", AMERICAN, "--games", "20", "--bots", "random", "--json", "--logs",
                         str(logs))
    assert code == 130 and "interrupted" in err
    assert json.loads(out)["hands"] == 3
    assert len(list(logs.iterdir())) == 3


def test_workers_above_the_cpus_are_capped_with_a_warning(capsys):
    too_many = (os.cpu_count() or 1) + 1
    code, out, err = run(capsys, "simulate", CLASSICAL, "--games", "2", "--bots", "random", "--json",
                         "--workers", str(too_many))
    assert code == 0 and f"--workers {too_many}: this machine has" in err
    assert json.loads(out)["hands"] == 2


def test_an_unreachable_scheduler_is_an_input_error(capsys):
    pytest.importorskip("distributed")
    code, _, err = run(capsys, "simulate", CLASSICAL, "--games", "1", "--backend", "dask",
                       "--scheduler", "tcp://127.0.0.1:9")
    assert code == 2 and "can't reach the Dask scheduler" in err


def test_forked_workers_play_the_same_bytes_as_one_process():
    """A CLI process runs one thread, so on Linux its pool forks (the workers inherit the
    compiled ruleset); the figures are the same bytes as one process's."""
    import subprocess
    import sys

    probe = ("import sys, threading; from mjdsl.engine.parallel import _pool_context; "
             "print(threading.active_count(), _pool_context().get_start_method())")
    started = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
    if sys.platform == "linux":
        assert started == ["1", "fork"]
    outs = [subprocess.run([str(Path(sys.executable).with_name("mjdsl")), "simulate", CLASSICAL, "--games", "12", "--seed", "f",
                            "--json", *extra], capture_output=True, text=True, check=True).stdout
            for extra in ([], ["--workers", "2"])]
    assert outs[0] == outs[1] and json.loads(outs[0])["hands"] == 12


def test_a_process_with_threads_spawns_its_workers():
    import threading

    from mjdsl.engine.parallel import _pool_context

    stop = threading.Event()
    t = threading.Thread(target=stop.wait)
    t.start()
    try:
        assert _pool_context().get_start_method() == "spawn"
    finally:
        stop.set()
        t.join()
