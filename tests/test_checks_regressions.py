"""Inputs that once crashed a check (found by tests/test_syntax_fuzz.py), kept as examples.

Each must give ordinary diagnostics: no MJ299 (a check raised) and no MJ199, and no
exception either (building the tile set runs before the checks are guarded).
Hypothesis finds such inputs by chance; pinning them here keeps CI from turning red
at random and keeps the fix from coming undone.
"""

from __future__ import annotations

import pytest

from mjdsl.check import run_checks
from mjdsl.frontend.load import load_text

CASES = {
    # a pattern with no statements: check_winning multiplied the empty tuple
    "empty pattern with a deal": "deal {\n    all 1\n}\nwinning {\n    pattern a {\n    }\n}\n",
    # a suit declared twice, only the second with a dragon: the dragon check read the first
    "suit twice, one dragon": 'tiles{\nsuit b "" 0..0 x 0\nzero ""\nsuit b "" 0..0 x 1 dragon "1"\n}\n',
    # a deal and no winning block: a check that sized the patterns must not read the block
    "deal without winning": "deal {\n    all 13\n    dealer 1\n}\n",
    # a suit declared twice, the first invalid: the dragon check read the first declaration
    "suit twice, first invalid": ('ruleset "x"\ntiles {\n    suit bam "b" 9..1 x4\n'
                                  '    suit bam "c" 1..9 x4 dragon "G"\n}\n'),
}


@pytest.mark.parametrize("text", CASES.values(), ids=list(CASES))
def test_no_internal_error(text):
    loaded = load_text(text, "regression.mj")
    assert loaded.ruleset is not None
    _, diags = run_checks(loaded.ruleset)
    assert not [d for d in diags if d.code in ("MJ199", "MJ299")], diags


def _codes_at(text: str) -> list[tuple[str, int, int]]:
    loaded = load_text(text, "regression.mj")
    _, diags = run_checks(loaded.ruleset)
    return sorted((d.code, d.span.line, d.span.column) for d in diags if d.code in ("MJ202", "MJ203", "MJ214", "MJ217"))


def test_a_suit_declared_twice_reports_each_problem_once_at_its_own_line():
    found = _codes_at(CASES["suit twice, first invalid"])
    # line 3: the ranks run backwards; line 4: the name again, and its dragon is no tile
    assert ("MJ217", 3, 5) in found
    assert [c for c in found if c[1] == 4 and c[0] == "MJ214"] == [("MJ214", 4, 33)]
    # the name again is one finding, though the first declaration was refused
    assert [c for c in found if c[0] in ("MJ202", "MJ203")] == [("MJ203", 4, 10)]


@pytest.mark.parametrize("first", ["9..1 x4", "1..9 x4", "1..9 x0"])
def test_a_suit_declared_twice_is_one_finding_naming_the_first(first):
    """structure.py's MJ202 (a name written twice) and tiles.py's MJ203 once both
    reported a suit's name twice, at the same place; the tiles check alone does now,
    valid first declaration or not, and points at the first."""
    text = f'ruleset "x"\ntiles {{\n    suit bam "b" {first}\n    suit bam "c" 1..9 x4\n}}\n'
    loaded = load_text(text, "regression.mj")
    _, diags = run_checks(loaded.ruleset)
    [twice] = [d for d in diags if d.code in ("MJ202", "MJ203")]
    assert (twice.code, twice.span.line, twice.span.column) == ("MJ203", 4, 10)
    assert twice.message == "suit `bam` is defined twice"
    assert "the first is at regression.mj:3:10" in twice.hint


def test_a_tile_with_no_copies_is_reported_once():
    text = 'ruleset "x"\ntiles {\n    suit bam "b" 1..9 x4\n    joker "J" x0\n}\n'
    assert _codes_at(text) == [("MJ217", 4, 5)]
