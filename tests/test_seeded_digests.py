"""Seeded games stay the same games: the interpreter's speed work (issue 12) changes
how the engine finds its answers, never what they are.

Each entry of tests/golden/seeded_digests.json is one (ruleset, bots, seed) session,
pinned as the SHA-256 of every hand's actions, result, returns and settlement, recorded
with the interpreter as it was before the speed work. A change that makes a bot see
different legal actions, a claim window open or close differently, or a win be found
where it was not, changes the digest.

Regenerate with ``pytest tests/test_seeded_digests.py --update-golden`` (only when a
ruleset or a bot is meant to play differently: say why in the commit).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from mjdsl.bots import make_bot
from mjdsl.engine.run import play_session
from mjdsl.frontend.compile import compile_ruleset

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "seeded_digests.json"

#: (ruleset, bot at every seat, session seed, hands)
SESSIONS = [
    ("classical", "random", "digest:1", 12),
    ("classical", "greedy", "digest:2", 6),
    ("classical-bmja", "random", "digest:3", 8),
    ("american", "random", "digest:4", 8),
    ("american", "greedy", "digest:5", 4),
    ("riichi", "random", "digest:6", 8),
    ("riichi", "greedy", "digest:7", 4),
    ("hong-kong", "random", "digest:8", 8),
]
IDS = [f"{r}-{b}-{s}" for r, b, s, _ in SESSIONS]


def session_digest(ruleset: str, bot: str, seed: str, hands: int) -> str:
    auto = compile_ruleset(ROOT / "rulesets" / f"{ruleset}.mj")
    bots = [make_bot(bot) for _ in range(auto.session_players)]
    h = hashlib.sha256()
    for rec in play_session(auto, seed, bots, hands):
        h.update(json.dumps([list(rec.actions), rec.result, list(rec.returns), list(rec.dead), rec.turns,
                             rec.decisions, list(rec.digests)], sort_keys=True, default=str).encode())
    return h.hexdigest()


@pytest.mark.parametrize("ruleset,bot,seed,hands", SESSIONS, ids=IDS)
def test_seeded_session_is_unchanged(ruleset, bot, seed, hands, request):
    key = f"{ruleset} {bot} {seed} {hands}"
    got = session_digest(ruleset, bot, seed, hands)
    if request.config.getoption("--update-golden"):
        pinned = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
        pinned[key] = got
        GOLDEN.write_text(json.dumps(pinned, indent=1, sort_keys=True) + "\n")
        return
    pinned = json.loads(GOLDEN.read_text())
    assert got == pinned[key], f"the seeded session {key} now plays differently"
