"""What a lint finding (MJ3xx) tells the author: the message and the fix its hint
offers. tests/lint/ pins each code's lines; these pin the words, for the overrides
that change nothing, each case beside the one next to it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mjdsl.check import run_checks
from mjdsl.frontend.load import load_text

RULESETS = Path(__file__).resolve().parent.parent / "rulesets"


@pytest.fixture(autouse=True)
def _in_rulesets(monkeypatch):
    monkeypatch.chdir(RULESETS)


def lint(text: str, code: str) -> list[tuple[int, str, str]]:
    """(line, message, hint) of the text's findings of ``code``, in the text's own lines."""
    loaded = load_text(text, "house.mj")
    assert loaded.ruleset is not None, loaded.diagnostics
    _, diags = run_checks(loaded.ruleset)
    # a check never raises: run_checks would have turned an exception into MJ299
    assert [d.message for d in diags if d.code == "MJ299"] == []
    return sorted((d.span.line, d.message, d.hint) for d in diags if d.code == code and d.span.path == "house.mj")


def test_a_set_set_again_below_points_at_the_last_one_and_a_set_to_the_base_value_says_so():
    found = lint('extends "american.mj"\n\nset session_hands = 6\nset session_hands = 8\nset charleston = on\n'
                 'set courtesy_pass = off\n', "MJ301")
    assert found == [
        (3, "`set session_hands = 6` changes nothing: `session_hands` is set again below",
         "keep only the last `set session_hands`, at house.mj:4:1"),
        (5, "`set charleston = on` changes nothing: that is already its value in the base ruleset",
         "delete the line; an overlay states only what it changes"),
    ]


def test_a_set_to_an_options_own_default_says_it_is_the_default():
    found = lint('ruleset "r"\noption fast = on "Fast"\nset fast = on\nset fast = off\n', "MJ301")
    assert [m for _, m, _ in found] == ["`set fast = on` changes nothing: `fast` is set again below"]
    found = lint('ruleset "r"\noption fast = on "Fast"\nset fast = on\n', "MJ301")
    assert [m for _, m, _ in found] == ["`set fast = on` changes nothing: that is already its default"]


def test_a_set_to_the_value_set_above_is_told_as_such():
    found = lint('ruleset "r"\noption n = 2 "N"\nset n = 3\nset n = 3\n', "MJ301")
    assert [(line, m) for line, m, _ in found] == [(3, "`set n = 3` changes nothing: `n` is set again below"),
                                                   (4, "`set n = 3` changes nothing: that is already the value set above")]


def test_a_remove_of_a_misspelt_name_offers_the_name_and_one_like_nothing_says_what_may_be_removed():
    found = lint('extends "american.mj"\n\nremove jokerles\nremove zzzzqqq\nremove jokerless\n', "MJ303")
    assert found == [
        (3, "`remove jokerles` removes nothing: the base has no `jokerles`", "did you mean `jokerless`?"),
        (4, "`remove zzzzqqq` removes nothing: the base has no `zzzzqqq`",
         "name a rule, pattern, claim or round of the base"),
    ]


def test_a_remove_in_a_ruleset_that_extends_nothing_asks_for_a_base():
    found = lint('ruleset "r"\nremove foo\nremove payments {\n    discarder pays winner 3 * value when by_discard\n}\n',
                 "MJ303")
    assert found == [(2, "`remove` in a ruleset that extends nothing removes nothing",
                      '`remove` drops rules of the base: add `extends "base.mj"`, or delete the rule itself')]
    [(line, _, hint)] = lint('ruleset "r"\nremove payments {\n    discarder pays winner 3 * value when by_discard\n}\n',
                             "MJ323")
    assert line == 3 and hint.startswith("`remove` drops statements of the base: add `extends")


def test_a_removed_statement_the_base_writes_otherwise_points_at_the_base_line():
    text = ('extends "american.mj"\n\nremove payments {\n    discarder pays winner 3 * value when by_discard\n'
            '    others pay winner value when by_discard\n}\nremove kongs {\n    concealed on turn\n}\n')
    found = lint(text, "MJ323")
    assert [(line, hint) for line, _, hint in found] == [
        (4, "write it as the base does, at american.mj:111"),  # the base's first payment line
        (8, "the base's `kongs` block has no statement of this kind"),
    ]
    assert found[0][1] == "this statement is not in the base's `payments` block: removing it removes nothing"



def test_a_removed_statement_the_base_writes_leaves_the_next_one_to_be_told():
    text = ('extends "american.mj"\n\nremove payments {\n    others pay winner value when by_discard\n'
            '    discarder pays winner 3 * value when by_discard\n}\n')
    # the first line is the base's, as written: removing it removes something
    assert [line for line, _, _ in lint(text, "MJ323")] == [5]


def test_a_set_of_an_unknown_option_leaves_the_next_set_to_be_told():
    text = 'extends "classical.mj"\nset zzz = on\nset discard_pair_exposed = off\n'
    assert lint(text, "MJ301") == [
        (3, "`set discard_pair_exposed = off` changes nothing: that is already its value in the base ruleset",
         "delete the line; an overlay states only what it changes")]


def test_on_set_for_a_number_option_of_one_is_not_told_it_changes_nothing():
    # on == 1 in Python; the kind tells them apart (the set itself is MJ211's)
    assert lint('ruleset "r"\noption n = 1 "N"\nset n = on\n', "MJ301") == []
    assert [m for _, m, _ in lint('ruleset "r"\noption n = 1 "N"\nset n = 1\n', "MJ301")] == [
        "`set n = 1` changes nothing: that is already its default"]


_HK_PAYMENTS = ("    feeder of 3 sets where (pung or kong) and dragon pays for losers\n"
                "    feeder of 4 sets where (pung or kong) and wind pays for losers\n"
                "    discarder pays winner 2 * value when by_discard and not discarder_pays_all\n"
                "    others pay winner value when by_discard and not discarder_pays_all\n"
                "    discarder pays winner 4 * value when by_discard and discarder_pays_all\n"
                "    losers pay winner 2 * value when self_drawn and self_draw_double\n"
                "    losers pay winner value when self_drawn and not self_draw_double\n")


def test_two_restated_lines_of_a_kind_are_a_group_and_the_group_after_them_is_told_too():
    found = lint('extends "hong-kong.mj"\npayments {\n' + _HK_PAYMENTS + "}\n", "MJ302")
    assert [(line, m) for line, m, _ in found] == [(3, "these 2 lines in `payments` are the base's, unchanged"),
                                                   (5, "these 5 lines in `payments` are the base's, unchanged")]
    assert found[0][2].startswith("delete all 2 together (the base says the same at hong-kong.mj:146:5)")


def test_a_restated_line_the_base_keys_by_its_setting_is_told_as_this_line():
    found = lint('extends "classical.mj"\nwall {\n    dead wall 14\n}\ndead hand {\n    on false mahjong\n}\n',
                 "MJ302")
    assert [(line, m) for line, m, _ in found] == [(3, "this line in `wall` is the base's, unchanged"),
                                                   (6, "this line in `dead hand` is the base's, unchanged")]


# -- MJ304, MJ305: options that do nothing (check/lint_options.py) ------------------------

OPTIONS = 'extends "american.mj"\noption x = on "X"\n'


def test_an_option_set_where_another_switched_off_its_every_use_names_the_other():
    text = OPTIONS + "set jokerless_double = off\nset x = off\nscoring {\n    rule a: 1 double when won and jokerless_double and x\n}\n"
    assert lint(text, "MJ305") == [(4, "`set x` changes nothing: `jokerless_double = off` switches off everything that uses it",
                                    "delete `set x`, or change `jokerless_double`")]


def test_an_option_with_one_use_still_live_is_not_switched_off():
    text = (OPTIONS + "set jokerless_double = off\nset x = off\nscoring {\n    rule a: 1 double when won and jokerless_double and x\n"
            "    rule b: 1 double when won and x\n}\n")
    assert lint(text, "MJ305") == []


def test_each_option_that_switches_off_a_use_is_named():
    text = (OPTIONS + "set jokerless_double = off\nset self_drawn_double = off\nset x = off\nscoring {\n"
            "    rule a: 1 double when won and jokerless_double and x\n"
            "    rule b: 1 double when won and self_drawn_double and x\n}\n")
    assert lint(text, "MJ305") == [
        (5, "`set x` changes nothing: `jokerless_double = off`, `self_drawn_double = off` switches off everything "
            "that uses it", "delete `set x`, or change `jokerless_double` or `self_drawn_double`")]



def test_the_option_that_switches_off_a_use_is_found_when_the_set_one_is_named_first():
    text = OPTIONS + "set jokerless_double = off\nset x = off\nscoring {\n    rule a: 1 double when won and x and jokerless_double\n}\n"
    assert lint(text, "MJ305") == [(4, "`set x` changes nothing: `jokerless_double = off` switches off everything that uses it",
                                    "delete `set x`, or change `jokerless_double`")]


def test_a_choice_option_two_of_whose_other_values_would_revive_a_use_is_named_once():
    # `style != fast` is false at fast; slow and calm would each make it true
    text = (OPTIONS + 'option style = fast "Style" one of fast slow calm\nset x = off\nscoring {\n'
            "    rule a: 1 double when won and style != fast and x\n}\n")
    assert lint(text, "MJ305") == [(4, "`set x` changes nothing: `style = fast` switches off everything that uses it",
                                    "delete `set x`, or change `style`")]


def test_an_option_set_but_never_used_is_told_never_used_and_not_switched_off():
    text = OPTIONS + "set x = off\n"
    assert [line for line, _, _ in lint(text, "MJ304")] == [2]
    assert lint(text, "MJ305") == []

@pytest.mark.parametrize("range_, told", [(' range 1..10', True), ("", False)])
def test_a_number_option_switches_off_a_use_when_a_value_in_its_range_would_switch_it_on(range_, told):
    # 3 > 5 is false: a number of the range (its ends are tried) would make it true
    text = (OPTIONS + f'option n = 3 "N"{range_}\nset x = off\nscoring {{\n    rule a: 1 double when won and n > 5 and x\n}}\n')
    found = lint(text, "MJ305")
    assert found == ([(4, "`set x` changes nothing: `n = 3` switches off everything that uses it",
                       "delete `set x`, or change `n`")] if told else [])


@pytest.mark.parametrize("cond", ["n == 6", "n == 0"])
def test_a_number_option_is_tried_one_past_its_value_and_at_zero(cond):
    """n = 5 makes `n == 6` and `n == 0` false, and 6 and 0 are among the values tried:
    n switches off the use of x, which another value of n would revive."""
    text = OPTIONS + f'option n = 5 "N"\nset x = off\nscoring {{\n    rule a: 1 double when won and x and {cond}\n}}\n'
    assert lint(text, "MJ305") == [(4, "`set x` changes nothing: `n = 5` switches off everything that uses it",
                                    "delete `set x`, or change `n`")]


def test_a_text_option_set_and_used_is_compared_as_text():
    """A text option's values tried are its value and its default (no number added)."""
    text = ('extends "american.mj"\noption motto = "hi" "Motto"\nset motto = "ho"\n\nscoring {\n'
            '    rule a "A": 1 double when won and motto == "hi"\n}\n')
    assert lint(text, "MJ305") == []
    assert lint(text, "MJ306") == []


