"""Many hands (issue 12): the same seed gives the same bytes on one process, two
processes and a two-worker Dask LocalCluster, for simulate, arena and analyze; an
interrupted analysis resumed from its checkpoint equals an uninterrupted one; Ctrl-C
keeps the finished hands' figures and logs; --workers is capped at the CPUs.

The cluster is started once for the module and reached with ``--scheduler``; the runs
are kept to tens of hands (a Dask start-up costs seconds)."""

from __future__ import annotations

import json
import shutil
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


def test_a_style_file_of_the_users_plays_the_same_on_one_process_two_and_dask(capsys, scheduler, tmp_path):
    # the workers (forked, and the cluster's, started before the file was named) play the file named here
    style = tmp_path / "steady.toml"
    style.write_text('name = "Steady"\n[target]\nchoose = "flexible"\n[calls]\nwithin = 2\n')
    for argv in (["simulate", AMERICAN, "--games", "6", "--seed", "s", "--bots", f"{style},mei,greedy,random"],
                 ["arena", CLASSICAL, "--bots", f"{style},mei,greedy,random", "--hands", "4", "--seed", "s"]):
        one, two, dask = _three_ways(capsys, scheduler, [*argv, "--json"])
        assert one == two == dask
        doc = json.loads(one)
        assert "steady" in (doc["by_bot"] if "by_bot" in doc else doc["styles"])


def test_a_job_carries_its_style_files_to_a_worker_that_cannot_read_them(tmp_path):
    """A worker on another machine (Dask) has not the file: it plays the text the job carries."""
    from mjdsl import bots
    from mjdsl.engine.parallel import Job, _PREPARED, prepared

    style = tmp_path / "faraway.toml"
    style.write_text('name = "Far away"\n[calls]\nwithin = 3\n')
    key = bots.add_style_file(str(style))
    job = Job.of(CLASSICAL, [], [key, "greedy", "greedy", "greedy"])
    assert key == "faraway" and [s[0] for s in job.styles] == ["faraway"]
    style.unlink()
    del bots.BOTS[key], bots._FILE_STYLES[key]  # a fresh worker: the file named nowhere
    _PREPARED.clear()
    try:
        _, made = prepared(job)
        assert made[0].style.name == "Far away" and made[0].style.within == 3
    finally:
        _PREPARED.clear()


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


def test_a_checkpoint_of_a_style_file_since_edited_is_refused(capsys, tmp_path):
    # the same bot name, another file: another run (the name alone would mix two styles' hands)
    mine, ckpt = tmp_path / "mine.toml", tmp_path / "c.json"
    mine.write_text('name = "Mine"\n[target]\nchoose = "flexible"\n')
    args = ["analyze", AMERICAN, "--hands", "3", "--bots", f"{mine},random,random,random", "--checkpoint", str(ckpt)]
    assert run(capsys, *args)[0] == 0
    assert run(capsys, *args)[0] == 0  # the same file: the finished run is read back
    mine.write_text('name = "Mine"\n[target]\nchoose = "fastest"\n')
    code, _, err = run(capsys, *args)
    assert code == 2 and "checkpoint of another run" in err


def test_a_checkpoint_of_a_shipped_style_since_changed_is_refused(capsys, tmp_path, monkeypatch):
    # a shipped style's file changed (another mjdsl's Mei): another run under the same name
    from mjdsl.bots import style

    ckpt, shipped = tmp_path / "c.json", tmp_path / "styles"
    shutil.copytree(style.STYLES_DIR, shipped)
    monkeypatch.setattr(style, "STYLES_DIR", shipped)
    args = ["analyze", AMERICAN, "--hands", "3", "--bots", "mei,random,random,random", "--checkpoint", str(ckpt)]
    assert run(capsys, *args)[0] == 0
    assert run(capsys, *args)[0] == 0  # the same styles: the finished run is read back
    (shipped / "rafi.toml").write_text((shipped / "rafi.toml").read_text() + "# another\n")
    assert run(capsys, *args)[0] == 0  # a style not at the table changes nothing
    (shipped / "mei.toml").write_text((shipped / "mei.toml").read_text().replace("spread = 0.05", "spread = 0.06"))
    code, _, err = run(capsys, *args)
    assert code == 2 and "checkpoint of another run" in err


