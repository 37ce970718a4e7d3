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
from mjdsl.engine.game import CHANCE, Game
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


def _from_wall(game, code: str) -> int:
    """Take a tile of that kind off the wall (to set it down elsewhere): the wall is a
    tile shorter at its head, every other tile still on it."""
    st = game.st
    t = game.auto.tiles.index(code)
    i = st.wall.index(t, st.head, st.tail)
    st.wall[st.head], st.wall[i] = st.wall[i], st.wall[st.head]
    st.head += 1
    return t


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
    _breaks(game, r"seat 2 holds 14 tiles at play\.claims, where only nobody may \(a discard waits")


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


# -- every tile accounted for, every hand of the dealt size ----------------------------


def test_a_hand_holding_less_than_none_of_a_tile_is_named(game):
    game.st.hands[1][game.auto.tiles.index("1b")] = -1
    _breaks(game, "seat 1 holds -1 of 1b")


def test_a_tile_that_changed_kind_on_the_wall_is_caught(game):
    st = game.st
    tiles = game.auto.tiles
    t = st.wall[st.head]
    other = next(k.index for k in tiles.kinds if k.index != t and not k.is_bonus)
    st.wall[st.head] = other  # one tile too many of a kind, one too few of another
    _breaks(game, f"{tiles.kinds[t].code}: {tiles.kinds[t].copies - 1} accounted for, the set has "
                  f"{tiles.kinds[t].copies}")


def test_a_bonus_tile_set_aside_counts_once(game):
    st = game.st
    f = _from_wall(game, "f1")
    st.bonus[1].append(f)
    invariants.check(game)
    st.bonus[1].append(f)  # the one flower set aside twice
    _breaks(game, "f1: 2 accounted for, the set has 1")


def test_a_hand_short_of_the_deal_is_caught(game):
    st = game.st
    r = game.auto.tiles.index("R")
    st.hands[1][r] -= 1  # a tile thrown with no turn to throw it: seat 1 holds 12
    st.discards[1].append(r)
    _breaks(game, r"seat 1 holds 12 tiles at play\.turn \(the deal makes hands of 13\)")


def test_the_invariants_hold_before_the_shuffle_and_between_the_chance_steps(classical):
    # nothing is dealt until the chance steps are done: no hand is held to the deal's size
    g = Game(classical)
    invariants.check(g)
    while g.current_player() == CHANCE:
        outs = g.chance_outcomes()
        g.apply_action(outs[0][0] if outs else 0)
        invariants.check(g)
    assert g.st.node != "setup.shuffle" and all(sum(h) for h in g.st.hands)


# -- jokers ---------------------------------------------------------------------------


def test_a_set_with_a_joker_where_the_table_has_none_is_caught(game):
    st = game.st
    t = game.auto.tiles.index("2c")
    st.hands[1][t] -= 3
    st.exposures[1].append(Exposure("pung", t, 3, 0, False, 0))  # seat 1 claimed seat 0's 2c ...
    invariants.check(game)
    st.exposures[1][0] = Exposure("pung", t, 3, 1, False, 0)  # ... with a joker, and one 2c went back
    st.discards[0].append(t)
    _breaks(game, "seat 1: exposure .* has an impossible joker count")


def test_jokers_in_a_set_are_counted_as_jokers_and_never_more_than_the_set_holds():
    auto = compile_ruleset(ROOT / "rulesets" / "american.mj", [("charleston", "off")])
    tiles = auto.tiles
    filler = "1b 3b 5b 7b 9b 2c 4c 6c 8c 1d 3d 5d 7d"
    g = scripted(auto, {0: "9d " + filler, 1: "9d J J J J 2b 4b 6b 8b 1c 3c 5c 7c"})
    st = g.st
    nine, joker = tiles.index("9d"), tiles.index("J")
    st.hands[1][nine] -= 1
    st.hands[1][joker] -= 2
    st.exposures[1].append(Exposure("pung", nine, 3, 2, False, 0))  # 9d J J: two jokers counted as such
    invariants.check(g)
    st.hands[1][nine] += 1
    st.hands[1][joker] -= 1
    st.exposures[1][0] = Exposure("pung", nine, 3, 3, False, 0)  # as many jokers as the set holds tiles
    invariants.check(g)
    st.hands[1][joker] -= 1
    st.hands[1][_from_wall(g, "2d")] += 1
    st.exposures[1][0] = Exposure("pung", nine, 3, 4, False, 0)  # four jokers standing in a set of three
    _breaks(g, "seat 1: exposure .* has an impossible joker count")


# -- a finished hand settles ----------------------------------------------------------


def test_a_finished_hand_settles_to_zero_give_or_take_a_millionth(game):
    st = game.st
    st.node = "end"
    st.returns = [300.0, -100.0, -100.0, -100.0]
    invariants.check(game)
    st.returns = [1e-6, 0.0, 0.0, 0.0]  # what float arithmetic may leave over
    invariants.check(game)
    st.returns = [0.5, 0.0, 0.0, 0.0]
    _breaks(game, r"the hand settles to 0\.5, not zero")


# -- copies told apart (riichi's red fives) -------------------------------------------


@pytest.fixture
def red_five():
    """A riichi hand in play: seat 0 holds the red 5m (0m) as its only five of man, seat 1
    holds no five of man at all."""
    auto = compile_ruleset(ROOT / "rulesets" / "riichi.mj")
    g = scripted(auto, {0: "0m 1m 2m 3m 6m 7m 8m 9m 1p 2p 3p 4p 6p 7p",
                        1: "1s 2s 3s 4s 6s 7s 8s 9s E S W N P"})
    assert g.st.held_variants[0] == [auto.tiles.copy_of("0m")] and g.st.hands[0][auto.tiles.index("5m")] == 1
    invariants.check(g)
    return g


