"""The facts a score condition reads (mjdsl/scoring/env.py), asked of a hand directly:
the facts of the table when a hand is scored on its own (``untold``), the counts by
predicate, the whole hand with its declared sets, and the helpers the compiled
conditions call. Each hand is small and worked out by hand from the tile codes."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjdsl.frontend.compile import compile_ruleset
from mjdsl.scoring.env import HandEnv, untold
from mjdsl.scoring.notation import read_hand_input
from mjdsl.scoring.tables import tables_for

ROOT = Path(__file__).resolve().parent.parent
CLASSICAL = ROOT / "rulesets" / "classical.mj"
RIICHI = ROOT / "rulesets" / "riichi.mj"


@pytest.fixture(scope="module")
def classical():
    return compile_ruleset(CLASSICAL)


@pytest.fixture(scope="module")
def riichi():
    return compile_ruleset(RIICHI)


def _env(auto, **hand) -> HandEnv:
    return HandEnv(tables_for(auto), read_hand_input(auto, **hand))


# -- the table, for a hand scored on its own --------------------------------------------


def test_untold_discards_count_as_many_as_the_tiles_of_the_set(classical):
    # classical plays 144 tiles: no first go-round is assumed
    assert classical.tiles.total == 144
    assert untold(classical, "discards", frozenset()) == 144
    assert untold(classical, "wall_left", frozenset()) == 0
    assert untold(classical, "kongs", frozenset()) == 0


def test_untold_counts_since_an_announcement_only_when_it_was_made(classical):
    made = frozenset({"riichi"})
    assert untold(classical, ("discards_since", "riichi"), made) == 144
    assert untold(classical, ("claims_since", "riichi"), made) == 0
    assert untold(classical, ("discards_since", "riichi"), frozenset()) == -1
    assert untold(classical, ("claims_since", "riichi"), frozenset()) == -1


def test_a_hand_scored_on_its_own_reads_the_table_as_untold(riichi):
    env = _env(riichi, hand="1m 2m 3m 4p 5p 6p 7s 8s 9s E E E 5m 5m", win="5m", source="wall", seat="S",
               announced=["riichi"])
    # riichi plays 136 tiles
    assert env.fact("discards") == 136 and env.fact("wall_left") == 0
    assert env.fact("honba") == 0  # a session counter
    assert env.call("discards_since", "riichi") == 136 and env.call("claims_since", "riichi") == 0
    assert env.call("discards_since", "double_riichi") == -1
    with pytest.raises(KeyError, match="not known when scoring a hand"):
        env.fact("nonesuch")


def test_a_hand_the_engine_scored_reads_its_table(riichi):
    env = _env(riichi, hand="1m 2m 3m 4p 5p 6p 7s 8s 9s E E E 5m 5m", win="5m", source="wall", seat="S",
               table=["wall_left=7", "honba=2"])
    assert env.fact("wall_left") == 7 and env.fact("honba") == 2
