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


# -- the facts of the hand, set when its env is made ------------------------------------


def test_the_facts_of_a_hand_won_by_discard(classical):
    # South (not the dealer: classical's first seat wind is East) takes a discard
    env = _env(classical, exposed=["1c 1c 1c", "7c 7c 7c", "2c 3c 4c", "6c 6c 6c"], hand="5c 5c", win="5c",
               source="discard", seat="S")
    assert dict(env.hf) == dict(
        won=True, self_drawn=False, by_discard=True, dealer=False, concealed_hand=False,
        last_from_kong_box=False, last_of_wall=False, last_discard=False, robbed_kong=False,
        original_hand=False, earthly_hand=False, dealer_streak=0, jokers=0, card_points=0,
        singles_pairs=False, points=0, doubles=0, set_points=0)


_CONCEALED = dict(hand="2d 2d 2d 3c 4c 5c 6b 7b 8b 5d 6d 7d N N", win="7d")


@pytest.mark.parametrize("source, fact", [
    ("kong-box", "last_from_kong_box"), ("last-of-wall", "last_of_wall"), ("last-discard", "last_discard"),
    ("robbed-kong", "robbed_kong"),
])
def test_where_the_winning_tile_came_from(classical, source, fact):
    env = _env(classical, **_CONCEALED, source=source, seat="E")
    sources = ("last_from_kong_box", "last_of_wall", "last_discard", "robbed_kong")
    assert {f: env.hf[f] for f in sources} == {f: f == fact for f in sources}
    assert env.hf["self_drawn"] == (source in ("kong-box", "last-of-wall"))
    assert env.hf["by_discard"] == (not env.hf["self_drawn"])
    assert env.hf["concealed_hand"] and env.hf["dealer"]  # East deals


def test_a_hand_that_did_not_win_has_no_facts_of_a_win(classical):
    env = _env(classical, hand="2d 2d 2d 3c 4c 5c 6b 7b 8b 5d 6d 7d N", seat="W")
    assert not any(env.hf[f] for f in ("won", "self_drawn", "by_discard", "last_from_kong_box", "last_of_wall",
                                       "last_discard", "robbed_kong", "original_hand", "earthly_hand", "dealer"))


def test_heavenly_and_earthly_hands_are_facts_of_a_win_only(classical):
    import attrs

    won = _env(classical, **_CONCEALED, source="wall", seat="E", original_hand=True)
    assert won.hf["original_hand"] and not won.hf["earthly_hand"]
    won = _env(classical, **_CONCEALED, source="discard", seat="S", earthly_hand=True)
    assert won.hf["earthly_hand"] and not won.hf["original_hand"]
    # the flags of a hand that did not win (HandInput takes them as given) are no facts
    lost = read_hand_input(classical, hand="2d 2d 2d 3c 4c 5c 6b 7b 8b 5d 6d 7d N", seat="S")
    env = HandEnv(tables_for(classical), attrs.evolve(lost, original_hand=True, earthly_hand=True))
    assert not env.hf["original_hand"] and not env.hf["earthly_hand"]


def test_the_dealer_is_the_first_seat_wind_unless_told(classical):
    assert _env(classical, **_CONCEALED, source="wall", seat="E").hf["dealer"]
    assert not _env(classical, **_CONCEALED, source="wall", seat="S").hf["dealer"]
    assert _env(classical, **_CONCEALED, source="wall", seat="S", dealer=True).hf["dealer"]
    assert not _env(classical, **_CONCEALED, source="wall", seat="E", dealer=False).hf["dealer"]


def test_the_facts_of_a_card_win(classical):
    from mjdsl.scoring.model import CardWin

    for card, facts in [
        (CardWin(card_points=25, jokers=2), (2, 25, False)),
        (CardWin(card_points=50, singles_pairs=True), (0, 50, True)),
    ]:
        env = _env(classical, **_CONCEALED, source="wall", card=card)
        assert (env.hf["jokers"], env.hf["card_points"], env.hf["singles_pairs"]) == facts


# -- counts by predicate, through the compiled conditions and the closures ---------------

COUNTS = '''extends "classical.mj"
scoring {
    rule count_simples "Simples": 1 point per (tiles(simple))
    rule count_flowers "Flowers": 1 point per (bonus(flower))
    rule count_pungs "Pungs": 1 point per (sets(pung))
    rule count_dragon_pairs "Dragon pairs": 1 point per (pairs(dragon))
    rule count_singles "Kinds held once": 1 point per (kinds(1))
    rule count_threes "Kinds held thrice": 1 point per (kinds(3))
    rule count_round_winds "Round winds": 1 point per (tiles(round_wind))
}
'''


@pytest.fixture(scope="module")
def counts(tmp_path_factory):
    p = tmp_path_factory.mktemp("env_counts") / "counts.mj"
    p.write_text(COUNTS, encoding="utf-8")
    return compile_ruleset(p)


both = pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "closures"])


def _counted(auto, compiled, **hand):
    from mjdsl.scoring import score_hand

    lines = score_hand(auto, read_hand_input(auto, **hand), compiled=compiled).lines
    return {ln.name: ln.count for ln in lines if ln.name.startswith("count_")}


