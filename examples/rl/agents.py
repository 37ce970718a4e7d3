"""Random and masked-greedy agents playing any ruleset through the PettingZoo environment.

    .venv/bin/python examples/rl/agents.py rulesets/classical.mj --hands 20 --seed 1

Seat 0 plays the masked-greedy agent, the others play at random; both only ever
choose an action the observation's mask allows. Trains nothing: it shows the loop
an agent (or a learning algorithm) runs, and prints what each seat won. Needs
``pip install 'mjdsl[rl]'``.
"""

from __future__ import annotations

import argparse
import random
import sys

import numpy as np

from mjdsl.env import env as make_env
from mjdsl.env.spaces import layout


class RandomAgent:
    """Any legal action, uniformly."""

    def __init__(self, seed: str):
        self.rng = random.Random(seed)

    def act(self, observation: dict, catalogue) -> int:
        return self.rng.choice(np.flatnonzero(observation["action_mask"]).tolist())


class GreedyAgent:
    """Takes mah jongg when it can, then kongs, claims a discard only when it holds a
    pair of it, and gives away (discards, passes) the tile it holds fewest of: a hand
    that grows sets. It reads the observation through ``mjdsl.env.spaces.layout``."""

    #: the action families in the order the agent prefers them
    PREFERENCE = ("mahjong", "kong_concealed", "kong_added", "claim", "swap", "no_claim", "discard", "pass")

    def __init__(self, layout: dict):
        self.layout = layout

    def act(self, observation: dict, catalogue) -> int:
        legal = np.flatnonzero(observation["action_mask"]).tolist()
        vector = observation["observation"]
        hand = vector[self.layout["hand"]]
        live = np.flatnonzero(vector[self.layout["live_discard"]])
        pair_of_live = bool(len(live)) and hand[live[0]] >= 2
        rank = {family: i for i, family in enumerate(self.PREFERENCE)}

        def key(a: int):
            action = catalogue[a]
            if action.family == "claim" and action.arg[0] == "mahjong":
                return -1, 0, a
            if action.family == "claim" and not pair_of_live:
                return len(rank), 0, a
            held = int(hand[action.arg]) if action.family in ("discard", "pass") else 0
            return rank.get(action.family, len(rank)), held, a

        return min(legal, key=key)


def play(ruleset: str, hands: int, seed: int) -> list[float]:
    env = make_env(ruleset)
    catalogue = env.unwrapped.catalogue
    greedy = GreedyAgent(layout(env.unwrapped.auto))
    agents = {a: greedy if i == 0 else RandomAgent(f"{seed}:{a}") for i, a in enumerate(env.possible_agents)}
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for h in range(hands):
        env.reset(seed=f"{seed}:{h}")
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            totals[agent] += reward
            env.step(None if terminated or truncated else agents[agent].act(observation, catalogue))
    env.close()
    return [totals[a] for a in env.possible_agents]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ruleset")
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    totals = play(args.ruleset, args.hands, args.seed)
    for seat, total in enumerate(totals):
        print(f"seat {seat} ({'greedy' if seat == 0 else 'random'}): {total:+g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
