"""A fan held twice counts twice (issue 10): ``rule NAME: AMOUNT per COUNT`` gives its
amount COUNT times in a reading, through the compiled conditions and the closures alike;
a count that is a condition is refused (MJ276). Chinese Official's repeated fan are
scored by hand in tests/scoring/mcr.txt."""

from __future__ import annotations

import pytest

import mjdsl.cards  # noqa: F401 - first: main has an import circle card_build <-> cards (reported)
from mjdsl.frontend.checked import check_file
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.scoring import score_hand
from mjdsl.scoring.notation import read_hand_input

OVERLAY = '''extends "classical.mj"
scoring {
    let groups = related(2 chow, different suits, same rank)
    rule same_chow "The same chow in two suits": 1 double per related(2 chow, different suits, same rank) when won
    rule hogs "Four alike, no kong": 3 points per (kinds(4) - sets(kong))
    rule by_let "Counted through a let": 5 points per groups when won and by_discard
    rule no_group "Never more than none": 7 points per (groups - 2) when won
}
'''


@pytest.fixture(scope="module")
def auto(tmp_path_factory):
    p = tmp_path_factory.mktemp("repeats") / "over.mj"
    p.write_text(OVERLAY, encoding="utf-8")
    return compile_ruleset(p)


def _score(auto, hand, win, exposed=(), compiled=True, source="discard"):
    inp = read_hand_input(auto, hand=hand, exposed=exposed, win=win, source=source, seat="S")
    return score_hand(auto, inp, compiled=compiled)


both = pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "closures"])

#: 234b 234c and 678b 678c: two groups of the same chow in two suits
TWICE = "2b 3b 4b 2c 3c 4c 6b 7b 8b 6c 7c 8c 5d 5d"
#: 234b 234c and 678b 789c: one group
ONCE = "2b 3b 4b 2c 3c 4c 6b 7b 8b 7c 8c 9c 5d 5d"


@both
def test_a_rule_counts_as_often_as_the_hand_holds_it(auto, compiled):
    twice = {line.name: line for line in _score(auto, TWICE, "5d", compiled=compiled).lines}
    once = {line.name: line for line in _score(auto, ONCE, "5d", compiled=compiled).lines}
    assert (twice["same_chow"].count, twice["same_chow"].value) == (2, 2)
    assert (once["same_chow"].count, once["same_chow"].value) == (1, 1)
    # through a let, and its condition still decides
    assert (twice["by_let"].count, twice["by_let"].value) == (2, 10)
    assert "by_let" not in {line.name for line in _score(auto, TWICE, "5d", compiled=compiled, source="wall").lines}
    # a count of 0 or less: the rule does not apply
    assert "no_group" not in twice and "hogs" not in twice


@both
def test_the_counts_add_up_in_the_total(auto, compiled):
    twice, once = _score(auto, TWICE, "5d", compiled=compiled), _score(auto, ONCE, "5d", compiled=compiled)
    assert twice.doubles - once.doubles == 1
    assert twice.points - once.points == 5


@both
def test_a_rule_with_no_condition_is_counted_too(auto, compiled):
    # four 4b in the chow 2-3-4 and the pung, four 7c in the chow 5-6-7 and the pung: two hogs
    r = _score(auto, "4b 4b 4b 7c 7c 7c 9d 9d", "9d", exposed=["2b 3b 4b", "5c 6c 7c"], compiled=compiled)
    line = next(line for line in r.lines if line.name == "hogs")
    assert (line.count, line.value) == (2, 6)


def test_compiled_and_closures_agree_on_the_whole_score(auto):
    for hand in (TWICE, ONCE):
        a, b = _score(auto, hand, "5d"), _score(auto, hand, "5d", compiled=False)
        assert (a.points, a.doubles, a.total) == (b.points, b.doubles, b.total)
        assert a.applied == b.applied


@pytest.mark.parametrize("count", ["won", "(sets(chow) > 1)", "pattern(standard)", "(not self_drawn)"])
def test_a_count_that_is_a_condition_is_refused(tmp_path, count):
    p = tmp_path / "bad.mj"
    p.write_text(f'extends "classical.mj"\nscoring {{\n    rule a: 1 point per {count} when won\n}}\n', encoding="utf-8")
    diags = check_file(p).diagnostics
    assert [d.code for d in diags if d.severity.value == "error"] == ["MJ278"]
    assert diags[0].span.line == 3


def test_the_overlay_checks_clean(tmp_path):
    p = tmp_path / "over.mj"
    p.write_text(OVERLAY, encoding="utf-8")
    assert [d.code for d in check_file(p).diagnostics if d.severity.value == "error"] == []


LIMITS = '''extends "classical.mj"
scoring {
    LIMITS_ADD
    rule same_chow_limit "The same chow in two suits": 1 limit per related(2 chow, different suits, same rank) when won
    rule chows_limit "Four chows": 0.5 limit when won and sets(chow) == 4
    rule per_chow_limit "Each chow": 0.25 limit per set where chow
}
'''


@pytest.mark.parametrize("adds,limits", [(True, 2 + 0.5 + 4 * 0.25), (False, 1)])
@both
def test_limits_add_only_when_the_ruleset_says_so(tmp_path, adds, limits, compiled):
    p = tmp_path / "limits.mj"
    p.write_text(LIMITS.replace("LIMITS_ADD", "limits add" if adds else ""), encoding="utf-8")
    auto = compile_ruleset(p)
    r = _score(auto, TWICE, "5d", compiled=compiled)
    assert r.limits == limits
    assert r.total == limits * auto.scoring.limit
