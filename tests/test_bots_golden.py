"""The bots decide as they did: seeded games and a short arena, digested, against a
recording of the code before the bots were made fast (tests/golden/bot_decisions.json).

Speed work on the bots (plain integer tables instead of numpy on tiny arrays) must not
change one decision: the same seed gives the same game. When a change to the bots'
judgement is meant, record the games again with ``MJDSL_UPDATE_GOLDEN=1`` and say so.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from mjdsl.bots import make_bot
from mjdsl.bots.arena import run_arena
from mjdsl.engine.run import play_session
from mjdsl.frontend.compile import compile_ruleset

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden" / "bot_decisions.json"
BOTS = ["greedy", "mei", "auntie-rose", "rafi"]
#: (ruleset, line-up, hands): each bot alone at a table, then all four together
CASES = [(name, (bot,), 3) for name in ("american", "american-3p", "classical") for bot in BOTS]
CASES += [(name, tuple(BOTS), 4) for name in ("american", "classical")]
IDS = [f"{name}-{'+'.join(bots)}" for name, bots, _ in CASES]


def _digest(obj) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True, default=repr).encode()).hexdigest()[:20]


def _session(name: str, bots: tuple, hands: int) -> str:
    auto = compile_ruleset(ROOT / "rulesets" / f"{name}.mj")
    line_up = [make_bot(bots[p % len(bots)]) for p in range(auto.session_players)]
    recs = play_session(auto, f"golden:{name}", line_up, hands)
    return _digest([(r.seed, list(r.actions), r.result) for r in recs])


def _arena() -> str:
    auto = compile_ruleset(ROOT / "rulesets" / "american.mj")
    return _digest(run_arena(auto, BOTS, 8, "golden-arena", make_bot))


def _recorded() -> dict:
    return json.loads(GOLDEN.read_text()) if GOLDEN.is_file() else {}


def _keep(key: str, value: str) -> None:
    kept = _recorded()
    kept[key] = value
    GOLDEN.write_text(json.dumps(kept, indent=1, sort_keys=True) + "\n")


def _check(key: str, value: str) -> None:
    if os.environ.get("MJDSL_UPDATE_GOLDEN"):
        _keep(key, value)
    assert _recorded().get(key) == value, f"{key}: the bots decide differently (MJDSL_UPDATE_GOLDEN=1 records anew)"


@pytest.mark.parametrize(("name", "bots", "hands"), CASES, ids=IDS)
def test_seeded_sessions_play_as_recorded(name, bots, hands):
    _check(f"session {name} {'+'.join(bots)} x{hands}", _session(name, bots, hands))


def test_a_seeded_arena_plays_as_recorded():
    _check("arena american 8", _arena())


@pytest.mark.pure_python
@pytest.mark.parametrize("bot", ["mei", "auntie-rose", "rafi"])
def test_the_pure_build_plays_the_regulars_as_recorded(bot):
    # the compiled build sums a worth in C (bots/_soft.c), the pure one in numpy (judge.py):
    # the same games, or a machine without a C compiler would play differently (`make test`
    # runs this in its pure pass)
    _check(f"session american {bot} x3", _session("american", (bot,), 3))
