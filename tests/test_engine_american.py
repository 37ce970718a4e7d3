"""The American rules of issue 4, each as a scripted hand (fixed deal, scripted actions).

Seeds: american-rulebook.txt and club-american-table.txt. The ruleset is the shipped
rulesets/american.mj; the Charleston is switched off where a test is about play.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine_script import act, hand_codes, names, scripted
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.engine import actions as ACT
from mjdsl.engine.game import IllegalAction
from mjdsl.engine.state import Exposure

ROOT = Path(__file__).resolve().parent.parent
AMERICAN = ROOT / "rulesets" / "american.mj"

# Every hand below is 13 tiles (14 for the dealer, seat 0). "Winds" is the card line
# NNNN EEE WWW SSSS: jokers may stand in any of its groups.
FILLER = "1b 3b 5b 7b 9b 2c 4c 6c 8c 1d 3d 5d 7d"


@pytest.fixture(scope="module")
def auto():
    return compile_ruleset(AMERICAN, [("charleston", "off")])


@pytest.fixture(scope="module")
def auto_charleston():
    return compile_ruleset(AMERICAN)


def test_two_seats_call_one_discard_the_next_in_turn_wins(auto):
    # seat 1 and seat 3 can both pung 9d; seat 1 is next in turn after seat 0
    g = scripted(auto, {0: "9d " + FILLER, 1: "9d 9d 2b 4b 6b 8b 1c 3c 5c 7c 9c 2d 4d",
                        2: "N N E E W W S S R R G G F", 3: "9d J 2b 4b 6b 8b 1c 3c 5c 7c 9c 2d 4d"})
    act(g, 0, "discard 9d")
    assert g.current_player() == 1
    act(g, 1, "claim pung (0 jokers)")
    act(g, 3, "claim pung (1 joker)")
    assert g.st.node == "play.after_claim" and g.st.turn == 1
    assert [(e.kind, auto.tiles.kinds[e.tile].code, e.size) for e in g.st.exposures[1]] == [("pung", "9d", 3)]
    assert g.st.exposures[3] == []


def test_mah_jongg_beats_a_pung_call(auto):
    # seat 3 waits on N for NNNN EEE WWW SSSS; seat 1 could pung N
    g = scripted(auto, {0: "N " + FILLER, 1: "N N 2b 4b 6b 8b 1c 3c 5c 7c 9c 2d 4d",
                        3: "N E E E W W W S S S S J J"}, wall="")
    act(g, 0, "discard N")
    act(g, 1, "claim pung (0 jokers)")
    act(g, 3, "mah jongg")
    assert g.is_terminal()
    res = g.st.result
    assert res["winner"] == 3 and res["hand"] == "NNNN EEE WWW SSSS" and res["discarder"] == 0


def test_two_mah_jongg_calls_go_to_the_next_seat_after_the_discarder(auto):
    # seat 2 waits on N for NNNN EEE WWW SSSS, seat 3 for 11 1111 1111 NEWS
    g = scripted(auto, {0: "N " + FILLER, 2: "N E E E W W W S S S J J J",
                        3: "9b 9b 9c 9c 9c 9c 9d 9d 9d 9d E W S"})
    act(g, 0, "discard N")
    act(g, 2, "mah jongg")
    act(g, 3, "mah jongg")
    assert g.st.result["winner"] == 2


def test_payments_discarder_double_others_single(auto):
    g = scripted(auto, {0: "N " + FILLER, 3: "N E E E W W W S S S S J J"})
    act(g, 0, "discard N")
    act(g, 3, "mah jongg")
    # 25 points; jokers used, so no jokerless double
    assert g.returns() == [-50, -25, -25, 100]


def test_self_drawn_all_pay_double_and_jokerless_doubles(auto):
    # seat 1 draws the N that completes NNNN EEE WWW SSSS with no joker: 25 x 2 (jokerless)
    g = scripted(auto, {0: "9d " + FILLER, 1: "N N N E E E W W W S S S S"}, wall="N")
    act(g, 0, "discard 9d")
    assert g.current_player() == 1 and "mah jongg" in names(g)
    act(g, 1, "mah jongg")
    assert g.st.result["jokers"] == 0
    assert g.returns() == [-100, 300, -100, -100]


def test_jokerless_singles_and_pairs_not_doubled_unless_the_option_says(auto):
    # "FF 2026 2026 22 66 - a b c c · concealed 50": a singles-and-pairs hand
    hand = "F 2b 0 2b 6b 2c 0 2c 6c 2d 2d 6d 6d"
    g = scripted(auto, {0: "9d " + FILLER, 1: hand}, wall="F")
    act(g, 0, "discard 9d")
    act(g, 1, "mah jongg")
    assert g.st.result["value"] == 50
    doubled = compile_ruleset(AMERICAN, [("charleston", "off"), ("jokerless_singles_pairs", "on")])
    g = scripted(doubled, {0: "9d " + FILLER, 1: hand}, wall="F")
    act(g, 0, "discard 9d")
    act(g, 1, "mah jongg")
    assert g.st.result["value"] == 100


def test_a_joker_swap_on_your_turn(auto):
    g = scripted(auto, {0: "9d " + FILLER, 1: "9d J 2b 4b 6b 8b 1c 3c 5c 7c 9c 2d 4d",
                        2: "9d N N E E W W S S R R G G"}, wall="F")
    act(g, 0, "discard 9d")
    act(g, 1, "claim pung (1 joker)")
    act(g, 1, "discard 2b")
    # seat 2 draws F, holds a natural 9d, and may take the joker from seat 1's pung
    assert g.current_player() == 2
    act(g, 2, "swap 9d for a joker")
    assert g.st.exposures[1][0].jokers == 0
    assert "J" in hand_codes(g, 2) and "9d" not in hand_codes(g, 2)
    assert g.current_player() == 2  # the swap does not end the turn


def test_a_discarded_joker_is_dead(auto):
    g = scripted(auto, {0: "J " + FILLER, 1: "J J 2b 4b 6b 8b 1c 3c 5c 7c 9c 2d 4d"})
    act(g, 0, "discard J")
    # nobody is asked: the next seat draws
    assert g.st.node == "play.turn" and g.current_player() == 1
    assert not any(n.startswith("claim") for n in names(g))


def test_a_concealed_hand_refuses_exposures_but_calls_the_mah_jongg_tile(auto):
    # "FF 2026 2026 22 66 - a b c c · concealed": waiting on 6d
    hand = "F F 2b 0 2b 6b 2c 0 2c 6c 2d 2d 6d"
    g = scripted(auto, {0: "6d " + FILLER, 1: hand})
    act(g, 0, "discard 6d")
    assert "mah jongg" in names(g)
    act(g, 1, "mah jongg")
    assert g.st.result["hand"] == "FF 2026 2026 22 66 - a b c c"
    # waiting on 6d with 2d 2d in hand: a pung of 2d may be called, but then the hand
    # can never be the concealed line (a concealed line takes no exposures)
    g = scripted(auto, {0: "2d " + FILLER.replace("2c ", "3c "), 1: "F F 2b 0 2b 6b 2c 0 2c 6c 2d 2d 6d"})
    act(g, 0, "discard 2d")
    assert g.current_player() == 1 and "claim pung (0 jokers)" in names(g) and "mah jongg" not in names(g)
    assert g.rules.completes(g.st, 1, auto.tiles.index("6d"))
    act(g, 1, "claim pung (0 jokers)")
    concealed = auto.winning.card.tables.concealed
    assert not (g.rules._allowed(g.st, 1) & concealed).any()


def test_a_concealed_line_does_not_match_with_an_exposure(auto):
    # 11 33 55 77 99 DD DD (concealed): with 999 exposed it is no hand at all
    # with a = bams, the DD DD are the dragons of craks (R) and dots (0)
    g = scripted(auto, {0: "2c " + FILLER.replace("2c ", "3c "), 1: "1b 1b 3b 3b 5b 5b 7b 7b 9b 9b R R 0"})
    rules = g.rules
    assert rules.completes(g.st, 1, auto.tiles.index("0"))
    from mjdsl.engine.state import Exposure

    g.st.hands[1][auto.tiles.index("9b")] -= 2
    g.st.exposures[1].append(Exposure("pung", auto.tiles.index("9b"), 3, 1))
    g.st.hands[1][auto.tiles.index("J")] += 0
    assert not rules.completes(g.st, 1, auto.tiles.index("0"))


def test_a_dead_hand_from_an_impossible_exposure(auto):
    # no hand on the Club card 2026 has a kong of east winds (EEE only)
    assert (auto.tiles.index("E"), 4) not in set(auto.winning.card.tables.group_keys)
    g = scripted(auto, {0: "E " + FILLER, 1: "E E E N N W W S S R R G G"})
    act(g, 0, "discard E")
    act(g, 1, "claim kong (0 jokers)")
    assert g.st.dead[1] and g.st.dead_reason[1] == "impossible exposure"
    # counted among the hand's events (what `mjdsl simulate` tallies), once
    assert g.st.events["dead hand"] == 1
    # the dead player's tiles stay racked (14 with the exposure); play goes on after it
    assert g.st.node == "play.turn" and g.current_player() == 2
    assert sum(g.st.hands[1]) + 4 == 14
    # and it is never asked again: not for a claim, not to draw
    act(g, 2, "discard " + hand_codes(g, 2)[0])
    assert 1 not in g.st.asked


def test_a_discard_goes_dead_once_the_next_player_draws(auto):
    g = scripted(auto, {0: "9d " + FILLER, 2: "9d 9d 2b 4b 6b 8b 1c 3c 5c 7c 9c 2d 4d"}, wall="F")
    act(g, 0, "discard 9d")
    act(g, 2, "no claim")
    # seat 1 has drawn: 9d is dead, no window offers it again
    assert g.current_player() == 1 and g.st.last_discard is None
    act(g, 1, "discard F")
    # seat 2 still holds 9d 9d, but the only live discard is F: it is simply seat 2's turn
    assert g.st.node == "play.turn" and g.current_player() == 2
    assert not any(n.startswith("claim") for n in names(g))


def test_the_wall_game_pays_nothing(auto):
    g = scripted(auto, {})
    st = g.st
    st.tail = st.head + 2  # two tiles left in the live wall
    while not g.is_terminal():
        legal = g.legal_actions()
        discards = [a for a in legal if g.catalogue[a].family == ACT.DISCARD]
        g.apply_action(discards[0] if discards else g.catalogue.id(ACT.NO_CLAIM) if g.catalogue.id(ACT.NO_CLAIM) in legal else legal[0])
    assert g.st.result["wall_game"] and g.returns() == [0, 0, 0, 0]


def test_an_illegal_action_is_refused_and_changes_nothing(auto):
    g = scripted(auto, {0: "9d " + FILLER})
    before = (list(map(list, g.st.hands)), g.st.node, len(g.st.history))
    with pytest.raises(IllegalAction) as e:
        g.apply_action(g.catalogue.id(ACT.DISCARD, auto.tiles.index("N")))
    assert e.value.diagnostics[0].code == "MJ403" and "american.mj" in str(e.value.diagnostics[0].span)
    assert (list(map(list, g.st.hands)), g.st.node, len(g.st.history)) == before


# -- the Charleston -------------------------------------------------------------------


def _pass(g, seat, codes):
    for c in codes.split():
        act(g, seat, f"pass {c}")


def test_first_charleston_passes_right_across_left(auto_charleston):
    hands = {0: "1b 1b 1b 2b 2b 2b 3b 3b 3b 4b 4b 4b 5b 5b", 1: "1c 1c 1c 2c 2c 2c 3c 3c 3c 4c 4c 4c 5c",
             2: "1d 1d 1d 2d 2d 2d 3d 3d 3d 4d 4d 4d 5d", 3: "N N N E E E W W W S S S R"}
    g = scripted(auto_charleston, hands)
    assert g.st.node == "charleston.1"
    for s, c in [(0, "1b 1b 1b"), (1, "1c 1c 1c"), (2, "1d 1d 1d"), (3, "N N N")]:
        _pass(g, s, c)
    # right is the next seat in turn: seat 0's tiles went to seat 1
    assert hand_codes(g, 1).count("1b") == 3 and hand_codes(g, 0).count("N") == 3


def test_jokers_are_never_passed(auto_charleston):
    g = scripted(auto_charleston, {0: "J J J 2b 2b 2b 3b 3b 3b 4b 4b 4b 5b 5b"})
    assert "pass J" not in names(g)
    with pytest.raises(IllegalAction):
        g.apply_action(g.catalogue.id(ACT.PASS_TILE, auto_charleston.tiles.index("J")))


def _to_state(g, target: str):
    """Pass the first tiles each seat may pass until the game reaches `target`."""
    while g.st.node != target:
        legal = g.legal_actions()
        blind = [a for a in legal if g.catalogue[a].family == ACT.BLIND]
        g.apply_action(g.catalogue.id(ACT.BLIND, 0) if blind else legal[0])


def test_a_blind_pass_forwards_the_tiles_coming_in(auto_charleston):
    g = scripted(auto_charleston, {})
    _to_state(g, "charleston.3")  # the first left: blind allowed
    assert g.st.node == "charleston.3"
    # seat 0 forwards all three it receives from seat 1; the others pass three of their own
    assert "forward 3 blind" in names(g)
    before0 = hand_codes(g, 0)
    act(g, 0, "forward 3 blind")
    sent = {}
    for s in (1, 2, 3):
        act(g, s, "forward 0 blind")
        picks = [n for n in names(g) if n.startswith("pass ")][:1] * 0 or None
        chosen = []
        for _ in range(3):
            n = [x for x in names(g) if x.startswith("pass ")][0]
            chosen.append(n.split()[1])
            act(g, s, n)
        sent[s] = chosen
    # passing left: seat 1's tiles go to seat 0, who forwards them unseen to seat 3;
    # seat 0 keeps its own fourteen, having given nothing of its own
    h3 = hand_codes(g, 3)
    for c in set(sent[1]):
        assert h3.count(c) >= sent[1].count(c)
    assert hand_codes(g, 0) == before0
    assert len(hand_codes(g, 3)) == 13


def test_a_blind_pass_where_every_seat_forwards_all_it_gets_moves_nothing(auto_charleston):
    # each seat forwards the three coming in and gives none of its own: no real tile
    # moves, and every hand stays as it was
    g = scripted(auto_charleston, {})
    _to_state(g, "charleston.3")
    before = [list(h) for h in g.st.hands]
    for s in range(4):
        act(g, s, "forward 3 blind")
    assert g.st.node != "charleston.3" and [list(h) for h in g.st.hands] == before


def test_a_blind_pass_of_more_than_three_tiles_loses_none(tmp_path):
    # `pass 5 left blind` (check allows a pass of what a hand may give: five, beside the
    # eight jokers): seat 0 passes one tile of its own and forwards four of the five
    # coming in unseen; the others forward all five. The one tile that really moves goes
    # round the table and back to seat 0, the only seat keeping one of the tiles coming in
    rules = tmp_path / "five.mj"
    rules.write_text(f'extends "{AMERICAN}"\ncharleston {{\n    pass 5 left blind\n}}\n')
    g = scripted(compile_ruleset(rules, allow_outside=True), {})
    assert g.st.node == "charleston.1"
    before = [list(h) for h in g.st.hands]
    act(g, 0, "forward 4 blind")
    act(g, 0, [n for n in names(g) if n.startswith("pass ")][0])
    for s in (1, 2, 3):
        act(g, s, "forward 5 blind")
    assert g.st.node != "charleston.1" and [list(h) for h in g.st.hands] == before


def test_the_second_charleston_stopped_by_one_player(auto_charleston):
    g = scripted(auto_charleston, {})
    _to_state(g, "charleston.second.vote")
    for s in range(4):
        act(g, s, "stop the round" if s == 2 else "go on")
    assert g.st.node == "charleston.courtesy.offer"


def test_the_second_charleston_goes_on_when_nobody_stops_it(auto_charleston):
    g = scripted(auto_charleston, {})
    _to_state(g, "charleston.second.vote")
    for s in range(4):
        act(g, s, "go on")
    assert g.st.node == "charleston.second.4"


@pytest.mark.pure_python
@pytest.mark.parametrize("rule,stops,stopped", [
    ("any", (False, False, True, False), True),
    ("any", (False, False, False, False), False),
    ("all", (True, True, True, False), False),
    ("all", (True, True, True, True), True),
    ("majority", (True, True, False, False), False),  # two of four is no majority
    ("majority", (True, False, True, True), True),
])
def test_an_optional_round_stops_by_its_vote_rule(rule, stops, stopped):
    """``optional ... stopped by any | all | majority``: the seats vote in turn (True: stop
    the round), and the last vote in decides by the rule (the step on its own, at a
    made-up table of four)."""
    from types import SimpleNamespace as NS

    from mjdsl.engine.steps_charleston import HANDLERS

    game = NS(n=4, st=NS(dealer=0, dead=[False] * 4, flag=""), catalogue={0: NS(arg=False), 1: NS(arg=True)})
    state = NS(params={"rule": rule})
    vote = HANDLERS["vote"]
    assert vote.enter(game, state) is False and game.st.asked == [0, 1, 2, 3]
    done = [vote.apply(game, state, int(stop)) for stop in stops]
    assert done == [False, False, False, True]
    assert game.st.stopped is stopped and game.st.flag == ("stopped" if stopped else "")


@pytest.mark.pure_python
@pytest.mark.parametrize("direction,rule,bids,agreed", [
    ("across", "smaller", (3, 0, 1, 2), {0: 1, 1: 0, 2: 1, 3: 0}),
    ("across", "larger", (3, 0, 1, 2), {0: 3, 1: 2, 2: 3, 3: 2}),
    # to the right: each seat settles with the seat after it, who settles with the next
    ("right", "smaller", (3, 1, 2, 0), {0: 1, 1: 1, 2: 0, 3: 0}),
])
def test_a_courtesy_offer_is_settled_with_the_partner_by_its_rule(direction, rule, bids, agreed):
    """``courtesy DIRECTION low..high smaller | larger``: each seat's offer is settled with
    the seat it passes to (the step on its own, at a made-up table of four)."""
    from types import SimpleNamespace as NS

    from mjdsl.engine.steps_charleston import HANDLERS

    game = NS(n=4, st=NS(dealer=0, dead=[False] * 4), catalogue={k: NS(arg=k) for k in range(4)})
    state = NS(params={"direction": direction, "rule": rule})
    offer = HANDLERS["offer"]
    assert offer.enter(game, state) is False and game.st.asked == [0, 1, 2, 3]
    done = [offer.apply(game, state, bid) for bid in bids]
    assert done == [False, False, False, True] and game.st.offers == agreed


@pytest.mark.pure_python
@pytest.mark.parametrize("hand,low,offers", [
    ((4, 4, 0), 0, [0, 1, 2, 3]),  # the courtesy pass: 0 to 3 tiles
    ((1, 1, 9), 0, [0, 1, 2]),     # two tiles it may pass beside nine jokers: at most two
    ((0, 2, 5), 1, [1, 2]),
    ((0, 0, 5), 1, [0]),           # nothing it may pass: the least offer it can make is none
])
def test_a_courtesy_offer_goes_up_to_what_the_hand_may_pass(hand, low, offers):
    """``courtesy across low..high``: a seat offers low to high tiles, and no more than it
    holds of the tiles the pass may take (jokers are never passed); the step on its own,
    with a made-up tile set of two kinds and the joker."""
    from types import SimpleNamespace as NS

    from mjdsl.engine.steps_charleston import HANDLERS

    state = NS(params={"low": low, "high": 3, "never": ("J",)})
    game = NS(st=NS(node="offer", hands=[list(hand)]), auto=NS(states={"offer": state}, tiles=["1b", "2b", "J"]),
              catalogue=NS(id=lambda family, k: (family, k)))
    assert HANDLERS["offer"].legal(game, 0) == [(ACT.OFFER, k) for k in offers]


def test_a_courtesy_pass_of_unequal_offers_takes_the_smaller(auto_charleston):
    g = scripted(auto_charleston, {})
    _to_state(g, "charleston.courtesy.offer")
    for s, n in [(0, 3), (1, 0), (2, 1), (3, 2)]:
        act(g, s, f"offer {n}")
    assert g.st.offers == {0: 1, 2: 1, 1: 0, 3: 0}
    assert g.st.node == "charleston.courtesy.pass"
    # only seats 0 and 2 pass, one tile each
    assert g.current_player() == 0
    first = [n for n in names(g) if n.startswith("pass ")][0]
    act(g, 0, first)
    assert g.current_player() == 2


def test_after_the_courtesy_pass_no_seat_is_left_asked(tmp_path):
    """A pass, once resolved, leaves nobody asked: the dealer's first turn reads
    ``win_claims`` (no claim window is open, so 0) in a ``no discard when`` of an overlay,
    and may discard. The courtesy pass is the last step before play: seats 0 and 2 pass."""
    rules = tmp_path / "asked.mj"
    rules.write_text(f'extends "{AMERICAN}"\nplay {{\n    no discard when win_claims > 0\n}}\n', encoding="utf-8")
    g = scripted(compile_ruleset(rules, allow_outside=True), {})
    _to_state(g, "charleston.courtesy.offer")
    for s, n in [(0, 3), (1, 0), (2, 1), (3, 2)]:
        act(g, s, f"offer {n}")
    for s in (0, 2):
        act(g, s, [n for n in names(g) if n.startswith("pass ")][0])
    assert g.st.node == "play.turn"
    assert len([n for n in names(g) if n.startswith("discard ")]) == len(set(hand_codes(g, 0)))


def test_an_observation_shows_a_seat_only_what_it_may_see(auto_charleston):
    from mjdsl.engine.observe import observe

    g = scripted(auto_charleston, {})
    before = observe(g, 1)
    assert before["hand"] == hand_codes(g, 1)
    assert not any(before["action_mask"])  # seat 0 is to act, not seat 1
    # seat 0 makes a hidden choice and the wall order changes: seat 1 sees neither
    act(g, 0, names(g)[0])
    g.st.wall[g.st.head], g.st.wall[g.st.head + 1] = g.st.wall[g.st.head + 1], g.st.wall[g.st.head]
    after = observe(g, 1)
    assert after == before
    mine = observe(g, 0)
    assert mine["my_choice"]["sel"] and any(mine["action_mask"])
    mask = mine["action_mask"]
    assert [i for i, m in enumerate(mask) if m] == g.legal_actions()


def test_before_play_an_observation_shows_the_dealer_on_turn(auto_charleston):
    # the Charleston comes before the first discard: the seat on turn is the dealer's,
    # the one who will throw first, and every seat is shown it
    from mjdsl.engine.observe import observe

    g = scripted(auto_charleston, {}, dealer=2)
    assert g.st.node.startswith("charleston.")
    assert [observe(g, s)["turn"] for s in range(4)] == [2, 2, 2, 2]


def test_a_false_mah_jongg_makes_the_hand_dead(auto):
    # people at a table can call mah jongg by mistake (bots never do): the table
    # verifies, the declarer's hand is dead, and play goes on around it (the game made to
    # allow them, as the table makes it)
    g = scripted(auto, {0: "9d " + FILLER, 1: "N N 2b 4b 6b 8b 1c 3c 5c 7c 9c 2d 4d"}, allow_false_calls=True)
    act(g, 0, "discard 9d")
    assert "mah jongg" in names(g)  # offered to anyone when false calls are allowed
    act(g, 1, "mah jongg")
    act(g, 2, "no claim")
    act(g, 3, "no claim")
    st = g.st
    assert st.dead[1] and st.dead_reason[1] == "false mahjong" and st.winner is None
    assert sum(st.hands[1]) == 13  # the tile went back: the dead hand stays racked
    # seat 1 is skipped: seat 2 draws and plays
    assert st.node == "play.turn" and g.current_player() == 2 and not g.is_terminal()


def test_a_session_is_four_hands_and_the_deal_moves_every_hand(auto):
    from mjdsl.bots import make_bot
    from mjdsl.engine.run import play_session

    recs = play_session(auto, "session", [make_bot("greedy") for _ in range(4)], 40)
    assert len(recs) == 4 and [r.dealer for r in recs] == [0, 1, 2, 3]
    six = compile_ruleset(AMERICAN, [("charleston", "off"), ("session_hands", "6")])
    assert len(play_session(six, "session", [make_bot("random") for _ in range(4)], 40)) == 6


def test_an_added_kong_goes_onto_the_pung_with_no_joker_in_it(tmp_path):
    # two pungs of flowers (eight of them): one with two jokers standing in it, one of
    # three flowers; the fourth flower in hand may be added to the natural one only
    # (Turn.legal offers the kong for that one), and the jokers stay where they stood
    rules = tmp_path / "added.mj"
    rules.write_text(f'extends "{AMERICAN}"\nset charleston = off\nkongs {{\n    added on turn\n}}\n')
    g = scripted(compile_ruleset(rules, allow_outside=True), {0: "F " + FILLER})
    f = g.auto.tiles.index("F")
    g.st.exposures[0] = [Exposure("pung", f, 3, 2, False, 1), Exposure("pung", f, 3, 0, False, 2)]
    g._legal = (-1, [])
    act(g, 0, "add F to a pung")
    assert [(e.kind, e.size, e.jokers, e.source) for e in g.st.exposures[0]] == [
        ("pung", 3, 2, 1), ("kong_added", 4, 0, 2)]


@pytest.mark.parametrize("replaced,exposed,kept,claim,offered", [
    # a set that would take the whole concealed hand leaves nothing to discard
    (False, "2b 2b 2b 2b 4b 4b 4b 4b 6b 6b 6b", "", "pung", False),
    (False, "2b 2b 2b 2b 4b 4b 4b 6b 6b 6b", "3c", "pung", True),   # one tile is left
    (False, "2b 2b 2b 2b 4b 4b 4b 6b 6b 6b", "9d", "kong", False),
    (False, "2b 2b 2b 2b 4b 4b 4b 6b 6b 6b", "9d", "pung", True),    # the kong refused, the pung not
    # with a replacement for a kong (rules/american-kong-replaced.mj), a kong may take
    # the last three: the replacement is the tile to discard; a pung still may not
    (True, "2b 2b 2b 2b 4b 4b 4b 6b 6b 6b", "9d", "kong", True),
    (True, "2b 2b 2b 2b 4b 4b 4b 4b 6b 6b 6b", "", "pung", False),
])
def test_a_set_is_claimed_only_when_a_tile_is_left_to_discard(auto, replaced, exposed, kept, claim, offered):
    # seat 1 has exposed sets of all but its last few tiles (9d 9d and what it kept)
    # and is offered seat 0's 9d
    from mjdsl.engine.state import Exposure

    if replaced:
        auto = compile_ruleset(ROOT / "tests" / "scenarios" / "rules" / "american-kong-replaced.mj",
                               [("charleston", "off")])
    g = scripted(auto, {0: "9d " + FILLER, 1: f"{exposed} 9d 9d {kept}".strip()})
    codes = exposed.split()
    for code in dict.fromkeys(codes):
        t, n = auto.tiles.index(code), codes.count(code)
        g.st.hands[1][t] -= n
        g.st.exposures[1].append(Exposure("kong" if n == 4 else "pung", t, n, 0, False, 3))
    act(g, 0, "discard 9d")
    assert (g.current_player() == 1 and f"claim {claim} (0 jokers)" in names(g)) == offered


def test_an_added_kong_grows_one_pung_of_its_tile():
    # with added kongs (rules/american-added-kongs.mj) and two exposed pungs of flowers,
    # F F F and F F J: the flower added goes to the pung without a joker, the first, and
    # the other stays a pung with its joker
    from mjdsl.engine.state import Exposure

    auto = compile_ruleset(ROOT / "tests" / "scenarios" / "rules" / "american-added-kongs.mj",
                           [("charleston", "off")])
    g = scripted(auto, {0: "F F F F F F J 2b 4b 6b 8b 1c 3c 5c"})
    f, j = auto.tiles.index("F"), auto.tiles.index("J")
    g.st.hands[0][f] -= 5
    g.st.hands[0][j] -= 1
    g.st.exposures[0] += [Exposure("pung", f, 3, 0, False, 2), Exposure("pung", f, 3, 1, False, 3)]
    act(g, 0, "add F to a pung")
    kinds = [(e.kind, e.size, e.jokers) for e in g.st.exposures[0]]
    assert kinds == [("kong_added", 4, 0), ("pung", 3, 1)]
    assert g.st.hands[0][f] == 0


def test_an_added_kong_grows_only_the_first_of_two_jokerless_pungs_of_its_tile():
    # two exposed pungs of flowers with no joker in either, F F F and F F F (eight
    # flowers in the set): the one flower added makes a kong of the first only
    from mjdsl.engine.state import Exposure

    auto = compile_ruleset(ROOT / "tests" / "scenarios" / "rules" / "american-added-kongs.mj",
                           [("charleston", "off")])
    g = scripted(auto, {0: "F F F F F F F 2b 4b 6b 8b 1c 3c 5c"})
    f = auto.tiles.index("F")
    g.st.hands[0][f] -= 6
    g.st.exposures[0] += [Exposure("pung", f, 3, 0, False, 2), Exposure("pung", f, 3, 0, False, 3)]
    act(g, 0, "add F to a pung")
    kinds = [(e.kind, e.size, e.source) for e in g.st.exposures[0]]
    assert kinds == [("kong_added", 4, 2), ("pung", 3, 3)]
    assert g.st.hands[0][f] == 0


# -- the catalogue --------------------------------------------------------------------

def test_a_larger_blind_pass_or_courtesy_offer_gets_its_counts_in_the_catalogue():
    """The catalogue holds forwards of 0-3 and offers of 0-6 for every ruleset, and more
    where a step asks more (the counts come from the automaton's pass and offer steps)."""
    from types import SimpleNamespace as NS

    def sizes(*states):
        return ACT._pass_sizes(NS(states={str(i): s for i, s in enumerate(states)}))

    assert sizes() == (3, 6)
    assert sizes(NS(step="pass", params={"blind": True, "count": 5}), NS(step="pass", params={"count": 3})) == (5, 6)
    # a pass that is not blind, or counted by the offer, adds no forwards; nor a step that is no pass
    assert sizes(NS(step="pass", params={"blind": False, "count": 7}),
                 NS(step="pass", params={"blind": True, "count": "offer"}),
                 NS(step="vote", params={"blind": True, "count": 9})) == (3, 6)
    assert sizes(NS(step="offer", params={"low": 0, "high": 8})) == (3, 8)


def test_the_declarations_are_grouped_in_the_order_a_bot_tries_them():
    """``by_role`` groups the legal actions by role, the declarations in
    ``DECLARATION_ORDER``: a swap, then an announcement, then the kongs. The catalogue
    numbers an announcement after the kongs (classical's Standing Hand), so the group is
    not in catalogue order."""
    from mjdsl.engine.game import catalogue_of

    classical = compile_ruleset(ROOT / "rulesets" / "classical.mj")
    cat = catalogue_of(classical)
    discard, swap = cat.id(ACT.DISCARD, 0), cat.id(ACT.SWAP, 0)
    concealed, added = cat.id(ACT.KONG_CONCEALED, 0), cat.id(ACT.KONG_ADDED, 1)
    announce = cat.id(ACT.ANNOUNCE, "standing")
    assert concealed < added < announce
    roles = ACT.by_role(cat, [added, announce, discard, concealed, swap])
    assert roles == {ACT.DECLARATION: [swap, announce, concealed, added], ACT.THROW: [discard]}


def test_an_action_number_outside_the_catalogue_is_named_by_its_number(auto):
    from mjdsl.engine.game import catalogue_of

    cat = catalogue_of(auto)
    assert cat.name(0) == "discard " + auto.tiles.kinds[0].code
    assert cat.name(len(cat) - 1) == cat[len(cat) - 1].name
    assert cat.name(len(cat)) == f"#{len(cat)}" and cat.name(-1) == "#-1"


def test_a_pung_claimed_with_a_joker_stands_as_two_tiles_and_the_joker(auto):
    from mjdsl.engine.observe import observe

    g = scripted(auto, {0: "9d " + FILLER, 3: "9d J 2b 4b 6b 8b 1c 3c 5c 7c 9c 2d 4d"})
    act(g, 0, "discard 9d")
    while g.current_player() != 3:
        act(g, g.current_player(), "no claim")
    act(g, 3, "claim pung (1 joker)")
    e = g.st.exposures[3][0]
    nine, joker = auto.tiles.index("9d"), auto.tiles.index("J")
    assert (e.size, e.jokers, e.naturals) == (3, 1, 2)
    assert e.tiles(joker) == [nine, nine, joker] and e.tiles(None) == [nine, nine]
    assert observe(g, 0)["exposures"][3] == [{"kind": "pung", "tiles": ["9d", "9d", "J"], "concealed": False}]


def test_a_claim_below_the_jokers_group_size_is_offered_with_no_joker(tmp_path):
    # jokers stand in groups of 4 or more here: a pung claim takes none, so seat 3,
    # holding 9d 9d and a joker, may claim seat 0's 9d as two 9d and the discard only
    rules = tmp_path / "groups-of-four.mj"
    rules.write_text(f'extends "{AMERICAN}"\njokers "J" {{\n    stand in groups of 4 or more\n}}\n',
                     encoding="utf-8")
    auto = compile_ruleset(rules, [("charleston", "off")], allow_outside=True)
    assert auto.jokers.min_group == 4
    g = scripted(auto, {0: "9d " + FILLER, 3: "9d 9d J 2b 4b 6b 8b 1c 3c 5c 7c 9c 2d"})
    act(g, 0, "discard 9d")
    while g.current_player() != 3:
        act(g, g.current_player(), "no claim")
    claims = [n for n in names(g) if n.startswith("claim pung")]
    assert claims == ["claim pung (0 jokers)"]


def test_the_card_matches_of_a_hand_are_kept_only_for_the_same_exposures(auto):
    # the win is checked, then described: the same hand is matched once. The same rack
    # beside an exposure is another hand (here seventeen tiles: no hand of the card)
    g = scripted(auto, {0: "F F 2b 0 2b 6b 1c 1c 1c 1c 1d 1d 1d 1d"})
    st, rules = g.st, g.rules
    assert rules.is_win(st, 0, exact=True)
    st.exposures[0].append(Exposure("pung", auto.tiles.index("N"), 3, 0, False, 1))
    assert not rules.is_win(st, 0, exact=True)
    st.exposures[0].pop()
    assert rules.is_win(st, 0, exact=True)


def test_a_declaration_is_false_only_on_the_seats_own_turn_with_a_hand_that_does_not_win(auto):
    # what the table asks a person to confirm (steps_play.false_declaration): the engine's
    # own win check, on the seat's own turn (a claim of a discard is offered only when it wins)
    from mjdsl.engine.steps_play import declares_win, false_declaration

    won = scripted(auto, {0: "F F 2b 0 2b 6b 1c 1c 1c 1c 1d 1d 1d 1d"})
    assert won.st.node == "play.turn" and won.st.turn == 0
    assert declares_win(won, 0) and not false_declaration(won, 0)
    lost = scripted(auto, {0: "9d " + FILLER})
    assert not declares_win(lost, 0) and false_declaration(lost, 0)
    assert not false_declaration(lost, 1)  # not its turn
    act(lost, 0, "discard 9d")  # (no seat can call it: the next seat's turn)
    assert lost.st.turn == 1 and not false_declaration(lost, 0)
