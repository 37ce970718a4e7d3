"""The hints the checker gives with a diagnostic: the fix an author reads.

tests/broken/ pins each diagnostic's code and place; these pin what its hint offers
for the usual slips (a misspelt name, a tile code one letter off, a fact written in
the wrong context), each written as a house-rule overlay on a shipped ruleset; and,
at the end, the counts the checker bounds, the count just inside beside the one
just past it.
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


def diagnostics(text: str, code: str) -> list:
    loaded = load_text(text, "house.mj")
    assert loaded.ruleset is not None, loaded.diagnostics
    _, diags = run_checks(loaded.ruleset)
    return [d for d in diags if d.code == code]


def scoring(base: str, *rules: str) -> str:
    return f'extends "{base}"\n\nscoring {{\n' + "".join(f"    {r}\n" for r in rules) + "}\n"


def test_a_misspelt_fact_is_offered_the_fact():
    [d] = diagnostics(scoring("classical.mj", 'rule r "R": 1 points when wonn'), "MJ204")
    assert d.message == "unknown name `wonn`"
    assert d.hint == "did you mean `won`?"


def test_a_misspelt_class_in_a_set_predicate_is_offered_the_class():
    [d] = diagnostics(scoring("classical.mj", 'rule r "R": 1 points per set where pung and gren'), "MJ204")
    assert d.hint == "did you mean `green`?"


def test_a_name_like_nothing_known_points_at_the_language_reference():
    [d] = diagnostics(scoring("classical.mj", 'rule r "R": 1 points when won and xyzzy'), "MJ204")
    assert "docs/language.md" in d.hint


def test_a_fact_out_of_its_context_names_the_contexts_it_has():
    [d] = diagnostics(scoring("classical.mj", 'rule r "R": 1 points when won and pung'), "MJ204")
    assert d.message == "`pung` is not known here"
    assert d.hint.endswith("can be used in: set")


def test_an_unknown_class_beside_that_suit_is_offered_the_class():
    text = ('extends "classical.mj"\n\nwinning {\n    pattern p "P" {\n        sets 4\n        pairs 1\n'
            '        one more of that suit + wnd\n    }\n}\n')
    [d] = diagnostics(text, "MJ204")
    assert d.hint == "did you mean `wind`?"


def test_a_tile_code_one_letter_off_is_offered_the_code():
    [d] = diagnostics(scoring("classical.mj", 'rule r "R": 1 points when won and winning_tile("5dd")'), "MJ214")
    assert d.message == "unknown tile `5dd`"
    assert d.hint == 'did you mean "5d"?'


def test_a_base_tile_the_overlays_tiles_block_dropped_names_the_overlays_block():
    """The overlay's wind line drops North: the base's seat winds now name no tile,
    and the hint says whose tiles block made it so."""
    [d] = diagnostics('extends "classical.mj"\n\ntiles {\n    wind "E" "S" "W" "X" x4\n}\n', "MJ214")
    assert d.message == "unknown tile `N`"
    assert "the overlay's tiles block at house.mj:3" in d.hint


def test_a_misspelt_announcement_and_variant_are_named_and_offered():
    found = diagnostics(scoring("riichi.mj", 'rule r "R": 1 doubles when won and announced(richi)'), "MJ204")
    assert [(d.message, d.hint) for d in found] == [("no announcement `richi`", "did you mean `riichi`?")]
    [v] = diagnostics(scoring("riichi.mj", 'rule r "R": 1 doubles when won and variants(rd) > 0'), "MJ294")
    assert (v.message, v.hint) == ("no variant `rd`", "did you mean `red`?")


def test_a_division_by_an_option_names_the_option_set_to_zero():
    text = 'extends "classical.mj"\n\noption payers = 0 "Players who paid in"\n\nscoring {\n' \
           '    rule r "R": 1 points when won and 12 / payers > 1\n}\n'
    [d] = diagnostics(text, "MJ224")
    assert d.message == "a division by zero (the option payers = 0)"


def test_zero_to_a_negative_power_is_a_division_by_zero():
    # play would stop at the first hand won (MJ420: 0.0 cannot be raised to a negative power)
    [d] = diagnostics(scoring("classical.mj", "value points * 0 ^ (0 - 1)"), "MJ224")
    assert d.message == "a division by zero: 0 to the power -1"
    text = 'extends "classical.mj"\n\noption payers = 0 "Players who paid in"\n\nscoring {\n' \
           '    value points * payers ^ (0 - 2)\n}\n'
    [d] = diagnostics(text, "MJ224")
    assert d.message == "a division by zero: 0 to the power -2 (the option payers = 0)"
    assert diagnostics(scoring("classical.mj", "value points * 0 ^ (1 - 1)"), "MJ224") == []


def test_a_power_too_large_is_told_beside_a_division_by_zero():
    [zero, large] = diagnostics(scoring("classical.mj", "value points + 1000000000000000000 ^ 64 + 0 ^ (0 - 1)"),
                                "MJ224")
    assert (zero.message, large.message) == ("a division by zero: 0 to the power -1", "a number too large to compute")
    assert large.hint == "write a smaller number" and large.span.column < zero.span.column


def test_a_limit_that_depends_on_the_hand_is_not_a_fixed_number():
    [d] = diagnostics(scoring("classical.mj", "limit 500 + points"), "MJ226")
    assert (d.message, d.hint) == ("the limit is not a fixed number", "write a number, or an option that holds one")
    assert diagnostics(scoring("classical.mj", "limit 500 + 500"), "MJ226") == []


def test_a_choice_in_arithmetic_counts_as_one_not_as_a_number_too_large():
    # 10 ^ 306 to the power of a choice: counted as 1 (not a zero, no overflow); with 2, it would overflow
    text = ('extends "classical.mj"\noption style = fast "S" one of fast slow\n'
            "scoring {\n    value points * (1000000000000000000 ^ 17) ^ style\n}\n")
    assert diagnostics(text, "MJ224") == []
    [d] = diagnostics(text.replace("^ style", "^ 2"), "MJ224")
    assert d.message == "a number too large to compute"


def test_too_many_doubles_says_how_many_and_the_most():
    [d] = diagnostics(scoring("classical.mj", 'rule r "R": 65 doubles when won'), "MJ224")
    assert d.message == "rule `r` gives 65 doubles (at most 64)"


def test_a_count_in_the_limit_names_the_function_and_the_limit():
    [d] = diagnostics(scoring("classical.mj", "limit 500 + sets(kong)"), "MJ226")
    assert d.message == "`sets(...)` is not known in the limit"


def test_a_variant_of_a_variant_is_told_apart_from_a_variant_of_no_tile():
    text = ('extends "riichi.mj"\n\ntiles {\n    variant pink "00" x1 of "0m"\n'
            '    variant blue "01" x1 of "5x"\n}\n')
    assert [d.message for d in diagnostics(text, "MJ294")] == [
        "variant `00` is of `0m`, another variant", "variant `01` is of `5x`, not a tile of this set"]


def test_a_wait_that_is_no_shape_is_named_and_the_shapes_listed():
    [d] = diagnostics(scoring("classical.mj", 'rule r "R": 1 points when won and wait(middle)'), "MJ286")
    assert d.message == "`middle` is not a wait shape"
    assert "two_sided" in d.hint


def test_a_limit_that_reads_the_hand_is_not_a_fixed_number():
    [d] = diagnostics(scoring("classical.mj", "limit limit * points"), "MJ226")
    assert d.message == "the limit is not a fixed number"


def test_a_misspelt_penalty_is_offered_the_event_and_every_event_is_listed():
    text = ('extends "classical.mj"\n\npayments {\n    penalty false_mahjongg: -500 points\n'
            '    penalty slow_play: -10 points\n}\n')
    near, far = diagnostics(text, "MJ228")
    assert near.hint.startswith("did you mean `false_mahjong`? penalties are for: `false_mahjong` (")
    assert far.hint.startswith("penalties are for: `false_mahjong` (")
    assert "`false_claim` (" in far.hint


def test_a_rule_that_never_applies_names_the_options_it_reads():
    text = ('extends "classical.mj"\n\noption house = off "House bonus"\n\nscoring {\n'
            '    rule r "R": 1 points when house and not house\n    rule q "Q": 1 points when 1 > 2\n}\n')
    assert [d.message for d in diagnostics(text, "MJ306")] == [
        "rule `r` can never apply: `when house and not house` is false whatever the values of `house`",
        "rule `q` can never apply: `when 1 > 2` is false whatever the table"]


def test_a_ruleset_class_in_a_pattern_is_said_to_serve_in_scoring_and_a_fact_is_not():
    text = ('extends "classical.mj"\n\nwinning {\n    pattern p "P" {\n        sets 4\n        pairs 1\n'
            '        one more of that suit + green + won\n    }\n}\n')
    green, won = diagnostics(text, "MJ238")
    assert green.hint.endswith("; `green` serves in scoring")
    assert "serves in scoring" not in won.hint


# Counts at their bounds: the count just inside beside the one just past it.

def session(*lines: str) -> str:
    return 'extends "american.mj"\n\nsession {\n' + "".join(f"    {s}\n" for s in lines) + "}\n"


def test_the_first_dealer_is_thrown_with_one_to_six_dice():
    assert diagnostics(session("first dealer by dice 6 thrown by each"), "MJ217") == []
    [d] = diagnostics(session("first dealer by dice 7 thrown by each"), "MJ217")
    assert d.message == "7 dice: throw 1 to 6"


def test_a_session_is_one_hand_or_more_and_the_message_names_the_count():
    assert diagnostics(session("hands 1"), "MJ235") == []
    [d] = diagnostics(session("hands 0"), "MJ235")
    assert d.message == "a session of 0 hands: a session plays one or more whole hands"
    text = session("hands half").replace("session {", 'option half = 2.5 "Half a session"\n\nsession {')
    [d] = diagnostics(text, "MJ235")
    assert d.message.startswith("a session of 2.5 hands:")


def test_every_session_length_is_judged_not_only_the_first():
    # play reads the last of the two: a session of no rounds
    [d] = diagnostics(session("rounds 2", "rounds 0"), "MJ235")
    assert d.span.line == 5


def mini(dead_wall: int = 0, *, deal: str = "all 13\n    dealer 1", play: str = "",
         patterns: str = "pattern standard {\n        sets 4\n        pairs 1\n    }") -> str:
    """88 tiles; the deal of 13 each (14 the dealer) leaves 35, less the dead wall."""
    return ('ruleset "Mini"\n\ntiles {\n    suit bam "b" 1..9 x4\n    suit dot "d" 1..9 x4\n'
            '    wind "E" "S" "W" "N" x4\n}\n\nseats 4 {\n    winds "E" "S" "W" "N"\n}\n\n'
            f'wall {{\n    sides 4\n    length 11\n    height 2\n    dead wall {dead_wall}\n}}\n\n'
            f'deal {{\n    {deal}\n}}\n\nplay {{\n    draw from wall\n{play}}}\n\n'
            f'winning {{\n    {patterns}\n}}\n\nscoring {{\n    value points\n    rule mahjong: 20 points when won\n}}\n')


def test_a_wall_game_below_the_live_wall_plays_and_one_at_it_is_refused():
    assert diagnostics(mini(34, play="    wall game when 0 left\n"), "MJ236") == []
    [d] = diagnostics(mini(34, play="    wall game when 1 left\n"), "MJ236")
    assert d.message.startswith("`wall game when 1 left`: the deal leaves 1 tiles in the live wall")
    assert d.hint.startswith("write a number below 1")


def test_a_deal_that_leaves_the_live_wall_empty_is_refused_whatever_the_wall_game():
    [d] = diagnostics(mini(35, play="    wall game when 0 left\n"), "MJ236")
    assert d.hint.startswith("deal fewer tiles or keep fewer in the dead wall")
    [d] = diagnostics(mini(35), "MJ236")
    assert d.message.startswith("the deal leaves no tile in the live wall")
    # one tile more in the dead wall and the deal does not fit: MJ221 says so, alone
    assert diagnostics(mini(36), "MJ236") == []


def test_a_wall_without_a_dead_wall_line_keeps_none_back():
    # no `dead wall`: every one of the 88 tiles is live, and a deal of all 88 fits (MJ221
    # only past it); the empty live wall is MJ236's to tell
    whole = mini(deal="all 21\n    dealer 4").replace("    dead wall 0\n", "")
    assert diagnostics(whole, "MJ221") == []
    [d] = diagnostics(whole.replace("dealer 4", "dealer 5"), "MJ221")
    assert d.message == "the deal takes 89 tiles but the wall has 88 outside the dead wall"


def test_the_wall_is_broken_by_the_seat_across_only_at_an_even_table():
    across = mini().replace("    dead wall 0\n", "    dead wall 0\n    break side dice 2 thrown by across\n")
    assert diagnostics(across, "MJ227") == []
    three = across.replace('seats 4 {\n    winds "E" "S" "W" "N"', 'seats 3 {\n    winds "E" "S" "W"')
    assert [d.message for d in diagnostics(three, "MJ227")] == ["no seat sits across at a table of 3"]


def test_a_hand_of_one_tile_wins_with_two():
    one = "all 1\n    dealer 1"
    assert diagnostics(mini(deal=one, patterns="pattern pair {\n        pairs 1 of honour\n    }"), "MJ245") == []
    [d] = diagnostics(mini(deal=one, patterns="pattern pair {\n        pairs 2 of honour\n    }"), "MJ245")
    assert d.message == "pattern `pair` makes 4 tiles, a winning hand has 2"


def test_ranks_of_that_suit_are_judged_only_against_suits_declared():
    ranked = "pattern p {\n        sets 4\n        pairs 1\n        one more of that suit ranked 2..9\n    }"
    assert diagnostics(mini(patterns=ranked), "MJ217") == []
    [d] = diagnostics(mini(patterns=ranked.replace("2..9", "2..10")), "MJ217")
    assert d.message == "ranks 2..10: the suits rank 1..9"
    # a tile set of honours only: no suit to rank against, so no rank to refuse
    honours = mini(patterns=ranked).replace('    suit bam "b" 1..9 x4\n    suit dot "d" 1..9 x4\n',
                                            '    dragon "R" "G" "0" x24\n')
    assert diagnostics(honours, "MJ217") == []
    # a tile set refused outright (MJ217 on its copies): its suits are not guessed at
    broken = mini(patterns=ranked).replace('"N" x4', '"N" x0')
    [d] = diagnostics(broken, "MJ217")
    assert d.message.startswith("0 copies of a tile")


def feeder(line: str, base: str = "hong-kong.mj", winning: str = "") -> list:
    return diagnostics(f'extends "{base}"\n{winning}\npayments {{\n    {line}\n}}\n', "MJ276")


def test_a_feeder_counts_one_set_to_the_most_a_winning_hand_holds():
    assert feeder("feeder of 1 sets where wind pays for losers") == []
    assert feeder("feeder of 4 sets where wind pays for losers") == []
    [d] = feeder("feeder of 0 sets where wind pays for losers")
    assert d.message == "a feeder of 0 sets, but a winning hand holds 1 to 4 sets"
    [d] = feeder("feeder of 5 sets where wind pays for losers")
    assert d.message == "a feeder of 5 sets, but a winning hand holds 1 to 4 sets"
    # a pattern of five sets (sixteen-tile hands): a feeder of the fifth
    five = 'winning {\n    pattern five "Five sets" {\n        sets 5\n        pairs 1\n    }\n}\n'
    assert feeder("feeder of 5 sets where wind pays for losers", winning=five) == []


def test_a_feeders_share_is_more_than_none_and_at_most_the_whole():
    assert feeder("feeder of 3 sets where dragon pays 1 for losers") == []
    assert feeder("feeder of 3 sets where dragon pays 0.5 for discarder") == []
    for share in ("0", "1.5"):
        [d] = feeder(f"feeder of 3 sets where dragon pays {share} for losers")
        assert d.message == f"the feeder pays {share} of the payments: a share is more than 0 and at most 1"


def test_a_feeder_of_a_cards_hands_is_refused_for_the_lines_have_no_sets():
    [d] = feeder("feeder of 3 sets where dragon pays for losers", base="american.mj")
    assert d.message == "a feeder of sets, but the hands are a card's lines, which have no sets"


def test_a_dealer_one_tile_short_or_over_is_pointed_at_where_the_count_is_written():
    [d] = diagnostics(mini(deal="all 13"), "MJ223")
    assert (d.message, d.hint) == ("the dealer starts with 13 tiles and the others with 13: the dealer needs one "
                                   "more than the others, to open with a discard",
                                   "add `dealer 1` to the deal, or `dealer draws 1` to play")
    # classical deals 13 and the dealer draws 1: a second draw is the overlay's line
    [d] = diagnostics('extends "classical.mj"\n\nplay {\n    dealer draws 2\n}\n', "MJ223")
    assert (d.span.path, d.span.line, d.message) == (
        "house.mj", 4, "the dealer starts with 15 tiles and the others with 13: the dealer needs one more than "
                       "the others, to open with a discard")


# Abortive draws (MJ277): each reason an abort cannot be asked, said as the author reads it.

def abort(*lines: str) -> list:
    return diagnostics('extends "riichi.mj"\nplay {\n' + "".join(f"    {s}\n" for s in lines) + "}\n", "MJ277")


@pytest.mark.parametrize("line, message", [
    ('abort "Kuikae" when just_claimed', '`abort "Kuikae"` reads `just_claimed`, a fact of the tile in question, '
                                         'but an abort is asked before a draw, when there is none'),
    ('abort "Mine" by choice when kongs == 4 and own_discard',
     '`abort "Mine"` reads `own_discard`, a fact of the tile in question, but an abort is asked on a turn, '
     'when there is none'),
    ('abort "Ron" when win_claims == 3', '`abort "Ron"` reads `win_claims`, but it is asked before a draw, where no '
                                         'claims are being made (it would always be 0)'),
    ('abort "Ron" by choice when win_claims > 0', '`abort "Ron"` reads `win_claims`, but it is asked on a turn, '
                                                  'where no claims are being made (it would always be 0)'),
    ('abort "Kongs" after claims when kongs == 4',
     '`abort "Kongs" after claims` does not read `win_claims`, the claims it is asked of'),
    ('abort "Always" when 1 == 1', '`abort "Always"` is always true'),
    ('abort "On" when double_ron', '`abort "On"` is always true'),
    ('abort "Never" when false', '`abort "Never"` is never true'),
    ('abort "" when kongs == 3', "an abort with no title"),
])
def test_an_abort_that_cannot_be_asked_says_why(line, message):
    [d] = abort(line)
    assert d.message == message


def test_an_abort_always_true_would_end_every_hand_and_one_never_true_changes_nothing():
    [always] = abort('abort "Always" when 1 == 1')
    assert always.hint.startswith("every hand would end at its first draw")
    [never] = abort('abort "Never" when false')
    assert never.hint.startswith("it never ends a hand")


def test_an_abort_reading_the_table_checks_clean_and_a_second_of_its_title_is_refused():
    assert abort('abort "Kongs" when kongs == 3 and double_ron', 'abort "Riichi" when announcers(riichi) == 4',
                 'abort "Ron" after claims when win_claims == 3') == []
    [d] = abort('abort "Kongs" when kongs == 3', 'abort "Kongs" when kongs == 4')
    assert (d.span.line, d.message) == (4, 'two aborts titled "Kongs"')


def test_every_abort_is_judged_after_one_refused():
    found = abort('abort "Kuikae" when just_claimed', 'abort "Ron" when win_claims == 3',
                  'abort "Kongs" after claims when kongs == 4', 'abort "Never" when false')
    assert [d.span.line for d in found] == [3, 4, 5, 6]


# `account once` (MJ279): what an account cannot choose among.

def account(line: str) -> list:
    text = ('extends "mcr.mj"\nscoring {\n'
            '    rule neg "N": -1 point per related(2 chow, same suit, ranks step 1) when won\n'
            '    rule nil "Z": 0 points per related(2 chow, different suits, ranks step 1) when won\n'
            '    rule dbl "D": 1 double per related(2 chow, same suit, ranks step 2) when won\n'
            f'    {line}\n}}\n')
    return diagnostics(text, "MJ279")


@pytest.mark.parametrize("names, message", [
    ("pure_double_chow all_chows", "rule `all_chows` is counted once: an account chooses among the groups of sets "
                                   "of rules counted `per related(...)`"),
    ("pure_double_chow dragon_pung", "rule `dragon_pung` is counted per set: an account chooses among the groups "
                                     "of sets of rules counted `per related(...)`"),
    ("pure_double_chow tile_hog", "rule `tile_hog` is counted per a count that is not `related(...)`: an account "
                                  "chooses among the groups of sets of rules counted `per related(...)`"),
    ("pure_double_chow neg", "rule `neg` is worth -1 points: the best choice would leave its groups out"),
    ("pure_double_chow nil", "rule `nil` is worth 0 points: the best choice would leave its groups out"),
    ("pure_double_chow dbl", "the rules of an account are of different units (`pure_double_chow` points, "
                             "`dbl` doubles)"),
    # a name said twice is lint (MJ315); the rule after it is judged all the same
    ("pure_double_chow pure_double_chow all_chows", "rule `all_chows` is counted once: an account chooses among "
                                                    "the groups of sets of rules counted `per related(...)`"),
])
def test_a_rule_an_account_cannot_choose_among_is_named_with_the_reason(names, message):
    [d] = account(f"account once {names}")
    assert d.message == message


def test_a_rule_in_two_accounts_is_refused_in_the_second():
    assert account("account once pure_double_chow mixed_double_chow short_straight") == []
    [d] = account("account once pure_double_chow mixed_double_chow\n    account once mixed_double_chow short_straight")
    assert (d.span.line, d.message) == (7, "rule `mixed_double_chow` is in two accounts")


# The Charleston (MJ243, MJ217, MJ227): American deals 13 and never passes its 8 jokers,
# so a hand may hold 8 it keeps and has 5 to pass.

def charleston(body: str, base: str = "american.mj") -> list:
    loaded = load_text(f'extends "{base}"\n\ncharleston {{\n{body}}}\n', "house.mj")
    assert loaded.ruleset is not None, loaded.diagnostics
    _, diags = run_checks(loaded.ruleset)
    return [(d.code, d.span.line, d.message) for d in diags if d.code in ("MJ217", "MJ227", "MJ243")]


def test_a_pass_is_one_tile_to_what_a_hand_holds_less_the_tiles_it_never_passes():
    assert charleston("    pass 1 right\n    pass 5 left\n") == []
    assert charleston("    pass 0 right\n    pass 14 left\n    pass 6 across\n") == [
        ("MJ243", 4, "a pass of 0 tiles from a hand of 13"),
        ("MJ243", 5, "a pass of 14 tiles from a hand of 13"),
        ("MJ243", 6, "a pass of 6 tiles from a hand of 13 that may hold 8 tiles it never passes (`J`): such a "
                     "hand has only 5 to pass")]


def test_a_courtesy_pass_offers_within_the_hand_and_from_what_it_may_pass():
    assert charleston("    courtesy across 5..13 smaller\n") == []
    assert charleston("    courtesy across 3..14 smaller\n") == [
        ("MJ243", 4, "a courtesy pass of 3..14 tiles from a hand of 13")]
    assert charleston("    courtesy across 6..7 smaller\n") == [
        ("MJ243", 4, "a courtesy pass of at least 6 tiles from a hand of 13 that may hold 8 tiles it never "
                     "passes (`J`)")]


def test_an_optional_round_holds_passes_and_no_other_optional_round():
    assert charleston("    optional second stopped by any {\n        courtesy across 0..3 smaller\n    }\n") == [
        ("MJ243", 4, "optional round `second` has no pass")]
    nested = ("    optional second stopped by any {\n        pass 3 left\n"
              "        optional third stopped by any {\n            pass 6 right\n        }\n    }\n")
    assert charleston(nested) == [
        ("MJ217", 6, "an optional round inside another optional round"),
        ("MJ243", 7, "a pass of 6 tiles from a hand of 13 that may hold 8 tiles it never passes (`J`): such a "
                     "hand has only 5 to pass")]


def test_a_hand_its_kept_tiles_may_fill_has_no_tile_to_pass():
    # 8 jokers and 8 flowers never passed: a hand of 13 may hold 13 of them, and a pass of one
    # is more than it has (the base's passes of 3, kept by the overlay, too); a hand of one
    # tile, dealt so, keeping East
    assert [f for f in charleston('    never pass "F"\n    pass 1 right\n') if f[1] == 5] == [
        ("MJ243", 5, "a pass of 1 tiles from a hand of 13 that may hold 13 tiles it never passes (`F`, `J`): such "
                     "a hand has only 0 to pass")]
    one = mini(deal="all 1\n    dealer 1") + 'charleston {\n    never pass "E"\n    pass 1 right\n}\n'
    assert [d.message for d in diagnostics(one, "MJ243")] == [
        "a pass of 1 tiles from a hand of 1 that may hold 1 tiles it never passes (`E`): such a hand has only 0 "
        "to pass"]


def test_with_no_tile_set_the_tiles_never_passed_are_not_counted():
    # no copies of the winds: MJ217, no tile set; how many East a hand may keep is not known,
    # so the pass of the whole hand is not refused for them (it fits the hand of 13)
    broken = mini().replace('"E" "S" "W" "N" x4', '"E" "S" "W" "N" x0')
    broken += 'charleston {\n    never pass "E"\n    pass 13 right\n}\n'
    assert [d.code for d in diagnostics(broken, "MJ217")] == ["MJ217"]
    assert diagnostics(broken, "MJ243") == []


def test_no_seat_sits_across_at_a_table_of_three():
    body = "    pass 3 right\n    optional second stopped by any {\n        pass 3 across\n    }\n"
    assert charleston(body, "american-3p.mj") == [
        ("MJ227", 6, "a pass across at a table of 3 seats: no seat sits across")]
    assert charleston(body) == []


# Knitted tiles and singles (MJ295, MJ296), as overlays on MCR's three suits.

def knitted(stmts: str) -> list:
    text = f'extends "mcr.mj"\nwinning {{\n    pattern knitted {{\n        {stmts}\n    }}\n}}\n'
    return [d.message for d in diagnostics(text, "MJ295") + diagnostics(text, "MJ296")]


def test_knitted_groups_are_one_per_suit_each_rank_of_every_suit_once():
    assert knitted("each of knitted 147 258 369\n        sets 1\n        pairs 1") == []
    assert knitted("each of knitted 147 258 369 123\n        sets 1\n        pairs 1") == [
        "4 knitted rank groups, but the tiles have 3 suit(s): each group is in a different suit"]
    assert knitted("each of knitted 147 258 339\n        sets 1\n        pairs 1") == [
        "knitted group 339 names a rank twice"]
    assert knitted("each of knitted 147 258 360\n        sets 1\n        pairs 1") == [
        "knitted group 360: 0 is not a rank of every suit"]


def test_singles_ask_for_one_tile_to_as_many_as_the_class_holds():
    assert knitted("singles 7 of honour\n        singles 7 of knitted 147 258 369") == []
    assert knitted("singles 1 of honour\n        singles 9 of knitted 147 258 369\n        pairs 2") == []
    assert knitted("singles 0 of honour\n        singles 14 of knitted 147 258 369 + honour") == [
        "`singles 0`: a part of no tiles"]
    assert knitted("singles 8 of honour\n        singles 6 of knitted 147 258 369") == [
        "`singles 8`: the class holds 7 different tile(s)"]


# Kinds of bonus tile (MJ288, MJ289), as overlays on Singapore's animals.

def bonus(block: str, code: str) -> list:
    return [(d.span.line, d.message, d.hint) for d in diagnostics(f'extends "singapore.mj"\n{block}\n', code)]


@pytest.mark.parametrize("name, what", [
    ("wind", "a kind of tile"), ("dot", "a suit"), ("kong", "what `replace kong` replaces"), ("won", "a fact of a tile"),
])
def test_a_kind_of_bonus_tile_needs_a_name_of_its_own(name, what):
    [(_, message, _)] = bonus(f'tiles {{\n    bonus {name} "x1" "x2" x1\n}}', "MJ288")
    assert message == f"a kind of bonus tile named `{name}`, which is already {what}"
    assert bonus('tiles {\n    bonus insect "x1" "x2" x1\n}', "MJ288") == []


def test_a_replaced_kind_is_a_declared_kind_offered_by_its_spelling():
    assert bonus("replacement {\n    replace flower season animal kong\n}", "MJ289") == []
    [(_, message, hint)] = bonus("replacement {\n    replace flower season animals kong\n}", "MJ289")
    assert message == "replace `animals`, but the tiles block declares no such kind of bonus tile"
    assert hint == "did you mean `animal`?"
    [(_, _, hint)] = bonus("replacement {\n    replace flower season zzz kong\n}", "MJ289")
    assert hint.startswith("declare it in tiles: bonus NAME")


def test_a_bonus_group_names_bonus_tiles_and_own_asks_of_a_seat_linked_kind():
    assert bonus('payments {\n    on bonus own flower all animal "cat": others pay 1 points\n}', "MJ289") == []
    assert [m for _, m, _ in bonus('payments {\n    on bonus "cat" "1b" "zz": others pay 1 points\n}', "MJ289")] == [
        "`1b` in a bonus group is not a bonus tile", "`zz` in a bonus group is not a bonus tile"]
    [(_, message, hint)] = bonus("payments {\n    on bonus all animl: others pay 1 points\n}", "MJ289")
    assert (message, hint) == ("on bonus all `animl`, but the tiles block declares no such kind of bonus tile",
                               "did you mean `animal`?")
    [(_, message, _)] = bonus("payments {\n    on bonus own animal: others pay 1 points\n}", "MJ289")
    assert message == "`own animal`, but animal tiles belong to no seat"


def test_a_function_an_abort_cannot_call_is_named_and_not_judged_as_well():
    # `max(...)` is not known at an abort (MJ204); its value is no finding of MJ277 too
    for cond in ("max(1, 2) > 1", "not (min(1, 2) > 1)", "kongs == 4 and max(1, 2) > 1"):
        text = f'extends "riichi.mj"\nplay {{\n    abort "X" when {cond}\n}}\n'
        assert [d.code for d in diagnostics(text, "MJ204")] == ["MJ204"]
        assert diagnostics(text, "MJ277") == []


def test_every_name_of_an_account_is_judged_after_one_refused():
    assert [d.message.split(":")[0] for d in account("account once all_chows neg nil pure_double_chow dragon_pung")] \
        == ["rule `all_chows` is counted once", "rule `neg` is worth -1 points", "rule `nil` is worth 0 points",
            "rule `dragon_pung` is counted per set"]
    text = account("account once pure_double_chow mixed_double_chow\n    account once mixed_double_chow all_chows")
    assert [d.message.split(":")[0] for d in text] == ["rule `mixed_double_chow` is in two accounts",
                                                        "rule `all_chows` is counted once"]
    named = ('extends "mcr.mj"\nscoring {\n    account once pure_double_chow nothing_here all_chows\n}\n')
    assert [d.message for d in diagnostics(named, "MJ204")] == ["no score rule `nothing_here`"]
    assert len(diagnostics(named, "MJ279")) == 1


def test_one_claim_needs_no_priority_and_two_do():
    one = mini() + "\nclaims {\n    claim mahjong from any\n}\n"
    assert diagnostics(one, "MJ230") == []
    two = mini() + "\nclaims {\n    claim pung 3 same from any\n    claim mahjong from any\n    priority mahjong\n}\n"
    [d] = diagnostics(two, "MJ230")
    assert d.message == "claim `pung` has no priority"


def test_a_claim_makes_a_set_of_three_or_more_and_a_run_fits_the_suits():
    def claim(line: str) -> list:
        return [d.message for d in diagnostics(f'extends "classical.mj"\nclaims {{\n    {line}\n}}\n', "MJ217")]
    assert claim("claim chow 3 run from left or from any for mahjong") == []
    assert claim("claim pair 2 same from any") == ["claim `pair` of 2 tiles"]
    assert claim("claim chow 9 run from left") == []
    assert claim("claim chow 10 run from left") == ["a run of 10 in suits of 9"]
    assert claim("claim big 10 same from any") == []  # a run's length, not a set's size


def test_a_claim_made_for_an_undeclared_claim_is_named():
    text = 'extends "classical.mj"\nclaims {\n    claim chow 3 run from left or from any for mahjongg\n}\n'
    [d] = diagnostics(text, "MJ231")
    assert (d.message, d.span.column) == ("`mahjongg` is not a claim", 48)


@pytest.mark.parametrize("flow, code, message", [
    ("deal -> dance -> play", "MJ241", "unknown phase `dance`"),
    ("deal -> play -> charleston", "MJ241", "the flow must end with `play`"),
    ("deal -> charleston -> charleston -> play", "MJ202", "phase `charleston` appears twice in the flow"),
])
def test_a_flow_names_each_phase_once_from_deal_to_play(flow, code, message):
    [d] = diagnostics(f'extends "american.mj"\nflow {flow}\n', code)
    assert d.message == message
    assert diagnostics('extends "american.mj"\nflow deal -> charleston -> play\n', code) == []


def test_a_phase_named_twice_is_reported_at_its_second_mention():
    [d] = diagnostics('extends "american.mj"\nflow deal -> charleston -> charleston -> play\n', "MJ202")
    assert d.span.column == 28
    assert diagnostics('extends "american.mj"\nflow deal -> charleston -> play\n', "MJ202") == []


def test_a_deal_of_nothing_to_the_others_says_so_and_a_hand_of_one_is_dealt():
    [d] = diagnostics(mini(deal="dealer 14"), "MJ223")
    assert d.message == "the deal gives the seats other than the dealer no tiles (the dealer 14)"
    assert diagnostics(mini(deal="all 1\n    dealer 1"), "MJ223") == []


def test_a_card_hand_is_dealt_thirteen_tiles():
    # twelve to each seat and one more to the dealer: the dealer's one more holds, the card's hand does not
    text = ('extends "american.mj"\nremove deal {\n    others 1\n    dealer 2\n}\n'
            'deal {\n    dealer 1\n    all 4 x3\n}\n')
    [d] = diagnostics(text, "MJ223")
    assert d.message == "the deal makes hands of 12 tiles; a card hand is 14 tiles, the dealt hand and one more"


def test_singles_of_a_class_the_tile_set_lacks_are_refused():
    dragons = mini(patterns="pattern p {\n        singles 1 of dragon\n        sets 4\n    }")
    [d] = diagnostics(dragons, "MJ296")
    assert d.message == "`singles 1`: the class holds 0 different tile(s)"


def test_a_limit_of_one_binds_and_a_limit_of_nothing_is_linted():
    assert diagnostics(scoring("classical.mj", "limit 1"), "MJ314") == []
    [d] = diagnostics(scoring("classical.mj", "limit 0"), "MJ314")
    assert d.message == "a limit of 0: every hand pays nothing"


def test_singles_of_a_class_of_one_tile_ask_for_one():
    def singles(n: int) -> list:
        text = mini(patterns=f"pattern p {{\n        singles {n} of dragon\n        sets 4\n    }}")
        return [d.message for d in diagnostics(text.replace('"N" x4', '"N" x4\n    dragon "R" x4'), "MJ296")]
    assert singles(1) == []
    assert singles(2) == ["`singles 2`: the class holds 1 different tile(s)"]


# Claims that never win their window (MJ308, lint).

def windows(base: str, *lines: str) -> list:
    text = f'extends "{base}"\nclaims {{\n' + "".join(f"    {s}\n" for s in lines) + "}\n"
    return [(d.span.line, d.message) for d in diagnostics(text, "MJ308")]


def test_a_claim_below_one_of_its_set_from_the_same_seats_never_wins():
    ranks = "priority mahjong > pung kong quint sextet > pong grab"
    assert windows("american.mj", "claim grab 4 same from side owner", "claim pong 3 same from left", ranks) == [
        (3, "claim `grab` can never be made: `side owner` is the wall's side, not a seat that discards"),
        (4, "claim `pong` can never win its window: `pung` makes the same 3 alike from the same seats and "
            "ranks above it")]
    assert windows("classical.mj", "claim chow2 3 run from left", "priority mahjong > pung kong > chow > chow2") == [
        (3, "claim `chow2` can never win its window: `chow` makes the same run of 3 from the same seats and "
            "ranks above it")]
    # ranked with it, it shares the window
    assert windows("american.mj", "claim pong 3 same from left", "priority mahjong > pung kong quint sextet pong") == []


def test_a_claim_across_is_never_made_at_a_table_of_three():
    lines = ("claim facing 3 same from across", "priority mahjong > pung kong quint sextet > facing")
    assert windows("american-3p.mj", *lines) == [
        (3, "claim `facing` can never be made: no seat sits across at a table of 3")]
    assert [m.split(":")[0] for _, m in windows("american.mj", *lines)] == ["claim `facing` can never win its window"]


def test_a_claim_across_at_a_ruleset_that_seats_no_one_is_judged_at_a_table_of_four():
    seatless = mini().replace('seats 4 {\n    winds "E" "S" "W" "N"\n}\n\n', "")
    assert "seats" not in seatless
    claims = "claims {\n    claim facing 3 same from across\n    claim mahjong from any\n}\n"
    assert diagnostics(seatless + claims, "MJ308") == []
    [d] = diagnostics(seatless.replace('ruleset "Mini"\n', 'ruleset "Mini"\n\nseats 5 {\n}\n') + claims, "MJ308")
    assert d.message == "claim `facing` can never be made: no seat sits across at a table of 5"


def test_a_claim_from_a_second_seat_is_hidden_only_by_one_that_claims_from_both():
    ranks = "priority mahjong > pung kong quint sextet > pong"
    # `pung` claims from any seat: both of `pong`'s seats
    assert [line for line, _ in windows("american.mj", "claim pong 3 same from left or from across for mahjong",
                                        ranks)] == [3]
    # `chow` claims from the left only: `pong` may still take a discard from across
    assert windows("classical.mj", "claim pong 3 run from left or from across for mahjong",
                   "priority mahjong > pung kong > chow > pong") == []


def test_a_claim_left_off_the_priority_line_or_with_no_set_is_not_ranked():
    # a sized claim the priority line does not name, beside a ranked one of its set
    assert windows("american.mj", "claim pong 3 same from any") == []
    # two claims of no set (mah jongg), one ranked below the other
    assert windows("american.mj", "claim win from any", "priority mahjong > win > pung kong quint sextet") == []
    assert diagnostics('extends "american.mj"\nclaims {\n    claim pong 3 same from any\n}\n', "MJ299") == []


def test_a_claim_switched_by_its_own_condition_does_not_hide_one_below_it():
    high = "claim big 3 same from any when dealer_won"
    assert windows("classical.mj", high, "claim pong 3 same from left",
                   "priority mahjong > big > pung kong pong > chow") == []
    assert [line for line, _ in windows("classical.mj", high, "claim pong 3 same from left when dealer_won",
                                        "priority mahjong > big > pung kong pong > chow")] == [4]


def test_jokers_stand_in_groups_of_one_or_more():
    stand = 'extends "american.mj"\n\njokers "J" {\n    stand in groups of N or more\n}\n'
    assert diagnostics(stand.replace("N", "1"), "MJ217") == []
    [d] = diagnostics(stand.replace("N", "0"), "MJ217")
    assert d.message == "groups of 0 or more: a group is one tile or more"


def test_ranks_of_that_suit_may_run_the_whole_suit():
    ranked = "pattern p {\n        sets 4\n        pairs 1\n        one more of that suit ranked 1..9\n    }"
    assert diagnostics(mini(patterns=ranked), "MJ217") == []
    [d] = diagnostics(mini(patterns=ranked.replace("1..9", "0..9")), "MJ217")
    assert d.message == "ranks 0..9: the suits rank 1..9"


def test_each_session_length_is_judged_after_one_refused():
    # a truth value (MJ283) and a fact not known in a session (MJ204), each beside a count of none
    assert [d.span.line for d in diagnostics(session("rounds false", "rounds 0"), "MJ235")] == [5]
    text = session("rounds discards", "rounds 0")
    assert [d.code for d in diagnostics(text, "MJ204")] == ["MJ204"]
    assert [d.span.line for d in diagnostics(text, "MJ235")] == [5]
    assert diagnostics(text, "MJ299") == []


def test_a_pass_or_courtesy_up_to_the_whole_hand_is_judged_by_the_tiles_it_keeps():
    kept = "tiles it never passes (`J`)"
    [(_, _, message)] = charleston("    pass 13 right\n")
    assert message.startswith("a pass of 13 tiles from a hand of 13 that may hold 8 " + kept)
    assert [m for _, _, m in charleston("    courtesy across 6..6 smaller\n    courtesy across 6..13 smaller\n")] \
        == [f"a courtesy pass of at least 6 tiles from a hand of 13 that may hold 8 {kept}"] * 2


def test_a_hand_that_keeps_nothing_may_pass_all_of_it():
    passes = mini() + "\ncharleston {\n    pass 13 right\n}\n"
    assert diagnostics(passes, "MJ243") == []
    [d] = diagnostics(passes.replace("pass 13", "pass 14"), "MJ243")
    assert d.message == "a pass of 14 tiles from a hand of 13"


def test_a_claim_is_hidden_only_by_one_from_every_seat_it_claims_from():
    # a chow from the right ranked above one from the left: the left's discards are the lower's own
    assert windows("classical.mj", "claim right_chow 3 run from right", "claim left_chow 3 run from left",
                   "priority mahjong > pung kong > right_chow > chow left_chow") == []


def test_a_claim_hidden_twice_is_linted_once_and_a_win_claim_does_not_stop_the_lint():
    two = windows("american.mj", "claim big 3 same from any", "claim pong 3 same from left",
                  "priority mahjong > pung big kong quint sextet > pong")
    assert [line for line, _ in two] == [4]
    after_win = windows("american.mj", "claim win from any", "claim pong 3 same from left",
                        "priority mahjong win > pung kong quint sextet > pong")
    assert [line for line, _ in after_win] == [4]


@pytest.mark.parametrize("call, message, hint", [
    ('pattern("standard")', "`pattern` takes the name of a pattern, not a quoted string",
     "write pattern(standard), without the quotes"),
    ("pattern(1)", "`pattern` takes the name of a pattern, not `1`",
     "write pattern(NAME), unquoted, NAME one of: nine_gates, snake, standard, thirteen_orphans"),
    ('wait("edge")', "`wait` takes the name of a wait shape, not a quoted string", "write wait(edge), without the quotes"),
    ('calling_for(no_chow, "mahjongg")', "`calling_for` takes the name of a score rule, not a quoted string",
     "write calling_for(mahjong)"),
    ('announced("xyzzy")', "`announced` takes the name of an announcement, not a quoted string",
     "write announced(NAME), unquoted, NAME one of: standing"),
])
def test_a_quoted_or_numbered_name_is_told_to_be_written_bare(call, message, hint):
    # the argument is a name: the message says what was written instead (it once read
    # "unknown pattern `this`"), and the hint writes the call as it should be
    [d] = diagnostics(scoring("classical.mj", f'rule r "R": 1 points when won and {call}'), "MJ218")
    assert (d.message, d.hint) == (message, hint)


@pytest.mark.parametrize("count, hint", [
    (8, "write pattern(NAME), unquoted, NAME one of: p1, p2, p3, p4, p5, p6, p7, p8"),
    (9, "write pattern(NAME), unquoted, NAME a pattern the ruleset declares"),
])
def test_the_hint_lists_the_names_up_to_eight(count, hint):
    patterns = "\n    ".join(f"pattern p{i} {{\n        sets 4\n        pairs 1\n    }}" for i in range(1, count + 1))
    text = mini(patterns=patterns).replace(
        "    rule mahjong: 20 points when won\n",
        "    rule mahjong: 20 points when won\n    rule r: 1 points when won and pattern(1)\n")
    [d] = diagnostics(text, "MJ218")
    assert (d.message, d.hint) == ("`pattern` takes the name of a pattern, not `1`", hint)


def test_a_name_after_a_counter_is_still_checked():
    # honba, a counter of riichi's session, is known in a score rule; the name after it is not
    found = diagnostics(scoring("riichi.mj", 'rule r "R": 1 points when won and honba > 0 and bogoo > 0'), "MJ204")
    assert [d.message for d in found] == ["unknown name `bogoo`"]


def test_a_quoted_variant_at_a_table_without_variants_says_what_to_declare():
    [d] = diagnostics(scoring("classical.mj", 'rule r "R": 1 points when won and variants("red") > 0'), "MJ218")
    assert d.message == "`variants` takes the name of a variant, not a quoted string"
    assert d.hint == "write variants(NAME), unquoted, NAME a variant the ruleset declares"


@pytest.mark.parametrize("statement, at", [
    ("value points * 2 / style", "style"), ('rule r "R": 1 points when won and style > 2', "style"),
    ('rule r "R": 1 points per style', "style"), ("value max(points, -style)", "style"),
    ("value max(points, style)", "style"),  # an argument of min/max/round_up itself, not negated
])
def test_a_choice_option_used_as_a_number_is_refused_before_play(statement, at):
    # each checked clean once and then stopped the first hand it scored with a TypeError
    text = ('extends "classical.mj"\n\noption style = fast "S" one of fast slow\n\nscoring {\n'
            f"    {statement}\n}}\n")
    [d] = diagnostics(text, "MJ229")
    assert d.message == f"the choice option `{at}` is not a number"
    assert "when style == ..." in d.hint


def test_a_text_option_used_as_a_number_says_it_holds_text_and_a_comparison_with_its_choice_stands():
    text = ('extends "classical.mj"\n\noption style = fast "S" one of fast slow\noption host = "Mei" "Host"\n\n'
            'scoring {\n    rule r "R": 1 points when won and host + 1 > 2\n'
            '    rule q "Q": 1 points when won and style == fast\n}\n')
    [d] = diagnostics(text, "MJ229")
    assert d.message == "the option `host` holds quoted text, not a number"
    assert 'when host == "..."' in d.hint
