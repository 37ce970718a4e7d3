"""Card distance (cards/distance.py), the one formula the hints, the engine's waits and
the greedy bot read: what exposures rule out, and how far a rack is from each line."""

from __future__ import annotations

import numpy as np
import pytest

from mjdsl.cards import HandBatch, read_hand
from mjdsl.cards.distance import FAR, allowed, compatible, distances, measures, needs


def _batch(club, tiles, text, exposed=()):
    hand = read_hand(tiles, text, exposed, sizes=(13, 14))
    return HandBatch.from_hands([hand], _code(tiles, "J"), tiles.size)


def _code(tiles, code):
    return next(k.index for k in tiles.kinds if k.code == code)


def test_an_exposure_that_is_no_group_of_any_line_rules_out_every_line(club, american_tiles):
    # no line of the card has a kong of East
    assert (_code(american_tiles, "E"), 4) not in club.tables.group_index
    batch = _batch(club, american_tiles, "F F 1b 1b 2b 2b 3b 3b 4b 4b", ["E E E E"])
    ruled_out = allowed(club.tables, batch.exposures[0])
    # a mask the engine indexes variants with: one boolean per line variant
    assert ruled_out.dtype == bool and ruled_out.shape == (club.tables.size,)
    assert not ruled_out.any()
    assert (needs(club, batch) == FAR).all()


def test_two_exposures_of_one_group_need_a_line_with_two_such_groups(club, american_tiles):
    t = club.tables
    one = allowed(t, [(_code(american_tiles, "1b"), 3)])
    assert one.any()  # some lines have a pung of 1b
    # ...but none has two, so two such pungs rule every line out
    assert t.group_counts[:, t.group_index[(_code(american_tiles, "1b"), 3)]].max() == 1
    batch = _batch(club, american_tiles, "F F 2b 2b 3b 3b 4b 4b", ["1b 1b 1b", "1b J J"])
    assert not compatible(t, batch).any()
    assert (needs(club, batch) == FAR).all()


def test_a_concealed_line_takes_no_exposure(club, american_tiles):
    t = club.tables
    ok = allowed(t, [(_code(american_tiles, "1b"), 3)])
    assert not (ok & t.concealed).any()
    assert allowed(t, []).all()  # no exposures: every line, concealed ones too


def test_hands_without_exposures_leave_every_line_open(club, american_tiles):
    batch = _batch(club, american_tiles, "F F 1b 1b 2b 2b 3b 3b 4b 4b 5b 5b 6b")
    assert compatible(club.tables, batch) is None


def test_distance_counts_the_tiles_still_to_come(club, american_tiles):
    t = club.tables
    complete = _batch(club, american_tiles, "F F 2b 0 2b 6b 1c 1c 1c J 1d J J 1d")
    d = needs(club, complete)[0]
    assert d.min() == 0 and d.dtype == np.int16
    # one tile fewer: the nearest line is one away
    short = _batch(club, american_tiles, "F F 2b 0 2b 6b 1c 1c 1c J 1d J J")
    assert needs(club, short)[0].min() == 1
    # the single-hand form used by the bots gives the same numbers
    row = distances(t, short.filled, short.natural, short.jokers)[0]
    assert (row == needs(club, short)[0]).all()
    # a pair takes no joker: eight jokers and no 0 leave the year one tile short
    year = _batch(club, american_tiles, "F F 2b 2b 6b J J J J J J J J")
    assert needs(club, year)[0].min() == 1


def _random_racks(tiles, joker, n, rng):
    """``n`` racks of 0-15 random tiles (jokers and fives of a kind included), with an
    exposure-like surplus on one tile and a tile gone negative on another."""
    racks = np.zeros((n, tiles.size), np.int16)
    for i in range(n):
        for t in rng.integers(0, tiles.size, rng.integers(0, 16)):
            racks[i, t] += 1
    natural = racks.copy()
    natural[:, joker] = 0
    filled = natural.copy()
    filled[np.arange(n), rng.integers(0, tiles.size, n)] += 3
    filled[np.arange(n), rng.integers(0, tiles.size, n)] -= 1
    return filled, natural, racks[:, joker].copy()


def test_small_batches_worked_out_packed_equal_the_indicator_products(club, american_tiles, monkeypatch):
    # a bot's batches (up to LOOKUP_BATCH hands) take the packed integers; the products
    # are the reference: both must give every variant the same distance
    from mjdsl.cards import distance

    rng = np.random.default_rng(12)
    joker = _code(american_tiles, "J")
    for n in (1, 2, 14, distance.LOOKUP_BATCH):
        for trial in range(20):
            filled, natural, jokers = _random_racks(american_tiles, joker, n, rng)
            if trial % 2:  # a bot's candidates: the first hand with a tile or two moved
                moves = rng.integers(0, american_tiles.size, (n, 2))
                filled, natural, jokers = filled[:1].repeat(n, 0), natural[:1].repeat(n, 0), jokers[:1].repeat(n)
                filled[np.arange(n), moves[:, 0]] -= 1
                natural[np.arange(n), moves[:, 0]] -= 1
                filled[np.arange(n), moves[:, 1]] += 2
            packed = distances(club.tables, filled, natural, jokers)
            monkeypatch.setattr(distance, "LOOKUP_BATCH", 0)
            products = distances(club.tables, filled, natural, jokers)
            monkeypatch.undo()
            assert packed.dtype == products.dtype == np.int16
            assert (packed == products).all()


def test_what_a_bot_weighs_beside_the_distance_is_worked_out_in_the_same_pass(club, american_tiles, monkeypatch):
    # the natural slots covered and the live copies of the tiles lacking, packed with the
    # distance for small batches, by products for large ones, and both by their definition
    from mjdsl.cards import distance

    t = club.tables
    rng = np.random.default_rng(7)
    joker = _code(american_tiles, "J")
    for n in (1, 14, distance.LOOKUP_BATCH):
        for trial in range(10):
            filled, natural, jokers = _random_racks(american_tiles, joker, n, rng)
            if trial % 2:  # a bot's candidates: the first hand with a tile moved
                moves = rng.integers(0, american_tiles.size, n)
                filled, natural, jokers = filled[:1].repeat(n, 0), natural[:1].repeat(n, 0), jokers[:1].repeat(n)
                filled[np.arange(n), moves] -= 1
                natural[np.arange(n), moves] -= 1
            live = rng.integers(0, 5, american_tiles.size)
            need, covered, lacking = measures(t, filled, natural, jokers, live, covered=True)
            assert (need == distances(t, filled, natural, jokers)).all()
            assert (covered == np.minimum(np.maximum(natural, 0)[:, None, :], t.natural[None, :, :]).sum(axis=2)).all()
            assert (lacking == ((t.need[None, :, :] > filled[:, None, :]) * live[None, None, :]).sum(axis=2)).all()
            monkeypatch.setattr(distance, "LOOKUP_BATCH", 0)
            products = measures(t, filled, natural, jokers, live, covered=True)
            monkeypatch.undo()
            assert all((a == b).all() and a.dtype == b.dtype == np.int16
                       for a, b in zip((need, covered, lacking), products))
    # nothing asked, nothing worked out
    assert measures(t, filled, natural, jokers)[1:] == (None, None)


