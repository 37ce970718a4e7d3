"""Hints: nearest hands, tiles still to come (jokers only where they may stand), discards."""

from __future__ import annotations

import attrs

from mjdsl.cards import discards, hints, read_hand


def _hints(club, tiles, text, exposed=(), top=5):
    return hints(club, read_hand(tiles, text, exposed, sizes=(13, 14)), top)


def test_a_complete_hand_needs_nothing(club, american_tiles):
    found = _hints(club, american_tiles, "F F 2b 0 2b 6b 1c 1c 1c J 1d J J 1d")
    assert (found[0].line.line, found[0].need, found[0].missing) == (9, 0, ())


def test_a_pair_or_the_year_lists_its_own_tile_never_a_joker(club, american_tiles):
    # eight jokers, and the year lacks its 0: only the 0 itself completes it
    found = _hints(club, american_tiles, "F F 2b 2b 6b J J J J J J J J")
    best = next(h for h in found if h.line.line == 9)
    assert best.need == 1 and best.missing == ("0",)


def test_a_slot_no_natural_copy_is_left_for_lists_a_joker(club, american_tiles):
    # FF 11111 22222 33 - a a b: all four 1b and 2b held, each fifth can only be a joker
    found = _hints(club, american_tiles, "F F 1b 1b 1b 1b 2b 2b 2b 2b 3c 3c N", top=55)
    quint = next(h for h in found if h.line.line == 31)
    assert (quint.need, quint.missing) == (2, ("J", "J"))
    # with three 2b held, a natural 2b is still out there for the second quint
    found = _hints(club, american_tiles, "F F 1b 1b 1b 1b 2b 2b 2b 3c 3c N S", top=55)
    quint = next(h for h in found if h.line.line == 31)
    assert (quint.need, quint.missing) == (3, ("2b", "J", "J"))


def test_exposures_leave_out_concealed_lines_and_lines_without_that_group(club, american_tiles):
    found = _hints(club, american_tiles, "F F 1b 1b 2b 2b 3b 3b 4b 4b", ["5b 5b 5b"], top=55)
    assert found and all(not h.line.concealed for h in found)
    assert all(any(g.tiles == (4, 4, 4) for g in club.variants[h.variant].groups) for h in found)


def test_hints_rank_by_need_then_points(club, american_tiles):
    found = _hints(club, american_tiles, "1b 2b 3b 4b 5b 6b 7b 8b 9b N E W S", top=10)
    keys = [(h.need, -h.line.points) for h in found]
    assert keys == sorted(keys)


def test_discards_keep_the_most_hands_within_reach(club, american_tiles):
    hand = read_hand(american_tiles, "F F 2b 0 2b 6b 1c 1c 1c 1d J J 5d 9b")
    ranked = discards(club, hand)
    assert {d.tile for d in ranked[:2]} == {"5d", "9b"}  # useless to every near hand
    assert ranked[0].keeps >= ranked[-1].keeps
    assert [d.tile for d in ranked].count("J") == 1 and ranked[-1].tile != "5d"


#: A small card whose hints and discards are worked out by hand below.
WINDS = '''card "Winds"
section "Winds"
NNNN EEEE WWWW SS 25
NNN EEEE WWW SSSS 30
section "Kongs"
FF 1111 2222 3333 - a a a 25
FF 4444 5555 6666 - a a a 25
'''


def _small(text=WINDS, tiles=None):
    from conftest import build_american_tiles

    from mjdsl.cards import compile_card, parse_card

    card, diags = parse_card(text, "small.card")
    assert card is not None, diags
    return compile_card(card, tiles or build_american_tiles())


def test_hints_name_each_line_with_the_tiles_it_still_needs(american_tiles):
    winds = _small()
    found = hints(winds, read_hand(american_tiles, "N N N N E E E E W W W S S", sizes=(13, 14)), top=10)
    # NNNN EEEE WWWW SS lacks a W; NNN EEEE WWW SSSS two S (a kong's place); the kong
    # lines share nothing with the hand: all fourteen of their tiles to come
    assert [(h.line.line, h.need, h.missing) for h in found[:2]] == [(3, 1, ("W",)), (4, 2, ("S", "S"))]
    assert [(h.line.line, h.need) for h in found[2:]] == [(6, 14), (7, 14)]
    assert found[0].to_json() == {"hand": "NNNN EEEE WWWW SS", "points": 25, "need": 1, "missing": ["W"],
                                  "line": 3, "section": "Winds"}


def test_hints_of_equal_need_rank_by_points_then_card_order(american_tiles):
    winds = _small()
    # a joker: one more tile for NNNN EEEE WWWW SS (the joker takes the first open place, N)
    # and for NNN EEEE WWW SSSS (one S): both one away, the 30-point line first; each kong
    # line takes the joker too (13 to come), the earlier one first
    hand = read_hand(american_tiles, "N N N E E E E W W W S S J", sizes=(13, 14))
    found = hints(winds, hand, top=10)
    assert [(h.line.line, h.need, h.missing) for h in found[:2]] == [(4, 1, ("S",)), (3, 1, ("W",))]
    assert [(h.line.line, h.need) for h in found[2:]] == [(6, 13), (7, 13)]
    # the top two of four
    assert [h.line.line for h in hints(winds, hand, top=2)] == [4, 3]