def test_an_option_named_by_no_condition_is_never_used_and_one_named_is():
    text = OPTIONS + 'option y = on "Y"\nscoring {\n    rule a: 1 double when won and y\n}\n'
    assert lint(text, "MJ304") == [(2, "option `x` is never used: no condition or amount names it",
                                    "use it (e.g. `when x`) where it should change the rules, or delete it")]


# -- the statement a finding names (check/sites.py) ----------------------------------------

NEVER = "never and not never"  # false whatever the option's value


@pytest.mark.parametrize("block, line, named", [
    ("charleston when charleston", f"pass 3 right when {NEVER}", "the pass of 3 right"),
    ("charleston when charleston", f"courtesy across 0..3 smaller when {NEVER}", "the courtesy pass across"),
    ("claims", f"claim pung 3 same from any when {NEVER}", "claim `pung`"),
    ("payments", f"discarder pays winner 2 * value when by_discard and {NEVER}",
     "the payment `discarder pays winner 2 * value`"),
    ("play", f'announce ready "Ready" after any discard if {NEVER}', "announcement `ready`"),
    ("scoring", f'rule a "A": 1 double when won and {NEVER}', "rule `a`"),
])
def test_a_condition_that_can_never_apply_names_its_statement(block, line, named):
    text = f'extends "american.mj"\noption never = off "Never"\n\n{block} {{\n    {line}\n}}\n'
    [(at, message, _)] = lint(text, "MJ306")
    assert at == 5 and message.startswith(f"{named} can never apply: `when ")



