"""Bounded memory: ``mjdsl simulate`` streams its hands into a tally, so its peak memory
does not grow with the number of hands. Measured as the peak resident size (ru_maxrss)
of a fresh ``mjdsl simulate`` process at N and 10 x N hands (classical, random bots),
beside its peer: the same hands kept as records in a list, as ``simulate`` did before
issue 12 (about 2.7 kB a hand).

Target (issue 12): 1,000,000 hands under 200 MB. The figure extrapolates the growth
per hand measured here to a million hands; ``MJDSL_MEMORY_HANDS`` sets N (default 300).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from peers import peer

ROOT = Path(__file__).resolve().parent.parent
RULESET = str(ROOT / "rulesets" / "classical.mj")

_STREAM = """
import resource, sys
from mjdsl.cli import main
import contextlib, io
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    main(["simulate", {ruleset!r}, "--games", "{n}", "--bots", "random", "--json"])
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""

_KEEP = """
import resource
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.engine.simulate import sessions
auto = compile_ruleset({ruleset!r})
kept = list(sessions(auto, {ruleset!r}, [], ["random"] * 4, "1", {n}))
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def _peak_kb(template: str, n: int) -> int:
    out = subprocess.run([sys.executable, "-c", template.format(ruleset=RULESET, n=n)], capture_output=True,
                         text=True, check=True, cwd=ROOT)
    return int(out.stdout.strip().splitlines()[-1])


def run() -> dict:
    n = int(os.environ.get("MJDSL_MEMORY_HANDS", "300"))
    stream = {h: _peak_kb(_STREAM, h) for h in (n, 10 * n)}
    keep = {h: _peak_kb(_KEEP, h) for h in (n, 10 * n)}
    per_hand = {name: max(0.0, (m[10 * n] - m[n]) / (9 * n)) for name, m in (("stream", stream), ("keep", keep))}
    million_mb = {name: round((m[n] + per_hand[name] * (1_000_000 - n)) / 1024, 1)
                  for name, m in (("stream", stream), ("keep", keep))}
    return {
        "hands": [n, 10 * n],
        "simulate (streamed), peak kB": stream,
        "records kept, peak kB": keep,
        "growth, kB a hand": {k: round(v, 3) for k, v in per_hand.items()},
        "1,000,000 hands, MB (extrapolated)": million_mb,
        "peers": [
            peer("simulate: peak MB at 1,000,000 hands (extrap.)", million_mb["stream"], "MB",
                 "every record kept (before)", million_mb["keep"], "< 200 MB", million_mb["stream"] < 200),
            peer(f"simulate: growth from {n} to {10 * n} hands", round(per_hand["stream"], 3), "kB",
                 "every record kept, kB a hand", round(per_hand["keep"], 3)),
        ],
    }


if __name__ == "__main__":
    print(json.dumps(run(), indent=1))
