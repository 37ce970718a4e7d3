"""A PettingZoo environment for any ruleset: ``mjdsl.env.env("rulesets/american.mj")``.

The environment (:mod:`mjdsl.env.aec`) is an AEC environment, one agent per seat
(``seat_0`` ... ``seat_3``): it plays the interpreter's hand through the engine's
public API (``engine.game.Game``, ``engine.observe``), asks the seat to act for each
decision, plays the chance player itself from the seed, and pays each seat what the
ruleset's settlement gives it. :mod:`mjdsl.env.spaces` turns what a seat may see into
a fixed-size vector and the legal actions into a mask over the action catalogue.

Needs the optional extra ``mjdsl[rl]`` (pettingzoo, gymnasium).
"""

from __future__ import annotations


def env(ruleset, **kwargs):
    """The environment for ``ruleset`` (a path or a compiled automaton), with PettingZoo's
    order-enforcing and out-of-bounds wrappers; keyword arguments go to :class:`MjdslEnv`."""
    from pettingzoo.utils import wrappers

    from .aec import MjdslEnv

    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(MjdslEnv(ruleset, **kwargs)))


def raw_env(ruleset, **kwargs):
    """The environment without wrappers."""
    from .aec import MjdslEnv

    return MjdslEnv(ruleset, **kwargs)


__all__ = ["env", "raw_env"]
