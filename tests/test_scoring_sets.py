"""Issue 10's scoring language: relations between sets, lets, arithmetic, choices
compared, exclusions and the minimum to go out; each read by the scorer or the
engine and changing what a hand scores or whether it wins."""

from __future__ import annotations

from pathlib import Path

import pytest

import mjdsl.cards  # noqa: F401 - first: main has an import circle card_build <-> cards (reported)
from mjdsl import ast as A
from mjdsl.frontend.checked import check_file
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.ir.expr import Relation
from mjdsl.scoring import score_hand
from mjdsl.scoring.notation import read_hand_input
from mjdsl.scoring.relations import _groups, holds
from mjdsl.source import Source
from mjdsl.syntax.parse import parse_source

ROOT = Path(__file__).resolve().parent.parent

OVERLAY = '''extends "classical.mj"
option style = hk "Style" one of hk mcr
scoring {
    let triple = related(3 (pung or kong), different suits, same rank)
    rule straight "Pure straight": 2 doubles when won and
        related(3 chow, same suit, ranks step 3) > 0
    rule twice "Twice the same chow": 1 double when related(2 chow, same suit, same rank) >= 1
    rule two_twice "Two pairs of identical chows": 3 doubles when related(2 chow, same suit, same rank) == 2
    rule two_twice excludes twice
    rule triple_pung "Triple pung": 2 doubles when triple > 0 and style == hk
    rule shifted "Mixed shifted chows": 1 double when related(3 chow, different suits, ranks step 1) > 0
}
'''


def _write(tmp_path, text, name="over.mj"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def _codes(path, sets=()):
    return [d.code for d in check_file(path, sets).diagnostics]


@pytest.fixture(scope="module")
def overlay(tmp_path_factory):
    return _write(tmp_path_factory.mktemp("sets"), OVERLAY)


def _score(auto, hand, win, source="discard", exposed=(), compiled=True):
    inp = read_hand_input(auto, hand=hand, exposed=exposed, win=win, source=source, seat="S")
    return score_hand(auto, inp, compiled=compiled)


# -- relations between sets ---------------------------------------------------------

def test_relations_hold_by_suit_and_rank():
    assert holds([("b", 1), ("b", 4), ("b", 7)], "same", 3)
    assert not holds([("b", 1), ("c", 4), ("b", 7)], "same", 3)
    assert holds([("b", 2), ("c", 2), ("d", 2)], "different", 0)
    assert not holds([("b", 2), ("b", 2), ("d", 2)], "different", 0)
    assert holds([("d", 4), ("b", 2), ("c", 3)], "different", 1)  # in any order
    assert holds([("b", 5), ("d", 1)], "any", None)


def test_groups_share_no_set():
    rel = Relation(2, None, "same", 0, "")
    assert _groups([("b", 1)] * 4, rel) == 2
    assert _groups([("b", 1)] * 3, rel) == 1
    assert _groups([("b", 1), ("b", 1), ("c", 1), ("c", 1)], rel) == 2
    assert _groups([("b", 1), ("c", 1), ("d", 1)], rel) == 0


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "closures"])
@pytest.mark.parametrize("hand,win,expected", [
    ("1b 2b 3b 4b 5b 6b 7b 8b 9b 1c 1c 1c N N", "N", {"straight"}),
    ("1b 2b 3b 1b 2b 3b 5c 6c 7c 1d 1d 1d N N", "N", {"twice"}),
    ("1b 2b 3b 1b 2b 3b 5c 6c 7c 5c 6c 7c N N", "N", {"two_twice"}),  # and not `twice` too
    ("2b 2b 2b 2c 2c 2c 2d 2d 2d 5d 6d 7d N N", "N", {"triple_pung"}),
    ("2b 3b 4b 3c 4c 5c 4d 5d 6d 9d 9d 9d N N", "N", {"shifted"}),
    ("2b 3b 4b 3b 4b 5b 4d 5d 6d 9d 9d 9d N N", "N", set()),  # two of one suit: not mixed
])
def test_related_rules_apply_to_the_hands_they_name(overlay, hand, win, expected, compiled):
    auto = compile_ruleset(overlay)
    ours = {"straight", "twice", "two_twice", "triple_pung", "shifted"}
    names = {line.name for line in _score(auto, hand, win, compiled=compiled).lines}
    assert names & ours == expected


