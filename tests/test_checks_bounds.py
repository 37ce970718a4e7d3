"""The checks' numeric bounds, each tried just inside and just past: the case the
checker must accept beside the one it must refuse, as house-rule overlays on a
shipped ruleset. (tests/broken/ pins the refused case alone; a bound needs both.)
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mjdsl.check import run_checks
from mjdsl.frontend.load import load_text

RULESETS = Path(__file__).resolve().parent.parent / "rulesets"


@pytest.fixture(autouse=True)
def _in_rulesets(monkeypatch):
    monkeypatch.chdir(RULESETS)


def checked(text: str) -> list:
    """Every diagnostic the checks give the text (an overlay in rulesets/). A check
    never raises: run_checks turns an exception into MJ299, which no input here earns."""
    loaded = load_text(text, "house.mj")
    assert loaded.ruleset is not None, loaded.diagnostics
    _, diags = run_checks(loaded.ruleset)
    assert [d.message for d in diags if d.code == "MJ299"] == []
    return diags


def codes(text: str) -> list[str]:
    """The codes of every diagnostic the checks give the text."""
    return sorted(d.code for d in checked(text))


# -- MJ248: the replacements for the tiles dealt fit above the wall game --------------

#: Classical for three, its flowers and seasons not linked to seats, no kong box: the
#: deal takes 14 + 13 + 13 = 40 of 144 tiles and leaves 104 (with `dealer draws 1`
#: after the replacements, 105 before them); the 8 flowers and seasons dealt may all
#: need replacing before play starts.
THREE_NO_KONG_BOX = '''extends "classical.mj"

tiles {
    flower "f1" "f2" "f3" "f4" x1
    season "s1" "s2" "s3" "s4" x1
}

seats 3 {
    winds "E" "S" "W"
}

remove wall {
    loose tiles 2 on wall
    dead wall 14
}

replacement {
    replace flower season
}

play {
    wall game when LEFT left
}
'''


@pytest.mark.parametrize("left, refused", [(97, False), (98, True)])
def test_setup_replacements_count_the_seats_there_are_and_no_kong_box_when_none_is_kept(left, refused):
    """105 live tiles before the dealer's draw, 8 replacements: a wall game at 97 left
    leaves just enough (three seats dealt, not four; no dead wall, not one)."""
    found = codes(THREE_NO_KONG_BOX.replace("LEFT", str(left)))
    assert ("MJ248" in found) == refused, found
    assert [c for c in found if not c.startswith("MJ3")] == (["MJ248"] if refused else [])


# -- MJ247: an expression too deep or too large to lower --------------------------------


def value(expr: str) -> str:
    return f'extends "classical.mj"\n\nscoring {{\n    value {expr}\n}}\n'


def chain(operators: int, first: str = "points") -> str:
    """``first + 1 + 1 ...``: read left to right, the deepest `+` is the first, and the
    first term lies one below it: operators + 1 deep."""
    return " + ".join([first] + ["1"] * operators)


def balanced(terms: int) -> str:
    """A sum of ``terms`` terms as a balanced tree: 2 x terms - 1 nodes, a dozen deep."""
    if terms == 1:
        return "points"
    half = terms // 2
    return f"({balanced(half)}) + ({balanced(terms - half)})"


def mj247(text: str) -> list:
    loaded = load_text(text, "house.mj")
    _, diags = run_checks(loaded.ruleset)
    return [d for d in diags if d.code == "MJ247"]


@pytest.mark.parametrize("expr, deep", [
    (chain(99), 100), (chain(100), 101),
    # a call's arguments lie one below it, a minus's operand one below the minus
    (chain(98, "max(points, 1)"), 100), (chain(99, "max(points, 1)"), 101),
    (f"-({chain(98)})", 100), (f"-({chain(99)})", 101),
    # to the right as to the left: 1 + -(1 + -(... 1 + -(FIRST))), two deeper a level
    ("1 + -(" * 49 + chain(1) + ")" * 49, 100), ("1 + -(" * 49 + chain(2) + ")" * 49, 101),
    # a relation's predicate lies one below it
    (f"related(2 {' or '.join(['chow'] * 99)}, same suit, same rank)", 100),
    (f"related(2 {' or '.join(['chow'] * 100)}, same suit, same rank)", 101),
])
def test_an_expression_may_nest_a_hundred_deep(expr, deep):
    found = mj247(value(expr))
    if deep <= 100:
        assert found == []
    else:
        [d] = found
        assert d.message == (f"the expression of the hand's value is too large: operators nested {deep} deep "
                             "(at most 2000 terms, 100 deep)")


def test_an_expression_too_deep_with_two_thousand_terms_is_told_too_deep():
    # -(points + 1 + ... + 1), 999 `+`: 2000 nodes, 1001 deep
    [d] = mj247(value(f"-({chain(999)})"))
    assert "operators nested 1001 deep" in d.message


@pytest.mark.parametrize("expr, terms", [(f"-({balanced(1000)})", 2000), (balanced(1001), 2001)])
def test_an_expression_may_hold_two_thousand_terms(expr, terms):
    found = mj247(value(expr))
    assert [d.message.split(": ")[1].split(" (")[0] for d in found] == ([] if terms <= 2000 else [f"{terms} terms"])


def test_a_file_of_huge_expressions_is_told_once():
    text = value(chain(150)) .replace("value", "rule a: 1 points when won and " + chain(120) + " > 3\n    value", 1)
    [d] = mj247(text)
    assert d.span.line == 4  # the first, the rule; the value below it is as deep and not reported again


# -- the wall and the table (check/wall.py) ---------------------------------------------


def diagnostics(text: str) -> list:
    return checked(text)


@pytest.mark.parametrize("seats, refused", [(1, True), (2, False), (8, False), (9, True)])
def test_a_table_has_two_to_eight_seats(seats, refused):
    found = [d for d in diagnostics(f'extends "classical.mj"\n\nseats {seats} {{\n}}\n') if d.code == "MJ217"
             and "a table has 2 to 8" in d.message]
    assert [d.message.split(":")[0] for d in found] == ([f"{seats} seats"] if refused else [])


@pytest.mark.parametrize("dice, refused", [(0, True), (1, False), (6, False), (7, True)])
def test_the_wall_is_broken_with_one_to_six_dice(dice, refused):
    text = f'extends "classical.mj"\n\nwall {{\n    break side dice {dice} thrown by dealer\n}}\n'
    found = [d for d in diagnostics(text) if d.code == "MJ217"]
    assert [(d.message, d.span.line) for d in found] == ([(f"{dice} dice: throw 1 to 6", 4)] if refused else [])


@pytest.mark.parametrize("dead, code", [(142, "MJ221"), (143, "MJ222")])
def test_a_dead_wall_as_large_as_the_wall_leaves_no_room_for_the_deal_and_one_larger_is_too_large(dead, code):
    """Classical's 144 tiles and 2 loose tiles: a dead wall of 142 fills the wall (the
    deal does not fit); 143 makes the kong box larger than the wall."""
    found = [d for d in diagnostics(f'extends "classical.mj"\n\nwall {{\n    dead wall {dead}\n}}\n')
             if d.code in ("MJ221", "MJ222")]
    assert [d.code for d in found] == [code]
    if code == "MJ222":
        assert found[0].message == "the dead wall (145 tiles) is larger than the wall (144)" and found[0].span.line == 4
    else:
        assert found[0].message == "the deal takes 53 tiles but the wall has 0 outside the dead wall"


def test_an_overlay_that_changes_the_tile_set_is_told_at_its_tiles_block():
    """The base's wall was built for its set: the overlay's change is the news."""
    [d] = [d for d in diagnostics('extends "classical.mj"\n\ntiles {\n    dragon "R" "G" "0" x3\n}\n')
           if d.code == "MJ220"]
    assert d.message == "the wall holds 144 tiles (4 x 18 x 2) but the set has 141"
    assert d.span.path == "house.mj" and d.span.line == 3
    assert d.hint.startswith("the wall at ") and "classical.mj" in d.hint and d.hint.endswith("= 141")


# -- numbers play can use (check/numbers.py) ---------------------------------------------


def errors_of(text: str, code: str) -> list[str]:
    return [d.message for d in diagnostics(text) if d.code == code]


@pytest.mark.parametrize("base, line, most", [("american.mj", "hands", 1000), ("classical.mj", "rounds", 100)])
def test_a_session_may_be_as_long_as_the_checker_takes_and_no_longer(base, line, most):
    text = f'extends "{base}"\n\nsession {{\n    {line} N\n}}\n'
    assert errors_of(text.replace("N", str(most)), "MJ219") == []
    assert errors_of(text.replace("N", str(most + 1)), "MJ219") == [
        f"a session of {most + 1} {line}: the checker takes at most {most:,}"]


def test_each_length_a_session_states_is_judged_not_only_the_first():
    text = 'extends "american.mj"\n\nsession {\n    hands 10\n    hands 1001\n}\n'
    assert errors_of(text, "MJ219") == ["a session of 1001 hands: the checker takes at most 1,000"]


@pytest.mark.parametrize("group, refused", [(14, False), (15, True)])
def test_jokers_may_stand_in_groups_as_large_as_a_winning_hand(group, refused):
    """American deals the dealer 14 and the others 13: a winning hand holds 14."""
    text = f'extends "american.mj"\n\njokers "J" {{\n    stand in groups of {group} or more\n}}\n'
    assert errors_of(text, "MJ219") == ([f"jokers stand in groups of {group} or more, but a winning hand holds "
                                         "14 tiles: no group could ever hold a joker"] if refused else [])



@pytest.mark.parametrize("deal, group, hand", [
    # the dealer no more than the others (MJ223's fault): a winning hand is still the
    # others' 13 and one more
    ("all 4 x3\n    dealer 1\n    others 1", 14, None), ("all 4 x3\n    dealer 1\n    others 1", 15, 14),
    # a tile each: a winning hand of 2 holds no group of 3
    ("all 1 x1", 2, None), ("all 1 x1", 3, 2),
    # the dealer's one tile and none for the others: no deal to speak of, MJ223's alone
    ("dealer 1", 2, None),
])
def test_a_winning_hand_is_the_larger_of_the_dealers_deal_and_the_others_and_one_more(deal, group, hand):
    text = (f'extends "american.mj"\n\ndeal {{\n    {deal}\n}}\n'
            f'jokers "J" {{\n    stand in groups of {group} or more\n}}\n')
    assert "MJ223" in [d.code for d in diagnostics(text)]
    assert errors_of(text, "MJ219") == ([f"jokers stand in groups of {group} or more, but a winning hand holds "
                                         f"{hand} tiles: no group could ever hold a joker"] if hand else [])

@pytest.mark.parametrize("left, refused", [(85, False), (86, True)])
def test_setup_replacements_count_a_kong_per_three_tiles_dealt_after_the_first(left, refused):
    """Three seats dealt 14, 13 and 13 hold at most 4 + 4 + 4 four-alikes (a hand of H
    holds a k-th one while H - 3(k-1) >= 4), with the 8 flowers and seasons 20
    replacements: 105 live tiles leave room above a wall game at 85 left."""
    text = THREE_NO_KONG_BOX.replace("LEFT", str(left)).replace("replace flower season", "replace flower season kong")
    found = errors_of(text, "MJ248")
    assert [m.split(" (")[0] for m in found] == (["the replacements for the tiles dealt may need 20 tiles"]
                                                  if refused else [])
    if refused:
        assert "(8 bonus tiles and 12 kongs)" in found[0] and "leaves 19 in the live wall" in found[0]


@pytest.mark.parametrize("deal, dealt, kongs", [("all 3", 3, 0), ("all 4", 4, 1), ("all 4 x3", 12, 3)])
def test_setup_replacements_count_the_kongs_of_the_tiles_dealt_before_the_dealers_draw(deal, dealt, kongs):
    """A hand of 3 holds no four-alike, one of 4 holds one, one of 12 three (a fourth
    needs 13): counted of the tiles dealt, since the replacements come before the
    dealer's `draws 1` (13 would hold four). Three seats, 8 flowers and seasons."""
    live, need = 144 - 3 * dealt, 8 + 3 * kongs
    text = THREE_NO_KONG_BOX.replace("replace flower season", "replace flower season kong") + f"\ndeal {{\n    {deal}\n}}\n"
    assert errors_of(text.replace("LEFT", str(live - need)), "MJ248") == []
    found = errors_of(text.replace("LEFT", str(live - need + 1)), "MJ248")
    why = f"8 bonus tiles and {3 * kongs} kongs" if kongs else "8 bonus tiles"
    assert [m.split(", but")[0] for m in found] == [f"the replacements for the tiles dealt may need {need} tiles ({why})"]


