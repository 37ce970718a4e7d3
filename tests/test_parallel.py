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
    pytest.importorskip("distributed")
    from mjdsl.engine.parallel import local_cluster

    cluster = local_cluster(2)  # the cluster --backend dask starts
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


def test_a_session_has_at_least_the_hands_its_plan_allows():
    """``session_min_hands``: R wind rounds are at least R x players hands (the dealer
    keeping the deal only lengthens a session), ``hands N`` exactly N."""
    from mjdsl.bots import make_bot
    from mjdsl.engine.run import play_session, session_min_hands, session_plan
    from mjdsl.frontend.compile import compile_ruleset

    for path in (CLASSICAL, AMERICAN):
        auto = compile_ruleset(path)
        hands, rounds = session_plan(auto)
        fewest = session_min_hands(auto)
        assert fewest == min(b for b in (hands, rounds * auto.session_players) if b)
        bots = [make_bot("random") for _ in range(auto.session_players)]
        lengths = [len(play_session(auto, f"m:{i}", bots, 10_000)) for i in range(6)]
        assert min(lengths) >= fewest
        if hands and not rounds:
            assert set(lengths) == {hands}


def test_the_last_sessions_are_capped_counting_the_sessions_still_out(monkeypatch):
    """With two workers, sessions are handed out ahead; counting those still out at the
    fewest hands each can give, no session is handed out that is not needed, and the
    last is capped near what it is needed for. The hands are the same as one process's."""
    from mjdsl.engine import simulate
    from mjdsl.engine.parallel import Job
    from mjdsl.engine.run import session_min_hands
    from mjdsl.frontend.compile import compile_ruleset

    auto = compile_ruleset(CLASSICAL)
    job = Job.of(CLASSICAL, [], ["random"] * 4)
    handed: list = []
    real = simulate.ordered_map

    def watching(task, job, items, **kw):
        def seen():
            for item in items:
                handed.append(item)
                yield item
        return real(task, job, seen(), **kw)

    monkeypatch.setattr(simulate, "ordered_map", watching)
    played: list[int] = []
    two = list(simulate.session_batches(auto, job, "cap", 40, workers=2,
                                        trace=lambda stamp, recs: played.append(len(recs))))
    used = [len(recs) for _, recs in two]
    assert sum(used) == 40
    assert len(handed) == len(two)  # not one session beyond the last needed
    fewest = session_min_hands(auto)
    # every session but the last is played whole and used whole; the last plays at most
    # the hands by which the sessions before it outran the fewest
    assert played[:-1] == used[:-1]
    assert used[-1] <= handed[-1][2] and played[-1] - used[-1] <= sum(n - fewest for n in played[:-1])
    handed.clear()
    one = list(simulate.session_batches(auto, job, "cap", 40))
    assert [[r.actions for r in recs] for _, recs in one] == [[r.actions for r in recs] for _, recs in two]


def test_each_item_comes_back_with_its_worker_and_times():
    """``trace`` sees every result with the stamp of the worker that played it: a
    worker of the pool, times in order, CPU spent in the item."""
    from mjdsl.engine.parallel import Job
    from mjdsl.engine.simulate import session_batches
    from mjdsl.frontend.compile import compile_ruleset

    auto = compile_ruleset(CLASSICAL)
    stamps: list = []
    got = list(session_batches(auto, Job.of(CLASSICAL, [], ["random"] * 4), "st", 60, workers=2,
                               trace=lambda stamp, recs: stamps.append(stamp)))
    assert len(stamps) == len(got)
    # each stamp names a pool process (which of the two takes which item is the
    # scheduler's: on a busy machine one may take them all)
    workers = {s.worker for s in stamps}
    assert {s.kind for s in stamps} == {"item"} and 1 <= len(workers) <= 2
    assert os.getpid() not in workers
    assert all(s.started <= s.ended and s.cpu_started < s.cpu_ended for s in stamps)


