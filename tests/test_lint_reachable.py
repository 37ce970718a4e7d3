"""MJ307 (check/lint_reachable.py) walks the states, claims, kongs and dead-hand causes
alone (start-up, issue 12), and lowers the whole ruleset only when a state is left
unreached: it says exactly what it said when it lowered every ruleset whole."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import attrs
import pytest

import mjdsl.ir.lower as L
from mjdsl import ast as A
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


def _auto(claims=(), kongs=None, dead=(), start="a", states=None):
    return R.Skeleton(start, states or {}, tuple(claims), kongs or {}, tuple(dead))


WIN, PUNG = SimpleNamespace(is_win=True), SimpleNamespace(is_win=False)


@pytest.mark.parametrize("guard, auto, can", [
    ("claimed", _auto(claims=[WIN, PUNG]), True),
    ("claimed", _auto(claims=[WIN]), False),  # a claim to go out makes no exposure
    ("claimed", _auto(), False),
    ("replace", _auto(kongs={"concealed": True, "added": False}), True),
    ("replace", _auto(kongs={"concealed": False, "added": True}), True),
    ("replace", _auto(kongs={"concealed": False, "added": False}), False),
    ("rob", _auto(kongs={"added": True, "robbable": True}), True),
    ("rob", _auto(kongs={"added": True, "robbable": False}), False),
    ("rob", _auto(kongs={"added": False, "robbable": True}), False),
    ("all_dead", _auto(dead=("false mahjong",)), True),
    ("all_dead", _auto(), False),
    ("won", _auto(), True),
    ("always", _auto(), True),
])
def test_a_guard_can_fire_only_when_the_rules_in_force_can_raise_it(guard, auto, can):
    assert R.feasible(guard, auto) is can


def _state(*next_):
    return SimpleNamespace(next=[SimpleNamespace(guard=g, target=t) for g, t in next_])


def test_the_walk_follows_the_transitions_that_can_fire_and_names_the_guards_of_those_that_cannot():
    """a -> b always, a -> c when claimed (no claim of an exposure here), b -> a and
    b -> gone (a state the automaton lacks), c -> d: c and d are left, c blocked by
    `claimed`, d by nothing walked."""
    states = {"a": _state(("always", "b"), ("claimed", "c")), "b": _state(("always", "a"), ("won", "gone")),
              "c": _state(("always", "d")), "d": _state()}
    seen, blocked = R.walk(_auto(claims=[WIN], states=states))
    assert seen == {"a", "b", "gone"} and blocked == {"c": {"claimed"}}
    assert R.walk(_auto(start=None, states=states)) == (set(), {})


@pytest.mark.parametrize("name, declares", [
    ("american.mj", {"claimed": True, "replace": False, "rob": False, "all_dead": True, "won": True}),
    ("hong-kong.mj", {"claimed": True, "replace": True, "rob": True, "all_dead": False, "won": True}),
])
def test_a_guard_serves_a_feature_the_ruleset_declares_or_the_skeleton_of_play(name, declares):
    """American declares no kong on a turn; Hong Kong no dead hands."""
    rs = check_file(ROOT / "rulesets" / name).ctx.ruleset
    assert {g: R.declared(g, rs) for g in declares} == declares


def test_a_ruleset_whose_claims_make_no_exposure_declares_no_claimed_turn():
    rs = check_file(ROOT / "rulesets" / "american.mj").ctx.ruleset
    claims = rs.block(A.ClaimsBlock)
    only_win = attrs.evolve(claims, stmts=tuple(c for c in claims.stmts if getattr(c, "size", None) is None))
    assert R.declared("claimed", rs) is True
    assert R.declared("claimed", attrs.evolve(rs, blocks={**rs.blocks, claims.KIND: only_win})) is False
    no_claims = attrs.evolve(rs, blocks={k: b for k, b in rs.blocks.items() if k != claims.KIND})
    assert R.declared("claimed", no_claims) is False and R._feature("claimed", no_claims) == []


def test_each_guard_says_what_it_needs():
    assert [R._needs(g) for g in ("claimed", "replace", "rob", "all_dead", "wall_game")] == [
        "no claim of an exposure is in force", "no kong may be declared on a turn", "no added kong may be robbed",
        "no hand can go dead", "never raised"]


@pytest.mark.parametrize("name, at", [("mj307-unreachable-state.mj", (6, 1)), ("mj307-claims-off-by-default.mj", (9, 5))])
def test_an_unreached_state_is_told_at_the_set_that_switched_it_off_or_else_at_its_feature(name, at):
    """The `set calls = off` line when the overlay sets the option its claims read;
    the first claim when the option is off by its declaration."""
    [d] = R.check_reachable(check_file(ROOT / "tests" / "lint" / name).ctx)
    assert (d.span.line, d.span.column) == at and d.span.path.endswith(name)
    assert d.message == ("state `play.after_claim` (the turn after a claimed discard) can't be reached: no transition "
                         "into it can fire: `claimed` (no claim of an exposure is in force)")
    assert d.hint == "see `mjdsl compile --emit dot`; an option in force may switch off what leads there"


def test_the_walk_goes_on_past_a_target_the_automaton_lacks():
    """a leads to b and to gone (no such state), taken first: b's own target c is still walked."""
    states = {"a": _state(("always", "b"), ("always", "gone")), "b": _state(("always", "c")), "c": _state()}
    assert R.walk(_auto(states=states)) == ({"a", "b", "gone", "c"}, {})


