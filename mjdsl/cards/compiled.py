"""A card compiled against a tile set: its concrete variants and the numpy tables
that matching and hints read.

A *variant* is one concrete hand a line allows (suits, run offset and winds chosen):
a histogram of the tiles it needs, the part of it that must be natural tiles (pairs,
singles, groups of different tiles: no joker may stand there), and its groups. The
*tables* stack every variant into matrices (variants x tiles) so that a batch of
hands is matched or hinted with a few matrix products.
"""

from __future__ import annotations

import attrs
import numpy as np

from ..diagnostics import Diagnostic
from ..source import Span
from ..tiles import TileSet
from . import ast


@attrs.frozen
class VariantGroup:
    """One group of a variant, concrete."""

    #: tile indices, one a tile of the group (``(i, i, i)`` for a pung)
    tiles: tuple[int, ...]
    #: whether jokers may stand in it (three or more identical tiles)
    jokers: bool
    #: the group as printed, and where
    text: str
    span: Span

    @property
    def size(self) -> int:
        return len(self.tiles)


@attrs.frozen(eq=False)
class Variant:
    """One concrete hand of a line."""

    #: index of the line in :attr:`CompiledCard.lines`
    line: int
    #: which alternative (``or``) of the line it comes from
    pattern: int
    #: tiles needed, by tile index (T,)
    need: np.ndarray
    #: of those, how many must be natural tiles (T,)
    natural: np.ndarray
    groups: tuple[VariantGroup, ...]
    #: the suit chosen for each suit letter, as (letter, suit name)
    suits: tuple[tuple[str, str], ...]
    #: how far an ``any run or number`` line moved its numbers up
    offset: int = 0

    def key(self) -> tuple:
        """Identity for dedupe: the same tiles, natural tiles and groups are the same variant.

        A group is its tiles in any order: ``NEWS`` with its winds permuted (``any wind``)
        is still one ``NEWS``, so such a line does not count the same hand 24 times."""
        groups = tuple(sorted((tuple(sorted(g.tiles)), g.jokers) for g in self.groups))
        return (self.need.tobytes(), self.natural.tobytes(), groups)


@attrs.frozen(eq=False)
class Dropped:
    """A variant left out because no tiles can make it, and why."""

    variant: Variant
    reason: str
    #: the tile it lacks (index), when it is one tile
    tile: int | None = None


@attrs.frozen(eq=False)
class Tables:
    """Every kept variant stacked, for vector matching (V variants, T tiles)."""

    #: (V, T) tiles needed; (V, T) of them natural
    need: np.ndarray
    natural: np.ndarray
    #: (V,) line index, points, concealed flag, natural tiles in all
    line: np.ndarray
    points: np.ndarray
    concealed: np.ndarray
    natural_total: np.ndarray
    #: lines that have variants, and where each one's variants start (variants are in line order)
    line_ids: np.ndarray
    line_starts: np.ndarray
    #: the (tile, size) of every group jokers may stand in, on any variant; (V, G) how many each has
    group_keys: tuple[tuple[int, int], ...]
    group_counts: np.ndarray
    #: each group key's column in group_counts
    group_index: dict[tuple[int, int], int]
    #: min(x, need) summed over tiles is a matrix product of "at least k" indicators:
    #: column p of a hand's indicator matrix is ``hand[:, tile[p]] >= level[p]``
    need_tile: np.ndarray
    need_level: np.ndarray
    need_planes: np.ndarray  # (P, V) float32
    nat_tile: np.ndarray
    nat_level: np.ndarray
    nat_planes: np.ndarray  # (Q, V) float32
    #: need_planes over nat_planes, (P + Q, V): both sums in one product
    both_planes: np.ndarray

    @property
    def size(self) -> int:
        return int(self.need.shape[0])


@attrs.frozen(eq=False)
class CompiledCard:
    """A card expanded against a tile set: lines, kept and dropped variants, tables."""

    card: ast.Card
    tiles: TileSet
    lines: tuple[ast.HandLine, ...]
    variants: tuple[Variant, ...]
    dropped: tuple[Dropped, ...]
    #: problems found while compiling (patterns that could not be expanded)
    diagnostics: tuple[Diagnostic, ...]
    tables: Tables
    #: the index of the joker kind, or None when the set has no joker
    joker: int | None

    def variants_of(self, line: int) -> tuple[Variant, ...]:
        return tuple(v for v in self.variants if v.line == line)


def variant_counts(compiled: CompiledCard) -> list[tuple[int, str, int]]:
    """``[(file line, canonical text, kept variants)]`` for every line, in file order."""
    counts = np.bincount(compiled.tables.line, minlength=len(compiled.lines))
    return [(ln.line, ln.text, int(counts[i])) for i, ln in enumerate(compiled.lines)]


def build_tables(variants: tuple[Variant, ...], lines: tuple[ast.HandLine, ...], size: int) -> Tables:
    """Stack variants (already in line order) into the matching tables."""
    v = len(variants)
    need = np.zeros((v, size), dtype=np.int16)
    natural = np.zeros((v, size), dtype=np.int16)
    for i, var in enumerate(variants):
        need[i], natural[i] = var.need, var.natural
    line = np.array([var.line for var in variants], dtype=np.int32)
    keys = sorted({(g.tiles[0], g.size) for var in variants for g in var.groups if g.jokers})
    index = {k: j for j, k in enumerate(keys)}
    counts = np.zeros((v, len(keys)), dtype=np.int8)
    for i, var in enumerate(variants):
        for g in var.groups:
            if g.jokers:
                counts[i, index[(g.tiles[0], g.size)]] += 1
    line_ids, line_starts = np.unique(line, return_index=True)
    need_tile, need_level, need_planes = _planes(need)
    nat_tile, nat_level, nat_planes = _planes(natural)
    return Tables(
        need=need,
        natural=natural,
        line=line,
        points=np.array([lines[x].points for x in line], dtype=np.int32),
        concealed=np.array([lines[x].concealed for x in line], dtype=bool),
        natural_total=natural.sum(axis=1, dtype=np.int16),
        line_ids=line_ids.astype(np.int32),
        line_starts=line_starts.astype(np.int64),
        group_keys=tuple(keys),
        group_counts=counts,
        group_index=index,
        need_tile=need_tile,
        need_level=need_level,
        need_planes=need_planes,
        nat_tile=nat_tile,
        nat_level=nat_level,
        nat_planes=nat_planes,
        both_planes=np.ascontiguousarray(np.concatenate([need_planes, nat_planes], axis=0)),
    )


def _planes(counts: np.ndarray):
    """The "at least k" indicator planes of a (V, T) count matrix, one per (tile, k) in use.

    ``min(x, n) = sum over k >= 1 of [x >= k][n >= k]``, so summing ``min(hand, need)``
    over tiles is ``indicators(hand) @ planes``: one matrix product for a batch.
    """
    top = counts.max(axis=0) if counts.size else np.zeros(counts.shape[1], dtype=np.int16)
    tile = np.array([t for t in range(counts.shape[1]) for _ in range(int(top[t]))], dtype=np.intp)
    level = np.array([k for t in range(counts.shape[1]) for k in range(1, int(top[t]) + 1)], dtype=np.int16)
    planes = (counts[:, tile] >= level).T.astype(np.float32) if len(tile) else np.zeros((0, counts.shape[0]), np.float32)
    return tile, level, np.ascontiguousarray(planes)
