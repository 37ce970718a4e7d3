"""The conformance suite: every ruleset in rulesets/ and examples/ compiles clean,
plays seeded hands to the end with every invariant checked at every step, replays
identically from its log, and keeps its pinned perft counts.

Regenerate the pinned counts with ``pytest tests/test_conformance.py --update-golden``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from mjdsl.bots import RandomBot
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.engine import invariants
from mjdsl.engine.game import CHANCE, Game
from mjdsl.engine.log import hand_log, replay
from mjdsl.engine.run import play_hand, play_session
from mjdsl.frontend.checked import check_file

ROOT = Path(__file__).resolve().parent.parent
RULESETS = sorted(ROOT.glob("rulesets/*.mj")) + sorted(ROOT.glob("examples/**/*.mj"))
IDS = [str(p.relative_to(ROOT)) for p in RULESETS]
GOLDEN = ROOT / "tests" / "golden" / "perft.json"
HANDS = 6


@pytest.fixture(scope="module", params=RULESETS, ids=IDS)
def ruleset(request):
    path = request.param
    return path, compile_ruleset(path)


class CheckingBot(RandomBot):
    """A random bot that also asserts it is only ever offered legal, distinct actions."""

    def choose(self, game, seat, legal, rng):
        assert legal, f"seat {seat} has no legal action at {game.st.node}"
        assert len(set(legal)) == len(legal)
        assert legal == game.legal_actions(seat)
        return super().choose(game, seat, legal, rng)


@pytest.mark.parametrize("path", RULESETS, ids=IDS)
def test_compiles_without_errors(path):
    checked = check_file(path)
    assert not checked.errors, [f"{d.span}: {d.code} {d.message}" for d in checked.errors]


def test_plays_to_the_end_with_every_invariant(ruleset):
    path, auto = ruleset
    steps = [0]

    def check(game):
        invariants.check(game)
        steps[0] += 1

    records = play_session(auto, "conformance", [CheckingBot() for _ in range(auto.session_players)], HANDS,
                           check=check)
    assert len(records) >= 1 and steps[0] > 100
    for rec in records:
        assert rec.result, "every hand ends settled"
        assert abs(sum(rec.returns)) < 1e-6


def test_greedy_and_random_mixed_also_hold(ruleset):
    from mjdsl.bots import GreedyBot

    path, auto = ruleset
    bots = [GreedyBot(), CheckingBot(), GreedyBot(), CheckingBot()][: auto.seats]
    for i in range(3):
        play_hand(auto, f"mixed:{i}", bots, dealer=i % auto.seats, check=invariants.check)


def test_replays_identically_from_its_log(ruleset):
    path, auto = ruleset
    for i in range(3):
        rec = play_hand(auto, f"replay:{i}", [RandomBot() for _ in range(auto.seats)], dealer=i % auto.seats)
        log = json.loads(json.dumps(hand_log(auto, rec, str(path), {})))
        ok, message = replay(auto, log)
        assert ok, message
        # a log with one action changed fails at a step, naming it
        if len(log["actions"]) > 10:
            bad = dict(log, actions=list(log["actions"]))
            bad["actions"][-3] = 10**6
            ok, message = replay(auto, bad)
            assert not ok and message.startswith("step ")


def perft(game: Game, depth: int) -> int:
    """Legal action sequences of length ``depth`` from here (chance nodes count one each way)."""
    if depth == 0 or game.is_terminal():
        return 1
    if game.current_player() == CHANCE:
        outs = game.chance_outcomes() or [(0, 1.0)]
        actions = [o for o, _ in outs]
    else:
        actions = game.legal_actions()
    total = 0
    for a in actions:
        child = game.clone()
        child.apply_action(a)
        total += perft(child, depth - 1)
    return total


def _start(auto) -> Game:
    """A fixed position: the chance steps played with fixed outcomes (seed 12345, dice 7)."""
    game = Game(auto, dealer=0)
    while game.current_player() == CHANCE:
        outs = game.chance_outcomes()
        game.apply_action(12345 if not outs else next((o for o, _ in outs if o == 7), outs[0][0]))
    return game


def test_perft_counts_are_pinned(ruleset, request):
    path, auto = ruleset
    key = str(path.relative_to(ROOT))
    counts = {str(d): perft(_start(auto), d) for d in (1, 2, 3)}
    golden = json.loads(GOLDEN.read_text()) if GOLDEN.exists() else {}
    if request.config.getoption("--update-golden"):
        golden[key] = counts
        GOLDEN.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n")
        return
    assert key in golden, f"no pinned perft for {key}: run pytest --update-golden"
    assert counts == golden[key]


def test_same_seed_same_game_fresh_objects(ruleset):
    path, auto = ruleset
    a = play_hand(auto, "det", [RandomBot() for _ in range(auto.seats)])
    b = play_hand(compile_ruleset(path), "det", [RandomBot() for _ in range(auto.seats)])
    assert a.actions == b.actions and a.returns == b.returns


def test_perft_in_play_is_pinned(request):
    """Depth 3 of the American start stays in the Charleston: pin a position in play too."""
    auto = compile_ruleset(ROOT / "rulesets" / "american.mj", [("charleston", "off")])
    key = "rulesets/american.mj --set charleston=off"
    counts = {str(d): perft(_start(auto), d) for d in (1, 2, 3)}
    golden = json.loads(GOLDEN.read_text())
    if request.config.getoption("--update-golden"):
        golden[key] = counts
        GOLDEN.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n")
        return
    assert counts == golden[key]
