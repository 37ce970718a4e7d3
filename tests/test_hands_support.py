"""Shared fixtures for the hands tests: a classical tile set built locally.

The codes are those of contracts.md: 1b..9b, 1c..9c, 1d..9d, winds E S W N,
dragons R G 0, flowers f1-f4 and seasons s1-s4 (one copy each, four of the rest).
"""

from __future__ import annotations

import numpy as np

from mjdsl.tiles import Suit, TileKind, TileSet

SUITS = (("bam", "b"), ("crak", "c"), ("dot", "d"))


def classical_tiles() -> TileSet:
    kinds: list[TileKind] = []

    def add(code, cls, copies=4, **kw):
        kinds.append(TileKind(code=code, index=len(kinds), cls=cls, copies=copies, name=code, **kw))

    for name, letter in SUITS:
        for rank in range(1, 10):
            add(f"{rank}{letter}", "suit", suit=name, rank=rank)
    for code in "ESWN":
        add(code, "wind")
    for code in "RG0":
        add(code, "dragon")
    for seat in range(1, 5):
        add(f"f{seat}", "flower", copies=1, seat=seat)
    for seat in range(1, 5):
        add(f"s{seat}", "season", copies=1, seat=seat)
    suits = tuple(Suit(name, letter, tuple(range(1, 10))) for name, letter in SUITS)
    return TileSet(tuple(kinds), suits)


TILES = classical_tiles()


def hand(text: str) -> np.ndarray:
    """A histogram from tile codes separated by spaces."""
    return TILES.histogram(TILES.parse(text))


def suit_hand(ranks: str, letter: str = "b") -> np.ndarray:
    """``suit_hand("1112345678999")``: one suit, ranks as digits."""
    return hand(" ".join(f"{r}{letter}" for r in ranks))


def test_classical_tiles_have_the_contract_codes():
    assert TILES.size == 42
    assert TILES.total == 144
    assert TILES.codes(range(27, 34)) == ["E", "S", "W", "N", "R", "G", "0"]


# -- the special hands of the classical tables, as data --------------------------------
# Definitions followed (reference/classical-scoring.md names the hands; the shapes are
# those the clubs publish, as summarised by Kajongg's rule descriptions):

from mjdsl.hands.patterns import EachOf, Knitted, OneOf, PairsOf, Pattern, SuitCounts, TileClass  # noqa: E402

MAJORS = TileClass(("terminal", "honour"))
SUIT_A = TileClass(("suited",), suit="a")
WINDS = TileClass(("wind",))

#: one of each terminal and honour, plus a 14th pairing any of them
THIRTEEN_ORPHANS = Pattern("thirteen orphans", (EachOf(MAJORS, name="orphans"), OneOf(MAJORS, name="pair")))
#: one suit, 1112345678999 plus any tile of that suit, all concealed (DMJL)
NINE_GATES = Pattern("nine gates", (SuitCounts((3, 1, 1, 1, 1, 1, 1, 1, 3)), OneOf(SUIT_A, name="extra")))
#: BMJA Gates of Heaven: the same, the extra tile one of 2-8 (a simple) of that suit
GATES_OF_HEAVEN = Pattern(
    "gates of heaven", (SuitCounts((3, 1, 1, 1, 1, 1, 1, 1, 3)), OneOf(TileClass(("simple",), suit="a")))
)
#: BMJA Wriggling Snake: a pair of 1s and a run 2-9 in one suit, and one of each wind
WRIGGLING_SNAKE = Pattern("wriggling snake", (SuitCounts((2, 1, 1, 1, 1, 1, 1, 1, 1)), EachOf(WINDS)))
#: DMJL snake ("1-9 of one suit with winds"): 1-9 of one suit, one of each wind, and
#: a 14th tile pairing any of them (the common reading; the table gives no more)
SNAKE = Pattern(
    "snake",
    (EachOf(SUIT_A, name="run"), EachOf(WINDS, name="winds"), OneOf(TileClass(("suited", "wind"), suit="a"))),
)
#: BMJA Knitting: seven pairs, each one tile of the same rank in each of the same two suits
KNITTING = Pattern("knitting", (Knitted(7, ("a", "b")),))
#: BMJA Triple Knitting: four knitted triples (a rank in all three suits) and a knitted pair
TRIPLE_KNITTING = Pattern("triple knitting", (Knitted(4, ("a", "b", "c")), Knitted(1, ("a", "b"))))
#: BMJA All Pair Honours: seven pairs of terminals and honours (repeats allowed)
ALL_PAIR_HONOURS = Pattern("all pair honours", (PairsOf(7, MAJORS),))

PATTERNS = (
    THIRTEEN_ORPHANS,
    NINE_GATES,
    GATES_OF_HEAVEN,
    WRIGGLING_SNAKE,
    SNAKE,
    KNITTING,
    TRIPLE_KNITTING,
    ALL_PAIR_HONOURS,
)


# -- an independent, slow splitter to check the fast one against ----------------------


def all_melds(tiles=TILES):
    """Every (kind, tile) meld of the tile set, from the kinds' suit and rank alone."""
    out = []
    for k in tiles.kinds:
        if k.is_bonus:
            continue
        out.append(("pung", k.index))
        out.append(("pair", k.index))
        if k.cls == "suit":
            nxt = [tiles.suited(k.suit, k.rank + d) for d in (1, 2)]
            if all(nxt):
                out.append(("chow", k.index))
    return out


def meld_counts(kind, tile, tiles=TILES):
    k = tiles.kinds[tile]
    if kind == "chow":
        return [tile, tiles.suited(k.suit, k.rank + 1).index, tiles.suited(k.suit, k.rank + 2).index]
    return [tile] * (3 if kind == "pung" else 2)


def brute_splits(hist, sets=4, pairs=1, allow_chows=True, max_chows=None, tiles=TILES):
    """All multisets of melds using exactly ``hist``, as sorted tuples of (kind, tile)."""
    melds = [m for m in all_melds(tiles) if allow_chows or m[0] != "chow"]
    rem = [int(x) for x in hist]
    for k in tiles.kinds:
        if k.is_bonus:
            rem[k.index] = 0
    found = []

    def go(start, s, p, chosen):
        if s == 0 and p == 0:
            if not any(rem):
                found.append(tuple(sorted(chosen)))
            return
        for j in range(start, len(melds)):
            kind, tile = melds[j]
            if kind == "pair" and p == 0 or kind != "pair" and s == 0:
                continue
            if kind == "chow" and max_chows is not None and sum(c[0] == "chow" for c in chosen) >= max_chows:
                continue
            idx = meld_counts(kind, tile, tiles)
            for i in idx:
                rem[i] -= 1
            if min(rem[i] for i in idx) >= 0:
                chosen.append((kind, tile))
                go(j, s - (kind != "pair"), p - (kind == "pair"), chosen)
                chosen.pop()
            for i in idx:
                rem[i] += 1

    go(0, sets, pairs, [])
    return sorted(set(found))
