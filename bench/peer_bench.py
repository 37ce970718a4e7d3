"""The interpreter beside a hand-written peer: classical mahjong with random players,
mjdsl against RLCard's mahjong (``pip install 'mjdsl[peers]'``), in the same run.

- in-process: ``play_session`` of rulesets/classical.mj with random bots (without the
  state digests only a log reads, as ``simulate`` plays when it writes no log), against
  RLCard's game core (``rlcard.games.mahjong.Game``) choosing uniformly among its legal
  actions; CPU time of this process, the better of interleaved rounds;
- end to end: a fresh ``mjdsl simulate rulesets/classical.mj --bots random --json``
  process, against a fresh process running RLCard's environment with its random
  agents (``rlcard.make("mahjong")``, ``env.run``); the child's CPU time, start-up
  included, the better of interleaved rounds;
- ``classical-bmja.mj`` against ``classical.mj``, the same measure in-process.

Targets (issue 12): >= 6x RLCard in-process, >= 5x end to end; BMJA within 1.2x of
classical. CPU time, not wall time: the machine this runs on is shared, and a
process's CPU time is what it costs on an idle one. ``MJDSL_PEER_HANDS`` sets the
hands a round (default 150).
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

from peers import peer

ROOT = Path(__file__).resolve().parent.parent
ROUNDS = 3

_RLCARD_CORE = """
import random, time
from rlcard.games.mahjong import Game
game = Game()
game.np_random.seed(12)
rng = random.Random(12)
n = {n}
start = time.process_time()
for _ in range(n):
    state, _ = game.init_game()
    while not game.is_over():
        legal = game.get_legal_actions(state)
        state, _ = game.step(legal[rng.randrange(len(legal))])
print(n / (time.process_time() - start))
"""

_RLCARD_ENV = """
import rlcard
from rlcard.agents import RandomAgent
import numpy as np
np.random.seed(12)
env = rlcard.make("mahjong", config={{"seed": 12}})
env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
for _ in range({n}):
    env.run(is_training=False)
"""


def _have_rlcard() -> bool:
    try:
        import rlcard  # noqa: F401
    except ImportError:
        return False
    return True


def _mjdsl_in_process(name: str, hands: int, seed: str) -> float:
    from mjdsl.bots import make_bot
    from mjdsl.engine.run import play_session
    from mjdsl.frontend.compile import compile_ruleset

    auto = compile_ruleset(ROOT / "rulesets" / f"{name}.mj")
    bots = [make_bot("random") for _ in range(auto.session_players)]
    play_session(auto, "warmup", bots, 2, digests=False)
    done = i = 0
    start = time.process_time()
    while done < hands:
        done += len(play_session(auto, f"{seed}:{i}", bots, hands - done, digests=False))
        i += 1
    return done / (time.process_time() - start)


def _child_cpu(argv: list[str]) -> tuple[float, str]:
    """(CPU seconds of a fresh process running ``argv``, its stdout)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime, out.stdout


def run() -> dict:
    hands = int(os.environ.get("MJDSL_PEER_HANDS", "150"))
    py = sys.executable
    out: dict = {"hands a round": hands}
    best: dict[str, float] = {}

    def keep(key: str, value: float) -> None:
        best[key] = max(best.get(key, 0.0), value)

    have = _have_rlcard()
    for r in range(ROUNDS):  # interleaved: a burst of load hits both sides alike
        keep("classical", _mjdsl_in_process("classical", hands, f"peer{r}"))
        keep("classical-bmja", _mjdsl_in_process("classical-bmja", hands, f"peer{r}"))
        cpu, _ = _child_cpu([py, "-m", "mjdsl.cli", "simulate", "rulesets/classical.mj", "--games", str(hands),
                             "--bots", "random", "--seed", f"peer{r}", "--json"])
        keep("simulate", hands / cpu)
        if have:
            _, text = _child_cpu([py, "-c", _RLCARD_CORE.format(n=hands)])
            keep("rlcard core", float(text.strip().splitlines()[-1]))
            cpu, _ = _child_cpu([py, "-c", _RLCARD_ENV.format(n=hands)])
            keep("rlcard env", hands / cpu)
    out["hands/s (CPU, best of rounds)"] = {k: round(v, 1) for k, v in best.items()}
    peers = []
    if have:
        inproc = best["classical"] / best["rlcard core"]
        e2e = best["simulate"] / best["rlcard env"]
        peers.append(peer("classical random, in-process, hands/s", round(best["classical"], 1), "/s",
                          "RLCard mahjong game core", round(best["rlcard core"], 1), ">= 6x", inproc >= 6))
        peers.append(peer("classical random, simulate end to end, hands/s", round(best["simulate"], 1), "/s",
                          "RLCard env.run, random agents", round(best["rlcard env"], 1), ">= 5x", e2e >= 5))
    else:
        out["rlcard"] = "not installed: pip install 'mjdsl[peers]' for the peer's figures"
    ratio = best["classical"] / best["classical-bmja"]
    peers.append(peer("classical-bmja random, in-process, hands/s", round(best["classical-bmja"], 1), "/s",
                      "classical.mj, the same run", round(best["classical"], 1), "within 1.2x", ratio <= 1.2))
    out["peers"] = peers
    return out


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=1))