def test_allowed_is_remembered_and_cannot_be_changed_by_a_caller(club, american_tiles):
    key = [(_code(american_tiles, "1b"), 3)]
    first = allowed(club.tables, key)
    assert allowed(club.tables, list(key)) is first
    assert not first.flags.writeable


def test_an_empty_batch_has_no_distances(club):
    empty = np.zeros((0, club.tables.need.shape[1]), np.int16)
    assert distances(club.tables, empty, empty, np.zeros(0, np.int16)).shape == (0, club.tables.size)
    # and nothing else either, each part empty when asked for and None when not
    live = np.ones(club.tables.need.shape[1], np.int16)
    need, covered, lacking = measures(club.tables, empty, empty, np.zeros(0, np.int16), live, covered=True)
    assert need.shape == covered.shape == lacking.shape == (0, club.tables.size)
    assert measures(club.tables, empty, empty, np.zeros(0, np.int16))[1:] == (None, None)


@pytest.mark.pure_python
def test_batches_of_up_to_64_hands_are_packed_and_the_rest_and_odd_live_counts_take_the_products(
        club, american_tiles, monkeypatch):
    # docs/performance.md: a byte a variant holds the distance of up to LOOKUP_BATCH hands and
    # the live copies lacking when they are whole, non-negative and at most 255 in all
    from mjdsl.cards import distance

    packed = []
    real = distance._packed_measures
    monkeypatch.setattr(distance, "_packed_measures", lambda *a: packed.append(len(a[1])) or real(*a))
    t, size = club.tables, american_tiles.size

    def road(n, live=None):
        packed.clear()
        racks = np.zeros((n, size), np.int16)
        measures(t, racks, racks, np.zeros(n, np.int16), None if live is None else np.array(live))
        return "packed" if packed else "products"

    assert [road(1), road(distance.LOOKUP_BATCH), road(distance.LOOKUP_BATCH + 1)] == [
        "packed", "packed", "products"]
    zeros, ones = [0] * size, [1] * size
    assert road(1, zeros) == road(1, ones) == "packed"
    assert road(1, [255] + [0] * (size - 1)) == "packed"
    assert road(1, [256] + [0] * (size - 1)) == "products"
    assert road(1, [-1] + ones[1:]) == "products"
    assert road(1, [0.5] * size) == "products"


def test_live_copies_past_what_a_byte_holds_are_counted_whole(club, american_tiles):
    # 128 live copies of each of two tiles a line lacks: 256 for that line, one more than a byte
    t = club.tables
    rack = np.zeros((1, american_tiles.size), np.int16)
    live = np.zeros(american_tiles.size, np.int64)
    live[[_code(american_tiles, "N"), _code(american_tiles, "E")]] = 128
    lacking = measures(t, rack, rack, np.zeros(1, np.int16), live)[2]
    assert (lacking[0] == (t.need > 0) @ live).all() and lacking.max() == 256


def test_the_rows_allowed_by_exposures_are_remembered_for_at_most_4096_exposure_sets(club):
    from mjdsl.cards import distance

    t = club.tables
    allowed(t, [])
    kept = distance._ALLOWED.get(t)
    kept.clear()
    for k in range(4096):
        allowed(t, [(k, 3)])
    assert len(kept) == 4096
    allowed(t, [(4096, 3)])  # one more: the memo starts afresh rather than grow
    assert list(kept) == [((4096, 3),)]


def test_counts_past_what_any_line_needs_count_as_the_most_a_line_needs(club, american_tiles, monkeypatch):
    # the packed rows stop at _TOP copies of a tile (no line needs so many): 23, 24, 25, 30
    # of a tile must read as the products read them, in a hand on its own and in a bot's
    # candidates that differ from the first hand in exactly those tiles
    from mjdsl.cards import distance

    joker = _code(american_tiles, "J")
    # two tiles some lines need 2-4 of: the candidates (four counts changed) are moved from the first
    big = [_code(american_tiles, c) for c in ("1b", "F")]
    for n in (1, 3):
        for count in (distance._TOP - 1, distance._TOP, distance._TOP + 1, 30):
            filled = np.zeros((n, american_tiles.size), np.int16)
            filled[0, big] = count
            filled[1:, big] = count + np.arange(1, n)[:, None]  # the candidates: these tiles moved
            natural = filled.copy()
            jokers = np.ones(n, np.int16)
            natural[:, joker] = 0
            live = np.full(american_tiles.size, 2)
            packed = measures(club.tables, filled, natural, jokers, live, covered=True)
            monkeypatch.setattr(distance, "LOOKUP_BATCH", 0)
            products = measures(club.tables, filled, natural, jokers, live, covered=True)
            monkeypatch.undo()
            assert all((a == b).all() for a, b in zip(packed, products))


@pytest.mark.pure_python
def test_a_bots_candidates_are_worked_out_from_the_first_racks_sums_and_other_hands_afresh(
        club, american_tiles, monkeypatch):
    # docs/performance.md: hands that differ from the batch's first by a tile or two (a
    # bot's candidates) read only the tiles that differ; a hand unlike the first is summed whole
    from mjdsl.cards import distance

    moved = []
    real = distance._Packed.moved
    monkeypatch.setattr(distance._Packed, "moved", lambda self, *a: moved.append(a[3]) or real(self, *a))
    rack = np.zeros(american_tiles.size, np.int16)
    rack[:13] = 1
    one_off, other = rack.copy(), np.zeros_like(rack)
    one_off[[0, 20]] = 0, 1  # a tile discarded, another drawn
    other[13:26] = 1  # thirteen other tiles
    batch = np.stack([rack, one_off, other])
    need = measures(club.tables, batch, batch, np.zeros(3, np.int16))[0]
    assert moved == [([], []), ([0, 20], [0, 20])]  # the first hand itself, and the one-off
    monkeypatch.setattr(distance, "LOOKUP_BATCH", 0)
    assert (need == measures(club.tables, batch, batch, np.zeros(3, np.int16))[0]).all()


