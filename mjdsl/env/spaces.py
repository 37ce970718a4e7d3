"""What a seat sees, as numbers: the observation vector and the action mask.

The vector is built from :func:`mjdsl.engine.observe.observe` (so it shows exactly
what the seat may see) and is laid out per tile kind of the ruleset's tile set,
seats counted from the observer (0 = itself, 1 = the next seat in turn, ...):

=====================  ==========================================================
block                  length
=====================  ==========================================================
hand                   K: copies of each tile kind in the seat's concealed hand
exposed, per seat      n * K: tiles in each seat's exposures (jokers as jokers)
discards, per seat     n * K
bonus, per seat        n * K: flowers and seasons set aside
live discard           K: the tile that may be claimed now (one-hot)
discarder              n: who discarded it (one-hot)
my choice              K: tiles chosen so far in a step still being collected
dealer, turn           2n: one-hot each (the seat's wind follows from the dealer)
round wind             K: the round's wind tile (one-hot)
wall left              1: tiles left in the live wall
=====================  ==========================================================

K is the number of tile kinds and n the number of seats; :func:`layout` names each
block's slice. A variant's copy (a red five) counts as its kind; the action mask tells
its discard apart (``discard 0m``).
"""

from __future__ import annotations

import numpy as np

#: Every value is a count of tiles or a flag: int16 holds any tile set's size.
DTYPE = np.int16


def layout(auto) -> dict[str, slice]:
    """Each block of the vector and its slice (see the module docstring)."""
    k, n = auto.tiles.size, auto.seats
    sizes = [("hand", k), ("exposed", n * k), ("discards", n * k), ("bonus", n * k), ("live_discard", k),
             ("discarder", n), ("my_choice", k), ("dealer", n), ("turn", n), ("round_wind", k), ("wall_left", 1)]
    out, at = {}, 0
    for name, size in sizes:
        out[name] = slice(at, at + size)
        at += size
    return out


def size(auto) -> int:
    return list(layout(auto).values())[-1].stop


def high(auto) -> int:
    """An upper bound of every entry: no count exceeds the tiles in the set."""
    return int(sum(k.copies for k in auto.tiles.kinds))


def encode(auto, view: dict) -> np.ndarray:
    """The observation vector of one seat's :func:`observe` view."""
    n, seat = auto.seats, view["seat"]
    index = {k.code: k.index for k in auto.tiles.kinds}
    index.update({v.code: v.base for v in auto.tiles.variants})  # a red five counts as its five here
    k = auto.tiles.size
    out = np.zeros(size(auto), dtype=DTYPE)
    at = layout(auto)

    def count(block: str, codes, offset: int = 0) -> None:
        base = at[block].start + offset
        for c in codes:
            out[base + index[c]] += 1

    def one_hot(block: str, i: int) -> None:
        out[at[block].start + i] = 1

    count("hand", view["hand"])
    for s in range(n):
        r = (s - seat) % n
        count("exposed", [t for e in view["exposures"][s] for t in e["tiles"]], r * k)
        count("discards", view["discards"][s], r * k)
        count("bonus", view["bonus"][s], r * k)
    live = view["live_discard"]
    if live is not None:
        count("live_discard", [live["tile"]])
        one_hot("discarder", (live["seat"] - seat) % n)
    choice = view["my_choice"] or {}
    count("my_choice", choice.get("sel", []))
    one_hot("dealer", (view["dealer"] - seat) % n)
    if view["turn"] is not None:
        one_hot("turn", (view["turn"] - seat) % n)
    if view["round_wind"] is not None:
        count("round_wind", [view["round_wind"]])
    out[at["wall_left"].start] = view["wall_left"] or 0
    return out


def mask(view: dict) -> np.ndarray:
    """The legal actions of the view's seat over the catalogue (all 0 when it is not to act)."""
    return np.asarray(view["action_mask"], dtype=np.int8)
