"""The score conditions compiled into one function (mjdsl/scoring/compile.py) against
the rules' closures: each test is a house rule written in a shape the generator must
turn into Python text, scored both ways (``score_hand(..., compiled=False)`` evaluates
the closures), with the answer the rule itself gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjdsl.frontend.compile import compile_ruleset
from mjdsl.scoring import score_hand
from mjdsl.scoring.notation import read_hand_input

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
    # 500), a counter (sets(chow): 4), an arithmetic call, a sum, a number; and an
    # and whose number is 0 is false (tiles(honour) - 2: the pair of reds is 2 tiles)
    shapes = {"fact": "suits", "option": "limit", "counter": "sets(chow)", "call": "max(suits, 1)",
              "sum": "(suits + 1)", "number": "2", "zero": "(tiles(honour) - 2)"}
    auto = _house(tmp_path, "".join(f'    rule {name} "{name}": 100 points when (won and {x}) == true\n'
                                    for name, x in shapes.items()))
    assert set(_rules(auto, compiled)) & set(shapes) == set(shapes) - {"zero"}
