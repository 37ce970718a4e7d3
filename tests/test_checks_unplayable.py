"""Statements that parse but that no hand could play are refused (MJ280), and the
statements that once changed nothing now do: a card's `0` is the declared zero, the
jokers block's `never passed` keeps jokers out of the Charleston (issue 9).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mjdsl.engine import actions as ACT
from mjdsl.engine.game import CHANCE, Game
from mjdsl.frontend.checked import check_file
from mjdsl.ir.lower import lower

ROOT = Path(__file__).resolve().parent.parent


def _codes(tmp_path, text: str, name: str = "overlay.mj") -> list[str]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return [d.code for d in check_file(path).diagnostics]


@pytest.mark.parametrize("base, block", [
    ("classical.mj", "play {\n    draw from dead wall\n}\n"),
    ("classical.mj", "kongs {\n    replacement from wall\n}\n"),
    ("classical.mj", "replacement {\n    order dealer first across\n}\n"),
    ("american.mj", "winning {\n    concealed hands call only for pung\n}\n"),
])
def test_a_statement_play_has_no_meaning_for_is_refused(tmp_path, base, block):
    assert "MJ280" in _codes(tmp_path, f'extends "{base}"\n{block}')


@pytest.mark.parametrize("base, block", [
    ("classical.mj", "play {\n    draw from wall\n}\n"),
    ("classical.mj", "replacement {\n    order dealer first counter clockwise\n}\n"),
    ("american.mj", "winning {\n    concealed hands call only for mahjong\n}\n"),
])
def test_its_playable_form_is_the_default_and_lint_says_so(tmp_path, base, block):
    codes = _codes(tmp_path, f'extends "{base}"\n{block}')
    assert "MJ280" not in codes and "MJ309" in codes


def test_a_card_that_writes_0_needs_the_ruleset_to_declare_its_zero(tmp_path):
    text = (ROOT / "rulesets" / "american.mj").read_text(encoding="utf-8")
    assert 'zero "0"' in text
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "club-2026.card").write_text(
        (ROOT / "rulesets" / "cards" / "club-2026.card").read_text(encoding="utf-8"), encoding="utf-8")
    assert "MJ255" not in _codes(tmp_path, text, "with-zero.mj")
    assert "MJ255" in _codes(tmp_path, text.replace('zero "0"', ""), "without-zero.mj")


def test_a_seat_holding_a_joker_is_never_offered_to_pass_it():
    auto = lower(check_file(ROOT / "rulesets" / "american.mj").ctx)
    joker = auto.tiles.index("J")
    for outcome in range(1, 40):
        g = Game(auto, dealer=0)
        while g.current_player() == CHANCE:
            outs = g.chance_outcomes()
            g.apply_action(outs[0][0] if outs else outcome)
        seat = g.current_player()
        if g.st.hands[seat][joker]:
            passes = {g.catalogue[a].arg for a in g.legal_actions() if g.catalogue[a].family == ACT.PASS_TILE}
            assert passes and joker not in passes
            return
    pytest.fail("no deal gave the first seat to pass a joker")


def test_jokers_never_passed_is_read_without_a_never_pass_line():
    text = (ROOT / "rulesets" / "american.mj").read_text(encoding="utf-8")
    assert 'never pass "J"' not in text and "never passed" in text
    path = ROOT / "rulesets" / "american.mj"
    auto = lower(check_file(path).ctx)
    assert auto.jokers.never_passed and auto.never_pass == (auto.tiles.index("J"),)
    charleston = next(s for s in auto.states.values() if s.step == "pass")
    assert charleston.params["never"] == ["J"]


def test_a_penalty_for_no_event_is_refused_once_not_linted_as_well(tmp_path):
    codes = _codes(tmp_path, 'extends "classical.mj"\npayments {\n    penalty false_chow: -50 points\n}\n')
    assert codes.count("MJ228") == 1 and "MJ311" not in codes
    codes = _codes(tmp_path, 'extends "classical.mj"\npayments {\n    penalty false_claim: -50 points\n}\n')
    assert "MJ228" not in codes and codes.count("MJ311") == 1
