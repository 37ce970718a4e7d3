"""Benchmark: how long `mjdsl check` takes on each shipped ruleset.

``run()`` returns, for every ``rulesets/*.mj``:

- ``cold_ms``: a fresh Python process importing mjdsl and checking the file once
  (grammar load from Lark's cache included, interpreter start-up excluded), median of
  three processes; ``process_ms`` is the whole process, start-up included;
- ``warm_ms``: the same check repeated in one process, median (what an editor
  integration or a test suite pays per file);
- the warm parts: ``parse_ms`` (the file's own text to a Program), ``load_ms``
  (parsing it with its includes and base, merging), ``checks_ms`` (run_checks: the
  MJ2xx checks and MJ3xx lints) and ``cards_ms`` (the card checks of a ruleset that
  plays a card).

The target (issue: Language core) is ``warm_ms`` under 50 for rulesets/american.mj
with its card. ``python bench/language_bench.py`` prints a table.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULESETS = sorted((ROOT / "rulesets").glob("*.mj"))
TARGET_WARM_MS = {"american.mj": 50.0}

_COLD = """
import time
t0 = time.perf_counter()
from mjdsl.frontend.checked import check_file
checked = check_file({path!r})
print((time.perf_counter() - t0) * 1000, len(checked.errors))
"""


def _median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def cold(path: Path, runs: int = 3) -> tuple[float, float]:
    """(in-process ms, whole-process ms), medians over fresh processes."""
    inner, whole = [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", _COLD.format(path=str(path))], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout.split()
        whole.append((time.perf_counter() - t0) * 1000)
        inner.append(float(out[0]))
    return statistics.median(inner), statistics.median(whole)


def warm(path: Path, repeat: int = 15) -> dict:
    from mjdsl.check import run_checks
    from mjdsl.frontend.checked import check_file
    from mjdsl.frontend.load import load
    from mjdsl.source import Source
    from mjdsl.syntax.parse import parse_source

    source = Source(str(path), path.read_text(encoding="utf-8"))
    check_file(path)  # first use: grammar, card compiled, caches filled
    loaded = load(path)
    ctx, _ = run_checks(loaded.ruleset)
    parts = {
        "parse_ms": _median_ms(lambda: parse_source(source), repeat),
        "load_ms": _median_ms(lambda: load(path), repeat),
        "checks_ms": _median_ms(lambda: run_checks(loaded.ruleset), repeat),
    }
    try:
        from mjdsl.check.cards import check_cards
    except ImportError:  # the card checks are wired in once the card library exists
        parts["cards_ms"] = 0.0
    else:
        parts["cards_ms"] = _median_ms(lambda: check_cards(ctx), repeat)
    parts["warm_ms"] = _median_ms(lambda: check_file(path), repeat)
    parts["errors"] = len(check_file(path).errors)
    return parts


def run() -> dict:
    out = {}
    for path in RULESETS:
        row = warm(path)
        row["cold_ms"], row["process_ms"] = cold(path)
        target = TARGET_WARM_MS.get(path.name)
        if target is not None:
            row["target_warm_ms"] = target
            row["meets_target"] = row["warm_ms"] <= target
        out[path.name] = {k: round(v, 1) if isinstance(v, float) else v for k, v in row.items()}
    return out


COLUMNS = ("warm_ms", "parse_ms", "load_ms", "checks_ms", "cards_ms", "cold_ms", "process_ms", "errors")


def table(results: dict) -> str:
    """The results as a fixed-width table, one ruleset a row."""
    width = max(len(n) for n in results) + 2
    lines = ["ruleset".ljust(width) + "".join(c.rjust(12) for c in COLUMNS)]
    for name, row in results.items():
        cells = "".join(str(row.get(c, "")).rjust(12) for c in COLUMNS)
        note = ""
        if "target_warm_ms" in row:
            note = f"   target warm < {row['target_warm_ms']:g} ms: {'met' if row['meets_target'] else 'NOT met'}"
        lines.append(name.ljust(width) + cells + note)
    return "\n".join(lines)


if __name__ == "__main__":
    results = run()
    print(table(results))
    if "--json" in sys.argv:
        print(json.dumps(results, indent=2))
