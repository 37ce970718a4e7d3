"""The AEC environment: one hand of a ruleset, one agent per seat.

Each ``reset(seed=S)`` deals a new hand whose chance moves come from the stream the
interpreter uses for hand ``S`` (``engine.chance.chance_stream``), so the hand an agent
plays with the same decisions as ``mjdsl.engine.run.play_hand(auto, str(S), bots)``
is that very hand: same wall, same draws, same settlement. Like ``play_hand``, the
environment plays a seat's only legal action itself (``auto_forced=True``); pass
``auto_forced=False`` to ask the seat every time.

A seat acts when the engine says it is its turn: a turn, a claim window (seats are
asked one after another, their answers hidden until the last is in), a Charleston
pass. The reward is each seat's settlement (``Game.returns()``), paid when the hand
ends; an illegal action raises ``IllegalAction`` and leaves the hand unchanged.

``reset`` options: ``dealer`` (a seat, default 0) and ``round_wind`` (a tile code,
default the first seat wind); other keys are ignored.
"""

from __future__ import annotations

import random

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from ..engine.game import CHANCE, Game, catalogue_of
from ..engine.observe import observe
from ..engine.chance import chance_action, chance_stream
from . import spaces


def _automaton(ruleset, sets):
    if isinstance(ruleset, str) or hasattr(ruleset, "__fspath__"):
        from ..frontend.compile import compile_ruleset

        return compile_ruleset(ruleset, sets)
    return ruleset


class MjdslEnv(AECEnv):
    """A PettingZoo AEC environment playing one hand of ``ruleset`` per episode.

    ruleset: a path to a ``.mj`` file, or a compiled automaton.
    sets: ``(option, value)`` pairs, as ``--set`` gives them.
    auto_forced: play a seat's only legal action without asking it.
    render_mode: ``"ansi"`` (``render()`` returns the table as text) or ``"human"``
        (prints it), or None.

    catalogue: the action catalogue (``engine.actions``): action ``i`` is
    ``catalogue[i]``, with its family (``discard``, ``claim``...), argument and name.
    """

    metadata = {"name": "mjdsl_v0", "render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, ruleset, *, sets=(), auto_forced: bool = True, render_mode: str | None = None):
        super().__init__()
        self.auto = _automaton(ruleset, sets)
        self.auto_forced = auto_forced
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{s}" for s in range(self.auto.seats)]
        self._seat = {a: s for s, a in enumerate(self.possible_agents)}
        self.catalogue = catalogue_of(self.auto)
        n_actions = len(self.catalogue)
        obs_space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0, spaces.high(self.auto), (spaces.size(self.auto),), spaces.DTYPE),
            "action_mask": gymnasium.spaces.Box(0, 1, (n_actions,), np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: gymnasium.spaces.Discrete(n_actions) for a in self.possible_agents}
        self.game: Game | None = None
        self.seed_used: str | None = None

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # -- the episode --------------------------------------------------------------
    def reset(self, seed=None, options=None):
        options = options or {}
        self.seed_used = str(seed) if seed is not None else str(random.SystemRandom().randrange(2**63))
        dealer = int(options.get("dealer", 0))
        wind = options.get("round_wind")
        round_wind = self.auto.tiles.index(wind) if wind is not None else None
        self.game = Game(self.auto, dealer=dealer, round_wind=round_wind)
        self._chance = chance_stream(self.seed_used)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._advance()
        self._settle_or_select()
        self._accumulate_rewards()  # a hand the chance moves alone end (a dead deal) pays at once

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.game.apply_action(int(action))
        self._advance()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._settle_or_select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent):
        view = observe(self.game, self._seat[agent])
        return {"observation": spaces.encode(self.auto, view), "action_mask": spaces.mask(view)}

    def render(self):
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode (pass render_mode='ansi')")
            return None
        text = self._table_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        self.game = None

    # -- moving the hand on -------------------------------------------------------------
    def _advance(self) -> None:
        """Play chance moves (and forced moves) until a seat has a real choice or the hand ends."""
        game = self.game
        while not game.is_terminal():
            if game.current_player() == CHANCE:
                game.apply_action(chance_action(game, self._chance))
                continue
            legal = game.legal_actions()
            if not (self.auto_forced and len(legal) == 1):
                return
            game.apply_action(legal[0])

    def _settle_or_select(self) -> None:
        game = self.game
        if game.is_terminal():
            returns = game.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._seat[a]])
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos = {a: {"result": dict(game.st.result)} for a in self.agents}
            return
        self.agent_selection = self.possible_agents[game.current_player()]

    def _table_text(self) -> str:
        game = self.game
        codes = self.auto.tiles.copy_codes()
        st = game.st
        lines = [f"hand {self.seed_used}: {st.node}, wall {st.live_left()} left"]
        for s, agent in enumerate(self.possible_agents):
            hand = " ".join(self.auto.tiles.held_codes(st.hands[s], st.held_variants[s]))
            lines.append(f"{agent}{' (dealer)' if s == st.dealer else ''}: {hand}"
                         f" | discards {' '.join(codes[t] for t in st.discard_copies[s])}")
        return "\n".join(lines)
