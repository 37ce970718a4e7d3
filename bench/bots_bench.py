"""The bots at speed (issue 12): American hands/s in-process with greedy bots and with
each regular (mei, auntie-rose, rafi), one core, and how much of it the bots take.

Target: >= 250 hands/s for each. The peer, measured in the same run, is the same
ruleset with random bots: the interpreter alone, which bounds what any bot can reach.
The bots' share is CPU time inside ``choose`` over the hand's CPU time.
"""

from __future__ import annotations

import time
from pathlib import Path

from peers import peer

ROOT = Path(__file__).resolve().parent.parent
TARGET = 250
LINE_UPS = ("random", "greedy", "mei", "auntie-rose", "rafi")


class _Timed:
    """A bot whose decisions are timed (CPU time of this process)."""

    def __init__(self, bot, spent: list[float]):
        self.bot, self.spent = bot, spent
        self.name = getattr(bot, "name", "bot")
        self.style = getattr(bot, "style", None)

    def choose(self, *args):
        t0 = time.process_time()
        try:
            return self.bot.choose(*args)
        finally:
            self.spent[0] += time.process_time() - t0


def _measure(auto, name: str, hands: int) -> dict:
    from mjdsl.bots import make_bot
    from mjdsl.engine.run import play_session

    spent = [0.0]
    bots = [_Timed(make_bot(name), spent) for _ in range(auto.session_players)]
    play_session(auto, "warmup", bots, 2, digests=False)
    spent[0] = 0.0
    done = i = 0
    start = time.process_time()
    while done < hands:
        done += len(play_session(auto, f"bench:{i}", bots, hands - done, digests=False))
        i += 1
    dt = time.process_time() - start
    return {"hands_per_s": round(done / dt, 1), "bot_share": round(spent[0] / dt, 2),
            "bot_ms_per_hand": round(1000 * spent[0] / done, 1)}


def run() -> dict:
    from mjdsl.frontend.compile import compile_ruleset

    auto = compile_ruleset(ROOT / "rulesets" / "american.mj")
    out: dict = {}
    for name in LINE_UPS:
        # (60 hands of greedy varied by a third between runs of one machine: 400 hold still)
        out[f"american {name}"] = _measure(auto, name, 400 if name in ("random", "greedy") else 100)
    engine = out["american random"]["hands_per_s"]
    out["peers"] = [peer(f"american {name}, in-process", out[f"american {name}"]["hands_per_s"], "h/s",
                         "american random (the interpreter alone)", engine, f">= {TARGET} h/s",
                         out[f"american {name}"]["hands_per_s"] >= TARGET)
                    for name in LINE_UPS[1:]]
    return out


if __name__ == "__main__":
    for k, v in run().items():
        print(f"{k:20s} {v}")