@both
def test_counts_by_predicate_take_the_declared_sets_and_bonus_tiles(counts, compiled):
    # 1c 1c 1c and 2c 3c 4c exposed; 5b 5b 5b, 7d 8d 9d and the pair of red dragons held
    got = _counted(counts, compiled, exposed=["1c 1c 1c", "2c 3c 4c"], hand="5b 5b 5b 7d 8d 9d R R", win="R",
                   source="discard", seat="S", bonus="f1 f2")
    assert got == {
        "count_simples": 8,       # 2c 3c 4c, 5b x3, 7d 8d
        "count_flowers": 2,       # f1 f2
        "count_pungs": 2,         # 1c, 5b
        "count_dragon_pairs": 1,  # R R
        "count_singles": 6,       # 2c 3c 4c 7d 8d 9d
        "count_threes": 2,        # 1c (exposed), 5b
    }


@both
def test_a_count_of_none_counts_no_time(counts, compiled):
    # all chows and a pair of 5d, no bonus tile: no pung, no dragon pair, no kind held thrice
    got = _counted(counts, compiled, hand="1c 2c 3c 2c 3c 4c 5b 6b 7b 7d 8d 9d 5d 5d", win="5d", source="wall",
                   seat="S")
    assert got == {
        "count_simples": 12,  # 2c 3c, 2c 3c 4c, 5b 6b 7b, 7d 8d, 5d 5d
        "count_singles": 8,   # 1c 4c 5b 6b 7b 7d 8d 9d (2c 3c 5d twice)
    }


@both
@pytest.mark.parametrize("round_wind, held", [("S", 3), ("W", 1), ("E", 0)])
def test_the_round_wind_is_the_hands_own(counts, compiled, round_wind, held):
    # a pung of South and a single West (not a winning hand: its tiles are counted all the same),
    # the pung held or exposed (a predicate only the declared sets' tiles meet is counted from none)
    for exposed, hand in [((), "S S S W"), (["S S S"], "W")]:
        got = _counted(counts, compiled, exposed=exposed, hand=f"{hand} 2c 3c 4c 5b 6b 7b 7d 8d 9d", seat="N",
                       round_wind=round_wind)
        assert got.get("count_round_winds", 0) == held, exposed


@both
@pytest.mark.parametrize("bonus, applies", [("s2", False), ("f2", False), ("f2 s2", True), ("f1 s2", False)])
def test_own_flower_and_own_season_take_both(classical, compiled, bonus, applies):
    """classical's `bonus(flower and own) == 1 and bonus(season and own) == 1`: South's own
    are the second flower and season (a hand with no bonus tile of a kind counts none of it)."""
    from mjdsl.scoring import score_hand

    inp = read_hand_input(classical, **_CONCEALED, source="wall", seat="S", bonus=bonus)
    assert ("own_flower_season" in score_hand(classical, inp, compiled=compiled).rule_names) == applies


# -- how the winning tile completed its set -------------------------------------------------

_NINE = "1c 2c 3c 4c 5c 6c 7c 8c 9c E E E N N"  # a hand holding every tile a set below names


def _shape(auto, keys, last, win):
    """wait_shape of a reading of set keys ``(kind, tile code)``, the winning tile in set ``last``."""
    from mjdsl.scoring.env import Reading, wait_shape

    code = tables_for(auto).code_index
    env = _env(auto, hand=_NINE, win=win, source="wall", seat="S")
    reading = Reading("standard", (), tuple((k, code[c], True, False, False) for k, c in keys), last)
    return wait_shape(env, reading)


@pytest.mark.parametrize("first, win, shape", [
    ("3c", "4c", "closed"), ("3c", "3c", "two_sided"), ("3c", "5c", "two_sided"),
    ("1c", "3c", "edge"),       # 1c 2c waiting on 3c only
    ("1c", "1c", "two_sided"),  # 2c 3c waiting on 1c or 4c
    ("7c", "7c", "edge"),       # 8c 9c waiting on 7c only
    ("7c", "9c", "two_sided"),  # 7c 8c waiting on 6c or 9c
])
def test_the_wait_a_chow_was_completed_in(classical, first, win, shape):
    # the chow first in the reading, and after a pung
    assert _shape(classical, [("chow", first)], 0, win) == shape
    assert _shape(classical, [("pung", "E"), ("chow", first)], 1, win) == shape


def test_the_wait_of_a_pung_a_kong_or_a_pair(classical):
    assert _shape(classical, [("pair", "N")], 0, "N") == "pair"
    assert _shape(classical, [("chow", "1c"), ("pung", "E")], 1, "E") == "pung"
    assert _shape(classical, [("chow", "1c"), ("kong", "E")], 1, "E") == "pung"
    # no set holds the winning tile (a special hand), or no reading
    assert _shape(classical, [("chow", "1c"), ("pair", "N")], -1, "N") is None
    from mjdsl.scoring.env import wait_shape

    assert wait_shape(_env(classical, hand=_NINE, win="N", source="wall", seat="S"), None) is None


def test_the_waits_count_a_special_hand_the_winning_tile_is_no_tile_of(tmp_path):
    """A house seven pairs of simples (four alike two pairs): 2b 2b 3b 3b 3b 4b 4b
    5b 5b 5b 5b 8b 8b waited on 1b and 4b (four sets and a pair: 123 234 345 555 88
    with 1b) and on 3b (seven pairs), though the 1b it won on is no simple: the special
    hand is asked of the tiles still held, not of the one that completed the hand."""
    path = tmp_path / "simple-pairs.mj"
    path.write_text('extends "classical.mj"\n\nwinning {\n    pattern simple_pairs "Simple pairs" {\n'
                    "        pairs 7 of simple\n        concealed\n    }\n}\n", encoding="utf-8")
    auto = compile_ruleset(path)
    env = _env(auto, hand="1b 2b 2b 3b 3b 3b 4b 4b 5b 5b 5b 5b 8b 8b", win="1b", source="wall", seat="S")
    assert env.hf["waits"] == 3
