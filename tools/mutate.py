"""Mutation testing (``make mutate``): how many small faults in a module the tests catch.

mutmut plants one fault at a time (a flipped comparison, an off-by-one constant, a
dropped call...) and runs the tests that reach the faulty function; a fault the tests
do not notice "survives". Each module runs in its own scratch copy of the repository
(build/mutate/<module>/) with the tests that cover it, so runs stay small and one
module's results never mix with another's. Not part of CI: a run takes minutes per
module on an idle machine, and the machine is shared (run it under ``nice``).

    python tools/mutate.py                      every module of engine/, scoring/, cards/, check/
    python tools/mutate.py mjdsl/cards/distance.py [...]   those modules only
    python tools/mutate.py --list               the modules and the tests each runs
    python tools/mutate.py --again MODULE...    the last survivors again, with the tests as they are now

Prints one line per module (killed / mutants, score) and writes the survivors of each
to build/mutate/<module>/survivors.txt (``mutmut show NAME`` in that folder shows one).
Timeouts count as killed, "no tests" as survived. docs/testing.md keeps the last score
and the triage of the survivors (equivalent mutants, listed, are left out of the score).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build" / "mutate"
COPIED = ("mjdsl", "tests", "rulesets", "examples", "docs", "bench", "pyproject.toml", "README.md")

ENGINE_TESTS = ("tests/test_engine_scenarios.py", "tests/test_engine_classical.py",
                "tests/test_engine_american.py", "tests/test_engine_winning.py")
SCORING_TESTS = ("tests/test_scoring_rules.py", "tests/test_scoring_library.py", "tests/test_scoring_language.py",
                 "tests/test_scoring_golden.py", "tests/test_engine_scenarios.py")
CARDS_TESTS = ("tests/test_cards_distance.py", "tests/test_cards_hint.py", "tests/test_cards_club.py",
               "tests/test_cards_check.py", "tests/test_cards_properties.py", "tests/test_cards_syntax.py",
               "tests/test_engine_winning.py")
CHECK_TESTS = ("tests/test_checks_broken.py", "tests/test_checks_regressions.py", "tests/test_checks_overlays.py",
               "tests/test_authoring_lint.py")

#: the tests that cover each folder (a module of it runs these)
TESTS = {"mjdsl/engine": ENGINE_TESTS, "mjdsl/scoring": SCORING_TESTS, "mjdsl/cards": CARDS_TESTS,
         "mjdsl/check": CHECK_TESTS}

#: where a mutant's status comes from (mutmut's exit codes; see mutmut.stats)
KILLED = {1, 3, 36, 24, -24, 152, 255, 37}


def modules() -> list[str]:
    out = []
    for folder in TESTS:
        out += sorted(str(p.relative_to(ROOT)) for p in (ROOT / folder).glob("*.py") if p.name != "__init__.py")
    return out


def tests_for(module: str) -> tuple[str, ...]:
    return TESTS[str(Path(module).parent)]


def _scratch_dir(module: str) -> Path:
    return BUILD / module.replace("/", ".").removesuffix(".py")


def _scratch(module: str) -> Path:
    """A fresh copy of the repository for one module's run, configured for mutmut."""
    where = _scratch_dir(module)
    shutil.rmtree(where, ignore_errors=True)
    where.mkdir(parents=True)
    for name in COPIED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, where / name, ignore=shutil.ignore_patterns("__pycache__", ".hypothesis"))
        elif src.exists():
            shutil.copy2(src, where / name)
    _configure(where, module)
    return where


def _configure(where: Path, module: str) -> None:
    """mutmut's settings for one module (it reads setup.cfg when pyproject.toml has no
    [tool.mutmut]): the module, the tests that cover it, what the tests read."""
    tests = "\n    ".join(tests_for(module))
    (where / "setup.cfg").write_text(
        "[mutmut]\n"
        "source_paths = mjdsl\n"
        f"only_mutate = {module}\n"
        f"pytest_add_cli_args_test_selection =\n    {tests}\n"
        "also_copy =\n    rulesets\n    examples\n    docs\n    bench\n    README.md\n"
        "pytest_add_cli_args =\n    -p no:cacheprovider\n    -x\n",
        encoding="utf-8")


def _codes(where: Path, module: str) -> dict:
    """mutmut's exit code for each mutant of the module (None: not run yet)."""
    meta = where / "mutants" / (module + ".meta")
    return json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"] if meta.exists() else {}