def test_dask_workers_prepare_the_job_before_the_first_item(scheduler):
    """Every Dask worker compiles the job once, before any item is sent (its "prepare"
    stamp comes first, one a worker), and a second run of the job on the same cluster
    finds it compiled."""
    from mjdsl.engine.parallel import Job
    from mjdsl.engine.simulate import session_batches
    from mjdsl.frontend.compile import compile_ruleset

    sets = [("rounds", "1")]  # a job no other test of the module's cluster runs
    auto = compile_ruleset(CLASSICAL, sets)
    job = Job.of(CLASSICAL, sets, ["random"] * 4)
    runs = []
    for _ in range(2):
        stamps: list = []
        list(session_batches(auto, job, "pr", 12, workers=2, backend="dask", scheduler=scheduler,
                             trace=lambda stamp, recs: stamps.append(stamp)))
        runs.append(stamps)
    for stamps in runs:
        kinds = [s.kind for s in stamps]
        assert kinds[:2] == ["prepare", "prepare"] and "prepare" not in kinds[2:]
        assert len({s.worker for s in stamps[:2]}) == 2
    first, again = ([s.cpu_ended - s.cpu_started for s in run[:2]] for run in runs)
    assert max(again) < min(first)


def _profiling() -> bool:
    import dask

    return bool(dask.config.get("distributed.worker.profile.enabled"))


def test_the_cluster_mjdsl_starts_runs_its_workers_without_the_profiler(scheduler):
    """``local_cluster``'s workers run with ``QUIET``: no stack sampling every 10 ms."""
    from distributed import Client

    with Client(scheduler, timeout="10s") as client:
        assert list(client.run(_profiling).values()) == [False, False]


def _engine_imported() -> bool:
    import sys

    return "mjdsl.frontend.compile" in sys.modules and "mjdsl.bots" in sys.modules


def test_the_cluster_mjdsl_starts_imports_the_engine_as_its_workers_start():
    """``local_cluster`` preloads ``mjdsl.engine.parallel`` (``dask_setup``): before any
    job, a worker has the compiler and the bots imported, so a job only compiles."""
    pytest.importorskip("distributed")
    from distributed import Client

    from mjdsl.engine.parallel import local_cluster

    with local_cluster(1) as cluster, Client(cluster) as client:
        assert list(client.run(_engine_imported).values()) == [True]


# -- the pieces, called directly (no process started) ------------------------------------


def _double(auto, bots, item):
    return (auto, item * 2)


def test_one_worker_plays_in_this_process_in_order_with_its_stamps():
    from mjdsl.engine.parallel import Job, ordered_map

    job = Job.of("nowhere.mj", [], [])  # never compiled: the caller's own automaton plays
    assert list(ordered_map(_double, job, range(4), local=("auto", []))) == [("auto", 0), ("auto", 2),
                                                                              ("auto", 4), ("auto", 6)]
    seen = []
    got = list(ordered_map(_double, job, range(3), local=("auto", []), trace=lambda s, r: seen.append((s, r))))
    assert got == [("auto", 0), ("auto", 2), ("auto", 4)] and [r for _, r in seen] == got
    assert all(s.worker == os.getpid() and s.kind == "item" and s.started <= s.ended for s, _ in seen)


def test_an_unknown_backend_is_an_input_error():
    from mjdsl.diagnostics import InputError
    from mjdsl.engine.parallel import Job, ordered_map

    with pytest.raises(InputError, match="unknown backend 'mpi'; backends are: process, dask"):
        list(ordered_map(_double, Job.of("nowhere.mj", [], []), range(2), workers=2, backend="mpi"))


def test_the_window_keeps_at_most_its_width_out_and_yields_in_order():
    from mjdsl.engine.parallel import _windowed

    out, most = [], [0]

    def submit(item):
        out.append(item)
        most[0] = max(most[0], len(out))
        return item

    def result(item):
        out.remove(item)
        return item * 10

    assert list(_windowed(submit, result, iter(range(7)), 3)) == [0, 10, 20, 30, 40, 50, 60]
    assert most[0] == 3 and out == []
    assert list(_windowed(submit, result, iter(range(2)), 3)) == [0, 10]


def test_workers_are_capped_at_the_cpus_where_they_run(monkeypatch):
    from mjdsl.engine.parallel import capped_workers

    monkeypatch.setattr(os, "cpu_count", lambda: 4)
    said = []
    assert capped_workers(4, "process", None, said.append) == 4 and said == []
    assert capped_workers(5, "process", None, said.append) == 4
    assert said == ["--workers 5: this machine has 4 CPU(s); using 4"]
    assert capped_workers(5, "dask", None, said.append) == 4  # a LocalCluster runs here
    assert capped_workers(9, "dask", "tcp://far:8786", said.append) == 9 and len(said) == 2
    monkeypatch.setattr(os, "cpu_count", lambda: None)  # unknown: one
    assert capped_workers(2, "process", None, said.append) == 1
