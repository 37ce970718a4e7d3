"""The parts of the language the scoring tables need: special-hand pattern statements,
penalties in limits, ``calling_for``, and the BMJA overlay stating only differences."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjdsl import ast as A
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.frontend.checked import check_file
from mjdsl.hands import Knitted, OneOf, PairsOf
from mjdsl.source import Source
from mjdsl.syntax.parse import parse_source, parser

ROOT = Path(__file__).resolve().parent.parent


def test_grammar_still_builds_strictly():
    parser(strict=True)


def test_special_hand_statements_parse():
    text = """winning {
    pattern p "P" {
        knitted 4 triples
        knitted 1 pair distinct
        pairs 7 of terminal + honour distinct
        one more of that suit + wind ranked 2..8
        concealed
    }
}
payments {
    penalty a: -50 points
    penalty b: -0.5 limit
}
"""
    parsed = parse_source(Source("x.mj", text))
    assert not parsed.diagnostics
    win, pay = parsed.program.stmts
    knit3, knit1, pairs, extra, _ = win.stmts[0].stmts
    assert (knit3.count, knit3.width, knit3.distinct) == (4, 3, False)
    assert (knit1.count, knit1.width, knit1.distinct) == (1, 2, True)
    assert isinstance(pairs, A.PatPairsOf) and pairs.distinct and [w.text for w in pairs.tiles.names] == ["terminal", "honour"]
    assert [w.text for w in extra.also] == ["wind"] and extra.ranks == (2, 8)
    assert [(p.points, p.unit) for p in pay.stmts] == [(-50, "points"), (-0.5, "limits")]


def test_bmja_states_only_its_differences_and_lowers_them():
    bmja = compile_ruleset(ROOT / "rulesets" / "classical-bmja.mj")
    dmjl = compile_ruleset(ROOT / "rulesets" / "classical.mj")
    assert (dmjl.scoring.limit, bmja.scoring.limit) == (500, 1000)
    std = {p.name: p for p in bmja.winning.patterns}
    assert std["standard"].max_chows == 1
    # the kong boxes: the seed's last 14 tiles and 2 loose tiles in both tables
    assert dmjl.wall.dead + dmjl.wall.loose == 16 and bmja.wall.dead + bmja.wall.loose == 16
    assert "nine_gates" not in std and "gates_of_heaven" in std
    gates = std["gates_of_heaven"].special
    assert isinstance(gates.parts[1], OneOf) and gates.parts[1].tiles.ranks == tuple(range(2, 9))
    assert [type(p) for p in std["triple_knitting"].special.parts] == [Knitted, Knitted]
    assert std["triple_knitting"].special.parts[0].suits == ("a", "b", "c")
    assert isinstance(std["all_pair_honours"].special.parts[0], PairsOf)
    names = {r.name for r in bmja.scoring.rules}
    for removed in ("no_points", "one_suit", "only_possible_tile", "hidden_treasure", "little_three_dragons", "snake"):
        assert removed not in names
    titles = {r.name: r.title for r in bmja.scoring.rules}
    assert titles["thirteen_orphans"] == "The 13 Unique Wonders"
    assert bmja.payments.penalties == {"false_mahjong": -500}  # a false claim never happens in play (MJ311)


def test_bmja_text_is_short():
    lines = [ln for ln in (ROOT / "rulesets" / "classical-bmja.mj").read_text().splitlines()
             if ln.strip() and not ln.strip().startswith("#")]
    assert len(lines) < 80  # an overlay, not a copy


@pytest.mark.parametrize(
    "condition, message",
    [
        ("calling_for(no_such_rule)", "no score rule `no_such_rule`"),
        ("calling_for()", "one or more rule names"),
        ("calling_for(won)", "no score rule `won`"),
    ],
)
def test_calling_for_names_score_rules(tmp_path, condition, message):
    path = tmp_path / "house.mj"
    path.write_text(f'extends "classical.mj"\nscoring {{\n    rule x "X": 1 double when not won and {condition}\n}}\n')
    checked = check_file(path)
    assert any(message in d.message for d in checked.errors), [d.message for d in checked.diagnostics]


def test_a_house_rule_can_call_for_any_rule(tmp_path):
    from mjdsl.scoring import score_hand
    from mjdsl.scoring.notation import read_hand_input

    path = tmp_path / "house.mj"
    path.write_text('extends "classical.mj"\nscoring {\n'
                    '    rule calling_for_jade "Calling for imperial jade": 0.4 limit when not won and calling_for(imperial_jade)\n'
                    '}\n')
    auto = compile_ruleset(path)
    h = read_hand_input(auto, exposed=["2b 3b 4b", "6b 6b 6b"], hand="8b 8b 8b G G 3b 3b", seat="S")
    assert score_hand(auto, h).total == 200  # 0.4 x 500, more than 2 + 4 + 2 = 8 points


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "closures"])
def test_a_completed_hand_is_calling_for_nothing(tmp_path, compiled):
    """calling_for(...) scores each completion of the hand, and a completion is not
    asked what it would complete to: there calling_for is false, so a rule written
    ``calling_for(mahjong) == false`` applies to each completion, and a rule calling
    for it applies to the hand. In the hand itself (calling on 1b or 4b for mahjong) it
    does not."""
    from mjdsl.scoring import score_hand
    from mjdsl.scoring.notation import read_hand_input

    path = tmp_path / "house.mj"
    path.write_text('extends "classical.mj"\nscoring {\n'
                    '    rule asks "Asks": 1 point when won and calling_for(answers)\n'
                    '    rule answers "Answers": 1 point when won and calling_for(mahjong) == false\n}\n')
    auto = compile_ruleset(path)
    h = read_hand_input(auto, hand="2b 3b 4b 5c 6c 7c 7d 8d 9d E E E N N", win="4b", source="wall", seat="S")
    names = score_hand(auto, h, compiled=compiled).rule_names
    assert "asks" in names and "answers" not in names
