"""Waits, calling hands and distance to a complete hand."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from test_hands_support import PATTERNS, TILES, all_melds, hand, meld_counts, suit_hand

from mjdsl.hands.decompose import Meld, is_complete, split_hand
from mjdsl.hands.patterns import match_pattern
from mjdsl.hands.waits import distance, is_calling, waits

PLAYABLE = [k.index for k in TILES.kinds if not k.is_bonus]
COPIES = TILES.copies_vector()


def codes(indices):
    return TILES.codes(indices)


# -- worked examples -------------------------------------------------------------------


def test_nine_gates_waits_on_all_nine():
    assert codes(waits(suit_hand("1112345678999"), TILES)) == [f"{r}b" for r in range(1, 10)]
    assert codes(waits(suit_hand("1112345678999", "d"), TILES)) == [f"{r}d" for r in range(1, 10)]


def test_simple_waits():
    assert codes(waits(hand("1b 2b 3b 4c 5c 6c 7d 7d 7d E E E 5b"), TILES)) == ["5b"]
    assert codes(waits(hand("1b 2b 3b 4c 5c 6c 7d 7d 7d E S 5b 6b"), TILES)) == []
    assert codes(waits(hand("1b 2b 3b 4c 5c 6c 7d 7d 7d N N 5b 6b"), TILES)) == ["4b", "7b"]
    assert codes(waits(hand("1b 2b 3b 4c 5c 6c 7d 7d 7d N N 8b 9b"), TILES)) == ["7b"]


def test_a_tile_all_of_whose_copies_are_in_sight_is_no_wait():
    rest = hand("1b 1b 1b 2b 3b 4b 5c 5c 5c 9b")
    assert codes(waits(rest, TILES, [Meld("pung", TILES.index("8b"), False)])) == ["9b"]
    nines = [Meld("pung", TILES.index("9b"), False)]
    assert waits(rest, TILES, nines) == []
    assert not is_calling(rest, TILES, nines)
    # four in hand, waiting on the fifth
    assert codes(waits(hand("1b 1b 1b 1b 5c 5c 5c 7d 7d 7d E E E"), TILES)) == []


def test_waits_respect_the_chow_limit():
    calling = hand("1b 2b 3b 4c 5c 6c 7d 7d 7d N N 5b 6b")
    assert waits(calling, TILES, max_chows=2) == []
    shanpon = hand("1b 1b 1b 4c 5c 6c 7d 7d 7d N N 5b 5b")
    assert codes(waits(shanpon, TILES, max_chows=1)) == ["5b", "N"]
    assert waits(shanpon, TILES, max_chows=0) == []
    assert codes(waits(shanpon, TILES, allow_chows=False)) == []


def test_special_patterns_add_waits():
    orphans = hand("1b 9b 1c 9c 1d 9d E S W N R G 0")
    assert waits(orphans, TILES) == []
    assert codes(waits(orphans, TILES, patterns=PATTERNS)) == codes(
        sorted(TILES.index(c) for c in "1b 9b 1c 9c 1d 9d E S W N R G 0".split())
    )
    assert codes(waits(hand("1b 9b 1c 9c 1d 9d E S W N R G G"), TILES, patterns=PATTERNS)) == ["0"]


def test_distance():
    assert distance(hand("1b 2b 3b 4c 5c 6c 7d 7d 7d E E E N N"), TILES) == 0
    assert distance(hand("1b 2b 3b 4c 5c 6c 7d 7d 7d E E E N"), TILES) == 1
    assert distance(hand("1b 2b 3b 4c 5c 6c 7d 7d 7d E E E N S"), TILES) == 1
    # thirteen orphans: each set or pair keeps one tile at most
    assert distance(hand("1b 9b 1c 9c 1d 9d E S W N R G 0"), TILES) == 9
    # the target may not use a fifth copy: 1111 cannot be a pung and a pair
    assert distance(hand("1b 1b 1b 1b"), TILES, sets=1, pairs=1) == 2
    # declared melds: what they need is already made; their tiles are out of reach
    rest = hand("1b 1b 1b 2b 3b 4b 5c 5c 5c 9b")
    assert distance(rest, TILES, [Meld("pung", TILES.index("8b"), False)]) == 1
    assert distance(rest, TILES, [Meld("pung", TILES.index("9b"), False)]) == 2  # no 9b left to pair


# -- properties --------------------------------------------------------------------------

SETS = [m for m in all_melds() if m[0] != "pair"]
PAIRS = [m for m in all_melds() if m[0] == "pair"]


@st.composite
def calling_hands(draw):
    """A complete 14-tile hand less one tile, sometimes with one tile swapped."""
    chosen = [draw(st.sampled_from(SETS)) for _ in range(4)] + [draw(st.sampled_from(PAIRS))]
    counts = Counter(i for kind, tile in chosen for i in meld_counts(kind, tile))
    assume(max(counts.values()) <= 4)
    hist = TILES.histogram(counts.elements())
    hist[draw(st.sampled_from(list(np.flatnonzero(hist))))] -= 1
    if draw(st.booleans()):
        hist[draw(st.sampled_from(list(np.flatnonzero(hist))))] -= 1
        hist[draw(st.sampled_from(PLAYABLE))] += 1
        assume(hist.max() <= 4)
    return hist


def brute_waits(hist, patterns=(), **kw):
    out = []
    for t in PLAYABLE:
        if hist[t] >= COPIES[t]:
            continue
        h = hist.copy()
        h[t] += 1
        if split_hand(h, TILES, **kw) or any(match_pattern(p, h, (), TILES) for p in patterns):
            out.append(t)
    return out


@settings(max_examples=300, deadline=None)
@given(calling_hands(), st.sampled_from([None, 1]))
def test_waits_are_the_tiles_that_complete(hist, max_chows):
    got = waits(hist, TILES, max_chows=max_chows)
    assert got == brute_waits(hist, max_chows=max_chows)
    assert is_calling(hist, TILES, max_chows=max_chows) == bool(got)


@settings(max_examples=100, deadline=None)
@given(calling_hands())
def test_waits_with_patterns(hist):
    assert waits(hist, TILES, patterns=PATTERNS) == brute_waits(hist, PATTERNS)


@settings(max_examples=150, deadline=None)
@given(calling_hands())
def test_distance_one_iff_calling(hist):
    d = distance(hist, TILES)
    assert (d == 1) == is_calling(hist, TILES)
    assert d >= 1
    hist = hist.copy()
    for t in waits(hist, TILES)[:1]:
        hist[t] += 1
        assert distance(hist, TILES) == 0 and is_complete(hist, TILES)


def brute_distance(hist, sets, pairs):
    """The fewest tiles a hand lacks, over every complete hand of ``sets`` sets and ``pairs`` pairs."""
    best = 0
    for ss in combinations_with_replacement(SETS, sets):
        for ps in combinations_with_replacement(PAIRS, pairs):
            target = Counter(i for kind, tile in ss + ps for i in meld_counts(kind, tile))
            if max(target.values(), default=0) > 4:
                continue
            best = max(best, sum(min(int(hist[i]), n) for i, n in target.items()))
    return 3 * sets + 2 * pairs - best


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(PLAYABLE[:12] + PLAYABLE[27:30]), min_size=3, max_size=7),
    st.sampled_from([(1, 1), (2, 0), (0, 2)]),
)
def test_distance_equals_the_brute_force(tiles, shape):
    hist = TILES.histogram(tiles)
    assume(hist.max() <= 4)
    sets, pairs = shape
    assert distance(hist, TILES, sets=sets, pairs=pairs) == brute_distance(hist, sets, pairs)
