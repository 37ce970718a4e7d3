"""Cards written as card makers print them (issue 10, item 10): a choice inside one group
(``NNNN/SSSS``), number choices (``1-5 or 5-9``, ``1-4-7 or 2-5-8 or 3-6-9``), groups that
stay while the others move (``11 stays``), wind pairs (``N and S or E and W``) and wind
groups that choose on their own (``any wind each``). Each form has a line on the Garden
card 2027 (examples/house-rules/cards/): it expands to exactly the hands meant, and
matches and hints right; every misuse has its diagnostic (docs/card-notation.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import build_american_tiles

from mjdsl.cards import check_card, compile_card, hints, match_hand, parse_card, read_card, read_hand

ROOT = Path(__file__).resolve().parent.parent
GARDEN = ROOT / "examples" / "house-rules" / "cards" / "garden-2027.card"
TILES = build_american_tiles()


@pytest.fixture(scope="module")
def garden():
    return compile_card(read_card(GARDEN), TILES)


def _line(compiled, text: str) -> int:
    """The index of the card line written ``text`` (its groups and suit letters)."""
    return next(i for i, ln in enumerate(compiled.lines) if ln.text == text)


def _hands(compiled, text: str) -> set[str]:
    """Every concrete hand of one line, each as its sorted tile codes joined by spaces."""
    i = _line(compiled, text)
    return {" ".join(sorted(TILES.kinds[t].code for g in v.groups for t in g.tiles))
            for v in compiled.variants if v.line == i}


def _sorted(text: str) -> str:
    return " ".join(sorted(text.split()))


def _matches(compiled, text: str) -> list[str]:
    return [m.hand for m in match_hand(compiled, read_hand(TILES, text))]


def test_a_choice_group_is_either_group_in_its_place(garden):
    line = "NNNN/SSSS 357 357 EEEE - a b -"
    hands = _hands(garden, line)
    assert len(hands) == 6  # north or south, times three pairs of suits for the two 357s
    assert _sorted("N N N N 3b 5b 7b 3c 5c 7c E E E E") in hands
    assert _sorted("S S S S 3b 5b 7b 3d 5d 7d E E E E") in hands
    assert not any(h.count("W") for h in hands)
    assert _matches(garden, "S S S J 3c 5c 7c 3d 5d 7d E E J E") == [line]
    assert _matches(garden, "W W W W 3c 5c 7c 3d 5d 7d E E E E") == []


def test_wind_pairs_take_one_pair_of_winds_or_the_other(garden):
    line = "NN 1111 SS 2222 99 - a - a b"
    hands = _hands(garden, line)
    assert len(hands) == 12  # N and S or E and W, times six suit choices
    assert _sorted("N N 1b 1b 1b 1b S S 2b 2b 2b 2b 9c 9c") in hands
    assert _sorted("E E 1d 1d 1d 1d W W 2d 2d 2d 2d 9b 9b") in hands
    assert not any("N" in h.split() and "W" in h.split() for h in hands)  # never N with W
    assert _matches(garden, "E E 1c 1c J 1c W W 2c 2c 2c 2c 9d 9d") == [line]
    assert _matches(garden, "N N 1c 1c 1c 1c W W 2c 2c 2c 2c 9d 9d") == []


def test_one_to_five_or_five_to_nine_is_two_runs_only(garden):
    line = "11 22 333 444 55 DD a a a a a b"
    hands = _hands(garden, line)
    assert len(hands) == 12  # two runs, times six suit choices
    assert _sorted("1b 1b 2b 2b 3b 3b 3b 4b 4b 4b 5b 5b R R") in hands  # the dragon of another suit
    assert _sorted("5c 5c 6c 6c 7c 7c 7c 8c 8c 8c 9c 9c G G") in hands
    assert _sorted("5c 5c 6c 6c 7c 7c 7c 8c 8c 8c 9c 9c R R") not in hands  # bams' is green, craks' red
    assert not any("3b 3b 4b" in h for h in hands if "7b" in h)  # no 3-7 run
    assert _matches(garden, "5d 5d 6d 6d 7d 7d 7d 8d 8d 8d 9d 9d G G") == [line]
    assert _matches(garden, "5d 5d 6d 6d 7d 7d 7d 8d 8d 8d 9d 9d 0 0") == []  # the dots' own dragon
    assert _matches(garden, "2d 2d 3d 3d 4d 4d 4d 5d 5d 5d 6d 6d G G") == []  # 2-6 is not printed


def test_steps_of_three_are_147_258_and_369(garden):
    line = "FF 111 444 777 DDD - a a a b"
    hands = _hands(garden, line)
    assert len(hands) == 18  # three steps, times six suit choices
    lows = {min(int(t[0]) for t in h.split() if t[0] in "123456789") for h in hands}
    assert lows == {1, 2, 3}
    assert _sorted("F F 3c 3c 3c 6c 6c 6c 9c 9c 9c 0 0 0") in hands
    assert _matches(garden, "F F 2b 2b 2b 5b 5b J 8b 8b 8b R R R") == [line]
    assert _matches(garden, "F F 4b 4b 4b 7b 7b 7b 1b 1b 1b R R R") == [line]  # 1-4-7 in another order
    assert _matches(garden, "F F 1b 1b 1b 5b 5b 5b 7b 7b 7b R R R") == []


def test_a_staying_group_does_not_move_with_the_others(garden):
    line = "11 33 555 777 NEWS a a a a -"
    hands = _hands(garden, line)
    assert len(hands) == 6  # 3-5-7 or 5-7-9, the ones stay; three suits
    assert _sorted("1d 1d 5d 5d 7d 7d 7d 9d 9d 9d N E W S") in hands
    assert _sorted("1d 1d 3d 3d 5d 5d 5d 7d 7d 7d N E W S") in hands
    assert all(h.startswith("1") for h in hands)
    assert _matches(garden, "1b 1b 5b 5b 7b 7b J 9b 9b 9b N E W S") == [line]
    assert _matches(garden, "3b 3b 5b 5b 7b 7b 7b 9b 9b 9b N E W S") == []  # the pair is the ones


def test_any_wind_each_lets_two_groups_take_the_same_wind(garden):
    line = "NN SSS 2027 FFFFF - - a -"
    hands = _hands(garden, line)
    assert len(hands) == 48  # four winds for the pair, four for the pung, three suits
    assert _sorted("E E E E E 2b 0 2b 7b F F F F F") in hands  # five of one wind: a joker for one
    assert _sorted("N N W W W 2c 0 2c 7c F F F F F") in hands
    assert _matches(garden, "W W W W J 2d 0 2d 7d F F F F F") == [line]
    assert _matches(garden, "W W N N N 2d 0 2d 7d F F F F F") == [line]


def test_hints_name_the_tiles_a_choice_line_still_needs(garden):
    found = hints(garden, read_hand(TILES, "5d 5d 6d 6d 7d 7d 7d 8d 8d 8d 9d 9d G", sizes=(13, 14)), top=1)
    assert found[0].line.text == "11 22 333 444 55 DD a a a a a b"
    assert (found[0].need, found[0].missing) == (1, ("G",))
    found = hints(garden, read_hand(TILES, "E E 1c 1c 1c 1c W W 2c 2c 2c 9d 9d", sizes=(13, 14)), top=1)
    assert found[0].line.text == "NN 1111 SS 2222 99 - a - a b"
    assert found[0].need == 1


def test_the_garden_card_checks_clean_and_stays_far_from_the_caps(garden):
    _, diags = check_card(garden.card, TILES)
    assert diags == []
    assert len(garden.variants) < 500  # the budget is 8,000 variants and 300 lines


def _diags(line: str) -> list[tuple[str, str]]:
    card, syntax = parse_card('card "T"\n' + line + "\n", "t.card")
    if card is None:
        return [(d.code, f"{d.message}; {d.hint}") for d in syntax]
    return [(d.code, f"{d.message}; {d.hint}") for d in check_card(card, TILES)[1]]


@pytest.mark.parametrize("line, code, words", [
    ("FF NNNN / SSSS 1111 1111 - - a b  25", "MJ181", "no spaces"),
    ("FF NNNN/ 1111 1111 - - a b  25", "MJ181", "no spaces"),
    ("11 22 33 44 55 NNNN a a a a a - · 1 - 5 or 5-9  25", "MJ182", "without spaces"),
    ("FF NNN/SSSS 1111 1111 - - a b  25", "MJ297", "3 and 4 tiles"),
    ("FF NNNN/NNNN 1111 1111 - - a b  25", "MJ297", "written twice"),
    ("NN/SS/EE/WW NN/SS/EE/WW NN/SS/EE/WW NN/SS/EE/WW NN/SS/EE/WW 11/22/33/44 FF - - - - - a -  25", "MJ297",
     "4096 ways"),
    ("11 22 33 44 55 NNNN a a a a a - · 1-4 or 5-9  25", "MJ298", "does not fit"),
    ("11 22 33 44 55 NNNN a a a a a - · 1-5 or 5-9 · any run or number  25", "MJ298", "both move the numbers"),
    ("NN 1111 SS 2222 99 - a - a b · E and W or N and S  30", "MJ298", "does not print"),
    ("NN 1111 SS 2222 99 - a - a b · N and S or E  30", "MJ298", "as many winds"),
    ("NN 1111 SS 2222 99 - a - a b · N and S or E  30", "MJ298", "`E` names 1 wind and `N and S` 2"),
    ("NN 1111 SS 2222 99 - a - a b · N or E and S  30", "MJ298", "`E and S` names 2 winds and `N` 1"),
    ("NN 1111 SS 2222 99 - a - a b · N and S or E and E  30", "MJ298", "a wind twice"),
    ("NN 1111 SS 2222 99 - a - a b · N and S or E and W · any wind  30", "MJ298", "both choose the winds"),
    ("11 33 555 777 NEWS a a a a - · any odd number · 99 stays  35", "MJ298", "no such group"),
    ("11 33 555 777 NEWS a a a a - · any odd number · NEWS stays  35", "MJ298", "has no numbers"),
    ("11 33 555 777 NEWS a a a a - · 11 stays  35", "MJ260", "nothing on the line moves"),
    ("NNNN EEEE WWW SSS · 1-5 or 5-9  25", "MJ260", "no numbers to move"),
    ("NN EE 111 222 3333 - - a a a · any wind each  25", "", ""),
    # exactly MAX_WAYS (256) ways to spell it: all read, nothing refused
    ("11/22/33/44 1111/2222/3333/4444 5555/6666/7777/8888 1111/3333/5555/7777 a b c a  25", "", ""),
    ("FF 1111 1111 1111 - a b c · 1 or 5 or  25", "MJ261", "a choice is written as printed"),
])
def test_every_misuse_is_named(line, code, words):
    found = _diags(line)
    if not code:
        assert found == []
        return
    assert any(c == code and words in m for c, m in found), found


def test_a_number_after_an_annotation_and_before_the_points_is_named():
    # `· concealed 25 30` reads `concealed 25` as the annotation (a choice may end in a number)
    found = _diags("FF 11 22 33 44 55 66 - a a a a a a · concealed 25 30")
    assert found == [("MJ261", "unknown annotation `concealed 25`; `concealed` then 25: the points are the last "
                      "number on the line, once")]


def test_a_printed_line_keeps_its_description_and_notes_but_says_concealed_as_c():
    from mjdsl.cards.render import card_view

    card, _ = parse_card('card "T"\nFF 2222 0000 6666 - a - a · no jokers · concealed  "kongs apart"  25\n', "t.card")
    (line,) = card_view(card)[0].lines
    assert (line.notes, line.description, line.kind) == (("no jokers",), "kongs apart", "C")


def test_suit_colours_start_again_after_the_sixth_letter():
    # the colours go by a hand's first use of each letter; a seventh letter takes the first colour
    from mjdsl.cards.render import COLOURS, card_view

    card, _ = parse_card('card "T"\n1 2 3 4 5 6 7 a b c d e f g  25\n', "t.card")
    (line,) = card_view(card)[0].lines
    assert [g.colour for g in line.patterns[0]] == [*COLOURS, COLOURS[0]]


def test_any_run_with_any_odd_and_any_even_is_mj275_and_not_two_ways_of_moving():
    # moving by one and by two on one line is MJ275 (each pair once), not MJ298's "both move the numbers"
    found = _diags("11 33 555 777 999 a a a b b · any run or number · any odd number · any even number  25")
    assert [c for c, _ in found if c in ("MJ275", "MJ298")] == ["MJ275", "MJ275"]


def test_a_problem_of_every_spelling_of_a_choice_group_is_named_once():
    # NNNN/SSSS spells the pattern two ways; the letter on FF is wrong in both
    assert [c for c, _ in _diags("FF NNNN/SSSS 1111 1111 a - a b  25")] == ["MJ252"]
