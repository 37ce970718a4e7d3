"""Which tiles complete a hand, and how far a hand is from complete.

A *calling* hand is one tile short of complete (seed: "a Standing Hand ... need
only one more tile to complete their Mah Jongg Hand"). Its waits are the tiles that
complete it, in the standard shape or in any special pattern passed in; a tile of
which every copy is already in the hand or on its declared melds cannot come, so it
is not a wait. :func:`distance` counts the tiles a hand still lacks to be complete in
the standard shape, for bots and hints.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Sequence

from ..tiles import TileSet
from .decompose import Layout, Meld, concealed_splits, exposed_counts, hand_counts, layout_of, still_needed
from .patterns import Pattern, compiled, completing_tiles

if TYPE_CHECKING:  # numpy only in annotations: checking a ruleset never loads it
    import numpy as np


def _standard_candidates(lay: Layout, lst: Sequence[int]) -> set[int]:
    """Tiles that could complete the standard shape.

    Every meld holding the new tile holds another tile of the hand too, so the new
    tile is in the hand or shares a possible chow with a tile of the hand.
    """
    out = {i for g in lay.groups for i in g.indices if lst[i]}
    for run in lay.chow_tiles.values():
        if any(lst[i] for i in run):
            out.update(run)
    return out


def _iter_waits(concealed, tiles, exposed, patterns, sets, pairs, allow_chows, max_chows, bonus, with_standard=True):
    """Yield the waits: the standard shape's in index order, then each pattern's (repeats possible)."""
    lay = layout_of(tiles)
    lst = hand_counts(concealed, lay, bonus)  # a fresh list: safe to add a tile in place
    exposed = tuple(exposed)
    used = exposed_counts(exposed, tiles)
    if with_standard:
        need_sets, need_pairs, cap = still_needed(exposed, sets, pairs, max_chows)
        for t in sorted(_standard_candidates(lay, lst)):
            if lst[t] + used[t] >= lay.copies[t]:
                continue  # every copy is already in sight
            lst[t] += 1
            hit = concealed_splits(lay, lst, need_sets, need_pairs, cap, allow_chows, first=True)
            lst[t] -= 1
            if hit:
                yield t
    for p in patterns:
        yield from completing_tiles(compiled(p, tiles), lst, exposed, used, lay.copies)


def waits(
    concealed: np.ndarray,
    tiles: TileSet,
    exposed: Sequence[Meld] = (),
    *,
    patterns: Sequence[Pattern] = (),
    sets: int = 4,
    pairs: int = 1,
    allow_chows: bool = True,
    max_chows: int | None = None,
    bonus: str = "ignore",
) -> list[int]:
    """The tile indices that would complete the hand, in index order.

    Options as :func:`~mjdsl.hands.decompose.split_hand`; ``patterns`` are the special
    hands the table plays (:class:`~mjdsl.hands.patterns.Pattern`).
    """
    return sorted(set(_iter_waits(concealed, tiles, exposed, patterns, sets, pairs, allow_chows, max_chows, bonus)))


def is_calling(
    concealed: np.ndarray,
    tiles: TileSet,
    exposed: Sequence[Meld] = (),
    *,
    patterns: Sequence[Pattern] = (),
    sets: int = 4,
    pairs: int = 1,
    allow_chows: bool = True,
    max_chows: int | None = None,
    bonus: str = "ignore",
) -> bool:
    """Whether one more tile would complete the hand (stops at the first wait found)."""
    it = _iter_waits(concealed, tiles, exposed, patterns, sets, pairs, allow_chows, max_chows, bonus)
    return next(it, None) is not None


def distance(
    concealed: np.ndarray,
    tiles: TileSet,
    exposed: Sequence[Meld] = (),
    *,
    sets: int = 4,
    pairs: int = 1,
    allow_chows: bool = True,
    max_chows: int | None = None,
    bonus: str = "ignore",
) -> int:
    """How many tiles the hand lacks to be complete in the standard shape.

    0 for a complete hand, 1 for a calling hand (shanten + 1). Exact: the most tiles
    of the hand that any complete hand can keep, found by a dynamic programme over
    the tiles in group order that chooses the melds starting at each tile, within the
    copies not already on the declared melds.
    """
    lay = layout_of(tiles)
    lst = hand_counts(concealed, lay, bonus)
    exposed = tuple(exposed)
    used = exposed_counts(exposed, tiles)
    need_sets, need_pairs, cap = still_needed(exposed, sets, pairs, max_chows)
    if need_sets < 0 or need_pairs < 0 or cap < 0:
        raise ValueError("the declared melds are more than the hand can hold")
    cap = min(cap, need_sets) if allow_chows else 0
    order = [(i, g.chow_starts[p]) for g in lay.groups for p, i in enumerate(g.indices)]
    have = [lst[i] for i, _ in order]
    room = [lay.copies[i] - used[i] for i, _ in order]
    n = len(order)
    left = [sum(have[j:]) for j in range(n + 1)]  # hand tiles from position j on
    impossible = -(1 << 20)

    @lru_cache(maxsize=None)
    def best(j: int, c1: int, c2: int, s: int, p: int, ch: int) -> int:
        """Most hand tiles kept from position j on; c1/c2 chows started one/two back."""
        if j == n:
            return 0 if s == p == 0 else impossible
        carry = c1 + c2
        # no choice keeps more than the tiles left, or more than the melds still hold
        bound = min(left[j], 3 * s + 2 * p + 2 * c1 + c2)
        top = impossible
        for kc in range(min(s, ch) if order[j][1] else 0, -1, -1):
            for kp in range(s - kc, -1, -1):
                for kd in range(p, -1, -1):
                    want = carry + kc + 3 * kp + 2 * kd
                    if want > room[j]:
                        continue
                    rest = best(j + 1, kc, c1, s - kc - kp, p - kd, ch - kc)
                    if rest > impossible:
                        top = max(top, min(have[j], want) + rest)
                        if top == bound:
                            return top
        return top

    kept = best(0, 0, 0, need_sets, need_pairs, cap)
    if kept == impossible:
        raise ValueError("no complete hand fits in the tiles left")
    return 3 * need_sets + 2 * need_pairs - kept


def patterns_waits(
    patterns: Sequence[Pattern],
    concealed: np.ndarray,
    tiles: TileSet,
    exposed: Sequence[Meld] = (),
    *,
    bonus: str = "ignore",
) -> list[int]:
    """The tiles that would make the hand one of ``patterns``, the standard shape aside."""
    return sorted(set(_iter_waits(concealed, tiles, exposed, patterns, 4, 1, True, None, bonus, with_standard=False)))