def test_setup_replacements_count_no_more_kongs_than_the_tiles_that_come_four_times():
    """Only the bams come four times (9 four-alikes, fewer than the 16 that four hands
    of 13 could hold); the flowers, four of each, are bonus tiles, never a kong: 16
    flowers and 4 seasons and 9 kongs. 131 tiles less the kong box and 52 dealt leave 63."""
    text = '''extends "classical.mj"

tiles {
    suit crak "c" 1..9 x3
    suit dot "d" 1..9 x3
    wind "E" "S" "W" "N" x3
    dragon "R" "G" "0" x3
    flower "f1" "f2" "f3" "f4" x4
}

play {
    wall game when LEFT left
}
'''
    assert errors_of(text.replace("LEFT", "34"), "MJ248") == []
    found = errors_of(text.replace("LEFT", "35"), "MJ248")
    assert [m.split(", but")[0] for m in found] == [
        "the replacements for the tiles dealt may need 29 tiles (20 bonus tiles and 9 kongs)"]


# -- the scoring language's terms (check/terms.py) ---------------------------------------

#: a choice option and a text option beside classical's own
TERMS_BASE = 'extends "classical.mj"\noption style = fast "Style" one of fast slow\noption motto = "hi" "Motto"\n\n'


def terms(*lines: str) -> list[tuple[str, str]]:
    """(code, the text the diagnostic points at) of terms.py's codes, for scoring lines."""
    text = TERMS_BASE + "scoring {\n" + "".join(f"    {x}\n" for x in lines) + "}\n"
    loaded = load_text(text, "house.mj")
    assert loaded.ruleset is not None, loaded.diagnostics
    rows = text.splitlines()
    out = []
    for d in run_checks(loaded.ruleset)[1]:
        # MJ299: a check that failed inside (terms.py's lists extended by what a helper returns)
        if d.code in ("MJ204", "MJ281", "MJ282", "MJ283", "MJ284", "MJ285", "MJ299") and d.span.path == "house.mj":
            row = rows[d.span.line - 1]
            out.append((d.code, re.match(r"\w*", row[d.span.column - 1:]).group()))
    return sorted(out)


