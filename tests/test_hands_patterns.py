"""Special hands as data: matching, explaining and waiting on patterns."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_hands_support import (
    ALL_PAIR_HONOURS,
    GATES_OF_HEAVEN,
    KNITTING,
    MAJORS,
    NINE_GATES,
    PATTERNS,
    SNAKE,
    THIRTEEN_ORPHANS,
    TILES,
    TRIPLE_KNITTING,
    WRIGGLING_SNAKE,
    hand,
    suit_hand,
)

from mjdsl.hands.decompose import Meld
from mjdsl.hands.patterns import (
    EachOf,
    OneOf,
    PairsOf,
    Pattern,
    TileClass,
    compiled,
    match_pattern,
    pattern_splits,
)
from mjdsl.hands.waits import patterns_waits

PLAYABLE = [k.index for k in TILES.kinds if not k.is_bonus]
COPIES = TILES.copies_vector()
ORPHANS = "1b 9b 1c 9c 1d 9d E S W N R G 0"


def matches(pattern, text, exposed=()):
    return match_pattern(pattern, hand(text), exposed, TILES)


def names(text):
    return [p.name for p in PATTERNS if matches(p, text)]


# -- tile classes come from the tile set --------------------------------------------------


def test_tile_classes():
    def members(cls):
        binding = compiled(Pattern("x", (EachOf(cls),)), TILES).bindings
        return TILES.codes(binding[0].choices[0].units[0])

    assert members(MAJORS) == ORPHANS.split()
    assert members(TileClass(("simple",))) == [f"{r}{s}" for s in "bcd" for r in range(2, 9)]
    assert members(TileClass(("dragon",))) == ["R", "G", "0"]
    assert members(TileClass(("suited",), ranks=(5,))) == ["5b", "5c", "5d"]


def test_a_suit_variable_binds_each_suit():
    b = compiled(Pattern("x", (EachOf(TileClass(("terminal",), suit="a")),)), TILES).bindings
    assert [dict(x.suits)["a"] for x in b] == ["bam", "crak", "dot"]
    assert [TILES.codes(x.choices[0].units[0]) for x in b] == [["1b", "9b"], ["1c", "9c"], ["1d", "9d"]]


# -- each special hand ---------------------------------------------------------------------


def test_thirteen_orphans():
    assert names(ORPHANS + " 0") == ["thirteen orphans"]
    assert names(ORPHANS + " 1b") == ["thirteen orphans"]
    assert names(ORPHANS.replace("R", "5b") + " 0") == []
    (m,) = pattern_splits(THIRTEEN_ORPHANS, hand(ORPHANS + " 0"), (), TILES)
    assert [(g.name, TILES.codes(g.tiles)) for g in m.groups] == [("orphans", ORPHANS.split()), ("pair", ["0"])]


def test_nine_gates_and_gates_of_heaven():
    for rank in range(1, 10):
        text = " ".join(f"{r}c" for r in "1112345678999") + f" {rank}c"
        got = names(text)
        assert "nine gates" in got
        assert ("gates of heaven" in got) == (2 <= rank <= 8)
    (m,) = pattern_splits(NINE_GATES, suit_hand("11123456789995", "d"), (), TILES)
    assert m.suits == (("a", "dot"),)
    assert TILES.codes(m.groups[1].tiles) == ["5d"]
    # mixed suits are not gates
    assert not matches(NINE_GATES, "1b 1b 1b 2b 3b 4b 5b 6b 7b 8b 9b 9b 9b 5c")


def test_snakes():
    assert names("1b 1b 2b 3b 4b 5b 6b 7b 8b 9b E S W N") == ["wriggling snake", "snake"]
    # the DMJL reading pairs any of its tiles, the BMJA one only the 1s
    assert names("1d 2d 3d 4d 5d 6d 7d 8d 9d E S W N N") == ["snake"]
    assert names("1d 2d 3d 4d 5d 6d 7d 8d 9d E S W N 5d") == ["snake"]
    assert names("1d 2d 3d 4d 5d 6d 7d 8d 9d E S W R R") == []


def test_knitting():
    text = "1b 1c 2b 2c 3b 3c 6b 6c 7b 7c 8b 8b 8c 8c"  # a repeated rank is allowed
    assert names(text) == ["knitting"]
    (m,) = pattern_splits(KNITTING, hand(text), (), TILES)
    assert [TILES.codes(g.tiles) for g in m.groups][-2:] == [["8b", "8c"], ["8b", "8c"]]
    assert names("1b 1c 2b 2c 3b 3c 6b 6c 7b 7c 8b 8d 9b 9d") == []  # three suits
    assert not matches(KNITTING, "1b 1b 2b 2c 3b 3c 6b 6c 7b 7c 8b 8c 9b 9c")


def test_triple_knitting_is_explained_once():
    text = "1b 1c 1d 2b 2c 2d 3b 3c 3d 4b 4c 4d 5b 5d"
    assert names(text) == ["triple knitting"]
    got = pattern_splits(TRIPLE_KNITTING, hand(text), (), TILES)
    assert len(got) == 1  # the suit bindings that only rename suits give one explanation
    assert [TILES.codes(g.tiles) for g in got[0].groups] == [
        ["1b", "1c", "1d"],
        ["2b", "2c", "2d"],
        ["3b", "3c", "3d"],
        ["4b", "4c", "4d"],
        ["5b", "5d"],
    ]


def test_all_pair_honours():
    assert names("1b 1b 9c 9c E E W W R R 0 0 9d 9d") == ["all pair honours"]
    assert names("1b 1b 1b 1b E E W W R R 0 0 9d 9d") == ["all pair honours"]
    assert names("1b 1b 2b 2b E E W W R R 0 0 9d 9d") == []
    distinct = Pattern("distinct pairs", (PairsOf(7, MAJORS, distinct=True),))
    assert not matches(distinct, "1b 1b 1b 1b E E W W R R 0 0 9d 9d")
    assert matches(distinct, "1b 1b 9c 9c E E W W R R 0 0 9d 9d")


def test_concealed_patterns_refuse_declared_melds():
    pung = Meld("pung", TILES.index("E"), False)
    assert not match_pattern(THIRTEEN_ORPHANS, hand(ORPHANS + " 0"), [pung], TILES)
    # an open pattern counts the declared tiles with the hand's
    open_pattern = Pattern("winds and more", (EachOf(TileClass(("wind",)), count=3), OneOf(MAJORS, count=2)), False)
    rest = hand("S S S W W W N N N 0 0")
    assert match_pattern(open_pattern, rest, [pung], TILES)
    assert not match_pattern(open_pattern, rest, [], TILES)


def test_bonus_tiles_are_dropped():
    assert matches(THIRTEEN_ORPHANS, ORPHANS + " 0 f2 s4")


def test_thirteen_sided_wait():
    assert TILES.codes(patterns_waits(PATTERNS, hand(ORPHANS), TILES)) == ORPHANS.split()
    # an open pattern with a pung of E on the table and a fourth E in hand: a fifth E
    # would complete it (EEE and a pair EE), but no E is left to come
    dragons_and_pairs = Pattern(
        "open pairs", (EachOf(TileClass(("dragon",))), OneOf(MAJORS, count=3), PairsOf(4, MAJORS)), False
    )
    table = [Meld("pung", TILES.index("E"), False)]
    rest = hand("R G 0 1b 1b 9b 9b 1c 1c E")
    assert match_pattern(dragons_and_pairs, hand("R G 0 1b 1b 9b 9b 1c 1c E E"), table, TILES)
    assert TILES.codes(patterns_waits([dragons_and_pairs], rest, TILES, table)) == ["1b", "9b", "1c"]
    assert TILES.codes(patterns_waits([dragons_and_pairs], hand("R G 0 1b 1b 9b 9b 1c 1c W"), TILES, table)) == ["W"]


# -- properties: random instances of each pattern ------------------------------------------


def instance(pattern, rng: random.Random):
    """A random hand matching ``pattern`` (built from the compiled units), or None."""
    spec = compiled(pattern, TILES)
    b = rng.choice(spec.bindings)
    hist = np.zeros(TILES.size, dtype=np.int16)
    for c in b.choices:
        start = 0
        for _ in range(c.n):
            u = rng.randrange(start, len(c.units))
            for t in c.units[u]:
                hist[t] += 1
            start = u + 1 if c.distinct else start
    return hist if (hist <= COPIES).all() else None


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(PATTERNS), st.randoms(use_true_random=False))
def test_instances_match_and_waits_agree_with_brute_force(pattern, rng):
    hist = instance(pattern, rng)
    if hist is None:
        return
    assert match_pattern(pattern, hist, (), TILES)
    for m in pattern_splits(pattern, hist, (), TILES):
        used = np.zeros(TILES.size, dtype=np.int16)
        for g in m.groups:
            for t in g.tiles:
                used[t] += 1
        assert (used == hist).all()
    # take one tile out: the waits are exactly the tiles that make it match again
    calling = hist.copy()
    calling[rng.choice(list(np.flatnonzero(calling)))] -= 1
    brute = []
    for t in PLAYABLE:
        if calling[t] < COPIES[t]:
            h = calling.copy()
            h[t] += 1
            if any(match_pattern(p, h, (), TILES) for p in PATTERNS):
                brute.append(t)
    assert patterns_waits(PATTERNS, calling, TILES) == brute


@pytest.mark.parametrize("pattern", PATTERNS, ids=lambda p: p.name)
def test_every_pattern_holds_fourteen_tiles(pattern):
    assert {b.size for b in compiled(pattern, TILES).bindings} == {14}


# -- suit bindings that differ only by naming ----------------------------------------


@pytest.fixture(scope="module")
def bmja_knitted():
    from pathlib import Path

    from mjdsl.frontend.compile import compile_ruleset
    from mjdsl.hands.patterns import compiled

    auto = compile_ruleset(Path(__file__).resolve().parent.parent / "rulesets" / "classical-bmja.mj")
    specs = [compiled(p.special, auto.tiles) for p in auto.winning.patterns if p.name in ("triple_knitting", "knitting")]
    return auto.tiles, specs


def test_bindings_that_pick_the_same_units_are_asked_once(bmja_knitted):
    # a knitted part's three suits taken in another order pick the same units: the
    # completing tiles are asked of one binding of each kind
    from mjdsl.hands.patterns import _unlike

    _, specs = bmja_knitted
    for spec in specs:
        kept = _unlike(spec)
        assert 0 < len(kept) < len(spec.bindings)
        assert {b.choices for b in kept} == {b.choices for b in spec.bindings}
        assert len({b.choices for b in kept}) == len(kept)
        assert _unlike(spec) is kept  # made once


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9))
def test_completing_tiles_of_knitted_hands_are_the_tiles_that_match(bmja_knitted, seed):
    # 13 suit tiles near a knitted hand: the tiles the search finds are those with
    # which the hand matches, tried one by one
    from mjdsl.hands.decompose import hand_counts, layout_of
    from mjdsl.hands.patterns import completing_tiles, match_pattern

    tiles, specs = bmja_knitted
    rng = random.Random(seed)
    spec = rng.choice(specs)
    b = rng.choice(spec.bindings)
    if rng.random() < 0.7:  # a hand of the binding's units, one tile gone, sometimes one swapped
        held = [t for c in b.choices for u in (rng.sample(c.units, c.n) if c.distinct else
                                               [rng.choice(c.units) for _ in range(c.n)]) for t in u]
        held.pop(rng.randrange(len(held)))
        if rng.random() < 0.3:
            held[rng.randrange(len(held))] = rng.choice([t for c in b.choices for u in c.units for t in u])
    else:
        held = [rng.choice([t for c in b.choices for u in c.units for t in u]) for _ in range(13)]
    counts = [0] * tiles.size
    for t in held:
        counts[t] += 1
    lay = layout_of(tiles)
    copies = [4] * tiles.size
    used = [0] * tiles.size
    got = list(completing_tiles(spec, hand_counts(counts, lay), (), used, copies))
    brute = []
    for t in range(tiles.size):
        if counts[t] < 4:
            counts[t] += 1
            if match_pattern(spec.pattern, np.array(counts), (), tiles):
                brute.append(t)
            counts[t] -= 1
    assert got == brute


# -- the completing tiles in one search (hands/search.py) ----------------------------------


@pytest.fixture(scope="module")
def special_specs():
    """Every special hand of parts only: the shipped rulesets', and a few more shapes (a
    count of three of one tile, repeated pairs, distinct singles and knitted groups)."""
    from pathlib import Path

    from mjdsl.frontend.compile import compile_ruleset
    from mjdsl.hands.patterns import Knitted, Singles, SuitCounts

    specs = {}
    for name in ("classical", "classical-bmja", "hong-kong", "mcr", "singapore"):
        auto = compile_ruleset(Path(__file__).resolve().parent.parent / "rulesets" / f"{name}.mj")
        for p in auto.winning.patterns:
            if p.special is not None and not p.special.mixed:
                specs.setdefault(repr(p.special), compiled(p.special, auto.tiles))
    more = [
        Pattern("open pairs", (EachOf(TileClass(("dragon",))), OneOf(MAJORS, count=3), PairsOf(4, MAJORS)), False),
        Pattern("pairs of a suit", (PairsOf(7, TileClass(("suited",), suit="a")),)),
        Pattern("singles", (Singles(5, TileClass(("simple",))), PairsOf(2, TileClass(("honour",)), distinct=True),
                            OneOf(TileClass(("wind",)), count=3))),
        Pattern("distinct knitting", (Knitted(4, ("a", "b", "c"), distinct=True), Knitted(1, ("a", "b")))),
        Pattern("gates of another suit", (SuitCounts((3, 1, 1, 1, 1, 1, 1, 1, 3)),
                                          OneOf(TileClass(("suited",), suit="b")))),
    ]
    for p in list(PATTERNS) + more:
        specs.setdefault(repr(p), compiled(p, TILES))
    return [s for s in specs.values() if s.bindings]


def _near(rng: random.Random, spec) -> list[int]:
    """Counts near a hand of ``spec``: a binding's units with a tile or two gone, sometimes
    one changed or one more; or tiles of its units at random."""
    size = spec.tiles.size
    b = rng.choice(spec.bindings)
    pool = [t for c in b.choices for u in c.units for t in u]
    if rng.random() < 0.7:
        held = [t for c in b.choices for _ in range(c.n) for t in rng.choice(c.units)]
        for _ in range(rng.choice((1, 1, 2))):
            held.pop(rng.randrange(len(held)))
        if rng.random() < 0.3:
            held[rng.randrange(len(held))] = rng.choice(pool)
        if rng.random() < 0.2:
            held.append(rng.randrange(size))
    else:
        held = [rng.choice(pool) for _ in range(rng.choice((13, 13, 12, 10)))]
    counts = [0] * size
    for t in held:
        counts[t] += 1
    return counts


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10**9))
def test_the_completing_tiles_of_one_search_are_those_of_a_search_per_tile(special_specs, seed):
    # search.completing searches each binding once for every tile to come; each tile
    # asked alone (the exact search of a match) must give the same tiles, among the
    # allowed ones, with every binding or one of each kind
    from mjdsl.hands.search import completing, matches

    rng = random.Random(seed)
    for _ in range(20):
        spec = rng.choice(special_specs)
        counts = _near(rng, spec)
        allowed = [rng.random() < 0.9 for _ in counts]
        for tables in (spec.tables, spec.unlike_tables):
            before = list(counts)
            got = completing(tables, counts, allowed)
            assert counts == before  # restored
            brute = []
            for t in range(len(counts)):
                if allowed[t]:
                    counts[t] += 1
                    if matches(tables, counts, True):
                        brute.append(t)
                    counts[t] -= 1
            assert got == brute, (spec.pattern.name, counts)
