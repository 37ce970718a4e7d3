"""Hands as the card library reads them: the rack, the exposures, and batches of both.

:func:`read_hand` turns tile codes typed by a user into a :class:`Hand`, raising
:class:`~mjdsl.diagnostics.InputError` with a one-line message for an unknown code,
too many copies of a tile, a wrong count, or an exposure that is not one group.
:class:`HandBatch` stacks hands into the matrices that ``distance.py`` reads.
"""

from __future__ import annotations

from typing import Iterable, Sequence

import attrs
import numpy as np

from ..diagnostics import InputError
from ..tiles import TileSet


@attrs.frozen
class Exposure:
    """An exposed group: its tile, its size, and how many of its tiles are jokers."""

    tile: int
    size: int
    jokers: int


@attrs.frozen(eq=False)
class Hand:
    """A player's tiles: the rack (a histogram over the tile set, jokers included) and exposures."""

    concealed: np.ndarray
    exposures: tuple[Exposure, ...] = ()

    @property
    def size(self) -> int:
        return int(self.concealed.sum()) + sum(e.size for e in self.exposures)

    def histogram(self, joker: int | None) -> np.ndarray:
        """Every tile of the hand, exposures included, jokers as jokers."""
        h = self.concealed.astype(np.int16).copy()
        for e in self.exposures:
            h[e.tile] += e.size - e.jokers
            if joker is not None:
                h[joker] += e.jokers
        return h


def read_exposure(tiles: TileSet, text: str | Sequence[str]) -> Exposure:
    """One exposure typed as tile codes: a pung, kong, quint or sextet of one tile, jokers allowed."""
    idx = tiles.parse(text)
    shown = " ".join(tiles.codes(idx))
    joker = tiles.joker.index if tiles.joker is not None else None
    naturals = sorted({i for i in idx if i != joker})
    if len(naturals) != 1 or len(idx) < 3:
        raise InputError(
            f"exposure {shown!r} is not a pung, kong, quint or sextet of one tile (jokers may stand in it)"
        )
    return Exposure(naturals[0], len(idx), sum(1 for i in idx if i == joker))


def read_hand(
    tiles: TileSet,
    text: str | Sequence[str],
    exposed: Iterable[str | Sequence[str]] = (),
    sizes: tuple[int, ...] = (14,),
) -> Hand:
    """The hand a user typed. ``text`` is the rack; each of ``exposed`` one exposure.

    The rack may also list the exposed tiles (all 14 tiles typed at once): then the
    exposures are taken out of it. InputError for a bad code, too many copies, or a
    count not in ``sizes``.
    """
    rack = tiles.histogram(tiles.parse(text))
    exposures = tuple(read_exposure(tiles, e) for e in exposed)
    shown = tiles.histogram([])
    for e in exposures:
        shown[e.tile] += e.size - e.jokers
        if e.jokers and tiles.joker is not None:  # read_exposure admits jokers only when the set has them
            shown[tiles.joker.index] += e.jokers
    n_rack, n_shown = int(rack.sum()), int(shown.sum())
    if n_rack + n_shown not in sizes:
        if exposures and n_rack in sizes and np.all(shown <= rack):
            rack = rack - shown  # the rack already listed the exposed tiles
        else:
            want = " or ".join(str(s) for s in sizes)
            given = f"{n_rack} on the rack + {n_shown} exposed" if exposures else f"{n_rack}"
            raise InputError(f"wrong tile count: {given} tiles given, a hand here is {want}")
    tiles.check_copies(rack + shown)
    return Hand(rack.astype(np.int16), exposures)


@attrs.frozen(eq=False)
class HandBatch:
    """N hands as matrices over T tiles, for vector matching.

    concealed: (N, T) the racks, jokers included.
    filled: (N, T) the rack's natural tiles plus each exposure at its full size on its
        tile (an exposure's jokers stand for its tile); no joker column.
    natural: (N, T) the rack's natural tiles only (what may fill a pair or a single).
    held: (N, T) every natural tile of the hand, exposures included (for copies left).
    jokers: (N,) jokers on the rack.
    exposed_jokers: (N,) jokers in exposures.
    exposures: per hand, the (tile, size) of each exposure (empty for most hands).
    """

    concealed: np.ndarray
    filled: np.ndarray
    natural: np.ndarray
    held: np.ndarray
    jokers: np.ndarray
    exposed_jokers: np.ndarray
    exposures: tuple[tuple[tuple[int, int], ...], ...]

    @property
    def size(self) -> int:
        return int(self.concealed.shape[0])

    @classmethod
    def from_counts(cls, counts: np.ndarray, joker: int | None) -> "HandBatch":
        """Racks without exposures, as an (N, T) count matrix."""
        counts = np.asarray(counts, dtype=np.int16)
        natural = counts.copy()
        jokers = np.zeros(len(counts), dtype=np.int16)
        if joker is not None:
            jokers = counts[:, joker].copy()
            natural[:, joker] = 0
        n = len(counts)
        return cls(counts, natural, natural, natural, jokers, np.zeros(n, np.int16), ((),) * n)

    @classmethod
    def from_hands(cls, hands: Sequence[Hand], joker: int | None, size: int) -> "HandBatch":
        counts = np.zeros((len(hands), size), dtype=np.int16)
        for i, h in enumerate(hands):
            counts[i] = h.concealed
        batch = cls.from_counts(counts, joker)
        if not any(h.exposures for h in hands):
            return batch
        filled, held = batch.natural.copy(), batch.natural.copy()
        exp_jokers = np.zeros(len(hands), dtype=np.int16)
        for i, h in enumerate(hands):
            for e in h.exposures:
                filled[i, e.tile] += e.size
                held[i, e.tile] += e.size - e.jokers
                exp_jokers[i] += e.jokers
        groups = tuple(tuple((e.tile, e.size) for e in h.exposures) for h in hands)
        return attrs.evolve(batch, filled=filled, held=held, exposed_jokers=exp_jokers, exposures=groups)
