"""Interpreter speed: hands/s and decisions/s with random and greedy bots, one core.

Targets (issue 4, 5): American >= 200 hands/s random and >= 50 greedy, Charleston
included; classical >= 300 hands/s random. classical-bmja is measured without a target
(issue 9: its Standing Hand and calling checks ask, at every discard, whether the hand
is one tile from winning).
"""

from __future__ import annotations

import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _measure(path: Path, bot: str, hands: int) -> dict:
    from mjdsl.bots import make_bot
    from mjdsl.frontend.compile import compile_ruleset
    from mjdsl.engine.run import play_session

    auto = compile_ruleset(path)
    bots = [make_bot(bot) for _ in range(auto.seats)]
    play_session(auto, "warmup", bots, 2, digests=False)
    done = decisions = won = 0
    start = time.process_time()  # CPU time of this process: one core, whatever else runs
    i = 0
    while done < hands:
        for rec in play_session(auto, f"bench:{i}", bots, hands - done, digests=False):
            done += 1
            decisions += rec.decisions
            won += rec.result.get("winner") is not None
        i += 1
    dt = time.process_time() - start
    return {"hands_per_s": round(done / dt, 1), "decisions_per_s": round(decisions / dt), "won_share": round(won / done, 3)}


def run() -> dict:
    out = {}
    targets = {("american", "random"): 200, ("american", "greedy"): 50, ("classical", "random"): 300,
               ("classical-bmja", "random"): None, ("classical-bmja", "greedy"): None}
    for (name, bot), target in targets.items():
        path = ROOT / "rulesets" / f"{name}.mj"
        try:
            m = _measure(path, bot, 200 if bot == "random" else 60)
        except Exception as e:  # a ruleset that can't play yet is reported, not hidden
            out[f"{name} {bot}"] = {"error": repr(e)}
            continue
        if target is not None:
            m["target_hands_per_s"] = target
            m["meets_target"] = m["hands_per_s"] >= target
        out[f"{name} {bot}"] = m
    return out


if __name__ == "__main__":
    for k, v in run().items():
        print(f"{k:20s} {v}")