@pytest.mark.parametrize("base, block, line, named", [
    ("riichi.mj", f"charleston when {NEVER}", "pass 3 right", "the Charleston"),
    ("american.mj", 'jokers "J"', f"swap from any exposure on turn when {NEVER}", "the joker swap"),
    ("hong-kong.mj", "scoring", f"win only when value >= 2 and {NEVER}", "the minimum to go out"),
    ("riichi.mj", "claims", f"several win on one discard when {NEVER}", "`several win on one discard`"),
    ("riichi.mj", "wall", f"under indicators when {NEVER}", "`under indicators`"),
    ("riichi.mj", "play", f"no discard when {NEVER}", "`no discard`"),
    ("riichi.mj", "play", f'abort "Never" when {NEVER}', '`abort "Never"`'),
    ("riichi.mj", "scoring", f"roof off when {NEVER}", "`roof off`"),
    ("riichi.mj", "session", f"dealer keeps deal when {NEVER}", "`dealer keeps deal`"),
    ("riichi.mj", "payments", f"feeder of 3 sets where (pung or kong) and dragon pays for losers when {NEVER}",
     "`feeder of 3 sets where (pung or kong) and dragon`"),
])
def test_every_kind_of_condition_that_can_never_apply_is_told_by_its_statement(base, block, line, named):
    """A Charleston's own `when` (on the line of its block), a joker swap's, a minimum's,
    and the play, wall, session and payment statements' each say which they are."""
    text = f'extends "{base}"\noption never = off "Never"\n\n{block} {{\n    {line}\n}}\n'
    [(at, message, _)] = lint(text, "MJ306")
    assert at == (4 if block.startswith("charleston") else 5)
    assert message.startswith(f"{named} can never apply: `when ")


