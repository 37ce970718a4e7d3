"""A discard refused by a condition of the table (issue 10, kuikae): `no discard when
just_claimed or claim_swap` in rulesets/riichi.mj. Right after a chi or pon the player
may not discard the tile just claimed, nor the tile beyond the other end of the run it
completed; on later turns, and in a ruleset without the statement, any tile goes."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine_script import act, names, scripted
from mjdsl.frontend.compile import compile_ruleset

RIICHI = Path(__file__).resolve().parent.parent / "rulesets" / "riichi.mj"
CLASSICAL = Path(__file__).resolve().parent.parent / "rulesets" / "classical.mj"

# the dealer discards 3m; seat 1 (on its left) holds 4m 5m for the chi, and 3m, 6m, 7m besides
DEALER = "3m 1p 5p 9p 1s 5s 9s E S W N P F C"
CALLER = "3m 4m 5m 6m 7m 2p 2p 7p 8s 8s 1m 9m N"


@pytest.fixture(scope="module")
def riichi():
    return compile_ruleset(RIICHI)


def _after_chi(auto, claim: str):
    g = scripted(auto, {0: DEALER, 1: CALLER})
    act(g, 0, "discard 3m")
    while g.current_player() != 1:
        act(g, g.current_player(), "no claim")
    pick = next(n for n in names(g) if n.startswith(claim))
    act(g, 1, pick)
    return g


def test_after_a_chi_the_tile_claimed_and_the_other_end_are_refused(riichi):
    g = _after_chi(riichi, "claim chi")
    assert g.st.exposures[1][-1].run  # a chi of 3m 4m 5m
    discards = {n for n in names(g) if n.startswith("discard")}
    assert "discard 3m" not in discards and "discard 6m" not in discards  # the claimed tile and its swap
    assert {"discard 7m", "discard 2p", "discard N"} <= discards


def test_after_a_pon_only_the_tile_claimed_is_refused(riichi):
    g = scripted(riichi, {0: "5p 1m 9m 1s 5s 9s E S W N P F C 1p", 2: "5p 5p 5p 4p 6p 7p 2s 2s 8s 1m 9m S W"})
    act(g, 0, "discard 5p")
    while g.current_player() != 2:
        act(g, g.current_player(), "no claim")
    act(g, 2, next(n for n in names(g) if n.startswith("claim pon")))
    discards = {n for n in names(g) if n.startswith("discard")}
    assert "discard 5p" not in discards
    assert {"discard 4p", "discard 7p", "discard 8s"} <= discards  # a pung has no other end


def test_without_the_statement_any_tile_goes(tmp_path):
    text = RIICHI.read_text(encoding="utf-8").replace("    no discard when just_claimed or claim_swap\n", "")
    path = tmp_path / "riichi.mj"
    path.write_text(text, encoding="utf-8")
    g = _after_chi(compile_ruleset(path), "claim chi")
    assert {"discard 3m", "discard 6m"} <= set(names(g))


def test_a_ruleset_without_it_plays_as_before():
    g = scripted(compile_ruleset(CLASSICAL), {0: "3b 1c 5c 9c 1d 5d 9d E S W N R G 0",
                                              1: "3b 4b 5b 6b 7b 2c 2c 7c 8d 8d 1b 9b N"})
    act(g, 0, "discard 3b")
    while g.current_player() != 1:
        act(g, g.current_player(), "no claim")
    act(g, 1, next(n for n in names(g) if n.startswith("claim chow")))
    assert {"discard 3b", "discard 6b"} <= set(names(g))


def test_a_condition_of_the_table_an_option_turns_off_is_kept_as_false(tmp_path):
    """``no discard when OPTION``: on, the options make it always true (no closure to
    ask); off, always false, and it must say so, not read as "no condition"."""
    text = RIICHI.read_text(encoding="utf-8").replace("no discard when just_claimed or claim_swap",
                                                      "no discard when double_ron")
    path = tmp_path / "riichi-no-discard-option.mj"
    path.write_text(text, encoding="utf-8")
    assert compile_ruleset(path).no_discard is None
    off = compile_ruleset(path, [("double_ron", "off")]).no_discard
    assert off is not None and off(None) is False
