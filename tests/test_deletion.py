"""The deletion test (issue 9, "no dead language"): every statement of every
shipped ruleset and overlay, deleted, is refused by the checker, or was reported by
lint as it stands, or plays differently in a targeted scenario (tests/deletion.py
says which scenarios, and how a statement is deleted). A statement that changes
nothing fails here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from deletion import SHIPPED, Baselines, account, statements

ROOT = Path(__file__).resolve().parent.parent
STATEMENTS = [s for path in SHIPPED for s in statements(path)]
BASE = Baselines()


@pytest.mark.parametrize("stmt", STATEMENTS, ids=lambda s: s.id)
def test_every_statement_is_refused_linted_or_plays(stmt):
    result = account(BASE, stmt)
    assert result != "dead", f"{stmt.id}: deleting it changes nothing"


def test_every_shipped_file_is_covered_and_every_kind_of_answer_is_seen():
    assert {p.name for p in SHIPPED} >= {"american.mj", "classical.mj", "classical-bmja.mj", "no-charleston.mj",
                                         "hong-kong.mj", "american-3p.mj", "riichi.mj", "five-players.mj",
                                         "east-pays-as-others.mj"}
    # every file of rulesets/ and examples/house-rules/ is read, and each gives statements to delete
    assert set(SHIPPED) == set(ROOT.glob("rulesets/*.mj")) | set(ROOT.glob("examples/house-rules/*.mj"))
    assert {s.path for s in STATEMENTS} == set(SHIPPED)
    assert len(STATEMENTS) > 250
    kinds = {s.node.__class__.__name__ for s in STATEMENTS}
    assert {"ScoreRule", "ClaimDecl", "PassStep", "SetOption", "Remove", "PatternDecl", "Pay"} <= kinds


def test_a_default_restated_is_answered_by_lint():
    path = ROOT / "tests" / "lint" / "mj309-restates-default.mj"
    answers = {s.text: account(BASE, s) for s in statements(path)}
    assert answers["ties go to next in turn"] == "lint"
    assert answers["draw from wall"] == "lint"
