"""The interpreter's quick answers about winning hands agree with the slow, exact ones.

Cards: a seat's cached *waits* (a few vector operations) against the card matcher on
every possible 14th tile. Patterns: ``calling`` (with its quick rejects) against
trying every tile.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from mjdsl.frontend.compile import compile_ruleset
from mjdsl.engine.game import Game
from mjdsl.engine.state import Exposure

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def american():
    return compile_ruleset(ROOT / "rulesets" / "american.mj")


@pytest.fixture(scope="module")
def classical():
    return compile_ruleset(ROOT / "rulesets" / "classical.mj")


def _hand_near_a_variant(auto, rng: random.Random) -> tuple[list[int], list]:
    """13 tiles: a card variant with one tile missing, some tiles swapped for jokers or
    for other tiles, and sometimes one group exposed."""
    card = auto.winning.card
    v = card.variants[rng.randrange(len(card.variants))]
    joker = auto.jokers.tile
    tiles = [t for g in v.groups for t in g.tiles]
    exposures = []
    groups = [g for g in v.groups if g.jokers]
    if groups and rng.random() < 0.3:
        g = rng.choice(groups)
        j = rng.randrange(0, min(2, len(g.tiles) - 1) + 1)
        exposures.append(Exposure("pung", g.tiles[0], len(g.tiles), j))
        for t in g.tiles:
            tiles.remove(t)
    rng.shuffle(tiles)
    tiles.pop()  # one short
    for i, t in enumerate(tiles):
        r = rng.random()
        if r < 0.15:
            tiles[i] = joker
        elif r < 0.25:
            tiles[i] = rng.randrange(auto.tiles.size)
    return tiles, exposures


def _game_near_a_variant(auto, seed):
    """A game and seat 1's counts a tile short of a card variant, or (None, ...) when the
    random hand holds more copies of a tile than the set has."""
    tiles, exposures = _hand_near_a_variant(auto, random.Random(seed))
    hand = [0] * auto.tiles.size
    for t in tiles:
        hand[t] += 1
    if any(h > k.copies for h, k in zip(hand, auto.tiles.kinds)):
        return None, hand, exposures
    return Game(auto), hand, exposures


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9))
def test_card_waits_agree_with_the_matcher(american, seed):
    g, hand, exposures = _game_near_a_variant(american, seed)
    if g is None:
        return
    g.st.hands[1] = hand
    g.st.exposures[1] = exposures
    rules = g.rules
    for t in range(american.tiles.size):
        quick = rules.completes(g.st, 1, t)
        g.st.hands[1][t] += 1
        exact = rules.is_win(g.st, 1, exact=True)
        g.st.hands[1][t] -= 1
        assert quick == exact, (american.tiles.expand(hand), t)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**9))
def test_calling_agrees_with_trying_every_tile(classical, seed):
    rng = random.Random(seed)
    playable = [k.index for k in classical.tiles.kinds if k.cls not in ("flower", "season")]
    g = Game(classical)
    hand = [0] * classical.tiles.size
    # half the time a near-complete hand: four runs or pungs and a pair, one tile gone
    if rng.random() < 0.5:
        pool = []
        for _ in range(4):
            k = classical.tiles.kinds[rng.choice(playable)]
            if k.suit and k.rank <= 7 and rng.random() < 0.5:
                pool += [classical.tiles.suited(k.suit, k.rank + d).index for d in range(3)]
            else:
                pool += [k.index] * 3
        pool += [rng.choice(playable)] * 2
        pool.pop(rng.randrange(len(pool)))
    else:
        pool = [rng.choice(playable) for _ in range(13)]
    for t in pool:
        hand[t] += 1
    if any(h > 4 for h in hand):
        return
    g.st.hands[2] = hand
    rules = g.rules
    brute = any(rules.completes(g.st, 2, t) for t in playable)
    assert rules.calling(g.st, 2) == brute


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=34, max_size=34), st.integers(0, 7))
def test_one_more_tile_per_group_is_the_shape_test_with_that_tile(classical, counts, pairs):
    """The calling check works out the shape test for every group at once; each answer
    is the test itself run on the hand with one more tile of that group."""
    rules = Game(classical).rules
    hand = [0] * classical.tiles.size
    playable = [k.index for k in classical.tiles.kinds if k.cls not in ("flower", "season")]
    for t, c in zip(playable, counts):
        hand[t] = c
    expected = []
    for g in rules._groups:
        hand[g[0]] += 1
        expected.append(rules._shape_possible(hand, pairs))
        hand[g[0]] -= 1
    assert rules._one_more_possible(hand, pairs) == expected


@pytest.fixture(scope="module")
def bmja():
    return compile_ruleset(ROOT / "rulesets" / "classical-bmja.mj")


def test_calling_agrees_with_trying_every_tile_in_played_bmja_hands(bmja):
    # classical-bmja.mj has many special hands (some concealed), chows limited to one:
    # at each discard of seeded hands, the discarder's hand with its exposures
    from mjdsl.bots import GreedyBot, RandomBot
    from mjdsl.engine.run import play_hand

    playable = [k.index for k in bmja.tiles.kinds if k.cls not in ("flower", "season")]
    asked, calling = 0, 0
    for seed, bot in (("w1", GreedyBot), ("w2", RandomBot), ("w3", GreedyBot), ("w4", GreedyBot)):
        rec = play_hand(bmja, seed, [bot() for _ in range(4)])
        g = Game(bmja, dealer=rec.dealer, round_wind=rec.round_wind)
        for a in rec.actions:
            g.apply_action(a)
            last = g.st.last_discard
            if last is not None and not g.st.dead[last[0]] and sum(g.st.hands[last[0]]) % 3 == 1:
                s = last[0]
                answer = g.rules.calling(g.st, s)
                assert answer == any(g.rules.completes(g.st, s, t) for t in playable)
                asked, calling = asked + 1, calling + answer
    assert asked > 20 and calling


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9))
def test_calling_agrees_with_trying_every_tile_near_special_hands(bmja, seed):
    # 13 tiles mostly of terminals and honours (the orphans, heads and tails, the
    # honour hands) or of one suit (gates of heaven, purity), sometimes a pung exposed
    rng = random.Random(seed)
    kinds = [k for k in bmja.tiles.kinds if k.cls not in ("flower", "season")]
    edge = [k.index for k in kinds if k.suit is None or k.rank in (1, 9)]
    suit = rng.choice(sorted({k.suit for k in kinds if k.suit}))
    one = [k.index for k in kinds if k.suit == suit]
    pool = edge if rng.random() < 0.5 else one
    g = Game(bmja)
    hand = [0] * bmja.tiles.size
    n = 13
    if rng.random() < 0.3:
        t = rng.choice(pool)
        g.st.exposures[1] = [Exposure("pung", t, 3, 0, False, 0)]
        n = 10
    for _ in range(n):
        hand[rng.choice(pool)] += 1
    if any(h > 4 for h in hand):
        return
    g.st.hands[1] = hand
    brute = any(g.rules.completes(g.st, 1, t) for t in range(bmja.tiles.size) if bmja.tiles.kinds[t].cls
                not in ("flower", "season"))
    assert g.rules.calling(g.st, 1) == brute


@pytest.mark.parametrize("hand, waits", [
    ("1b 9b 1c 9c 1d 9d E S W N R G 0", "1b 9b 1c 9c 1d 9d E S W N R G 0"),  # the 13 unique wonders, 13 ways
    ("1b 1b 9b 1c 9c 1d 9d E S W N R G", "0"),  # one kind still missing
    ("1b 1b 1b 2b 3b 4b 5b 6b 7b 8b 9b 9b 9b", "2b 3b 4b 5b 6b 7b 8b"),  # gates of heaven (and the shape: 1b 9b too)
    ("1b 1b 2b 3b 4b 5b 6b 7b 8b 9b E S W", "N"),  # the wriggling snake
])
def test_a_hand_one_tile_short_of_a_special_hand_is_calling_on_its_tiles(bmja, hand, waits):
    # the standing hand and a wall game's payments ask `calling`: its search for a
    # special hand's completing tiles must find every tile trying each one finds
    g = Game(bmja)
    counts = [0] * bmja.tiles.size
    for code in hand.split():
        counts[bmja.tiles.index(code)] += 1
    g.st.hands[1] = counts
    found = {bmja.tiles.kinds[t].code for t in range(bmja.tiles.size) if g.rules.completes(g.st, 1, t)}
    assert set(waits.split()) <= found
    assert g.rules.calling(g.st, 1)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**9))
def test_a_card_hands_calling_and_its_quick_win_on_turn_agree_with_the_matcher(american, seed):
    # calling (a wall game's payments, the standing hand) asks the card's waits; on its
    # turn, after a draw, a seat's win is first read from the waits of the hand before it
    g, hand, exposures = _game_near_a_variant(american, seed)
    if g is None:
        return
    st_ = g.st
    st_.hands[1], st_.exposures[1], st_.turn = hand, exposures, 1
    rules = g.rules
    playable = [k.index for k in american.tiles.kinds if not k.is_bonus and k.cls != "joker"]
    assert rules.calling(st_, 1) == any(rules.completes(st_, 1, t) for t in playable)
    for t in range(american.tiles.size):
        hand[t] += 1
        st_.last_draw = (t, "wall", False)
        exact = rules.is_win(st_, 1, exact=True)
        assert rules.is_win(st_, 1) == exact, (american.tiles.expand(hand), t)
        hand[t] -= 1


def test_the_calling_memo_keeps_a_bounded_number_of_hands(classical, monkeypatch):
    from mjdsl.engine import winning

    monkeypatch.setattr(winning, "_CALLING_KEPT", 8)
    g = Game(classical)
    memo = winning._CALLING.setdefault(classical, dict)
    memo.clear()
    base = [classical.tiles.index(c) for c in "1b 2b 3b 4c 5c 6c 7d 8d 9d E E E".split()]
    for extra in "1c 2c 3c 4d 5d 6d 7b 8b 9b S".split():  # ten different hands
        hand = [0] * classical.tiles.size
        for t in base + [classical.tiles.index(extra)]:
            hand[t] += 1
        g.st.hands[1] = hand
        g.rules.calling(g.st, 1)
        assert len(memo) <= 8
    assert memo  # it does keep hands


# -- the questions asked of one hand ----------------------------------------------------

@pytest.fixture(scope="module")
def mcr():
    return compile_ruleset(ROOT / "rulesets" / "mcr.mj")


def _seat(auto, concealed: str, exposed=()) -> Game:
    """A game whose seat 1 holds ``concealed`` (codes) and has ``exposed`` on the table."""
    g = Game(auto)
    hand = [0] * auto.tiles.size
    for code in concealed.split():
        hand[auto.tiles.index(code)] += 1
    g.st.hands[1] = hand
    g.st.exposures[1] = list(exposed)
    return g


def _pair(auto, code: str) -> Exposure:
    """A pair claimed (``claim pair 2 same``): a special hand counts its tiles."""
    return Exposure("pair", auto.tiles.index(code), 2)


def _pung(auto, code: str) -> Exposure:
    return Exposure("pung", auto.tiles.index(code), 3)


def test_thirteen_orphans_counts_the_pair_it_claimed(classical):
    g = _seat(classical, "1b 9b 1c 9c 1d 9d S W N R G 0", [_pair(classical, "E")])
    assert g.rules.is_win(g.st, 1)
    east = classical.tiles.index("E")
    assert g.rules.wins_with(g.st, 1, east, frozenset()) is True  # a special hand, whatever the sets
    # one short of it, the claimed pair still counts: it waits on the white dragon alone
    g = _seat(classical, "1b 9b 1c 9c 1d 9d S W N R G", [_pair(classical, "E")])
    assert g.rules.calling(g.st, 1) is True
    waits = [k.code for k in classical.tiles.kinds if g.rules.completes(g.st, 1, k.index)]
    assert waits == ["0"]


def test_all_pair_honours_after_the_special_hands_it_is_not(bmja):
    # bmja tries thirteen orphans, the concealed hands, then all pair honours: the hand
    # holds only tiles the orphans may hold but lacks most of them, and with its honour
    # pair claimed it holds only suit tiles, which the concealed hands may hold
    g = _seat(bmja, "1b 1b 9b 9b 1c 1c 9c 9c 1d 1d 9d 9d E E")
    assert g.rules.is_win(g.st, 1)
    g = _seat(bmja, "1b 1b 9b 9b 1c 1c 9c 9c 1d 1d 9d 9d", [_pair(bmja, "E")])
    assert g.rules.is_win(g.st, 1)


KNITTED = "1b 4b 7b 2c 5c 8c 3d 6d 9d"  # mcr's knitted tiles: 1 4 7, 2 5 8, 3 6 9 of three suits


def test_a_knitted_straight_is_won_with_its_set_in_hand_or_on_the_table(mcr):
    south = mcr.tiles.index("S")
    for concealed, exposed in ((KNITTED + " 5b 6b 7b E E", []), (KNITTED + " E E", [_pung(mcr, "S")])):
        g = _seat(mcr, concealed, exposed)
        assert g.rules.is_win(g.st, 1), concealed
        # the parts beside the set: a special hand, whatever sets the tile may be in
        assert g.rules.wins_with(g.st, 1, south, frozenset()) is True, concealed
    # every knitted tile, but neither the pair nor fourteen singles: no win
    g = _seat(mcr, KNITTED + " 5b 5b 5b E S")
    assert not g.rules.is_win(g.st, 1)
    assert g.rules.wins_with(g.st, 1, south, frozenset({"chow", "pung", "kong", "pair"})) is False


def test_a_hand_a_tile_short_of_a_knitted_hand_is_calling(mcr):
    for concealed, exposed, waits in ((KNITTED + " 5b 6b 7b E", [], ["E"]),
                                      (KNITTED + " E", [_pung(mcr, "S")], ["E"]),
                                      # the lesser honours, asked after the knitted straight
                                      # it is one tile short of but cannot make
                                      ("1b 4b 7b 2c 5c 8c 3d 6d E S W N R", [], ["9d", "G", "0"])):
        g = _seat(mcr, concealed, exposed)
        assert g.rules.calling(g.st, 1) is True, concealed
        assert [k.code for k in mcr.tiles.kinds if g.rules.completes(g.st, 1, k.index)] == waits


def test_a_special_hand_wins_with_a_tile_whatever_the_sets_it_may_take(classical):
    # nine gates comes after thirteen orphans, which a hand of one suit cannot be
    g = _seat(classical, "1b 1b 1b 2b 3b 4b 5b 5b 6b 7b 8b 9b 9b 9b")
    assert g.rules.wins_with(g.st, 1, classical.tiles.index("5b"), frozenset()) is True


def test_a_concealed_special_hand_with_a_set_claimed_wins_only_by_its_sets(classical):
    # with the pung of 1b claimed the tiles are nine gates', but nine gates is concealed:
    # the hand wins as four sets and a pair, 1b-2b-3b 4b-5b-6b 7b-8b-9b and 9b-9b
    g = _seat(classical, "1b 2b 3b 4b 5b 6b 7b 8b 9b 9b 9b", [_pung(classical, "1b")])
    rules, five, nine = g.rules, classical.tiles.index("5b"), classical.tiles.index("9b")
    assert rules.is_win(g.st, 1)
    assert rules.wins_with(g.st, 1, nine, frozenset()) is False
    assert rules.wins_with(g.st, 1, nine, frozenset({"pair"})) is True
    assert rules.wins_with(g.st, 1, five, frozenset({"pung", "pair"})) is False  # 5b is in a chow
    assert rules.wins_with(g.st, 1, five, frozenset({"chow"})) is True


def _classical_with(tmp_path, edits: dict[str, str], options=()):
    """classical.mj compiled with each text of ``edits`` (found once) replaced."""
    text = (ROOT / "rulesets" / "classical.mj").read_text()
    for was, now in edits.items():
        assert text.count(was) == 1, was
        text = text.replace(was, now)
    path = tmp_path / "classical.mj"
    path.write_text(text)
    return compile_ruleset(path, list(options))


ORPHANS, SNAKE = "    pattern thirteen_orphans ", "    pattern snake "
#: a concealed knitted straight, asked before thirteen orphans
KNITTED_FIRST = {ORPHANS: '    pattern knitted "Knitted straight" {\n        each of knitted 147 258 369'
                          '\n        sets 1\n        pairs 1\n        concealed\n    }\n' + ORPHANS}


def test_the_special_hands_a_hand_is_not_do_not_stop_the_search(tmp_path):
    # classical, pungs only (max_chows 0), with two special hands more: a concealed
    # knitted straight before thirteen orphans, and after nine gates a gates hand of
    # three 4s and one 1 (counts 1 1 1 3 1 1 1 1 3)
    auto = _classical_with(tmp_path, {**KNITTED_FIRST, SNAKE: '    pattern fours "Gates of fours" {\n'
                                      '        counts 1 1 1 3 1 1 1 1 3 in one suit\n        one more of that suit\n'
                                      '    }\n' + SNAKE}, [("max_chows", "0")])
    assert [p.name for p in auto.winning.patterns] == ["standard", "knitted", "thirteen_orphans", "nine_gates",
                                                       "fours", "snake"]
    # three 4b are more than nine gates holds, and the hand still calls on the fours
    g = _seat(auto, "1b 2b 3b 4b 4b 4b 5b 6b 7b 8b 9b 9b 9b")
    assert g.rules.calling(g.st, 1) is True
    # with a pair claimed the knitted straight is out, and thirteen orphans is still asked
    g = _seat(auto, "1b 9b 1c 9c 1d 9d S W N R G 0", [_pair(auto, "E")])
    assert g.rules.is_win(g.st, 1)


def test_a_hand_is_won_by_a_knitted_straight_asked_before_any_other_special_hand(tmp_path):
    # pungs only: the knitted straight (parts beside sets) is the first special hand
    # asked, and with nothing claimed its tiles are those of the concealed hand
    auto = _classical_with(tmp_path, KNITTED_FIRST, [("max_chows", "0")])
    g = _seat(auto, KNITTED + " E E E S S")
    assert g.rules.is_win(g.st, 1)
    g = _seat(auto, KNITTED + " E E E S")
    assert [k.code for k in auto.tiles.kinds if g.rules.completes(g.st, 1, k.index)] == ["S"]
    # a hand no knitted straight: the search goes on to thirteen orphans
    g = _seat(auto, "1b 9b 1c 9c 1d 9d E S W N R G 0 0")
    assert g.rules.is_win(g.st, 1)


def test_a_special_hand_the_tile_set_cannot_make_does_not_stop_the_search(tmp_path):
    # the dots ranked 11..19: no rank is in all three suits, so no hand of the set is
    # four knitted triples (each a rank in three suits); thirteen orphans, asked
    # after it, is still a winning hand, and its thirteen tiles are its waits
    auto = _classical_with(tmp_path, {
        'suit dot "d" 1..9 x4': 'suit dot "d" 11..19 x4', 'winning_tile("5d")': 'winning_tile("15d")',
        'winning_tile("1d")': 'winning_tile("11d")',
        ORPHANS: '    pattern knitting "Triple knitting" {\n        knitted 4 triples distinct\n'
                 '        knitted 1 pair\n    }\n' + ORPHANS})
    assert [p.name for p in auto.winning.patterns] == ["standard", "knitting", "thirteen_orphans", "nine_gates",
                                                       "snake"]
    orphans = "1b 9b 1c 9c 11d 19d E S W N R G 0"
    g = _seat(auto, orphans + " 0")
    assert g.rules.is_win(g.st, 1)
    g = _seat(auto, orphans)
    assert [k.code for k in auto.tiles.kinds if g.rules.completes(g.st, 1, k.index)] == orphans.split()


def test_a_card_hands_description_says_whether_it_is_joker_free(american):
    # "2026 NEWS 2026 DD" takes no joker in any group; "FF 2026 1111 1111" does in its kongs
    for hand, line, free in (("2b 0 2b 6b N E W S 2c 0 2c 6c 0 0", "2026 NEWS 2026 DD a - b c", True),
                             ("F F 2b 0 2b 6b 1c 1c 1c 1c 1d 1d 1d 1d", "FF 2026 1111 1111 - a b c", False)):
        g = _seat(american, hand)
        made = g.rules.describe(g.st, 1)
        assert (made["hand"], made["singles_pairs"], made["jokers"]) == (line, free, 0)
        # a claim that only some sets may take asks the matcher of a card hand
        assert g.rules.wins_with(g.st, 1, american.tiles.index("2b"), frozenset()) is True


@pytest.mark.pure_python
def test_a_seats_card_waits_are_kept_for_its_last_two_hands(american, monkeypatch):
    g = Game(american)
    rules = g.rules
    computed = []
    real = rules._compute_waits

    def counting(st_, seat):
        computed.append(tuple(st_.hands[seat]))
        return real(st_, seat)

    monkeypatch.setattr(rules, "_compute_waits", counting)
    hands = []
    for codes in ("F F 2b 0 2b 6b 1c 1c 1c 1c 1d 1d 1d", "2b 0 2b 6b N E W S 2c 0 2c 6c 0",
                  "F F 2b 0 2b 6b 1c 1c 1c 1c 1d 1d J"):
        g.st.hands[1] = _seat(american, codes).st.hands[1]
        hands.append(tuple(g.st.hands[1]))
        for t in range(american.tiles.size):  # every tile asked, the waits worked out once
            rules.completes(g.st, 1, t)
    assert computed == hands
    g.st.hands[1] = list(hands[1])  # the hand before the last is still kept
    rules.completes(g.st, 1, 0)
    g.st.hands[1] = list(hands[0])  # the one before it is not
    rules.completes(g.st, 1, 0)
    assert computed == hands + [hands[0]]


def test_a_seats_exposures_are_read_once_and_the_memos_stay_bounded(classical, monkeypatch):
    from itertools import product

    from mjdsl.engine import winning

    g = _seat(classical, "1b 2b 3b 4c 5c 6c 7d 8d E E", [_pung(classical, "S")])
    rules = g.rules
    read = []
    real = winning.exposed_counts
    monkeypatch.setattr(winning, "exposed_counts", lambda melds, tiles: read.append(melds) or real(melds, tiles))
    melds = rules._melds(g.st, 1)
    assert melds == (winning.Meld("pung", classical.tiles.index("S"), False),)
    assert rules._melds(g.st, 1) is melds  # the same exposures: the melds remembered
    present, whole = rules._masks(g.st, 1)
    assert (present, whole) == rules._masks(g.st, 1) and len(read) == 1  # and their mask
    south = 1 << classical.tiles.index("S")
    assert whole == present | south and not present & south
    # a mask kept for a tuple since gone whose id the new one has is not the new one's
    rules._exposed_masks[id(melds)] = (melds + melds, 0)
    assert rules._masks(g.st, 1) == (present, whole)
    # at most 4,096 of each are kept
    honours = [classical.tiles.index(c) for c in "E S W N R G 0".split()]
    suited = [k.index for k in classical.tiles.kinds if k.suit]
    for n, sets in enumerate(product(honours, suited, suited)):  # 4,097 exposures, each new
        if n > 4096:
            break
        g.st.exposures[1] = [Exposure("pung", t, 3) for t in sets]
        rules._masks(g.st, 1)
    assert 0 < len(rules._meld_memo) <= 4096 and 0 < len(rules._exposed_masks) <= 4096


def test_a_hand_two_card_lines_of_the_same_points_make_is_the_first_lines(tmp_path):
    # the club card with its first line printed again, at the end, for the same points
    (tmp_path / "cards").mkdir()
    (tmp_path / "american.mj").write_text((ROOT / "rulesets" / "american.mj").read_text())
    card = (ROOT / "rulesets" / "cards" / "club-2026.card").read_text()
    again = 'FF 2026 1111 1111 - a b c  "printed twice"  25\n'
    (tmp_path / "cards" / "club-2026.card").write_text(card + '\nsection "Again"\n' + again)
    auto = compile_ruleset(tmp_path / "american.mj")
    g = _seat(auto, "F F 2b 0 2b 6b 1c 1c 1c 1c 1d 1d 1d 1d")
    assert sorted(m.line.section for m in g.rules._card_matches(g.st, 1)) == ["2026", "Again"]
    made = g.rules.describe(g.st, 1)
    assert (made["section"], made["line"], made["card_points"]) == ("2026", 9, 25)