@pytest.mark.parametrize("block, line", [
    ("scoring", f'rule a "A": 1 double per set where {NEVER}'),
    ("payments", f"discarder pays winner {NEVER}"),
    ("scoring", f"let faan = {NEVER}"),
    ("session", f'counter c "C" counts hands in a row when {NEVER}'),
    ("charleston", f"pass 3 left blind if {NEVER}"),
    ("winning", f'pattern p "P" {{\n        sets 4\n        pairs 1\n        chows at most {NEVER}\n    }}'),
    ("session", f"hands {NEVER}"),
    ("scoring", f'rule a "A": 1 double per ({NEVER})'),
    ("payments", f"feeder of 3 sets where {NEVER} pays for losers"),
])
def test_an_expression_that_is_no_statements_condition_is_not_told_it_can_never_apply(block, line):
    """A rule's `where` picks the sets it counts, an amount and a let are numbers, a
    counter's `when` says what it counts, a blind pass's `if` only whether it may be
    blind (off, it is still a pass); a pattern's most chows, a session's length and a
    rule's `per` count; a feeder's `where` picks sets: none is a statement's condition,
    so none of them, false whatever the table, makes MJ306 (other checks may tell of them)."""
    text = f'extends "hong-kong.mj"\noption never = off "Never"\n\n{block} {{\n    {line}\n}}\n'
    assert lint(text, "MJ306") == []


DEEP = " + ".join(["1"] * 70)


@pytest.mark.parametrize("base, block, line", [
    ("hong-kong.mj", "scoring", 'rule a "A": 1 points per set where pung and x when y'),
    ("american.mj", "charleston when charleston", "pass 3 left blind if x when y"),
])
def test_an_option_read_under_a_statements_condition_is_switched_off_by_that_condition(base, block, line):
    """x is read only in a rule's `where` (a blind pass's `if`), under its statement's
    `when y`: with y off, `set x` changes nothing, and y is what would change that."""
    text = (f'extends "{base}"\noption x = on "X"\noption y = on "Y"\nset x = off\nset y = off\n'
            f'{block} {{\n    {line}\n}}\n')
    assert lint(text, "MJ305") == [(4, "`set x` changes nothing: `y = off` switches off everything that uses it",
                                    "delete `set x`, or change `y`")]


def test_the_scoring_blocks_lets_are_written_only_into_scores_and_payments():
    """A let is a name of the scoring block: a claim's condition does not know it, and
    a let knows only the lets above it (MJ204 for each)."""
    claim = ('extends "hong-kong.mj"\n\nscoring {\n    let faan = 3\n}\n'
             'claims {\n    claim pung 3 same from any when faan > 2\n}\n')
    assert [(line, message) for line, message, _ in lint(claim, "MJ204")] == [(7, "unknown name `faan`")]
    ahead = 'extends "hong-kong.mj"\n\nscoring {\n    let aa = bb + 1\n    let bb = 2\n}\n'
    assert [(line, message) for line, message, _ in lint(ahead, "MJ204")] == [(4, "unknown name `bb`")]