def test_a_bots_racks_beside_one_seats_exposures_measure_as_the_same_hands_batched(club, american_tiles):
    # rack_needs / rack_measures (what the bots ask) against needs / measures of the hands
    from mjdsl.cards import Hand
    from mjdsl.cards.distance import rack_measures, rack_needs

    t = club.tables
    exposed = ["1c 1c 1c 1c"]
    racks_text = ["F F 2b 0 2b 6b 1d J J", "F F 2b 0 2b 6b 5d J J", "F F 2b 0 2b N 1d J J"]
    hands = [read_hand(american_tiles, r, exposed, sizes=(13, 14)) for r in racks_text]
    racks = np.stack([h.concealed for h in hands])
    exposures = [(e.tile, e.size) for e in hands[0].exposures]
    batch = HandBatch.from_hands(hands, _code(american_tiles, "J"), american_tiles.size)
    joker = _code(american_tiles, "J")
    assert (rack_needs(t, racks, exposures, joker) == needs(club, batch)).all()
    assert rack_needs(t, racks, exposures, joker)[0].min() == 1  # FF 2026 1111 1111: a 1d or a joker to come
    live = np.full(american_tiles.size, 3)
    need, covered, lacking = rack_measures(t, racks, exposures, joker, live, covered=True)
    same = measures(t, batch.filled, batch.natural, batch.jokers, live, covered=True)
    assert (need == needs(club, batch)).all() and (covered == same[1]).all() and (lacking == same[2]).all()
    # no exposures: the racks alone, every line open
    alone = [read_hand(american_tiles, r + " 1c 1c 1c 1c", sizes=(13, 14)) for r in racks_text]
    plain = np.stack([h.concealed for h in alone])
    batched = needs(club, HandBatch.from_hands(alone, joker, american_tiles.size))
    assert (rack_needs(t, plain, [], joker) == batched).all()


def test_racks_of_a_set_without_jokers_count_every_tile_as_natural(club_card, american_tiles):
    import attrs

    from mjdsl.cards import compile_card
    from mjdsl.cards.distance import rack_needs

    no_jokers = attrs.evolve(american_tiles, kinds=tuple(k for k in american_tiles.kinds if k.cls != "joker"))
    compiled = compile_card(club_card, no_jokers)
    hands = [read_hand(no_jokers, "F F 2b 0 2b 6b 1c 1c 1c 1d 1d 1d 1d", sizes=(13, 14))]
    racks = np.stack([h.concealed for h in hands])
    d = rack_needs(compiled.tables, racks, [], None)
    assert (d == needs(compiled, HandBatch.from_hands(hands, None, no_jokers.size))).all() and d.min() == 1


def _exact_waits(compiled, hand):
    """The tiles that, added to the rack, make a line: the matcher asked for every tile."""
    from mjdsl.cards import Hand, match_hand

    out = set()
    for t in range(compiled.tiles.size):
        rack = hand.concealed.copy()
        rack[t] += 1
        if match_hand(compiled, Hand(rack, hand.exposures)):
            out.add(t)
    return out


def test_a_hand_one_tile_from_a_line_waits_on_the_tiles_that_complete_it(club, club_card, american_tiles):
    import attrs

    from mjdsl.cards import compile_card
    from mjdsl.cards.distance import waits

    def asked(compiled, tiles, text, exposed=()):
        hand = read_hand(tiles, text, exposed, sizes=(12, 13, 14))
        got = waits(compiled.tables, hand.concealed.tolist(), [(e.tile, e.size) for e in hand.exposures],
                    compiled.joker)
        if hand.concealed.sum() + sum(e.size for e in hand.exposures) == 13:  # the matcher takes 14 tiles
            assert got == _exact_waits(compiled, hand), text
        return {tiles.kinds[t].code for t in got}

    # the card's first variant (FF 2026 in bams, kongs of 1 in craks and dots) and no other:
    # the fourth 1d, or a joker in its kong
    assert asked(club, american_tiles, "F F 2b 0 2b 6b 1c 1c 1c 1c 1d 1d 1d") == {"1d", "J"}
    # a pair lacks its tile: only that tile completes it, never a joker
    assert asked(club, american_tiles, "F 2b 0 2b 6b 1c 1c 1c 1c 1d 1d 1d 1d") == {"F"}
    # six 1c counted (four on the rack and in the exposed kong, two jokers in it): more than
    # any line needs, so nothing completes it
    assert asked(club, american_tiles, "F F 2b 0 2b 6b 1c 1c 1d", ["1c 1c J J"]) == set()
    # a pung of 1c exposed: the kong lines the rack is near take no such pung
    assert asked(club, american_tiles, "F F 2b 0 2b 6b 1c 1d 1d 1d", ["1c 1c 1c"]) == set()
    # the card's last variant (pairs only), a pair one short: its tile, however many variants come before
    last = club.variants[-1]
    tiles = american_tiles.expand(last.need)
    assert last.natural.sum() == 14
    assert asked(club, american_tiles, " ".join(tiles[1:])) == {tiles[0]}
    # twelve tiles: no tile makes fourteen
    assert asked(club, american_tiles, "F F 2b 0 2b 6b 1c 1c 1c 1c 1d 1d") == set()
    # a set without jokers: the rack's tiles all count as themselves
    no_jokers = attrs.evolve(american_tiles, kinds=tuple(k for k in american_tiles.kinds if k.cls != "joker"))
    plain = compile_card(club_card, no_jokers)
    assert asked(plain, no_jokers, "F F 2b 0 2b 6b 1c 1c 1c 1c 1d 1d 1d") == {"1d"}


def test_a_rack_of_thirteen_jokers_waits_on_what_completes_a_line_of_joker_groups(american_tiles):
    # a house set of sixteen jokers: thirteen on the rack are one tile from a line whose every
    # group takes jokers (NNNN EEEE WWW SSS): any tile of it, or a fourteenth joker; never from a
    # line with a pair
    import attrs

    from mjdsl.cards import Hand, compile_card, parse_card
    from mjdsl.cards.distance import waits

    tiles = attrs.evolve(american_tiles, kinds=tuple(attrs.evolve(k, copies=16) if k.cls == "joker" else k
                                                     for k in american_tiles.kinds))
    # eight lines (a byte of variants): four of joker groups only (the first the only one with
    # flowers), four with a pair
    lines = ["FFFF NNNN EEE WWW", "NN EEEE WWWW SSSS", "NNNN EEEE WWW SSS", "NNN EEEE WWWW SSS",
             "NNN EEE WWWW SSSS", "NNNN EEEE WWWW SS", "NNNN EE WWWW SSSS", "NNNN EEEE WW SSSS"]
    card, _ = parse_card('card "T"\n' + "".join(f"{ln} 25\n" for ln in lines), "t.card")
    compiled = compile_card(card, tiles)
    assert len(compiled.variants) == 8
    rack = tiles.histogram(tiles.parse(" ".join(["J"] * 13)))
    got = waits(compiled.tables, rack.tolist(), [], compiled.joker)
    assert {tiles.kinds[t].code for t in got} == {"F", "N", "E", "W", "S", "J"}
    assert got == _exact_waits(compiled, Hand(rack))


