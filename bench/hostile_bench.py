"""Hostile cards against the budgets: CPU time and peak memory of ``mjdsl check``.

Target (issue 13): ``check`` of any card under 300 lines in under 5 s and 500 MB.
Each case runs ``mjdsl check`` in a fresh process (so the peak memory is that run's)
and reports its CPU seconds (user + system, what the budget is about on a shared
machine) and its peak resident memory. The cases are the worst we know: lines that
expand to thousands of variants (``any run``, ``any wind``, ``any dragon`` at once),
300 such lines, one line of 3,000 ``or`` alternatives, and the Club card for scale.

    .venv/bin/python bench/hostile_bench.py
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WILD = "NN EE 11 222 333 DD - - a b c a · any run or number · any wind · any dragon"
TARGET_SECONDS = 5.0
TARGET_MB = 500


def cases() -> dict[str, str]:
    head = 'card "hostile"\ntiles "american.mj"\n'
    return {
        "club card 2026": (ROOT / "rulesets" / "cards" / "club-2026.card").read_text()
        .replace('tiles "../american.mj"', 'tiles "american.mj"'),
        "4 wild lines (overlap budget)": head + "".join(f"{WILD} {25 + i}\n" for i in range(4)),
        "20 wild lines": head + "".join(f"{WILD} {25 + i}\n" for i in range(20)),
        "299 wild lines": head + "".join(f"{WILD} {25 + i % 50}\n" for i in range(299)),
        "300 plain lines": head + "".join(f"FF {i % 9 + 1}111 2222 3333 - a b c {25 + i % 50}\n".replace(
            f"{i % 9 + 1}111", str(i % 9 + 1) * 4) for i in range(300)),
        "3,000 alternatives": head + " or ".join(["FF 1111 1111 1111 - a b c"] * 3000) + " 25\n",
    }


#: The child: ``mjdsl check`` on the card, then its own peak memory (kB) on stderr's last line.
_CHILD = """
import resource, sys
from mjdsl.cli import main
rc = main(["check", "--format", "concise", sys.argv[1]])
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)
sys.exit(rc)
"""


def measure(text: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "c.card"
        path.write_text(text)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run([sys.executable, "-c", _CHILD, str(path)], capture_output=True, text=True, cwd=ROOT)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    peak_kb = int(done.stderr.strip().splitlines()[-1])
    return {"cpu_s": round(cpu, 2), "peak_mb": round(peak_kb / 1000), "exit": done.returncode,
            "output_kb": round(len(done.stdout) / 1000, 1),
            "codes": sorted({ln.split("[")[1].split("]")[0] for ln in done.stdout.splitlines() if "[MJ" in ln})}


def run() -> dict:
    out = {name: measure(text) for name, text in cases().items()}
    out["within budget"] = all(r["cpu_s"] < TARGET_SECONDS and r["peak_mb"] < TARGET_MB
                               for r in out.values() if isinstance(r, dict))
    return out


def table(results: dict) -> None:
    print(f"{'case':32s} {'cpu s':>6s} {'peak MB':>8s} {'out kB':>7s}  codes")
    for name, r in results.items():
        if isinstance(r, dict):
            print(f"{name:32s} {r['cpu_s']:6.2f} {r['peak_mb']:8d} {r['output_kb']:7.1f}  {' '.join(r['codes'])}")
    print(f"within {TARGET_SECONDS:.0f} s and {TARGET_MB} MB: {results['within budget']}")


if __name__ == "__main__":
    table(run())
