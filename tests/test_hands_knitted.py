"""Knitted tiles (rank groups tied to suits), singles, and parts beside sets and pairs.

Chinese Official's knitted hands (rulesets/mcr.mj): the knitted tiles are 1 4 7 of
one suit, 2 5 8 of another and 3 6 9 of the third, whichever suits. The knitted
straight is those nine tiles beside a set and a pair; lesser honours and knitted
tiles fourteen different tiles of them and the honours; greater honours the seven
honours and seven knitted tiles. Each answer here is worked out by hand, and the
completing tiles are checked against matching the hand with every tile added.
"""

from __future__ import annotations

import pytest
from checking import codes_of
from test_hands_support import TILES, hand

from mjdsl.hands.decompose import Meld, exposed_counts, hand_counts, layout_of
from mjdsl.hands.patterns import (
    EachOf,
    Pattern,
    Singles,
    TileClass,
    compiled,
    completing_tiles,
    match_pattern,
    pattern_splits,
)

KNIT = (("a", (1, 4, 7)), ("b", (2, 5, 8)), ("c", (3, 6, 9)))
KNITTED = TileClass((), knit=KNIT)
STRAIGHT = Pattern("knitted_straight", (EachOf(KNITTED),), concealed=False, sets=1, pairs=1)
LESSER = Pattern("lesser", (Singles(14, TileClass(("honour",), knit=KNIT)),), concealed=False)
GREATER = Pattern("greater", (EachOf(TileClass(("honour",))), Singles(7, KNITTED)), concealed=False)


def code(i: int) -> str:
    return TILES.kinds[i].code


def matches(pattern, text, exposed=()):
    return match_pattern(pattern, hand(text), exposed, TILES)


def completing(pattern, text, exposed=()) -> list[str]:
    lay = layout_of(TILES)
    counts = hand_counts(hand(text), lay)
    return [code(t) for t in completing_tiles(compiled(pattern, TILES), counts, exposed,
                                               exposed_counts(exposed, TILES), lay.copies)]


def by_adding(pattern, text, exposed=()) -> list[str]:
    """The tiles that complete the hand, found by matching it with each tile added."""
    lay = layout_of(TILES)
    used = exposed_counts(exposed, TILES)
    out = []
    for g in lay.groups:
        for t in g.indices:
            h = hand(text)
            if h[t] + used[t] >= lay.copies[t]:
                continue
            h[t] += 1
            if match_pattern(pattern, h, exposed, TILES):
                out.append(t)
    return [code(t) for t in sorted(out)]


@pytest.mark.parametrize("knit", [
    "1b 4b 7b 2c 5c 8c 3d 6d 9d",
    "1d 4d 7d 2b 5b 8b 3c 6c 9c",  # any suit may hold any group
    "1c 4c 7c 2d 5d 8d 3b 6b 9b",
])
def test_a_knitted_straight_is_the_nine_knitted_tiles_of_any_suits_with_a_set_and_a_pair(knit):
    assert matches(STRAIGHT, knit + " R R R E E")
    assert matches(STRAIGHT, knit + " 4d 5d 6d 2b 2b")


@pytest.mark.parametrize("text", [
    "1b 4b 7b 2b 5b 8b 3d 6d 9d R R R E E",  # two groups in one suit
    "1b 4b 7b 2c 5c 8c 3d 6d 8d R R R E E",  # 8d: not a rank of the dots' group
    "1b 4b 7b 2c 5c 8c 3d 6d 9d R R E E S",  # the rest is no set and pair
])
def test_not_a_knitted_straight(text):
    assert not matches(STRAIGHT, text)


def test_a_knitted_straight_s_set_may_be_claimed_and_the_rest_splits_as_sets():
    exposed = (Meld("pung", TILES.index("R"), False),)
    assert matches(STRAIGHT, "1b 4b 7b 2c 5c 8c 3d 6d 9d E E", exposed)
    [m] = pattern_splits(STRAIGHT, hand("1b 4b 7b 2c 5c 8c 3d 6d 9d E E"), exposed, TILES)
    assert [(x.kind, code(x.tile)) for x in m.melds] == [("pair", "E")]
    # two claimed sets leave no room for the knitted tiles and one set
    assert not matches(STRAIGHT, "1b 4b 7b 2c 5c 8c 3d 6d", exposed + (Meld("pung", TILES.index("G"), False),))


def test_a_knitted_straight_with_its_tile_twice_reads_every_way():
    # 9d in the knitted tiles and in the chow 7d 8d 9d: one reading, the 9d counted once each
    found = {tuple((x.kind, code(x.tile)) for x in m.melds)
             for m in pattern_splits(STRAIGHT, hand("1b 4b 7b 2c 5c 8c 3d 6d 9d 7d 8d 9d 5b 5b"), (), TILES)}
    assert found == {(("pair", "5b"), ("chow", "7d"))}