def test_a_batch_holds_an_exposures_natural_tiles_and_counts_its_jokers_apart(american_tiles):
    """A kong of East with one joker: four East filled, three East held (what copies of
    East are left reads), one exposed joker; the rack's own tiles as they are."""
    east, flower = _code(american_tiles, "E"), _code(american_tiles, "F")
    hand = read_hand(american_tiles, "F F 1b 1b 2b 2b 3b 3b 4b 4b", ["E E E J"], sizes=(13, 14))
    batch = HandBatch.from_hands([hand], _code(american_tiles, "J"), american_tiles.size)
    assert (batch.filled[0, east], batch.held[0, east], batch.exposed_jokers[0]) == (4, 3, 1)
    assert batch.held[0, flower] == 2 and batch.held.sum() == 10 + 3


def test_one_racks_distances_packed_a_byte_a_line_are_the_batched_ones(club, american_tiles):
    # rack_distances (the greedy bot's own rack, plain integers) against distances, on
    # random racks with exposure-like surpluses, tiles gone negative and many jokers
    from mjdsl.cards.distance import rack_distances

    t = club.tables
    rng = np.random.default_rng(16)
    joker = _code(american_tiles, "J")
    filled, natural, jokers = _random_racks(american_tiles, joker, 200, rng)
    jokers[::7] = 0
    jokers[1::7] = 9
    jokers[2::7] = 40  # more jokers than a byte's open slots could ever take (31 and past)
    want = distances(t, filled, natural, jokers)
    for f, n, j, row in zip(filled.tolist(), natural.tolist(), jokers.tolist(), want):
        got = rack_distances(t, f, n, j).to_bytes(t.size, "little")
        assert list(got) == row.tolist()


def _moved_racks(rng, filled, natural, size):
    """``filled``, ``natural`` (lists) with 0 to 9 tiles changed: a tile drawn or thrown (both
    counts), an exposure's surplus (filled alone), a count past the packed rows or negative."""
    filled, natural = list(filled), list(natural)
    from mjdsl.cards import distance

    for t in rng.integers(0, size, rng.integers(0, 10)).tolist():
        kind = int(rng.integers(0, 4))
        if kind == 0:  # drawn or thrown: both counts move
            d = int(rng.choice([-1, 1]))
            filled[t] += d
            natural[t] += d
        elif kind == 1:  # an exposure's tiles: filled alone
            filled[t] += int(rng.integers(1, 4))
        elif kind == 2:  # natural alone (filled left where it was)
            natural[t] -= 1
        else:  # past the packed rows, or exactly at them
            c = distance._TOP + int(rng.integers(-2, 3))
            filled[t] = natural[t] = c
    return filled, natural


def test_a_racks_sums_in_one_integer_moved_from_another_racks_are_its_own(club, american_tiles):
    # both_sums: sums' two vectors a nibble each in one integer; both_moved: those of another
    # rack moved by the tiles that differ (any number, a few or many); both_distance:
    # rack_distances from them, with jokers and without (b unread then)
    from mjdsl.cards import distance
    from mjdsl.cards.distance import packed, rack_distances

    t = club.tables
    p = packed(t)
    assert p is packed(t) and p.nibbles
    size = american_tiles.size
    rng = np.random.default_rng(61)
    joker = _code(american_tiles, "J")
    filled, natural, jokers = _random_racks(american_tiles, joker, 150, rng)
    jokers[::3] = 0
    low = p.low
    last = ([0] * size, [0] * size)
    last_ab = 0
    for f, n, j in zip(filled.tolist(), natural.tolist(), jokers.tolist()):
        for f, n in ((f, n), _moved_racks(rng, f, n, size)):
            ab = p.both_sums(f, n)
            assert (ab & low, (ab >> 4) & low) == p.sums(f, n)
            assert p.both_distance(ab, j) == rack_distances(t, f, n, j)
            assert p.both_moved(last_ab, last[0], last[1], f, n) == ab
            assert p.both_moved(ab, f, n, list(f), list(n)) == ab  # nothing differs
            last, last_ab = (f, n), ab
    assert p.both_distance(p.both_sums([0] * size, [0] * size), 0) == p.full
    # every count moved to every other on a tile (by one, by two, across 0 and the packed
    # rows' last, from a negative one), in both vectors, in filled alone and in natural alone
    rack = [(t % 5) for t in range(size)]
    counts = (-1, 0, 1, 2, 3, 4, distance._TOP - 3, distance._TOP - 2, distance._TOP - 1, distance._TOP, 30)
    for t in (0, _code(american_tiles, "1b"), _code(american_tiles, "F")):
        for was in counts:
            for now in counts:
                for which in ((0, 1), (0,), (1,)):
                    base = [list(rack), list(rack)]
                    for i in which:
                        base[i][t] = was
                    moved = [list(base[0]), list(base[1])]
                    for i in which:
                        moved[i][t] = now
                    ab = p.both_sums(*moved)
                    assert p.both_moved(p.both_sums(*base), base[0], base[1], *moved) == ab, (t, was, now, which)


@pytest.mark.pure_python
def test_a_racks_sums_are_moved_for_a_few_tiles_and_packed_afresh_for_more(club, american_tiles, monkeypatch):
    # both_moved reads only the tiles that differ while at most _FEW do; past that it packs
    # the rack afresh (both roads give the same integer: the test above)
    from mjdsl.cards import distance

    p = distance.packed(club.tables)
    afresh = []
    real = distance._Packed.both_sums
    monkeypatch.setattr(distance._Packed, "both_sums", lambda self, f, n: afresh.append(1) or real(self, f, n))
    size = american_tiles.size
    base = [1] * size
    ab = real(p, base, base)
    for k in (0, 1, distance._FEW, distance._FEW + 1, size):
        rack = [2] * k + [1] * (size - k)
        natural = list(rack)
        natural[0] = 1  # filled apart from natural on one tile (not another tile changed)
        afresh.clear()
        assert p.both_moved(ab, base, base, rack, natural) == real(p, rack, natural)
        assert len(afresh) == (k > distance._FEW)


