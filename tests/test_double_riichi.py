"""Double riichi in rulesets/riichi.mj (issue 10): a second announcement, made with a
player's first discard when no claim came before it, worth 2 han; riichi is not offered
then, nor after it, and it costs the riichi stick and opens the ura-dora as riichi does.
Written with the language's announcements (`after first discard`, `if claims == 0 and kongs == 0`),
no engine code for it."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine_script import act, names, scripted
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.scoring import score_hand
from mjdsl.scoring.notation import read_hand_input

RIICHI = Path(__file__).resolve().parent.parent / "rulesets" / "riichi.mj"
#: the dealer, calling on 8p once the 1m goes: 234m 567p 345s 678s 8p
DEALER = "2m 3m 4m 5p 6p 7p 3s 4s 5s 6s 7s 8s 8p 1m"
#: South, calling on 9m once it draws the 9m and throws the N: 123m 789p 234s 678s 9m
SOUTH = "1m 2m 3m 7p 8p 9p 2s 3s 4s 6s 7s 8s N"
DOUBLE, PLAIN = "announce Double riichi", "announce Riichi"


@pytest.fixture(scope="module")
def auto():
    return compile_ruleset(RIICHI)


def _round(g, until: int):
    """Every seat before ``until`` lets the discard go and throws what it drew."""
    while g.current_player() != until:
        seat = g.current_player()
        options = names(g)
        act(g, seat, "no claim" if "no claim" in options else next(n for n in options if n.startswith("discard")))


def _to_discard(g, seat: int) -> None:
    """``seat`` lets the discards before it go, draws, and comes to its own discard."""
    _round(g, until=seat)
    while not any(n.startswith("discard") for n in names(g)):
        act(g, seat, "no claim" if "no claim" in names(g) else names(g)[0])


def test_double_riichi_is_offered_with_the_first_discard_and_riichi_is_not(auto):
    g = scripted(auto, {0: DEALER})
    act(g, 0, "discard 1m")
    offered = names(g)
    assert DOUBLE in offered and PLAIN not in offered
    act(g, 0, DOUBLE)
    assert g.st.announced[0] == ["double_riichi"]
    assert g.st.pot == 1000  # the riichi stick


def test_after_the_first_discard_riichi_is_offered_and_double_riichi_is_not(auto):
    g = scripted(auto, {0: DEALER}, wall="N W W 1m")
    act(g, 0, "discard 1m")
    act(g, 0, "no claim")  # the double riichi let go
    _to_discard(g, 0)
    act(g, 0, "discard 1m")
    offered = names(g)
    assert PLAIN in offered and DOUBLE not in offered


def _south_throws_n_after_north_pungs(auto, wall):
    """East throws a 5p, North pungs it and throws 7m, and South throws N: the hand's
    fourth discard, after a claim."""
    g = scripted(auto, {0: "5p 1m 9m 1s 5s 9s E S W N P F C 1p", 1: SOUTH,
                        3: "5p 5p 7m 4p 6p 8p 2s 2s 8s 1m 9m S W"}, wall=wall)
    act(g, 0, "discard 5p")
    while g.current_player() != 3:
        act(g, g.current_player(), "no claim")
    act(g, 3, next(n for n in names(g) if n.startswith("claim pon")))
    act(g, 3, "discard 7m")
    _to_discard(g, 1)
    act(g, 1, "discard N")
    return g


def test_a_claim_before_the_first_discard_leaves_plain_riichi(auto):
    # East throws a 5p and North pungs it: South's first discard, the fourth of the
    # hand, comes after a claim
    g = _south_throws_n_after_north_pungs(auto, wall="W 9m")
    offered = names(g)
    assert DOUBLE not in offered and PLAIN in offered
    assert g.st.turns == 4 and g.st.claims == 1


@pytest.mark.parametrize("since,ippatsu", [(2, True), (7, False)])
def test_a_double_riichi_win_counts_2_han_and_not_riichi(auto, since, ippatsu):
    inp = read_hand_input(auto, hand="1m 2m 3m 7p 8p 9p 2s 3s 4s 6s 7s 8s 9m 9m", win="3m", source="discard",
                          seat="W", discarder="N", announced=["double_riichi"],
                          table=["discards=9", f"discards_since(double_riichi)={since}"])
    counted = {line.name: line.value for line in score_hand(auto, inp).lines}
    assert counted["double_riichi"] == 2 and "riichi" not in counted
    assert ("ippatsu" in counted) == ippatsu


def test_a_concealed_kong_before_the_first_discard_leaves_plain_riichi(auto):
    # the dealer declares a concealed kong of 9s before its first discard: the first
    # go-round is interrupted as by a claim, so its discard may be riichi, not double riichi
    g = scripted(auto, {0: "1m 2m 3m 7p 8p 9p 2s 3s 4s 9s 9s 9s 9s N"})
    act(g, 0, "concealed kong of 9s")
    while not any(n.startswith("discard") for n in names(g)):
        act(g, 0, "no claim" if "no claim" in names(g) else names(g)[0])
    act(g, 0, "discard N")
    offered = names(g)
    assert PLAIN in offered and DOUBLE not in offered


def test_an_earthly_hand_needs_no_kong_before_it(auto):
    # South wins on its first draw; a concealed kong declared before (by anyone) ends the
    # first go-round, so it is no earthly hand
    hand = dict(hand="2m 3m 4m 5p 6p 7p 3s 4s 5s 6s 7s 8s 8p 8p", win="8p", source="wall", seat="S")
    early = read_hand_input(auto, **hand, table=["discards=1"])
    after_kong = read_hand_input(auto, **hand, table=["discards=1", "kongs=1"])
    assert "chiihou" in score_hand(auto, early).rule_names
    assert "chiihou" not in score_hand(auto, after_kong).rule_names


def test_the_counts_since_an_announcement_start_from_it_and_are_minus_1_before(auto):
    """``discards_since(NAME)`` and ``claims_since(NAME)`` count from the announcement,
    its own discard not counted, -1 for a seat that has not made it; ``announcers(NAME)``
    counts the seats that made it (riichi's ippatsu and four riichi read them)."""
    from mjdsl.engine.table_facts import table_call

    # as above: North pungs East's 5p, then South throws N, the hand's fourth discard, with riichi
    g = _south_throws_n_after_north_pungs(auto, wall="W 9m 1p 1s")
    assert table_call(g, 1, "discards_since", "riichi") == -1 and table_call(g, 1, "claims_since", "riichi") == -1
    act(g, 1, PLAIN)
    counts = lambda seat: (table_call(g, seat, "discards_since", "riichi"),  # noqa: E731
                           table_call(g, seat, "claims_since", "riichi"), table_call(g, seat, "announcers", "riichi"))
    assert counts(1) == (0, 0, 1)
    assert counts(0) == (-1, -1, 1)  # East made none: -1 for East, one announcer at the table
    _round(g, until=1)  # West, North and East throw what they drew, unclaimed
    assert g.st.turns == 7 and counts(1) == (3, 0, 1)