@pytest.mark.parametrize("text, tiles", [
    ("1b 4b 7b 2c 8c 3d 6d 9d R R R E E", ["5c"]),  # a knitted tile
    ("1b 4b 7b 2c 5c 8c 3d 6d 9d R R R E", ["E"]),  # the pair
    ("1b 4b 7b 2c 5c 8c 3d 6d 9d 7d 8d 5b 5b", ["6d", "9d"]),  # the chow, both ends
    ("1b 4b 7b 2c 5c 8c 3d 6d 9d R R E E", ["E", "R"]),  # either pair to a pung
    ("1b 4b 7b 2c 5c 3d 6d 9d R R R E E", ["8c"]),  # one knitted tile short
    ("1b 4b 7b 2c 3d 6d 9d R R R E E 5b", []),  # two knitted tiles short
])
def test_the_tiles_that_complete_a_knitted_straight(text, tiles):
    assert completing(STRAIGHT, text) == tiles
    assert by_adding(STRAIGHT, text) == tiles


def test_lesser_honours_are_fourteen_different_knitted_tiles_and_honours():
    assert matches(LESSER, "1b 4b 7b 2c 5c 8c 3d 6d E S W N R G")
    assert matches(LESSER, "1b 4b 7b 2c 5c 8c 3d 6d 9d E S W R G")
    assert not matches(LESSER, "1b 4b 7b 2c 5c 8c 3d 6d E S W N R R")  # a pair
    assert not matches(LESSER, "1b 4b 7b 2c 5c 8c 3d 5d E S W N R G")  # 5d: not the dots' group
    assert completing(LESSER, "1b 4b 7b 2c 5c 8c 3d 6d E S W N R") == ["9d", "G", "0"]
    assert by_adding(LESSER, "1b 4b 7b 2c 5c 8c 3d 6d E S W N R") == ["9d", "G", "0"]


def test_greater_honours_hold_every_honour_and_seven_knitted_tiles():
    assert matches(GREATER, "1b 4b 7b 2c 8c 3d 9d E S W N R G 0")
    assert not matches(GREATER, "1b 4b 7b 2c 8c 3d 9d 6d S W N R G 0")  # no East
    assert completing(GREATER, "1b 4b 7b 2c 8c 3d 9d S W N R G 0") == ["E"]
    assert completing(GREATER, "1b 4b 7b 2c 3d 9d E S W N R G 0") == ["5c", "8c", "6d"]
    assert by_adding(GREATER, "1b 4b 7b 2c 3d 9d E S W N R G 0") == ["5c", "8c", "6d"]


_BASE = ('tiles {\n    suit bam "b" 1..9 x4\n    suit crak "c" 1..9 x4\n    suit dot "d" 1..9 x4\n'
         '    wind "E" "S" "W" "N" x4\n    dragon "R" "G" "0" x4\n}\ndeal {\n    all 13\n}\n')


@pytest.mark.parametrize("stmts, code", [
    ("each of knitted 147 258 369 123\n        sets 1\n        pairs 1", "MJ295"),  # four groups, three suits
    ("each of knitted 147 258 339\n        sets 1\n        pairs 1", "MJ295"),  # 3 twice
    ("each of knitted 147 258 360\n        sets 1\n        pairs 1", "MJ295"),  # no rank 0
    ("each of knitted 147 258 369\n        sets 2\n        pairs 1", "MJ245"),  # 9 + 6 + 2 tiles
    ("singles 0 of honour\n        singles 14 of knitted 147 258 369 + honour", "MJ296"),
    ("singles 8 of honour\n        singles 6 of knitted 147 258 369", "MJ296"),  # seven honours
])
def test_patterns_no_hand_can_make_are_refused(stmts, code):
    text = f'{_BASE}winning {{\n    pattern knitted {{\n        {stmts}\n    }}\n}}\n'
    assert code in codes_of(text)


@pytest.mark.parametrize("stmts", [
    "each of knitted 147 258 369\n        sets 1\n        pairs 1",
    "singles 14 of knitted 147 258 369 + honour",
    "each of honour\n        singles 7 of knitted 147 258 369",
])
def test_the_knitted_hands_of_mcr_are_not_refused(stmts):
    text = f'{_BASE}winning {{\n    pattern knitted {{\n        {stmts}\n    }}\n}}\n'
    assert not {"MJ245", "MJ295", "MJ296"} & set(codes_of(text))
