"""The tiles a hand holds as a bit mask: the quick rejects of the special hands
(:func:`.search.could_be_made`, a special hand's forbidden tiles) test them with a few
integer operations. In a module of its own so the compiled build compiles it
(``mjdsl/native.py``): the win questions ask it of every seat at every discard, and the
hand library around it is not compiled."""

from __future__ import annotations

import itertools
from typing import Sequence

_BITS: list[int] = []


def present_mask(counts: Sequence[int]) -> int:
    """The tiles a hand holds (counts by tile index), as a bit mask."""
    if len(_BITS) < len(counts):
        _BITS[:] = [1 << i for i in range(len(counts))]
    return sum(itertools.compress(_BITS, counts))  # compress: no Python frame per tile
