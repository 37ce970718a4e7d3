"""Hints: nearest hands, tiles still to come (jokers only where they may stand), discards."""

from __future__ import annotations

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
