"""MJ307 (check/lint_reachable.py) walks the states, claims, kongs and dead-hand causes
alone (start-up, issue 12), and lowers the whole ruleset only when a state is left
unreached: it says exactly what it said when it lowered every ruleset whole."""

from __future__ import annotations

from pathlib import Path

import pytest

import mjdsl.ir.lower as L
from mjdsl.check import lint_reachable as R
from mjdsl.frontend.checked import check_file

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted(ROOT.glob("rulesets/*.mj")) + sorted(ROOT.glob("examples/**/*.mj"))
UNREACHABLE = ROOT / "tests" / "lint" / "mj307-unreachable-state.mj"


def _as_before(ctx) -> list:
    """MJ307 as it was found before: the whole (cardless) lowering walked."""
    auto = R._lower(ctx)
    if auto is None or auto.start is None:
        return []
    seen, blocked = R.walk(auto)
    return sorted(sid for sid in auto.states if sid not in seen)


@pytest.mark.parametrize("path", SHIPPED + [UNREACHABLE], ids=[p.name for p in SHIPPED + [UNREACHABLE]])
def test_the_skeleton_walks_as_the_whole_automaton(path):
    ctx = check_file(path).ctx
    sk, whole = R._skeleton(ctx), R._lower(ctx)
    assert sk is not None and whole is not None
    assert (sk.start, sk.states, sk.claims, sk.kongs, sk.dead_causes) == \
           (whole.start, whole.states, whole.claims, whole.kongs, whole.dead_causes)
    assert R.walk(sk) == R.walk(whole)


def test_a_ruleset_whose_states_are_all_reached_is_not_lowered_whole(monkeypatch):
    ctx = check_file(ROOT / "rulesets" / "classical.mj").ctx
    asked = []
    monkeypatch.setattr(L, "lower", lambda c: asked.append(c) or pytest.fail("lowered whole"))
    assert R.check_reachable(ctx) == [] and asked == []


def test_an_unreached_state_is_reported_only_if_the_whole_ruleset_lowers(monkeypatch):
    ctx = check_file(UNREACHABLE).ctx
    found = R.check_reachable(ctx)
    assert [d.code for d in found] == ["MJ307"] and _as_before(ctx)

    def broken(c):
        raise KeyError("a block the checks found wrong")

    monkeypatch.setattr(L, "lower", broken)
    assert R.check_reachable(ctx) == []  # as before: a ruleset too broken to lower says nothing
