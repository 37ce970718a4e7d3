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

A bot asks about one hand, or a dozen (one per candidate discard), thousands of times
a hand: there the products' fixed cost (float conversions, a BLAS call that may start
threads) is most of the time. Small batches read the same sums from per-card lookup
rows instead (:class:`_Rows`: ``min(c, need[:, t])`` for every tile t and count c),
one integer gather per hand; both ways give the same integers (test_cards_distance).
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

import numpy as np

import attrs

from ..memo import ByObject
from .compiled import CompiledCard, Tables
from .hands import HandBatch
from .pattern import HAND_SIZE

#: The distance given to a variant the hand's exposures rule out.
FAR = 99

#: batches of at most this many hands are summed from lookup rows; larger ones by the
#: indicator products, whose fixed cost is then shared by many hands
LOOKUP_BATCH = 64


@attrs.frozen(eq=False)
class _Rows:
    """``min(c, counts[:, t])`` for every tile t and count c up to the most any variant
    holds of t, stacked: row ``start[t] + c`` is that (V,) vector (row ``start[t]`` is 0)."""

    table: np.ndarray  # (R, V) int16
    start: np.ndarray  # (T,) first row of each tile
    top: np.ndarray  # (T,) the most of each tile any variant counts

    @classmethod
    def of(cls, counts: np.ndarray) -> "_Rows":
        top = counts.max(axis=0).astype(np.intp) if counts.size else np.zeros(counts.shape[1], np.intp)
        start = np.concatenate([[0], np.cumsum(top + 1)[:-1]]).astype(np.intp)
        rows = [np.minimum(c, counts[:, t]) for t in range(counts.shape[1]) for c in range(int(top[t]) + 1)]
        return cls(np.ascontiguousarray(np.array(rows, dtype=np.int16).reshape(len(rows), counts.shape[0])),
                   start, top)

    def sums(self, hands: np.ndarray) -> np.ndarray:
        """(N, V) ``sum over t of min(hands[:, t], counts[:, t])``: only the tiles some
        hand holds are read (a tile held 0 times, or fewer, adds the zero row)."""
        cols = np.flatnonzero(hands.any(axis=0))
        rows = self.start[cols] + np.minimum(np.maximum(hands[:, cols], 0), self.top[cols])
        return self.table[rows].sum(axis=1, dtype=np.int16)


#: per card's tables: the lookup rows of its needs and of its natural tiles
_ROWS: ByObject[tuple[_Rows, _Rows]] = ByObject()
#: per card's tables: :func:`allowed` by exposures (a seat's exposures change a few times a hand)
_ALLOWED: ByObject[dict] = ByObject()


def _indicators(counts: np.ndarray, tile: np.ndarray, level: np.ndarray) -> np.ndarray:
    return (counts[:, tile] >= level).astype(np.float32)


def allowed(tables: Tables, exposures: Iterable[tuple[int, int]]) -> np.ndarray:
    """(V,) the variants a hand with these exposures can still make: each exposure,
    a (tile, size), is a group of the variant of its own (two pungs of 5b need two
    such groups). A concealed line takes no exposures; an exposure that is a group of
    no variant at all rules out every one."""
    key = tuple(exposures)
    kept = _ALLOWED.setdefault(tables, dict)
    row = kept.get(key)
    if row is None:
        if len(kept) >= 4096:
            kept.clear()
        row = kept[key] = _allowed(tables, key)
        row.setflags(write=False)  # shared by every caller: nobody may change it
    return row


def _allowed(tables: Tables, exposures: tuple[tuple[int, int], ...]) -> np.ndarray:
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
    natural: (N, T) the rack's natural tiles; jokers: (N,) jokers on the rack. The
    answer is integers (small batches int16, large ones float32 holding integers).
    """
    if len(filled) <= LOOKUP_BATCH:
        need_rows, nat_rows = _ROWS.setdefault(tables, lambda: (_Rows.of(tables.need), _Rows.of(tables.natural)))
        a = need_rows.sums(filled)
        b = nat_rows.sums(natural)
    else:
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


def rack_needs(tables: Tables, racks: np.ndarray, exposures: Sequence[tuple[int, int]],
               joker: int | None) -> np.ndarray:
    """(N, V) :func:`needs` of racks (N, T, jokers included) that share one seat's
    exposures, each a (tile, size): what a bot asks, a rack per candidate move, without
    building a :class:`HandBatch`."""
    natural = np.array(racks, dtype=np.int16)
    jokers = np.zeros(len(natural), dtype=np.int16)
    if joker is not None:
        jokers = natural[:, joker].copy()
        natural[:, joker] = 0
    filled = natural
    if exposures:
        filled = natural.copy()
        for tile, size in exposures:
            filled[:, tile] += size
    out = distances(tables, filled, natural, jokers).astype(np.int16)
    if exposures:
        out[:, ~allowed(tables, exposures)] = FAR
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