def test_the_lines_using_every_copy_held_and_those_within_k_are_packed_a_byte_each(club, american_tiles):
    # using_every: a 1 byte for every line needing at least the count held of the tile;
    # at_most: a 1 byte for every byte of a packed vector that is at most k, none for k < 0,
    # every one past 126
    from mjdsl.cards.distance import at_most, packed as packed_rows, using_every

    t = club.tables
    p = packed_rows(t)
    size = t.size
    tiles = list(range(american_tiles.size))
    for held in (-2, -1, 0, 1, 2, 3, 4, 13, 23, 24, 25, 40):
        filled = [held] * len(tiles)
        filled[5] = 1  # each tile read at its own count
        got = using_every(t, filled, tiles)
        assert len(got) == len(tiles)
        for tile, row in zip(tiles, got):
            want = (t.need[:, tile] >= filled[tile]).astype(int).tolist()
            assert list(row.to_bytes(size, "little")) == want
    assert using_every(t, [1] * len(tiles), []) == []
    rng = np.random.default_rng(3)
    for _ in range(50):
        values = rng.integers(0, 128, size)
        values[rng.integers(0, size, 5)] = 127
        packed = int.from_bytes(values.astype(np.uint8).tobytes(), "little")
        # reaches: whether a line of a set (a 1 byte each) is at most k, without the mask made
        among = [0, 1, int.from_bytes(rng.integers(0, 2, size).astype(np.uint8).tobytes(), "little")]
        for k in (-9, -2, -1, 0, 1, 5, 63, 64, 98, 99, 100, 126, 127, 128, 200):
            got = at_most(t, packed, k).to_bytes(size, "little")
            assert list(got) == (values <= k).astype(int).tolist()
            for lines in among + [1 << (8 * int(np.argmin(values)))]:
                assert p.reaches(packed, k, lines) == bool(lines & at_most(t, packed, k))


def _random_rack(rng, size: int, fewest: int, past_top: bool) -> np.ndarray:
    """A rack of ``fewest`` to 14 random tiles; with ``past_top``, one tile held more often
    than the packed rows go (about _TOP copies, a few under or over)."""
    from mjdsl.cards import distance

    rack = np.zeros(size, np.int16)
    for tile in rng.integers(0, size, rng.integers(fewest, 15)):
        rack[tile] += 1
    if past_top:
        rack[rng.integers(0, size)] += distance._TOP + int(rng.integers(-1, 8))
    return rack


def _same_measures(got, want):
    """Two answers of the measures (needs, covered, lacking) alike, each part None on both
    sides or the same int16 array."""
    for a, b in zip(got, want):
        assert (a is None) == (b is None)
        if a is not None:
            assert a.dtype == b.dtype == np.int16 and a.shape == b.shape and (a == b).all()


def test_a_racks_candidates_less_a_tile_each_measure_as_the_racks_themselves(club, american_tiles):
    # rack_measures_without (a bot's candidate discards and passes: the rack's sums once, what
    # each candidate loses read per tile) against rack_measures of the candidates spelled out:
    # random racks, with and without exposures and jokers, counts past _TOP, a tile asked twice;
    # and what it hands to rack_measures: a joker, a tile not held, live counts past a byte
    from mjdsl.cards import distance
    from mjdsl.cards.distance import rack_measures, rack_measures_without

    t = club.tables
    rng = np.random.default_rng(1612)
    joker = _code(american_tiles, "J")
    size = american_tiles.size

    def spelled(rack, tiles):
        racks = np.repeat(rack[None, :], len(tiles), axis=0)
        racks[np.arange(len(tiles)), tiles] -= 1
        return racks

    def same(rack, tiles, exposures, live, covered):
        got = rack_measures_without(t, rack, tiles, exposures, joker, live, covered)
        want = rack_measures(t, spelled(rack, tiles), exposures, joker, live, covered)
        _same_measures(got, want)

    for trial in range(120):
        rack = _random_rack(rng, size, 1, past_top=trial % 5 == 0)
        tiles = [int(x) for x in np.flatnonzero(rack) if x != joker]
        if not tiles:
            continue
        if trial % 7 == 0:
            tiles.append(tiles[0])
        exposures = [] if trial % 3 == 0 else [(int(rng.integers(0, size)), int(rng.integers(3, 6)))]
        live = None if trial % 4 == 0 else rng.integers(0, 6, size)
        same(rack, tiles, exposures, live, covered=bool(trial % 2))
    rack = np.zeros(size, np.int16)
    rack[[0, 1, 2, joker]] = 1, 2, 1, 2
    same(rack, [0, joker], [], None, False)  # a joker among the tiles
    same(rack, [0, 5], [(3, 3)], None, True)  # a tile the rack does not hold
    same(rack, [0, 1], [], np.full(size, 9), True)  # more live copies than a byte holds
    same(rack, [0, 1], [], np.full(size, 0.5), True)  # live counts that are no counts
    same(rack, [0, 1], [], np.array([-1] + [2] * (size - 1)), True)
    same(rack, [0, 1], [], np.full(size, 6), True)  # 6 x 37 = 222: packed
    got = rack_measures_without(t, rack, [], [], joker, None, True)
    assert got[0].shape == got[1].shape == (0, t.size)
    # no joker named (a set without jokers): no tile fills a joker's place
    plain = np.zeros(size, np.int16)
    plain[[0, 1, 2, 9, 10]] = 3, 3, 2, 3, 1
    for live in (None, np.full(size, 2)):
        got = rack_measures_without(t, plain, [0, 2, 10], [], None, live, True)
        want = rack_measures(t, spelled(plain, [0, 2, 10]), [], None, live, True)
        assert all((a == b).all() for a, b in zip(got, want) if a is not None)
        with_jokers = rack_measures_without(t, plain + np.eye(size, dtype=np.int16)[joker] * 2, [0, 2, 10], [],
                                            joker, live, True)
        assert (with_jokers[0] <= got[0]).all() and (with_jokers[0] < got[0]).any()


@pytest.mark.pure_python
def test_candidates_less_a_tile_are_read_per_tile_unless_a_byte_or_a_held_copy_is_missing(
        club, american_tiles, monkeypatch):
    # the road rack_measures_without takes: per tile for tiles held at least once (no joker)
    # and live counts of whole, non-negative numbers at most 255 in all; else rack_measures
    from mjdsl.cards import distance

    spelled = []
    real = distance.rack_measures
    monkeypatch.setattr(distance, "rack_measures", lambda *a: spelled.append(1) or real(*a))
    size = american_tiles.size
    joker = _code(american_tiles, "J")
    rack = np.zeros(size, np.int16)
    rack[[0, 1, 2]] = 1

    def road(tiles, live=None):
        spelled.clear()
        distance.rack_measures_without(club.tables, rack, tiles, [], joker, live, True)
        return "spelled" if spelled else "per tile"

    just = np.zeros(size, int)
    just[:17] = 15  # 255 in all, tiles with none live
    over, negative = just.copy(), just.copy()
    over[20], negative[20] = 1, -1
    assert [road([0, 1, 2]), road([2]), road([0, 1], just), road([0], np.zeros(size, int))] == ["per tile"] * 4
    assert road([0], over) == road([0], negative) == "spelled"
    assert road([0, 3]) == road([joker]) == road([]) == "spelled"


