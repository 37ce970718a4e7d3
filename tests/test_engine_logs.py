"""Game logs and replays: `simulate --logs` writes logs that `replay` agrees with, for
every shipped ruleset and overlay, random and greedy bots.

The default run plays a few sessions per ruleset and bot. For the issue's target run
(5,000 hands of each), set ``MJDSL_REPLAY_HANDS=5000``: it takes hours on a small machine.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from mjdsl.bots import GreedyBot, RandomBot
from mjdsl.cli import main
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.engine.log import hand_log, replay, state_digest
from mjdsl.engine.run import play_hand
from mjdsl.engine.simulate import sessions

ROOT = Path(__file__).resolve().parent.parent
RULESETS = sorted(ROOT.glob("rulesets/*.mj")) + sorted(ROOT.glob("examples/house-rules/*.mj"))
IDS = [str(p.relative_to(ROOT)) for p in RULESETS]
HANDS = int(os.environ.get("MJDSL_REPLAY_HANDS", "4"))


def _roundtrip(auto, path, rec) -> dict:
    return json.loads(json.dumps(hand_log(auto, rec, str(path), {})))


@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize("path", RULESETS, ids=IDS)
def test_every_logged_hand_replays_and_settles_the_same(path, bot):
    auto = compile_ruleset(path)
    played = 0
    for rec in sessions(auto, str(path), [], [bot] * auto.session_players, "replay-all", HANDS):
        ok, message = replay(auto, _roundtrip(auto, path, rec))
        assert ok, f"{rec.seed}: {message}"
        played += 1
    assert played == HANDS


def test_bmja_logs_with_a_pending_offer_replay_from_the_command_line(capsys, tmp_path):
    # seed 1 of classical-bmja stops, at a digest, on a Standing Hand offer (a pending
    # announcement beside seats' choices): the log used to crash taking that digest
    logs = tmp_path / "logs"
    assert main(["simulate", str(ROOT / "rulesets" / "classical-bmja.mj"), "--games", "2", "--seed", "1",
                 "--logs", str(logs)]) == 0
    files = sorted(logs.glob("hand-*.json"))
    assert len(files) == 2
    for f in files:
        assert main(["replay", str(f)]) == 0
    out = capsys.readouterr()
    assert "Traceback" not in out.err and out.out.count("ok:") == 2


def test_the_digest_reads_a_pending_announcement():
    auto = compile_ruleset(ROOT / "rulesets" / "classical-bmja.mj")
    rec = next(sessions(auto, "", [], ["greedy"] * 4, "1", 1))
    from mjdsl.engine.game import Game

    game = Game(auto, dealer=rec.dealer, round_wind=rec.round_wind)
    seen = False
    for a in rec.actions:
        game.apply_action(a)
        if isinstance(game.st.pending, dict) and "announce" in game.st.pending:
            before = state_digest(game)
            game.st.pending["announce"] = []
            assert state_digest(game) != before
            seen = True
            break
    assert seen, "the hand offers a Standing Hand"


def test_the_log_keeps_the_dealer_streak_and_replay_settles_by_it():
    # classical.mj: "East wins nine times in a row" is a limit hand; the dealer wins
    # this hand after eight wins in a row, so the settlement depends on the streak
    path = ROOT / "rulesets" / "classical.mj"
    auto = compile_ruleset(path)
    rec = play_hand(auto, "streak:4", [GreedyBot() for _ in range(4)], dealer=0, context={"dealer_streak": 8})
    assert rec.result["winner"] == 0 and "nine_in_a_row" in rec.result["rules"]
    log = _roundtrip(auto, path, rec)
    assert log["context"] == {"dealer_streak": 8}
    ok, message = replay(auto, log)
    assert ok, message
    # without the streak the same actions settle otherwise: the last digest (it holds
    # the returns) or the returns themselves tell
    ok, message = replay(auto, dict(log, context={}))
    assert not ok and (message.startswith(f"step {len(log['actions'])}:") or "settles to" in message)


def test_digests_are_taken_as_the_hand_is_played():
    path = ROOT / "rulesets" / "american.mj"
    auto = compile_ruleset(path)
    rec = play_hand(auto, "digests", [RandomBot() for _ in range(4)])
    n = len(rec.actions)
    assert len(rec.digests) == n // 10 + (1 if n % 10 else 0)
    log = _roundtrip(auto, path, rec)
    assert log["digests"] == list(rec.digests)
    # a digest that is not the game's is caught at its step
    log["digests"][1] = "00000000"
    ok, message = replay(auto, log)
    assert not ok and message.startswith("step 20:")


def test_a_log_whose_context_is_not_counts_is_an_input_error(tmp_path, capsys):
    path = ROOT / "rulesets" / "american.mj"
    auto = compile_ruleset(path)
    rec = play_hand(auto, "context", [RandomBot() for _ in range(4)])
    log = _roundtrip(auto, path, rec)
    for bad in ("x", {"dealer_streak": "9"}, {"dealer_streak": -1}, [1]):
        f = tmp_path / "hand.json"
        f.write_text(json.dumps(dict(log, context=bad)))
        assert main(["replay", str(f)]) == 2
        err = capsys.readouterr().err
        assert "context" in err and "Traceback" not in err