def _summary(module: str, codes: dict) -> dict:
    killed = sorted(k for k, c in codes.items() if c in KILLED)
    survived = sorted(k for k, c in codes.items() if c not in KILLED and c is not None)
    unchecked = sorted(k for k, c in codes.items() if c is None)
    return {"module": module, "mutants": len(codes), "killed": len(killed), "survived": survived,
            "unchecked": unchecked}


def score(where: Path, module: str) -> dict:
    """Counts by status, and the names of the mutants that survived."""
    return _summary(module, _codes(where, module))


def run(module: str, children: int) -> dict:
    where = _scratch(module)
    proc = subprocess.run([sys.executable, "-m", "mutmut", "run", "--max-children", str(children)], cwd=where,
                          capture_output=True, text=True)
    (where / "mutmut.log").write_text(proc.stdout + proc.stderr, encoding="utf-8")
    result = score(where, module)
    (where / "survivors.txt").write_text("".join(f"{n}\n" for n in result["survived"]), encoding="utf-8")
    return result


def again(module: str, children: int, source: bool = False, unchecked: bool = True) -> dict:
    """Run the last run's survivors once more, with the tests as they are now. A
    mutant killed before stays killed: tests are only ever added. With ``source`` the
    code is refreshed too (mutmut makes the mutants of changed functions anew, and
    those are run as well); without it the mutants stay those of the last full run.
    Without ``unchecked``, mutants the last run never reached (stopped early) stay
    unchecked: only its survivors run (quick, after adding the tests that kill them)."""
    where = _scratch_dir(module)
    before = _codes(where, module)
    for name in ("tests", "mjdsl") if source else ("tests",):
        for dest in (where / name, where / "mutants" / name):
            shutil.rmtree(dest, ignore_errors=True)
            shutil.copytree(ROOT / name, dest, ignore=shutil.ignore_patterns("__pycache__", ".hypothesis"))
    _configure(where, module)
    survived = [k for k, c in before.items() if c not in KILLED and (unchecked or c is not None)]
    log = []
    for _ in range(2):  # the survivors; then those a refreshed source made anew
        if not survived:
            break
        proc = subprocess.run([sys.executable, "-m", "mutmut", "run", "--max-children", str(children), *survived],
                              cwd=where, capture_output=True, text=True)
        log.append(proc.stdout + proc.stderr)
        # (a new test selection makes mutmut forget every verdict: those it gave before stand)
        survived = [k for k, c in _codes(where, module).items() if c is None and before.get(k) not in KILLED
                    and (unchecked or k not in before or before[k] is not None)]
    (where / "mutmut-again.log").write_text("\n".join(log), encoding="utf-8")
    now = _codes(where, module)
    merged = {k: (c if c is not None else before.get(k)) for k, c in now.items()}
    (where / "merged.json").write_text(json.dumps(merged, indent=0), encoding="utf-8")
    result = _summary(module, merged)
    (where / "survivors.txt").write_text("".join(f"{n}\n" for n in result["survived"]), encoding="utf-8")
    return result


def line(r: dict) -> str:
    checked = r["killed"] + len(r["survived"])
    pct = 100.0 * r["killed"] / checked if checked else 0.0
    extra = f", {len(r['unchecked'])} not checked" if r["unchecked"] else ""
    return f"{r['module']}: {r['killed']}/{checked} killed ({pct:.1f}%){extra}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("modules", nargs="*", help="modules to mutate (default: every module the target covers)")
    ap.add_argument("--children", type=int, default=1, help="mutants tested at once (default 1: a shared machine)")
    ap.add_argument("--list", action="store_true", help="list the modules and their tests, and stop")
    ap.add_argument("--again", action="store_true",
                    help="run the last run's survivors again with the current tests (after adding tests)")
    ap.add_argument("--source", action="store_true", help="with --again: refresh the code as well")
    ap.add_argument("--skip-unchecked", action="store_true",
                    help="with --again: run only the survivors, not the mutants a stopped run never reached")
    args = ap.parse_args(argv)
    chosen = args.modules or modules()
    unknown = [m for m in chosen if str(Path(m).parent) not in TESTS or not (ROOT / m).is_file()]
    if unknown:
        print(f"not a module the target covers: {', '.join(unknown)} (see --list)", file=sys.stderr)
        return 2
    if args.list:
        for m in chosen:
            print(f"{m}: {' '.join(tests_for(m))}")
        return 0
    for m in chosen:
        print(line(again(m, args.children, args.source, not args.skip_unchecked) if args.again else run(m, args.children)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
