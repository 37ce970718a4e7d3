"""Card checks: one broken card per diagnostic under tests/broken/cards/, each saying in
its first line what it must produce (``# expect: MJ251 5:1``); the shipped cards check
as expected; every card code's wrong example produces it and its right one does not."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest
from conftest import build_american_tiles

from mjdsl.cards import check_card, compile_card, parse_card
from mjdsl.cards.api import check_card_file
from mjdsl.cards.codes import CARD_CODES
from mjdsl.codes import CODES

ROOT = Path(__file__).resolve().parent.parent
BROKEN = sorted((ROOT / "tests" / "broken" / "cards").glob("*.card"))
EXPECT = re.compile(r"#\s*expect:\s*(MJ\d{3})\s+(\d+):(\d+)")


def _expectation(path: Path) -> tuple[str, int, int]:
    m = EXPECT.match(path.read_text(encoding="utf-8").splitlines()[0])
    assert m, f"{path.name}: first line must be `# expect: MJxxx line:column`"
    return m.group(1), int(m.group(2)), int(m.group(3))


@pytest.mark.parametrize("path", BROKEN, ids=[p.stem for p in BROKEN])
def test_broken_card_gives_its_code_where_expected(path):
    code, line, column = _expectation(path)
    diags, sources, _ = check_card_file(path)
    found = [(d.code, d.span.line, d.span.column) for d in diags]
    assert (code, line, column) in found, found
    assert all(d.code == code for d in diags if d.is_error), found
    assert all(d.span.path == str(path) for d in diags) and str(path) in sources


def test_every_card_code_has_a_broken_card_or_a_test():
    covered = {_expectation(p)[0] for p in BROKEN} | {"MJ255"}  # MJ255: test below
    assert covered == set(CARD_CODES)


def test_a_letter_naming_no_tile_of_the_set():
    card, _ = parse_card('card "T"\nNNNN EEE WWW SSSS 25\n', "t.card")
    _, diags = check_card(card, build_american_tiles(winds=False))
    assert [(d.code, d.span.line, d.span.column) for d in diags] == [("MJ255", 2, c) for c in (1, 6, 10, 14)]


def test_a_zero_without_a_zero_tile_is_pointed_at_and_the_fix_named():
    # the 0 of a year is the second letter of its group: the diagnostic points at it
    tiles = build_american_tiles()
    tiles = attrs.evolve(tiles, zero=None)
    card, _ = parse_card('card "T"\nFF 2026 1111 1111 - a b c 25\n', "t.card")
    _, diags = check_card(card, tiles)
    assert [(d.code, d.span.line, d.span.column) for d in diags] == [("MJ255", 2, 5)]
    assert 'zero "0"' in diags[0].hint


def test_too_many_suit_letters_are_marked_from_the_first_letter_to_the_last():
    text = "11 22 33 44 55 DD DD a b c d a b c 25"
    card, _ = parse_card(f'card "T"\n{text}\n', "t.card")
    _, diags = check_card(card, build_american_tiles())
    (d,) = [d for d in diags if d.code == "MJ254"]
    first, last = text.index(" a ") + 2, text.rindex(" c ") + 2  # 1-based columns
    assert (d.span.line, d.span.column, d.span.end_line, d.span.end_column) == (2, first, 2, last + 1)


def test_club_card_checks_with_one_near_duplicate(club_card, american_tiles):
    _, diags = check_card(club_card, american_tiles)
    assert [(d.code, d.severity.value, d.span.line) for d in diags] == [
        ("MJ269", "note", 3),  # many pairs of kong lines share hands through 3+ jokers
        ("MJ258", "warning", 22),  # 22 444 666 888 DDD vs 22 44 666 888 DDDD: one joker apart
    ]
    assert "2b 2b 4b 4b 6b 6b 6b 8b 8b 8b G G G J" in diags[1].message


def test_example_card_checks_clean():
    examples = sorted((ROOT / "examples").rglob("*.card"))
    assert examples
    for path in examples:
        diags, _, rows = check_card_file(path)
        assert diags == [], [str(d.span) + " " + d.code + " " + d.message for d in diags]
        assert rows and all(count > 0 for _, _, count in rows)


def test_variant_counts_rows(club):
    from mjdsl.cards import variant_counts

    rows = variant_counts(club)
    assert rows[0] == (9, "FF 2026 1111 1111 - a b c", 3)
    assert len(rows) == 55
    # the variants of each line (what the language server's hover counts) are its own, all of them
    for i, (_, _, count) in enumerate(rows):
        mine = club.variants_of(i)
        assert len(mine) == count and all(v.line == i for v in mine)


@pytest.mark.parametrize("code", CARD_CODES)
def test_registry_examples(code, tmp_path):
    """The wrong example of each card code produces it; the right one does not."""
    entry = CODES[code]
    assert entry.title and entry.explanation
    if not entry.wrong and not entry.right:
        pytest.skip(f"{code} has no short example (its broken card shows it)")
    assert entry.wrong and entry.right

    def codes_of(text: str) -> list[str]:
        path = tmp_path / "cards" / "example.card"
        path.parent.mkdir(exist_ok=True)
        for name in ("american.mj", "classical.mj"):  # rulesets with the shipped tile sets
            tiles_block = (ROOT / "rulesets" / name).read_text().split("seats 4")[0]
            (tmp_path / name).write_text(tiles_block)
        path.write_text(text + "\n")
        return [d.code for d in check_card_file(path)[0]]

    assert code in codes_of(entry.wrong)
    assert code not in codes_of(entry.right)


# ------------------------------------------------------------------ overlaps (MJ258)

#: three lines any two of which the same natural tiles make (a kong is also two pairs):
#: FF 1111 2222 3333 in one suit
THREE_WAYS = ("FF 1111 2222 3333 - a a a · any run or number 25", "FF 11 11 2222 3333 - a a a a 25",
              "FF 1111 22 22 3333 - a a a a 25")


def _overlaps(lines, tiles=None) -> list[tuple[str, int, str]]:
    card, _ = parse_card('card "T"\n' + "\n".join(lines) + "\n", "t.card")
    _, diags = check_card(card, tiles or build_american_tiles())
    return [(d.code, d.span.line, d.message.removeprefix("the same 14 tiles make this line and "))
            for d in diags if d.code in ("MJ258", "MJ269")]


def test_each_pair_of_lines_sharing_a_hand_is_named_once_with_the_hand_of_fewest_jokers():
    # the run line shares no hand with the others once its numbers move (four jokers at least):
    # the hand named is the one made with no joker, each pair once, on the later line
    hand = "1b 1b 1b 1b 2b 2b 2b 2b 3b 3b 3b 3b F F"
    first, second = "line 2 (FF 1111 2222 3333 - a a a)", "line 3 (FF 11 11 2222 3333 - a a a a)"
    assert _overlaps(THREE_WAYS) == [("MJ258", 3, f"{first}: {hand}"), ("MJ258", 4, f"{first}: {hand}"),
                                     ("MJ258", 4, f"{second}: {hand}")]


def test_an_overlap_is_found_however_many_variants_come_before_it():
    # 72 variants of pair lines first (no hand in common with anything): the overlap check
    # compares them in blocks, and the lines after are still compared
    filler = tuple(f"11 22 33 44 55 66 77 {s} · any run or number · concealed 50"
                   for s in ("a a a a b b b", "a a a b b b b", "a a b b b b b", "a a a a a b b"))
    shift = len(filler)
    alone = [(c, line + shift, m.replace("line 2 (", f"line {2 + shift} (").replace("line 3 (", f"line {3 + shift} ("))
             for c, line, m in _overlaps(THREE_WAYS)]
    assert len(alone) == 3 and _overlaps(filler + THREE_WAYS) == alone


def test_without_jokers_lines_thirteen_tiles_alike_share_no_hand():
    # FF 111 222 3333 N and one joker, the fourth 1 or the fourth 2
    lines = ("FF 1111 222 3333 N - a a a - 25", "FF 111 2222 3333 N - a a a - 25")
    assert [c for c, _, _ in _overlaps(lines)] == ["MJ258"]
    tiles = build_american_tiles()
    no_jokers = attrs.evolve(tiles, kinds=tuple(k for k in tiles.kinds if k.cls != "joker"))
    card, _ = parse_card('card "T"\n' + "\n".join(lines) + "\n", "t.card")
    assert check_card(card, no_jokers)[1] == []  # nothing at all: no overlap, and the check ran whole


def test_an_overlap_through_two_jokers_is_still_a_warning_with_its_jokers_shown():
    # FF 111 222 33 NN and two jokers: the fourth 1 and the fourth 2, or the third and fourth 3
    lines = ("FF 1111 2222 33 NN - a a a - 25", "FF 111 222 3333 NN - a a a - 25")
    (found,) = _overlaps(lines)
    assert found[:2] == ("MJ258", 3) and found[2].endswith(": 1b 1b 1b 2b 2b 2b 3b 3b N N F F J J")


def test_at_most_twenty_overlapping_pairs_are_shown_and_the_rest_counted():
    # eight lines, each of 1111, 2222 and 3333 written as a kong or as two pairs: every two
    # share FF 11 11 22 22 33 33 (all natural), 28 pairs
    ways = [("1111", "a"), ("11 11", "a a")]
    lines = [f"FF {x} {y.replace('1', '2')} {z.replace('1', '3')} - {xs} {ys} {zs} 25"
             for x, xs in ways for y, ys in ways for z, zs in ways]
    note, *shown = _overlaps(lines)
    assert note == ("MJ258", 1, "8 more pairs of lines make the same 14 tiles (the first 20 are shown)")
    # the pairs shown are the first twenty in card order (file lines 2 to 9)
    first = sorted((a, b) for a in range(2, 10) for b in range(a + 1, 10))[:20]
    assert sorted((int(m.split()[1]), line) for _, line, m in shown) == first



def test_twenty_overlapping_pairs_are_all_shown_with_no_count_of_more():
    # six lines of 1111 2222 3333 (15 pairs), three of 4444 5555 6666 (3), two of 7777 8888
    # 9999 and two of 2222 4444 6666 (1 each): twenty pairs, none of two clusters through
    # two jokers or fewer
    def cluster(a, b, c, n):
        ways = [f"{a * 4} {b * 4} {c * 4} - a a a", f"{a * 2} {a * 2} {b * 4} {c * 4} - a a a a",
                f"{a * 4} {b * 2} {b * 2} {c * 4} - a a a a", f"{a * 4} {b * 4} {c * 2} {c * 2} - a a a a",
                f"{a * 2} {a * 2} {b * 2} {b * 2} {c * 4} - a a a a a",
                f"{a * 2} {a * 2} {b * 4} {c * 2} {c * 2} - a a a a a"]
        return [f"FF {w} 25" for w in ways[:n]]

    lines = cluster("1", "2", "3", 6) + cluster("4", "5", "6", 3) + cluster("7", "8", "9", 2) + cluster("2", "4", "6", 2)
    found = [f for f in _overlaps(lines) if f[0] == "MJ258"]
    assert len(found) == 20 and not any("more pairs" in m for _, _, m in found)


# ------------------------------------------------------------------ checked once per content


def test_a_card_is_checked_once_per_content_and_afresh_when_edited(american_tiles):
    from mjdsl.cards.cache import checked_card

    text = 'card "cache"\nFF 1111 2222 3333 - a a a 25\n'
    first = checked_card(text, "cache.card", american_tiles)
    assert first.diagnostics == () and checked_card(text, "cache.card", american_tiles) is first
    edited = checked_card(text.replace("3333", "333"), "cache.card", american_tiles)
    assert [d.code for d in edited.diagnostics] == ["MJ250"]


def test_the_card_cache_keeps_the_most_recently_used(american_tiles):
    from mjdsl.cards import cache

    def check(n: int):
        return cache.checked_card(f'card "lru {n}"\nFF 1111 2222 3333 - a a a 25\n', "lru.card", american_tiles)

    kept = [check(n) for n in range(cache._LIMIT)]
    assert all(check(n) is kept[n] for n in range(cache._LIMIT))  # all held: nothing dropped yet
    check(0)  # used last: the next new card drops card 1, the least recently used
    check(cache._LIMIT)
    assert check(0) is kept[0] and check(1) is not kept[1]


def test_a_card_of_exactly_the_variant_budget_is_expanded_and_one_more_is_refused(american_tiles):
    from mjdsl.cards.expand import MAX_GENERATED

    # 7 runs (1-3 up to 7-9) times 6 ways to give a, b, c three suits: 42 variants a line;
    # a line of winds alone makes one
    run, winds = "FF 1111 2222 3333 - a b c · any run or number 25", "NNNN EEEE WWWW SS 25"
    lines = [run] * (MAX_GENERATED // 42) + [winds] * (MAX_GENERATED % 42)

    def refused(lines):
        card, _ = parse_card('card "budget"\n' + "\n".join(lines) + "\n", "t.card")
        return [d.span.line for d in check_card(card, american_tiles, overlaps=False)[1] if d.code == "MJ272"]

    assert refused(lines) == []
    card, _ = parse_card('card "budget"\n' + "\n".join(lines) + "\n", "t.card")
    assert len(compile_card(card, american_tiles).variants) == MAX_GENERATED  # every one kept
    # named once, on the line that goes past it (file line: the title, then the lines)
    assert refused(lines + [winds, winds]) == [len(lines) + 2]
    # and past it by a line's second alternative, its first making the last variant allowed
    either = "NNNN EEEE WWWW SS or SSSS EEEE WWWW NN 25"
    assert refused(lines[:-1] + [either]) == [len(lines) + 1]


def test_of_the_hands_two_lines_share_the_one_with_fewest_jokers_is_named():
    # the run line makes the fixed line's hand with no joker (its numbers unmoved), and
    # others through four jokers (2222 3333 4444 against 1111 2222 3333): one warning, no note
    lines = ("FF 1111 2222 3333 - a a a 25", "FF 1111 2222 3333 - a a a · any run or number 25")
    assert _overlaps(lines) == [("MJ258", 3, "line 2 (FF 1111 2222 3333 - a a a): "
                                 "1b 1b 1b 1b 2b 2b 2b 2b 3b 3b 3b 3b F F")]


# ------------------------------------------------------------------ what an author is told


def _told(*lines, header="", checks=None):
    """(code, line, column, message, hint) of each diagnostic of a card of these lines."""
    card, diags = parse_card(f'card "T"\n{header}' + "\n".join(lines) + "\n", "t.card")
    assert card is not None, diags
    found = check_card(card, build_american_tiles(), checks, overlaps=False)[1]
    return [(d.code, d.span.line, d.span.column, d.message, d.hint) for d in found]


def test_a_hand_that_lost_its_points_is_told_the_last_group_was_read_as_them():
    # NNNN EEEE WWWW 11: the 11 is the points, the hand twelve tiles, 12 + two digits = 14
    ((code, line, col, message, hint),) = _told("NNNN EEEE WWWW 11")
    assert (code, line, col, message) == ("MJ250", 2, 1, "this hand is 12 tiles, not 14")
    assert hint == "is the points value missing? 11 was read as the points"
    # a line of two patterns, or a short hand that cannot be that, hears the general rule
    for found in (_told("NNNN EEEE WWWW or SSSS EEEE WWWW 11"), _told("N 25")):
        assert {f[4] for f in found} == {"a hand on the card is 14 tiles, exposures included"}
    assert [f[3] for f in _told("N 25")] == ["this hand is 1 tile, not 14"]


def test_a_choice_group_of_two_sizes_is_told_once_not_as_a_hand_of_the_wrong_size():
    found = _told("FF NNN/SSSS 1111 1111 - - a b  25")
    assert [f[0] for f in found] == ["MJ297"]


def test_an_unknown_annotation_is_told_the_phrase_it_begins_or_the_nearest_one():
    def hint(annotation, points=50):
        ((code, *_, found),) = _told(f"FF 11 22 33 44 55 66 - a a a a a a · {annotation} {points}")
        assert code == "MJ261"
        return found

    assert hint("any run") == "did you mean `any run or number`?"  # cut short: the phrase it begins
    assert hint("concealled") == "did you mean `concealed`?"
    assert hint("sparkly").startswith("the annotations are any dragon, any even number, any odd number")
    assert hint("concealed 50", 25) == "`concealed` then 50: the points are the last number on the line, once"
    assert hint("no jokers 50", 25) == "`no jokers` then 50: the points are the last number on the line, once"
    # numbers or winds in it: a choice, written as printed
    choice = "a choice is written as printed: `1-5 or 5-9`, `N and S or E and W`, `9999 stays`"
    assert hint("odd 1") == hint("with N") == choice


def test_a_number_the_line_cannot_move_by_two_is_named_with_the_fix():
    ((code, line, col, message, hint),) = _told("FF 2222 4444 5555 - a b c · any odd number 25")
    assert (code, line, col) == ("MJ274", 2, 27)  # at its `·`
    assert message.startswith("`any odd number` on a line printed with 2, 4: the numbers move by two")
    assert hint == "print the odd numbers from the lowest (`111`)"
    ((*_, hint),) = _told("FF 1111 3333 4444 - a b c · any even number 25")
    assert hint == "print the even numbers from the lowest (`222`)"
    # odd numbers on an odd line are as printed: nothing to say
    assert _told("FF 1111 3333 5555 - a b c · any odd number 25") == []


@pytest.mark.parametrize("line, why", [
    ("FF 7777 8888 9999 - a b c · any run or number 25", "its numbers already reach 9 and cannot move up"),
    ("FF 2026 NNNN SSSS - a - - · any run or number 25", "the line has no numbers to move (a year stays as printed)"),
    ("FF 2026 NNNN SSSS - a - - · any even number 25", "the line has no numbers to move (a year stays as printed)"),
    ("FF 1111 2222 3333 - a a a · any wind 25", "the line has no winds"),
    ("FF NEWS 1111 2222 - - a a · any wind 25",
     "its only winds are NEWS, one of each, whichever wind each letter stands for"),
    ("FF 1111 2222 3333 - a a a · any dragon 25", "the line has no D group"),
    ("FF 11 22 33 44 55 66 - a a a a a a · no jokers 50", "no group of the line takes jokers anyway"),
])
def test_an_annotation_that_changes_nothing_says_why(line, why):
    found = [f for f in _told(line) if f[0] == "MJ260"]
    assert [(f[1], f[3].split(": ", 1)[1]) for f in found] == [(2, why)]


@pytest.mark.parametrize("line", [
    "FF 1111 2222 3333 - a a a · any run or number 25",  # moves up to 7-8-9
    "FF 7777 8888 9999 - a b c or FF 1111 2222 3333 - a b c · any run or number 25",  # one alternative moves
    "FF NNNN 1111 SSSS - - a - · any wind 25",
    "FF NEWS NNNN 1111 - - - a · any wind 25",  # NEWS, and a kong of one wind
    "FF DDDD 1111 DDDD - a a b · any dragon 25",
    "FF 1111 2222 3333 - a a a · no jokers 25",
    "FF 111 222 333 444 - a a a a · no jokers 25",  # pungs take jokers too
    "NE 111 222 3333 FF - a a a - · any wind 25",  # two winds, not NEWS
])
def test_an_annotation_that_does_something_is_not_told_it_has_no_effect(line):
    assert [f for f in _told(line) if f[0] == "MJ260"] == []


def test_points_on_the_edge_of_the_range_are_in_it_and_a_backwards_range_is_told_its_fix():
    edges = ("NNNN EEE WWW SSSS 25", "NNN EEEE WWW SSSS 75", "NNN EEE WWWW SSSS 24", "NNN EEE WWW SSSSS 76")
    assert [(f[0], f[1]) for f in _told(*edges, header="points 25..75\n")] == [("MJ262", 5), ("MJ262", 6)]
    assert _told("NNNN EEE WWW SSSS 25", header="points 25..25\n") == []  # one value: not backwards
    ((code, line, _, message, hint),) = _told("NNNN EEE WWW SSSS 25", header="points 75..25\n")
    assert (code, line, message, hint) == ("MJ263", 2, "points range 75..25 runs backwards", "write `points 25..75`")


def test_only_a_year_group_is_held_to_the_cards_year():
    header = "year 2027\n"
    assert _told("FF 2027 1111 1111 - a b c 25", "FF 2222 0000 7777 - a - b 25", header=header) == []
    ((code, line, col, message, _),) = _told("FF 2026 1111 1111 - a b c 25", header=header)
    assert (code, line, col, message) == ("MJ215", 3, 4, "the year group 2026 is not the card's year 2027")


def test_past_three_idle_alternatives_the_rest_are_counted_in_one_warning():
    same = "FF 1111 1111 1111 - a b c"
    # every alternative after the first gives its suits in another order: the same hands
    orders = ["a b c", "a c b", "b a c", "b c a", "c a b", "c b a"]
    line = " or ".join(same.replace("a b c", o) for o in orders) + " 25"
    found = [f for f in _told(line) if f[0] == "MJ266"]
    idle = "this alternative adds no hands: an earlier pattern of the line makes them all"
    assert [f[3] for f in found] == [idle] * 3 + ["2 more alternatives of this line add no hands"]
    # each at its own alternative: the counted ones from the fourth idle one (the fifth pattern)
    starts = [line.index(p) + 1 for p in line.split(" 25")[0].split(" or ")]
    assert [f[2] for f in found] == starts[1:5]
    # with four patterns in all (three idle) nothing is counted
    short = " or ".join(same.replace("a b c", o) for o in orders[:4]) + " 25"
    found = _told(short)
    assert [f[0] for f in found] == ["MJ266"] * 3 and all(f[3].startswith("this alternative") for f in found)


def test_an_alternative_on_a_line_with_an_error_is_not_also_called_idle():
    # the second alternative has a suit letter too many (MJ251): it makes no hands, for that reason
    found = _told("FF 1111 1111 1111 - a b c or FF 1111 1111 1111 - a b c - 25")
    assert "MJ266" not in [f[0] for f in found]


def test_some_variants_that_cannot_be_made_are_counted_with_one_named():
    # with c = dots the DD is two more soaps: six natural 0 (a and b swapped make one variant)
    ((code, line, _, message, _),) = _told("00 2026 2026 DD FF - a b c - 25")
    assert (code, line) == ("MJ256", 2)
    assert message == "1 variant(s) of this line cannot be made (e.g. a=bam, b=crak, c=dot): needs 6 natural 0, " \
        "the set holds 4"


def test_a_check_that_breaks_is_reported_and_the_others_still_run():
    from mjdsl.cards.check import check_size

    def broken(compiled):
        raise ValueError("boom")

    found = _told("NNNN EEEE WWWW 11", checks=(broken, check_size))
    assert [(f[0], f[1]) for f in found] == [("MJ299", 1), ("MJ250", 2)]
    assert "internal error in broken: ValueError('boom')" == found[0][3]


def test_a_card_of_three_hundred_lines_is_checked_and_one_more_is_refused(american_tiles):
    from mjdsl.cards.check import MAX_LINES, check_card_without_tiles

    def card(n):
        return parse_card('card "T"\n' + "NNNN EEE WWW SSSS 25\n" * n, "t.card")[0]

    codes = {d.code for d in check_card(card(MAX_LINES), american_tiles, overlaps=False)[1]}
    assert codes == {"MJ259"}  # the repeats, and the card is checked
    assert [d.code for d in check_card(card(MAX_LINES + 1), american_tiles)[1]] == ["MJ271"]
    assert {d.code for d in check_card_without_tiles(card(MAX_LINES))} == set()
    assert [d.code for d in check_card_without_tiles(card(MAX_LINES + 1))] == ["MJ271"]


def test_a_card_whose_tiles_are_missing_still_hears_what_its_text_gets_wrong():
    from mjdsl.cards.check import check_card_without_tiles

    card, _ = parse_card('card "T"\npoints 25..75\nsection "Empty"\nNNNN EEEE WWWW 11\n', "t.card")
    found = sorted((d.code, d.span.line) for d in check_card_without_tiles(card))
    assert found == [("MJ250", 4), ("MJ262", 4)]


def test_the_note_on_many_joker_overlaps_names_the_pair_of_fewest_jokers_then_the_first_line():
    # two pairs of lines share a hand through three jokers: lines 2 and 5 (the winds:
    # NNN EEE WWW and SS of both, one joker for each kong), lines 3 and 4 (FF and three
    # pungs of one suit); the pair whose first line comes first is named
    lines = ("NNNN EEEE WWWW SS 25", "FF 1111 2222 3333 - a a a 25", "FF 111 222 333 444 - a a a a 25",
             "NNN EEE WWW RRR SS 25")
    assert _overlaps(lines) == [("MJ269", 1, "2 pairs of lines share a hand only with 3 or more jokers "
                                 "(the fewest: lines 2 and 5, with 3)")]


def test_the_overlap_check_compares_up_to_max_variants_and_skips_past_them(monkeypatch):
    from mjdsl.cards import overlap

    card, _ = parse_card('card "T"\n' + "\n".join(THREE_WAYS[1:]) + "\n", "t.card")
    compiled = compile_card(card, build_american_tiles())
    monkeypatch.setattr(overlap, "MAX_VARIANTS", len(compiled.variants))
    assert [d.code for d in overlap.check_overlaps(compiled)] == ["MJ258"]
    monkeypatch.setattr(overlap, "MAX_VARIANTS", len(compiled.variants) - 1)
    (skipped,) = overlap.check_overlaps(compiled)
    assert skipped.code == "MJ273" and f"makes {len(compiled.variants)} variants" in skipped.message


def test_a_line_whose_variants_straddle_two_blocks_names_the_hand_of_its_first_variant():
    # 57 variants of pair lines first (18, 18, 18 and 3): the run line's 1-2-3 in bams is row 57,
    # in the first block of 64 rows, in craks and dots rows 64 and 71, in the second; every
    # suit makes the same hands with the next lines, and the first (bams) is named, as alone
    filler = tuple(f"11 22 33 44 55 66 77 {s} · any run or number · concealed 50"
                   for s in ("a a a a b b b", "a a a b b b b", "a a b b b b b")) + (
        "11 22 33 44 55 66 77 a a a a a a a · concealed 50",)
    card, _ = parse_card('card "T"\n' + "\n".join(filler) + "\n", "t.card")
    assert len(compile_card(card, build_american_tiles()).variants) == 57
    shift = len(filler)
    alone = [(c, line + shift, m.replace("line 2 (", f"line {2 + shift} (").replace("line 3 (", f"line {3 + shift} ("))
             for c, line, m in _overlaps(THREE_WAYS)]
    assert _overlaps(filler + THREE_WAYS) == alone


def test_a_group_of_the_soap_with_dragons_is_no_year():
    # a year mixes the soap's 0 with numbers (2026); 0D0D has none: it is held to no year
    from mjdsl.cards.check import check_year

    def told(line):
        return [f[3] for f in _told(line, header="year 2026\n", checks=(check_year,))]

    assert told("NNNN 0D0D 2026 FF - a b -  25") == []
    assert told("NNNN 0D0D 2027 FF - a b -  25") == ["the year group 2027 is not the card's year 2026"]


def test_a_card_past_its_variant_budget_hears_only_what_its_text_gets_wrong(monkeypatch):
    # MJ272 (a budget of 2 variants here, passed at the third line): the variants were not all made, so no check of
    # them (the repeated line, MJ259) runs, and the text checks still do (the points, MJ262)
    from mjdsl.cards import expand

    lines = ("NNNN EEE WWW SSSS 25", "NNNN EEE WWW SSSS 25", "NNN EEEE WWW SSSS 250", "NNN EEE WWWW SSSS 25")
    assert [(f[0], f[1]) for f in _told(*lines, header="points 25..75\n")] == [("MJ259", 4), ("MJ262", 5)]
    monkeypatch.setattr(expand, "MAX_GENERATED", 2)
    assert [(f[0], f[1]) for f in _told(*lines, header="points 25..75\n")] == [("MJ272", 5), ("MJ262", 5)]


def test_leaving_out_the_overlaps_leaves_out_no_other_check_in_any_order():
    from mjdsl.cards.check import check_size
    from mjdsl.cards.overlap import check_overlaps

    assert [f[0] for f in _told("NNNN EEEE WWWW 11", checks=(check_overlaps, check_size))] == ["MJ250"]


def test_a_choice_of_two_sizes_does_not_hide_the_lines_next_pattern():
    found = _told("FF NNN/SSSS 1111 1111 - - a b or NNNN EEE WWW SSS 25")
    assert [(f[0], f[2]) for f in found] == [("MJ297", 4), ("MJ250", 34)]  # each at its own pattern


def test_an_unknown_annotation_does_not_stop_the_check_of_the_next_ones():
    found = _told("FF 1111 2222 3333 - a a a · sparkly · any wind 25")
    assert [f[0] for f in found] == ["MJ261", "MJ260"]


def test_a_card_that_does_not_parse_is_kept_checked_with_its_syntax_error_and_nothing_compiled(american_tiles):
    from mjdsl.cards.cache import checked_card

    text = 'card "T"\nFF 1111 1111 1111 - a b c\n'  # no value at the end of the line
    _, syntax = parse_card(text, "broken.card")
    got = checked_card(text, "broken.card", american_tiles)
    assert got.card is None and got.compiled is None
    assert [d.code for d in got.diagnostics] == [d.code for d in syntax] and got.diagnostics
    assert checked_card(text, "broken.card", american_tiles) is got  # the second read is the first's
