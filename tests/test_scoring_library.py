"""The scoring library: settlement, penalties, waits, compiled conditions, card wins,
and the engine's hook. Hand-scored figures are in tests/scoring/*.txt."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from engine_script import act, scripted
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.hands import Meld, waits
from mjdsl.scoring import CardWin, HandInput, calling, penalty_payments, score_hand, settle
from mjdsl.scoring.engine import hand_from_game, score_for_engine
from mjdsl.scoring.notation import read_hand_input

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def dmjl():
    return compile_ruleset(ROOT / "rulesets" / "classical.mj")


@pytest.fixture(scope="module")
def bmja():
    return compile_ruleset(ROOT / "rulesets" / "classical-bmja.mj")


@pytest.fixture(scope="module")
def american():
    return compile_ruleset(ROOT / "rulesets" / "american.mj")


def hand(auto, **kw):
    return read_hand_input(auto, **kw)


# -- settling -------------------------------------------------------------------------


def test_settle_with_the_winner_and_among_the_losers(dmjl):
    # South wins worked example 1 (256) on West's discard; East deals.
    winner = score_hand(dmjl, hand(dmjl, exposed=["1c 1c 1c", "7c 7c 7c", "2c 3c 4c", "6c 6c 6c"], hand="5c 5c",
                                   win="5c", source="discard", seat="S"))
    east = score_hand(dmjl, hand(dmjl, exposed=["R R R"], kongs=["2b"], hand="5c 5c 5c 7d 7d 9b 1c", bonus="f3"))
    west = score_hand(dmjl, hand(dmjl, exposed=["E E E", "S S S"], hand="W W W N N 3b 5b", seat="W"))
    north = score_hand(dmjl, hand(dmjl, hand="1b 2b 3b 4c 5c 6c 7d 8d 9d 2c 3c 4c 6b", seat="N"))
    assert (winner.total, east.total, west.total, north.total) == (256, 56, 128, 0)
    pays = settle(dmjl, winner, {0: east, 2: west, 3: north}, 0, winner_seat=1, discarder_seat=2)
    # with the winner: East 2 x 256, West and North 256 each -> South +1024
    # among the losers: East-West 2 x (56 - 128), East-North 2 x 56, West-North 128
    assert pays == [-512 - 144 + 112, 1024, -256 + 144 + 128, -256 - 112 - 128]
    assert sum(pays) == 0


def test_a_wall_game_pays_nothing(dmjl):
    assert settle(dmjl, None, {}, 0, winner_seat=None) == [0.0] * 4


def test_penalties_in_points_and_in_limits(dmjl, bmja):
    assert penalty_payments(dmjl, "false_mahjong", 2) == [300, 300, -900, 300]
    assert penalty_payments(bmja, "false_mahjong", 0) == [-1500, 500, 500, 500]  # half of 1000


def test_payments_of_a_card_win(american):
    # 25 points, no jokers: doubled to 50; self-drawn: everyone pays twice the value
    h = HandInput(concealed=[0] * american.tiles.size, seat_wind=american.tiles.index("S"),
                  round_wind=american.tiles.index("E"), winning_tile=american.tiles.index("1d"), source="wall",
                  card=CardWin(25, jokers=0))
    r = score_hand(american, h)
    assert (r.total, r.rule_names) == (50, ("jokerless",))
    assert r.payments == (-100, 300, -100, -100)
    # a joker: the card's points; by discard the discarder pays double
    h2 = HandInput(concealed=h.concealed, seat_wind=h.seat_wind, round_wind=h.round_wind,
                   winning_tile=h.winning_tile, source="discard", discarder=american.tiles.index("N"),
                   card=CardWin(30, jokers=2))
    r2 = score_hand(american, h2)
    assert (r2.total, r2.rule_names) == (30, ())
    assert r2.payments == (-30, 120, -30, -60)


def test_singles_and_pairs_are_not_doubled_unless_the_table_says_so(american):
    base = dict(concealed=[0] * american.tiles.size, seat_wind=american.tiles.index("E"),
                round_wind=american.tiles.index("E"), winning_tile=0, source="wall")
    sp = CardWin(50, 0, singles_pairs=True, section="Singles and pairs")
    assert score_hand(american, HandInput(**base, card=sp)).total == 50
    opted = compile_ruleset(ROOT / "rulesets" / "american.mj", [("jokerless_singles_pairs", "on")])
    assert score_hand(opted, HandInput(**base, card=sp)).total == 100


# -- waits --------------------------------------------------------------------------------


def _random_short_hands(auto, n, seed):
    """Complete hands of four sets and a pair, less one tile (so mostly calling)."""
    rng = random.Random(seed)
    kinds = auto.tiles.kinds
    starts = [k.index for k in kinds if k.cls == "suit" and k.rank <= 7]
    playable = [k.index for k in kinds if k.cls in ("suit", "wind", "dragon")]
    out = []
    while len(out) < n:
        h = [0] * auto.tiles.size
        for _ in range(4):
            if rng.random() < 0.5:
                t = rng.choice(starts)
                for i in (t, t + 1, t + 2):
                    h[i] += 1
            else:
                h[rng.choice(playable)] += 3
        h[rng.choice(playable)] += 2
        if max(h) > 4:
            continue
        h[rng.choice([i for i, c in enumerate(h) if c])] -= 1
        if rng.random() < 0.3:  # and some that are further away
            h[rng.choice([i for i, c in enumerate(h) if c])] -= 1
            h[rng.choice(playable)] += 1
        if max(h) <= 4:
            out.append(h)
    return out


@pytest.mark.parametrize("name", ["classical.mj", "classical-bmja.mj"])
def test_calling_agrees_with_the_hands_library(name):
    auto = compile_ruleset(ROOT / "rulesets" / name)
    specials = [p.special for p in auto.winning.patterns if p.special is not None]
    std = next(p for p in auto.winning.patterns if p.sets is not None)
    for h in _random_short_hands(auto, 400, seed=7):
        expected = waits(np.array(h, dtype=np.int16), auto.tiles, patterns=specials, max_chows=std.max_chows)
        assert list(calling(auto, h)) == expected, auto.tiles.expand(np.array(h))


def _random_hands_with_sets(auto, n, seed, sets=4, pairs=1, least=1, declared_pairs=0):
    """Hands of ``sets`` sets and ``pairs`` pairs of which ``least`` or more sets are
    declared (chows, pungs, kongs: every kong is declared, some concealed), and up to
    ``declared_pairs`` of the pairs (melds of kind "pair"), the concealed part less one
    tile, some of them a tile further away: (concealed counts, declared sets)."""
    rng = random.Random(seed)
    kinds = auto.tiles.kinds
    starts = [k.index for k in kinds if k.cls == "suit" and k.rank <= 7]
    playable = [k.index for k in kinds if k.cls in ("suit", "wind", "dragon")]
    out = []
    while len(out) < n:
        h = [0] * auto.tiles.size
        melds = []
        declared = rng.randint(least, sets)
        for k in range(sets):
            kind = "chow" if rng.random() < 0.5 else rng.choice(("pung", "pung", "kong"))
            t = rng.choice(starts if kind == "chow" else playable)
            if k < declared or kind == "kong":  # a kong is always declared
                melds.append(Meld(kind, t, kind == "kong" and rng.random() < 0.5))
            else:
                for i in (t, t + 1, t + 2) if kind == "chow" else (t, t, t):
                    h[i] += 1
        shown = rng.randint(0, declared_pairs) if declared_pairs else 0
        for k in range(pairs):
            t = rng.choice(playable)
            if k < shown:
                melds.append(Meld("pair", t, False))
            else:
                h[t] += 2
        if not any(h):
            continue  # everything declared: no concealed tile to take away
        h[rng.choice([i for i, c in enumerate(h) if c])] -= 1
        if rng.random() < 0.3:  # and some that are further away
            h[rng.choice([i for i, c in enumerate(h) if c])] -= 1
            h[rng.choice(playable)] += 1
        used = [0] * auto.tiles.size
        for m in melds:
            run = (m.tile, m.tile + 1, m.tile + 2) if m.kind == "chow" else (m.tile,) * {"kong": 4, "pair": 2}.get(m.kind, 3)
            for i in run:
                used[i] += 1
        if all(c + u <= 4 for c, u in zip(h, used)):
            out.append((h, tuple(melds)))
    return out


@pytest.mark.parametrize("name", ["classical.mj", "classical-bmja.mj", "riichi.mj"])
def test_calling_with_declared_sets_agrees_with_the_hands_library(name):
    auto = compile_ruleset(ROOT / "rulesets" / name)
    # a hand with declared sets can be no concealed special hand
    specials = [p.special for p in auto.winning.patterns if p.special is not None and not p.concealed]
    std = next(p for p in auto.winning.patterns if p.sets is not None)
    for h, melds in _random_hands_with_sets(auto, 300, seed=11):
        expected = waits(np.array(h, dtype=np.int16), auto.tiles, melds, patterns=specials, max_chows=std.max_chows)
        assert list(calling(auto, h, melds)) == expected, (auto.tiles.expand(np.array(h)), melds)


def _two_sets_four_pairs(tmp_path):
    path = tmp_path / "pairs.mj"
    path.write_text('extends "classical.mj"\n\nwinning {\n    pattern two_sets_four_pairs "Two sets and four pairs" {\n'
                    "        sets 2\n        pairs 4\n    }\n}\n", encoding="utf-8")
    return compile_ruleset(path)


def _calling_agrees_with_two_sets_four_pairs(auto, hands):
    for h, melds in hands:
        specials = [p.special for p in auto.winning.patterns if p.special is not None and not (melds and p.concealed)]
        counts = np.array(h, dtype=np.int16)
        expected = set(waits(counts, auto.tiles, melds, patterns=specials, max_chows=4))
        expected |= set(waits(counts, auto.tiles, melds, sets=2, pairs=4))  # either pattern completes it
        assert list(calling(auto, h, melds)) == sorted(expected), (auto.tiles.expand(counts), melds)


def test_calling_for_a_pattern_of_several_pairs_agrees_with_the_hands_library(tmp_path):
    auto = _two_sets_four_pairs(tmp_path)
    for sets, pairs in ((2, 4), (4, 1)):
        _calling_agrees_with_two_sets_four_pairs(auto, _random_hands_with_sets(auto, 150, seed=5, sets=sets,
                                                                               pairs=pairs, least=0))


def test_calling_with_declared_pairs_agrees_with_the_hands_library(tmp_path):
    """A declared pair counts against the pairs a pattern asks: with one, four sets and
    a pair need no pair more (and two sets and four pairs three); with two or more,
    four sets and a pair can no longer be made, and two sets and four pairs need two
    pairs or fewer in hand."""
    auto = _two_sets_four_pairs(tmp_path)
    for sets, pairs in ((2, 4), (4, 1)):
        _calling_agrees_with_two_sets_four_pairs(auto, _random_hands_with_sets(auto, 150, seed=9, sets=sets,
                                                                               pairs=pairs, least=0,
                                                                               declared_pairs=pairs))


def test_two_pairs_to_make_from_three_tiles_of_a_suit(tmp_path):
    # two sets and four pairs with E E and S S declared: 5c 5c 5c and 1b-6b; the fourth 5c
    # makes the craks' pung two pairs (a group of three tiles that splits, taking a fourth:
    # only a hand that still needs two pairs can use it); four sets and a pair are out
    # with two pairs declared
    auto = _two_sets_four_pairs(tmp_path)
    t = auto.tiles
    h = [0] * t.size
    for code in "5c 5c 5c 1b 2b 3b 4b 5b 6b".split():
        h[t.index(code)] += 1
    melds = (Meld("pair", t.index("E"), False), Meld("pair", t.index("S"), False))
    assert [t.kinds[i].code for i in calling(auto, h, melds)] == ["5c"]


def test_calling_with_declared_sets(dmjl):
    t = dmjl.tiles
    h = [0] * t.size
    for code in "5c 5c 7d 8d".split():
        h[t.index(code)] += 1
    melds = (Meld("pung", t.index("1b"), False), Meld("kong", t.index("E"), True), Meld("chow", t.index("2c"), False))
    assert [t.kinds[i].code for i in calling(dmjl, h, melds)] == ["6d", "9d"]


def test_calling_leaves_a_card_of_hands_to_the_card_library(american):
    # a hand the standard shape would call (1-9 craks, 2b 3b 4b 5b: on 2b or 5b) is
    # no wait of a table that plays a card: the card library answers there
    t = american.tiles
    h = [0] * t.size
    for code in "1c 2c 3c 4c 5c 6c 7c 8c 9c 2b 3b 4b 5b".split():
        h[t.index(code)] += 1
    assert calling(american, h) == ()


def test_calling_for_special_hands(bmja):
    t = bmja.tiles
    h = [0] * t.size
    for code in "1c 1c 1c 2c 3c 4c 5c 6c 7c 8c 9c 9c 9c".split():
        h[t.index(code)] += 1
    assert [t.kinds[i].code for i in calling(bmja, h)] == [f"{r}c" for r in range(2, 9)]  # Gates of Heaven: 2-8


# -- compiled conditions and closures agree ----------------------------------------------


@pytest.mark.parametrize("name", ["classical.mj", "classical-bmja.mj"])
def test_compiled_conditions_agree_with_the_closures(name):
    import sys

    sys.path.insert(0, str(ROOT / "bench"))
    from scoring_bench import random_hands

    auto = compile_ruleset(ROOT / "rulesets" / name)
    for h in random_hands(auto, 300, seed=11):
        a, b = score_hand(auto, h), score_hand(auto, h, compiled=False)
        assert (a.total, a.points, a.doubles, a.limits, a.applied) == (b.total, b.points, b.doubles, b.limits, b.applied)
        short = list(h.concealed)
        short[h.winning_tile] -= 1
        loser = HandInput(concealed=short, seat_wind=h.seat_wind, round_wind=h.round_wind, melds=h.melds, bonus=h.bonus)
        a, b = score_hand(auto, loser), score_hand(auto, loser, compiled=False)
        assert (a.total, a.applied) == (b.total, b.applied)


# -- the engine's hook ----------------------------------------------------------------------


def test_played_hands_settle_to_zero_with_the_scorer():
    from mjdsl.bots import make_bot
    from mjdsl.engine.run import play_hand

    auto = compile_ruleset(ROOT / "rulesets" / "classical.mj")
    won = 0
    for i in range(12):
        rec = play_hand(auto, f"scoring-{i}", [make_bot("greedy") for _ in range(4)])
        assert abs(sum(rec.returns)) < 1e-9
        if rec.result.get("winner") is not None:
            won += 1
            assert "mahjong" in rec.result["rules"] or rec.result["hand"] != "standard"
    assert won


def _claimed_kong_game(auto):
    """Seat 1 claims a kong of 9d onto the pung it holds concealed (kong-claimed.txt)."""
    g = scripted(auto, {0: "9d 1b 4b 7b 1c 4c 7c 1d 4d 7d E S W N", 1: "9d 9d 9d 2c 5c 8c 2d 5d 3b 3b S S W"},
                 dead="2b")
    act(g, 0, "discard 9d")
    act(g, 1, "claim kong")
    return g


def _added_kong_game(auto):
    """Seat 1 claims a pung of 5b, then adds the fourth it draws (kong-added.txt)."""
    g = scripted(auto, {0: "5b 1b 4b 7b 1c 4c 7c 1d 4d 7d E S W N", 1: "5b 5b 2c 2c 5c 8c 2d 5d 8d E E S S",
                        2: "3b 6b 9b 3c 6c 9c 3d 6d 9d W N G 0", 3: "2b 8b 1c 4c 7c 1d 4d 7d W N R G 0"},
                 wall="R 6c 3b 5b", dead="1b")
    act(g, 0, "discard 5b")
    act(g, 1, "claim pung")
    for seat, tile in ((1, "8d"), (2, "R"), (3, "6c"), (0, "3b")):
        act(g, seat, f"discard {tile}")
    act(g, 1, "add 5b to a pung")
    return g


def test_the_scorer_counts_a_claimed_kong_concealed_only_where_the_ruleset_says(dmjl):
    overlay = compile_ruleset(ROOT / "tests" / "scenarios" / "rules" / "claimed-kongs-concealed.mj")
    nine = dmjl.tiles.index("9d")
    assert hand_from_game(_claimed_kong_game(dmjl), 1).melds == (Meld("kong", nine, False),)
    assert hand_from_game(_claimed_kong_game(overlay), 1).melds == (Meld("kong", nine, True),)
    # a kong added to a claimed pung was made in the open: exposed under the rule too
    assert hand_from_game(_added_kong_game(overlay), 1).melds == (Meld("kong", dmjl.tiles.index("5b"), False),)


def test_each_seat_is_given_its_wind_counted_from_the_dealer(dmjl):
    g = scripted(dmjl, {}, dealer=1)
    assert [dmjl.tiles.kinds[hand_from_game(g, s).seat_wind].code for s in range(4)] == ["N", "E", "S", "W"]


def test_every_living_loser_is_scored_and_settles_with_the_others(dmjl):
    # East's hand as dealt wins (one limit, 500); South holds a concealed pung of red
    # dragons (8 points, doubled once: 16), the others nothing that scores. Each loser
    # pays East double, 1000; West and North each pay South 16 (reference table)
    hands = {0: "1b 1b 1b 2c 3c 4c 5d 6d 7d E E E S S", 1: "R R R 2b 8b 3c 6c 9c 3d 6d 9d W N"}
    g = scripted(dmjl, hands)
    act(g, 0, "mah jongg")
    assert g.returns() == [3000, -968, -1016, -1016]
    assert score_for_engine(g, 0)["loser_totals"] == {1: 16, 2: 0, 3: 0}
    g = scripted(dmjl, hands)
    act(g, 0, "mah jongg")
    g.st.dead[3] = True  # a dead hand is not scored: it settles with nobody
    assert score_for_engine(g, 0)["loser_totals"] == {1: 16, 2: 0}


def test_a_card_win_is_given_to_the_scorer_as_its_card_line():
    american = compile_ruleset(ROOT / "rulesets" / "american.mj", [("charleston", "off")])
    g = scripted(american, {0: "N 1b 3b 5b 7b 9b 2c 4c 6c 8c 1d 3d 5d 7d", 3: "N E E E W W W S S S S J J"})
    act(g, 0, "discard N")
    act(g, 3, "mah jongg")
    card = hand_from_game(g, 3).card
    assert (card.card_points, card.jokers, card.singles_pairs) == (25, 2, False)
    scored = score_for_engine(g, 3)
    assert (scored["value"], scored["hand"], scored["jokers"]) == (25, "NNNN EEE WWW SSSS", 2)
    assert hand_from_game(g, 0).card is None  # a loser made no card line


def test_a_hand_that_is_no_win_does_not_go_out():
    from mjdsl.engine.steps_play import self_drawn_win
    from mjdsl.scoring.engine import goes_out_in_game

    riichi = compile_ruleset(ROOT / "rulesets" / "riichi.mj")  # a minimum to go out: one han
    g = scripted(riichi, {0: "1m 3m 5m 7m 9m 2p 4p 6p 8p 1s 3s 5s 7s E"})
    g.st.winner, g.st.win = 0, self_drawn_win(g, 0)
    assert not goes_out_in_game(g, 0)  # the scorer finds no winning hand in these tiles


@pytest.mark.parametrize("name", ["classical.mj", "classical-bmja.mj"])
def test_splits_agree_with_the_hands_library(name):
    from mjdsl.hands.decompose import concealed_splits as hands_splits, layout_of
    from mjdsl.scoring.splits import concealed_splits
    from mjdsl.scoring.tables import tables_for

    auto = compile_ruleset(ROOT / "rulesets" / name)
    t = tables_for(auto)
    rng = random.Random(3)
    for h in _random_short_hands(auto, 300, seed=5):
        h[rng.choice([i for i, c in enumerate(h) if c < 4 and auto.tiles.kinds[i].cls != "flower"
                      and auto.tiles.kinds[i].cls != "season"])] += 1
        for cap in (0, 1, 4):
            assert concealed_splits(t, h, 4, 1, cap) == hands_splits(layout_of(auto.tiles), h, 4, 1, cap, True)


def _shapes(n: int, most: int):
    """Every count vector of ``n`` positions (at most 4 of each) holding 1 to ``most`` tiles."""
    def go(prefix: tuple, left: int):
        if len(prefix) == n:
            if sum(prefix):
                yield prefix
            return
        for c in range(min(4, left) + 1):
            yield from go(prefix + (c,), left - c)
    return go((), most)


def test_every_small_suit_shape_splits_as_the_hands_library_splits_it(dmjl):
    """The per-shape tables of scoring.splits, shape by shape: a suit (chows) and the
    honours (none), every shape of up to 8 tiles. Each split uses the shape's tiles
    exactly; the hand of that shape alone splits as mjdsl.hands splits it; the summary
    is the splits' (pairs, chows); and a position completes the shape exactly when the
    shape with one more tile there splits, in the same ways."""
    from mjdsl.hands.decompose import concealed_splits as hands_splits, layout_of
    from mjdsl.scoring.splits import concealed_splits, shape_completions, shape_splits, shape_summary
    from mjdsl.scoring.tables import tables_for

    t = tables_for(dmjl)
    lay = layout_of(dmjl.tiles)
    for gi in (0, 3):  # bamboo, the honours
        a, b = t.group_spans[gi]
        starts = t.lay.groups[gi].chow_starts
        for key in _shapes(b - a, 8):
            n = sum(key)
            for pairs in (0, 1):
                for chows in (True, False):
                    splits = shape_splits(t, gi, key, pairs, chows)
                    for dp, dc, melds in splits:
                        used = [0] * len(key)
                        for kind, pos in melds:
                            for q in ((pos, pos + 1, pos + 2) if kind == "chow" else (pos,) * (2 if kind == "pair" else 3)):
                                used[q] += 1
                        assert tuple(used) == key and dp == sum(k == "pair" for k, _ in melds) <= pairs
                        assert dc == sum(k == "chow" for k, _ in melds) and (chows or not dc)
                        assert all(starts[pos] for k, pos in melds if k == "chow")
                    assert shape_summary(t, gi, key, pairs, chows) == {(dp, dc) for dp, dc, _ in splits}, key
                    if n <= 7:
                        grown = []
                        for pos in range(len(key)):
                            more = shape_summary(t, gi, key[:pos] + (key[pos] + 1,) + key[pos + 1:], pairs, chows)
                            if more:
                                grown.append((pos, more))
                        assert shape_completions(t, gi, key, pairs, chows) == tuple(grown), (key, pairs, chows)
                lst = [0] * t.size
                lst[a:b] = key
                if (n - 2 * pairs) % 3 == 0 and n >= 2 * pairs:
                    for cap in (0, 4):
                        got = concealed_splits(t, lst, (n - 2 * pairs) // 3, pairs, cap)
                        assert got == hands_splits(lay, lst, (n - 2 * pairs) // 3, pairs, cap, True), key
                else:  # too many tiles or too few for the sets and pairs asked: no split
                    assert concealed_splits(t, lst, n // 3, pairs, 4) == [], key


def _classical_edited(tmp_path, name: str, *edits: tuple[str, str]):
    """classical.mj with each (old, new) replaced once (each old must be there)."""
    text = (ROOT / "rulesets" / "classical.mj").read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return compile_ruleset(path)


def _codes_called(auto, hand: str) -> list[str]:
    counts = [0] * auto.tiles.size
    for code in hand.split():
        counts[auto.tiles.index(code)] += 1
    return [auto.tiles.kinds[i].code for i in calling(auto, counts)]


def test_honours_that_are_no_run_of_indices_split_and_call_as_in_classical(dmjl, tmp_path):
    """The flowers declared between the winds and the dragons: the honour group's
    tiles are no run of indices (no slice of a count list reads it), and its tiles are
    read one by one; the hand scores and calls as in classical.mj."""
    flowers = '    flower "f1" "f2" "f3" "f4" x1 seat linked  # 1 = East ... 4 = North\n'
    dragons = '    dragon "R" "G" "0" x4\n'
    moved = _classical_edited(tmp_path, "flowers-first.mj", (dragons + flowers, flowers + dragons))
    kw = dict(hand="2b 3b 4b 5c 6c 7c 6d 7d 8d R R R N N", win="N", seat="S", source="wall")
    ours, theirs = (score_hand(a, hand(a, **kw)) for a in (moved, dmjl))
    assert (ours.total, ours.rule_names) == (theirs.total, theirs.rule_names)
    assert "dragon_set" in ours.rule_names  # the pung of red dragons was read
    waiting = "2b 3b 4b 5c 6c 7c 6d 7d 8d R R N N"  # on either pair
    assert _codes_called(moved, waiting) == _codes_called(dmjl, waiting) == ["N", "R"]


def test_a_suit_as_long_as_the_honours_keeps_its_own_completions(tmp_path):
    """Bamboos of 1 to 7 beside seven honours: a shape of the one group and of the
    other can be the same counts, and what completes it is not the same (1b 2b wait
    on 3b; E S on nothing): each kind of group remembers its own."""
    auto = _classical_edited(tmp_path, "short-bams.mj", ('suit bam "b" 1..9 x4', 'suit bam "b" 1..7 x4'),
                             ('"6b" "8b" "G"', '"6b" "G"'), ("    length 18", "    length 17"))
    assert _codes_called(auto, "2c 3c 4c 5c 6c 7c 2d 3d 4d 9d 9d E S") == []  # honours (1, 1, 0, ...) met first
    assert _codes_called(auto, "1b 2b 2c 3c 4c 5c 6c 7c 2d 3d 4d 9d 9d") == ["3b"]  # bams (1, 1, 0, ...)


def test_a_shapes_completions_asked_before_any_summary_of_its_kind(dmjl):
    """shape_completions on tables that have split nothing yet (no summary of the kind
    remembered): it makes the summaries' memo itself. 1b 2b completes on 3b only, as a
    chow (no pair used, one chow); a 1b or a 2b leaves a lone tile."""
    from mjdsl.scoring.splits import shape_completions
    from mjdsl.scoring.tables import Tables

    t = Tables(dmjl)  # fresh, not the cached tables other tests have filled
    assert shape_completions(t, 0, (1, 1, 0, 0, 0, 0, 0, 0, 0), 1, True) == ((2, frozenset({(0, 1)})),)