@pytest.mark.pure_python
def test_the_lines_exposures_rule_out_packed_turn_a_racks_distances_into_its_needs(club, american_tiles):
    # ruled_out: (255 where allowed, FAR where not), remembered by exposures; (d & keep) | far
    # is rack_needs' row; least reads the smallest byte, in as many byte searches as its value
    from mjdsl.cards import distance
    from mjdsl.cards.distance import least, rack_distances, rack_needs, ruled_out

    t = club.tables
    size = american_tiles.size
    joker = _code(american_tiles, "J")
    rng = np.random.default_rng(99)
    ruled_out(t, [])
    kept = distance._RULED_OUT.get(t)
    kept.clear()
    for trial in range(60):
        rack = np.zeros(size, np.int16)
        for tile in rng.integers(0, size, rng.integers(5, 14)):
            rack[tile] += 1
        exposures = [] if trial % 4 == 0 else [(int(rng.integers(0, size)), int(rng.integers(3, 6)))
                                                for _ in range(1 + trial % 2)]
        keep, far = ruled_out(t, exposures)
        ok = allowed(t, exposures)
        assert list(keep.to_bytes(t.size, "little")) == np.where(ok, 255, 0).tolist()
        assert list(far.to_bytes(t.size, "little")) == np.where(ok, 0, FAR).tolist()
        assert ruled_out(t, list(exposures)) is kept[tuple(exposures)]
        natural = rack.tolist()
        jokers, natural[joker] = natural[joker], 0
        filled = list(natural)
        for tile, n in exposures:
            filled[tile] += n
        d = (rack_distances(t, filled, natural, jokers) & keep) | far
        want = rack_needs(t, rack[None, :], exposures, joker)[0]
        assert list(d.to_bytes(t.size, "little")) == want.tolist()
        assert least(d.to_bytes(t.size, "little")) == want.min()
    # remembered for at most 4096 exposure sets, then afresh
    kept.clear()
    for k in range(4096):
        ruled_out(t, [(k, 3)])
    assert len(kept) == 4096
    ruled_out(t, [(4096, 3)])
    assert list(kept) == [((4096, 3),)]
    assert [least(bytes(v)) for v in ([5, 3, 9], [0], [127, 126], [127])] == [3, 0, 126, 127]
    with pytest.raises(ValueError):
        least(bytes([128, 200]))


@pytest.mark.pure_python
def test_a_racks_candidates_less_tiles_gone_first_measure_as_the_racks_themselves(club, american_tiles,
                                                                                   monkeypatch):
    # rack_measures_without with ``gone`` (a pass chosen a tile at a time: the rack's sums
    # remembered, each tile gone taken off them) against rack_measures of the racks spelled
    # out: random racks, with and without exposures, jokers and live counts, counts past
    # _TOP, a tile gone twice and then asked; the same rack asked again after another (the
    # remembered sums are that rack's), and what goes to rack_measures: a tile gone that the
    # rack does not hold, a candidate gone already
    from mjdsl.cards import distance
    from mjdsl.cards.distance import rack_measures, rack_measures_without

    t = club.tables
    rng = np.random.default_rng(1716)
    joker = _code(american_tiles, "J")
    size = american_tiles.size
    spelled_calls = []
    real = distance.rack_measures
    monkeypatch.setattr(distance, "rack_measures", lambda *a: spelled_calls.append(1) or real(*a))

    def spelled(rack, tiles, gone):
        left = rack.copy()
        for g in gone:
            left[g] -= 1
        racks = np.repeat(left[None, :], len(tiles), axis=0)
        racks[np.arange(len(tiles)), tiles] -= 1
        return racks

    def same(rack, tiles, gone, exposures, live, covered):
        spelled_calls.clear()
        got = rack_measures_without(t, rack, tiles, exposures, joker, live, covered, gone)
        road = "spelled" if spelled_calls else "per tile"
        want = real(t, spelled(rack, tiles, gone), exposures, joker, live, covered)
        _same_measures(got, want)
        return road

    roads = []
    for trial in range(150):
        rack = _random_rack(rng, size, 3, past_top=trial % 5 == 0)
        held = [int(x) for x in np.flatnonzero(rack) for _ in range(int(rack[x])) if x != joker]
        if len(held) < 2:
            continue
        exposures = [] if trial % 3 == 0 else [(int(rng.integers(0, size)), int(rng.integers(3, 6)))]
        live = None if trial % 4 == 0 else rng.integers(0, 6, size)
        covered = bool(trial % 2)
        order = [held[i] for i in rng.permutation(len(held))]
        for k in range(min(4, len(order))):  # the steps of a pass: the rack less 0, 1, 2, 3 tiles gone
            gone = order[:k]
            left = rack.copy()
            for g in gone:
                left[g] -= 1
            tiles = [int(x) for x in np.flatnonzero(left) if x != joker]
            if not tiles:
                break
            roads.append(same(rack, tiles, gone, exposures, live, covered))
        if trial % 10 == 0:  # a tile gone twice, then asked
            rack[held[0]] += 2
            roads.append(same(rack, [held[0]], [held[0], held[0]], exposures, live, covered))
    assert set(roads) == {"per tile"}
    rack = np.zeros(size, np.int16)
    rack[[0, 1, 2, joker]] = 1, 2, 1, 2
    assert same(rack, [1], [0], [], None, True) == "per tile"
    other = rack.copy()
    other[1] = 1
    assert same(other, [1], [0], [], None, True) == "per tile"  # another rack: its own sums
    assert same(rack, [1], [0], [], None, True) == "per tile"
    assert same(rack, [1, 2], [5], [(3, 3)], None, True) == "spelled"  # gone, not held
    assert same(rack, [0, 1], [0], [], np.full(size, 2), True) == "spelled"  # a candidate gone already
    assert same(rack, [1], [0, 0], [], None, False) == "spelled"  # gone twice, held once


def _products(monkeypatch, ask):
    """What ``ask()`` gives when every batch takes the indicator products (no packed road)."""
    from mjdsl.cards import distance

    monkeypatch.setattr(distance, "LOOKUP_BATCH", 0)
    try:
        return ask()
    finally:
        monkeypatch.undo()


