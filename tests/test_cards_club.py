"""Every line of the Club card 2026: its variants, dealt as tiles with and without
jokers, match that line; and the seed's joker rules hold (american-rulebook.txt:
"no jokers anywhere in Singles & Pairs hands, NEWS, or the year")."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from mjdsl.cards import Hand, compile_card, match_hand, parse_card, read_card, read_hand, variant_counts
from mjdsl.cards.distance import makes
from mjdsl.cards.hands import Exposure, HandBatch

#: Variants per line (file line -> count), computed once and pinned. Worked by hand:
#: 9  FF 2026 1111 1111 - a b c: 6 suit orders, but b and c are both kongs of ones, so
#:    only the year's suit matters: 3.
#: 25 FF 1111 1111 1111 - a b c · any run: one suit each, numbers 1..9: 9.
#: 26 111 111 1111 DDDD a b c c · any run: the pungs a, b swap, so c's suit (3) x 9 numbers: 27.
#: 31 FF 11111 22222 33 - a a b · any run: ordered pair of suits (6) x runs 123..789 (7): 42.
#: 56 NNNN EEE WWW SSSS: no suits: 1.
#: 73 FF 11 22 33 44 55 66 · any run: 3 suits x runs 1-6..4-9 (4): 12.
PINNED = {
    9: 3, 10: 3, 11: 3, 12: 3, 13: 6, 14: 3,
    17: 3, 18: 6, 19: 6, 20: 6, 21: 3, 22: 3,
    25: 9, 26: 27, 27: 54, 28: 27,
    31: 42, 32: 48, 33: 21, 34: 27, 35: 21,
    38: 36, 39: 15, 40: 18, 41: 36, 42: 36, 43: 24, 44: 15,
    47: 6, 48: 6, 49: 3, 50: 3, 51: 3, 52: 6, 53: 3,
    56: 1, 57: 1, 58: 3, 59: 1, 60: 6, 61: 3, 62: 27,
    65: 3, 66: 6, 67: 3, 68: 3, 69: 6, 70: 3,
    73: 12, 74: 21, 75: 3, 76: 3, 77: 3, 78: 3, 79: 21,
}


def test_variant_counts_are_pinned(club):
    assert {line: n for line, _, n in variant_counts(club)} == PINNED
    assert len(club.variants) == sum(PINNED.values()) == 666
    assert club.dropped == () and club.diagnostics == ()


def test_dedupe_keeps_distinct_hands_only(club):
    keys = [v.key() for v in club.variants]
    assert len(keys) == len(set(keys))


def test_no_variant_needs_more_than_the_set_holds(club, american_tiles):
    copies = american_tiles.copies_vector()
    t = club.tables
    assert (t.natural <= copies).all()
    assert (np.maximum(t.need - copies, 0).sum(axis=1) <= 8).all()
    assert (t.need.sum(axis=1) == 14).all()


def _hand(counts) -> Hand:
    return Hand(np.asarray(counts, dtype=np.int16))


def _with_jokers(var, tiles, joker):
    """The variant with every joker slot a joker (up to the set's eight), naturals elsewhere."""
    hand = var.need.copy()
    budget = tiles.kinds[joker].copies
    used = 0
    for g in var.groups:
        if g.jokers:
            k = min(g.size, budget - used)
            hand[g.tiles[0]] -= k
            used += k
    hand[joker] += used
    return hand, used


#: One test per line of the card, named by its line in the file.
_LINES = read_card(Path(__file__).resolve().parent.parent / "rulesets" / "cards" / "club-2026.card").lines
each_line = pytest.mark.parametrize("line_index", range(len(_LINES)), ids=[f"line{ln.line}" for ln in _LINES])


@each_line
def test_every_variant_matches_its_line_jokerless_and_with_jokers(club, american_tiles, line_index):
    joker = club.joker
    for v in (x for x in club.variants if x.line == line_index):
        natural_ok = (v.need <= american_tiles.copies_vector()).all()
        if natural_ok:
            found = match_hand(club, _hand(v.need))
            assert [(m.line_index, m.jokers) for m in found if m.line_index == line_index] == [(line_index, 0)]
        hand, used = _with_jokers(v, american_tiles, joker)
        found = match_hand(club, _hand(hand))
        if used:
            assert (line_index, used) in [(m.line_index, m.jokers) for m in found]
        # a joker in a natural slot (pair, single, year, NEWS) never makes this variant
        natural_tiles = [t for t in np.nonzero(v.natural)[0]]
        if natural_tiles and natural_ok:
            bad = v.need.copy()
            bad[natural_tiles[0]] -= 1
            bad[joker] += 1
            col = club.variants.index(v)
            assert not makes(club, HandBatch.from_counts(bad[None, :], joker))[0, col]


@each_line
def test_every_joker_group_can_be_exposed_unless_concealed(club, american_tiles, line_index):
    line = club.lines[line_index]
    copies = american_tiles.copies_vector()
    for v in (x for x in club.variants if x.line == line_index):
        for group in (g for g in v.groups if g.jokers):
            t = group.tiles[0]
            rack = v.need.copy()
            rack[t] -= group.size
            # the exposure takes jokers only where the set lacks natural copies
            exposure = Exposure(t, group.size, max(0, int(v.need[t] - copies[t])))
            if exposure.jokers >= group.size or (np.delete(rack > copies, t)).any():
                continue
            lines = [m.line_index for m in match_hand(club, Hand(rack, (exposure,)))]
            assert (line_index in lines) is (not line.concealed), (line.text, group.text)


# -- the seed's rules -----------------------------------------------------------------
def _match(club, tiles, text, exposed=()):
    return [(m.line.line, m.jokers) for m in match_hand(club, read_hand(tiles, text, exposed))]


def test_a_jokerless_hand_says_so(club, american_tiles):
    assert _match(club, american_tiles, "F F 2b 0 2b 6b 1c 1c 1c 1c 1d 1d 1d 1d") == [(9, 0)]


def test_jokers_stand_in_kongs(club, american_tiles):
    assert _match(club, american_tiles, "F F 2b 0 2b 6b 1c J J J 1d J 1d 1d") == [(9, 4)]


@pytest.mark.parametrize(
    "text,line",
    [
        ("F J 2b 0 2b 6b 1c 1c 1c 1c 1d 1d 1d 1d", 9),  # a joker in the pair of flowers
        ("F F 2b J 2b 6b 1c 1c 1c 1c 1d 1d 1d 1d", 9),  # a joker in the year
        ("2b 0 2b 6b J E W S 2c 0 2c 6c 0 0", 14),  # a joker in NEWS
        ("F F 1b 1b 2b 2b 3b 3b 4b 4b 5b 5b 6b J", 73),  # a joker in a singles-and-pairs hand
    ],
)
def test_a_joker_never_stands_in_a_pair_a_single_news_or_the_year(club, american_tiles, text, line):
    assert line not in [ln for ln, _ in _match(club, american_tiles, text)]


def test_the_jokerless_versions_of_those_match(club, american_tiles):
    assert _match(club, american_tiles, "2b 0 2b 6b N E W S 2c 0 2c 6c 0 0") == [(14, 0)]
    assert _match(club, american_tiles, "F F 1b 1b 2b 2b 3b 3b 4b 4b 5b 5b 6b 6b") == [(73, 0)]


def test_a_concealed_line_refuses_exposures(club, american_tiles):
    text = "F F 1b 1b 2b 2b 3b 3b 4b 4b 5b 5b 6b 6b"
    assert _match(club, american_tiles, text) == [(73, 0)]
    # the same tiles with the sixes called: not the concealed hand, and no other
    assert _match(club, american_tiles, "F F 1b 1b 2b 2b 3b 3b 4b 4b 5b", ["6b 6b J"]) == []


def test_an_exposure_must_be_exactly_one_group(club, american_tiles):
    assert _match(club, american_tiles, "F F 2b 0 2b 6b 1c 1c 1c 1c", ["1d 1d 1d 1d"]) == [(9, 0)]
    assert _match(club, american_tiles, "F F 2b 0 2b 6b 1c 1c 1c 1c", ["1d J J 1d"]) == [(9, 2)]
    # a pung exposed where the hand has a kong: the tiles fit, the exposure does not
    assert _match(club, american_tiles, "F F 2b 0 2b 6b 1c 1c 1c 1c 1d", ["1d 1d 1d"]) == []


def test_a_line_with_alternatives_reports_the_pattern_made(american_tiles):
    card, _ = parse_card('card "T"\nFF 11 22 33 44 55 66 - a a a a a a or FF 11 22 33 44 55 66 - a a a b b b 50\n')
    c = compile_card(card, american_tiles)
    two_suits = read_hand(american_tiles, "F F 1b 1b 2b 2b 3b 3b 4c 4c 5c 5c 6c 6c")
    assert [(m.hand, m.line.line) for m in match_hand(c, two_suits)] == [("FF 11 22 33 44 55 66 - a a a b b b", 2)]
    one_suit = read_hand(american_tiles, "F F 1d 1d 2d 2d 3d 3d 4d 4d 5d 5d 6d 6d")
    assert [m.hand for m in match_hand(c, one_suit)] == ["FF 11 22 33 44 55 66 - a a a a a a"]
