"""Responsibility (issue 10): `feeder of N sets where PRED pays [SHARE] for GROUP`.

The hand-scored cases are in tests/scoring/{hong-kong,singapore,riichi}.txt and the
history in play in tests/scenarios/responsibility-*.txt; here, what the checker
refuses, what the command line refuses, the payments moved being zero-sum, and who
fed the set at the edges of the count (a pair, a set held before the discard, a set
claimed from a player not named, the first set of the reading).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from checking import codes_of
from mjdsl.cli import main
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.scoring import score_hand
from mjdsl.scoring.feeds import feeder, take_on
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


def test_for_others_the_feeder_takes_on_every_loser_but_the_discarder():
    out = [-1000.0, 4000.0, -2000.0, -1000.0]
    take_on(out, feeder_seat=3, winner=1, share=1, group="others", discarder=2)
    assert out == [0.0, 4000.0, -2000.0, -2000.0]


def test_a_feeder_that_is_the_loser_named_pays_what_it_paid_to_the_last_digit():
    # the feeder's own payment is not moved to itself: taking 0.1 of -0.3 away and
    # adding it back would leave -0.30000000000000004
    out = [-0.3, 0.9, -0.3, -0.3]
    take_on(out, feeder_seat=0, winner=1, share=0.1, group="discarder", discarder=0)
    assert out == [-0.3, 0.9, -0.3, -0.3]


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


@pytest.fixture(scope="module")
def hong_kong():
    auto = compile_ruleset(RULESETS / "hong-kong.mj")
    dragons, winds = auto.payments.feeds  # feeder of 3 dragon sets, of 4 wind sets
    return auto, dragons, winds


def test_a_hand_that_did_not_win_was_fed_nothing(hong_kong):
    # three dragon pungs claimed from East, West and North, and no win: no feeder
    auto, dragons, _ = hong_kong
    inp = read_hand_input(auto, exposed=["R R R from E", "G G G from W", "0 0 0 from N"], hand="2b 3b 4b 5c",
                          seat="S")
    assert feeder(score_hand(auto, inp).context, dragons.count, dragons.where) is None


def test_a_set_claimed_from_a_player_not_named_has_no_feeder(hong_kong):
    # the white pung was claimed (no "from": nobody is known to have fed it), the red
    # and green held from the start: great three dragons self-drawn, each loser pays
    # as without responsibility (double, as every loser of a self-drawn win)
    auto, dragons, _ = hong_kong
    inp = read_hand_input(auto, exposed=["0 0 0"], hand="R R R G G G 2b 3b 4b 5c 5c", win="5c", source="wall",
                          seat="S")
    result = score_hand(auto, inp)
    assert feeder(result.context, dragons.count, dragons.where) is None
    east, south, west, north = result.payments
    assert east == west == north < 0 and south == -3 * east


def test_the_discard_that_completes_the_first_set_of_the_reading_fed_it(hong_kong):
    # South holds the south, west and north pungs and the east pair, and wins on West's
    # east: the east pung, the reading's first set, is the fourth wind set, and West
    # takes on the whole payment
    auto, _, winds = hong_kong
    inp = read_hand_input(auto, hand="E E E S S S W W W N N N R R", win="E", source="discard", discarder="W",
                          seat="S")
    result = score_hand(auto, inp)
    assert result.context.reading.last == 0
    assert feeder(result.context, winds.count, winds.where) == inp.discarder
    east, south, west, north = result.payments
    assert east == north == 0 and west == -south < 0


@pytest.fixture(scope="module")
def second_dragon(tmp_path_factory):
    """Classical (no responsibility of its own) with a house rule: the feeder of a
    second dragon set pays for all; its predicate, ``dragon``, holds for a pair too."""
    path = tmp_path_factory.mktemp("feeds") / "house.mj"
    path.write_text('extends "classical.mj"\npayments {\n    feeder of 2 sets where dragon pays for losers\n}\n',
                    encoding="utf-8")
    auto = compile_ruleset(path)
    return auto, auto.payments.feeds[0]


def test_a_pair_of_dragons_is_no_dragon_set(second_dragon):
    # the green pung claimed from West and the red pair: one dragon set, nobody fed a
    # second, and every loser pays (East, dealing, double)
    auto, f = second_dragon
    inp = read_hand_input(auto, exposed=["G G G from W"], hand="R R 2b 3b 4b 6b 7b 8b 5c 5c 5c", win="5c",
                          source="wall", seat="S")
    result = score_hand(auto, inp)
    assert feeder(result.context, f.count, f.where) is None
    east, _, west, north = result.payments
    assert east == 2 * west == 2 * north < 0
    # with the red pung instead, West fed the second dragon set and pays for all
    inp = read_hand_input(auto, exposed=["G G G from W"], hand="R R R 2b 3b 4b 6b 7b 8b 5c 5c", win="5c",
                          source="wall", seat="S")
    east, south, west, north = score_hand(auto, inp).payments
    assert east == north == 0 and west == -south < 0


def test_two_dragon_sets_held_before_the_discard_have_no_feeder(second_dragon):
    # the red and green pungs held from the start, the white completed on West's
    # discard: the second dragon set was there before it, so every loser pays
    auto, f = second_dragon
    inp = read_hand_input(auto, hand="R R R G G G 0 0 0 2b 3b 4b 5c 5c", win="0", source="discard",
                          discarder="W", seat="S")
    result = score_hand(auto, inp)
    assert feeder(result.context, f.count, f.where) is None
    east, _, west, north = result.payments
    assert east == 2 * west == 2 * north < 0
    # with the green a pair that West's discard makes a pung, West fed the second
    inp = read_hand_input(auto, hand="R R R G G 2b 3b 4b 5c 5c 6b 7b 8b G", win="G", source="discard",
                          discarder="W", seat="S")
    assert feeder(score_hand(auto, inp).context, f.count, f.where) == inp.discarder
