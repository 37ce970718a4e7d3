"""Responsibility (issue 10): `feeder of N sets where PRED pays [SHARE] for GROUP`.

The hand-scored cases are in tests/scoring/{hong-kong,singapore,riichi}.txt and the
history in play in tests/scenarios/responsibility-*.txt; here, what the checker
refuses, what the command line refuses, and the payments moved being zero-sum.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from checking import codes_of
from mjdsl.cli import main
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.scoring import score_hand
from mjdsl.scoring.feeds import take_on
from mjdsl.scoring.notation import read_hand_input

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ROOT / "rulesets"


@pytest.mark.parametrize("line", [
    "feeder of 0 sets where dragon pays for losers",
    "feeder of 5 sets where (pung or kong) and wind pays for losers",
    "feeder of 3 sets where dragon pays 0 for discarder",
    "feeder of 3 sets where dragon pays 1.5 for discarder",
])
def test_a_feeder_no_hand_can_have_is_refused(line):
    assert "MJ276" in codes_of(f'extends "hong-kong.mj"\npayments {{\n    {line}\n}}\n')


def test_a_feeder_of_a_card_is_refused_and_a_good_one_is_not():
    assert "MJ276" in codes_of('extends "american.mj"\npayments {\n    feeder of 3 sets where dragon pays for losers\n}\n')
    assert "MJ276" not in codes_of('extends "hong-kong.mj"\npayments {\n'
                                 '    feeder of 3 sets where dragon pays 0.5 for others when self_drawn\n}\n')


def test_a_feeder_names_only_facts_of_a_set_and_of_the_pay_context():
    got = codes_of('extends "hong-kong.mj"\npayments {\n    feeder of 3 sets where dragn pays for losers when won\n}\n')
    assert "MJ204" in got


@pytest.mark.parametrize("exposed,message", [
    ("R R R from S", "not S's own"),
    ("R R R from 5c", "not a wind"),
])
def test_the_command_line_refuses_a_set_fed_by_no_other_player(exposed, message, capsys):
    rc = main(["score", str(RULESETS / "hong-kong.mj"), "--exposed", exposed, "--exposed", "G G G",
               "--hand", "0 0 0 2b 3b 4b 5c 5c", "--win", "5c", "--from", "wall", "--seat", "S"])
    err = capsys.readouterr().err
    assert rc == 2 and message in err and "Traceback" not in err


def test_the_text_and_json_say_who_fed_the_set(capsys):
    args = ["score", str(RULESETS / "riichi.mj"), "--exposed", "P P P from E", "--exposed", "F F F from N",
            "--exposed", "C C C from W", "--hand", "2m 3m 4m 9p 9p", "--win", "9p", "--from", "discard",
            "--discarder", "N", "--seat", "S", "--table", "discards=20", "--table", "claims=3"]
    assert main(args) == 0
    out = capsys.readouterr().out
    lines = (RULESETS / "riichi.mj").read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines, 1) if "pays 0.5 for discarder" in line and "dragon" in line)
    assert "W -16000, N -16000" in out and "responsibility: W fed the set" in out and f"riichi.mj:{at}" in out
    assert main([*args, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["payments"] == {"E": 0, "S": 32000, "W": -16000, "N": -16000}
    assert [r["feeder"] for r in doc["responsibility"]] == ["W"]
    # the feeder's own discard: an ordinary ron, nothing moved and nothing said
    args[args.index("--discarder") + 1] = "W"
    assert main([*args, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["payments"]["W"] == -32000 and "responsibility" not in doc



def test_the_text_names_the_feeder_of_a_later_statement_when_the_discarder_fed_an_earlier_one(tmp_path, capsys):
    # riichi's daisangen fed by the discarder (West) is an ordinary ron; a house rule
    # after it makes the feeder of the second dragon set pay: North, named in the text
    # (an overlay's feeder statements replace the ruleset's: both are written)
    path = tmp_path / "two-feeds.mj"
    path.write_text('extends "riichi.mj"\n\npayments {\n'
                    "    feeder of 3 sets where (pung or kong) and dragon pays 0.5 for discarder when by_discard\n"
                    "    feeder of 2 sets where (pung or kong) and dragon pays for losers when by_discard\n}\n",
                    encoding="utf-8")
    assert main(["score", str(path), "--exposed", "P P P from E", "--exposed", "F F F from N", "--exposed",
                 "C C C from W", "--hand", "2m 3m 4m 9p 9p", "--win", "9p", "--from", "discard", "--discarder", "W",
                 "--seat", "S", "--table", "discards=20", "--table", "claims=3"]) == 0
    out = capsys.readouterr().out
    assert "E +0, S +32000, W +0, N -32000" in out
    fed = [line for line in out.splitlines() if line.startswith("  responsibility: ")]
    assert len(fed) == 1 and fed[0].startswith("  responsibility: N fed the set") and "two-feeds.mj:5]" in fed[0]


def test_the_payments_moved_stay_zero_sum_and_follow_the_share():
    out = [-1000.0, 4000.0, -2000.0, -1000.0]
    take_on(out, feeder_seat=3, winner=1, share=0.5, group="discarder", discarder=2)
    assert out == [-1000.0, 4000.0, -1000.0, -2000.0]
    take_on(out, feeder_seat=3, winner=1, share=1, group="losers", discarder=2)
    assert out == [0.0, 4000.0, 0.0, -4000.0] and sum(out) == 0


def test_the_order_of_the_claims_decides_who_fed_the_third_set():
    """Scored alone, the concealed sets were held from the start: the set claimed last
    of the three is the third, whichever dragon it is."""
    auto = compile_ruleset(RULESETS / "hong-kong.mj")

    def payments(first: str, second: str) -> tuple:
        hand = read_hand_input(auto, exposed=[first, second], hand="0 0 0 2b 3b 4b 5c 5c", win="5c",
                               source="wall", seat="S")
        return score_hand(auto, hand).payments

    assert payments("R R R from E", "G G G from W") == (0, 6144, -6144, 0)
    assert payments("G G G from W", "R R R from E") == (-6144, 6144, 0, 0)
    # with one dragon set fewer nobody fed great three dragons: every loser pays double
    hand = read_hand_input(auto, exposed=["R R R from E", "G G G from W"], hand="2b 2b 2b 3b 4b 5b 5c 5c",
                           win="5c", source="wall", seat="S")
    assert all(p < 0 for i, p in enumerate(score_hand(auto, hand).payments) if i != 1)
