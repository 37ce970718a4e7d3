"""Splitting hands into sets and pairs: worked examples and properties."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_hands_support import TILES, all_melds, brute_splits, hand, meld_counts, suit_hand

from mjdsl.diagnostics import InputError
from mjdsl.hands.decompose import Meld, is_complete, meld_tiles, split_hand
from mjdsl.tiles import Suit, TileKind, TileSet


def show(split) -> list[str]:
    """A split as short text: ``pu1b`` is a pung of 1b; declared melds in capitals."""
    out = []
    for n, m in enumerate(split):
        text = f"{m.kind[:2]}{TILES.kinds[m.tile].code}"
        out.append(text.upper() if n < split.declared else text)
    return out


def splits_of(text, **kw):
    return [show(s) for s in split_hand(hand(text), TILES, **kw)]


# -- worked examples -------------------------------------------------------------------


def test_pungs_or_chows():
    # 111222333 in one suit: three pungs or three chows
    assert splits_of("1b 1b 1b 2b 2b 2b 3b 3b 3b 4c 5c 6c 9d 9d") == [
        ["pu1b", "pu2b", "pu3b", "ch4c", "pa9d"],
        ["ch1b", "ch1b", "ch1b", "ch4c", "pa9d"],
    ]


def test_four_runs_of_pungs_split_three_ways():
    hist = suit_hand("11122233344499")
    assert [show(s) for s in split_hand(hist, TILES)] == [
        ["pu1b", "pu2b", "pu3b", "pu4b", "pa9b"],
        ["pu1b", "ch2b", "ch2b", "ch2b", "pa9b"],
        ["ch1b", "ch1b", "ch1b", "pu4b", "pa9b"],
    ]


def test_where_the_pair_goes():
    # 1112345678999 plus a 1: 123 111 456 789 99
    assert [show(s) for s in split_hand(suit_hand("11112345678999"), TILES)] == [
        ["ch1b", "pu1b", "ch4b", "ch7b", "pa9b"]
    ]
    # plus a 5: 111 234 55 678 999
    assert [show(s) for s in split_hand(suit_hand("11123455678999"), TILES)] == [
        ["pu1b", "ch2b", "pa5b", "ch6b", "pu9b"]
    ]


def test_every_nine_gates_completion_splits():
    for rank in "123456789":
        assert len(split_hand(suit_hand("1112345678999" + rank), TILES)) >= 1


def test_the_shape_asked_for_decides():
    # 112233 is two chows when sets are asked for, three pairs when pairs are
    assert [show(s) for s in split_hand(suit_hand("112233"), TILES, sets=2, pairs=0)] == [["ch1b", "ch1b"]]
    assert [show(s) for s in split_hand(suit_hand("112233"), TILES, sets=0, pairs=3)] == [
        ["pa1b", "pa2b", "pa3b"]
    ]
    # four alike are two pairs when several pairs are asked for
    assert [show(s) for s in split_hand(suit_hand("1111"), TILES, sets=0, pairs=2)] == [["pa1b", "pa1b"]]


def test_honours_only_as_pungs_and_pairs():
    assert splits_of("E E E R R R G G G 0 0 0 N N") == [["puE", "paN", "puR", "puG", "pu0"]]
    assert splits_of("E S W R R R G G G 0 0 0 N N") == []


def test_chows_stay_in_one_suit():
    # 8b 9b 1c is not a chow, though the indices are consecutive
    assert splits_of("8b 9b 1c 2c 2c 2c 3c 3c 3c 5d 5d 5d E E") == []
    assert splits_of("7b 8b 9b 2c 2c 2c 3c 3c 3c 5d 5d 5d E E") == [["ch7b", "pu2c", "pu3c", "pu5d", "paE"]]


def test_four_alike_are_not_a_kong_unless_declared():
    # 1111 234: a pung of 1s and a chow 123 ... the fourth 1 goes into the chow
    assert splits_of("1b 1b 1b 1b 2b 3b 5c 5c 5c 7d 8d 9d N N") == [["ch1b", "pu1b", "pu5c", "ch7d", "paN"]]
    kong = Meld("kong", TILES.index("1b"), concealed=True)
    rest = hand("2b 3b 4b 5c 5c 5c 7d 8d 9d N N")
    assert [show(s) for s in split_hand(rest, TILES, [kong])] == [["KO1B", "ch2b", "pu5c", "ch7d", "paN"]]
    assert split_hand(rest, TILES, [kong])[0][0].concealed


def test_declared_melds_come_first_and_count():
    pung = Meld("pung", TILES.index("E"), concealed=False)
    chow = Meld("chow", TILES.index("4d"), concealed=False)
    rest = hand("1b 2b 3b 7c 7c 7c N N")
    got = split_hand(rest, TILES, [pung, chow])
    assert [show(s) for s in got] == [["PUE", "CH4D", "ch1b", "pu7c", "paN"]]
    assert got[0].declared == 2 and got[0].concealed_melds == got[0].melds[2:]
    # too many tiles for what the declared melds leave
    assert split_hand(hand("1b 2b 3b 7c 7c 7c N N N N 9d 9d"), TILES, [pung, chow]) == []


def test_chow_limits():
    text = "1b 2b 3b 4c 5c 6c 7d 7d 7d E E E N N"
    assert len(splits_of(text)) == 1
    assert splits_of(text, max_chows=1) == []
    assert splits_of(text, max_chows=2) == [["ch1b", "ch4c", "pu7d", "puE", "paN"]]
    assert splits_of(text, allow_chows=False) == []
    # a declared chow counts against the limit
    chow = Meld("chow", TILES.index("1b"), concealed=False)
    rest = hand("4c 5c 6c 7d 7d 7d E E E N N")
    assert split_hand(rest, TILES, [chow], max_chows=1) == []
    assert len(split_hand(rest, TILES, [chow], max_chows=2)) == 1


def test_bonus_tiles_are_never_part_of_a_hand():
    text = "1b 2b 3b 4c 5c 6c 7d 7d 7d E E E N N f1 s3"
    assert splits_of(text) == [["ch1b", "ch4c", "pu7d", "puE", "paN"]]
    with pytest.raises(InputError, match="f1 is a bonus tile"):
        split_hand(hand(text), TILES, bonus="reject")


def test_bad_histogram_length_is_an_input_error():
    with pytest.raises(InputError, match="42 entries"):
        split_hand(np.zeros(10, dtype=np.int16), TILES)


def test_meld_tiles():
    assert TILES.codes(meld_tiles(Meld("chow", TILES.index("7d")), TILES)) == ["7d", "8d", "9d"]
    assert TILES.codes(meld_tiles(Meld("kong", TILES.index("R")), TILES)) == ["R"] * 4
    with pytest.raises(InputError, match="no chow starts at 8d"):
        meld_tiles(Meld("chow", TILES.index("8d")), TILES)


def test_a_tile_set_with_scattered_indices_and_a_gap_in_ranks():
    """Groups come from suit and rank, not from index order; a missing rank breaks chows."""
    kinds = []
    for rank in (1, 2, 3, 5, 6, 7):  # no 4: 3-5 is no chow
        for name, letter in (("bam", "b"), ("dot", "d")):  # interleaved indices
            kinds.append(TileKind(f"{rank}{letter}", len(kinds), "suit", 4, suit=name, rank=rank))
    kinds.append(TileKind("E", len(kinds), "wind", 4))
    ts = TileSet(tuple(kinds), (Suit("bam", "b", (1, 2, 3, 5, 6, 7)), Suit("dot", "d", (1, 2, 3, 5, 6, 7))))
    h = ts.histogram(ts.parse("1b 2b 3b 5d 6d 7d 2d 3d 5d E E"))
    assert split_hand(h, ts, sets=3) == []  # 2d 3d 5d is no chow
    h = ts.histogram(ts.parse("1b 2b 3b 5d 6d 7d 1d 2d 3d E E"))
    got = split_hand(h, ts, sets=3)
    assert [[(m.kind, ts.kinds[m.tile].code) for m in s] for s in got] == [
        [("chow", "1b"), ("chow", "1d"), ("chow", "5d"), ("pair", "E")]
    ]


# -- properties --------------------------------------------------------------------------

MELDS = all_melds()
SETS = [m for m in MELDS if m[0] != "pair"]
PAIRS = [m for m in MELDS if m[0] == "pair"]


@st.composite
def built_hands(draw, sets=4, pairs=1):
    """A hand made from up to ``sets`` random sets and ``pairs`` pairs (no tile more
    than four times): (histogram, its melds as sorted (kind, tile), the number of sets)."""
    sets = draw(st.integers(0, sets))
    chosen = [draw(st.sampled_from(SETS)) for _ in range(sets)] + [draw(st.sampled_from(PAIRS)) for _ in range(pairs)]
    counts = Counter(i for kind, tile in chosen for i in meld_counts(kind, tile))
    assume(max(counts.values(), default=0) <= 4)
    return TILES.histogram(counts.elements()), tuple(sorted(chosen)), sets


def as_pairs(split):
    return tuple(sorted((m.kind, m.tile) for m in split))


@settings(max_examples=300, deadline=None)
@given(built_hands())
def test_a_built_hand_has_its_own_split_and_each_split_uses_its_tiles(case):
    hist, melds, sets = case
    got = split_hand(hist, TILES, sets=sets)
    assert melds in [as_pairs(s) for s in got]
    for s in got:
        used = np.zeros(TILES.size, dtype=np.int16)
        for m in s:
            for i in meld_tiles(m, TILES):
                used[i] += 1
        assert (used == hist).all()
    assert len({as_pairs(s) for s in got}) == len(got)  # no split twice


@settings(max_examples=300, deadline=None)
@given(built_hands(), st.data())
def test_fast_splits_equal_the_brute_force(case, data):
    hist, _, sets = case
    # perturb: move one tile elsewhere sometimes, so incomplete hands are checked too
    if data.draw(st.booleans()):
        src = data.draw(st.sampled_from(list(np.flatnonzero(hist))))
        dst = data.draw(st.integers(0, 33))
        hist = hist.copy()
        hist[src] -= 1
        hist[dst] += 1
    max_chows = data.draw(st.sampled_from([None, 0, 1, 2]))
    got = sorted(as_pairs(s) for s in split_hand(hist, TILES, sets=sets, max_chows=max_chows))
    assert got == brute_splits(hist, sets=sets, max_chows=max_chows)
    assert is_complete(hist, TILES, sets=sets, max_chows=max_chows) == bool(got)


@settings(max_examples=100, deadline=None)
@given(built_hands(sets=0, pairs=7))
def test_many_pairs(case):
    hist, melds, _ = case
    got = [as_pairs(s) for s in split_hand(hist, TILES, sets=0, pairs=7)]
    assert got == [melds]


def test_results_are_deterministic():
    hist = suit_hand("11122233344499")
    assert split_hand(hist, TILES) == split_hand(hist.copy(), TILES)
