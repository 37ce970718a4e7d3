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
