"""Seats and overlays (issue 10, items 7 and 8): a session of more players than seats,
the three-player American table, and overlays that remove any statement of the base."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjdsl import ast as A
from mjdsl.bots import make_bot
from mjdsl.check import run_checks
from mjdsl.cli import main
from mjdsl.diagnostics import InputError
from mjdsl.engine.run import SessionClock, play_session
from mjdsl.engine.tally import Tally, card_lines
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.frontend.load import load_text

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ROOT / "rulesets"
FIVE = ROOT / "examples" / "house-rules" / "five-players.mj"


@pytest.fixture(scope="module")
def five():
    return compile_ruleset(FIVE)


def test_five_players_each_sit_out_once_in_a_session_of_five_hands(five):
    assert (five.seats, five.session_players) == (4, 5)
    recs = play_session(five, "seats", [make_bot("random") for _ in range(5)], 10)
    assert len(recs) == 5  # set session_hands = 5
    # the dealer and the next three play; the dealer before sits out
    assert [r.players for r in recs] == [(0, 1, 2, 3), (1, 2, 3, 4), (2, 3, 4, 0), (3, 4, 0, 1), (4, 0, 1, 2)]
    assert all(r.dealer == 0 for r in recs)
    tally = Tally(five, card_lines(five))
    for r in recs:
        tally.add(r, ["random"] * 5)
    stats = tally.summary()
    assert stats["players"]["sat_out"] == [1, 1, 1, 1, 1]
    assert abs(sum(stats["players"]["returns"])) < 1e-6


def test_a_dealer_who_keeps_the_deal_keeps_the_same_players_at_the_table(five):
    clock = SessionClock(dealer=2)
    assert clock.seating(five) == (0, (2, 3, 4, 0))
    clock.advance(five, {"winner": None})
    assert clock.seating(five) == (0, (3, 4, 0, 1))


def test_one_player_a_seat_keeps_the_dealer_in_their_own_seat():
    auto = compile_ruleset(RULESETS / "american.mj")
    assert auto.session_players == auto.seats == 4
    assert SessionClock(dealer=2).seating(auto) == (2, (0, 1, 2, 3))


def test_a_session_of_one_player_a_seat_records_no_seating():
    # a record names the players at the seats only when some sit out; else seat s is player s
    auto = compile_ruleset(RULESETS / "classical.mj")
    (rec,) = play_session(auto, "seats", [make_bot("random") for _ in range(4)], 1)
    assert rec.players == ()


def test_simulate_names_a_bot_per_player(capsys):
    assert main(["simulate", str(FIVE), "--games", "1", "--seed", "1", "--bots", "random,random,random,random"]) == 2
    assert "(5)" in capsys.readouterr().err
    assert main(["simulate", str(FIVE), "--games", "1", "--seed", "1", "--bots", "random,greedy,random,random,random",
                 "--json"]) == 0
    assert '"sat_out"' in capsys.readouterr().out


def test_the_table_refuses_a_session_with_players_sitting_out(five):
    from mjdsl.tui.session import Session

    with pytest.raises(InputError, match="5 players for 4 seats"):
        Session(five, str(FIVE), {}, "s", 0, ["random"] * 3)


@pytest.mark.parametrize("count, ok", [(3, False), (4, True), (8, True), (9, False)])
def test_players_fewer_than_the_seats_or_more_than_eight_is_mj237(monkeypatch, count, ok):
    monkeypatch.chdir(RULESETS)
    loaded = load_text(f'extends "american.mj"\nseats 4 {{\n    players {count}\n}}\n', "house.mj")
    codes = [d.code for d in run_checks(loaded.ruleset)[1] if d.is_error]
    assert ("MJ237" not in codes) == ok


def test_american_for_three_has_no_across_pass_and_no_courtesy_pass():
    auto = compile_ruleset(RULESETS / "american-3p.mj")
    assert auto.seats == 3
    steps = [s for s in auto.states.values() if s.id.startswith("charleston")]
    assert steps and not any(s.params.get("direction") == "across" for s in steps)
    assert not any("courtesy" in s.id for s in steps)


def test_a_concealed_hand_with_an_exposure_makes_no_card_hand(capsys):
    args = ["score", str(RULESETS / "american-3p.mj"), "--win", "6d", "--from", "discard", "--seat", "S"]
    assert main([*args, "--hand", "F F 1d 1d 2d 2d 3d 3d 4d 4d 5d 5d 6d 6d"]) == 0
    capsys.readouterr()
    assert main([*args, "--hand", "F F 1d 1d 2d 2d 3d 3d 4d 4d 6d", "--exposed", "5d 5d J"]) == 2
    assert "no hand of the card" in capsys.readouterr().err


# -- remove KIND { ... } ----------------------------------------------------------------


def _overlay(monkeypatch, text):
    monkeypatch.chdir(RULESETS)
    loaded = load_text('extends "classical.mj"\n' + text, "house.mj")
    assert loaded.ruleset is not None, loaded.diagnostics
    return loaded.ruleset


def test_remove_drops_unnamed_statements_of_the_base(monkeypatch):
    rs = _overlay(monkeypatch, "remove payments {\n    losers settle among themselves\n"
                               "    dealer pays and receives double\n}\n")
    pay = rs.block(A.PaymentsBlock)
    assert pay.one(A.SettleLosers) is None and pay.one(A.DealerDouble) is None
    assert pay.all(A.Pay)  # the rest stays
    assert rs.base.block(A.PaymentsBlock).one(A.SettleLosers) is not None


def test_remove_changes_play(monkeypatch, tmp_path):
    (tmp_path / "plain.mj").write_text('extends "classical.mj"\nremove payments {\n'
                                       '    dealer pays and receives double\n}\n')
    monkeypatch.setenv("MJDSL_PATH", str(RULESETS))
    assert compile_ruleset(RULESETS / "classical.mj").payments.dealer_double
    assert not compile_ruleset(tmp_path / "plain.mj").payments.dealer_double


def test_an_overlay_may_remove_a_statement_and_write_another_of_its_kind(monkeypatch):
    rs = _overlay(monkeypatch, "remove payments {\n    losers pay winner value\n}\n"
                               "payments {\n    losers pay winner 2 * value\n}\n")
    pays = rs.block(A.PaymentsBlock).all(A.Pay)
    assert len(pays) == 1 and pays[0].span.path == "house.mj"


@pytest.mark.parametrize("stmt, warned", [("losers settle among themselves", False),
                                          ("losers pay winner 3 * value", True)])
def test_a_removal_the_base_does_not_write_is_mj323(monkeypatch, stmt, warned):
    rs = _overlay(monkeypatch, f"remove payments {{\n    {stmt}\n}}\n")
    codes = [d.code for d in run_checks(rs)[1]]
    assert ("MJ323" in codes) == warned


# -- mjdsl diff of a three-player overlay -------------------------------------------------


def test_diff_of_a_three_player_overlay_says_what_changed_about_the_tiles(monkeypatch, tmp_path):
    from mjdsl.authoring.diff import diff_rulesets

    (tmp_path / "three.mj").write_text(
        'extends "classical.mj"\nseats 3 {\n    winds "E" "S" "W"\n}\nwall {\n    sides 3\n    length 18\n}\n'
        'tiles {\n    flower "f1" "f2" "f3" "f4" x1 interchangeable\n'
        '    season "s1" "s2" "s3" "s4" x1 interchangeable\n}\nremove crak\n', encoding="utf-8")
    monkeypatch.setenv("MJDSL_PATH", str(RULESETS))
    d = diff_rulesets(RULESETS / "classical.mj", tmp_path / "three.mj")
    tiles = [c.text for c in d.changes if c.section == "tiles"]
    assert tiles == ["no tiles 1c 2c 3c 4c 5c 6c 7c 8c 9c any more",
                     "tiles f1 f2 f3 f4 s1 s2 s3 s4: linked to a seat → linked to no seat"]
    assert "players" not in {c.key for c in d.changes}


def test_diff_of_the_three_player_american_says_each_charleston_change_once():
    """Both Charlestons lose their across pass: one sentence saying so twice over, not
    the same sentence twice (issue 10: the diff says what really changed)."""
    from mjdsl.authoring.diff import diff_rulesets

    d = diff_rulesets(RULESETS / "american.mj", RULESETS / "american-3p.mj")
    phases = [c.text for c in d.changes if c.section == "phases"]
    assert len(phases) == len(set(phases))
    assert "The Charleston: no longer: everyone passes 3 tiles across (twice)" in phases
    assert not [c for c in d.changes if c.section == "tiles"]  # the same tiles: nothing said of them