@pytest.mark.parametrize("count, refused", [(1, True), (2, False), (5, False), (6, True)])
def test_a_relation_relates_two_to_five_sets(count, refused):
    found = terms(f"rule r: 1 points when won and related({count} chow, same suit, same rank) > 0")
    assert found == ([("MJ284", "related")] if refused else [])


@pytest.mark.parametrize("count, step, refused", [(3, 4, False), (4, 3, True), (2, 8, False), (2, 9, True)])
def test_sets_ranks_apart_fit_in_the_nine_ranks(count, step, refused):
    found = terms(f"rule r: 1 points when won and related({count} chow, same suit, ranks step {step}) > 0")
    assert found == ([("MJ284", "related")] if refused else [])


@pytest.mark.parametrize("cond, found", [
    ("style == fast", []), ("style == quick", [("MJ282", "quick")]), ("quick != style", [("MJ282", "quick")]),
    ('motto == "hey"', []), ("motto == hey", [("MJ282", "hey")]),
    # found wherever the comparison stands: under a `not`, in a relation's set predicate
    ("not (style == quick)", [("MJ282", "quick")]),
    ("related(2 chow and style == quick, same suit, same rank) > 0", [("MJ282", "quick")]),
])
def test_a_choice_option_is_compared_with_its_choices(cond, found):
    assert terms(f"rule r: 1 points when won and {cond}") == found


