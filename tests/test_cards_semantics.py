"""What a card line means, as docs/card-notation.md states it (issue 16, finding 2).

A year stays as printed when the numbers move; ``any wind`` over ``NEWS`` makes no
duplicate hands (and is flagged as having no effect); ``--stats`` counts distinct
hands; ``year`` is checked against the card's year groups; a quint of flowers needs no
joker, as the set holds eight.
"""

from __future__ import annotations

import attrs
from conftest import build_american_tiles

from mjdsl.cards import check_card, compile_card, match_hand, parse_card, read_hand, variant_counts

TILES = build_american_tiles()


def _card(*lines: str, year: int | None = None):
    head = 'card "T"\n' + (f"year {year}\n" if year else "")
    card, diags = parse_card(head + "\n".join(lines) + "\n", "t.card")
    assert diags == [] and card is not None
    return card


def _matches(card, hand: str) -> list[str]:
    return [m.hand for m in match_hand(compile_card(card, TILES), read_hand(TILES, hand))]


def _codes(card) -> list[str]:
    return [d.code for d in check_card(card, TILES)[1]]


# ------------------------------------------------------------------ the year stays as printed


def test_a_year_does_not_move_with_the_numbers():
    card = _card("FF 2028 1111 1111 - a b c · any run or number  25")
    assert _matches(card, "F F 2b 0 2b 8b 3c 3c 3c 3c 3d 3d 3d 3d")  # kongs moved, year as printed
    assert not _matches(card, "F F 3b 0 3b 9b 2c 2c 2c 2c 2d 2d 2d 2d")  # "3039" is no year


def test_a_line_whose_only_numbers_are_the_year_cannot_move():
    card = _card("FF 2026 NEWS 2026 - a - b · any run or number  25")
    assert "MJ260" in _codes(card)


def test_a_run_line_without_a_year_still_moves():
    card = _card("FF 1111 2222 3333 - a b c · any run or number  25")
    assert _matches(card, "F F 7b 7b 7b 7b 8c 8c 8c 8c 9d 9d 9d 9d")


# ------------------------------------------------------------------ any wind over NEWS


def test_any_wind_over_news_makes_no_duplicate_hands():
    plain = compile_card(_card("FF DDDD NEWS DDDD - a - b  35"), TILES)
    windy = compile_card(_card("FF DDDD NEWS DDDD - a - b · any wind  35"), TILES)
    assert len(windy.variants) == len(plain.variants) == 3


def test_any_wind_over_news_is_flagged_as_having_no_effect():
    codes = _codes(_card("FF DDDD NEWS DDDD - a - b · any wind  35"))
    assert "MJ260" in codes


def test_any_wind_with_a_wind_that_may_change_is_not_flagged():
    card = _card("NN 2026 2026 NEWS - a b - · any wind  50")
    assert "MJ260" not in _codes(card)
    # four winds for NN, and which suit holds which year does not matter (they swap): 4 x 3
    assert variant_counts(compile_card(card, TILES)) == [(2, "NN 2026 2026 NEWS - a b -", 12)]


def test_stats_count_distinct_hands():
    compiled = compile_card(_card("NNN EEEE WWW SSSS · any wind  30"), TILES)
    keys = {v.key() for v in compiled.variants}
    # which two winds are the pungs: 4 choose 2
    assert variant_counts(compiled)[0][2] == len(keys) == 6


# ------------------------------------------------------------------ year is checked


def test_a_year_group_that_is_not_the_cards_year_is_flagged():
    diags = check_card(_card("FF 2026 1111 1111 - a b c  25", year=2027), TILES)[1]
    assert [(d.code, d.span.line, d.span.column) for d in diags] == [("MJ215", 3, 4)]
    assert "2026" in diags[0].message and "2027" in diags[0].message


def test_the_cards_own_year_is_not_flagged():
    assert "MJ215" not in _codes(_card("FF 2027 1111 1111 - a b c  25", year=2027))


def test_a_card_without_a_year_checks_no_year_group():
    assert "MJ215" not in _codes(_card("FF 2026 1111 1111 - a b c  25"))


def test_a_spread_year_is_not_a_year_group():
    """``2222 0000 6666``: kongs, not a year group; only singles mixing 0 and numbers are."""
    assert "MJ215" not in _codes(_card("FF 2222 0000 6666 - a - a  25", year=2027))


# ------------------------------------------------------------------ quints