def test_a_checkpoint_is_written_as_every_output_is(capsys, tmp_path):
    """The checkpoint goes through mjdsl's one file writer (output.write_file): a
    checkpoint where none can be written is a message and exit 2, not a traceback,
    and a checkpoint reached by a link is written at the link's target."""
    code, _, err = run(capsys, "analyze", AMERICAN, "--hands", "2", "--bots", "random",
                       "--checkpoint", str(tmp_path / "missing" / "c.json"))
    assert code == 2 and "does not exist" in err and "Traceback" not in err
    (tmp_path / "real.json").write_text("")
    os.symlink(tmp_path / "real.json", tmp_path / "link.json")
    (tmp_path / "real.json").unlink()
    assert run(capsys, "analyze", AMERICAN, "--hands", "2", "--bots", "random",
               "--checkpoint", str(tmp_path / "link.json"))[0] == 0
    assert (tmp_path / "link.json").is_symlink() and json.loads((tmp_path / "real.json").read_text())["done"] == 2


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

    for workers in (1, 2):  # one worker too: only the process backend plays in this process
        with pytest.raises(InputError, match="unknown backend 'mpi'; backends are: process, dask"):
            list(ordered_map(_double, Job.of("nowhere.mj", [], []), range(2), workers=workers, backend="mpi"))


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
    # a scheduler given to the process backend is not where it runs: the pool is here
    assert capped_workers(9, "process", "tcp://far:8786", said.append) == 4 and len(said) == 3
    monkeypatch.setattr(os, "cpu_count", lambda: None)  # unknown: one
    assert capped_workers(2, "process", None, said.append) == 1


def _everything(auto, bots, item):
    return auto, bots, item


def _where(auto, bots, item):
    return auto, bots, item, os.getpid()


@pytest.fixture
def compiles(monkeypatch):
    """``compile_ruleset`` and ``make_bot`` made instant and watched: a job's automaton
    is ``("compiled", path, sets, allow_outside, the pid of the process that compiled
    it)``, and the paths compiled in this process are listed; the memo of prepared jobs
    starts empty (and is put back after)."""
    from mjdsl import bots
    from mjdsl.engine import parallel
    from mjdsl.frontend import compile as frontend

    made: list[str] = []

    def compile_ruleset(path, sets=(), *, allow_outside=False):
        made.append(path)
        return ("compiled", path, tuple(tuple(s) for s in sets), allow_outside, os.getpid())

    monkeypatch.setattr(frontend, "compile_ruleset", compile_ruleset)
    monkeypatch.setattr(bots, "make_bot", lambda name: f"bot:{name}")
    monkeypatch.setattr(parallel, "_PREPARED", {})
    return made


def test_a_job_is_its_ruleset_by_absolute_path_its_options_and_its_bots():
    from mjdsl.engine.parallel import Job

    job = Job.of("rules/x.mj", [["rounds", "1"]], ["random", "greedy"], True)
    assert job == Job(os.path.abspath("rules/x.mj"), (("rounds", "1"),), ("random", "greedy"), True)
    assert Job.of("x.mj", [], []).allow_outside is False


def test_a_process_prepares_a_job_once_and_keeps_only_the_last(compiles):
    from mjdsl.engine import parallel

    a = parallel.Job.of("a.mj", [("rounds", "1")], ["random", "greedy"], True)
    b = parallel.Job.of("b.mj", [], ["random"])
    auto, bots = parallel.prepared(a)
    assert auto == ("compiled", a.path, (("rounds", "1"),), True, os.getpid())
    assert bots == ["bot:random", "bot:greedy"]
    assert parallel.prepared(a)[0] is auto and compiles == [a.path]
    assert parallel.prepared(b)[1] == ["bot:random"]
    assert list(parallel._PREPARED) == [b]  # a long-lived Dask worker sees many jobs
    parallel.prepared(a)
    assert compiles == [a.path, b.path, a.path]


def test_a_worker_prepares_the_job_then_plays_items_with_it(compiles):
    from mjdsl.engine import parallel

    job = parallel.Job.of("a.mj", [], ["random"])
    ready = parallel._prepare(job)
    assert ready.kind == "prepare" and ready.worker == os.getpid() and compiles == [job.path]
    assert ready.started <= ready.ended and ready.cpu_started <= ready.cpu_ended
    out, stamp = parallel._run(_everything, job, 5)
    assert out == (parallel.prepared(job)[0], ["bot:random"], 5) and compiles == [job.path]
    assert stamp.kind == "item" and stamp.worker == os.getpid() and stamp.started <= stamp.ended


def test_the_pool_forks_on_linux_with_one_thread_and_spawns_elsewhere(monkeypatch):
    import sys
    import threading

    from mjdsl.engine.parallel import _pool_context

    monkeypatch.setattr(threading, "active_count", lambda: 1)
    assert _pool_context().get_start_method() == ("fork" if sys.platform == "linux" else "spawn")
    monkeypatch.setattr(sys, "platform", "darwin")
    assert _pool_context().get_start_method() == "spawn"