def test_a_red_five_lost_track_of_is_caught(red_five):
    red_five.st.held_variants[0] = []  # seat 0 still holds a five of man, now as a plain one
    _breaks(red_five, "0m: 0 accounted for, the set has 1")


def test_a_red_five_told_in_a_hand_without_a_five_is_caught(red_five):
    st = red_five.st
    st.held_variants[1], st.held_variants[0] = st.held_variants[0], []
    _breaks(red_five, "seat 1 holds 1 0m among 0 of its kind")


def test_a_discard_whose_copy_is_not_told_is_caught(red_five):
    red_five.st.discards[2].append(_from_wall(red_five, "E"))  # no copy told with it
    _breaks(red_five, "seat 2: 1 discards, 0 copies told")


# -- the ruleset's own rules ----------------------------------------------------------


def test_two_seats_holding_the_extra_tile_are_caught(game):
    st = game.st
    st.hands[2][st.wall[st.head]] += 1  # seat 2 draws while seat 0, on turn, holds 14
    st.head += 1
    _breaks(game, r"seats \[0, 2\] each hold 14 tiles")


def test_while_a_kong_may_be_robbed_the_seat_adding_it_holds_the_extra_tile(game):
    st = game.st
    rob = game.auto.states["play.rob"]
    four = game.auto.tiles.index("4b")  # the tile added (a number that is no seat's)
    st.kong_pending = (0, four)
    invariants.extra_tile_with_the_seat_to_act(game, rob)
    st.kong_pending = (1, four)
    with pytest.raises(invariants.InvariantError, match="seat 0 holds 14 tiles .* where only seat 1 may"):
        invariants.extra_tile_with_the_seat_to_act(game, rob)


def test_a_kong_box_of_another_size_is_caught(game):
    game.st.reserve += 1
    _breaks(game, "the kong box holds 17 tiles; the wall block says 14 and 2 loose")


def test_a_set_claimed_from_the_claimer_itself_is_caught(game):
    t = game.auto.tiles.index("2c")
    game.st.exposures[1] = [Exposure("pung", t, 3, 0, False, 1)]
    with pytest.raises(invariants.InvariantError, match="seat 1 claimed a pung from itself"):
        invariants.claims_from_allowed_seats(game, game.auto.states[game.st.node])


def test_a_wrong_claim_is_caught_after_sets_of_no_claim(game):
    # a concealed kong (no source) and a kong added to a claimed pung (the pung's source,
    # no claim of its own) are passed over; the chow after them is still checked
    tiles = game.auto.tiles
    six, seven, eight = (tiles.index(c) for c in ("6b", "7b", "8b"))
    game.st.exposures[1] = [Exposure("kong_concealed", tiles.index("3d"), 4, 0, True),
                            Exposure("kong_added", tiles.index("8d"), 4, 0, False, 0),
                            Exposure("chow", six, 3, 0, False, 3, (six, seven, eight))]
    with pytest.raises(invariants.InvariantError, match="seat 1 claimed a chow from seat 3; .* only left"):
        invariants.claims_from_allowed_seats(game, game.auto.states[game.st.node])


def test_a_frozen_hand_may_draw_one_tile_not_two_and_stays_frozen(game):
    st = game.st
    node = game.auto.states[st.node]
    st.frozen[1] = True
    st.frozen_as[1] = (tuple(st.hands[1]), tuple(st.exposures[1]))
    st.hands[1][game.auto.tiles.index("9b")] += 1  # the tile it drew
    invariants.frozen_hands_stay_frozen(game, node)
    st.hands[1][game.auto.tiles.index("9c")] += 1  # and another
    with pytest.raises(invariants.InvariantError, match="seat 1's frozen hand changed"):
        invariants.frozen_hands_stay_frozen(game, node)
    st.hands[1][game.auto.tiles.index("9c")] -= 1
    st.frozen[1] = False
    with pytest.raises(invariants.InvariantError, match="seat 1's hand was frozen and is no longer"):
        invariants.frozen_hands_stay_frozen(game, node)


def test_mah_jongg_stands_over_a_set_and_the_nearest_seat_after_the_discarder_over_its_like(game):
    st = game.st
    node = game.auto.states[st.node]
    cat = game.catalogue
    mahjong, pung = cat.lookup("mah jongg"), cat.lookup("claim pung")
    for discarder, answers, stood, overruled in [
            (0, ((1, pung), (3, mahjong)), 3, 1),    # a win over a set, whoever is nearer
            (1, ((0, mahjong), (2, mahjong)), 2, 0),  # two wins: seat 2 is next after seat 1
            (1, ((0, pung), (2, pung)), 2, 0)]:       # two sets of one rank alike
        st.last_claims = (discarder, answers, stood)
        invariants.claim_priority_as_ruled(game, node)
        st.last_claims = (discarder, answers, overruled)
        with pytest.raises(invariants.InvariantError, match=f"seat {overruled} stood over seat {stood}'s"):
            invariants.claim_priority_as_ruled(game, node)


def test_replacements_come_round_the_table_from_the_dealer(game):
    # counter clockwise (classical's order): seat 1 after the dealer, then seats 2 and 3
    st = game.st
    st.replacements = [(0, 1), (1, 1), (3, 1), (1, 2)]
    invariants.check(game)
    st.replacements = [(3, 1), (1, 1)]
    _breaks(game, "round by round")
