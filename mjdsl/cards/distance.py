"""How far each hand of a batch is from each variant of a card: a few matrix products.

For a hand and a variant, the tiles of the hand that are *useful* are:

* the exposures, each standing as one group of the variant (or the variant is out);
* the rack's natural tiles, up to what the variant needs of each tile;
* the rack's jokers, up to the variant's joker slots (its groups of three or more
  identical tiles) that natural tiles leave open.

``need = 14 - useful`` is how many tiles are still to come; a hand makes the variant
exactly when ``need == 0``. Summing ``min(hand, need)`` over tiles is a product of
"at least k" indicator matrices (``compiled.py``), so a batch of N hands against V
variants costs two (N x P) @ (P x V) products, whatever N and V.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable

import numpy as np

from .compiled import CompiledCard, Tables
from .hands import HandBatch
from .pattern import HAND_SIZE

#: The distance given to a variant the hand's exposures rule out.
FAR = 99


def _indicators(counts: np.ndarray, tile: np.ndarray, level: np.ndarray) -> np.ndarray:
    return (counts[:, tile] >= level).astype(np.float32)


def allowed(tables: Tables, exposures: Iterable[tuple[int, int]]) -> np.ndarray:
    """(V,) the variants a hand with these exposures can still make: each exposure,
    a (tile, size), is a group of the variant of its own (two pungs of 5b need two
    such groups). A concealed line takes no exposures; an exposure that is a group of
    no variant at all rules out every one."""
    wanted = Counter(tables.group_index.get(key, -1) for key in exposures)
    if not wanted:
        return np.ones(tables.size, dtype=bool)
    if -1 in wanted:
        return np.zeros(tables.size, dtype=bool)
    row = ~tables.concealed
    for j, count in wanted.items():
        row = row & (tables.group_counts[:, j] >= count)
    return row


def compatible(tables: Tables, batch: HandBatch) -> np.ndarray | None:
    """(N, V) :func:`allowed` for each hand of a batch; None if no hand has exposures."""
    rows = [i for i, e in enumerate(batch.exposures) if e]
    if not rows:
        return None
    ok = np.ones((batch.size, tables.size), dtype=bool)
    for i in rows:
        ok[i] = allowed(tables, batch.exposures[i])
    return ok


def distances(tables: Tables, filled: np.ndarray, natural: np.ndarray, jokers: np.ndarray) -> np.ndarray:
    """(N, V) tiles each hand still needs for each variant, exposures aside (the one
    formula: the engine's bots ask it about a single hand, ``needs`` about batches).

    filled: (N, T) the rack's natural tiles plus each exposure at its size on its tile;
    natural: (N, T) the rack's natural tiles; jokers: (N,) jokers on the rack.
    """
    a = _indicators(filled, tables.need_tile, tables.need_level) @ tables.need_planes
    b = _indicators(natural, tables.nat_tile, tables.nat_level) @ tables.nat_planes
    natural_short = tables.natural_total[None, :] - b  # natural slots no rack tile fills
    open_slots = np.maximum(HAND_SIZE - a - natural_short, 0)  # joker slots still open
    return HAND_SIZE - a - np.minimum(jokers[:, None], open_slots)


def needs(compiled: CompiledCard, batch: HandBatch) -> np.ndarray:
    """(N, V) tiles each hand still needs for each variant (:data:`FAR` when ruled out)."""
    t = compiled.tables
    out = distances(t, batch.filled, batch.natural, batch.jokers).astype(np.int16)
    ok = compatible(t, batch)
    if ok is not None:
        out[~ok] = FAR
    return out


def makes(compiled: CompiledCard, batch: HandBatch) -> np.ndarray:
    """(N, V) whether each 14-tile hand makes each variant exactly.

    The hand makes it when every rack tile and exposure fits under what the variant
    needs (``sum min(filled, need) == sum filled``) and every natural slot is filled
    (``sum min(natural, natural_need) == natural_total``); the jokers then fill
    exactly the open joker slots, the counts being fourteen on both sides. Both sums
    come from one product of stacked indicators.
    """
    t = compiled.tables
    ind = np.concatenate(
        [_indicators(batch.filled, t.need_tile, t.need_level), _indicators(batch.natural, t.nat_tile, t.nat_level)],
        axis=1,
    )
    total = ind @ t.both_planes
    target = batch.filled.sum(axis=1, dtype=np.float32)[:, None] + t.natural_total[None, :]
    out = total == target
    ok = compatible(t, batch)
    if ok is not None:
        out &= ok
    return out

