"""Hints: the card hands nearest to a hand, the tiles still to come, and what to discard.

For each line the nearest variant counts (``distance.needs``); lines are ranked by
tiles still needed, then points (higher first), then card order. The tiles listed
as missing count jokers only where they may stand: a natural slot (pair, single,
year, NEWS) always lists its tile; a joker slot lists its tile, unless the hand's
jokers fill it, or the set has no natural copies left for it (then it lists ``J``).
For fourteen tiles, :func:`discards` ranks each tile on the rack by how many hands
stay within reach without it.
"""

from __future__ import annotations

from typing import Sequence

import attrs
import numpy as np

from . import ast
from .compiled import CompiledCard
from .distance import FAR, needs
from .hands import Hand, HandBatch


@attrs.frozen
class Hint:
    """A card hand within reach: which, how many tiles still to come, which tiles."""

    line: ast.HandLine
    line_index: int
    pattern: int
    variant: int
    need: int
    #: tile codes still to come, in tile-set order; ``J`` for a slot only a joker can fill
    missing: tuple[str, ...]

    @property
    def hand(self) -> str:
        return self.line.patterns[self.pattern].text

    def to_json(self) -> dict:
        return {
            "hand": self.hand,
            "points": self.line.points,
            "need": self.need,
            "missing": list(self.missing),
            "line": self.line.line,
            "section": self.line.section,
        }


@attrs.frozen(eq=False)
class HintBatch:
    """The top hints of N hands as arrays; ``hints(n)`` gives one hand's as objects.

    variant: (N, K) the nearest variant of each of the K nearest lines, -1 past the end.
    need: (N, K) tiles still to come for it.
    missing: (N, K, T) which tiles, by count (the joker column: slots only a joker can fill).
    """

    compiled: CompiledCard
    variant: np.ndarray
    need: np.ndarray
    missing: np.ndarray

    def hints(self, n: int) -> list[Hint]:
        c = self.compiled
        out = []
        for k, v in enumerate(self.variant[n].tolist()):
            if v < 0:
                break
            var = c.variants[v]
            codes = tuple(c.tiles.expand(self.missing[n, k]))
            if c.joker is not None:  # jokers last: "any joker will do" reads after the tiles
                codes = tuple(x for x in codes if x != c.tiles.kinds[c.joker].code) + (
                    (c.tiles.kinds[c.joker].code,) * int(self.missing[n, k, c.joker])
                )
            out.append(Hint(c.lines[var.line], var.line, var.pattern, v, int(self.need[n, k]), codes))
        return out


def hints(compiled: CompiledCard, hand: Hand, top: int = 5) -> list[Hint]:
    """The ``top`` nearest card hands to ``hand`` (13 or 14 tiles), nearest first."""
    batch = HandBatch.from_hands([hand], compiled.joker, compiled.tiles.size)
    return hint_batch(compiled, batch, top).hints(0)


def hint_batch(compiled: CompiledCard, batch: HandBatch, top: int = 5) -> HintBatch:
    """The ``top`` nearest lines of every hand of a batch, with the tiles each still needs."""
    variant, need = _nearest_lines(compiled, needs(compiled, batch), top)
    return HintBatch(compiled, variant, need, _missing(compiled, batch, variant))


def _nearest_lines(compiled: CompiledCard, dist: np.ndarray, top: int) -> tuple[np.ndarray, np.ndarray]:
    """Per hand, the best variant of each line, then the ``top`` lines by (need, -points, order)."""
    t = compiled.tables
    n, v = dist.shape
    if v == 0:
        return np.full((n, 0), -1, np.int32), np.zeros((n, 0), np.int16)
    key = dist.astype(np.int64) * v + np.arange(v)
    best = np.minimum.reduceat(key, t.line_starts, axis=1)  # (N, L): need * V + variant
    best_need, best_var = best // v, best % v
    points = t.points[t.line_starts].astype(np.int64)
    lines = len(t.line_starts)
    rank = (best_need * (points.max() + 1) + (points.max() - points)) * lines + np.arange(lines)
    k = min(top, lines)
    if k < lines:
        part = np.argpartition(rank, k - 1, axis=1)[:, :k]
    else:
        part = np.broadcast_to(np.arange(lines), (n, lines))
    order = np.take_along_axis(part, np.argsort(np.take_along_axis(rank, part, axis=1), axis=1), axis=1)
    need = np.take_along_axis(best_need, order, axis=1)
    variant = np.take_along_axis(best_var, order, axis=1).astype(np.int32)
    variant[need >= FAR] = -1
    return variant, need.astype(np.int16)


