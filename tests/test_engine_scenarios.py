"""Hands played from a wall laid out by hand (tests/scenarios/*.txt, notation in
tests/scenario.py): kongs of every kind, claim windows with several claimants and
dead seats, robbing a kong, penalties, and the facts of a win the engine hands to the
scorer. Each scenario states the moves and the table it must leave; a broken step of
play (engine/steps_play.py) breaks one of them.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

import scenario
from mjdsl.frontend.compile import compile_ruleset

FILES = sorted((Path(__file__).resolve().parent / "scenarios").glob("*.txt"))


@cache
def _compiled(path: Path):
    return compile_ruleset(path)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path):
    scenario.run(path.read_text(encoding="utf-8"), _compiled)


def test_a_wrong_expectation_fails_naming_its_line():
    text = "seat 0: 1b 1b 1b 2c 3c 4c 5d 6d 7d E E E S S\n\n= to act 1\n"
    with pytest.raises(scenario.ScenarioError, match=r"line 3: `= to act 1`: expected 1, found 0"):
        scenario.run(text, _compiled)


def test_an_illegal_move_fails_naming_its_line():
    text = "seat 0: 1b 1b 1b 2c 3c 4c 5d 6d 7d E E E S S\n> 0 discard 9d\n"
    with pytest.raises(scenario.ScenarioError, match=r"line 2: .*'discard 9d' is not legal"):
        scenario.run(text, _compiled)


def test_a_frozen_hand_throws_the_copy_it_holds_and_every_copy_is_accounted_for():
    """After a joker swap took the copy drawn, a hand frozen on its turn throws the
    variant of that kind it holds; offered the plain kind instead, the throw took the
    variant and put a plain copy on the table, and the invariants (every copy of every
    tile accounted for) stopped play with MJ410."""
    from mjdsl.engine import invariants

    path = next(p for p in FILES if p.stem == "joker-swap-then-frozen-throws-the-copy-held")
    game = scenario.run(path.read_text(encoding="utf-8"), _compiled)
    invariants.check(game)