@pytest.fixture
def forking(monkeypatch, compiles):
    """The pool forked whatever the threads of this process (its workers inherit the
    watched compile of ``compiles``)."""
    import multiprocessing as mp

    from mjdsl.engine import parallel

    if "fork" not in mp.get_all_start_methods():
        pytest.skip("no fork on this platform")
    monkeypatch.setattr(parallel, "_pool_context", lambda: mp.get_context("fork"))
    return compiles


def test_forked_workers_play_with_the_callers_own_automaton(forking):
    """``local`` given: the workers inherit it, nothing is compiled, and it is the one
    job kept (an earlier job is let go)."""
    from mjdsl.engine import parallel

    parallel.prepared(parallel.Job.of("earlier.mj", [], []))
    job = parallel.Job.of("nowhere.mj", [], ["random"])
    local = ("here", ["mine"])
    stamps: list = []
    got = list(parallel.ordered_map(_where, job, range(6), workers=2, local=local,
                                    trace=lambda stamp, result: stamps.append(stamp)))
    assert [g[:3] for g in got] == [("here", ["mine"], i) for i in range(6)]
    pids = {g[3] for g in got}
    assert os.getpid() not in pids and {s.worker for s in stamps} == pids
    assert parallel._PREPARED == {job: local} and len(forking) == 1  # only "earlier.mj"


def test_forked_workers_inherit_the_job_compiled_once_here(forking):
    from mjdsl.engine import parallel

    job = parallel.Job.of("a.mj", [], ["random"])
    got = list(parallel.ordered_map(_where, job, range(4), workers=2))
    assert [g[2] for g in got] == [0, 1, 2, 3]
    assert {g[0] for g in got} == {("compiled", job.path, (), False, os.getpid())} and forking == [job.path]
    assert os.getpid() not in {g[3] for g in got}


def test_the_pool_hands_out_two_items_a_worker_ahead(forking):
    from mjdsl.engine import parallel

    drawn: list[int] = []

    def items():
        for i in range(10):
            drawn.append(i)
            yield i

    results = parallel.ordered_map(_where, parallel.Job.of("a.mj", [], []), items(), workers=2, local=("here", []))
    assert next(results)[2] == 0
    # four out when the first came back, and the fifth drawn, waiting for a place
    assert drawn == [0, 1, 2, 3, 4]
    assert [r[2] for r in results] == list(range(1, 10))


class _FakeFuture:
    def __init__(self, client, fn, args):
        self.client, self.fn, self.args, self.done = client, fn, args, None

    def result(self):
        self.client.out -= 1
        if self.done is None:
            self.client.plays += 1
            self.done = self.fn(*self.args)
        return self.done


class _FakeCluster:
    closed = False

    def close(self):
        self.closed = True


class _FakeClient:
    """What ``_dask_map`` asks of a ``distributed.Client``, played in this process by
    workers named ``names``. As in Dask, a pure submit (the default) of a function and
    arguments already submitted is that task, played once; ``most``: the most tasks out
    at once; ``cluster``: None for a client of a scheduler's address."""

    def __init__(self, names, cluster=None):
        self.names, self.cluster = names, cluster
        self.tasks: dict = {}
        self.out = self.most = self.plays = 0
        self.closed = False

    def run(self, fn, *args):
        return {name: fn(*args) for name in self.names}

    def submit(self, fn, *args, pure=True):
        self.out += 1
        self.most = max(self.most, self.out)
        key = (fn, args) if pure else object()
        return self.tasks.setdefault(key, _FakeFuture(self, fn, args))

    def close(self):
        self.closed = True


def test_dask_workers_prepare_first_and_play_every_item_two_a_worker_ahead(monkeypatch, compiles):
    from mjdsl.engine import parallel

    monkeypatch.setattr(parallel, "DASK_TASK_SECONDS", 0.0)  # a task an item (runs: the test below)
    clients = [_FakeClient(["w1", "w2"]), _FakeClient(["w1"], _FakeCluster())]
    asked = []
    monkeypatch.setattr(parallel, "dask_client", lambda workers, scheduler: asked.append((workers, scheduler))
                        or clients[len(asked) - 1])
    job = parallel.Job.of("a.mj", [], ["random"])
    items = [3, 1, 3, 2, 5, 4, 0, 6]  # 3 twice: played twice
    seen: list = []
    got = list(parallel.ordered_map(_everything, job, items, workers=5, backend="dask", scheduler="tcp://far:8786",
                                    trace=lambda stamp, result: seen.append((stamp.kind, result))))
    auto, bots = parallel.prepared(job)
    assert got == [(auto, bots, i) for i in items] and compiles == [job.path]
    assert seen[:2] == [("prepare", None)] * 2 and seen[2:] == [("item", g) for g in got]
    far = clients[0]
    assert far.plays == len(items) and far.closed  # runs of one item (DASK_TASK_SECONDS 0)
    assert far.most == 4  # two a worker the scheduler has, not two of the five asked for
    # a LocalCluster of one worker: closed with its client
    assert list(parallel.ordered_map(_everything, job, range(5), backend="dask")) == [(auto, bots, i) for i in range(5)]
    assert asked == [(5, "tcp://far:8786"), (1, None)]
    near = clients[1]
    assert near.most == 2 and near.closed and near.cluster.closed


