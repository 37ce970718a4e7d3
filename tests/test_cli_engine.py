"""The engine's commands as a user runs them: compile, simulate, replay, play."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from mjdsl.cli import main

ROOT = Path(__file__).resolve().parent.parent
AMERICAN = str(ROOT / "rulesets" / "american.mj")


def run(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    return code, out.out, out.err


def test_compile_prints_a_stable_hash_and_dumps(capsys, tmp_path):
    code, out, err = run(capsys, "compile", AMERICAN)
    assert code == 0 and len(out.strip()) == 16
    code2, out2, _ = run(capsys, "compile", AMERICAN, "--set", "charleston=off")
    assert out2 != out  # an option in force is part of the hash
    target = tmp_path / "ir.json"
    assert run(capsys, "compile", AMERICAN, "--emit", "ir", "-o", str(target))[0] == 0
    doc = json.loads(target.read_text())
    assert doc["version"] == 1 and any(s["id"] == "charleston.1" for s in doc["states"])
    assert all(s["span"].startswith(str(ROOT / "rulesets")) or "american.mj" in s["span"] for s in doc["states"]
               if s.get("span"))
    code, out, _ = run(capsys, "compile", AMERICAN, "--emit", "dot")
    assert out.startswith("digraph") and '"play.claims" -> "settle" [label="won"]' in out


def test_simulate_json_is_the_same_twice_and_with_workers(capsys):
    args = ["simulate", AMERICAN, "--games", "12", "--seed", "1", "--json"]
    _, a, err = run(capsys, *args)
    _, b, _ = run(capsys, *args)
    _, c, _ = run(capsys, *args, "--workers", "2")
    assert a == b == c
    stats = json.loads(a)
    assert stats["version"] == 1 and stats["hands"] == 12
    assert stats["won"] + stats["wall_games"] == 12 and stats["won"] > 0
    assert sum(stats["by_hand"].values()) == stats["won"]
    assert "hands/s" in err and "decisions/s" in err


def test_simulate_takes_hands_as_arena_and_analyze_spell_it(capsys):
    _, games, _ = run(capsys, "simulate", AMERICAN, "--games", "3", "--seed", "h", "--bots", "random", "--json")
    _, hands, _ = run(capsys, "simulate", AMERICAN, "--hands", "3", "--seed", "h", "--bots", "random", "--json")
    assert json.loads(hands)["hands"] == 3 and hands == games


def test_simulate_logs_replay_and_a_tampered_log_fails(capsys, tmp_path):
    logs = tmp_path / "logs"
    code, _, _ = run(capsys, "simulate", AMERICAN, "--games", "2", "--seed", "5", "--logs", str(logs), "--bots", "random")
    assert code == 0
    files = sorted(logs.glob("hand-*.json"))
    assert len(files) == 2
    code, out, _ = run(capsys, "replay", str(files[0]))
    assert code == 0 and out.startswith("ok:")
    data = json.loads(files[0].read_text())
    data["actions"][0] = (data["actions"][0] + 1) % 2**31  # another shuffle: another wall
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    code, out, _ = run(capsys, "replay", str(bad))
    assert code == 1 and "FAILED: step" in out


def test_a_log_field_the_ruleset_refuses_is_an_input_error_naming_the_log(capsys, tmp_path):
    logs = tmp_path / "logs"
    assert run(capsys, "simulate", AMERICAN, "--games", "1", "--seed", "5", "--logs", str(logs),
               "--bots", "random")[0] == 0
    data = json.loads(next(logs.glob("hand-*.json")).read_text())
    for field, value, needle in (
            ("set", {"nosuch": "1"}, "the log was played with the option nosuch=1, which"),
            ("round_wind", "Q", "the log's round wind 'Q' is not a wind of this ruleset (its winds: N E W S)")):
        bad = tmp_path / f"bad-{field}.json"
        bad.write_text(json.dumps(dict(data, **{field: value})))
        code, out, err = run(capsys, "replay", str(bad))
        assert code == 2 and out == "" and err.startswith(f"mjdsl: error: {bad}: ") and needle in err, err
        assert "--set" not in err  # no --set was given
    # an option given here is still named as given
    code, _, err = run(capsys, "replay", str(bad), "--set", "nosuch=2")
    assert code == 2 and "--set nosuch" in err
    # a log's value the ruleset's option refuses: the option and the value named as logged
    bad = tmp_path / "bad-value.json"
    bad.write_text(json.dumps(dict(data, set={"charleston": "maybe"})))
    code, out, err = run(capsys, "replay", str(bad))
    assert code == 2 and out == "" and err.strip() == (
        f"mjdsl: error: {bad}: the log was played with the option charleston=maybe, which "
        f"{AMERICAN} refuses: expected on or off"), err


def test_an_option_refused_names_itself_and_crosses_a_process():
    import pickle

    from mjdsl.options import OptionRefused

    e = OptionRefused("charleston", "maybe", "expected on or off")
    again = pickle.loads(pickle.dumps(e))
    assert (again.option, again.text, again.reason, str(again)) == (
        "charleston", "maybe", "expected on or off", "--set charleston=maybe: expected on or off")
    assert str(OptionRefused("nosuch", None, "unknown option")) == "--set nosuch: unknown option"


@pytest.mark.parametrize("args,needle", [
    (["simulate", "no-such.mj"], "no such file"),
    (["simulate", AMERICAN, "--bots", "clever"], "unknown bot"),
    (["simulate", AMERICAN, "--set", "charlestn=off"], "did you mean `charleston`"),
    (["simulate", AMERICAN, "--set", "charleston=maybe"], "expected on or off"),
    (["replay", "no-such-log.json"], "no such log"),
    (["compile", AMERICAN, "-o", "/no/such/dir/x.json"], "does not exist"),
    # a seed is printed on one line and kept in logs: no control characters
    (["simulate", AMERICAN, "--games", "1", "--seed", "a\tb"], "no control characters"),
    (["arena", AMERICAN, "--hands", "1", "--seed", "x\x1b[31m"], "no control characters"),
    (["analyze", AMERICAN, "--hands", "1", "--seed", "two\nlines"], "no control characters"),
    (["play", AMERICAN, "--seed", "a\rb"], "no control characters"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, args, needle):
    code, out, err = run(capsys, *args)
    assert code == 2 and needle in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("argv", [
    ["compile", "DIR"], ["simulate", "DIR"], ["options", "DIR"], ["arena", "DIR"], ["analyze", "DIR"],
    ["score", "DIR", "--hand", "1b"], ["diff", "DIR", "DIR"],
])
def test_a_folder_given_for_a_ruleset_is_named_as_given(capsys, tmp_path, monkeypatch, argv):
    # was "/abs/path/folder:1:1: error[MJ206]: cannot read ...: not a regular file"
    monkeypatch.chdir(tmp_path)
    (tmp_path / "folder").mkdir()
    code, _, err = run(capsys, *["folder" if a == "DIR" else a for a in argv])
    assert code == 2 and err == "mjdsl: error: folder: is a folder, not a ruleset file (.mj)\n"


def test_logs_naming_a_file_says_a_folder_was_expected(capsys, tmp_path):
    (tmp_path / "afile").write_text("")
    code, _, err = run(capsys, "simulate", AMERICAN, "--games", "1", "--logs", str(tmp_path / "afile"))
    assert code == 2 and "is a file; --logs takes a folder" in err and "File exists" not in err
    code, _, err = run(capsys, "simulate", AMERICAN, "--games", "1", "--logs", str(tmp_path / "afile" / "sub"))
    assert code == 2 and "cannot make the folder" in err and len(err.strip().splitlines()) == 1


def test_replay_refuses_a_file_that_is_not_a_log(capsys, tmp_path):
    f = tmp_path / "x.json"
    f.write_text("{not json")
    code, _, err = run(capsys, "replay", str(f))
    assert code == 2 and "not a game log" in err


def test_play_at_the_table_with_typed_moves(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("MJDSL_SAVES", str(tmp_path))
    monkeypatch.setattr(sys, "stdin", io.StringIO("ok\n" * 400))
    code, out, _ = run(capsys, "play", AMERICAN, "--seed", "3", "--hands", "1")
    assert code == 0 and "this hand" in out and "Your hand:" in out


def test_play_rejects_a_move_that_is_not_listed_and_quits_cleanly(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("MJDSL_SAVES", str(tmp_path))
    monkeypatch.setattr(sys, "stdin", io.StringIO("dance\nq\n"))
    code, out, _ = run(capsys, "play", AMERICAN, "--seed", "3")
    assert code == 0 and "Not a move here" in out and "Saved. Resume with" in out


@pytest.mark.parametrize("cmd", ["match", "hint"])
def test_card_commands_take_set_and_check_it(capsys, cmd):
    hand = "N N N N E E E W W W S S S S" if cmd == "match" else "N N N E E E W W W S S S 1b"
    code, out, err = run(capsys, cmd, AMERICAN, "--hand", hand, "--set", "charleston=off")
    assert code == 0 and "NNNN EEE WWW SSSS" in out
    code, out, err = run(capsys, cmd, AMERICAN, "--hand", hand, "--set", "charlestn=off")
    assert code == 2 and "did you mean `charleston`" in err


def test_the_same_seed_gives_the_same_bytes_whatever_the_hash_seed(tmp_path):
    """Set iteration order must never leak into play: two processes with different
    PYTHONHASHSEED values play the same hands (classical: patterns, sets of tiles)."""
    import os
    import subprocess

    outs = []
    for hash_seed in ("1", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        proc = subprocess.run([sys.executable, "-m", "mjdsl.cli", "simulate", str(ROOT / "rulesets" / "classical.mj"),
                               "--games", "6", "--seed", "9", "--json", "--bots", "greedy"],
                              capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
        assert proc.returncode == 0, proc.stderr
        outs.append(proc.stdout)
    assert outs[0] == outs[1]


def test_check_stats_on_a_ruleset_prints_its_card_lines(capsys):
    code, out, _ = run(capsys, "check", AMERICAN, "--stats", "--format", "concise")
    rows = [ln for ln in out.splitlines() if " variants " in ln]
    assert code == 0 and len(rows) == 55 and "FF 2026 1111 1111 - a b c" in rows[0]