def test_a_quint_of_flowers_needs_no_joker_a_quint_of_ones_does():
    compiled = compile_card(_card("FFFFF 11111 2222 - a b  40"), TILES)
    assert compiled.variants and not compiled.dropped
    assert _matches(_card("FFFFF 11111 2222 - a b  40"), "F F F F F 1b 1b 1b 1b J 2c 2c 2c 2c")
    assert _matches(_card("FFFFF 11111 2222 - a b  40"), "F F F F J 1b 1b 1b 1b J 2c 2c 2c 2c")


# ------------------------------------------------------------------ no jokers


def test_a_no_jokers_line_takes_no_joker_even_in_its_kongs():
    # docs/card-notation.md: `no jokers`, no joker anywhere in the hand, not even in its kongs
    natural, joker = "F F 2b 2b 2b 2b 0 0 0 0 6b 6b 6b 6b", "F F 2b 2b 2b J 0 0 0 0 6b 6b 6b 6b"
    free = _card("FF 2222 0000 6666 - a - a  25")
    strict = _card("FF 2222 0000 6666 - a - a · no jokers  25")
    assert _matches(free, joker) and _matches(strict, natural)
    assert _matches(strict, joker) == []


def test_a_card_read_against_a_tile_set_without_jokers_matches_its_natural_hands():
    no_jokers = attrs.evolve(TILES, kinds=tuple(k for k in TILES.kinds if k.cls != "joker"))
    assert no_jokers.joker is None
    compiled = compile_card(_card("FF 2222 0000 6666 - a - a  25"), no_jokers)
    (m,) = match_hand(compiled, read_hand(no_jokers, "F F 2b 2b 2b 2b 0 0 0 0 6b 6b 6b 6b"))
    assert m.jokers == 0


def test_without_jokers_a_quint_of_a_four_copy_tile_is_impossible():
    no_jokers = attrs.evolve(TILES, kinds=tuple(k for k in TILES.kinds if k.cls != "joker"))
    card = _card("FF 11111 222 3333 - a a a  25")  # five 1s: four copies and a joker
    assert "MJ257" not in _codes(card)
    assert "MJ257" in [d.code for d in check_card(card, no_jokers)[1]]


def test_a_suit_without_a_rank_makes_no_hand_of_a_line_that_needs_it():
    # dots only 1 to 8 here: FF 9999 ... in one suit is a hand of bams or craks, never of dots
    suits = tuple(attrs.evolve(s, ranks=tuple(range(1, 9))) if s.letter == "d" else s for s in TILES.suits)
    kinds = [k for k in TILES.kinds if k.code != "9d"]
    short = attrs.evolve(TILES, kinds=tuple(attrs.evolve(k, index=i) for i, k in enumerate(kinds)), suits=suits)
    card = _card("FF 1111 5555 9999 - a a a  25")
    assert [n for _, _, n in variant_counts(compile_card(card, short))] == [2]
    assert [n for _, _, n in variant_counts(compile_card(card, TILES))] == [3]


def test_any_dragon_lets_a_lettered_dragon_group_take_another_suits_dragon():
    # docs/card-notation.md: each suit letter under a D picks any dragon instead of its suit's
    hand = "F F 1b 1b 1b 1b 2b 2b 2b 2b G G G G"  # G, the bam dragon, under letter b (not bams)
    assert _matches(_card("FF 1111 2222 DDDD - a a b · any dragon  25"), hand)
    assert not _matches(_card("FF 1111 2222 DDDD - a a b  25"), hand)


def test_alternatives_of_the_same_tiles_in_other_groups_are_both_kept():
    # FFFF FFFF and FFF FFFFF hold the same eight flowers, but only the second has a pung to expose
    card = _card("FFFF FFFF 1111 22 - - a a or FFF FFFFF 1111 22 - - a a  25")
    made = match_hand(compile_card(card, TILES), read_hand(TILES, "F F F F F 1b 1b 1b 1b 2b 2b", ["F F F"]))
    assert [m.hand for m in made] == ["FFF FFFFF 1111 22 - - a a"]


def test_a_run_line_in_a_suit_without_its_printed_numbers_starts_where_they_fit():
    # dots 2 to 9 here: FF 1111 2222 3333 moved any distance up is 1-3 to 7-9 in bams and
    # craks (7 each), 2-4 to 7-9 in dots (6)
    suits = tuple(attrs.evolve(s, ranks=tuple(range(2, 10))) if s.letter == "d" else s for s in TILES.suits)
    kinds = [k for k in TILES.kinds if k.code != "1d"]
    short = attrs.evolve(TILES, kinds=tuple(attrs.evolve(k, index=i) for i, k in enumerate(kinds)), suits=suits)
    card = _card("FF 1111 2222 3333 - a a a · any run or number  25")
    assert [n for _, _, n in variant_counts(compile_card(card, short))] == [7 + 7 + 6]
