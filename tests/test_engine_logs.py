"""Game logs and replays: `simulate --logs` writes logs that `replay` agrees with, for
every shipped ruleset and overlay, random and greedy bots.

The default run plays a few sessions per ruleset and bot. For the issue's target run
(5,000 hands of each), set ``MJDSL_REPLAY_HANDS=5000``: it takes hours on a small machine.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import attrs
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


def test_a_hand_played_without_digests_is_the_same_hand_and_is_not_logged():
    # a run that writes no log skips the digests (simulate without --logs, analyze, arena)
    path = ROOT / "rulesets" / "classical.mj"
    auto = compile_ruleset(path)
    with_ = play_hand(auto, "nodigests", [RandomBot() for _ in range(4)])
    without = play_hand(auto, "nodigests", [RandomBot() for _ in range(4)], digests=False)
    assert with_.digests and not without.digests
    assert attrs.evolve(without, digests=with_.digests) == with_
    with pytest.raises(ValueError, match="without state digests"):
        hand_log(auto, without, str(path), {})


def test_simulate_takes_digests_only_when_it_writes_logs(monkeypatch, tmp_path):
    from mjdsl.engine import run as run_module
    taken = []
    real = run_module.play_hand

    def spy(*args, **kwargs):
        rec = real(*args, **kwargs)
        taken.append(len(rec.digests))
        return rec

    monkeypatch.setattr(run_module, "play_hand", spy)
    path = str(ROOT / "rulesets" / "classical.mj")
    assert main(["simulate", path, "--games", "2", "--bots", "random"]) == 0
    assert taken and not any(taken)
    taken.clear()
    assert main(["simulate", path, "--games", "2", "--bots", "random", "--logs", str(tmp_path / "logs")]) == 0
    assert taken and all(taken)

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


# -- a log a user hands to `mjdsl replay`: every field checked, every failure named ----

from mjdsl.diagnostics import InputError  # noqa: E402
from mjdsl.engine import log as LOG  # noqa: E402
from mjdsl.engine.game import CHANCE  # noqa: E402
from mjdsl.engine.log_check import MAX_ACTIONS, check_against, validate_log  # noqa: E402


def _fields() -> dict:
    """A log with every field of its kind (what it says is for the replay to check)."""
    return {"version": 1, "ruleset": "american.mj", "hash": "0123", "seed": "s", "set": {"charleston": "off"},
            "dealer": 0, "round_wind": "E", "actions": [5, 7], "digests": ["00000000"], "result": {},
            "returns": [0, 1.5, -1.5, 0]}


def _refusal(data, path="hand.json") -> str:
    with pytest.raises(InputError) as e:
        validate_log(data, path, LOG.LOG_VERSION)
    return str(e.value)


@pytest.mark.parametrize("key", sorted(_fields()))
def test_a_log_without_a_field_is_refused_naming_it(key):
    data = _fields()
    del data[key]
    assert _refusal(data) == f"hand.json: not a complete game log (no {key!r})"


@pytest.mark.parametrize("key,bad", [
    ("version", "1"), ("version", True),
    ("ruleset", ""), ("ruleset", "a\0b.mj"), ("ruleset", 3),
    ("ruleset_abs", 3), ("hash", 12), ("seed", 7), ("round_wind", 5),
    ("set", ["a"]), ("set", {"charleston": False}), ("set", {1: "on"}),
    ("dealer", -1), ("dealer", 16), ("dealer", True), ("dealer", 1.0),
    ("actions", "1 2"), ("actions", [1, True]), ("actions", [1, 2.0]), ("actions", [0] * (MAX_ACTIONS + 1)),
    ("digests", "00000000"), ("digests", [1]),
    ("result", []),
    ("returns", "0"), ("returns", [0, "1"]), ("returns", [0, True]), ("returns", [float("nan")]),
    ("returns", [float("inf")]), ("returns", [float("-inf")]),
])
def test_a_log_field_of_the_wrong_kind_is_refused_naming_it(key, bad):
    message = _refusal(dict(_fields(), **{key: bad}))
    assert message.startswith(f"hand.json: the log's {key!r} must be ")
    assert len(message) < 160  # one line a user reads, the value shortened


@pytest.mark.parametrize("key,good", [
    ("dealer", 15), ("ruleset_abs", None), ("ruleset_abs", "/x/american.mj"), ("actions", [0] * MAX_ACTIONS),
    ("actions", []), ("digests", []), ("returns", [0.25, -7, 1e300, 0]), ("set", {}),
])
def test_a_log_field_at_the_edge_of_its_range_is_taken(key, good):
    data = dict(_fields(), **{key: good})
    assert validate_log(data, "hand.json", LOG.LOG_VERSION) is data


def test_a_log_of_another_version_or_not_an_object_is_refused():
    assert _refusal(dict(_fields(), version=2)) == "hand.json: log version 2 is not supported (this is 1)"
    assert _refusal(dict(_fields(), version=0)) == "hand.json: log version 0 is not supported (this is 1)"
    assert _refusal([_fields()]) == "hand.json: not a game log (a JSON object is expected)"


@pytest.mark.parametrize("context", [
    "x", [1], {"dealer_streak": "9"}, {"dealer_streak": -1}, {"dealer_streak": True},
    {"pot": float("nan")}, {"dealer_streak": 1, 2: 3},
])
def test_a_context_that_is_not_a_table_of_counts_is_refused(context):
    assert "its context is not a table of counts" in _refusal(dict(_fields(), context=context))


@pytest.mark.parametrize("context", [{}, {"dealer_streak": 0}, {"dealer_streak": 8, "honba": 2, "pot": 1000.5}])
def test_a_context_of_counts_is_taken(context):
    data = dict(_fields(), context=context)
    assert validate_log(data, "hand.json", LOG.LOG_VERSION) is data


def test_a_refused_value_is_quoted_short():
    # the value is shown as its repr, cut to 40 characters: a log can hold anything
    whole = "h" * 38  # repr: 40 characters
    assert _refusal(dict(_fields(), dealer=whole)).endswith(f"a seat number, not {whole!r}")
    long = "h" * 39
    assert _refusal(dict(_fields(), dealer=long)).endswith(f"a seat number, not {repr(long)[:37]}...")
    assert _refusal(dict(_fields(), ruleset_abs=[long])).endswith(f"a file name, not {repr([long])[:37]}...")


@pytest.fixture(scope="module")
def american_log():
    path = ROOT / "rulesets" / "american.mj"
    auto = compile_ruleset(path)
    rec = play_hand(auto, "broken", [RandomBot() for _ in range(4)])
    return auto, _roundtrip(auto, path, rec)


def test_a_log_whose_dealer_or_returns_do_not_fit_the_ruleset_is_refused(american_log):
    auto, log = american_log
    check_against(dict(log, dealer=3), auto, "hand.json")
    with pytest.raises(InputError, match=r"^hand.json: the log's dealer 4 is not a seat \(this ruleset has "
                                         r"seats 0 to 3\)$"):
        check_against(dict(log, dealer=4), auto, "hand.json")
    with pytest.raises(InputError, match=r"^hand.json: the log's returns have 3 entries, not one per seat \(4\)$"):
        check_against(dict(log, returns=[0, 0, 0]), auto, "hand.json")
    with pytest.raises(InputError, match="have 5 entries"):
        check_against(dict(log, returns=[0] * 5), auto, "hand.json")


def _failure(auto, log) -> str:
    ok, message = replay(auto, log)
    assert not ok, message
    return message


def test_a_log_of_another_ruleset_or_round_wind_fails_the_replay(american_log):
    auto, log = american_log
    assert _failure(auto, dict(log, hash="feedfeedfeedfeed")) == (
        f"the log was written with ruleset hash feedfeedfeedfeed, this ruleset is {auto.hash}")
    assert "ZZ" in _failure(auto, dict(log, round_wind="ZZ"))


def test_a_log_cut_short_or_going_on_fails_the_replay(american_log):
    auto, log = american_log
    n = len(log["actions"])
    k = (n - 1) // 10 * 10  # a step with a digest, before the end
    cut = dict(log, actions=log["actions"][:k], digests=log["digests"][:k // 10])
    assert _failure(auto, cut) == f"the log ends after {k} steps, before the hand is over"
    # one more action than the hand has: digests as many as the longer log needs
    more = log["actions"] + [0]
    wanted = len(more) // 10 + (1 if len(more) % 10 else 0)
    longer = dict(log, actions=more, digests=(log["digests"][:n // 10] + ["00000000"] * wanted)[:wanted])
    assert _failure(auto, longer) == f"step {n + 1}: the hand is over but the log goes on"
    extra = dict(log, digests=log["digests"] + ["00000000"])
    assert _failure(auto, extra) == (f"the log has {n} steps and {len(log['digests']) + 1} state digests, where "
                                     f"{n} steps take {len(log['digests'])}: steps or digests were added or taken out")


def test_a_changed_step_is_named_in_the_replay(american_log):
    auto, log = american_log
    game = LOG.Game(auto, dealer=log["dealer"], round_wind=auto.tiles.index(log["round_wind"]))
    assert game.current_player() == CHANCE
    shuffled = dict(log, actions=[(log["actions"][0] + 1) % 2**31] + log["actions"][1:])
    assert _failure(auto, shuffled) == (f"step 1: the chance outcome {shuffled['actions'][0]} is not the one "
                                        "seed 'broken' deals (the seed or the deal was changed)")
    # the first seat's move made one no seat may make
    for first, a in enumerate(log["actions"], 1):
        game.apply_action(a)
        if game.current_player() != CHANCE:
            break  # log["actions"][first] is the first seat's move
    bad = dict(log, actions=log["actions"][:first] + [10**6] + log["actions"][first + 1:])
    assert _failure(auto, bad).startswith(f"step {first + 1}: #1000000 is not legal for seat ")


def test_a_wrong_digest_names_the_steps_it_covers(american_log):
    auto, log = american_log
    n = len(log["actions"])
    assert n % 10, "the hand ends between two digests"
    second = dict(log, digests=[log["digests"][0], "00000000", *log["digests"][2:]])
    assert _failure(auto, second) == ("step 20: the state differs from the log's "
                                      "(an action in steps 11-20 is not the one recorded)")
    first = dict(log, digests=["00000000", *log["digests"][1:]])
    assert _failure(auto, first).endswith("(an action in steps 1-10 is not the one recorded)")
    last = dict(log, digests=[*log["digests"][:-1], "00000000"])
    assert _failure(auto, last) == (f"step {n}: the state differs from the log's "
                                    f"(an action in steps {n - n % 10 + 1}-{n} is not the one recorded)")


def test_a_forged_settlement_or_result_fails_the_replay(american_log):
    auto, log = american_log
    returns = [r + 1 for r in log["returns"]]
    assert _failure(auto, dict(log, returns=returns)).startswith("the hand settles to ")
    # returns are compared to six decimals: a difference under half a millionth is
    # rounding, not a forgery; a millionth is not
    assert replay(auto, dict(log, returns=[r + 2e-7 for r in log["returns"]]))[0]
    assert not replay(auto, dict(log, returns=[log["returns"][0] + 1e-6, *log["returns"][1:]]))[0]
    forged = dict(log["result"], value=12345)
    assert _failure(auto, dict(log, result=forged)).startswith("the hand's result is ")


def test_a_hand_settled_in_thirds_replays(tmp_path):
    """A wall game whose payment is shared three ways (riichi's, made 1000 points): the one
    hand not calling pays 1000, each calling hand gets 1000/3, a return no decimal ends.
    The log keeps the floats as they are and the replay rounds both sides alike."""
    rules = tmp_path / "thirds.mj"
    rules.write_text(f'extends "{ROOT / "rulesets" / "riichi.mj"}"\n'
                     'payments {\n    wall game: not calling pay calling 1000 points shared\n}\n', encoding="utf-8")
    auto = compile_ruleset(rules, allow_outside=True)
    rec = play_hand(auto, "third:33", [GreedyBot() for _ in range(4)])  # a wall game, three hands calling
    assert rec.result.get("winner") is None and sorted(rec.returns) == [-1000, 1000 / 3, 1000 / 3, 1000 / 3]
    log = _roundtrip(auto, rules, rec)
    assert replay(auto, log)[0]


def test_the_replay_reports_every_step_to_its_watcher(american_log):
    auto, log = american_log
    seen = []
    ok, message = replay(auto, log, lambda i, who, a, game: seen.append((i, who, a)))
    assert ok and message.startswith(f"{len(log['actions'])} steps replayed; result ")
    assert [a for _, _, a in seen] == log["actions"] and [i for i, _, _ in seen] == list(range(1, len(seen) + 1))
    assert seen[0][1] == CHANCE and any(who >= 0 for _, who, _ in seen)


def test_a_log_file_that_cannot_be_read_is_named(tmp_path):
    def refused(path) -> str:
        with pytest.raises(InputError) as e:
            LOG.read_log(str(path))
        return str(e.value)

    assert refused(tmp_path / "none.json") == f"{tmp_path / 'none.json'}: no such log file"
    assert refused(tmp_path) == f"{tmp_path}: not a game log (not a regular file)"
    (tmp_path / "list.json").write_text("[1]")
    assert refused(tmp_path / "list.json") == f"{tmp_path / 'list.json'}: not a game log"
    (tmp_path / "bytes.json").write_bytes(b'{"a": "\xff"}')
    assert refused(tmp_path / "bytes.json").startswith(f"{tmp_path / 'bytes.json'}: not a game log (")
    (tmp_path / "deep.json").write_text("[" * 100_000)
    assert refused(tmp_path / "deep.json").startswith(f"{tmp_path / 'deep.json'}: not a game log (")
    assert refused(tmp_path / "list.json" / "x").startswith(f"{tmp_path / 'list.json' / 'x'}: cannot read the game log: ")
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:  # sparse: no disk taken
        fh.truncate(LOG.MAX_LOG_BYTES + 1)
    assert refused(big) == f"{big}: not a game log (larger than 10 MB)"
    with open(big, "r+b") as fh:
        fh.truncate(LOG.MAX_LOG_BYTES)
    assert refused(big).startswith(f"{big}: not a game log (Expecting value")
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_fields()))
    assert LOG.read_log(str(good)) == _fields()
