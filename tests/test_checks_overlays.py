"""How an overlay (``extends``) merges over its base: load.py's statement_key rules.

docs/language.md ("Overlays") states these rules; each test here is one of them,
written as a house-rule overlay on a shipped ruleset.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mjdsl import ast as A
from mjdsl.check import run_checks
from mjdsl.frontend.load import load_text

RULESETS = Path(__file__).resolve().parent.parent / "rulesets"


@pytest.fixture(autouse=True)
def _in_rulesets(monkeypatch):
    monkeypatch.chdir(RULESETS)


def overlay(text: str):
    loaded = load_text(text, "house.mj")
    assert loaded.ruleset is not None, loaded.diagnostics
    return loaded.ruleset


def names(block) -> list[str]:
    return [s.name.text for s in block.stmts if isinstance(getattr(s, "name", None), A.Word)]


def test_named_statement_replaces_the_base_statement_of_that_name_in_place():
    rs = overlay('extends "classical.mj"\nscoring {\n    rule mahjong "Mah Jongg": 30 points when won\n}\n')
    rules = [s for s in rs.block(A.ScoringBlock).stmts if isinstance(s, A.ScoreRule)]
    assert rules[0].name.text == "mahjong" and rules[0].amount == 30
    assert len([r for r in rules if r.name.text == "mahjong"]) == 1


def test_new_named_statement_is_added_at_the_end():
    rs = overlay('extends "classical.mj"\nscoring {\n    rule friday: 10 points when won\n}\n')
    assert names(rs.block(A.ScoringBlock))[-1] == "friday"
    assert "mahjong" in names(rs.block(A.ScoringBlock))


def test_wall_setting_replaces_only_that_setting():
    rs = overlay('extends "classical.mj"\nwall {\n    dead wall 16\n}\n')
    settings = {s.key: s.value for s in rs.block(A.WallBlock).all(A.WallSetting)}
    assert settings["dead wall"] == 16 and settings["length"] == 18


def test_unnamed_statement_replaces_every_base_statement_of_its_type():
    rs = overlay('extends "american.mj"\ncharleston when charleston {\n    pass 3 right\n}\n')
    passes = rs.block(A.CharlestonBlock).all(A.PassStep)
    assert [(p.count, p.direction) for p in passes] == [(3, "right")]
    assert rs.block(A.CharlestonBlock).all(A.CourtesyStep)  # other types stay


def test_remove_drops_named_statements_of_the_base():
    rs = overlay('extends "classical.mj"\nremove heavenly_hand earthly_hand\n')
    assert "heavenly_hand" not in names(rs.block(A.ScoringBlock))
    assert "mahjong" in names(rs.block(A.ScoringBlock))


def test_set_changes_an_option_value():
    rs = overlay('extends "american.mj"\nset session_hands = 8\n')
    ctx, diags = run_checks(rs)
    assert ctx.options["session_hands"].value == 8


def test_the_block_line_of_an_overlay_wins():
    """`seats 3 { ... }` over a 4-seat base gives 3 seats (once silently kept 4)."""
    rs = overlay('extends "classical.mj"\nseats 3 {\n    winds "E" "S" "W"\n}\n')
    assert rs.block(A.SeatsBlock).count == 3
    rs = overlay('extends "american.mj"\njokers "F" {\n    never passed\n}\n')
    assert rs.block(A.JokersBlock).tile.text == "F"


def test_a_block_line_without_condition_keeps_the_base_condition():
    rs = overlay('extends "american.mj"\ncharleston {\n    pass 3 right\n}\n')
    assert isinstance(rs.block(A.CharlestonBlock).condition, A.Name)


def test_an_overlay_may_restate_a_block_but_not_twice():
    text = 'extends "american.mj"\nsession {\n    hands 8\n}\nsession {\n    hands 4\n}\n'
    _, diags = run_checks(overlay(text))
    assert "MJ201" in [d.code for d in diags]


def test_a_dragon_line_replaces_the_dragons_only():
    """Honour and bonus lines are keyed by their class (a dragon line once dropped the winds)."""
    rs = overlay('extends "american.mj"\ntiles {\n    dragon "R" "G" "0" x4\n}\n')
    classes = [s.cls for s in rs.block(A.TilesBlock).all(A.HonourDecl)]
    assert sorted(classes) == ["dragon", "wind"]
    _, diags = run_checks(rs)
    assert not [d for d in diags if d.is_error]


def test_a_tile_the_overlay_gives_twice_is_reported_at_the_overlays_line():
    """The overlay's wind line takes the base's place, before the base's dragons: the
    clash is the overlay's doing, so MJ203 points at it and names the base's line."""
    rs = overlay('extends "classical.mj"\ntiles {\n    wind "E" "S" "W" "N" "R" x4\n}\n')
    _, diags = run_checks(rs)
    [twice] = [d for d in diags if d.code == "MJ203"]
    assert (twice.span.path, twice.span.line) == ("house.mj", 3)
    assert "classical.mj:25" in twice.hint