def test_a_dask_task_plays_a_run_of_items_of_about_dask_task_seconds_of_play(monkeypatch):
    # the run's length is the items' CPU time so far: 0.1 s of it, 1 to 64 items
    from mjdsl.engine import parallel

    monkeypatch.setattr(parallel, "DASK_TASK_SECONDS", 0.1)
    pace = parallel._Pace()

    def played(*cpu):
        return [(None, parallel.Stamp(1, 0.0, 0.0, 5.0, 5.0 + c)) for c in cpu]

    assert pace.size() == 1  # nothing known yet: an item a task
    instant = parallel._Pace()
    instant.seen(played(0.0, 0.0))
    assert instant.size() == 1  # items too quick for the CPU clock: no rate yet, so one a task
    assert pace.seen(played(0.03, 0.01)) == played(0.03, 0.01)  # handed on as they came
    assert pace.size() == 5  # 0.02 s an item
    pace.seen(played(0.5))
    assert pace.size() == 1  # 0.18 s an item: still one
    pace.seen(played(*[0.0] * 997))
    assert pace.size() == 64  # 0.00054 s an item: 185, but no run is longer than 64
    it = iter(range(200))
    assert [len(r) for r in parallel._Pace().runs(it)] == [1] * 200  # nothing seen: one an item
    items = [0, 1, 2, 3, 4, 5, 6]
    quick = parallel._Pace()
    quick.seen(played(0.05))
    assert list(quick.runs(items)) == [[0, 1], [2, 3], [4, 5], [6]]  # every item once, in order


def _fake_dask(monkeypatch) -> list:
    """Modules ``dask`` and ``distributed`` that record each Client and LocalCluster
    made: its arguments and the ``dask.config`` settings in force then."""
    import contextlib
    import sys
    import types

    made: list = []
    settings = [{}]

    @contextlib.contextmanager
    def config_set(values):
        settings.append({**settings[-1], **values})
        try:
            yield
        finally:
            settings.pop()

    class Made:
        def __init__(self, *args, **kwargs):
            self.args, self.kwargs, self.settings = args, kwargs, settings[-1]
            made.append(self)

    dask = types.ModuleType("dask")
    dask.config = types.SimpleNamespace(set=config_set)  # type: ignore[attr-defined]
    distributed = types.ModuleType("distributed")
    distributed.Client = type("Client", (Made,), {})  # type: ignore[attr-defined]
    distributed.LocalCluster = type("LocalCluster", (Made,), {})  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "dask", dask)
    monkeypatch.setitem(sys.modules, "distributed", distributed)
    return made


def test_a_dask_client_is_of_the_scheduler_or_of_a_quiet_cluster_of_one_thread_workers(monkeypatch):
    from mjdsl.engine import parallel

    made = _fake_dask(monkeypatch)
    far = parallel.dask_client(4, "tcp://far:8786")
    assert made == [far] and far.args == ("tcp://far:8786",) and far.kwargs == {"timeout": "10s"}
    assert far.settings == parallel.QUIET
    near = parallel.dask_client(3, None)
    cluster = made[1]
    assert made == [far, cluster, near] and near.args == (cluster,) and near.settings == parallel.QUIET
    assert {k: cluster.kwargs[k] for k in ("n_workers", "threads_per_worker", "processes", "dashboard_address")} \
        == {"n_workers": 3, "threads_per_worker": 1, "processes": True, "dashboard_address": None}
    assert cluster.settings == {**parallel.QUIET, "distributed.worker.preload": ["mjdsl.engine.parallel"]}


def test_the_dask_backend_without_dask_is_an_input_error(monkeypatch):
    import sys

    from mjdsl.diagnostics import InputError
    from mjdsl.engine.parallel import dask_client

    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(InputError, match=r"--backend dask needs Dask: pip install 'mjdsl\[dask\]'"):
        dask_client(2, None)