def test_counts_past_top_beside_exposures_read_each_tiles_last_row(club, american_tiles, monkeypatch):
    # a tile held as often in ``filled`` as in ``natural`` adds one row of both sums; one an
    # exposure makes more in ``filled`` reads its need row and its natural row apart: counts
    # of _TOP and more must read the last row of each (what any line needs of the tile), as
    # the products read them. 1b: lines need up to 4 of it; F: pairs, natural, and kongs
    from mjdsl.cards import distance

    top = distance._TOP
    big = [_code(american_tiles, c) for c in ("1b", "F")]
    for natural_count, exposed in ((top - 3, 3), (top, 3), (top + 1, 4), (top - 1, 1), (30, 5)):
        filled = np.zeros((1, american_tiles.size), np.int16)
        natural = filled.copy()
        natural[0, big] = natural_count
        filled[0, big] = natural_count + exposed  # an exposure of each tile besides the rack's
        jokers = np.ones(1, np.int16)
        live = np.full(american_tiles.size, 2)
        packed = measures(club.tables, filled, natural, jokers, live, covered=True)
        products = _products(monkeypatch, lambda: measures(club.tables, filled, natural, jokers, live, covered=True))
        _same_measures(packed, products)


def _long_line_card(text, tiles):
    """A card of one line as ``compile_card`` makes it; ``check_card`` refuses a line that
    is not 14 tiles (MJ250), but the library compiles whatever it is given."""
    from mjdsl.cards import compile_card, parse_card

    card, diags = parse_card(f'card "T"\n{text} 25\n', "t.card")
    assert card is not None, diags
    return compile_card(card, tiles)


def test_a_line_past_14_tiles_is_summed_a_byte_a_variant_as_the_products_sum_it(american_tiles, monkeypatch):
    # the packed sums go a nibble a variant only while every variant needs fewer than 16
    # tiles; a line of 16 (FF 1111 2222 3333 44 in one suit: 4 natural) takes a byte each,
    # and every packed road (small batches, one rack, a rack's candidates) must give the
    # products' integers: random racks, some with a tile past _TOP, and tiles held exactly
    # _TOP times; and a rack where the natural slots keep the joker out (np.minimum)
    from mjdsl.cards import distance
    from mjdsl.cards.distance import rack_distances, rack_measures, rack_measures_without

    compiled = _long_line_card("FF 1111 2222 3333 44 - a a a a", american_tiles)
    t = compiled.tables
    assert t.size == 3 and (t.need.sum(axis=1) == 16).all()
    size = american_tiles.size
    joker = _code(american_tiles, "J")
    rng = np.random.default_rng(1616)
    for trial in range(40):
        racks = np.stack([_random_rack(rng, size, 0, False) for _ in range(3)])
        racks[:, rng.integers(0, size, 6)] += 1
        # at most 2 of a tile, and one tile past the packed rows or exposed: at most 12 tiles
        # the line uses (2 of each of its 5 tiles, 4 of that one), so no sum passes 14 (the
        # packed distance is 14 less what a variant uses, a byte each: a hand uses no more)
        racks = np.minimum(racks, 2)
        if trial % 4 == 0:
            racks[0, rng.integers(0, size)] += distance._TOP + int(rng.integers(-1, 8))
        jokers = racks[:, joker].copy()
        natural = racks.copy()
        natural[:, joker] = 0
        filled = natural.copy()
        if trial % 2:  # an exposure: filled differs from natural
            filled[:, _code(american_tiles, "1b")] += 3
        live = rng.integers(0, 6, size)
        args = (t, filled, natural, jokers, live, True)
        _same_measures(measures(*args), _products(monkeypatch, lambda: measures(*args)))
        want = _products(monkeypatch, lambda: distances(t, filled, natural, jokers))
        for i in range(len(racks)):
            got = rack_distances(t, filled[i].tolist(), natural[i].tolist(), int(jokers[i]))
            assert list(got.to_bytes(t.size, "little")) == want[i].tolist()
        tiles = [int(x) for x in np.flatnonzero(racks[0]) if x != joker]
        if tiles:
            spelled = np.repeat(racks[0][None, :], len(tiles), axis=0)
            spelled[np.arange(len(tiles)), tiles] -= 1
            got = rack_measures_without(t, racks[0], tiles, [], joker, live, True)
            _same_measures(got, _products(monkeypatch, lambda: rack_measures(t, spelled, [], joker, live, True)))
    # and the tiles the line needs held exactly _TOP times and more: each reads its last row
    for count in (distance._TOP, distance._TOP + 1):
        natural = np.zeros((1, size), np.int16)
        natural[0, [_code(american_tiles, c) for c in ("F", "1b", "4b")]] = count
        for filled in (natural, natural + 3 * np.eye(size, dtype=np.int16)[_code(american_tiles, "2b")]):
            args = (t, filled, natural, np.zeros(1, np.int16), np.full(size, 2), True)
            _same_measures(measures(*args), _products(monkeypatch, lambda: measures(*args)))
    # 1111 2222 333 and a joker, less a 5b, against the bams variant: 11 tiles in joker
    # groups, where it has 12 joker slots and 4 natural ones still empty, so 14 - 11 = 3
    # slots are left and the natural ones take them all: the joker fills none, 3 to come
    rack = np.zeros(size, np.int16)
    for code, n in (("1b", 4), ("2b", 4), ("3b", 3), ("5b", 1), ("J", 1)):
        rack[_code(american_tiles, code)] = n
    five = _code(american_tiles, "5b")
    got = rack_measures_without(t, rack, [five], [], joker)
    want = _products(monkeypatch, lambda: rack_measures(t, (rack - np.eye(size, dtype=np.int16)[five])[None, :],
                                                        [], joker))
    _same_measures(got, want)
    assert got[0][0, 0] == 3  # (the variant in bams; craks and dots: 14 - 1 joker)


def test_a_rack_past_15_tiles_of_a_line_past_14_is_measured_whole(american_tiles, monkeypatch):
    # a nibble holds 15: NEWS NEWS NEWS NEWS (16 natural tiles) and a rack of all 16 and a
    # 1b, less the 1b, covers 16 and needs -2 (14 less 16), as the products say: the sums
    # take a byte a variant, read whole by rack_measures_without
    from mjdsl.cards.distance import rack_measures, rack_measures_without

    compiled = _long_line_card("NEWS NEWS NEWS NEWS - - - -", american_tiles)
    t = compiled.tables
    size = american_tiles.size
    joker = _code(american_tiles, "J")
    rack = np.zeros(size, np.int16)
    for code in ("N", "E", "W", "S"):
        rack[_code(american_tiles, code)] = 4
    one = _code(american_tiles, "1b")
    rack[one] = 1
    got = rack_measures_without(t, rack, [one], [], joker, None, True)
    want = _products(monkeypatch, lambda: rack_measures(t, (rack - np.eye(size, dtype=np.int16)[one])[None, :],
                                                        [], joker, None, True))
    _same_measures(got, want)
    assert (got[0].tolist(), got[1].tolist()) == ([[-2]], [[16]])


