"""The hints the checker gives with a diagnostic: the fix an author reads.

tests/broken/ pins each diagnostic's code and place; these pin what its hint offers
for the usual slips (a misspelt name, a tile code one letter off, a fact written in
the wrong context), each written as a house-rule overlay on a shipped ruleset.
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