@pytest.mark.parametrize("name, guard, count", [
    ("classical.mj", "claimed", 3), ("classical.mj", "replace", 2), ("classical.mj", "rob", 2),
    ("classical.mj", "won", 0), ("classical.mj", "all_dead", 0), ("american.mj", "replace", 0),
])
def test_a_guards_feature_is_its_claims_of_exposures_or_its_kongs_on_a_turn(name, guard, count):
    """Classical claims chow, pung and kong (its mah jongg claim makes no exposure) and
    declares concealed and added kongs on a turn; American declares no kong on a turn."""
    rs = check_file(ROOT / "rulesets" / name).ctx.ruleset
    found = R._feature(guard, rs)
    assert len(found) == count
    if guard in ("replace", "rob") and count:
        assert all(isinstance(d, A.KongAllowed) for d in found)


def test_the_states_are_lowered_without_the_card_and_the_rest_of_the_winning_block_kept():
    ctx = check_file(UNREACHABLE).ctx
    win = ctx.ruleset.block(A.WinningBlock)
    cardless = R._cardless(ctx).ruleset.block(A.WinningBlock)
    assert win.all(A.CardRef) and cardless.all(A.CardRef) == []
    assert cardless.stmts == tuple(s for s in win.stmts if not isinstance(s, A.CardRef))
    assert ctx.ruleset.block(A.WinningBlock) is win  # the context checked is left as it was


def test_each_unreached_state_is_told_past_one_of_an_undeclared_feature_and_one_the_base_explains(monkeypatch):
    """Three states left unreached in one walk, so the automaton is made up (over the
    claims-off overlay; its lowering leaves only the turn after a claim unreached): `robbed` waits on a
    kong robbed (American declares no kong on a turn: the skeleton of play, not told),
    `orphan` on nothing and is the base's (lowered from american.mj), `after` on a claim
    of an exposure, which the overlay's `set calls = off` switched off: told there."""
    ctx = check_file(UNREACHABLE).ctx
    base_span = ctx.ruleset.base.block(A.ClaimsBlock).span
    assert base_span.path.endswith("american.mj")

    def state(span, *next_):
        return SimpleNamespace(step="turn", params={}, span=span, next=[SimpleNamespace(guard=g, target=t) for g, t in next_])

    states = {"a": state(base_span, ("always", "b"), ("rob", "robbed"), ("claimed", "after")), "b": state(base_span),
              "robbed": state(base_span), "orphan": state(base_span), "after": state(base_span)}
    auto = _auto(claims=[WIN], states=states)
    monkeypatch.setattr(R, "_skeleton", lambda c: auto)
    monkeypatch.setattr(R, "_lower", lambda c: auto)
    [d] = R.check_reachable(ctx)
    assert d.message.startswith("state `after` (a turn) can't be reached: no transition into it can fire: `claimed`")
    assert (d.span.line, d.span.column) == (6, 1) and d.span.path.endswith(UNREACHABLE.name)