def test_a_choice_option_compared_in_a_condition_is_folded_in(overlay):
    hand = "2b 2b 2b 2c 2c 2c 2d 2d 2d 5d 6d 7d N N"
    assert "triple_pung" in {r.name for r in _score(compile_ruleset(overlay), hand, "N").lines}
    mcr = compile_ruleset(overlay, [("style", "mcr")])
    assert "triple_pung" not in {r.name for r in _score(mcr, hand, "N").lines}
    assert next(r for r in mcr.scoring.rules if r.name == "triple_pung").when.value is False


def test_relations_are_remembered_per_reading(overlay):
    auto = compile_ruleset(overlay)
    _score(auto, "1b 2b 3b 4b 5b 6b 7b 8b 9b 1c 1c 1c N N", "N")
    from mjdsl.scoring.tables import tables_for

    memo = tables_for(auto).relation_memo
    assert memo
    before = len(memo)
    _score(auto, "1b 2b 3b 4b 5b 6b 7b 8b 9b 1c 1c 1c N N", "N")
    assert len(memo) == before


# -- arithmetic, lets, several lines ----------------------------------------------

@pytest.mark.parametrize("value,expected", [
    ("min(points, 10)", 10), ("max(points, 1000)", 1000), ("round_up(points, 100)", 100),
    ("-points + 50", 18), ("round_up(min(points, 40), 25) * 2 ^ doubles", 50 * 8), ("base * 2", 64),
    ("round_up(-(points), 10)", -30),
])
def test_arithmetic_and_lets_in_the_value(tmp_path, value, expected):
    p = _write(tmp_path, f'extends "classical.mj"\nscoring {{\n    let base = points\n    value {value}\n}}\n')
    auto = compile_ruleset(p)
    # the DMJL's worked example 1 (tests/scoring/dmjl.txt): 32 points, 3 doubles
    res = _score(auto, "5c 5c", "5c", exposed=["1c 1c 1c", "7c 7c 7c", "2c 3c 4c", "6c 6c 6c"])
    assert (res.points, res.doubles) == (32, 3)
    assert res.score == expected


def test_a_long_expression_runs_over_lines():
    parsed = parse_source(Source("x.mj", "scoring {\n    rule a: 1 double when (won and\n        sets(chow) == 0 or\n"
                                         "        max(points,\n            doubles) > 3\n    )\n}\n"))
    assert not parsed.diagnostics
    rule = parsed.program.stmts[0].stmts[0]
    assert isinstance(rule.condition, A.BinOp) and rule.condition.op == "or"


@pytest.mark.parametrize("text,code", [
    ('option limit = 10 "L"\nscoring {\n    let limit = points\n    value limit\n}\n', "MJ281"),
    ('scoring {\n    let a = points\n    let a = doubles\n    value a\n}\n', "MJ281"),
    ('option style = hk "S" one of hk mcr\nscoring {\n    rule a: 1 double when style == hkk\n}\n', "MJ282"),
    ('scoring {\n    value points * (doubles > 2)\n}\n', "MJ283"),
    ('scoring {\n    value -(won and dealer)\n}\n', "MJ283"),
    ('scoring {\n    value max(points, self_drawn)\n}\n', "MJ283"),
    ('scoring {\n    rule a: 1 double when related(1 chow, same suit, same rank) > 0\n}\n', "MJ284"),
    ('scoring {\n    rule a: 1 double when won\n    rule a excludes a\n}\n', "MJ285"),
    ('scoring {\n    rule a: 1 double when won\n    rule a excludes b\n}\n', "MJ204"),
    ('scoring {\n    value points + related(2 chow, same suit, same rank)\n}\n', "MJ226"),
    ('scoring {\n    value max(points)\n}\n', "MJ218"),
    ('scoring {\n    let early = later\n    let later = points\n    value early\n}\n', "MJ204"),  # sees only lets above
    ('charleston when related(2 chow, same suit, same rank) > 0 {\n    pass 3 right\n}\n', "MJ204"),
])
def test_mistakes_are_refused_with_their_code(tmp_path, text, code):
    p = _write(tmp_path, 'extends "classical.mj"\n' + text)
    assert code in _codes(p)