@pytest.mark.parametrize("value, found", [
    ("points * 2 ^ doubles", []), ("points * (doubles > 2)", [("MJ283", "doubles")]),
    ("points + -(doubles)", []), ("points + -(won and dealer)", [("MJ283", "won")]),
    ("max(points, doubles)", []), ("max(points, self_drawn)", [("MJ283", "self_drawn")]),
])
def test_a_truth_value_is_never_a_number(value, found):
    assert terms(f"value {value}") == found


@pytest.mark.parametrize("lets, found", [
    (["let base = points"], []),
    (["let style = points"], [("MJ281", "style")]),      # an option
    (["let won = points"], [("MJ281", "won")]),          # a fact
    (["let max = points"], [("MJ281", "max")]),          # a function
    (["let base = points", "let base = doubles"], [("MJ281", "base")]),  # the second
])
def test_a_let_takes_a_name_of_its_own(lets, found):
    assert terms(*lets) == found


@pytest.mark.parametrize("lines, found", [
    (["rule a: 1 points when won", "rule b: 1 points when won", "rule a excludes b"], []),
    (["rule a: 1 points when won", "rule a excludes a"], [("MJ285", "a")]),
    (["rule a: 1 points when won", "rule b: 1 points when won", "rule a excludes b", "rule b excludes a"],
     [("MJ285", "a"), ("MJ285", "b")]),
    (["rule a: 1 points when won", "rule a excludes zz"], [("MJ204", "zz")]),
    (["rule a: 1 points when won", "rule b: 1 points when won", "rule a counts alone", "rule a excludes b"],
     [("MJ285", "a")]),
    (["rule a: 1 points when won", "rule b: 1 points when won", "rule a counts alone except b", "rule a excludes b"],
     []),
    (["rule a: 1 points when won", "rule zz counts alone except yy"], [("MJ204", "yy"), ("MJ204", "zz")]),
])
def test_exclusions_name_rules_and_never_make_a_circle(lines, found):
    assert terms(*lines) == found


