"""Inputs that once crashed a check (found by tests/test_syntax_fuzz.py), kept as examples.

Each must give ordinary diagnostics: no MJ299 (a check raised) and no MJ199.
"""

from __future__ import annotations

import pytest

from mjdsl.check import run_checks
from mjdsl.load import load_text

CASES = {
    # a pattern with no statements: check_winning multiplied the empty tuple
    "empty pattern with a deal": "deal {\n    all 1\n}\nwinning {\n    pattern a {\n    }\n}\n",
    # a suit declared twice, only the second with a dragon: the dragon check read the first
    "suit twice, one dragon": 'tiles{\nsuit b "" 0..0 x 0\nzero ""\nsuit b "" 0..0 x 1 dragon "1"\n}\n',
}


@pytest.mark.parametrize("text", CASES.values(), ids=list(CASES))
def test_no_internal_error(text):
    loaded = load_text(text, "regression.mj")
    assert loaded.ruleset is not None
    _, diags = run_checks(loaded.ruleset)
    assert not [d for d in diags if d.code in ("MJ199", "MJ299")], diags