@pytest.mark.parametrize("count", ["discards_since(standing)", "claims_since(standing)", "announcers(standing)"])
def test_counts_of_the_table_are_numbers_in_arithmetic(tmp_path, count):
    # they count discards, claims and players: a number, not a truth counted as 1 or 0
    p = _write(tmp_path, f'extends "classical.mj"\nscoring {{\n    value points + {count}\n}}\n')
    assert "MJ283" not in _codes(p)


def test_the_right_forms_check_clean(overlay):
    assert [c for c in _codes(overlay) if c.startswith("MJ2")] == []


# -- exclusions ---------------------------------------------------------------------

def test_an_excluded_rule_is_not_counted(tmp_path):
    hand = ("1b 2b 3b 1b 2b 3b 5c 6c 7c 5c 6c 7c N N", "N")
    text = OVERLAY.replace("    rule two_twice excludes twice\n", "")
    without = compile_ruleset(_write(tmp_path, text))
    names = {r.name for r in _score(without, *hand).lines}
    assert {"twice", "two_twice"} <= names
    with_ = compile_ruleset(_write(tmp_path, OVERLAY, "with.mj"))
    res = _score(with_, *hand)
    assert "twice" not in {r.name for r in res.lines}
    assert _score(without, *hand).doubles == res.doubles + 1


def test_a_per_set_rule_can_be_excluded():
    hk = compile_ruleset(ROOT / "rulesets" / "hong-kong.mj")
    res = _score(hk, "0 0 0 2b 3b 4b 5c 5c", "5c", exposed=["R R R", "G G G"])
    assert "great_dragons" in {r.name for r in res.lines}
    assert "dragon_pung" not in {r.name for r in res.lines}


# -- the minimum to go out ------------------------------------------------------------

def _seeded_wins(auto, hands=12):
    """The values of the hands greedy bots win in seeded hands."""
    from mjdsl.bots import make_bot
    from mjdsl.engine.run import play_hand

    values = []
    for seed in range(hands):
        rec = play_hand(auto, f"minimum{seed}", [make_bot("greedy") for _ in range(auto.seats)])
        if rec.result.get("winner") is not None:
            values.append(rec.result["value"])
    return values


def test_the_engine_offers_no_win_below_the_minimum():
    path = ROOT / "rulesets" / "hong-kong.mj"
    strict = _seeded_wins(compile_ruleset(path))
    loose = _seeded_wins(compile_ruleset(path, [("min_faan", "0")]))
    assert strict and all(v >= 8 for v in strict)
    assert any(v < 8 for v in loose)


def test_the_minimum_is_judged_of_the_hand_as_scored():
    from mjdsl.scoring.score import goes_out

    hk = compile_ruleset(ROOT / "rulesets" / "hong-kong.mj")
    two = _score(hk, "1b 2b 3b 4c 5c 6c 7d 8d 9d 2b 3b 4b R R", "4b")  # 2 faan
    three = _score(hk, "1b 2b 3b 4c 5c 6c 7d 8d 9d 2b 3b 4b 5d 5d", "5d")  # 3 faan
    assert not goes_out(hk, two) and goes_out(hk, three)
    assert goes_out(compile_ruleset(ROOT / "rulesets" / "hong-kong.mj", [("min_faan", "2")]), two)


def test_the_formatter_indents_a_continued_expression_once():
    from mjdsl.authoring.fmt import format_text

    text = "scoring {\n  rule b: 2 doubles when (sets(chow) == 0 or\nsets(pung) == 4\n      )\n    value max(1,\n 2)\n}\n"
    out = format_text(text)
    assert out == ("scoring {\n    rule b: 2 doubles when (sets(chow) == 0 or\n        sets(pung) == 4\n    )\n"
                   "    value max(1,\n        2)\n}\n")
    assert format_text(out) == out


def test_unary_minus_of_a_string_is_refused_not_a_crash(tmp_path):
    p = _write(tmp_path, 'extends "classical.mj"\nsession {\n    rounds -"a" * 0\n}\n')
    codes = _codes(p)
    assert "MJ218" in codes and "MJ299" not in codes
