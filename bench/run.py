"""Run every benchmark in bench/ and print the results, one section per module.

A benchmark is a ``bench/NAME_bench.py`` with ``run() -> dict``; this runner finds
them all (new ones need no registration). A module that also has ``table(results)``
prints its own table; otherwise the dict is printed as indented ``key: value``
lines. A benchmark that fails is reported and the others still run (exit 1). Figures
a benchmark gives with their peer (``"peers"``, bench/peers.py) are printed again at the
end, all in one table: each with its peer, the ratio and the target.

    .venv/bin/python bench/run.py                  # all of them (make bench)
    .venv/bin/python bench/run.py language cards   # only these
    .venv/bin/python bench/run.py --json           # one JSON document
"""

from __future__ import annotations

import os

# Benchmarks are single-core numbers: hold BLAS to one thread before numpy loads.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import importlib.util  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import traceback  # noqa: E402
from pathlib import Path  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))


def bench_modules() -> dict[str, Path]:
    """name -> file, for every bench/NAME_bench.py."""
    return {p.stem[: -len("_bench")]: p for p in sorted(HERE.glob("*_bench.py"))}


def load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def lines(value, indent: int = 2) -> list[str]:
    """A results dict as indented key: value lines."""
    out = []
    for key, v in value.items():
        if key == "peers":
            continue  # printed at the end, in the table of peers
        if isinstance(v, dict):
            out.append(" " * indent + f"{key}:")
            out.extend(lines(v, indent + 2))
        else:
            out.append(" " * indent + f"{key}: {v}")
    return out


def main(argv: list[str]) -> int:
    as_json = "--json" in argv
    wanted = [a for a in argv if not a.startswith("-")]
    modules = bench_modules()
    unknown = [w for w in wanted if w not in modules]
    if unknown:
        print(f"no such benchmark: {', '.join(unknown)} (have: {', '.join(modules)})", file=sys.stderr)
        return 2
    results: dict[str, dict] = {}
    failed = False
    from mjdsl.native import build

    # which engine the figures are of: compiled (make compiled) or pure Python
    results["engine"] = {"build": build()}
    if not as_json:
        print(f"== engine: {build()}\n")
    for name, path in modules.items():
        if wanted and name not in wanted:
            continue
        t0 = time.perf_counter()
        try:
            module = load(name, path)
            result = module.run()
        except Exception:  # one broken benchmark must not hide the others' numbers
            failed = True
            results[name] = {"error": traceback.format_exc(limit=3)}
            if not as_json:
                print(f"== {name} ({path.name}): FAILED\n{results[name]['error']}")
            continue
        results[name] = result
        if not as_json:
            print(f"== {name} ({path.name}, {time.perf_counter() - t0:.1f} s)")
            table = getattr(module, "table", None)
            print(table(result) if callable(table) else "\n".join(lines(result)))
            print()
    rows = [row for r in results.values() if isinstance(r, dict) for row in r.get("peers", ())]
    if rows and not as_json:
        from peers import table as peer_table

        print("== every figure beside its peer (same run)")
        print(peer_table(rows))
    if as_json:
        print(json.dumps({"version": 1, "benchmarks": results}, indent=2, default=str))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
