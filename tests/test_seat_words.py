"""Seat words outside claims (claims: test_claim_sources.py) play as they say.

`break side dice N thrown by SEAT`: the side to break is counted round the table, in
turn order, from the thrower's own side (seed: classical, East throws and counts
himself as 1). Each thrower word breaks another side for the same throw; `any` and
`side owner` name no one thrower for a side (MJ233). `original hand for SEAT`: only
the dealer is dealt a whole hand (MJ234 for any other seat)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjdsl.engine.game import Game
from mjdsl.frontend.checked import check_file
from mjdsl.frontend.compile import compile_ruleset

CLASSICAL = (Path(__file__).resolve().parent.parent / "rulesets" / "classical.mj").read_text(encoding="utf-8")
SIDE = "break side dice 2 thrown by dealer"


def _write(tmp_path, thrower: str, seats: int = 4) -> Path:
    assert SIDE in CLASSICAL
    text = CLASSICAL.replace(SIDE, f"break side dice 2 thrown by {thrower}")
    path = tmp_path / "side.mj"
    path.write_text(text, encoding="utf-8")
    return path


def _side_broken(auto, total: int) -> int:
    g = Game(auto, dealer=0)
    g.apply_action(0)  # the shuffle
    assert g.st.node == "setup.dice.side"
    g.apply_action(total)
    return g.st.break_side


@pytest.mark.parametrize("thrower, offset", [("dealer", 0), ("right", 1), ("across", 2), ("left", 3)])
def test_the_side_is_counted_from_the_thrower(tmp_path, thrower, offset):
    auto = compile_ruleset(_write(tmp_path, thrower))
    for total in (2, 5, 7, 12):
        # the thrower's own side counts as 1
        assert _side_broken(auto, total) == (offset + total - 1) % 4


@pytest.mark.parametrize("thrower", ["any", "side owner"])
def test_a_side_thrown_by_no_one_seat_is_refused(tmp_path, thrower):
    assert "MJ233" in {d.code for d in check_file(_write(tmp_path, thrower)).errors}


@pytest.mark.parametrize("seat", ["any", "left", "right", "across", "side owner"])
def test_an_original_hand_for_another_seat_than_the_dealer_is_refused(tmp_path, seat):
    # `original hand for SEAT` played as `for dealer` whatever the seat: only the dealer
    # is dealt a whole hand
    path = tmp_path / "original.mj"
    assert "original hand for dealer" in CLASSICAL
    path.write_text(CLASSICAL.replace("original hand for dealer", f"original hand for {seat}"), encoding="utf-8")
    assert "MJ234" in {d.code for d in check_file(path).errors}
    path.write_text(CLASSICAL, encoding="utf-8")
    assert not check_file(path).errors
