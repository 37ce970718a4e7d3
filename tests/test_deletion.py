"""The deletion test (issue 9, "no dead language"): every statement of every
shipped ruleset and overlay, deleted, is refused by the checker, or was reported by
lint as it stands, or plays differently in a targeted scenario (tests/deletion.py
says which scenarios, and how a statement is deleted). A statement that changes
nothing fails here, unless it is listed in ``OWNED_BY_I9_SEED``: dead only because
of a seed rule another branch fixes; once it plays, the list must lose it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from deletion import OWNED_BY_I9_SEED, SHIPPED, Baselines, account, statements

ROOT = Path(__file__).resolve().parent.parent
STATEMENTS = [s for path in SHIPPED for s in statements(path)]
BASE = Baselines()


@pytest.mark.parametrize("stmt", STATEMENTS, ids=lambda s: s.id)
def test_every_statement_is_refused_linted_or_plays(stmt):
    result = account(BASE, stmt)
    if stmt.key in OWNED_BY_I9_SEED:
        assert result == "dead", f"{stmt.id}: {result} now; remove it from OWNED_BY_I9_SEED"
    else:
        assert result != "dead", f"{stmt.id}: deleting it changes nothing"


def test_every_shipped_file_is_covered_and_every_kind_of_answer_is_seen():
    assert {p.name for p in SHIPPED} >= {"american.mj", "classical.mj", "classical-bmja.mj", "no-charleston.mj"}
    assert len(STATEMENTS) > 250
    kinds = {s.node.__class__.__name__ for s in STATEMENTS}
    assert {"ScoreRule", "ClaimDecl", "PassStep", "SetOption", "Remove", "PatternDecl", "Pay"} <= kinds


def test_the_owned_list_names_shipped_statements():
    shipped = {s.key for s in STATEMENTS}
    assert OWNED_BY_I9_SEED <= shipped


def test_a_default_restated_is_answered_by_lint():
    path = ROOT / "tests" / "lint" / "mj309-restates-default.mj"
    answers = {s.text: account(BASE, s) for s in statements(path)}
    assert answers["ties go to next in turn"] == "lint"
    assert answers["draw from wall"] == "lint"
