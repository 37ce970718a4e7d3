"""The readings of a hand (mjdsl/scoring/readings.py) as the score shows them: which
set the winning tile completed, whether a discard left it exposed, and the readings
of a pattern of parts beside sets (MCR's knitted straight). The figures are those of
tests/scoring/mcr.txt and the rulesets; each test says why its reading is the one."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjdsl.frontend.compile import compile_ruleset
from mjdsl.scoring import CardWin, HandInput, score_hand
from mjdsl.scoring.notation import read_hand_input
from mjdsl.scoring.report import to_json

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ROOT / "rulesets"


@pytest.fixture(scope="module")
def dmjl():
    return compile_ruleset(RULESETS / "classical.mj")


@pytest.fixture(scope="module")
def mcr():
    return compile_ruleset(RULESETS / "mcr.mj")


def _melds(auto, inp) -> list[tuple[str, str, bool, bool]]:
    doc = to_json(auto, inp, score_hand(auto, inp))
    return [(m["kind"], m["tiles"][0], m["concealed"], m["last"]) for m in doc["melds"]]


def test_the_set_a_discard_completes_is_shown_exposed(dmjl):
    # the west wind on a discard can only complete the west pung: that set is the last
    # and exposed (docs/scoring.md: a set completed by a discard is exposed), the rest
    # concealed; drawn from the wall it stays concealed
    kw = dict(hand="2b 3b 4b 5c 6c 7c 6d 7d 8d W W W N N", win="W", seat="S")
    shown = _melds(dmjl, read_hand_input(dmjl, **kw, source="discard", discarder="E"))
    assert sorted((kind, tile) for kind, tile, *_ in shown) == [("chow", "2b"), ("chow", "5c"), ("chow", "6d"),
                                                                ("pair", "N"), ("pung", "W")]
    assert ("pung", "W", False, True) in shown
    assert all(concealed for kind, tile, concealed, _ in shown if tile != "W")
    assert ("pung", "W", True, True) in _melds(dmjl, read_hand_input(dmjl, **kw, source="wall"))


def test_a_winning_tile_among_the_knitted_tiles_completes_no_set(mcr):
    # tests/scoring/mcr.txt, "knitted straight with a pung and a pair, won on a knitted
    # tile": the 5c sits in the knitted 2 5 8 craks, so no set is the last one
    inp = read_hand_input(mcr, hand="1b 4b 7b 2c 5c 8c 3d 6d 9d R R R E E", win="5c", source="discard", seat="S")
    result = score_hand(mcr, inp)
    assert result.pattern == "knitted_straight" and result.last is None
    assert not any(last for *_, last in _melds(mcr, inp))


def test_of_two_readings_worth_the_same_the_knitted_one_is_kept(mcr):
    # mcr.txt, "knitted straight whose winning tile could sit in the knitted tiles or
    # the chow": both readings are worth 15, both are readings of the knitted straight;
    # the one with the 9d among the knitted tiles comes first and a tie keeps the first,
    # so the chow is not the set the discard completed and stays concealed
    inp = read_hand_input(mcr, hand="1b 4b 7b 2c 5c 8c 3d 6d 9d 7d 8d 9d 5b 5b", win="9d", source="discard",
                          seat="S")
    assert score_hand(mcr, inp).total == 15
    assert ("chow", "7d", True, False) in _melds(mcr, inp)


def test_the_pung_a_discard_completes_beside_knitted_tiles_is_exposed_in_every_reading(tmp_path):
    # a house rule for a concealed pung: the red pung the discard completes is exposed,
    # so the rule does not apply (the hand has no reading with the red tile elsewhere:
    # it is not a knitted tile); self-drawn, the pung is concealed and it applies
    path = tmp_path / "house.mj"
    path.write_text('extends "mcr.mj"\nscoring {\n    rule hidden_pung "A concealed pung": 5 points when won and '
                    'sets(pung and concealed) >= 1\n}\n', encoding="utf-8")
    auto = compile_ruleset(path)
    kw = dict(hand="1b 4b 7b 2c 5c 8c 3d 6d 9d R R R E E", win="R", seat="S")
    assert "hidden_pung" not in score_hand(auto, read_hand_input(auto, **kw, source="discard")).rule_names
    assert "hidden_pung" in score_hand(auto, read_hand_input(auto, **kw, source="wall")).rule_names


def test_a_concealed_pattern_of_parts_is_not_made_beside_a_declared_set(tmp_path):
    # a house copy of the knitted straight that must be concealed: with the melded chow
    # of mcr.txt's "knitted straight beside a melded chow" only the open one is made,
    # worth its 15 points as there
    path = tmp_path / "house.mj"
    path.write_text('extends "mcr.mj"\nwinning {\n    pattern hidden_knitted "Concealed knitted straight" {\n'
                    '        each of knitted 147 258 369\n        sets 1\n        pairs 1\n        concealed\n    }\n}\n',
                    encoding="utf-8")
    auto = compile_ruleset(path)
    inp = read_hand_input(auto, exposed=["7b 8b 9b"], hand="1b 4b 7b 2c 5c 8c 3d 6d 9d 5d 5d", win="5d",
                          source="wall", seat="S")
    result = score_hand(auto, inp)
    assert (result.pattern, result.total) == ("knitted_straight", 15)


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "closures"])
def test_a_card_hand_completes_no_set(tmp_path, compiled):
    # a card's hand is read whole: no set is the last one, so a house rule on how the
    # hand waited or on the set the last tile went to never applies
    path = tmp_path / "house.mj"
    path.write_text('extends "american.mj"\nscoring {\n    rule on_a_pair "Waited on a pair": 1 doubles when wait(pair)\n'
                    '    rule into_a_pung "Last tile to a pung": 1 doubles when last_in(pung)\n}\n', encoding="utf-8")
    auto = compile_ruleset(path)
    inp = HandInput(concealed=[0] * auto.tiles.size, seat_wind=auto.tiles.index("S"), round_wind=auto.tiles.index("E"),
                    winning_tile=auto.tiles.index("1d"), source="wall", card=CardWin(25, jokers=0))
    result = score_hand(auto, inp, compiled=compiled)
    assert (result.total, result.rule_names, result.last) == (50, ("jokerless",), None)


def test_a_hand_that_makes_a_pattern_of_parts_is_named_by_it_on_a_tie(tmp_path):
    # a house pattern of parts (the 1 2 3 of a suit, knitted in one suit) beside three
    # sets and a pair: the hand also splits into four sets and a pair, and no rule tells
    # the two readings apart (22 points each: three concealed pungs, fully concealed), so
    # the special shape names it, as a Nine Gates hand is named though it splits into sets
    path = tmp_path / "house.mj"
    path.write_text('extends "mcr.mj"\nwinning {\n    pattern low_run "A run from one beside sets" {\n'
                    '        each of knitted 123\n        sets 3\n        pairs 1\n    }\n}\n', encoding="utf-8")
    auto = compile_ruleset(path)
    inp = read_hand_input(auto, hand="1b 2b 3b 5c 5c 5c 7d 7d 7d E E E 9d 9d", win="5c", source="wall", seat="S")
    result = score_hand(auto, inp)
    assert (result.pattern, result.total) == ("low_run", 22)


def test_a_special_hand_open_to_declared_sets_is_read_after_the_concealed_ones(tmp_path):
    # a house Nine Gates without "concealed", after classical's concealed Nine Gates and
    # Snake: with the pung of 1b declared those two are passed over, and the open one is
    # still made (its limit beats the four sets and a pair the tiles also make)
    path = tmp_path / "house.mj"
    path.write_text('extends "classical.mj"\nwinning {\n    pattern open_gates "Open gates" {\n'
                    '        counts 3 1 1 1 1 1 1 1 3 in one suit\n        one more of that suit\n    }\n}\n'
                    'scoring {\n    rule open_gates "Open gates": 1 limits when won and pattern(open_gates)\n}\n',
                    encoding="utf-8")
    auto = compile_ruleset(path)
    inp = read_hand_input(auto, exposed=["1b 1b 1b"], hand="2b 3b 4b 5b 6b 7b 8b 9b 9b 9b 5b", win="5b", source="wall",
                          seat="S")
    assert score_hand(auto, inp).pattern == "open_gates"


def test_a_losers_sets_are_read_whatever_order_the_tiles_are_declared_in(dmjl, tmp_path):
    # classical with its flowers declared first: a flower makes no set (it is set aside,
    # not held), but the tiles declared after it still do, so the loser's concealed pung
    # of simples and pair of dragons score as they do in classical itself (4 + 2)
    text = (RULESETS / "classical.mj").read_text(encoding="utf-8")
    flowers = '    flower "f1" "f2" "f3" "f4" x1 seat linked  # 1 = East ... 4 = North\n'
    path = tmp_path / "flowers-first.mj"
    path.write_text(text.replace(flowers, "").replace("tiles {\n", "tiles {\n" + flowers, 1), encoding="utf-8")
    first = compile_ruleset(path)
    assert first.tiles.kinds[0].code == "f1"
    for auto in (dmjl, first):
        result = score_hand(auto, read_hand_input(auto, hand="5b 5b 5b 2c 3c 4c 6d 7d 9d N E R R", seat="S"))
        assert (result.total, result.rule_names) == (6, ("pung_concealed_simple", "pair_dragon"))