def test_a_line_needing_23_of_a_tile_reads_the_last_packed_row(american_tiles, monkeypatch):
    # the packed rows stop at _TOP - 1 = 23 copies: a line of 23 natural flowers (eleven
    # pairs and a single, in a set of 23 flowers) and a rack of 25 less one: 24 flowers
    # read row 23, both sums 23 (needs 14 - 23 = -9, covers 23), as the products say
    import attrs

    from mjdsl.cards import distance
    from mjdsl.cards.distance import rack_measures, rack_measures_without
    from mjdsl.tiles import TileSet

    flower = _code(american_tiles, "F")
    kinds = tuple(attrs.evolve(k, copies=23) if k.index == flower else k for k in american_tiles.kinds)
    tiles = TileSet(kinds, american_tiles.suits, zero="0")
    compiled = _long_line_card("FF FF FF FF FF FF FF FF FF FF FF F" + " -" * 12, tiles)
    t = compiled.tables
    assert t.size == 1 and int(t.natural[0, flower]) == distance._TOP - 1
    rack = np.zeros(tiles.size, np.int16)
    rack[flower] = 25
    joker = _code(tiles, "J")
    got = rack_measures_without(t, rack, [flower], [], joker, None, True)
    want = _products(monkeypatch, lambda: rack_measures(t, (rack - np.eye(tiles.size, dtype=np.int16)[flower])[None, :],
                                                        [], joker, None, True))
    _same_measures(got, want)
    assert (got[0].tolist(), got[1].tolist()) == ([[-9]], [[23]])


def test_a_candidate_that_makes_a_line_beside_exposures_needs_nothing(club, american_tiles, monkeypatch):
    # rack_measures_without sets the lines the exposures rule out to FAR and leaves the
    # others as they are: a rack of a line's tiles less an exposed kong, and one tile more,
    # less that tile, makes the line (0), as rack_measures says
    from mjdsl.cards.distance import rack_measures, rack_measures_without

    t = club.tables
    size = american_tiles.size
    joker = _code(american_tiles, "J")
    i, var = next((i, v) for i, v in enumerate(club.variants)
                  if not t.concealed[i] and any(g.jokers and g.size == 4 for g in v.groups))
    group = next(g for g in var.groups if g.jokers and g.size == 4)
    exposures = [(group.tiles[0], 4)]
    rack = var.need.astype(np.int16).copy()
    rack[group.tiles[0]] -= 4
    extra = next(x for x in range(size) if x != joker and rack[x] == 0 and var.need[x] == 0)
    rack[extra] = 1
    got = rack_measures_without(t, rack, [extra], exposures, joker)
    want = _products(monkeypatch, lambda: rack_measures(t, (rack - np.eye(size, dtype=np.int16)[extra])[None, :],
                                                        exposures, joker))
    _same_measures(got, want)
    assert got[0][0, i] == 0 and FAR in got[0][0]


@pytest.mark.pure_python
def test_the_far_rows_of_exposures_are_remembered_for_at_most_4096_exposure_sets(american_tiles):
    # _far_row (rack_measures_without's FAR where exposures rule a line out) shares
    # ruled_out's memo, and makes it when it is first asked: at most 4096 sets, then afresh
    from mjdsl.cards import distance

    t = _long_line_card("FFFF 1111 2222 33 - a a a", american_tiles).tables  # fresh tables: no memo yet
    assert distance._RULED_OUT.get(t) is None
    first = distance._far_row(t, [(0, 3)])
    assert first.tolist() == np.where(allowed(t, [(0, 3)]), 0, FAR).tolist()
    kept = distance._RULED_OUT.get(t)
    for k in range(1, 4096):
        distance._far_row(t, [(k, 3)])
    assert len(kept) == 4096 and distance._far_row(t, [(0, 3)]) is first
    distance._far_row(t, [(4096, 3)])
    assert list(kept) == [("far", ((4096, 3),))]


def test_a_racks_counts_are_its_tiles_less_those_gone_with_its_jokers_apart():
    # rack_counts_without: what the bots' C module reads (and rack_sums_without, before the
    # tiles gone): the natural counts less the tiles of a pass chosen so far, the jokers
    # counted apart (0 with none), the exposures' tiles in the filled counts
    from mjdsl.cards.distance import rack_counts_without

    rack = np.array([2, 1, 3, 0, 2], dtype=np.int16)  # tile 4: the joker
    got = rack_counts_without(rack, [0, 2], [(1, 3)], 4, None, [2])
    assert got == ([2, 4, 2, 0, 0], [2, 1, 2, 0, 0], 2, None)
    before = rack_counts_without(rack, [0, 2], [(1, 3)], 4, None, [2], True)  # (the sums move by gone later)
    assert before == ([2, 4, 3, 0, 0], [2, 1, 3, 0, 0], 2, None)
    filled, natural, jokers, live = rack_counts_without(rack, [0, 1], [], None, np.array([1, 2, 0, 4, 0]))
    assert (filled, natural, live) == ([2, 1, 3, 0, 2], [2, 1, 3, 0, 2], [1, 2, 0, 4, 0])
    assert jokers == 0 and type(jokers) is int
    # what cannot be read from the rack's counts
    assert rack_counts_without(rack, [3], [], 4) is None  # a tile not held
    assert rack_counts_without(rack, [4], [], 4) is None  # the joker
    assert rack_counts_without(rack, [1], [], 4, None, [1]) is None  # its one copy gone already
    assert rack_counts_without(rack, [0], [], 4, np.array([200, 100, 0, 0, 0])) is None  # live past a byte
    # live counts as a list of ints (the bots' view counts them so) read as the array is
    assert rack_counts_without(rack, [0, 1], [], None, [1, 2, 0, 4, 0]) == (filled, natural, jokers, live)
    assert rack_counts_without(rack, [0], [], 4, [200, 100, 0, 0, 0]) is None  # past a byte
    assert rack_counts_without(rack, [0], [], 4, [1, -1, 0, 0, 0]) is None  # below none
    assert rack_counts_without(rack, [0], [], 4, [1.0, 2, 0, 0, 0]) is None  # not whole numbers
