"""The state of the hand in conditions, and payments outside the settlement (issue 10,
items 2, 4 and 6): each new statement read by the engine and changing play.

The rulesets are overlays of rulesets/classical.mj written for the test: a riichi-like
announcement with a deposit, furiten as a claim condition, tenpai payments at a wall
game, an instant payment for a concealed kong, a repeat counter.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine_script import act, names, no_claims, scripted
from mjdsl.bots import GreedyBot
from mjdsl.cli import main
from mjdsl.engine import invariants
from mjdsl.engine.run import SessionClock, play_session, session_min_hands, session_plan
from mjdsl.engine.settle import wall_game_payments
from mjdsl.frontend.checked import check_file
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.scoring.notation import read_hand_input
from mjdsl.scoring.score import score_hand

ROOT = Path(__file__).resolve().parent.parent
CLASSICAL = ROOT / "rulesets" / "classical.mj"

OVERLAY = """ruleset "classical with the table's state"
extends "classical.mj"
play {
    announce riichi "Riichi" after any discard freezes hand if concealed_hand and wall_left >= WALL
}
claims {
    claim mahjong from any when not discarded_a_wait and not passed_a_win
}
payments {
    deposit 10 points on announce riichi
    wall game: not calling pay calling 30 points shared
    on concealed kong: others pay 2 points
    on claimed kong: others pay 1 points
}
session {
    counter honba "Repeat counter" counts hands in a row when dealer_won or wall_game
}
scoring {
    rule ippatsu "One shot": 1 double when won and announced(riichi) and discards_since(riichi) < 4 and claims_since(riichi) == 0
    rule repeat "Repeat counter": 10 points when won and honba > 0
    rule first_go_round "First go-round": 1 double when won and discards < 4 and claims == 0
}
"""

# 13-tile hands that claim nothing from the discards used below
QUIET = "1b 4b 7b 1c 4c 7c 1d 4d 7d E S W N"
# waits on 5b (a 4-5-6 chow)
WAITS_5B = "4b 6b 1c 1c 1c 2d 3d 4d 7d 8d 9d R R"


def _overlay(tmp_path, wall_needed: int = 4) -> Path:
    p = tmp_path / "state.mj"
    p.write_text(OVERLAY.replace("WALL", str(wall_needed)), encoding="utf-8")
    return p


@pytest.fixture(scope="module")
def auto(tmp_path_factory):
    return compile_ruleset(_overlay(tmp_path_factory.mktemp("state")))


@pytest.fixture(scope="module")
def classical():
    return compile_ruleset(CLASSICAL)


def _index(auto, code: str) -> int:
    return auto.tiles.index(code)


def test_the_overlay_checks_clean(tmp_path):
    checked = check_file(_overlay(tmp_path))
    assert not checked.diagnostics, [d.message for d in checked.diagnostics]


# -- facts of the table in claim conditions: furiten ------------------------------------------------


def test_a_hand_whose_wait_is_among_its_own_discards_may_not_win_on_a_discard(auto, classical):
    for a, offered in ((classical, True), (auto, False)):
        g = scripted(a, {0: "5b " + QUIET, 2: WAITS_5B})
        g.st.thrown[2][_index(a, "5b")] = True  # seat 2 threw a 5b earlier in the hand
        act(g, 0, "discard 5b")
        assert ("mah jongg" in names(g) if g.current_player() == 2 else False) is offered


def test_a_hand_that_let_a_win_go_by_may_not_win_on_a_discard_until_it_discards(auto):
    g = scripted(auto, {0: "5b " + QUIET, 1: "5b 9b 2c 5c 8c 2d 5d 8d E E S S W", 2: WAITS_5B},
                 wall="9b 9c")
    act(g, 0, "discard 5b")
    assert g.current_player() == 2 and "mah jongg" in names(g)
    act(g, 2, "no claim")
    assert g.st.passed[2]
    act(g, 1, "discard 5b")  # the same tile again, before seat 2 has discarded
    assert not (g.current_player() == 2 and "mah jongg" in names(g))
    no_claims(g)
    act(g, 2, "discard 9c")  # its own discard ends the pass
    assert not g.st.passed[2]


# -- an announcement's condition, its deposit, the pot ------------------------------------------------


def test_an_announcement_is_offered_only_when_its_condition_holds(tmp_path):
    for needed, offered in ((4, True), (500, False)):
        a = compile_ruleset(_overlay(tmp_path, needed))
        g = scripted(a, {0: "N 1b 1b 1b 2c 3c 4c 5d 6d 7d E E E S"})
        act(g, 0, "discard N")
        assert (g.current_player() == 0 and "announce Riichi" in names(g)) is offered


def test_a_deposit_goes_into_the_pot_and_the_winner_takes_it(auto):
    # seat 0 announces after discarding N, calling on S; seat 1 discards S and seat 0 wins on it
    g = scripted(auto, {0: "N 1b 1b 1b 2c 3c 4c 5d 6d 7d E E E S", 1: "S 2b 5b 8b 3c 6c 9c 3d 6d 9d R G 0"},
                 wall="S")
    act(g, 0, "discard N")
    act(g, 0, "announce Riichi")
    assert g.st.returns[0] == -10 and g.st.pot == 10
    no_claims(g)
    act(g, 1, "discard S")
    act(g, 0, "mah jongg")
    res = g.st.result
    assert res["winner"] == 0 and res["pot_taken"] == 10 and g.st.pot == 0
    # won on the first discard after the announcement, nothing claimed: the one-shot rule
    assert "ippatsu" in res["rules"] and "first_go_round" in res["rules"]
    assert abs(g.st.balance()) < 1e-9


def test_a_wall_game_carries_the_pot_into_the_next_hand(auto):
    clock = SessionClock.begin(auto, "s")
    clock.advance(auto, {"winner": None, "wall_game": True, "pot": 10.0})
    assert clock.context()["pot"] == 10
    g = scripted(auto, {0: "N 1b 1b 1b 2c 3c 4c 5d 6d 7d E E E S", 1: "S 2b 5b 8b 3c 6c 9c 3d 6d 9d R G 0"})
    g.context["pot"] = 10.0
    g.st.pot = g.st.pot_in = 10.0  # as Game() sets it from the context it is given
    act(g, 0, "discard N")
    act(g, 0, "no claim")
    no_claims(g)
    act(g, 1, "discard S")
    act(g, 0, "mah jongg")
    assert g.st.result["pot_taken"] == 10 and abs(g.st.balance()) < 1e-9
    clock.advance(auto, g.st.result)
    assert "pot" not in clock.context()


def test_every_hand_of_a_session_balances_with_the_pot(auto):
    records = play_session(auto, "c", [GreedyBot() for _ in range(4)], 6, check=invariants.check)
    assert any(r.result.get("pot_taken") for r in records)  # a deposit was made and taken


# -- a wall game's payments, instant payments ---------------------------------------------------------


def test_the_hands_not_calling_pay_the_calling_ones_at_a_wall_game(auto):
    g = scripted(auto, {0: "N " + QUIET, 1: WAITS_5B})
    assert [g.rules.calling(g.st, s) for s in range(4)] == [False, True, False, False]
    before = list(g.st.returns)
    out = wall_game_payments(g)
    assert out["calling"] == [1]
    assert [r - b for r, b in zip(g.st.returns, before)] == [-10, 30, -10, -10]


def test_a_concealed_kong_is_paid_at_once(auto, classical):
    for a, paid in ((classical, 0), (auto, 2)):
        g = scripted(a, {0: "9d 9d 9d 9d 1b 4b 7b 1c 4c 7c E S W N"}, dead="2b")
        act(g, 0, "concealed kong of 9d")
        assert g.st.returns == [3 * paid, -paid, -paid, -paid]


def test_a_claimed_kong_is_paid_at_once_by_every_other_seat(auto):
    g = scripted(auto, {0: "9d " + QUIET, 1: "9d 9d 9d 2c 5c 8c 2d 5d 3b 3b S S W"}, dead="2b")
    act(g, 0, "discard 9d")
    act(g, 1, "claim kong")
    assert g.st.returns == [-1, 3, -1, -1]


# -- the session's counter -------------------------------------------------------------------------------


def test_the_counter_counts_hands_in_a_row_and_resets(auto):
    clock = SessionClock.begin(auto, "s")
    seen = []
    # a wall game, the dealer wins, another seat wins, a wall game
    for winner in (lambda d: None, lambda d: d, lambda d: (d + 1) % 4, lambda d: None):
        clock.advance(auto, {"winner": winner(clock.dealer)})
        seen.append(clock.context()["honba"])
    assert seen == [1, 2, 0, 1]


def test_a_session_condition_reads_the_counters_as_the_hands_before_left_them(tmp_path):
    # a counter not yet counted reads 0; after that, a hand's conditions read the
    # counters as the hands before it left them (they move only after every one is read)
    rules = tmp_path / "dry.mj"
    rules.write_text(f'extends "{CLASSICAL}"\nremove session {{\n    dealer keeps deal when dealer_won\n}}\n'
                     'session {\n    counter dry "Dry hands" counts hands in a row when wall_game\n'
                     '    dealer keeps deal when dry == 1\n}\n', encoding="utf-8")
    auto = compile_ruleset(rules, allow_outside=True)
    clock = SessionClock.begin(auto, "s")
    first, seen = clock.dealer, []
    for _ in range(4):  # four wall games
        clock.advance(auto, {"winner": None})
        seen.append(((clock.dealer - first) % 4, clock.counters["dry"]))
    # hand 1: dry not counted yet (0), the deal moves; hand 2: dry is 1, the dealer
    # keeps it; hand 3: dry is 2, it moves on
    assert seen == [(1, 1), (1, 2), (2, 3), (3, 4)]


def test_a_session_of_r_rounds_ends_when_the_deal_has_gone_round_r_times():
    auto = compile_ruleset(CLASSICAL, [("rounds", "2")])
    clock = SessionClock.begin(auto, "r")
    first = clock.dealer
    winds = []
    for winner in (None, None, 0, None, None, None, None, None, None):  # a dealer's win keeps the deal
        assert not clock.over
        winds.append(clock.round_wind(auto))
        clock.advance(auto, {"winner": None if winner is None else clock.dealer})
    assert clock.over and (clock.hands, clock.round_index, clock.dealer) == (9, 2, first)
    east, south = auto.seat_winds[:2]
    assert winds == [east] * 5 + [south] * 4  # the round wind turns with the round


def test_the_plan_of_a_session_is_its_hands_or_its_rounds(classical):
    # classical plays `rounds rounds` (4 by default) at four players, no `hands`: a
    # session is no fewer than 4 hands a round (the dealer keeping the deal adds more)
    assert session_plan(classical) == (0, 4) and session_min_hands(classical) == 16
    short = compile_ruleset(CLASSICAL, [("rounds", "1")])
    assert session_plan(short) == (0, 1) and session_min_hands(short) == 4


def test_a_session_of_n_hands_whose_round_wind_stays(tmp_path):
    # `hands 3` for classical's `rounds rounds`, and no `round wind rotates`: three
    # hands, each with East's wind as the round wind, the deal moving on
    rules = tmp_path / "three.mj"
    rules.write_text(CLASSICAL.read_text(encoding="utf-8").replace("    rounds rounds\n", "    hands 3\n")
                     .replace("    round wind rotates every round\n", ""), encoding="utf-8")
    auto = compile_ruleset(rules)
    assert session_plan(auto) == (3, 0) and session_min_hands(auto) == 3
    clock = SessionClock.begin(auto, "h")
    first, winds = clock.dealer, []
    while not clock.over:
        winds.append(clock.round_wind(auto))
        clock.advance(auto, {"winner": None})
    assert winds == [auto.seat_winds[0]] * 3 and clock.dealer == (first + 3) % 4


def test_the_dealer_among_several_winners_keeps_the_deal(classical):
    # classical's `dealer keeps deal when dealer_won`: a dealer who won beside another
    # winner (``also_won``) won the hand
    clock = SessionClock(dealer=2, start=2)
    clock.advance(classical, {"winner": 1, "also_won": [{"winner": 2}]})
    assert (clock.dealer, clock.streak) == (2, 1)
    clock.advance(classical, {"winner": 1, "also_won": [{"winner": 3}]})
    assert (clock.dealer, clock.streak) == (3, 0)


def test_score_rules_read_the_counter_from_the_session(auto):
    g = scripted(auto, {0: "N 1b 1b 1b 2c 3c 4c 5d 6d 7d E E E S", 1: "S 2b 5b 8b 3c 6c 9c 3d 6d 9d R G 0"})
    g.context["honba"] = 2
    act(g, 0, "discard N")
    act(g, 0, "no claim")  # no riichi
    no_claims(g)
    act(g, 1, "discard S")
    act(g, 0, "mah jongg")
    assert "repeat" in g.st.result["rules"] and "ippatsu" not in g.st.result["rules"]


def test_a_hand_scored_on_its_own_is_taken_as_well_under_way(auto):
    hand = dict(hand="1b 1b 1b 2c 3c 4c 5d 6d 7d E E E S S", win="S", source="wall")
    rules = set(score_hand(auto, read_hand_input(auto, **hand)).rule_names)
    # nothing told of the table: not a win in the first go-round, no counter, no announcement
    assert rules.isdisjoint({"first_go_round", "repeat", "ippatsu"})
    # an announcement made but not how long ago: no one-shot win either
    rules = set(score_hand(auto, read_hand_input(auto, **hand, announced=["riichi"])).rule_names)
    assert "ippatsu" not in rules and "first_go_round" not in rules
    # told, each counts
    told = read_hand_input(auto, **hand, announced=["riichi"],
                           table=["discards=2", "discards_since(riichi)=1", "honba=1"])
    assert {"first_go_round", "ippatsu", "repeat"} <= set(score_hand(auto, told).rule_names)


@pytest.mark.parametrize("told, earthly", [((), False), (("--table", "discards=2"), True)])
def test_score_counts_an_earthly_hand_only_when_told_it_came_early(told, earthly, capsys):
    # the command a user types for a plain self-drawn riichi hand: no yakuman from facts not given
    rc = main(["score", str(ROOT / "rulesets" / "riichi.mj"), "--hand", "1m 2m 3m 4p 5p 6p 7s 8s 9s 2s 3s 4s 5m 5m",
               "--win", "5m", "--from", "wall", "--seat", "S", *told, "--json"])
    out = capsys.readouterr().out
    assert rc == 0, out
    assert ("chiihou" in {r["name"] for r in json.loads(out)["rules"]}) is earthly


def test_the_facts_a_scorer_reads_are_worked_out_once_and_listed(classical):
    from mjdsl.engine.table_facts import TableFacts

    g = scripted(classical, {0: "N 1b 1b 1b 2c 3c 4c 5d 6d 7d E E E S"})
    facts = TableFacts(g, 0, None)
    assert len(facts) == 0 and list(facts) == []
    assert facts["claims"] == 0 and facts["dealer"] is True
    assert len(facts) == 2 and sorted(facts) == ["claims", "dealer"]


def test_with_no_tile_in_question_no_copy_of_it_is_in_sight(classical):
    # a loser's hand is scored with no winning tile: tile_visible reads 0 there
    from mjdsl.engine.table_facts import table_fact

    g = scripted(classical, {0: "N 1b 1b 1b 2c 3c 4c 5d 6d 7d E E E S"})
    act(g, 0, "discard N")
    assert table_fact(g, 1, "tile_visible", None) == 0
    assert table_fact(g, 1, "tile_visible", classical.tiles.index("N")) == 1
