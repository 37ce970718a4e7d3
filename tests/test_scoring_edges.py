"""The scoring library at its edges: calls a user of the library makes that the
hand-scored files (tests/scoring/*.txt) do not, each with figures worked out by hand
from reference/classical-scoring.md and the rulesets."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjdsl.frontend.compile import compile_ruleset
from mjdsl.scoring import pay_winner, score_hand, settle
from mjdsl.scoring.notation import read_hand_input

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def dmjl():
    return compile_ruleset(ROOT / "rulesets" / "classical.mj")


def test_the_winner_alone_is_paid_by_each_loser(dmjl):
    # pay_winner: the losers' payments to the winner, without their settling among
    # themselves; worked example 1 (South's 256 on West's discard), East dealing and
    # paying double; the seats are the ruleset's four when the caller names none
    winner = score_hand(dmjl, read_hand_input(dmjl, exposed=["1c 1c 1c", "7c 7c 7c", "2c 3c 4c", "6c 6c 6c"],
                                              hand="5c 5c", win="5c", source="discard", seat="S"))
    assert pay_winner(dmjl, winner, 1, 0, 2) == [-512, 1024, -256, -256]


def test_a_wall_game_pays_nothing_whoever_held_what(dmjl):
    # no winner's score: nobody pays, and the losers do not settle among themselves,
    # though their hands scored (East 56, West 128: classical-scoring.md's hands) and
    # a caller names the seat that played last
    east = score_hand(dmjl, read_hand_input(dmjl, exposed=["R R R"], kongs=["2b"], hand="5c 5c 5c 7d 7d 9b 1c",
                                               bonus="f3"))
    west = score_hand(dmjl, read_hand_input(dmjl, exposed=["E E E", "S S S"], hand="W W W N N 3b 5b", seat="W"))
    assert (east.total, west.total) == (56, 128)
    for seat in (None, 1):
        assert settle(dmjl, None, {0: east, 2: west}, 0, winner_seat=seat) == [0.0] * 4


def test_the_json_of_a_score_names_the_sets_each_rule_applied_to(dmjl):
    # worked example 1 with f2 drawn: the exposed pungs of simples are 7c and 6c (2 x 2
    # points), of terminals 1c (4); the flower 4; a hand rule applies to no set
    from mjdsl.scoring.report import to_json

    inp = read_hand_input(dmjl, exposed=["1c 1c 1c", "7c 7c 7c", "2c 3c 4c", "6c 6c 6c"], hand="5c 5c", win="5c",
                          source="discard", seat="S", bonus="f2")
    doc = to_json(dmjl, inp, score_hand(dmjl, inp))
    shown = {r["name"]: (r["value"], r.get("applied_to")) for r in doc["rules"]}
    assert shown["pung_exposed_simple"] == (4, ["7c 7c 7c", "6c 6c 6c"])
    assert shown["pung_exposed_major"] == (4, ["1c 1c 1c"])
    assert shown["bonus_tile"] == (4, ["f2"])
    assert shown["one_suit"] == (3, None)


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "closures"])
def test_a_pair_is_no_set_of_a_relation(tmp_path, compiled):
    # related(...) relates sets of suit tiles, pairs not (docs/language.md, "Relations
    # between sets"): the pung of 5b and the pair of 5c are no two simples of one rank
    path = tmp_path / "house.mj"
    path.write_text('extends "classical.mj"\nscoring {\n    rule twins "Twins": 1 point per related(2 simple, '
                    'different suits, same rank) when won\n}\n', encoding="utf-8")
    auto = compile_ruleset(path)
    inp = read_hand_input(auto, hand="5b 5b 5b 5c 5c 2d 3d 4d 6d 7d 8d 9b 9b 9b", win="9b", source="wall", seat="S")
    assert "twins" not in score_hand(auto, inp, compiled=compiled).rule_names
    # a pung of 5c beside it is one
    inp = read_hand_input(auto, hand="5b 5b 5b 5c 5c 5c 2d 3d 4d 9b 9b 9b 7d 7d", win="9b", source="wall", seat="S")
    assert "twins" in score_hand(auto, inp, compiled=compiled).rule_names


@pytest.fixture(scope="module")
def two_dragons(tmp_path_factory):
    """Hong Kong with a house rule: the feeder of a second dragon set pays for all."""
    path = tmp_path_factory.mktemp("feeds") / "house.mj"
    path.write_text('extends "hong-kong.mj"\npayments {\n    feeder of 2 sets where (pung or kong) and dragon pays '
                    'for losers\n}\n', encoding="utf-8")
    return compile_ruleset(path)


def test_a_hand_that_held_the_sets_already_has_no_feeder(two_dragons):
    # South held the red and green pungs from the start and claimed the white from
    # West: the second dragon set was there before West's discard, so nobody takes on
    # the payments. Self-drawn, no flowers, great three dragons: 1 + 1 + 8 = 10 faan,
    # 1024; each loser pays double, 2048
    inp = read_hand_input(two_dragons, exposed=["0 0 0 from W"], hand="R R R G G G 2b 3b 4b 5c 5c", win="5c",
                          source="wall", seat="S")
    assert score_hand(two_dragons, inp).payments == (-2048, 6144, -2048, -2048)


def test_the_player_who_fed_the_second_dragon_set_pays_for_all(two_dragons):
    # South held the red pung and claimed the green from West: West fed the second.
    # Self-drawn, a dragon pung, no flowers: 3 faan, 16; each loser would pay 32, and
    # West pays the three shares
    inp = read_hand_input(two_dragons, exposed=["G G G from W"], hand="R R R 2b 3b 4b 6b 7b 8b 5c 5c", win="5c",
                          source="wall", seat="S")
    assert score_hand(two_dragons, inp).payments == (0, 96, -96, 0)


def test_a_number_in_the_json_is_an_int_when_whole_else_six_places():
    # RuleLine.to_json, as mjdsl score --json prints each rule: a third of a point shows
    # to six places, three of them are the whole number 1 (an int), and 3 x 0.1 (float
    # noise, 0.30000000000000004) shows as 0.3
    from mjdsl.scoring.model import RuleLine

    doc = RuleLine("third", "A third", 1 / 3, "points", 3, None).to_json()
    assert doc["amount"] == 0.333333
    assert doc["value"] == 1 and isinstance(doc["value"], int)
    assert RuleLine("tenth", "A tenth", 0.1, "points", 3, None).to_json()["value"] == 0.3
