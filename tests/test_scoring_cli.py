"""``mjdsl score``: the text and JSON outputs, and one-line errors with exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mjdsl.cli import main

ROOT = Path(__file__).resolve().parent.parent
DMJL = str(ROOT / "rulesets" / "classical.mj")
BMJA = str(ROOT / "rulesets" / "classical-bmja.mj")
AMERICAN = str(ROOT / "rulesets" / "american.mj")

EXAMPLE_1 = ["--exposed", "1c 1c 1c", "--exposed", "7c 7c 7c", "--exposed", "2c 3c 4c", "--exposed", "6c 6c 6c",
             "--hand", "5c 5c", "--win", "5c", "--from", "discard", "--seat", "S"]


def run(capsys, *args):
    rc = main(["score", *args])
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_text_output_explains_every_rule_with_its_ruleset_line(capsys):
    rc, out, err = run(capsys, DMJL, *EXAMPLE_1)
    assert rc == 0 and not err
    lines = out.splitlines()
    assert lines[0] == "Classical Chinese (DMJL): won with 5c from discard; seat S, round E"
    assert "pair 5c 5c (exposed, last tile)" in lines[1]
    rule = next(line for line in lines if line.lstrip().startswith("pung_exposed_simple"))
    assert "4 points (2 x 2)" in rule and "7c 7c 7c, 6c 6c 6c" in rule and "classical.mj:" in rule
    assert "total 256: 32 points, 3 doubles" in out
    assert "E -512, S +1024, W -256, N -256" in out


def test_the_rule_line_is_where_the_ruleset_writes_the_rule(capsys):
    rc, out, _ = run(capsys, DMJL, *EXAMPLE_1, "--json")
    doc = json.loads(out)
    text = (ROOT / "rulesets" / "classical.mj").read_text().splitlines()
    for r in doc["rules"]:
        assert f"rule {r['name']} " in text[r["line"] - 1]


def test_overlay_rules_point_at_the_file_that_writes_them(capsys):
    rc, out, _ = run(capsys, BMJA, "--exposed", "1d 1d 1d 1d", "--exposed", "2d 2d 2d", "--exposed", "3d 3d 3d",
                     "--hand", "4d 4d 4d 5d 5d", "--win", "4d", "--from", "discard", "--json")
    files = {r["name"]: Path(r["file"]).name for r in json.loads(out)["rules"]}
    assert files["purity"] == "classical-bmja.mj" and files["mahjong"] == "classical.mj"


def test_json_document(capsys):
    rc, out, _ = run(capsys, DMJL, *EXAMPLE_1, "--json")
    doc = json.loads(out)
    assert rc == 0 and doc["version"] == 1
    assert doc["total"] == 256 and doc["basis"] == "points" and doc["pattern"] == "standard"
    assert doc["hand"]["winning_tile"] == "5c" and doc["hand"]["from"] == "discard"
    assert [m["kind"] for m in doc["melds"]] == ["pung", "pung", "chow", "pung", "pair"]
    assert doc["melds"][-1]["last"] is True
    assert sum(doc["payments"].values()) == 0


def test_a_hand_that_did_not_win(capsys):
    rc, out, _ = run(capsys, DMJL, "--hand", "R R R G G G 0 0 0 2b 2b 9c 1d", "--seat", "S", "--json")
    doc = json.loads(out)
    assert rc == 0 and doc["won"] is False and doc["payments"] == {}
    assert doc["total"] == 500 and doc["basis"] == "capped"


def test_card_ruleset_scores_the_card_line_made(capsys):
    rc, out, _ = run(capsys, AMERICAN, "--hand", "F F 2b 0 2b 6b 1c 1c 1c 1c 1d 1d 1d 1d", "--win", "1d",
                     "--from", "discard", "--seat", "S", "--discarder", "W", "--json")
    doc = json.loads(out)
    assert rc == 0
    assert doc["card"]["hand"] == "FF 2026 1111 1111 - a b c" and doc["card"]["points"] == 25
    assert [r["name"] for r in doc["rules"]] == ["jokerless"]
    assert doc["total"] == 50  # 25 x 2: no jokers
    # the discarder pays twice the value, the others the value (american.mj payments)
    assert doc["payments"] == {"E": -50, "S": 200, "W": -100, "N": -50}


def test_card_hand_with_a_joker_self_drawn(capsys):
    rc, out, _ = run(capsys, AMERICAN, "--hand", "F F 2b 0 2b 6b 1c 1c 1c J 1d 1d 1d 1d", "--win", "1d",
                     "--from", "wall", "--seat", "S", "--json")
    doc = json.loads(out)
    assert doc["rules"] == [] and doc["total"] == 25
    assert doc["payments"] == {"E": -50, "S": 150, "W": -50, "N": -50}


@pytest.mark.parametrize(
    "args, message",
    [
        (["--hand", "1c 9c 1b 9b 1d 9d E S W N R G 0 X", "--win", "0", "--from", "wall"], "unknown tile code 'X'"),
        (["--hand", "1c 2c 3c", "--win", "1c", "--from", "wall"], "the hand has 3 tiles"),
        (["--exposed", "1c 2c 4c", "--hand", "5c 5c", "--win", "5c", "--from", "wall"], "is not a set"),
        (["--exposed", "1c 1c", "--hand", "5c 5c", "--win", "5c", "--from", "wall"], "is not a set"),
        (EXAMPLE_1[:-6] + ["--win", "9c", "--from", "discard"], "must be one of the --hand tiles"),
        (EXAMPLE_1[:-4], "--win needs --from"),
        (["--hand", "1c 1c", "--from", "wall"], "--from goes with --win"),
        (EXAMPLE_1[:-2] + ["--seat", "R"], "not a wind"),
        (EXAMPLE_1[:-2] + ["--seat", "Q"], "--seat Q: not a wind; the winds are E S W N"),  # not every code
        (EXAMPLE_1 + ["--bonus", "5c"], "is not a bonus tile"),
        (["--hand", "f1 1c", "--win", "1c", "--from", "wall"], "bonus tile"),
        (["--exposed", "5c 5c 5c", "--exposed", "5c 5c 5c", "--hand", "1c 1c 1c 2c 2c 2c 9d 9d", "--win", "9d",
          "--from", "wall"], "too many 5c"),
        (["--hand", "1c 2c 4c 5c 7c 8c 1d 2d 4d 5d 7d 8d 9d 9d", "--win", "9d", "--from", "wall"], "no winning hand"),
        (EXAMPLE_1 + ["--announced", "riichi"], "announcements are standing"),
        (["--kong", "f1", "--hand", "1c 1c", "--win", "1c", "--from", "wall"], "cannot be a kong"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, args, message):
    rc, out, err = run(capsys, DMJL, *args)
    assert rc == 2
    assert out == ""
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_nine_gates_with_a_9_wins_in_dmjl_but_not_in_bmja(capsys):
    hand = ["--hand", "1c 1c 1c 2c 3c 4c 5c 6c 7c 8c 9c 9c 9c 9c", "--win", "9c", "--from", "wall", "--json"]
    rc, out, _ = run(capsys, DMJL, *hand)
    assert rc == 0 and json.loads(out)["pattern"] == "nine_gates"
    rc, out, err = run(capsys, BMJA, *hand)
    assert rc == 2 and "no winning hand" in err  # at most one chow, and Gates of Heaven needs a 2-8


def test_missing_ruleset_and_bad_from_value_exit_2(capsys):
    rc, _, err = run(capsys, "no-such.mj", *EXAMPLE_1)
    assert rc == 2
    rc, _, err = run(capsys, DMJL, *EXAMPLE_1[:-4], "--from", "sky")
    assert rc == 2 and "sky" in err


# The transcripts of docs/scoring.md are run, as written, by tests/test_docs_run.py.


def test_text_output_names_a_special_hand_and_a_limit_in_the_singular(capsys):
    rc, out, _ = run(capsys, DMJL, "--hand", "1c 9c 1b 9b 1d 9d E S W N R G 0 0", "--win", "0", "--from", "wall")
    lines = out.splitlines()
    assert rc == 0 and lines[0].endswith("seat E (dealer), round E")
    assert lines[1] == "  the thirteen_orphans hand"  # no sets: the pattern is the hand
    orphans = next(line for line in lines if line.lstrip().startswith("thirteen_orphans"))
    assert "1 limit " in orphans and "(1 x" not in orphans  # one of it: no count, the unit singular
    assert "  from_wall         2 points " in out  # names padded to the longest, thirteen_orphans
    assert "  no_chow           1 double " in out
    assert "  total 500: 1 limit (2 points, 4 doubles: 32)" in lines
    assert "no rule applied" not in out and "below the minimum" not in out


def test_text_output_of_a_standard_hand_lists_its_sets_and_bonus_tiles(capsys):
    rc, out, _ = run(capsys, DMJL, *EXAMPLE_1, "--bonus", "f1 s2")
    lines = out.splitlines()
    assert "the standard hand" not in out  # a pattern without its own shape is told by its sets
    assert lines[1].startswith("  pung 1c 1c 1c (exposed); ") and lines[1].endswith("; bonus f1 s2")
    bonus = next(line for line in lines if line.lstrip().startswith("bonus_tile"))
    assert "8 points (2 x 4)" in bonus and "Flower or season: f1, s2" in bonus
    assert "  one_suit               3 doubles " in out
    assert lines[-1].startswith("  payments (with the winner alone; the dealer pays and receives double): ")


def test_text_output_of_a_hand_that_did_not_win_and_one_capped(capsys):
    rc, out, _ = run(capsys, DMJL, "--hand", "R R R G G G 0 0 0 2b 2b 9c 1d", "--seat", "S")
    lines = out.splitlines()
    assert rc == 0 and lines[0] == "Classical Chinese (DMJL): did not win; seat S, round E"
    assert lines[1] == "  pair 2b 2b; pung R R R; pung G G G; pung 0 0 0"  # concealed: no notes
    assert lines[-1] == "  total 500: 24 points, 6 doubles: 1536, capped at the limit"  # 24 x 2^6, the limit 500
    assert "payments" not in out  # no win, nothing paid


def test_text_output_of_a_card_hand_counts_its_jokers(capsys):
    rc, out, _ = run(capsys, AMERICAN, "--hand", "F F 2b 0 2b 6b 1c 1c 1c 1c 1d 1d 1d 1d", "--win", "1d",
                     "--from", "discard", "--seat", "S", "--discarder", "W")
    lines = out.splitlines()
    assert lines[1] == "  the card hand FF 2026 1111 1111 - a b c [2026, line 9], 25 points, 0 jokers"
    assert "  total 50: 25 card points, 1 double" in lines
    assert lines[-1] == "  payments (with the winner alone): E -50, S +200, W -100, N -50"  # no dealer double
    rc, out, _ = run(capsys, AMERICAN, "--hand", "F F 2b 0 2b 6b 1c 1c 1c J 1d 1d 1d 1d", "--win", "1d",
                     "--from", "wall", "--seat", "S")
    lines = out.splitlines()
    assert lines[1].endswith(", 25 points, 1 joker")
    assert lines[2] == "  no rule applied"  # a joker: not jokerless
    assert lines[3] == "  total 25: 25 card points, 0 doubles"


def test_text_output_says_a_hand_below_the_minimum_is_no_win(capsys):
    rc, out, _ = run(capsys, str(ROOT / "rulesets" / "hong-kong.mj"), "--exposed", "1c 2c 3c", "--exposed", "4b 5b 6b",
                     "--exposed", "7d 8d 9d", "--hand", "2c 3c 4c 5d 5d", "--win", "5d", "--from", "discard",
                     "--seat", "S")
    assert rc == 0 and "  total 4: 0 points, 2 doubles" in out  # two faan, three to go out
    assert "  below the minimum to go out (value >= 2 ^ min_faan): at a table this is no win" in out.splitlines()


def test_text_output_lists_the_red_fives_held(capsys):
    rc, out, _ = run(capsys, str(ROOT / "rulesets" / "riichi.mj"), "--hand",
                     "1m 2m 3m 4p 0p 6p 7s 8s 9s 2m 3m 4m 5s 5s", "--win", "5s", "--from", "wall")
    assert rc == 0 and out.splitlines()[1].endswith("; chow 7s 8s 9s; red 0p")


def test_json_document_holds_the_concealed_tiles_the_red_fives_and_whether_the_hand_goes_out(capsys):
    rc, out, _ = run(capsys, DMJL, *EXAMPLE_1, "--json")
    doc = json.loads(out)
    assert doc["hand"]["concealed"] == ["5c", "5c"]
    assert "goes_out" not in doc and "variants" not in doc["hand"]  # DMJL: no minimum, no red fives
    rc, out, _ = run(capsys, str(ROOT / "rulesets" / "hong-kong.mj"), "--exposed", "1c 2c 3c", "--exposed", "4b 5b 6b",
                     "--exposed", "7d 8d 9d", "--hand", "2c 3c 4c 5d 5d", "--win", "5d", "--from", "discard",
                     "--seat", "S", "--json")
    assert json.loads(out)["goes_out"] is False  # two faan, three to go out
    rc, out, _ = run(capsys, str(ROOT / "rulesets" / "riichi.mj"), "--hand",
                     "1m 2m 3m 4p 0p 6p 7s 8s 9s 2m 3m 4m 5s 5s", "--win", "5s", "--from", "wall", "--json")
    doc = json.loads(out)
    assert doc["hand"]["variants"] == ["0p"] and doc["goes_out"] is True  # menzen tsumo: the one yaku needed


def test_text_output_names_a_special_hand_first_and_then_the_sets_beside_it(capsys):
    # MCR's knitted straight takes nine tiles; the other five are a set and a pair
    rc, out, _ = run(capsys, str(ROOT / "rulesets" / "mcr.mj"), "--exposed", "E E E",
                     "--hand", "1b 4b 7b 2c 5c 8c 3d 6d 9d R R", "--win", "R", "--from", "wall", "--seat", "S")
    assert rc == 0 and out.splitlines()[1] == "  the knitted_straight hand; pung E E E (exposed); pair R R (last tile)"
