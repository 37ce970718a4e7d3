"""``mjdsl options RULESET``: one registry of options, with the values in force, where
each was set and where the rules use it; ``--set`` on the commands that run a ruleset."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mjdsl.cli import main

ROOT = Path(__file__).resolve().parent.parent
AMERICAN = ROOT / "rulesets" / "american.mj"
NO_CHARLESTON = ROOT / "examples" / "house-rules" / "no-charleston.mj"


def _json(capsys, *args) -> dict:
    assert main(["options", *map(str, args), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_options_lists_values_in_force_where_set_and_where_used(capsys):
    doc = _json(capsys, NO_CHARLESTON)
    assert doc["version"] == 1 and doc["ruleset"].endswith("no Charleston")
    opts = {o["name"]: o for o in doc["options"]}
    c = opts["charleston"]
    assert (c["type"], c["default"], c["value"]) == ("bool", True, False)
    assert c["set_at"].startswith("examples/house-rules/no-charleston.mj:7")
    assert c["meaning"] == "Charleston before play"
    assert c["declared_at"].startswith("rulesets/american.mj")
    assert c["used_at"] and all(u.startswith("rulesets/american.mj") for u in c["used_at"])
    assert opts["blind_passes"]["set_at"] == "" and len(opts["blind_passes"]["used_at"]) == 2  # the two `blind if`
    assert opts["session_hands"]["range"] == [1, 64]


def test_options_with_set_on_the_command_line(capsys):
    doc = _json(capsys, AMERICAN, "--set", "session_hands=8")
    hands = next(o for o in doc["options"] if o["name"] == "session_hands")
    assert hands["value"] == 8 and hands["set_at"] == "--set"


def test_options_text_table(capsys):
    assert main(["options", str(NO_CHARLESTON)]) == 0
    out = capsys.readouterr().out
    assert "charleston               off    on       bool  examples/house-rules/no-charleston.mj:7:1" in out
    assert "    Charleston before play" in out and "    used at: rulesets/american.mj:" in out


COMMANDS_THAT_RUN_A_RULESET = [
    ["check", str(AMERICAN)],
    ["compile", str(AMERICAN)],
    ["options", str(AMERICAN)],
    ["diff", str(AMERICAN), str(AMERICAN)],
    ["render", str(AMERICAN), "--format", "md"],
    ["simulate", str(AMERICAN), "--games", "1"],
]


@pytest.mark.parametrize("args", COMMANDS_THAT_RUN_A_RULESET, ids=[a[0] for a in COMMANDS_THAT_RUN_A_RULESET])
def test_set_works_and_an_unknown_option_is_exit_2(capsys, args):
    assert main([*args, "--set", "charleston=off"]) == 0
    capsys.readouterr()
    assert main([*args, "--set", "charlestn=off"]) == 2
    err = capsys.readouterr().err
    assert "did you mean `charleston`?" in err and "Traceback" not in err


@pytest.mark.parametrize("args,words", [
    (["options", "no/such.mj"], "no such file"),
    (["options", "BROKEN"], "MJ1"),
    (["options", str(AMERICAN), "--set", "session_hands=many"], "expected a number"),
    (["options", str(AMERICAN), "--set", "session_hands=99"], "outside its range"),
])
def test_options_bad_input_is_one_line_and_exit_2(tmp_path, capsys, args, words):
    broken = tmp_path / "broken.mj"
    broken.write_text('ruleset "A" "B"\n')
    args = [str(broken) if a == "BROKEN" else a for a in args]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
