"""Mutation testing (``make mutate``): how many small faults in a module the tests catch.

``tools/mutants.py`` plants one fault at a time in a function's body (a flipped
comparison, an off-by-one constant, a dropped call...); a fault no test notices
"survives". Three things keep a run short enough for a shared machine:

- **only the tests that execute the mutated statement run** (a test that never runs
  it cannot see the change), fastest first, stopping at the first failure: one run of
  the test files under coverage, each test its own coverage context, says which tests
  execute which lines and how long each takes (cached in build/mutate/ by the content
  of mjdsl/, tests/ and rulesets/; what a shared fixture runs is counted for every
  test that uses it, and the mutated modules' memos, :class:`mjdsl.memo.ByObject` or a
  dict made empty at the top of the module, are emptied before each test);
- **no process start per mutant**: this process imports the package and collects the
  tests once, then forks a child per mutant; the child swaps the mutated function's
  code into the live function object (``__code__``: every reference to the function
  sees it) and runs pytest on the chosen tests. A mutant the fork does not kill is run
  once more in a fresh process with the mutated file on disk (build/mutate/tree/) when
  its statement ran in this process before the first fork (imports, session fixtures,
  the shipped rulesets compiled to warm the caches: line coverage of the session up to
  the fork), so a value computed then cannot hide a kill; a survivor whose statement
  did not run before the fork was run exactly as a fresh process runs it;
- **verdicts are kept** in tools/mutation-record.json (committed, so the next session
  starts from it), keyed by the hash of the function's code (annotations and comments
  aside: ``mutants.function_hash``): a re-run runs only the
  mutants of changed functions, the survivors when any test or ruleset changed, and a
  kill again only when the test file that killed it changed.

    python tools/mutate.py                       every module of engine/, scoring/, cards/, check/
    python tools/mutate.py mjdsl/cards/distance.py [...]   those modules only
    python tools/mutate.py --list                the modules and the test files each draws from
    python tools/mutate.py --show MODULE [KEY]   a module's survivors (or one mutant) as diffs
    python tools/mutate.py --table               rewrite the score table in docs/testing.md
    python tools/mutate.py --equivalent MODULE KEY WHY   enter a survivor as equivalent

The score is killed / (killed + survived), the equivalent mutants (listed with the
reason in tools/mutation-equivalent.json and in docs/testing.md) left out; a
timeout counts as killed, a mutant whose function no test reaches as survived.
``--budget SECONDS`` stops a run cleanly (everything decided so far is kept).
"""

from __future__ import annotations

import argparse
import ast
import difflib
import hashlib
import importlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

# a mutant is swapped into a pure-Python function (``__code__``), which a module compiled
# by ``make compiled`` has not: this process and every test run it starts use the .py
# files (mjdsl/native.py), whatever is built
os.environ["MJDSL_PURE"] = "1"

sys.path.insert(0, str(Path(__file__).resolve().parent))
import mutants as mut  # noqa: E402
import pytest  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "mutate"
RECORD = Path(os.environ.get("MJDSL_MUTATE_RECORD", ROOT / "tools" / "mutation-record.json"))
EQUIVALENT = ROOT / "tools" / "mutation-equivalent.json"
DOC = ROOT / "docs" / "testing.md"
COPIED = ("mjdsl", "tests", "rulesets", "examples", "docs", "bench", "pyproject.toml", "README.md")
PYTEST_ARGS = ("-x", "-q", "-p", "no:cacheprovider", "--hypothesis-seed=0", "-o", "addopts=", "--no-header")

ENGINE_TESTS = ("tests/test_engine_scenarios.py", "tests/test_engine_classical.py",
                "tests/test_engine_american.py", "tests/test_engine_winning.py", "tests/test_claim_sources.py",
                "tests/test_invariants.py", "tests/test_engine_logs.py", "tests/test_kuikae.py",
                "tests/test_several_win.py", "tests/test_red_fives.py",
                # the quick forms of the engine's questions against the plain ones, its memos
                "tests/test_engine_fast_paths.py", "tests/test_memo.py",
                # the engine as a user reaches it: replay and simulate from the command line,
                # broken and hostile logs, the seeded digests, the conformance suite (perft,
                # invariants at every step), aborts, seat rules, bonus kinds, the pool
                "tests/test_cli_engine.py", "tests/test_hostile_fuzz.py", "tests/test_seeded_digests.py",
                "tests/test_aborts.py", "tests/test_seed_rules.py", "tests/test_bonus_kinds.py",
                "tests/test_parallel.py", "tests/test_simulate_report.py", "tests/test_hostile.py",
                "tests/test_conformance.py",
                # the facts of the table (indicators, double riichi, the state conditions
                # read), the settlement, the chance draws and simulate's tally
                "tests/test_indicators.py", "tests/test_double_riichi.py", "tests/test_table_state.py",
                "tests/test_engine_settle.py", "tests/test_chance.py", "tests/test_tally.py",
                # the seats of a session with more players than seats (SessionClock.seating)
                "tests/test_seats.py",
                # seats without winds: the state's round wind, the log, replay
                "tests/test_no_winds.py")
