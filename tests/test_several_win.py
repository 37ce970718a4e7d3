"""Several winners on one discard (issue 10): `several win on one discard [when COND]` in
the claims block. With it every seat that claims the discard for mah jongg wins and is
paid as if it won alone (riichi's double ron); without it, or with its option off, only
the claim nearest after the discarder stands (the head bump)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine_script import act, names, scripted
from mjdsl.engine import invariants
from mjdsl.engine.game import CHANCE
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.render.rulebook import render_rulebook

ROOT = Path(__file__).resolve().parent.parent
RIICHI = ROOT / "rulesets" / "riichi.mj"

# the dealer (seat 0) discards 5p; seats 1 and 2 both win on it with all simples
DEALER = "5p 1m 5m 9m 1s 5s 9s E S W N P F 1p"
CLOSED_5P = "2m 3m 4m 6m 7m 8m 3s 4s 5s 4p 6p 8s 8s"     # 4p-6p waits on 5p (closed)
SIDES_5P = "2m 3m 4m 3p 4p 6s 7s 8s 2s 2s 6m 6m 6m"     # 3p-4p waits on 2p or 5p


def _settle(g):
    while not g.is_terminal():  # the settlement
        g.apply_action(g.chance_outcomes()[0][0] if g.current_player() == CHANCE else g.legal_actions()[0])
    return g


def _ron_twice(auto, hands=None, discard="5p", seats=(1, 2)):
    g = scripted(auto, hands or {0: DEALER, 1: CLOSED_5P, 2: SIDES_5P})
    act(g, 0, f"discard {discard}")
    for seat in seats:  # both are asked, nearest after the discarder first
        assert g.current_player() == seat and "mah jongg" in names(g)
        act(g, seat, "mah jongg")
    return _settle(g)


@pytest.mark.parametrize("double_ron", ["on", "off"])
def test_two_rons_on_one_discard_both_stand_or_only_the_nearest(double_ron):
    auto = compile_ruleset(RIICHI, [("double_ron", double_ron)])
    g = _ron_twice(auto)
    st = g.st
    assert st.winner == 1  # the nearest after the discarder, either way
    if double_ron == "on":
        also = st.result["also_won"]
        assert [w["winner"] for w in also] == [2] and "tanyao" in also[0]["rules"]
        # the first winner is not asked again as a second one: no false call, no dead hand
        assert st.events.get("false mahjong", 0) == 0 and not any(st.dead)
        # the discarder pays both, 1 han 40 fu each (30 + 2 for the closed wait; 30 + 4 for
        # the concealed pung of 6m): 1300 and 1300
        assert st.returns == [-2600, 1300, 1300, 0]
    else:
        assert "also_won" not in st.result
        assert st.returns == [-1300, 1300, 0, 0]
    invariants.check(g)  # the tile stays in one hand: every tile is accounted for


def test_the_rule_book_says_several_may_win_only_when_they_may():
    on = render_rulebook(RIICHI, "md")
    off = render_rulebook(RIICHI, "md", [("double_ron", "off")])
    line = "Several players may win on one discard"
    assert line in on and line not in off


def test_a_red_five_won_on_twice_counts_for_both_winners():
    """The red 0p thrown: the first winner takes it, and the settlement lends that copy
    to the second to score it, so each counts a han of dora: 2 han 40 fu, 2600 each
    (1300 each for a plain five, above)."""
    g = _ron_twice(compile_ruleset(RIICHI), {0: DEALER.replace("5p", "0p"), 1: CLOSED_5P, 2: SIDES_5P}, "0p")
    assert [w["winner"] for w in g.st.result["also_won"]] == [2]
    assert g.st.returns == [-5200, 2600, 2600, 0]
    invariants.check(g)


def test_a_false_second_call_on_a_double_ron_is_a_false_mahjong():
    """With false calls allowed, seat 2 calls mah jongg on the 5p seat 1 wins on, its
    hand not complete with it: seat 1 wins alone and seat 2's hand is dead (riichi:
    ``dead hand { on false mahjong }``)."""
    g = scripted(compile_ruleset(RIICHI), {0: DEALER, 1: CLOSED_5P, 2: "2m 3m 4m 3p 7p 6s 7s 8s 2s 2s 6m 6m 6m"})
    g.allow_false_calls = True
    act(g, 0, "discard 5p")
    act(g, 1, "mah jongg")
    act(g, 2, "mah jongg")
    act(g, 3, "no claim")  # asked too: with false calls every seat may call
    _settle(g)
    assert g.st.winner == 1 and g.st.result.get("also_won", []) == []
    assert g.st.dead[2] and g.st.dead_reason[2] == "false mahjong"
    assert g.st.events.get("false mahjong") == 1
    assert g.st.returns == [-1300, 1300, 0, 0]


def test_rons_that_may_not_take_the_discard_into_a_run_still_win_on_a_pair_or_three():
    """A ruleset whose chi comes from the left only, for a ron too
    (rules/riichi-chi-from-left-only.mj): seats 2 and 3 may not complete a run with
    seat 0's 5p, but seat 2 makes three 5p with it and seat 3 pairs it: both win."""
    auto = compile_ruleset(ROOT / "tests" / "scenarios" / "rules" / "riichi-chi-from-left-only.mj")
    quiet = "1m 9m 1s 9s E S W N P F C 9p 8s"
    g = _ron_twice(auto, {0: DEALER, 1: quiet, 2: "2m 3m 4m 6p 7p 8p 6s 7s 8s 5p 5p 2s 2s",
                          3: "2m 3m 4m 6m 7m 8m 3s 4s 5s 6s 7s 8s 5p"}, "5p", (2, 3))
    assert g.st.winner == 2 and [w["winner"] for w in g.st.result["also_won"]] == [3]
    assert not any(g.st.dead) and g.st.events.get("false mahjong", 0) == 0
    invariants.check(g)