# -- MJ287: the dead wall holds the indicators and the replacements drawn from it -------

_NO_TURN_KONGS = "remove kongs {\n    concealed on turn\n    added on turn robbable\n}\n"
_NO_KONG_LINES = "remove kongs {\n    concealed on turn\n    added on turn robbable\n    replacement from dead wall\n}\n"


@pytest.mark.parametrize("overlay, need, draws", [
    # riichi: one indicator and one more per kong (five, ten tiles with those under them),
    # and four kong replacements from the kong box
    ("", 14, "4 kong replacement(s)"),
    # a claimed kong draws its replacement from the kong box when the kongs block says so
    (_NO_TURN_KONGS, 14, "4 kong replacement(s)"),
    (_NO_KONG_LINES, 10, ""),  # it says nothing: a claimed kong draws none
    (_NO_KONG_LINES + "kongs {\n    replacement from wall\n}\n", 10, ""),
    (_NO_TURN_KONGS + "remove kan\n", 10, ""),  # no kong at all
    # a kong declared on a turn always draws from the kong box
    ("remove kongs {\n    replacement from dead wall\n}\nremove kan\n", 14, "4 kong replacement(s)"),
    # kongs dealt are replaced from the kong box
    (_NO_KONG_LINES + "replacement {\n    replace kong\n}\n", 14, "4 kong replacement(s)"),
    # and bonus tiles, only the kinds replaced
    ('tiles {\n    flower "f1" "f2" "f3" "f4" x1\n}\nreplacement {\n    replace flower\n}\n', 18,
     "4 bonus tile replacement(s) and 4 kong replacement(s)"),
    ('tiles {\n    flower "f1" "f2" "f3" "f4" x1\n}\nreplacement {\n    replace kong\n}\n', 14, "4 kong replacement(s)"),
])
def test_the_dead_wall_holds_the_indicators_and_every_replacement_drawn_from_it(overlay, need, draws):
    def mj287(dead: int) -> list[str]:
        text = f'extends "riichi.mj"\n\nwall {{\n    dead wall {dead}\n}}\n' + overlay
        return [d.message for d in diagnostics(text) if d.code == "MJ287"]

    assert mj287(need) == []
    with_draws = f" with {draws}" if draws else ""
    assert mj287(need - 1) == [f"1 indicator(s) and one more per kong{with_draws} need a dead wall of {need} tiles, "
                               f"not {need - 1}"]


