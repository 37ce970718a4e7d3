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

import numpy as np

from .compiled import CompiledCard, Tables
from .hands import HandBatch
from .pattern import HAND_SIZE

#: The distance given to a variant the hand's exposures rule out.
FAR = 99


def _indicators(counts: np.ndarray, tile: np.ndarray, level: np.ndarray) -> np.ndarray:
    return (counts[:, tile] >= level).astype(np.float32)


def compatible(tables: Tables, batch: HandBatch) -> np.ndarray | None:
    """(N, V) whether each hand's exposures are distinct groups of each variant; None if
    no hand has exposures. A concealed line takes no exposures."""
    rows = [i for i, e in enumerate(batch.exposures) if e]
    if not rows:
        return None
    ok = np.ones((batch.size, tables.size), dtype=bool)
    index = {k: j for j, k in enumerate(tables.group_keys)}
    for i in rows:
        wanted: dict[int, int] = {}
        for key in batch.exposures[i]:
            j = index.get(key, -1)
            wanted[j] = wanted.get(j, 0) + 1
        row = ~tables.concealed
        for j, count in wanted.items():
            row = row & (tables.group_counts[:, j] >= count) if j >= 0 else np.zeros_like(row)
        ok[i] = row
    return ok


def needs(compiled: CompiledCard, batch: HandBatch) -> np.ndarray:
    """(N, V) tiles each hand still needs for each variant (:data:`FAR` when ruled out)."""
    t = compiled.tables
    a = _indicators(batch.filled, t.need_tile, t.need_level) @ t.need_planes
    b = _indicators(batch.natural, t.nat_tile, t.nat_level) @ t.nat_planes
    natural_short = t.natural_total[None, :] - b  # natural slots no rack tile fills
    open_slots = HAND_SIZE - a - natural_short  # joker slots still open
    useful = a + np.minimum(batch.jokers[:, None], open_slots)
    out = (HAND_SIZE - useful).astype(np.int16)
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