SCORING_TESTS = ("tests/test_scoring_rules.py", "tests/test_scoring_library.py", "tests/test_scoring_language.py",
                 "tests/test_scoring_golden.py", "tests/test_scoring_sets.py", "tests/test_engine_scenarios.py",
                 "tests/test_scoring_repeats.py", "tests/test_scoring_cli.py", "tests/test_scoring_waits.py",
                 "tests/test_scoring_mcr_language.py", "tests/test_account_once.py", "tests/test_responsibility.py",
                 "tests/test_scoring_edges.py", "tests/test_scoring_notation.py", "tests/test_scoring_tables.py",
                 "tests/test_scoring_readings.py",
                 # the facts a condition reads, asked of a hand directly (env.py)
                 "tests/test_scoring_env.py",
                 # the compiled score conditions against the closures, rule shape by rule shape
                 "tests/test_scoring_compile.py",
                 # the copies told apart (riichi's red fives): the variants the scorer is given and reports
                 "tests/test_red_fives.py",
                 # seats without winds: the scorer's input, reports and the engine's hand
                 "tests/test_no_winds.py")
CARDS_TESTS = ("tests/test_cards_distance.py", "tests/test_cards_hint.py", "tests/test_cards_club.py",
               "tests/test_cards_check.py", "tests/test_cards_properties.py", "tests/test_cards_syntax.py",
               "tests/test_cards_semantics.py", "tests/test_cards_diff.py", "tests/test_engine_winning.py",
               "tests/test_cards_numbers.py", "tests/test_cards_printed.py", "tests/test_cards_cli.py")
CHECK_TESTS = ("tests/test_checks_broken.py", "tests/test_checks_regressions.py", "tests/test_checks_overlays.py",
               "tests/test_authoring_lint.py", "tests/test_checks_unplayable.py", "tests/test_checks_hints.py",
               "tests/test_checks_tileset.py", "tests/test_checks_bounds.py", "tests/test_lint_hints.py",
               # the checks' bounds their features' own files test (MJ287's dead wall, MJ237's
               # players, MJ248's animals, what check can know before play)
               "tests/test_indicators.py", "tests/test_seats.py", "tests/test_bonus_kinds.py",
               "tests/test_checked_plays.py",
               # MJ307's own: the skeleton walked as the whole automaton, the guards, the walk
               "tests/test_lint_reachable.py")

#: the test files a module of each folder draws its tests from
TESTS = {"mjdsl/engine": ENGINE_TESTS, "mjdsl/scoring": SCORING_TESTS, "mjdsl/cards": CARDS_TESTS,
         "mjdsl/check": CHECK_TESTS}

KILLED, SURVIVED, TIMEOUT, NO_TESTS = "killed", "survived", "timeout", "no tests"


def modules() -> list[str]:
    out = []
    for folder in TESTS:
        out += sorted(str(p.relative_to(ROOT)) for p in (ROOT / folder).glob("*.py") if p.name != "__init__.py")
    return out


def tests_for(module: str) -> tuple[str, ...]:
    return TESTS[str(Path(module).parent)]