@pytest.mark.parametrize("left, refused", [(52, False), (53, True)])
def test_setup_replacements_fit_above_the_wall_game_outside_the_kong_box_and_loose_tiles(left, refused):
    """Classical: 144 tiles less the kong box (14) and the two loose tiles, less 4 x 13
    dealt, leave 76; the 8 flowers and seasons and 4 x 4 kongs dealt need 24."""
    found = errors_of(f'extends "classical.mj"\n\nplay {{\n    wall game when {left} left\n}}\n', "MJ248")
    assert [m.split(": a hand")[0] for m in found] == (
        [f"the replacements for the tiles dealt may need 24 tiles (8 bonus tiles and 16 kongs), but the deal leaves "
         f"23 in the live wall above `wall game when {left} left`"] if refused else [])


@pytest.mark.parametrize("dealer, refused", [(46, False), (47, True)])
def test_setup_replacements_may_take_the_last_live_tile_with_no_wall_game_line(dealer, refused):
    """Classical writes no `wall game when N left`: play goes on until no live tile is
    left. Three seats dealt the dealer 46 (47) and the others 45 leave 8 (7) of the 144
    tiles, with no kong box; the 8 flowers and seasons need all 8."""
    text = THREE_NO_KONG_BOX.replace("play {\n    wall game when LEFT left\n}\n",
                                     f"deal {{\n    dealer {dealer}\n    others 45\n}}\n")
    assert "wall game" not in text
    assert [m.split(": a hand")[0] for m in errors_of(text, "MJ248")] == (
        ["the replacements for the tiles dealt may need 8 tiles (8 bonus tiles), but the deal leaves "
         "7 in the live wall above `wall game when 0 left`"] if refused else [])


# -- one name, one statement (check/structure.py) ---------------------------------------


def mj202(text: str) -> list[tuple[int, int, str, str]]:
    return [(d.span.line, d.span.column, d.message, d.hint) for d in diagnostics(text) if d.code == "MJ202"]


def test_an_option_declared_twice_in_one_file_points_at_the_first():
    assert mj202('extends "classical.mj"\noption a = on "A"\noption a = off "A"\n') == [
        (3, 8, "option `a` declared twice", "the first is at house.mj:2:1; to change a value use `set`")]


@pytest.mark.parametrize("text", [
    # red fives: one name, many kinds
    'extends "riichi.mj"\n\ntiles {\n    variant red "0m" x2 of "5m"\n    variant red "0p" x2 of "5p"\n}\n',
    # a name in two blocks, or for two kinds of statement in one block
    'extends "classical.mj"\n\nclaims {\n    claim pung 3 same from any\n}\nscoring {\n    rule pung: 1 points when won\n}\n',
    'extends "classical.mj"\n\nscoring {\n    rule pung: 1 points when won\n    let pung = 2\n}\n',
])
def test_a_name_is_written_twice_only_for_one_kind_of_statement_in_one_block(text):
    assert mj202(text) == []


# -- payments outside the settlement (check/table.py) ------------------------------------


def test_a_payment_on_a_kong_the_rules_do_not_allow_says_how_to_allow_it():
    text = ('extends "classical.mj"\n\nremove kongs {\n    added on turn robbable\n    concealed on turn\n}\n'
            "payments {\n    on added kong: others pay 1 points\n    on concealed kong: others pay 2 points\n"
            "    on claimed kong: others pay 1 points\n}\n")
    found = [(d.span.line, d.message, d.hint) for d in diagnostics(text) if d.code == "MJ292"]
    assert found == [
        (8, "a payment on an added kong, but the rules allow no added kong",
         "allow it (`added on turn` in kongs) or delete the payment"),
        (9, "a payment on a concealed kong, but the rules allow no concealed kong",
         "allow it (`concealed on turn` in kongs) or delete the payment"),
    ]
    claimed = 'extends "classical.mj"\n\npayments {\n    on claimed kong: others pay 1 points\n}\n'
    assert [d for d in diagnostics(claimed) if d.code == "MJ292"] == []
    found = [(d.message, d.hint) for d in diagnostics(claimed + "remove kong\n") if d.code == "MJ292"]
    assert found == [("a payment on a claimed kong, but the rules allow no claimed kong",
                      "allow it (a claim of 4 same in claims) or delete the payment")]


