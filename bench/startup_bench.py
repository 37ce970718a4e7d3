"""Start-up: ``mjdsl --version``, ``--help`` and ``check`` of a small ruleset (and of the
American ruleset, which also reads and compiles its card: no target), the CPU time
(user + system) of a fresh process, median of 7, beside the interpreter's own start
(``python -c pass``).

Targets (issue 12): --version and --help under 0.15 s, check under 0.4 s, on an idle
machine, where a process's wall time is its CPU time; CPU time is what a busy shared
machine still measures fairly (its wall times are shown too). Byte-code is written and
warm (a first run compiles it), as after an install.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from peers import peer

ROOT = Path(__file__).resolve().parent.parent
RUNS = 7


def _times(argv: list[str]) -> tuple[float, float]:
    """(median CPU seconds, median wall seconds) of a fresh process running ``argv``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(argv, capture_output=True, env=env, cwd=ROOT)  # warm: byte-code written, files cached
    cpu, wall = [], []
    for _ in range(RUNS):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run(argv, capture_output=True, env=env, cwd=ROOT)
        wall.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return round(statistics.median(cpu), 3), round(statistics.median(wall), 3)


COMMANDS = {"mjdsl --version": (["--version"], 0.15), "mjdsl --help": (["--help"], 0.15),
            "mjdsl check rulesets/classical.mj": (["check", "rulesets/classical.mj"], 0.4),
            # no target: a ruleset that plays a card also reads, checks and compiles the card
            "mjdsl check rulesets/american.mj": (["check", "rulesets/american.mj"], None)}


def run() -> dict:
    py = [sys.executable]
    base, base_wall = _times(py + ["-c", "pass"])
    out: dict = {"python -c pass": {"cpu_s": base, "wall_s": base_wall}}
    peers = []
    for name, (args, target) in COMMANDS.items():
        cpu, wall = _times(py + ["-m", "mjdsl.cli", *args])
        out[name] = {"cpu_s": cpu, "wall_s": wall, "target_s": target}
        if target is None:
            peers.append(peer(f"{name} (CPU)", cpu, "s", "python -c pass (CPU)", base))
        else:
            peers.append(peer(f"{name} (CPU)", cpu, "s", "python -c pass (CPU)", base, f"< {target} s", cpu < target))
    # before issue 12, every start imported every command's module, as this does
    before, before_wall = _times(py + ["-c", "from mjdsl.commands import ALL"])
    out["every command imported (before)"] = {"cpu_s": before, "wall_s": before_wall}
    peers.append(peer("mjdsl --version (CPU)", out["mjdsl --version"]["cpu_s"], "s",
                      "every command imported (before)", before))
    out["peers"] = peers
    return out


if __name__ == "__main__":
    print(run())