def _hash_files(paths: list[Path]) -> str:
    h = hashlib.sha256()
    for p in sorted(paths):
        h.update(str(p.relative_to(ROOT)).encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def _tree_files(*folders: str) -> list[Path]:
    return [p for f in folders for p in (ROOT / f).rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and ".hypothesis" not in p.parts]


def tests_hash() -> str:
    """What every survivor's verdict rests on: the tests and the rulesets they read."""
    return _hash_files(_tree_files("tests", "rulesets", "examples"))


def file_hash(rel: str) -> str:
    return _hash_files([ROOT / rel])


def _data_hashes() -> dict[str, str]:
    """Each data file in a folder of tests/ (scenarios, broken rulesets...) and its hash:
    a test file that reads such a folder runs again under coverage when one changes."""
    return {str(p.relative_to(ROOT)): _hash_files([p]) for p in _tree_files("tests")
            if p.suffix != ".py" and len(p.relative_to(ROOT).parts) > 2}


# ---------------------------------------------------------------- which tests reach what

def _steady_hypothesis() -> None:
    """No deadlines (a loaded machine would fail tests at random) and no example
    database (a mutant's failing example must not be replayed elsewhere); loaded before
    the tests are imported, so their own settings inherit it."""
    from hypothesis import settings

    settings.register_profile("mutate", deadline=None, database=None)
    settings.load_profile("mutate")


def _stats_child(out: str, files: list[str], targets: list[str]) -> int:
    """(In a process of its own.) Run the files under coverage, one context per test."""
    import coverage
    import pytest

    cov = coverage.Coverage(data_file=None, include=[str(ROOT / t) for t in targets])
    tests: dict[str, dict] = {}
    memos, plain = _target_memos(targets), _plain_memos(targets)
    # a fixture shared by tests (module, class or session scope) is made once, while the
    # first test that needs it runs: its lines are counted for every test that uses it
    users: dict[str, set[str]] = {}
    context = [""]

    def shared(fixturedef) -> str:
        return f"fixture:{fixturedef.baseid}::{fixturedef.argname}"

    class Contexts:
        @pytest.hookimpl(hookwrapper=True)
        def pytest_runtest_protocol(self, item, nextitem):
            for memo in memos:  # each test that needs a memoised value makes it again
                memo._entries.clear()
            for name, attr in plain:
                if name in sys.modules:
                    getattr(sys.modules[name], attr).clear()
            for defs in getattr(getattr(item, "_fixtureinfo", None), "name2fixturedefs", {}).values():
                if defs and defs[-1].scope != "function":
                    users.setdefault(shared(defs[-1]), set()).add(item.nodeid)
            context[:] = [item.nodeid]
            cov.switch_context(item.nodeid)
            yield
            context[:] = [""]
            cov.switch_context("")

        @pytest.hookimpl(hookwrapper=True)
        def pytest_fixture_setup(self, fixturedef, request):
            if fixturedef.scope == "function":
                yield
                return
            context.append(shared(fixturedef))
            cov.switch_context(context[-1])
            yield
            context.pop()
            cov.switch_context(context[-1])

        def pytest_runtest_logreport(self, report):
            t = tests.setdefault(report.nodeid, {"duration": 0.0, "passed": True})
            t["duration"] += report.duration
            t["passed"] = t["passed"] and not report.failed

    # the files as they are when the run starts: one edited meanwhile is run again next time
    hashes, data = {f: file_hash(f) for f in files}, _data_hashes()
    _steady_hypothesis()
    cov.start()
    code = pytest.main([*files, *PYTEST_ARGS[1:]], plugins=[Contexts()])
    cov.stop()
    measured = cov.get_data()
    lines: dict[str, dict[int, list[str]]] = {}
    for t in targets:
        by_line = measured.contexts_by_lineno(str(ROOT / t))
        lines[t] = {n: sorted({u for c in ctx if c for u in (users.get(c, ()) if c.startswith("fixture:") else (c,))})
                    for n, ctx in by_line.items()}
    Path(out).write_text(json.dumps({"tests": tests, "lines": lines, "exit": int(code), "files": hashes,
                                     "data": data}),
                         encoding="utf-8")
    return 0


def _target_memos(targets: list[str]) -> list:
    """The :class:`mjdsl.memo.ByObject` memos the target modules make (registered as
    they are made: call before the package is imported). A memo keeps a value across
    tests (the card's packed rows, keyed by the Club card the session compiled), so
    only the first test that needs it would run the code that makes it: the tests
    after it, which read that value, would not be counted as reaching that code, and
    a mutant there would run the first test alone. Emptied before each test of the
    coverage run, each test that needs the value makes it under its own context."""
    from mjdsl import memo

    files = {str(ROOT / t) for t in targets}
    made: list = []
    plain = memo.ByObject.__init__

    def registering(self) -> None:
        plain(self)
        if sys._getframe(1).f_code.co_filename in files:
            made.append(self)

    memo.ByObject.__init__ = registering  # type: ignore[method-assign]
    return made


def _plain_memos(targets: list[str]) -> list[tuple[str, str]]:
    """The memos the target modules keep in a dict of their own, as (module, name): a
    name bound at the top of the module to an empty dict (``_EXPOSED: dict = {}``,
    ``dict()``, a :class:`mjdsl.memo.Kept`), filled as the functions are called (the
    exposed melds by kind and tile). Emptied before each test of the coverage run, as a
    :class:`~mjdsl.memo.ByObject` is: otherwise only the first test that asks for an
    entry runs the line that makes it. (A dict filled at import, a registry, is written
    with its entries or filled by other statements, never bound empty and left so.)"""
    out = []
    for t in targets:
        for node in ast.parse((ROOT / t).read_text(encoding="utf-8")).body:
            target = node.target if isinstance(node, ast.AnnAssign) else (
                node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else None)
            value = getattr(node, "value", None)
            empty = (isinstance(value, ast.Dict) and not value.keys) or (
                isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in ("dict", "Kept")
                and not value.args and not value.keywords)
            if isinstance(target, ast.Name) and empty:
                out.append((t[:-3].replace("/", "."), target.id))
    return out


def stats(folder: str, reuse: bool = False) -> dict:
    """Which tests execute each line of the folder's modules, and how long each test
    takes: one coverage run of the folder's test files, kept in build/mutate/ by the
    content of everything it rests on (``reuse``: the folder's last run, with the test
    files changed or added since then run again under coverage and put in place of
    their old entries; a change to mjdsl/ since that run is not seen)."""
    files, targets = list(TESTS[folder]), [m for m in modules() if m.startswith(folder + "/")]
    key = hashlib.sha256((_hash_files(_tree_files("mjdsl", "tests", "rulesets", "examples"))
                          + "\0".join(files)).encode()).hexdigest()[:16]
    name = folder.replace("/", ".")
    path = BUILD / f"stats-{name}-{key}.json"
    older = sorted(BUILD.glob(f"stats-{name}-*.json"), key=lambda p: p.stat().st_mtime)
    if not path.exists() and reuse and older:
        return _refreshed(json.loads(older[-1].read_text(encoding="utf-8")), files, targets, path)
    if not path.exists():
        BUILD.mkdir(parents=True, exist_ok=True)
        print(f"finding which tests reach which lines of {folder} ({len(files)} test files)...", flush=True)
        _coverage_run(path, files, targets)
    return json.loads(path.read_text(encoding="utf-8"))


def _coverage_run(path: Path, files: list[str], targets: list[str]) -> None:
    subprocess.run([sys.executable, __file__, "--stats-to", str(path), *targets, "--", *files],
                   cwd=ROOT, stdout=subprocess.DEVNULL, check=False)
    if not path.exists():
        raise SystemExit(f"the coverage run of {', '.join(files)} failed")


def _refreshed(old: dict, files: list[str], targets: list[str], path: Path) -> dict:
    """An older coverage run brought up to date for the test files changed or added
    since (``old["files"]``: each file's hash then): those files run again under
    coverage, and their tests' entries replace the old ones. Saved under ``path``, the
    key of the tree as it is now, so the next run reads it at once."""
    then, data_then, data = old.get("files", {}), old.get("data", {}), _data_hashes()
    # a data file changed (a scenario, a broken ruleset): the test files that name its folder
    folders = {Path(d).parts[1] for d in set(data) | set(data_then) if data.get(d) != data_then.get(d)}
    names = [name for d in folders for name in (f'"{d}', f"'{d}", f"tests/{d}/")]

    def stale(f: str) -> bool:
        if then.get(f) != file_hash(f):
            return True
        if not names:
            return False
        text = (ROOT / f).read_text(encoding="utf-8")  # once, whatever the number of folders
        return any(n in text for n in names)

    changed = [f for f in files if stale(f)]
    if not changed:
        return old
    print(f"coverage again for the test files changed since the last run: {' '.join(changed)}", flush=True)
    part_path = path.with_suffix(".part.json")
    _coverage_run(part_path, changed, targets)
    part = json.loads(part_path.read_text(encoding="utf-8"))
    part_path.unlink()

    def gone(test: str) -> bool:
        return test.split("::", 1)[0] in changed

    tests = {t: v for t, v in old["tests"].items() if not gone(t)} | part["tests"]
    lines: dict[str, dict[str, list[str]]] = {}
    for t in targets:
        was, now = old["lines"].get(t, {}), part["lines"].get(t, {})
        lines[t] = {n: sorted({u for u in was.get(n, []) if not gone(u)} | set(now.get(n, [])))
                    for n in set(was) | set(now)}
    out = {"tests": tests, "lines": lines, "exit": max(old["exit"], part["exit"]),
           "files": then | part["files"], "data": part["data"]}
    path.write_text(json.dumps(out), encoding="utf-8")
    return out


# ---------------------------------------------------------------- running one mutant

def _live_function(module: object, qualname: str):
    """The function object behind ``qualname`` in the imported module, or None."""
    obj = module
    for part in qualname.split("."):
        obj = vars(obj).get(part) if isinstance(obj, type) else getattr(obj, part, None)
        for attr in ("__func__", "fget", "func"):  # staticmethod, classmethod, property, cached_property
            if obj is not None and not hasattr(obj, "__code__") and hasattr(obj, attr):
                obj = getattr(obj, attr)
        while hasattr(obj, "__wrapped__") and getattr(getattr(obj, "__code__", None), "co_qualname", "") != qualname:
            obj = obj.__wrapped__  # a decorator's wrapper
        if obj is None:
            return None
    return obj if getattr(getattr(obj, "__code__", None), "co_qualname", None) == qualname else None


def _find_code(code, qualname: str):
    for c in code.co_consts:
        if hasattr(c, "co_qualname"):
            if c.co_qualname == qualname:
                return c
            found = _find_code(c, qualname)
            if found is not None:
                return found
    return None


def _swap(module_name: str, path: Path, source: str, mutant: mut.Mutant) -> bool:
    """Put the mutant's code into the live function; False when it cannot be done."""
    live = _live_function(importlib.import_module(module_name), mutant.qualname)
    new = _find_code(compile(mut.mutated_tree(source, mutant), str(path), "exec"), mutant.qualname)
    if live is None or new is None or new.co_freevars != live.__code__.co_freevars:
        return False
    live.__code__ = new
    return True


def _run_items(items: dict, tests: list[str], limits: dict[str, int], report: int) -> int:
    """(In the child.) Run the chosen tests, already collected, until one fails; its
    node id goes to ``report``. 0: all passed. A test that runs past its limit (in
    seconds) ends the child: a timeout."""
    from _pytest.runner import runtestprotocol

    chosen = [items[t] for t in tests if t in items]
    for i, item in enumerate(chosen):
        signal.alarm(limits.get(item.nodeid, 60))
        reports = runtestprotocol(item, nextitem=chosen[i + 1] if i + 1 < len(chosen) else None, log=False)
        if any(r.failed for r in reports):
            os.write(report, item.nodeid.encode())
            return 1
    return 0


def run_forked(items: dict, module_name: str, path: Path, source: str, mutant: mut.Mutant, tests: list[str],
               limits: dict[str, int]) -> tuple[str, str | None] | None:
    """The mutant's verdict and the test that killed it, from a forked child of the
    pytest session that collected ``items``; None when the code cannot be swapped in
    (the caller runs it in a fresh process)."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(read)
        code = 3
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, 1)
            os.dup2(devnull, 2)
            code = _run_items(items, tests, limits, write) if _swap(module_name, path, source, mutant) else 99
        except BaseException:
            code = 3
        os._exit(code)
    os.close(write)
    _, status = os.waitpid(pid, 0)
    with os.fdopen(read, "rb") as f:
        by = f.read().decode() or None
    if os.WIFSIGNALED(status):
        return TIMEOUT, None
    code = os.WEXITSTATUS(status)
    if code == 99:
        return None
    return (SURVIVED, None) if code == 0 else (KILLED, by)


def _scratch_tree() -> Path:
    where = BUILD / "tree"
    shutil.rmtree(where, ignore_errors=True)
    where.mkdir(parents=True, exist_ok=True)
    for name in COPIED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, where / name, ignore=shutil.ignore_patterns("__pycache__", ".hypothesis"))
        elif src.exists():
            shutil.copy2(src, where / name)
    return where


def run_fresh(tree: Path, module: str, source: str, mutant: mut.Mutant, tests: list[str],
              timeout: int) -> tuple[str, str | None]:
    """The verdict from a fresh process, with the mutated module written to the scratch tree."""
    target = tree / module
    target.write_text(mut.mutated_source(source, mutant) + "\n", encoding="utf-8")
    report = tree / "first-failure.txt"
    report.unlink(missing_ok=True)
    try:
        proc = subprocess.run([sys.executable, "-m", "pytest", *tests, *PYTEST_ARGS, "-p", "no:randomly",
                               "--junit-xml", str(report)], cwd=tree, capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return TIMEOUT, None
    finally:
        target.write_text(source, encoding="utf-8")
    if proc.returncode == 0:
        return SURVIVED, None
    return KILLED, _junit_failure(report)


def _junit_failure(report: Path) -> str | None:
    import xml.etree.ElementTree as ET

    if not report.exists():
        return None
    for case in ET.parse(report).iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            cls, name = case.get("classname", ""), case.get("name", "")
            parts = cls.split(".")
            # classname "tests.test_x.Class" -> tests/test_x.py::Class::name
            for i in range(len(parts), 0, -1):
                if (ROOT / Path(*parts[:i])).with_suffix(".py").exists():
                    return "::".join([str(Path(*parts[:i])) + ".py", *parts[i:], name])
    return None


# ---------------------------------------------------------------- the record

def load_record() -> dict:
    """The verdicts (written by runs) and the equivalent mutants (written by people,
    in a file of their own: ``--equivalent``)."""
    record = json.loads(RECORD.read_text(encoding="utf-8")) if RECORD.exists() else {"modules": {}}
    record["equivalent"] = json.loads(EQUIVALENT.read_text(encoding="utf-8")) if EQUIVALENT.exists() else {}
    return record


def mark_equivalent(module: str, key: str, why: str) -> None:
    """Enter a mutant as equivalent, with the reason, bound to its function's code."""
    if not (ROOT / module).is_file():
        raise SystemExit(f"--equivalent: no module {module} (see --list)")
    m = next((m for m in mut.mutants((ROOT / module).read_text(encoding="utf-8")) if m.key == key), None)
    if m is None:
        raise SystemExit(f"--equivalent: {module} has no mutant {key}")
    known = json.loads(EQUIVALENT.read_text(encoding="utf-8")) if EQUIVALENT.exists() else {}
    known.setdefault(module, {})[key] = {"fn": m.fn_hash, "desc": f"line {m.line}: {m.desc}", "why": why}
    EQUIVALENT.write_text(json.dumps(known, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def save_record(record: dict, module: str) -> None:
    """Write ``module``'s verdicts into the record: the rest are read again from the
    file, so two runs of other modules at once (or a merge of the record meanwhile)
    keep each other's verdicts."""
    import fcntl

    BUILD.mkdir(parents=True, exist_ok=True)
    with open(BUILD / "record.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        modules = json.loads(RECORD.read_text(encoding="utf-8"))["modules"] if RECORD.exists() else {}
        if module in record["modules"]:
            modules[module] = record["modules"][module]
        else:
            modules.pop(module, None)
        tmp = RECORD.with_suffix(".tmp")
        tmp.write_text(json.dumps({"modules": modules}, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        os.replace(tmp, RECORD)


def _still_valid(entry: list, m: mut.Mutant, th: str) -> bool:
    """entry = [fn_hash, verdict, killing test or None, hash it rests on]."""
    fn_hash, verdict, by, rests_on = entry
    if fn_hash != m.fn_hash:
        return False
    if verdict == KILLED and by:
        path = by.split("::")[0]
        return (ROOT / path).exists() and file_hash(path) == rests_on
    return rests_on == th


def _verdicts(record: dict, module: str, source: str) -> dict[str, list]:
    return {m.key: e for m in mut.mutants(source)
            if (e := record["modules"].get(module, {}).get(m.key)) and e[0] == m.fn_hash}


def _shared_fixtures(item) -> bool:
    """Whether a test needs a fixture shared by other tests (session, module or class
    scope). Its time in the coverage run leaves out that fixture's set-up when another
    test made it first, but a mutant's child makes every such fixture anew: these go
    last."""
    if item is None:
        return True
    defs = getattr(getattr(item, "_fixtureinfo", None), "name2fixturedefs", {})
    return any(d and d[-1].scope != "function" for d in defs.values())


def _spawns(test: str) -> bool:
    """Whether a test's file starts processes of its own (they import the module from
    disk, where the forked child's swap cannot reach): its survivors are run fresh."""
    path = ROOT / test.split("::")[0]
    if path not in _SPAWNS:
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        _SPAWNS[path] = any(w in text for w in ("subprocess", "multiprocessing", "ProcessPool", "--workers"))
    return _SPAWNS[path]


_SPAWNS: dict[Path, bool] = {}


def run_module(items: dict, module: str, record: dict, th: str, info: dict, tree: Path | None, deadline: float,
               verify: bool = True, before_fork: set[int] | None = None, redo: bool = True) -> Path | None:
    """Decide the module's mutants not decided yet. ``before_fork``: the module's lines
    the session executed before it forked any child (imports, collection, the session
    fixtures), None when unknown: a fork survivor whose statement none of them is was
    run exactly as a fresh process would run it (nothing made before the fork went
    through the mutated code), so it is not run again. ``redo``: also the mutants
    decided before their tests changed (False: only those with no verdict on their
    function as it is, the first pass of a run)."""
    path = ROOT / module
    source = path.read_text(encoding="utf-8")
    name = module.removesuffix(".py").replace("/", ".")
    entries = record["modules"].setdefault(module, {})
    all_mutants = mut.mutants(source)
    keys = {m.key for m in all_mutants}
    for k in [k for k in entries if k not in keys]:
        del entries[k]
    lines = {int(n): ts for n, ts in info["lines"].get(module, {}).items()}
    durations = {t: v["duration"] for t, v in info["tests"].items() if v["passed"]}
    equivalent = _equivalent(record, module, all_mutants)
    todo = [m for m in all_mutants
            if m.key not in equivalent and not (m.key in entries and _still_valid(entries[m.key], m, th))
            and (redo or not _decided_before(entries.get(m.key), m))]
    done = 0
    for m in todo:
        if time.time() > deadline:
            print(f"  {module}: stopped at the time budget, {len(todo) - done} mutants left", flush=True)
            break
        started = time.time()
        # the tests that execute the mutated statement: no other can see the change
        reach = {t for n in range(m.span[0], m.span[1] + 1) for t in lines.get(n, ()) if t in durations}
        tests = sorted(reach, key=lambda t: (_shared_fixtures(items.get(t)), durations[t], t))
        fresh = False
        if not tests:
            entries[m.key] = [m.fn_hash, NO_TESTS, None, th]
        else:
            # a test's limit: ten times its time in the coverage run, and a margin for
            # the shared fixtures it may make anew
            limits = {t: int(10 * durations[t]) + 20 for t in tests}
            timeout = sum(limits.values())
            got = run_forked(items, name, path, source, m, tests, limits)
            again = verify and (before_fork is None or any(n in before_fork for n in range(m.span[0], m.span[1] + 1))
                                or any(_spawns(t) for t in tests))
            fresh = got is None or (got[0] == SURVIVED and again)
            if fresh:
                tree = tree or _scratch_tree()
                got = run_fresh(tree, module, source, m, tests, timeout + 30)
            verdict, by = got
            rests_on = file_hash(by.split("::")[0]) if verdict == KILLED and by else th
            entries[m.key] = [m.fn_hash, verdict, by, rests_on]
        with open(BUILD / "mutants.log", "a", encoding="utf-8") as log:
            how = " (then fresh)" if fresh else ""
            log.write(f"{module} {m.key} {entries[m.key][1]}{how} {len(tests)} tests {time.time() - started:.1f}s\n")
        done += 1
        save_record(record, module)  # a stopped run loses nothing
    save_record(record, module)
    return tree


def _decided_before(entry: list | None, m: mut.Mutant) -> bool:
    """A verdict on this very function that rests on tests changed since: run again,
    but after every mutant never decided (most verdicts stand: a survivor takes the
    longest, each test that reaches it run, and a kill is mostly confirmed)."""
    return entry is not None and entry[0] == m.fn_hash


def _equivalent(record: dict, module: str, all_mutants: list[mut.Mutant]) -> set[str]:
    """The mutants entered as equivalent whose function has not changed since."""
    hashes = {m.key: m.fn_hash for m in all_mutants}
    return {k for k, e in record["equivalent"].get(module, {}).items() if hashes.get(k) == e["fn"]}


def summary(record: dict, module: str) -> dict:
    """Counts of one module's mutants by verdict, equivalent ones apart."""
    source = (ROOT / module).read_text(encoding="utf-8")
    all_mutants = mut.mutants(source)
    entries = _verdicts(record, module, source)
    equivalent = _equivalent(record, module, all_mutants)
    killed = sum(1 for k, e in entries.items() if e[1] in (KILLED, TIMEOUT) and k not in equivalent)
    survived = sorted((k for k, e in entries.items() if e[1] in (SURVIVED, NO_TESTS) and k not in equivalent),
                      key=lambda k: (k.split("#")[0], int(k.split("#")[1])))
    return {"module": module, "mutants": len(all_mutants), "checked": len(set(entries) | equivalent),
            "killed": killed, "equivalent": len(equivalent), "survived": survived}


def score_text(s: dict) -> str:
    counted = s["killed"] + len(s["survived"])
    return f"{100.0 * s['killed'] / counted:.1f}%" if counted else "-"


def line(s: dict) -> str:
    left = s["mutants"] - s["checked"]
    extra = f", {left} not checked" if left else ""
    return (f"{s['module']}: {s['killed']} killed, {len(s['survived'])} survived, {s['equivalent']} equivalent"
            f" ({score_text(s)}){extra}")


def _module_path(name: str) -> str:
    """A module as the table writes it (``scoring/compile.py``) or as a path
    (``mjdsl/scoring/compile.py``): the path. Anything else is left as written."""
    if not (ROOT / name).is_file() and (ROOT / "mjdsl" / name).is_file():
        return f"mjdsl/{name}"
    return name


def show(record: dict, module: str, key: str | None) -> str:
    source = (ROOT / module).read_text(encoding="utf-8")
    wanted = [key] if key else summary(record, module)["survived"]
    by_key = {m.key: m for m in mut.mutants(source)}
    verdicts = _verdicts(record, module, source)
    plain = ast_unparse_lines(source)
    out = []
    for k in wanted:
        m = by_key[k]
        diff = difflib.unified_diff(plain, (mut.mutated_source(source, m) + "\n").splitlines(True), n=1)
        verdict = verdicts.get(k, [None, "not run"])[1]
        out.append(f"## {module} {k} (line {m.line}): {m.desc} [{verdict}]\n" + "".join(list(diff)[2:]))
    return "\n".join(out)


def ast_unparse_lines(source: str) -> list[str]:
    import ast

    return (ast.unparse(ast.parse(source)) + "\n").splitlines(True)


# ---------------------------------------------------------------- the table in docs/testing.md

START, END = "<!-- mutation-table: tools/mutate.py --table writes this -->", "<!-- mutation-table end -->"


def table(record: dict) -> str:
    rows = ["| module | mutants | checked | killed | equivalent | survived | score |", "|---|---|---|---|---|---|---|"]
    for module in modules():
        s = summary(record, module)
        name = module.removeprefix("mjdsl/")
        if not s["checked"]:
            rows.append(f"| `{name}` | {s['mutants']} | not run | | | | |")
            continue
        partial = "" if s["checked"] == s["mutants"] else " (partial)"
        rows.append(f"| `{name}` | {s['mutants']} | {s['checked']}{partial} | {s['killed']} | {s['equivalent']}"
                    f" | {len(s['survived'])} | {score_text(s)} |")
    eq, lapsed = [], []
    for module, entries in sorted(record["equivalent"].items()):
        path = ROOT / module
        hashes = {m.key: m.fn_hash for m in mut.mutants(path.read_text(encoding="utf-8"))} if path.exists() else {}
        for k, e in sorted(entries.items(), key=lambda kv: (kv[0].split("#")[0], int(kv[0].split("#")[1]))):
            entry = f"- `{module.removeprefix('mjdsl/')}` `{k}` ({e['desc']}): {e['why']}"
            # an entry whose function changed since lapses: it is not left out of the score
            (eq if hashes.get(k) == e["fn"] else lapsed).append(entry)
    text = "\n".join(rows) + "\n\nEquivalent mutants (left out of the score):\n\n" + ("\n".join(eq) or "- none yet")
    if lapsed:
        text += ("\n\nLapsed entries (their function changed since: counted by their new verdict until"
                 " triaged again; the key may now name another mutant):\n\n" + "\n".join(lapsed))
    return text


def write_table(record: dict) -> None:
    text = DOC.read_text(encoding="utf-8")
    head, _, rest = text.partition(START)
    _, _, tail = rest.partition(END)
    DOC.write_text(f"{head}{START}\n{table(record)}\n{END}{tail}", encoding="utf-8")


class _Driver:
    """A pytest plugin: once the tests are collected, hand them to ``work`` instead of
    running them (the mutants' children run them). ``cov``, started before the session
    and stopped here, before the first fork: which lines of the modules ran in the
    parent (``work``'s second argument)."""

    def __init__(self, work, cov=None):
        self.work, self.cov = work, cov

    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session):
        _make_session_fixtures(session)
        _warm()
        before: dict[str, set[int]] | None = None
        if self.cov is not None:
            self.cov.stop()
            data = self.cov.get_data()
            before = {str(Path(f).resolve().relative_to(ROOT)): set(data.lines(f) or ())
                      for f in data.measured_files()}
        self.work({item.nodeid: item for item in session.items}, before)
        return True


#: compiled once in the session, before any fork, so that each mutant's child finds the
#: package's own content-keyed caches full (the Club card compiled for american.mj:
#: two of the five seconds a kill took)
WARM = ("rulesets/*.mj",)


def _warm() -> None:
    """Fill the package's caches that tests would fill in every child. What this runs
    is in the parent's coverage, so a survivor whose statement it ran is run fresh."""
    from mjdsl.frontend.compile import compile_ruleset

    for pattern in WARM:
        for path in sorted(ROOT.glob(pattern)):
            try:
                compile_ruleset(path)
            except Exception:  # noqa: BLE001 (a ruleset a mutant breaks, or one that needs options)
                pass


def _make_session_fixtures(session) -> None:
    """Set up every session-scoped fixture once, here, so that no mutant's child makes
    one again (the Club card compiled: seconds each time). Such a value is made by the
    code before any mutation: a mutant in what makes it goes unseen by the fork, and
    is decided by the fresh process run every fork survivor gets."""
    state, made = session._setupstate, set()
    for item in session.items:
        defs = item._fixtureinfo.name2fixturedefs
        wanted = {n for n, d in defs.items() if d and d[-1].scope == "session"} - made
        if not wanted:
            continue
        try:
            state.setup(item)
        except Exception:  # a fixture that fails here fails in the child too
            pass
        try:
            state.teardown_exact(session)  # everything but the session's own
        except BaseException:  # noqa: BLE001 (tmp_path, say, reads what a report would have left)
            pass
        item._initrequest()
        made |= wanted


def _parent_coverage(chosen: list[str]):
    """Line coverage of the chosen modules in this process, from before the package is
    imported until the first fork (None without coverage.py: every fork survivor is
    then run fresh)."""
    try:
        import coverage
    except ImportError:
        return None
    cov = coverage.Coverage(data_file=None, include=[str(ROOT / m) for m in chosen])
    cov.start()
    return cov


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("modules", nargs="*", help="modules to mutate (default: every module the target covers)")
    ap.add_argument("--list", action="store_true", help="list the modules and their test files, and stop")
    ap.add_argument("--show", action="store_true", help="show a module's survivors (or MODULE KEY) as diffs")
    ap.add_argument("--table", action="store_true", help="rewrite the score table in docs/testing.md")
    ap.add_argument("--equivalent", nargs=3, metavar=("MODULE", "KEY", "WHY"),
                    help="enter a surviving mutant as equivalent, and why")
    ap.add_argument("--budget", type=float, default=0, help="stop after this many seconds (0: no limit)")
    ap.add_argument("--reuse-stats", action="store_true",
                    help="choose tests by the last coverage run, with only the test files changed since run again"
                         " (a change to mjdsl/ since then is not seen)")
    ap.add_argument("--no-verify", action="store_true", help="trust the forked run's survivors")
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--stats-to"]:  # the coverage run, in a process of its own
        targets, files = argv[2:argv.index("--")], argv[argv.index("--") + 1:]
        return _stats_child(argv[1], files, targets)
    args = ap.parse_args(argv)
    # "scoring/compile.py", as the table names it, is mjdsl/scoring/compile.py
    args.modules = [_module_path(m) for m in args.modules]
    if args.equivalent:
        args.equivalent[0] = _module_path(args.equivalent[0])
        mark_equivalent(*args.equivalent)
        return 0
    record = load_record()
    if args.show:
        if not args.modules or not (ROOT / args.modules[0]).is_file():
            print(f"--show: no module {' '.join(args.modules[:1]) or 'named'} (see --list)", file=sys.stderr)
            return 2
        module, key = args.modules[0], (args.modules[1] if len(args.modules) > 1 else None)
        try:
            print(show(record, module, key))
        except KeyError:
            print(f"--show: {module} has no mutant {key}", file=sys.stderr)
            return 2
        return 0
    if args.table:
        write_table(record)
        return 0
    chosen = args.modules or modules()
    unknown = [m for m in chosen if str(Path(m).parent) not in TESTS or not (ROOT / m).is_file()]
    if unknown:
        print(f"not a module the target covers: {', '.join(unknown)} (see --list)", file=sys.stderr)
        return 2
    if args.list:
        for m in chosen:
            print(f"{m}: {' '.join(tests_for(m))}")
        return 0
    folders = sorted({str(Path(m).parent) for m in chosen})
    # the budget counts from here: a coverage run (or refresh) spends it too
    deadline = time.time() + args.budget if args.budget else float("inf")
    info: dict = {"tests": {}, "lines": {}}
    for folder in folders:
        part = stats(folder, args.reuse_stats)
        if part["exit"] not in (0, 1):
            print(f"{folder}'s tests did not run (pytest exit {part['exit']})", file=sys.stderr)
            return 2
        info["tests"].update(part["tests"])
        info["lines"].update(part["lines"])
    files = sorted({f for folder in folders for f in TESTS[folder]})
    th = tests_hash()

    def work(items: dict, before: dict[str, set[int]] | None) -> None:
        tree = None
        # two passes over the modules: first the mutants never decided, then those
        # whose tests changed since their verdict (so a budget reaches every module)
        for redo in (False, True):
            for m in chosen:
                tree = run_module(items, m, record, th, info, tree, deadline, verify=not args.no_verify,
                                  before_fork=None if before is None else before.get(m, set()), redo=redo)
                if redo:
                    print(line(summary(record, m)), flush=True)

    _steady_hypothesis()
    cov = _parent_coverage(chosen)
    # one session collects the tests; each mutant's child runs some of its items
    pytest.main([*files, *PYTEST_ARGS[1:], "-s"], plugins=[_Driver(work, cov)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
