"""The scoring library at its edges: calls a user of the library makes that the
hand-scored files (tests/scoring/*.txt) do not, each with figures worked out by hand
from reference/classical-scoring.md and the rulesets."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjdsl.frontend.compile import compile_ruleset
from mjdsl.scoring import pay_winner, score_hand
from mjdsl.scoring.notation import read_hand_input

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def dmjl():
    return compile_ruleset(ROOT / "rulesets" / "classical.mj")


def test_the_winner_alone_is_paid_by_each_loser(dmjl):
    # pay_winner: the losers' payments to the winner, without their settling among
    # themselves; worked example 1 (South's 256 on West's discard), East dealing and
    # paying double; the seats are the ruleset's four when the caller names none
    winner = score_hand(dmjl, read_hand_input(dmjl, exposed=["1c 1c 1c", "7c 7c 7c", "2c 3c 4c", "6c 6c 6c"],
                                              hand="5c 5c", win="5c", source="discard", seat="S"))
    assert pay_winner(dmjl, winner, 1, 0, 2) == [-512, 1024, -256, -256]