@pytest.mark.parametrize("loose, refused", [(14, False), (13, True)])
def test_the_loose_tiles_are_part_of_the_kong_box_the_indicators_lie_in(loose, refused):
    text = (f'extends "riichi.mj"\n\nremove wall {{\n    dead wall 14\n}}\nwall {{\n    loose tiles {loose} on wall\n}}\n')
    assert [d.message for d in diagnostics(text) if d.code == "MJ287"] == (
        ["1 indicator(s) and one more per kong with 4 kong replacement(s) need a dead wall of 14 tiles, not 13"]
        if refused else [])


@pytest.mark.parametrize("dead, refused", [(6, False), (5, True)])
def test_an_indicator_with_no_more_after_a_kong_needs_two_tiles_and_the_replacements(dead, refused):
    text = f'extends "riichi.mj"\n\nwall {{\n    indicators 1\n    dead wall {dead}\n}}\n'
    assert [d.message for d in diagnostics(text) if d.code == "MJ287"] == (
        ["1 indicator(s) with 4 kong replacement(s) need a dead wall of 6 tiles, not 5"] if refused else [])


def test_indicators_need_the_tiles_cycles():
    text = ('extends "riichi.mj"\n\nremove tiles {\n    cycle suits\n    cycle "E" "S" "W" "N"\n    cycle "P" "F" "C"\n}\n')
    found = [(d.message, d.hint) for d in diagnostics(text) if d.code == "MJ287"]
    assert found == [("indicators point along the tiles' cycles, and the tiles block has none",
                      'say them in the tiles block: `cycle suits`, `cycle "E" "S" "W" "N"`')]


def test_a_rule_written_twice_in_a_block_points_at_the_first():
    text = ('extends "classical.mj"\n\nscoring {\n    rule extra "Extra": 1 points when won\n'
            '    rule extra "Extra again": 2 points when won\n}\n')
    assert mj202(text) == [(5, 10, "`extra` is written twice in the `scoring` block",
                            "the first is at house.mj:4:10; keep one")]


def test_a_tile_set_that_cannot_be_built_adds_no_bonus_replacements_to_the_dead_wall():
    text = 'extends "riichi.mj"\n\nwall {\n    dead wall 4\n}\ntiles {\n    suit man "m" 1..9 x0\n}\n'
    assert [d.message for d in diagnostics(text) if d.code == "MJ287"] == [
        "1 indicator(s) and one more per kong with 4 kong replacement(s) need a dead wall of 14 tiles, not 4"]


def test_a_deposit_names_an_announcement_of_the_play_block():
    text = ('extends "riichi.mj"\n\npayments {\n    deposit 1000 points on announce richi\n'
            '    deposit 500 points on announce zzzz\n}\n')
    found = [(d.span.line, d.message, d.hint) for d in diagnostics(text) if d.code == "MJ291"]
    assert found == [
        (4, "a deposit on `richi`, but the play block announces no such thing", "did you mean `riichi`?"),
        (5, "a deposit on `zzzz`, but the play block announces no such thing",
         "declare it in play: announce NAME after any discard ..."),
    ]


def test_a_counter_named_twice_is_told_at_the_second():
    text = ('extends "riichi.mj"\n\nsession {\n    counter streak "Streak" counts hands in a row when dealer_won\n'
            '    counter streak "Streak again" counts hands in a row when wall_game\n}\n')
    found = [(d.span.line, d.message) for d in diagnostics(text) if d.code == "MJ293"]
    assert found == [(5, "the counter `streak` has the name of another counter")]


@pytest.mark.parametrize("dead", [12, 14])
def test_no_indicator_at_the_start_is_refused_as_such_whatever_the_dead_wall(dead):
    """`indicators 0 more after each kong` once said "need a dead wall of 12 tiles, not 12":
    the count, not the room, is what is wrong."""
    text = f'extends "riichi.mj"\n\nwall {{\n    indicators 0 more after each kong\n    dead wall {dead}\n}}\n'
    found = [(d.message, d.hint) for d in diagnostics(text) if d.code == "MJ287"]
    assert found == [("`indicators 0` shows no indicator at the start of the hand",
                      "at least one indicator is turned up when the wall is built: write `indicators 1`, "
                      "or delete the line for no indicators")]