def _missing(compiled: CompiledCard, batch: HandBatch, variant: np.ndarray) -> np.ndarray:
    """(N, K, T) the tiles still to come for each chosen variant (see the module doc)."""
    t = compiled.tables
    v = np.maximum(variant, 0)
    need = t.need[v] - (batch.filled - batch.natural)[:, None, :]  # exposures stand already
    natural = t.natural[v]
    rack = batch.natural[:, None, :]
    natural_short = np.maximum(natural - rack, 0)
    joker_open = need - np.maximum(natural, np.minimum(rack, need))
    left = np.maximum(compiled.tiles.copies_vector() - batch.held[:, None, :] - natural_short, 0)
    forced = np.maximum(joker_open - left, 0)  # no natural copy left: only a joker fills it
    jokers = batch.jokers[:, None].astype(np.int16)
    first = _allocate(jokers, forced)
    rest = _allocate(jokers - first.sum(axis=2), joker_open - forced)
    out = (natural_short + joker_open - forced - rest).astype(np.int16)
    if compiled.joker is not None:
        out[:, :, compiled.joker] = (forced - first).sum(axis=2)
    out[variant < 0] = 0
    return out


def _allocate(jokers: np.ndarray, slots: np.ndarray) -> np.ndarray:
    """Spread (N, K) jokers over (N, K, T) open slots in tile order."""
    before = np.cumsum(slots, axis=2) - slots
    return np.clip(jokers[:, :, None] - before, 0, slots)


@attrs.frozen
class Discard:
    """A tile to discard from fourteen: how many hands stay within reach without it."""

    tile: str
    #: lines whose need stays within one tile of the hand's nearest line
    keeps: int
    #: the nearest line's need after this discard
    nearest: int

    def to_json(self) -> dict:
        return {"tile": self.tile, "keeps": self.keeps, "nearest": self.nearest}


def discards(compiled: CompiledCard, hand: Hand, top: int | None = None) -> list[Discard]:
    """Each distinct tile of a 14-tile rack as a discard, best first.

    A line is *within reach* when it needs at most one tile more than the hand's
    nearest line needs now. Discards are ranked by how many lines stay within reach,
    then by the nearest need after the discard, then in tile-set order.
    """
    tiles = np.nonzero(hand.concealed)[0]
    if not len(tiles):
        return []
    rows = [Hand(hand.concealed, hand.exposures)]
    for i in tiles:
        rack = hand.concealed.copy()
        rack[i] -= 1
        rows.append(Hand(rack, hand.exposures))
    batch = HandBatch.from_hands(rows, compiled.joker, compiled.tiles.size)
    dist = needs(compiled, batch)
    if dist.shape[1] == 0:
        return []
    per_line = np.minimum.reduceat(dist, compiled.tables.line_starts, axis=1)
    reach = int(per_line[0].min()) + 1
    keeps = (per_line[1:] <= reach).sum(axis=1)
    nearest = per_line[1:].min(axis=1)
    order = sorted(range(len(tiles)), key=lambda j: (-int(keeps[j]), int(nearest[j]), int(tiles[j])))
    out = [Discard(compiled.tiles.kinds[int(tiles[j])].code, int(keeps[j]), int(nearest[j])) for j in order]
    return out[:top] if top is not None else out


def hints_json(found: Sequence[Hint], found_discards: Sequence[Discard] | None = None) -> dict:
    """The ``mjdsl hint --json`` document of docs/cli.md (``discards`` for 14 tiles)."""
    doc: dict = {"version": 1, "hints": [h.to_json() for h in found]}
    if found_discards is not None:
        doc["discards"] = [d.to_json() for d in found_discards]
    return doc
