"""The figures of many hands (engine/tally.py), worked out by hand from a few hands
made for the test: what ``mjdsl simulate --json`` reports of them, and a checkpoint
(``Tally.state``) that resumes to the same figures (``mjdsl analyze --checkpoint``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mjdsl.engine.run import HandRecord
from mjdsl.engine.tally import Tally, card_lines
from mjdsl.frontend.compile import compile_ruleset

ROOT = Path(__file__).resolve().parent.parent
BOTS = ["a", "b", "a", "b"]  # player p at seat p


def _hand(result: dict, returns, dead=(False,) * 4, turns: int = 0, decisions: int = 0, events=()) -> HandRecord:
    return HandRecord("s", 0, 0, (), result, tuple(returns), tuple(dead), turns, decisions, tuple(events))


# seat 2 wins on seat 0's discard (seat 1's hand is dead); a wall game; seat 1 draws its win
HANDS = [
    _hand({"winner": 2, "hand": "standard", "rules": ["pung", "chow"], "value": 40, "self_drawn": False,
           "discarder": 0}, (-40, 0, 60, -20), dead=(False, True, False, False), turns=20, decisions=30,
          events=(("claimed pung", 2),)),
    _hand({"winner": None, "wall_game": True, "value": 0}, (0, 0, 0, 0), turns=40, decisions=50,
          events=(("claimed pung", 1), ("dead hand", 1))),
    _hand({"winner": 1, "hand": "standard", "rules": ["pung"], "value": 20, "self_drawn": True, "discarder": None},
          (-20, 60, -20, -20), turns=30, decisions=40),
]


@pytest.fixture(scope="module")
def classical():
    return compile_ruleset(ROOT / "rulesets" / "classical.mj")


def _tally(auto, hands, lines=()):
    t = Tally(auto, lines)
    for h in hands:
        t.add(h, BOTS)
    return t


def test_the_summary_of_three_hands(classical):
    s = _tally(classical, HANDS).summary()
    assert (s["hands"], s["won"], s["wall_games"], s["dead_hands"]) == (3, 2, 1, 1)
    assert s["by_hand"] == {"standard": 2}
    assert list(s["elements"].items()) == [("pung", 2), ("chow", 1)]  # most applied first
    assert (s["average_turns"], s["decisions"]) == (30.0, 120)
    assert s["events"] == {"claimed pung": 3, "dead hand": 1}
    # paid: what the winners took (60 + 60); the value averaged over the won hands only
    assert s["payments"] == {"total_paid": 120.0, "average_value": 30.0, "zero_sum": True}
    assert s["by_seat"] == [
        {"seat": 0, "won": 0, "win_rate": 0.0, "average_return": -20.0, "deal_ins": 1},
        {"seat": 1, "won": 1, "win_rate": 0.3333, "average_return": 20.0, "deal_ins": 0},
        {"seat": 2, "won": 1, "win_rate": 0.3333, "average_return": 13.333, "deal_ins": 0},
        {"seat": 3, "won": 0, "win_rate": 0.0, "average_return": -13.333, "deal_ins": 0},
    ]
    # each bot sat two seats of three hands; seat 2 (a) won once and seat 1 (b) once
    assert s["by_bot"] == {"a": {"seats": 6, "won": 1, "win_rate": 0.1667, "average_return": -3.333},
                           "b": {"seats": 6, "won": 1, "win_rate": 0.1667, "average_return": 3.333}}
    assert "card_lines" not in s and "players" not in s


def test_a_hand_that_does_not_settle_to_zero_is_told(classical):
    # half a point off is off: zero_sum is false (JSON false, not null)
    off = _hand({"winner": 1, "hand": "standard", "rules": [], "value": 10, "self_drawn": True},
                (-10, 30.5, -10, -10))
    assert _tally(classical, HANDS).summary()["payments"]["zero_sum"] is True
    assert _tally(classical, HANDS + [off]).summary()["payments"]["zero_sum"] is False


def test_no_hand_won_averages_no_value(classical):
    s = _tally(classical, HANDS[1:2]).summary()
    assert s["payments"]["average_value"] == 0 and s["won"] == 0 and s["wall_games"] == 1


def test_a_card_line_is_counted_with_its_mean_turn_and_jokerless_share():
    american = compile_ruleset(ROOT / "rulesets" / "american.mj")
    lines = card_lines(american)
    first, second = lines[0][0], lines[1][0]
    won = [_hand({"winner": 0, "hand": "h", "line": first, "jokers": 0, "value": 25, "self_drawn": True},
                 (75, -25, -25, -25), turns=30),
           _hand({"winner": 2, "hand": "h", "line": first, "jokers": 2, "value": 25, "self_drawn": False,
                  "discarder": 3}, (0, 0, 50, -50), turns=50),
           _hand({"winner": 1, "hand": "h", "line": second, "jokers": 1, "value": 25, "self_drawn": True},
                 (-25, 75, -25, -25), turns=10)]
    s = _tally(american, won, lines).summary()
    rows = {r["line"]: r for r in s["card_lines"]}
    assert len(rows) == len(lines)
    assert rows[first] == {"hand": lines[0][1], "section": lines[0][2], "line": first, "points": lines[0][3],
                           "won": 2, "share": 0.6667, "mean_turn": 40.0, "jokerless": 0.5, "by_bot": {"a": 2}}
    assert (rows[second]["won"], rows[second]["mean_turn"], rows[second]["jokerless"]) == (1, 10.0, 0.0)
    assert rows[lines[2][0]]["mean_turn"] is None and rows[lines[2][0]]["share"] == 0.0
    assert s["never_won"] == [text for line, text, _, _ in lines if line not in (first, second)]
    assert s["by_seat"][3]["deal_ins"] == 1


def test_a_checkpoint_resumes_to_the_same_figures(classical):
    american = compile_ruleset(ROOT / "rulesets" / "american.mj")
    lines = card_lines(american)
    hands = HANDS + [_hand({"winner": 0, "hand": "h", "line": lines[0][0], "jokers": 0, "value": 25,
                            "self_drawn": True}, (75, -25, -25, -25), turns=30)]
    for auto, ls in ((classical, ()), (american, lines)):
        whole = _tally(auto, hands, ls)
        saved = json.loads(json.dumps(_tally(auto, hands[:2], ls).state()))  # a checkpoint is JSON
        resumed = Tally.from_state(auto, ls, saved)
        for h in hands[2:]:
            resumed.add(h, BOTS)
        assert resumed.summary() == whole.summary()
        assert resumed.state() == whole.state()


def test_with_more_players_than_seats_each_players_returns_and_hands_sat_out():
    auto = compile_ruleset(ROOT / "examples" / "house-rules" / "five-players.mj")
    assert (auto.seats, auto.session_players) == (4, 5)
    bots = ["a", "b", "c", "d", "e"]
    hands = [  # player 3 sits out the first hand, player 0 the second
        HandRecord("s", 0, 0, (), {"winner": 1, "hand": "h", "value": 25, "self_drawn": True}, (-25, 75, -25, -25),
                   (False,) * 4, 10, 10, players=(0, 1, 2, 4)),
        HandRecord("s", 0, 0, (), {"winner": 2, "hand": "h", "value": 30, "self_drawn": False, "discarder": 3},
                   (10, -10, 30, -30), (False,) * 4, 10, 10, players=(1, 2, 3, 4))]
    t = Tally(auto)
    for h in hands:
        t.add(h, bots)
    s = t.summary()
    assert s["players"] == {"returns": [-25.0, 85.0, -35.0, 30.0, -55.0], "sat_out": [1, 0, 0, 1, 0]}
    assert {b: (v["seats"], v["won"]) for b, v in s["by_bot"].items()} == {
        "a": (1, 0), "b": (2, 1), "c": (2, 0), "d": (1, 1), "e": (2, 0)}
    assert Tally.from_state(auto, (), json.loads(json.dumps(t.state()))).summary() == s


def test_the_text_report_of_three_hands(classical):
    from mjdsl.engine.tally import report_lines

    out = report_lines(_tally(classical, HANDS).summary(), "S", "a,b")
    assert out[0] == f"{classical.name} (hash {classical.hash}): 3 hands, seed S, bots a,b"
    assert out[1].split() == "won 2, wall games 1, dead hands 1, average turns 30.0".split()
    assert out[2].split() == "average winning value 30.0, settled to zero: yes".split()
    rows = [ln.split() for ln in out]
    # seat, won, win rate, average return, deal-ins; bot, seats, won, win rate, average return
    assert ["0", "0", "0.0%", "-20.00", "1"] in rows and ["1", "1", "33.3%", "+20.00", "0"] in rows
    assert ["a", "6", "1", "16.7%", "-3.33"] in rows and ["b", "6", "1", "16.7%", "+3.33"] in rows
    assert out.index("  winning hands (1 kinds):") + 1 == out.index("        2  standard")
    elements = out.index("  scoring elements of the winning hands (2):")
    assert [ln.split() for ln in out[elements + 1:elements + 3]] == [["2", "pung"], ["1", "chow"]]
    off = _hand({"winner": 1, "hand": "standard", "rules": [], "value": 10, "self_drawn": True}, (-10, 40, -10, -10))
    assert "settled to zero: NO" in report_lines(_tally(classical, HANDS + [off]).summary(), "S", "a,b")[2]


def test_a_small_payment_is_paid_and_a_win_of_no_value_averages_as_0(classical):
    small = _hand({"winner": 1, "hand": "standard", "rules": [], "self_drawn": False, "discarder": 0},
                  (-0.5, 0.5, 0, 0))  # no value recorded
    s = _tally(classical, [HANDS[0], small]).summary()
    assert s["payments"]["total_paid"] == 60.5 and s["payments"]["average_value"] == 20.0


def test_the_figures_are_rounded_as_documented(classical):
    # docs/cli.md: rates and shares to 4 places, averages and totals to 3, a line's mean turn to 2
    american = compile_ruleset(ROOT / "rulesets" / "american.mj")
    lines = card_lines(american)
    won = [_hand({"winner": s, "hand": "h", "line": lines[0][0], "jokers": j, "value": v, "self_drawn": True},
                 (r, -r / 3, -r / 3, -r / 3) if s == 0 else (-r / 3, r, -r / 3, -r / 3), turns=t)
           for s, j, v, r, t in ((0, 0, 10, 1 / 3, 10), (1, 1, 10, 0.0, 10), (0, 1, 11, 1 / 3, 11))]
    s = _tally(american, won, lines).summary()
    assert s["average_turns"] == 10.333 and s["payments"]["average_value"] == 10.333
    assert s["payments"]["total_paid"] == 0.667  # 1/3 + 1/3
    row = s["card_lines"][0]
    assert (row["mean_turn"], row["jokerless"], row["share"]) == (10.33, 0.3333, 1.0)
    five = compile_ruleset(ROOT / "examples" / "house-rules" / "five-players.mj")
    t = Tally(five)
    t.add(HandRecord("s", 0, 0, (), {"winner": None}, (1 / 3, -1 / 3, 0, 0), (False,) * 4, 1, 1,
                     players=(0, 1, 2, 3)), list("abcde"))
    assert t.summary()["players"]["returns"] == [0.333, -0.333, 0.0, 0.0, 0.0]


def test_elements_won_as_often_are_ranked_by_name(classical):
    hands = [_hand({"winner": 1, "hand": "x", "rules": ["pung", "chow", "all_pungs"], "value": 1, "self_drawn": True},
                   (-1, 3, -1, -1))]
    assert list(_tally(classical, hands).summary()["elements"]) == ["all_pungs", "chow", "pung"]


def test_the_reports_tables_say_what_they_are_and_a_table_of_rows_rows_is_not_cut(classical):
    from mjdsl.engine.tally import ROWS, report_lines

    hands = [_hand({"winner": 1, "hand": f"hand{i:02d}", "rules": [], "value": 1, "self_drawn": True}, (-1, 3, -1, -1))
             for i in range(ROWS)]
    out = report_lines(_tally(classical, hands).summary(), "S", "a,b")
    assert "rows shown" not in "\n".join(out) and f"  winning hands ({ROWS} kinds):" in out
    assert ["bot", "seats", "won", "win", "rate", "avg", "return"] in [ln.split() for ln in out]
    american = compile_ruleset(ROOT / "rulesets" / "american.mj")
    lines = card_lines(american)
    won = [_hand({"winner": 0, "hand": "h", "line": lines[5][0], "jokers": 0, "value": 25, "self_drawn": True},
                 (75, -25, -25, -25))] + 2 * [
           _hand({"winner": 0, "hand": "h", "line": lines[9][0], "jokers": 0, "value": 25, "self_drawn": True},
                 (75, -25, -25, -25))]
    out = report_lines(_tally(american, won, lines).summary(), "S", "a,b", all_rows=True)
    first = out.index(f"  card lines won (2 of {len(lines)}):")
    assert f"line {lines[9][0]:4d}" in out[first + 1] and f"line {lines[5][0]:4d}" in out[first + 2]  # most won first
    assert f"  card lines never won ({len(lines) - 2} of {len(lines)}):" in out


def test_with_no_hand_won_every_card_line_has_no_share():
    american = compile_ruleset(ROOT / "rulesets" / "american.mj")
    lines = card_lines(american)
    s = _tally(american, HANDS[1:2], lines).summary()
    assert {r["share"] for r in s["card_lines"]} == {0.0} and len(s["never_won"]) == len(lines)