def test_an_expression_nested_too_deep_in_a_pattern_names_the_pattern():
    text = ('extends "hong-kong.mj"\n\nwinning {\n    pattern p "P" {\n        sets 4\n        pairs 1\n'
            f'        chows at most {DEEP}\n    }}\n}}\n')
    [(at, message, _)] = lint(text, "MJ225")
    assert at == 7 and message == "pattern `p`: an expression nested 70 deep (at most 64)"



@pytest.mark.parametrize("block, line, named", [
    ("scoring", f"limit {DEEP}", "the limit"),
    ("scoring", f"value {DEEP}", "the hand's value"),
    ("scoring", f"let faan = {DEEP}", "`let faan`"),
    ("session", f"hands {DEEP}", "the length of a session"),
    ("session", f'counter c "C" counts hands in a row when {DEEP} > 1', "counter `c`"),
])
def test_an_expression_nested_too_deep_names_its_statement(block, line, named):
    text = f'extends "hong-kong.mj"\n\n{block} {{\n    {line}\n}}\n'
    [(at, message, _)] = lint(text, "MJ225")
    assert at == 4 and message.startswith(f"{named}: an expression nested ")


# -- MJ302: statements the same as the base's (check/lint_overrides.py) --------------------


def test_restated_lines_are_told_by_name_by_kind_or_as_a_group_to_delete_together():
    text = ('extends "american.mj"\nruleset "American mah jongg (club table)"\n\npayments {\n'
            "    discarder pays winner 2 * value when by_discard\n    others pay winner value when by_discard\n"
            "    everyone pays winner 2 * value when self_drawn and self_drawn_double\n"
            "    everyone pays winner value when self_drawn and not self_drawn_double\n}\n"
            "session {\n    hands session_hands\n}\nclaims {\n    claim pung 3 same from any\n}\n")
    assert lint(text, "MJ302") == [
        (2, 'the overlay gives the base\'s own name "American mah jongg (club table)"',
         "give the overlay a name of its own, or delete the line"),
        (5, "these 4 lines in `payments` are the base's, unchanged",
         "delete all 4 together (the base says the same at american.mj:111:5); deleting one alone would replace "
         "the base's lines with the rest"),
        (11, "this line in `session` is the base's, unchanged",
         "delete it (the base says the same at american.mj:119:5); an overlay states only what it changes"),
        (14, "`pung` in `claims` is the base's, unchanged",
         "delete it (the base says the same at american.mj:74:5); an overlay states only what it changes"),
    ]


def test_a_flow_the_same_as_the_bases_is_restated_and_another_is_not(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "base.mj").write_text(f'extends "{RULESETS / "classical.mj"}"\nflow deal -> replacement -> play\n',
                                      encoding="utf-8")
    assert lint('extends "base.mj"\nflow deal -> replacement -> play\n', "MJ302") == [
        (2, "this `flow` is the base's, unchanged", "delete the line; an overlay states only what it changes")]
    assert lint('extends "base.mj"\nflow deal -> play -> replacement\n', "MJ302") == []


@pytest.mark.parametrize("options, told", [(8, True), (9, False)])
def test_a_condition_is_tried_with_at_most_256_combinations_of_option_values(options, told):
    """Eight on/off options make 256 combinations, all tried: the condition is never
    true, and said so. A ninth makes 512, too many to try: no finding."""
    names = [f"o{i}" for i in range(options)]
    decls = "".join(f'option {n} = off "{n}"\n' for n in names)
    cond = " and ".join(names) + " and not o0"
    text = f'extends "american.mj"\n{decls}\nscoring {{\n    rule a "A": 1 double when won and {cond}\n}}\n'
    found = lint(text, "MJ306")
    assert [line for line, _, _ in found] == ([options + 4] if told else [])


def test_a_condition_a_number_option_could_switch_on_is_not_told_it_can_never_apply():
    """3 > 5 is false, but no number can be tried for n: the lint cannot say it never applies."""
    text = 'extends "american.mj"\noption n = 3 "N"\n\nscoring {\n    rule a "A": 1 double when won and n > 5\n}\n'
    assert lint(text, "MJ306") == []


