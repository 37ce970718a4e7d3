"""The score conditions compiled into one function (mjdsl/scoring/compile.py) against
the rules' closures: each test is a house rule written in a shape the generator must
turn into Python text, scored both ways (``score_hand(..., compiled=False)`` evaluates
the closures), with the answer the rule itself gives."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest

from mjdsl import ast as A
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.scoring import score_hand
from mjdsl.scoring.compile import compile_rules
from mjdsl.scoring.env import _CALLS
from mjdsl.scoring.notation import read_hand_input
from mjdsl.scoring.tables import Tables

ROOT = Path(__file__).resolve().parent.parent

# a hand of classical that wins self-drawn with four chows and a pair of red dragons:
# none of classical's own rules but the pair of dragons (2 points), won (10) and the
# self-draw (2) gives it points, so a house rule's 100 stands out
HAND = dict(hand="1b 2b 3b 4c 5c 6c 7d 8d 9d 2b 3b 4b R R", win="R", source="wall", seat="S")


def _house(tmp_path, rules: str, options: str = ""):
    path = tmp_path / "house.mj"
    path.write_text(f'extends "{ROOT / "rulesets" / "classical.mj"}"\n{options}scoring {{\n{rules}}}\n',
                    encoding="utf-8")
    return compile_ruleset(path, allow_outside=True)


def _rules(auto, compiled: bool, **kw) -> tuple[str, ...]:
    return score_hand(auto, read_hand_input(auto, **{**HAND, **kw}), compiled=compiled).rule_names


def _only(auto, *names: str):
    """``auto`` scoring with its rules named ``names`` alone (classical excludes none)."""
    spec = auto.scoring
    return attrs.evolve(auto, scoring=attrs.evolve(spec, rules=tuple(r for r in spec.rules if r.name in names)))


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "closures"])
def test_a_choice_word_is_known_on_either_side_of_the_option(tmp_path, compiled):
    # `fast == pace` is `pace == fast` written the other way round: both are known when
    # the ruleset is read, true for the option's value and false for the other word
    auto = _house(tmp_path, '    rule word_first "Word first": 100 points when won and fast == pace\n'
                            '    rule other_word "Other word": 100 points when won and slow == pace\n'
                            '    rule option_first "Option first": 100 points when won and pace == fast\n',
                  'option pace = fast "How fast" one of fast slow\n')
    names = _rules(auto, compiled)
    assert "word_first" in names and "option_first" in names and "other_word" not in names


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "closures"])
def test_an_and_under_a_not_is_the_whole_condition(tmp_path, compiled):
    # a self-drawn win: `not (won and self_drawn)` is false, `not (won and by_discard)` true
    auto = _house(tmp_path, '    rule not_both "Not both": 100 points when not (won and self_drawn)\n'
                            '    rule not_discard "Not on a discard": 100 points when not (won and by_discard)\n')
    names = _rules(auto, compiled)
    assert "not_both" not in names and "not_discard" in names


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "closures"])
def test_an_and_is_true_or_false_whatever_its_operands_count(tmp_path, compiled):
    # `and` gives true or false as the closures do, so `(won and X) == true` holds when
    # X is a nonzero number of any shape: a number fact (suits: 3), an option (limit:
    # 500), a counter (sets(chow): 4), the kinds held twice (kinds(2): 2b, 3b and R),
    # the discards since an announcement (discards_since(standing): -1, not announced),
    # an arithmetic call, a sum, a number; and an and whose number is 0 is false
    # (tiles(honour) - 2: the pair of reds is 2 tiles)
    shapes = {"fact": "suits", "option": "limit", "counter": "sets(chow)", "kinds": "kinds(2)",
              "since": "discards_since(standing)", "call": "max(suits, 1)", "sum": "(suits + 1)", "number": "2",
              "zero": "(tiles(honour) - 2)"}
    auto = _house(tmp_path, "".join(f'    rule {name} "{name}": 100 points when (won and {x}) == true\n'
                                    for name, x in shapes.items()))
    assert set(_rules(auto, compiled)) & set(shapes) == set(shapes) - {"zero"}


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "closures"])
def test_a_session_counter_in_an_and_is_true_or_false(tmp_path, compiled):
    # a counter is a name of neither an option nor a fact: `won and streak` holds when
    # the table says the streak is 2, not when nobody says (a counter untold is 0)
    auto = _house(tmp_path, '    rule on_streak "On a streak": 100 points when won and streak\n',
                  'session {\n    counter streak "Streak" counts hands in a row when dealer_won\n}\n')
    assert "on_streak" not in _rules(auto, compiled)
    assert "on_streak" in _rules(auto, compiled, table=["streak=2"])


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "closures"])
@pytest.mark.parametrize("kept", ["four_chows", "two_reds"])
def test_a_ruleset_counting_only_sets_or_only_tiles_counts_them(tmp_path, compiled, kept):
    # the scorer counts a reading's sets only when a compiled condition reads them, the
    # hand's tiles only when one reads those: a ruleset with one rule of either kind
    # alone must still count what it reads (four chows; the pair of reds is 2 honours)
    auto = _house(tmp_path, '    rule four_chows "Four chows": 100 points when won and sets(chow) == 4\n'
                            '    rule two_reds "Two honours": 100 points when won and tiles(honour) == 2\n')
    assert _rules(_only(auto, kept), compiled) == (kept,)


@pytest.mark.parametrize("value", ["unknown", "none"])
def test_a_function_the_generator_does_not_know_is_called_as_its_closure(tmp_path, value):
    # a condition, a count or the value the generator cannot write as text (a function
    # it does not know: made here by hand, the checker knows no such function) is the
    # rule's closure, called from the compiled function: the same answers as the closures.
    # The hand self-draws, holds 3 kinds twice (2b, 3b, R), and its value is 3 times
    # its points; "none": a value with no expression at all
    auto = _house(tmp_path, '    value points * 3\n'
                            '    rule drawn "Drawn": 100 points when won and self_drawn\n'
                            '    rule pairs "Pairs": 1 point per kinds(2) when won\n')
    spec = auto.scoring
    mystery = A.Call("mystery", (), spec.value_expr.span)
    rules = tuple(attrs.evolve(r, when_expr=mystery) if r.name == "drawn" else
                  attrs.evolve(r, times_expr=mystery) if r.name == "pairs" else r for r in spec.rules)
    auto = attrs.evolve(auto, scoring=attrs.evolve(spec, rules=rules, value_expr=mystery if value == "unknown" else None))
    inp = read_hand_input(auto, **HAND)
    got = score_hand(auto, inp)
    assert got == score_hand(auto, inp, compiled=False)
    assert "drawn" in got.rule_names
    assert [line.count for line in got.lines if line.name == "pairs"] == [3]
    assert got.score == got.points * 3 > 0


SHIPPED = sorted((ROOT / "rulesets").glob("*.mj"))


def _calls(e, into: set) -> set:
    """The scoring functions ``e`` calls (``related(...)`` too), added to ``into``."""
    stack = [e]
    while stack:
        node = stack.pop()
        if isinstance(node, A.Call):
            into.add(node.fn)
            stack.extend(node.args)
        elif isinstance(node, A.Related):
            into.add("related")
        elif isinstance(node, A.BinOp):
            stack += [node.left, node.right]
        elif isinstance(node, (A.Not, A.Neg)):
            stack.append(node.operand)
    return into


def test_the_shipped_rulesets_compile_whole_and_call_every_scoring_function():
    # the generator's purpose: no condition, count or value of a shipped ruleset (the
    # American card's too) is left to its closure (W3(env), N3(env), V(env) in the
    # text); and together they call every function the scorer knows, so a function
    # added to the scorer and not to the generator, which would fall back to its
    # closure without a word, is caught here
    used: set = set()
    for path in SHIPPED:
        auto = compile_ruleset(path)
        spec = auto.scoring
        for e in (spec.value_expr, *(x for r in spec.rules for x in (r.when_expr, r.times_expr))):
            _calls(e, used)
        source = compile_rules(Tables(auto)).source
        assert not re.search(r"\b(W\d+|N\d+|V)\(env\)", source), path.name
    assert used >= set(_CALLS)
