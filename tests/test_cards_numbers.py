"""Number choices other than one moving run (issue 10, cards as card makers print
them): ``any odd number`` and ``any even number`` move the line's numbers together in
steps of two (docs/card-notation.md)."""

from __future__ import annotations

from conftest import build_american_tiles

from mjdsl.cards import check_card, compile_card, match_hand, parse_card, read_hand

TILES = build_american_tiles()
KONGS = "FF 1111 1111 1111 - a b c"


def _card(*lines: str):
    card, diags = parse_card('card "T"\n' + "\n".join(lines) + "\n", "t.card")
    assert diags == [] and card is not None
    return card


def _ranks(card) -> list[int]:
    """The rank the bams kong stands for in each variant of the card's one line."""
    c = compile_card(card, TILES)
    return sorted({TILES.kinds[g.tiles[0]].rank for v in c.variants for g in v.groups
                   if g.text == "1111" or g.text == "2222"})


def _codes(card) -> list[str]:
    return [d.code for d in check_card(card, TILES)[1]]


def test_any_odd_number_makes_like_odd_numbers():
    card = _card(f"{KONGS} · any odd number  25")
    assert _ranks(card) == [1, 3, 5, 7, 9]
    assert _codes(card) == []
    c = compile_card(card, TILES)
    assert [m.hand for m in match_hand(c, read_hand(TILES, "F F 7b 7b 7b 7b 7c 7c 7c 7c 7d 7d 7d 7d"))] == [KONGS]
    assert match_hand(c, read_hand(TILES, "F F 8b 8b 8b 8b 8c 8c 8c 8c 8d 8d 8d 8d")) == []


def test_any_even_number_makes_like_even_numbers():
    card = _card("FF 2222 2222 2222 - a b c · any even number  25")
    assert _ranks(card) == [2, 4, 6, 8]
    assert _codes(card) == []


def test_a_run_moves_by_two_and_stays_in_the_suit():
    card = _card("FF 1111 3333 5555 - a b c · any odd number  25")
    c = compile_card(card, TILES)
    lows = sorted({min(TILES.kinds[g.tiles[0]].rank for g in v.groups if g.text != "FF") for v in c.variants})
    assert lows == [1, 3, 5]  # 1-3-5, 3-5-7, 5-7-9


def test_odd_numbers_printed_even_are_mj274_and_a_line_moved_by_one_and_two_is_mj275():
    assert "MJ274" in _codes(_card("FF 2222 2222 2222 - a b c · any odd number  25"))
    assert "MJ275" in _codes(_card(f"{KONGS} · any run or number · any odd number  25"))
    assert "MJ260" in _codes(_card("NNNN EEE WWW SSSS · any odd number  25"))


def test_a_run_moves_wherever_the_suits_ranks_reach():
    """Bams of 1..9 beside craks and dots of 3..11: a run printed from 1 moves up to 6 in
    bams (6-7-8-9), and in craks starts two up (3-4-5-6) and moves to 8-9-10-11. Suits
    of 1..12: a single number moves up to 12."""
    mixed = build_american_tiles(ranks=(range(1, 10), range(3, 12), range(3, 12)))
    card = _card("111 222 3333 4444 a a a a · any run or number  25")
    assert check_card(card, mixed)[1] == []
    c = compile_card(card, mixed)
    first = {(mixed.kinds[v.groups[0].tiles[0]].suit, mixed.kinds[v.groups[0].tiles[0]].rank) for v in c.variants}
    assert sorted(r for s, r in first if s == "bam") == [1, 2, 3, 4, 5, 6]
    assert sorted(r for s, r in first if s == "crak") == [3, 4, 5, 6, 7, 8]
    long = build_american_tiles(ranks=(range(1, 13),) * 3)
    c = compile_card(_card("FF 1111 NNNN EEEE - a - - · any run or number  25"), long)
    assert sorted({long.kinds[g.tiles[0]].rank for v in c.variants for g in v.groups if g.text == "1111"}) == \
        list(range(1, 13))


def test_a_suit_of_one_rank_takes_a_moving_run_to_that_rank_only():
    # craks of the one rank 5: 1111 moved up four is the only kong of craks; bams still 1..9
    lone = build_american_tiles(ranks=(range(1, 10), range(5, 6), range(1, 10)))
    c = compile_card(_card("FF 1111 NNNN EEEE - a - - · any run or number  25"), lone)
    kongs = {(lone.kinds[g.tiles[0]].suit, lone.kinds[g.tiles[0]].rank) for v in c.variants for g in v.groups
             if g.text == "1111"}
    assert sorted(r for s, r in kongs if s == "crak") == [5]
    assert sorted(r for s, r in kongs if s == "bam") == list(range(1, 10))
    assert [v.offset for v in c.variants if ("a", "crak") in v.suits] == [4]


def test_a_line_with_no_numbers_to_move_is_made_once_as_printed(monkeypatch):
    """An annotation that moves numbers on a line of none has no effect (MJ260): the line
    is its one hand, moved by nothing, and costs the budget one variant, not one for each
    distance a suit of 1..9 allows (ten for `any run`, five for `any odd number`)."""
    from mjdsl.cards import expand

    lines = ("NNNN EEEE WWWW SS · any run or number  25", "FF NNN EEE WWW SSS · any odd number  25",
             "FF NNNN EEEE SSSS · 1-3 or 7-9  25")
    card = _card(*lines)
    assert _codes(card).count("MJ260") == 3
    monkeypatch.setattr(expand, "MAX_GENERATED", len(lines))
    c = compile_card(card, TILES)
    assert [d.code for d in c.diagnostics] == []
    assert [(v.line, v.offset) for v in c.variants] == [(0, 0), (1, 0), (2, 0)]
