"""Properties of matching and hints on random hands, against a slow reference.

The reference works on a variant's groups, one tile at a time, by backtracking: a
group that takes no jokers needs its own tiles; a group of three or more identical
tiles takes any split of its tile and jokers. It shares no code with the matrix
matcher (``distance.py``), which it checks.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import card_dealt, card_hands, card_racks, card_texts

from mjdsl.cards import HandBatch, hint_batch, match_batch, match_hand
from mjdsl.cards.distance import makes, needs
from mjdsl.cards.hands import Hand

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def fits(groups, hand: Counter, joker: int) -> bool:
    """Whether the tiles of ``hand`` fill ``groups`` exactly (the reference matcher)."""
    if not groups:
        return sum(hand.values()) == 0
    g, rest = groups[0], groups[1:]
    if not g.jokers:
        need = Counter(g.tiles)
        if any(hand[t] < n for t, n in need.items()):
            return False
        return fits(rest, hand - need, joker)
    t = g.tiles[0]
    for naturals in range(min(g.size, hand[t]), -1, -1):
        jokers = g.size - naturals
        if jokers <= hand[joker]:
            after = hand.copy()
            after[t] -= naturals
            after[joker] -= jokers
            if fits(rest, +after, joker):
                return True
    return False


def reference_lines(compiled, counts: np.ndarray) -> list[int]:
    hand = Counter({t: int(n) for t, n in enumerate(counts) if n})
    have = {t for t in hand if t != compiled.joker}
    out = []
    for v in compiled.variants:
        if out and out[-1] == v.line:
            continue
        if have <= {t for g in v.groups for t in g.tiles} and fits(v.groups, hand, compiled.joker):
            out.append(v.line)
    return out


@SETTINGS
@given(data=st.data())
def test_a_hand_makes_a_line_exactly_when_some_variant_fits(club, data):
    counts = data.draw(card_hands(club))
    found = [m.line_index for m in match_hand(club, Hand(counts))]
    assert found == reference_lines(club, counts)


@SETTINGS
@given(data=st.data())
def test_a_dealt_hand_makes_its_line_with_all_its_jokers(club, data):
    v, counts = data.draw(card_dealt(club))
    found = {m.line_index: m.jokers for m in match_hand(club, Hand(counts))}
    assert found[club.variants[v].line] == int(counts[club.joker])


@SETTINGS
@given(data=st.data())
def test_no_joker_ever_stands_in_a_single_a_pair_or_a_group_of_different_tiles(club, data):
    v, counts = data.draw(card_dealt(club))
    var = club.variants[v]
    natural = [t for t in np.nonzero(var.natural)[0] if counts[t] > 0]
    if not natural:
        return
    t = data.draw(st.sampled_from(natural))
    bad = counts.copy()
    bad[t] -= 1
    bad[club.joker] += 1
    if bad[club.joker] > 8:
        return
    assert not makes(club, HandBatch.from_counts(bad[None, :], club.joker))[0, v]


@SETTINGS
@given(data=st.data())
def test_batch_matching_equals_one_at_a_time(club, data):
    hands = [Hand(data.draw(card_hands(club))) for _ in range(data.draw(st.integers(1, 6)))]
    batch = match_batch(club, hands)
    assert [[m.line_index for m in ms] for ms in batch] == [[m.line_index for m in match_hand(club, h)] for h in hands]


def reference_need(var, counts: np.ndarray, joker: int) -> int:
    """Tiles still to come for a variant: slot by slot, naturals first, then jokers."""
    hand = Counter({t: int(n) for t, n in enumerate(counts) if n})
    placed = 0
    for g in var.groups:  # natural slots take only their own tile
        if not g.jokers:
            for t in g.tiles:
                if hand[t] > 0:
                    hand[t] -= 1
                    placed += 1
    open_slots = 0
    for g in var.groups:
        if g.jokers:
            t = g.tiles[0]
            take = min(hand[t], g.size)
            hand[t] -= take
            placed += take
            open_slots += g.size - take
    placed += min(hand[joker], open_slots)
    return 14 - placed


@SETTINGS
@given(data=st.data())
def test_need_is_the_slot_by_slot_count(club, data):
    counts = data.draw(card_racks(club.tiles, data.draw(st.sampled_from([13, 14]))))
    dist = needs(club, HandBatch.from_counts(counts[None, :], club.joker))[0]
    for v in data.draw(st.lists(st.integers(0, len(club.variants) - 1), min_size=1, max_size=20)):
        assert dist[v] == reference_need(club.variants[v], counts, club.joker)


@SETTINGS
@given(data=st.data())
def test_the_missing_tiles_complete_the_hint(club, data):
    counts = data.draw(st.one_of(card_racks(club.tiles, 13), card_hands(club)))
    hb = hint_batch(club, HandBatch.from_counts(counts[None, :], club.joker), top=5)
    for h in hb.hints(0):
        assert len(h.missing) == h.need
        more = counts.copy()
        for code in h.missing:
            more[club.tiles.index(code)] += 1
        assert reference_need(club.variants[h.variant], more, club.joker) == 0
    needs_ = [h.need for h in hb.hints(0)]
    assert needs_ == sorted(needs_)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=card_texts())
def test_any_card_checks_without_raising_and_keeps_only_makeable_variants(american_tiles, text):
    from mjdsl.cards import check_card, parse_card
    from mjdsl.codes import CODES

    codes = CODES
    card, diags = parse_card(text, "random.card")
    assert card is not None, (text, diags)
    compiled, found = check_card(card, american_tiles)
    assert all(d.code in codes and 1 <= d.span.line <= text.count("\n") for d in found)
    copies = american_tiles.copies_vector()
    for v in compiled.variants:
        pattern = compiled.lines[v.line].patterns[v.pattern]
        assert int(v.need.sum()) == pattern.size
        assert (v.natural <= copies).all() and (v.natural <= v.need).all()
        assert int(np.maximum(v.need - copies, 0).sum()) <= 8
    for d in compiled.dropped:
        assert d.reason
