"""The scorer's arithmetic at its edges: the limit and its boundaries, the roof, a
value formula of the ruleset's own, and ``per set ... when`` rules.

The hand is worked example 1 of reference/classical-scoring.md: exposed pungs of 1c,
7c and 6c, an exposed chow 2c3c4c and a pair of 5c completed by the last tile (from a
discard), South's hand: DMJL 32 points and 3 doubles, 256.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mjdsl.frontend.compile import compile_ruleset
from mjdsl.scoring import score_hand
from mjdsl.scoring.notation import read_hand_input

ROOT = Path(__file__).resolve().parent.parent
CLASSICAL = ROOT / "rulesets" / "classical.mj"
EXAMPLE = dict(exposed=["1c 1c 1c", "7c 7c 7c", "2c 3c 4c", "6c 6c 6c"], hand="5c 5c", win="5c",
               source="discard", seat="S")


def _score(sets=(), path=CLASSICAL, **hand):
    auto = compile_ruleset(path, list(sets))
    return score_hand(auto, read_hand_input(auto, **{**EXAMPLE, **hand}))


def test_the_worked_example_under_the_limit():
    r = _score()
    assert (r.points, r.doubles, r.score, r.total, r.basis) == (32, 3, 256, 256, "points")


@pytest.mark.parametrize("limit,total,basis", [
    (256, 256, "points"),   # exactly at the limit: not capped
    (255, 255, "capped"),   # one below the score: the limit pays
    (257, 256, "points"),
])
def test_a_score_is_capped_only_above_the_limit(limit, total, basis):
    r = _score([("limit", str(limit))])
    assert (r.score, r.total, r.basis) == (256, total, basis)


def test_with_the_roof_off_the_score_is_paid_in_full():
    r = _score([("limit", "100"), ("roof_off", "on")])
    assert (r.total, r.basis) == (256, "points")


def _overlay(tmp_path, body: str) -> Path:
    path = tmp_path / "house.mj"
    path.write_text(f'extends "classical.mj"\n{body}', encoding="utf-8")
    return path


def test_a_fraction_of_a_limit_pays_when_it_is_worth_more_than_the_score(tmp_path):
    # half the limit of 500 is 250, less than 256: the points are worth more
    half = _overlay(tmp_path, 'scoring {\n    rule half "Half": 0.5 limit when won\n}\n')
    r = _score(path=half)
    assert (r.total, r.basis) == (256, "points")
    # at a limit of 512 the half limit is 256, as much as the score: the limit wins ties
    r = _score([("limit", "512")], path=half)
    assert (r.limits, r.total, r.basis) == (0.5, 256, "limit")


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "closures"])
def test_the_rulesets_own_value_formula(tmp_path, compiled):
    path = _overlay(tmp_path, "scoring {\n    value points + 10 * doubles\n}\n")
    auto = compile_ruleset(path)
    r = score_hand(auto, read_hand_input(auto, **EXAMPLE), compiled=compiled)
    assert (r.points, r.doubles, r.score) == (32, 3, 62)


def test_a_per_set_rule_with_a_condition(tmp_path):
    # 3 points for each pung of simples (7c and 6c, not 1c), only when won by a discard
    path = _overlay(tmp_path, 'scoring {\n    rule simple_pungs "Simple pungs": 3 points per set where pung and simple '
                              "when by_discard\n}\n")
    r = _score(path=path)
    assert r.points == 32 + 2 * 3 and "simple_pungs" in r.rule_names
    # the same hand self-drawn (from the wall) loses the discard's rule but gains its own
    drawn = _score(path=path, source="wall")
    assert "simple_pungs" not in drawn.rule_names
    assert drawn.points == 32 + 2  # "won with a tile from the wall": 2 points


RICH = ('scoring {\n'
        '    rule rich "Rich": 1 limit when won and points >= 20\n'
        '    rule calling_rich "Calling for a rich hand": 0.2 limit when not won and calling_for(rich)\n'
        '}\n')


def test_calling_for_a_rule_reads_the_completed_hands_points(tmp_path):
    path = _overlay(tmp_path, RICH)
    auto = compile_ruleset(path)
    # in a rule's condition, points are what the sets gave (docs/scoring.md). Waiting on
    # N: three concealed pungs of terminals and honours, 24 points once completed
    rich = score_hand(auto, read_hand_input(auto, hand="1d 1d 1d 9d 9d 9d E E E 5c 6c 7c N", seat="S"))
    assert "calling_rich" in rich.rule_names and rich.total == 100  # 0.2 x 500
    # the same wait with one concealed pung of simples: 4 points, not rich
    poor = score_hand(auto, read_hand_input(auto, hand="2d 2d 2d 3c 4c 5c 6b 7b 8b 5d 6d 7d N", seat="S"))
    assert "calling_rich" not in poor.rule_names


def test_each_rule_explained_with_what_it_applied_to():
    from mjdsl.scoring.score import explain

    r = _score(bonus="f2 s3")
    lines = [(x.name, x.title, x.amount, x.unit, x.count, x.applied_to) for x in explain(r)]
    assert lines == [
        ("mahjong", "Mah Jongg", 20, "points", 1, ()),
        ("pung_exposed_simple", "Exposed pung of simples", 2, "points", 2, ("7c 7c 7c", "6c 6c 6c")),
        ("pung_exposed_major", "Exposed pung of terminals or honours", 4, "points", 1, ("1c 1c 1c",)),
        ("bonus_tile", "Flower or season", 4, "points", 2, ("f2", "s3")),
        ("pair_completed_simple", "Last tile completes a pair of 2-8", 2, "points", 1, ()),
        ("only_possible_tile", "Last tile the only possible tile", 2, "points", 1, ()),
        ("one_suit", "One suit only", 3, "doubles", 1, ()),
    ]
    # 20 + 2 x 2 + 4 + 2 x 4 + 2 + 2 = 40 points, 3 doubles; the sets gave 8 of them
    assert (r.points, r.doubles, r.total) == (40, 3, 320)
    assert r.context.hf["set_points"] == 8
    # the closures count the sets' points one rule at a time: the same 8
    auto = compile_ruleset(CLASSICAL)
    slow = score_hand(auto, read_hand_input(auto, **{**EXAMPLE, "bonus": "f2 s3"}), compiled=False)
    assert (slow.points, slow.doubles, slow.total, slow.context.hf["set_points"]) == (40, 3, 320, 8)


def test_a_limit_per_set_is_one_limit_however_many_sets(tmp_path):
    # limits do not add (docs/scoring.md): a quarter limit for each pung, three pungs,
    # is a quarter limit (125), less than the hand's 256 points. The two scorers (the
    # compiled conditions and the closures) once disagreed here: 0.25 and 0.75.
    path = _overlay(tmp_path, 'scoring {\n    rule quarter "Quarter": 0.25 limit per set where pung\n}\n')
    auto = compile_ruleset(path)
    hand = read_hand_input(auto, **EXAMPLE)
    for compiled in (True, False):
        r = score_hand(auto, hand, compiled=compiled)
        assert (r.limits, r.total, r.basis) == (0.25, 256, "points"), compiled


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "closures"])
@pytest.mark.parametrize("value", ["", "    value points * 2 ^ doubles\n"], ids=["default value", "own value"])
def test_a_value_too_large_to_compute_points_at_the_value_formula(tmp_path, value, compiled):
    """MJ420 at the ruleset's value formula if it writes one, else at its first score
    rule: 40 rules of 64 doubles (each within check's bound) are 2^2560, past a float."""
    from mjdsl.diagnostics import MjError

    silly = "".join(f'    rule silly{i} "Silly": 64 doubles when won\n' for i in range(40))
    path = _overlay(tmp_path, f"scoring {{\n{value}{silly}}}\n")
    auto = compile_ruleset(path)
    with pytest.raises(MjError) as e:
        score_hand(auto, read_hand_input(auto, **EXAMPLE), compiled=compiled)
    (d,) = e.value.diagnostics
    assert (d.code, d.message, d.hint) == (
        "MJ420", "the hand's value is too large to compute (it overflows); no JSON or settlement can hold it",
        "put a limit on the score, or fewer doubles in a rule")
    first_rule = next(n for n, ln in enumerate(CLASSICAL.read_text().splitlines(), 1) if ln.strip().startswith("rule "))
    where = (path.name, 3) if value else ("classical.mj", first_rule)
    assert (Path(d.span.path).name, d.span.line) == where


_WAIT_N = "1d 1d 1d 9d 9d 9d E E E 5c 6c 7c N"  # three concealed major pungs and a chow, waiting on N


@pytest.mark.parametrize("hand,seat,expected", [
    # completed from the wall by N, the only wait: a pair of honours; East is the
    # round's wind, so its pung doubles (and for East's own seat, twice)
    (_WAIT_N, "S", {"mahjong", "pung_concealed_major", "round_wind_set", "three_concealed_pungs",
                    "pair_completed_major", "only_possible_tile", "from_wall", "all_concealed"}),
    (_WAIT_N, "E", {"mahjong", "pung_concealed_major", "round_wind_set", "own_wind_set", "three_concealed_pungs",
                    "pair_completed_major", "only_possible_tile", "from_wall", "all_concealed"}),
    ("2d 2d 2d 3c 4c 5c 6b 7b 8b 5d 6d 7d N", "S",
     {"mahjong", "pung_concealed_simple", "pair_completed_major", "only_possible_tile", "from_wall",
      "all_concealed"}),
    # Nine Gates waits on nine tiles: the rules of any completion, in any reading (the
    # Nine Gates reading has no sets: no chow, no points from sets)
    ("1c 1c 1c 2c 3c 4c 5c 6c 7c 8c 9c 9c 9c", "S",
     {"mahjong", "nine_gates", "concealed_one_suit", "one_suit", "no_chow", "no_points", "pung_concealed_major",
      "pair_completed_simple", "from_wall", "all_concealed"}),
])
def test_the_rules_a_calling_hand_would_win_with(hand, seat, expected):
    """score.completions, what ``calling_for`` reads: every rule that applies to the hand
    completed by a tile from the wall (self-drawn, so `from_wall`), in some reading."""
    from mjdsl.scoring.env import HandEnv
    from mjdsl.scoring.score import completions
    from mjdsl.scoring.tables import tables_for

    auto = compile_ruleset(CLASSICAL)
    env = HandEnv(tables_for(auto), read_hand_input(auto, hand=hand, seat=seat))
    assert completions(env) == frozenset(expected)


def test_a_calling_hand_is_completed_from_the_wall_for_scoped_conditions(tmp_path):
    """A scoped rule's own condition sees the completed hand as drawn from the wall."""
    from mjdsl.scoring.env import HandEnv
    from mjdsl.scoring.score import completions
    from mjdsl.scoring.tables import tables_for

    path = _overlay(tmp_path, 'scoring {\n'
                              '    rule drawn_pungs "Drawn pungs": 1 points per set where pung when self_drawn\n'
                              '    rule claimed_pungs "Claimed pungs": 1 points per set where pung when by_discard\n'
                              '}\n')
    auto = compile_ruleset(path)
    env = HandEnv(tables_for(auto), read_hand_input(auto, hand="2d 2d 2d 3c 4c 5c 6b 7b 8b 5d 6d 7d N", seat="S"))
    found = completions(env)
    assert "drawn_pungs" in found and "claimed_pungs" not in found and "pung_concealed_simple" in found


def test_a_completed_hand_is_not_asked_what_it_would_complete_to(tmp_path):
    """``calling_for`` in a completion is false (a completed hand does not ask again):
    a rule that reads it, without `not won` to spare it, never applies to a completion,
    while the rule it names does."""
    from mjdsl.scoring.env import HandEnv
    from mjdsl.scoring.score import completions
    from mjdsl.scoring.tables import tables_for

    path = _overlay(tmp_path, 'scoring {\n'
                              '    rule rich "Rich": 1 limit when won and points >= 20\n'
                              '    rule near_rich "Near rich": 1 double when calling_for(rich)\n'
                              '}\n')
    auto = compile_ruleset(path)
    env = HandEnv(tables_for(auto), read_hand_input(auto, hand=_WAIT_N, seat="S"))
    found = completions(env)
    assert "rich" in found and "near_rich" not in found


def test_a_scoped_condition_in_a_completion_sees_no_points_yet(tmp_path):
    """In a completion, as in a scored hand, a scoped rule's own condition sees points,
    doubles and set_points as 0 (the sets' points are summed after it)."""
    from mjdsl.scoring.env import HandEnv
    from mjdsl.scoring.score import completions
    from mjdsl.scoring.tables import tables_for

    path = _overlay(tmp_path, 'scoring {\n'
                              '    rule first_pungs "Pungs before points": 1 points per set where pung when points == 0\n'
                              '}\n')
    auto = compile_ruleset(path)
    env = HandEnv(tables_for(auto), read_hand_input(auto, hand="2d 2d 2d 3c 4c 5c 6b 7b 8b 5d 6d 7d N", seat="S"))
    assert "first_pungs" in completions(env)
    # the hand won by that completion applies it too
    won = score_hand(auto, read_hand_input(auto, hand="2d 2d 2d 3c 4c 5c 6b 7b 8b 5d 6d 7d N N", win="N",
                                           source="wall", seat="S"))
    assert "first_pungs" in won.rule_names


@pytest.mark.parametrize("adds,limits", [(True, 1.0), (False, 0.5)])
def test_bonus_tiles_that_give_limits_add_up_only_when_limits_add(tmp_path, adds, limits):
    # a house rule: half a limit for each flower, two flowers drawn (f1 f2). With
    # `limits add` the halves make a whole limit, 500; without, the larger half counts,
    # 250, worth less than the worked example's 320 points. (Both scorers: the compiled
    # one sums a bonus tile's limits before the readings.)
    body = "limits add\n" if adds else ""
    path = _overlay(tmp_path, f'scoring {{\n    {body}    rule flower_limit "Flower limit": 0.5 limit per bonus where flower\n}}\n')
    auto = compile_ruleset(path)
    hand = read_hand_input(auto, **{**EXAMPLE, "bonus": "f1 f2"})
    for compiled in (True, False):
        r = score_hand(auto, hand, compiled=compiled)
        assert r.limits == limits, compiled
        assert (r.total, r.basis) == ((500, "limit") if adds else (320, "points")), compiled


def test_bonus_tiles_that_give_doubles_add_to_the_hands_doubles(tmp_path):
    # a house rule: a double for each flower. The worked example's 40 points and 3
    # doubles, with f2 and s3 drawn, gain the flower's double: 4 doubles, 640 points,
    # capped at the limit of 500. (Scored by both scorers: the compiled conditions sum
    # a bonus tile's doubles before the readings, the closures with them.)
    path = _overlay(tmp_path, 'scoring {\n    rule flower_double "Flower double": 1 double per bonus where flower\n}\n')
    auto = compile_ruleset(path)
    hand = read_hand_input(auto, **{**EXAMPLE, "bonus": "f2 s3"})
    for compiled in (True, False):
        r = score_hand(auto, hand, compiled=compiled)
        assert (r.points, r.doubles, r.total, r.basis) == (40, 4, 500, "capped"), compiled


def test_a_losing_hand_with_nothing_to_score_is_worth_no_points_not_a_limit():
    # classical scores the losers' hands too: chows and a single score nothing, 0 points
    # (no limit rule applies, so no limit decides, not even one worth 0)
    auto = compile_ruleset(CLASSICAL)
    hand = read_hand_input(auto, exposed=["2c 3c 4c"], hand="5b 6b 7b 2d 3d 4d 6c 7c 8c 9b", seat="S")
    for compiled in (True, False):
        r = score_hand(auto, hand, compiled=compiled)
        assert (r.won, r.total, r.limits, r.basis) == (False, 0, 0, "points"), compiled


def test_the_set_the_winning_tile_completed_is_named_even_when_it_is_the_first():
    # self-drawn 1b completing the pung 1b 1b 1b, the first set of the reading: the
    # result says so (the score report marks that set as the last one made)
    from mjdsl.scoring.report import _melds

    auto = compile_ruleset(CLASSICAL)
    hand = read_hand_input(auto, hand="1b 1b 1b 4c 5c 6c 7d 8d 9d E E E N N", win="1b", source="wall", seat="S")
    for compiled in (True, False):
        r = score_hand(auto, hand, compiled=compiled)
        assert r.last == 0 and r.melds[0].kind == "pung", compiled
        assert [m["last"] for m in _melds(auto, r)] == [True, False, False, False, False], compiled