def test_a_choice_option_declared_without_choices_is_not_tried_with_none():
    """A name as default and no `one of` (MJ213): no value to try, so no saying that the
    condition can never apply, although `never` is off."""
    text = ('extends "american.mj"\noption style = fast "Style"\noption never = off "Never"\n\nscoring {\n'
            '    rule a "A": 1 double when won and never and style == fast\n}\n')
    assert [message for _, message, _ in lint(text, "MJ213")] == [
        "option `style` has a name as default but no `one of` choices"]
    assert lint(text, "MJ306") == []


def test_a_choice_option_is_tried_with_each_of_its_choices():
    text = ('extends "american.mj"\noption style = fast "Style" one of fast slow calm\n\nscoring {\n'
            '    rule a "A": 1 double when won and style == calm and style != calm\n'
            '    rule b "B": 1 double when won and style == calm\n}\n')
    assert [line for line, _, _ in lint(text, "MJ306")] == [5]


_WINDLESS = 'extends "classical.mj"\nremove seats 4 {\n    winds "E" "S" "W" "N"\n}\n'


def test_a_seats_wind_at_seats_without_winds_names_the_fact_and_how_to_give_the_seats_winds():
    text = (_WINDLESS + "scoring {\n    let mine = sets(pung and own_wind)\n"
            "    rule a \"A\": 1 double when mine == 1\n    rule b \"B\": 2 doubles when mine == 2\n}\n")
    # the let is written into both rules: its one `own_wind` is told once, at the let
    [(line, message, hint)] = lint(text, "MJ316")
    assert line == 6
    assert message == "`own_wind` is never true: the seats have no winds, so no tile is the seat's wind"
    assert hint == 'name the seat winds (`winds "E" "S" "W" "N"` in `seats`), or take `own_wind` out'


def test_a_seats_wind_is_not_told_where_the_seats_have_winds_or_where_the_base_names_it():
    rule = "scoring {\n    rule r \"R\": 1 double per set where pung and round_wind\n}\n"
    assert lint('extends "classical.mj"\n' + rule, "MJ316") == []
    # classical.mj's own own-wind rules are the base's: lint tells only of this file
    assert lint(_WINDLESS, "MJ316") == []
    assert [m for _, m, _ in lint(_WINDLESS + rule, "MJ316")] == [
        "`round_wind` is never true: the seats have no winds, so no tile is the round's wind"]


def concealed(*patterns: str) -> list[int]:
    """The lines told MJ309 in a classical overlay's winning block of ``concealed`` patterns."""
    text = 'extends "classical.mj"\nwinning {\n' + "".join(
        f'    pattern p{i} "P{i}" {{\n        {lines}\n        concealed\n    }}\n' for i, lines in enumerate(patterns))
    return [line for line, _, _ in lint(text + "}\n", "MJ309")]


def test_concealed_is_told_only_where_no_hand_of_the_pattern_holds_a_tile_three_times():
    # seven different pairs of honours: no tile three times, and honours make no run
    assert concealed("pairs 7 of honour distinct") == [5]
    # the same pairs, not said distinct: one honour may be paired twice over, a pung's tiles
    assert concealed("pairs 7 of honour") == []
    # no run in 1 3 5 7 9, but one and three are there three times each: exactly a pung's
    assert concealed("counts 3 0 3 0 2 0 2 0 2 in one suit\n        pairs 1 of dragon") == []


def test_a_pattern_that_does_not_lower_leaves_the_next_patterns_concealed_to_be_told():
    # `nonsense` is no class of tiles (MJ204): the pattern is the checks', and the lint goes on
    assert concealed("pairs 7 of nonsense", "pairs 7 of honour distinct") == [9]


def test_a_dead_discard_of_the_joker_is_told_where_the_jokers_are_never_passed_no_longer():
    text = ('extends "american.mj"\nremove jokers "J" {\n    never passed\n}\n'
            'claims {\n    dead discard "J"\n}\n')
    assert lint(text, "MJ310") == [(6, "the joker 'J' is already covered by `dead when discarded` in the jokers block",
                                    "say it once: drop 'J' here, or the jokers block's line")]


def test_a_flow_in_the_default_order_over_a_base_with_another_is_no_default_restated(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "classical.mj").write_text((RULESETS / "classical.mj").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "base.mj").write_text('extends "classical.mj"\nflow replacement -> deal -> play\n', encoding="utf-8")
    default = "flow deal -> replacement -> play\n"
    # over the base's order, the default order changes play
    assert lint('extends "base.mj"\n' + default, "MJ309") == []
    [(line, message, _)] = lint('extends "classical.mj"\n' + default, "MJ309")
    assert line == 2 and message.startswith("this restates the default: without `flow` the phases")