def test_discards_rank_by_lines_kept_within_reach_then_nearest_need_then_tile_order(american_tiles):
    winds = _small()
    # the nearest line is one away (NNNN EEEE WWWW SS lacks a W), so within reach is two:
    # without the 5d both wind lines stay (needs 1 and 2); without an N both need 2; without
    # an E, a W or an S only the first does (2), the second needs 3
    ranked = discards(winds, read_hand(american_tiles, "N N N N E E E E W W W S S 5d", sizes=(13, 14)))
    assert [(d.tile, d.keeps, d.nearest) for d in ranked] == [
        ("5d", 2, 1), ("N", 2, 2), ("E", 1, 2), ("W", 1, 2), ("S", 1, 2)]
    hand = read_hand(american_tiles, "N N N N E E E E W W W S S 5d", sizes=(13, 14))
    assert discards(winds, hand, top=2) == ranked[:2]
    assert ranked[0].to_json() == {"tile": "5d", "keeps": 2, "nearest": 1}


def test_a_card_without_hand_lines_gives_no_hints_and_no_discards(american_tiles):
    empty = _small('card "T"\n')
    assert hints(empty, read_hand(american_tiles, "N N N N E E E E W W W S S", sizes=(13, 14))) == []
    assert discards(empty, read_hand(american_tiles, "N N N N E E E E W W W S S 5d", sizes=(13, 14))) == []


def test_a_joker_that_alone_can_fill_a_slot_is_listed_after_the_tiles_whatever_the_tile_order():
    # a tile set that lists its jokers before the winds: the hint still reads "E, then a joker"
    from conftest import build_american_tiles

    base = build_american_tiles()
    order = [k for k in base.kinds if k.cls not in ("wind", "joker")]
    order[27:27] = [k for k in base.kinds if k.cls == "joker"] + [k for k in base.kinds if k.cls == "wind"]
    kinds = tuple(attrs.evolve(k, index=i) for i, k in enumerate(order))
    tiles = attrs.evolve(base, kinds=kinds)
    assert tiles.kinds[27].code == "J" and tiles.kinds[28].code == "N"
    quint = _small('card "T"\nNNNNN EEEE WWW SS 25\n', tiles)
    # all four N held: the quint's fifth N can only be a joker; an E is still to be had
    (found,) = hints(quint, read_hand(tiles, "N N N N E E E W W W S S 1b", sizes=(13, 14)))
    assert (found.need, found.missing) == (2, ("E", "J"))


def test_a_few_points_do_not_rank_a_line_before_one_tile_nearer(american_tiles):
    # one point against fifty: the complete line still comes first, then the line one away
    card = _small('card "T"\nNNNN EEEE WWW SSS 50\nNNNN EEEE WWWW SS 1\n')
    found = hints(card, read_hand(american_tiles, "N N N N E E E E W W W W S S", sizes=(13, 14)))
    assert [(h.line.line, h.need) for h in found] == [(3, 0), (2, 1)]


def test_the_top_one_or_all_but_one_are_the_nearest(american_tiles):
    winds = _small()
    hand = read_hand(american_tiles, "N N N E E E E W W W S S J", sizes=(13, 14))
    assert [h.line.line for h in hints(winds, hand, top=1)] == [4]
    assert [h.line.line for h in hints(winds, hand, top=3)] == [4, 3, 6]


def test_exposures_stand_in_the_hint_and_rule_lines_out_of_the_batch(american_tiles):
    from mjdsl.cards import HandBatch, hint_batch

    winds = _small()
    # a kong of N exposed: NNNN EEEE WWWW SS lacks a W; the other lines have no kong of N
    hand = read_hand(american_tiles, "E E E E W W W S S", ["N N N N"], sizes=(13, 14))
    found = hints(winds, hand, top=10)
    assert [(h.line.line, h.need, h.missing) for h in found] == [(3, 1, ("W",))]
    hb = hint_batch(winds, HandBatch.from_hands([hand], winds.joker, winds.tiles.size), top=10)
    assert hb.variant.tolist() == [[found[0].variant, -1, -1, -1]]  # -1 past the end
    assert not hb.missing[0, 1:].any()


def test_a_tile_both_a_pair_and_a_pung_take_leaves_the_pung_only_what_the_pair_does_not(american_tiles):
    # NN NNN: five N of four; the one N held stands in the pair, which needs another: two
    # copies left for the pung, whose third place only a joker fills
    card = _small('card "T"\nNN NNN EEEE WWWW S 25\n')
    (found,) = hints(card, read_hand(american_tiles, "N E E E E W W W W S 1b 2b 3b", sizes=(13, 14)))
    assert (found.need, found.missing) == (4, ("N", "N", "N", "J"))


def test_a_complete_hand_keeps_only_the_lines_one_tile_away(american_tiles):
    winds = _small()
    # complete on NNNN EEEE WWWW SS: within reach is one tile; every discard leaves it one
    # away, and NNN EEEE WWW SSSS at two or three
    ranked = discards(winds, read_hand(american_tiles, "N N N N E E E E W W W W S S"))
    assert [(d.tile, d.keeps, d.nearest) for d in ranked] == [("N", 1, 1), ("E", 1, 1), ("W", 1, 1), ("S", 1, 1)]


def test_a_hand_all_exposed_has_nothing_to_discard(american_tiles):
    winds = _small()
    hand = read_hand(american_tiles, "", ["N N N N", "E E E E", "W W W", "S S S"])
    assert discards(winds, hand) == []


def test_a_card_without_lines_gives_empty_arrays_for_a_batch(american_tiles):
    from mjdsl.cards import HandBatch, hint_batch

    empty = _small('card "T"\n')
    hand = read_hand(american_tiles, "N N N N E E E E W W W S S", sizes=(13, 14))
    hb = hint_batch(empty, HandBatch.from_hands([hand], empty.joker, empty.tiles.size))
    assert hb.variant.shape == hb.need.shape == (1, 0) and hb.hints(0) == []
