"""The checks' numeric bounds, each tried just inside and just past: the case the
checker must accept beside the one it must refuse, as house-rule overlays on a
shipped ruleset. (tests/broken/ pins the refused case alone; a bound needs both.)
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


def codes(text: str) -> list[str]:
    """The codes of every diagnostic the checks give the text (an overlay in rulesets/)."""
    loaded = load_text(text, "house.mj")
    assert loaded.ruleset is not None, loaded.diagnostics
    _, diags = run_checks(loaded.ruleset)
    return sorted(d.code for d in diags)


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
