"""Invariants of a hand in play, checked after every step by the conformance suite.

Every tile is accounted for (hands, exposures, bonus tiles, discards, the wall);
every live hand holds 13 tiles, or 14 for the seat to act; exposures are sets the
rules allow; a finished hand settles to zero.
"""

from __future__ import annotations

from ..diagnostics import MjError, error
from ..source import BUILTIN


class InvariantError(MjError):
    pass


def _fail(msg: str):
    raise InvariantError(error("MJ410", msg, BUILTIN, "this is a bug in the interpreter or the lowering"))


def check(game) -> None:
    st = game.st
    auto = game.auto
    tiles = auto.tiles
    joker = auto.jokers.tile if auto.jokers else None
    count = [0] * tiles.size
    for s in range(game.n):
        for t, n in enumerate(st.hands[s]):
            if n < 0:
                _fail(f"seat {s} holds {n} of {tiles.kinds[t].code}")
            count[t] += n
        for e in st.exposures[s]:
            for t in e.tiles(joker):
                count[t] += 1
        for t in st.bonus[s]:
            count[t] += 1
        for t in st.discards[s]:
            count[t] += 1
    for t in st.wall[st.head:st.tail]:
        count[t] += 1
    if st.wall:
        for k in tiles.kinds:
            if count[k.index] != k.copies:
                _fail(f"{k.code}: {count[k.index]} accounted for, the set has {k.copies} (at {st.node})")
    node = auto.states[st.node]
    if st.wall and node.step not in ("shuffle", "dice"):
        for s in range(game.n):
            held = st.held(s)
            if held not in (13, 14):
                _fail(f"seat {s} holds {held} tiles at {st.node}")
    for s in range(game.n):
        for e in st.exposures[s]:
            if e.jokers < 0 or e.jokers > e.size or (e.jokers and joker is None):
                _fail(f"seat {s}: exposure {e} has an impossible joker count")
    if node.kind == "terminal" and abs(sum(st.returns)) > 1e-6:
        _fail(f"the hand settles to {sum(st.returns)}, not zero: {st.returns}")
