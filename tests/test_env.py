"""The PettingZoo environment: the API test and the seed test over every shipped ruleset,
hands that are the interpreter's own hands, and what a seat may (not) see."""

from __future__ import annotations

import functools
import warnings
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

from mjdsl.bots.greedy import GreedyBot  # noqa: E402
from mjdsl.bots.random_bot import RandomBot  # noqa: E402
from mjdsl.frontend.compile import compile_ruleset  # noqa: E402
from mjdsl.engine.game import IllegalAction  # noqa: E402
from mjdsl.engine.run import play_hand  # noqa: E402
from mjdsl.env import env as make_env  # noqa: E402
from mjdsl.env import raw_env, spaces  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RULESETS = sorted((ROOT / "rulesets").glob("*.mj")) + sorted((ROOT / "examples" / "house-rules").glob("*.mj"))
IDS = [str(p.relative_to(ROOT)) for p in RULESETS]


@functools.lru_cache(maxsize=None)
def automaton(path: Path):
    return compile_ruleset(path)


@pytest.fixture(autouse=True)
def _quiet_dict_observations():
    # api_test asks for Box observations of any env it does not know by name; a Dict
    # of observation and action mask is PettingZoo's own convention for board games
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation space for each agent probably should be")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        yield


@pytest.mark.parametrize("path", RULESETS, ids=IDS)
def test_pettingzoo_api_test_passes(path):
    api_test(make_env(automaton(path)), num_cycles=1000)


@pytest.mark.parametrize("path", RULESETS, ids=IDS)
def test_pettingzoo_seed_test_passes(path):
    seed_test(lambda: make_env(automaton(path)), num_cycles=300)


def _replay_through_env(auto, record, **kw):
    """Play the env, each seat choosing what the interpreter's bots chose in ``record``."""
    e = raw_env(auto, **kw)
    e.reset(seed=record.seed)
    asked = 0
    for agent in e.agent_iter():
        _, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        e.step(record.actions[len(e.game.st.history)])
        asked += 1
    return e, asked


@pytest.mark.parametrize("name", ["american.mj", "classical.mj"])
@pytest.mark.parametrize("seed", ["3", "11"])
def test_a_seeded_reset_plays_the_interpreters_hand(name, seed):
    auto = automaton(ROOT / "rulesets" / name)
    record = play_hand(auto, seed, [RandomBot()] * auto.seats)
    e, asked = _replay_through_env(auto, record)
    assert tuple(e.game.st.history) == record.actions
    assert e.game.returns() == list(record.returns)
    assert asked == record.decisions - _forced(auto, record)


def _forced(auto, record) -> int:
    """How many of the record's decisions had one legal action (the env plays those itself)."""
    from mjdsl.engine.game import CHANCE, Game

    g = Game(auto, dealer=record.dealer, round_wind=record.round_wind)
    forced = 0
    for a in record.actions:
        if g.current_player() != CHANCE and len(g.legal_actions()) == 1:
            forced += 1
        g.apply_action(a)
    return forced


def test_without_auto_forced_every_decision_is_asked():
    auto = automaton(ROOT / "rulesets" / "classical.mj")
    record = play_hand(auto, "5", [RandomBot()] * auto.seats)
    _, asked = _replay_through_env(auto, record, auto_forced=False)
    assert asked == record.decisions


@pytest.mark.parametrize("name", ["american.mj", "classical.mj"])
def test_rewards_are_the_settlement_and_paid_once(name):
    auto = automaton(ROOT / "rulesets" / name)
    for seed in map(str, range(30)):
        record = play_hand(auto, seed, [GreedyBot()] * auto.seats)
        if any(record.returns):
            break
    else:  # pragma: no cover - greedy bots win some of thirty hands
        pytest.fail("no hand with a settlement")
    e = make_env(auto)
    e.reset(seed=seed)
    got = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        _, reward, terminated, truncated, _ = e.last()
        got[agent] += reward
        e.step(None if terminated or truncated else record.actions[len(e.unwrapped.game.st.history)])
    assert [got[a] for a in e.possible_agents] == list(record.returns)
    assert tuple(e.unwrapped.game.st.history) == record.actions


def test_an_illegal_action_is_refused_and_changes_nothing():
    e = raw_env(automaton(ROOT / "rulesets" / "classical.mj"))
    e.reset(seed=1)
    obs = e.observe(e.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = list(e.game.st.history)
    with pytest.raises(IllegalAction):
        e.step(illegal)
    assert e.game.st.history == before


def test_a_seat_sees_its_own_tiles_and_no_one_elses():
    auto = automaton(ROOT / "rulesets" / "classical.mj")
    e = raw_env(auto)
    e.reset(seed=2)
    at = spaces.layout(auto)
    for s, agent in enumerate(e.possible_agents):
        vec = e.observe(agent)["observation"]
        assert list(vec[at["hand"]]) == list(e.game.st.hands[s])
    # another seat's concealed tiles do not show: swap two of seat 1's tiles for others
    me = e.possible_agents[0]
    before = e.observe(me)["observation"].copy()
    hands = e.game.st.hands
    t = next(i for i, c in enumerate(hands[1]) if c)
    u = next(i for i, c in enumerate(hands[1]) if c == 0)
    hands[1][t] -= 1
    hands[1][u] += 1
    assert np.array_equal(e.observe(me)["observation"], before)


def test_only_the_seat_to_act_has_legal_actions():
    e = raw_env(automaton(ROOT / "rulesets" / "american.mj"))
    e.reset(seed=4)
    for agent in e.possible_agents:
        mask = e.observe(agent)["action_mask"]
        assert mask.any() == (agent == e.agent_selection)


def test_render_ansi_shows_the_table():
    e = raw_env(automaton(ROOT / "rulesets" / "classical.mj"), render_mode="ansi")
    e.reset(seed=3)
    text = e.render()
    assert "hand 3" in text and "seat_0 (dealer)" in text


def test_the_example_agents_play_through_the_env():
    import runpy

    agents = runpy.run_path(str(ROOT / "examples" / "rl" / "agents.py"), run_name="agents")
    totals = agents["play"](str(ROOT / "rulesets" / "american.mj"), hands=4, seed=1)
    assert len(totals) == 4 and sum(totals) == pytest.approx(0.0)


def test_the_vector_shows_the_table_from_the_seats_own_place():
    auto = automaton(ROOT / "rulesets" / "classical.mj")
    e = raw_env(auto)
    e.reset(seed=6, options={"dealer": 2, "round_wind": "S"})
    at = spaces.layout(auto)
    south = auto.tiles.index("S")
    for s, agent in enumerate(e.possible_agents):
        vec = e.observe(agent)["observation"]
        assert list(vec[at["dealer"]]).index(1) == (2 - s) % auto.seats  # seats counted from the observer
        assert list(vec[at["round_wind"]]) == [int(i == south) for i in range(auto.tiles.size)]
        assert vec[at["wall_left"]][0] == e.game.st.live_left()
