"""The invariants the conformance suite checks at every step (engine/invariants.py):
each one holds in play and catches the breach it names.

The conformance suite (tests/test_conformance.py) runs them after every action of
seeded hands of every ruleset; here each is shown to fail on a position that breaks it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine_script import act, no_claims, scripted
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.engine import invariants
from mjdsl.engine.state import Exposure

ROOT = Path(__file__).resolve().parent.parent
QUIET = "1b 4b 7b 1c 4c 7c 1d 4d 7d E S W N"


@pytest.fixture(scope="module")
def classical():
    return compile_ruleset(ROOT / "rulesets" / "classical.mj")


@pytest.fixture
def game(classical):
    g = scripted(classical, {0: "5b " + QUIET, 1: "6b 7b 2c 2c 2c 3d 3d 3d 8d 8d 8d R R"})
    invariants.check(g)
    return g


def _swap_with_wall(game, seat: int, code: str) -> None:
    """The seat puts a tile back on the wall and takes the next one: every tile is
    still accounted for, the hand has changed."""
    st = game.st
    t = game.auto.tiles.index(code)
    st.hands[seat][t] -= 1
    st.hands[seat][st.wall[st.head]] += 1
    st.wall[st.head] = t


def _breaks(game, pattern: str) -> None:
    with pytest.raises(invariants.InvariantError, match=pattern):
        invariants.check(game)


def test_only_the_seat_to_act_holds_the_extra_tile(game):
    act(game, 0, "discard 5b")
    assert game.st.node == "play.claims"
    invariants.check(game)
    st = game.st
    st.hands[2][st.wall[st.head]] += 1  # seat 2 draws out of turn
    st.head += 1
    _breaks(game, "seat 2 holds 14 tiles")


def test_the_kong_box_keeps_the_size_the_wall_block_says(game):
    st = game.st
    st.discards[3].extend(st.wall[st.head:st.tail - st.reserve])  # the live wall used up ...
    st.head = st.tail - st.reserve
    invariants.check(game)
    st.tail -= 1  # ... and a tile taken from the box anyway, for one discarded
    st.hands[0][st.wall[st.tail]] += 1
    st.hands[0][game.auto.tiles.index("1b")] -= 1
    st.discards[0].append(game.auto.tiles.index("1b"))
    _breaks(game, "kong box")


def test_a_chow_only_from_the_seat_the_ruleset_allows(game):
    act(game, 0, "discard 5b")
    act(game, 1, "claim chow (discard at 1 of 3)")
    no_claims(game)
    invariants.check(game)
    e = game.st.exposures[1][0]
    game.st.exposures[1][0] = Exposure(e.kind, e.tile, e.size, e.jokers, e.concealed, 3, e.run)
    _breaks(game, "allows it only left")


def test_a_frozen_hand_stays_frozen(classical):
    g = scripted(classical, {0: "S 1b 1b 1b 2c 3c 4c 5d 6d 7d E E E S"})
    act(g, 0, "discard 1b")
    act(g, 0, "announce Standing Hand")
    no_claims(g)
    invariants.check(g)
    _swap_with_wall(g, 0, "2c")
    _breaks(g, "frozen hand changed")


def test_a_frozen_hand_keeps_its_sets_when_another_seat_swaps_a_joker_out():
    # a frozen hand's exposed kong with two jokers: another seat swapping one out (the
    # generator's American-like table) leaves the same set; a joker put in, or another
    # tile, is a change
    kong = Exposure("kong", 32, 4, 2, False, 3)
    assert invariants._same_sets([Exposure("kong", 32, 4, 1, False, 3)], (kong,))
    assert not invariants._same_sets([Exposure("kong", 32, 4, 3, False, 3)], (kong,))
    assert not invariants._same_sets([Exposure("kong", 31, 4, 1, False, 3)], (kong,))
    assert not invariants._same_sets([], (kong,))
    # the tile swapped in a variant's copy (a red five, copy number 40): it joins the copies
    five = Exposure("pung", 4, 3, 1, False, 3)
    assert invariants._same_sets([Exposure("pung", 4, 3, 0, False, 3, (), (40,))], (five,))
    assert not invariants._same_sets([Exposure("pung", 4, 3, 1, False, 3, (), (40,))], (five,))


def test_the_claim_that_stands_is_the_best_by_priority(game):
    act(game, 0, "discard 5b")
    st = game.st
    discarder, answers, chosen = st.last_claims or (0, (), None)
    cat = game.catalogue
    pung, chow = cat.lookup("claim pung"), cat.lookup("claim chow (discard at 1 of 3)")
    st.last_claims = (0, ((1, chow), (2, pung)), 2)
    invariants.check(game)
    st.last_claims = (0, ((1, chow), (2, pung)), 1)
    _breaks(game, "against the ruleset's priority")


def test_replacements_for_the_deal_come_in_the_rulesets_order(game):
    st = game.st
    st.replacements = [(0, 1), (2, 1), (0, 2), (3, 2)]
    invariants.check(game)
    st.replacements = [(0, 1), (0, 2), (2, 1)]
    _breaks(game, "round by round")


def test_a_claim_window_leaves_its_answers_for_the_priority_check(classical):
    """The window records who was asked, what each answered and whose claim stood,
    which claim_priority_as_ruled reads: a claim that stood against the priority
    is caught."""
    g = scripted(classical, {0: "5b 1b 4b 7b 1c 4c 7c 1d 4d 7d E S W N",
                             2: "5b 5b 2c 5c 8c 2d 5d 8d E E S S R"})
    act(g, 0, "discard 5b")
    act(g, 2, "claim pung")
    pung = g.catalogue.lookup("claim pung")
    assert g.st.last_claims == (0, ((2, pung),), 2)
    invariants.claim_priority_as_ruled(g, g.st.node)
    g.st.last_claims = (0, ((2, pung),), None)  # as if nobody's claim had stood
    with pytest.raises(Exception, match="against the ruleset's priority"):
        invariants.claim_priority_as_ruled(g, g.st.node)


def test_a_hand_frozen_on_its_turn_is_held_to_what_its_discard_left():
    """An announcement made on one's turn that freezes the hand (rules/freeze-on-turn.mj)
    freezes it as the discard that follows leaves it: checked from then on, a change
    is caught."""
    auto = compile_ruleset(ROOT / "tests" / "scenarios" / "rules" / "freeze-on-turn.mj")
    g = scripted(auto, {0: "S 1b 1b 1b 2c 3c 4c 5d 6d 7d E E E S"})
    act(g, 0, "announce Hold")
    assert g.st.frozen[0] and 0 not in g.st.frozen_as  # still holding the tile to discard
    act(g, 0, "discard 1b")
    assert g.st.frozen_as[0][0] == tuple(g.st.hands[0])  # the hand as the discard left it
    no_claims(g)
    invariants.check(g)
    _swap_with_wall(g, 0, "2c")
    _breaks(g, "frozen hand changed")


def test_a_false_call_on_a_discard_puts_the_discard_and_its_copy_back(classical):
    """A false mah jongg on a discard (false calls allowed): the discard goes back to
    the table with the copy thrown, so every tile is still told where it lies."""
    g = scripted(classical, {0: "5b " + QUIET, 1: "2b 8b 3c 6c 9c 3d 6d 9d W N G 0 R"})
    g.allow_false_calls = True
    act(g, 0, "discard 5b")
    act(g, 1, "mah jongg")
    no_claims(g)
    assert g.st.dead[1] and g.st.discards[0] == [g.st.discard_copies[0][0]]
    invariants.check(g)


def test_a_hand_balances_with_what_it_put_in_or_took_from_the_pot():
    """A finished hand settles to zero once the pot is counted: a deposit a seat paid
    stays in the pot for the next hand; a pot the hand was given goes to its winner."""
    from mjdsl.engine.state import HandState

    st = HandState(4, 34)
    st.returns = [-1000.0, 0.0, 0.0, 0.0]  # a riichi deposit, a wall game: the pot keeps it
    st.pot = 1000.0
    assert st.balance() == 0
    st.returns, st.pot, st.pot_in = [3000.0, -1000.0, 0.0, 0.0], 0.0, 2000.0  # the winner takes the pot
    assert st.balance() == 0
    st.pot = 500.0  # half of it left behind: the hand does not balance
    assert st.balance() == 500.0
