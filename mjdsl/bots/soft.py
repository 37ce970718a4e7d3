"""The style bots' commonest questions in C (``_soft.c``, the compiled build's): the worth of
a rack less each of some tiles (a bot's candidate discards, the tiles of a pass), and each
such rack's least distance (the tiles a hand can spare).

Worth is the soft minimum of ``judge.py``, ``-m + log_b sum w_v s^(x_v - m)``, which is
``log_b sum w_v s^x_v``: a sum over the card's variants of a term each. A candidate
loses one copy of one tile, and only the variants that used that copy (needing as many
as were held, or as many natural ones) see their term change: a fifth or so of them. So the
C module sums the rack's terms once, each variant's sums read from its entries (the tiles
it needs; as dense rows of needs, a few vector instructions a variant, where they fit), and
moves the sum by the variants each candidate touches; a term depends
on four small whole numbers (tiles still to come, natural slots empty, live copies of the
tiles it lacks, a concealed line) and the live jokers, and is worked out once, in a table
of doubles per count of live jokers (:class:`Soft`) shared by every judge of the same
style and card. No variant is left out: the numbers are numpy's (``judge.CardJudge.measure``,
``slowness_of``, ``worth``) to 1e-9 and the choices the same (tests/test_bots_soft.py,
tests/test_bots_golden.py). The pure build has no C module: :func:`worths_without` and
:func:`nearest_without` answer None there, and the judge asks numpy.
"""

from __future__ import annotations

from array import array
from typing import Any, Final, Sequence

from ..cards.distance import rack_counts_without
from ..cards.pattern import HAND_SIZE
from ..memo import ByObject

#: a term's table (``_soft.c``) has a row for each whole number of tiles to come and of
#: natural slots up to this (a hand needs at most HAND_SIZE of each), one for each live
#: count up to 255, and two for concealed lines and the rest
_COUNTS: Final = HAND_SIZE + 1
_LIVE: Final = 256


class Soft:
    """A style's soft minimum over one card's variants, as the C module reads it: the
    constants of every question, and the terms worked out (by live jokers)."""

    def __init__(self, weight: list[float], log_base: float, naturals: float, live: float, concealed: float,
                 last_called: bool, typical: float, joker: bool) -> None:
        #: each variant's weight, a double
        self.weight_bytes = array("d", weight).tobytes()
        self._params = (log_base, naturals, live, concealed, typical, last_called, int(joker))
        # (every judge of these numbers shares the terms worked out: each seat's bot has its own)
        self._tables: dict[int, bytearray] = _TERMS.setdefault(
            (log_base, naturals, live, concealed, last_called, typical, joker), {})

    def table(self, live_joker: int) -> bytearray:
        """The terms for this count of live jokers: doubles, -1.0 until first read."""
        t = self._tables.get(live_joker)
        if t is None:
            t = bytearray(array("d", [-1.0]) * (2 * _COUNTS * _COUNTS * _LIVE))
            self._tables[live_joker] = t
        return t

    def params(self, live_joker: int) -> tuple:
        """What the C module reads of the style (``_soft.c``, ``worths``)."""
        return (*self._params, live_joker)


#: the terms worked out, by the numbers a term depends on (a style's on a card), then live jokers
_TERMS: dict[tuple, dict[int, bytearray]] = {}


class _Columns:
    """A card's variants as the C module reads them: by tile, each one's need of it
    (``need[t]``, a byte a variant) and natural need, and which need at least ``c`` of it
    (``need_from_c[t][c]``, 16-bit indices) or at least ``c`` natural (``natural_from_c``);
    each one's entries; and a byte a variant, its natural tiles in all and 1 for a
    concealed line."""

    def __init__(self, tables) -> None:
        need = tables.need
        natural = tables.natural
        self.need = [bytes(need[:, t].tolist()) for t in range(need.shape[1])]
        self.natural = [bytes(natural[:, t].tolist()) for t in range(natural.shape[1])]
        self.size = len(need)
        #: the C module reads a tile's index as a byte and a variant's as 16 bits: a card of
        #: a larger tile set or more variants is numpy's to answer (_reading)
        self.usable = need.shape[1] <= 255 and len(need) <= 0xFFFF
        if not self.usable:
            return
        self.totals = bytes(tables.natural_total.astype(int).tolist())
        self.concealed = bytes(tables.concealed.astype(int).tolist())
        #: each variant's (tile, need, natural need) for the tiles it needs, a byte each, and
        #: where each variant's start (uint32): the C sum's rack sums
        entries = bytearray()
        starts = [0]
        for v in range(len(need)):
            for t in range(need.shape[1]):
                if need[v, t]:
                    entries += bytes((t, int(need[v, t]), int(natural[v, t])))
            starts.append(len(entries) // 3)
        self.entries = bytes(entries)
        self.starts = _packed_ints("I", 4, starts)
        self.need_from_c = [[_packed_ints("H", 2, vs) for vs in _from(col)] for col in self.need]
        self.natural_from_c = [[_packed_ints("H", 2, vs) for vs in _from(col)] for col in self.natural]
        #: what the C module reads of a candidate tile, by tile: its columns and the variants
        #: losing a copy touches (``_soft.c``, ``tile_columns``)
        self.by_tile = (self.need, self.natural, self.need_from_c, self.natural_from_c)


def limits_of(copies: list[int], seen: list[int], own: list[int], held: list[int], joker: int) -> bytes | None:
    """``judge.CardJudge.dead_limits`` of counts per tile: the copies of each, those seen
    elsewhere, the seat's own (its rack and exposures' natural tiles) and its rack's."""
    out = bytearray(len(held))
    for t in range(len(held)):
        if t == joker:
            out[t] = 255
            continue
        unseen = copies[t] - seen[t] - own[t]
        if unseen < 0:
            return None
        limit = held[t] + unseen
        out[t] = limit if limit < 255 else 255
    return bytes(out)


def _packed_ints(code: str, width: int, values: list[int]) -> bytes:
    """``values`` as the C sum reads them: unsigned integers of ``width`` bytes, native order
    (``array``'s ``code`` is that wide on every platform CPython builds for; checked)."""
    packed = array(code, values)
    if packed.itemsize != width:
        raise RuntimeError(f"array {code!r} is {packed.itemsize} bytes here, not {width}")
    return packed.tobytes()


def _from(col: bytes) -> list[list[int]]:
    """For each count c from 0 up to the most any variant needs, the variants needing at
    least c (none for c = 0: a tile not held is never lost)."""
    top = max(col) if col else 0
    out: list[list[int]] = [[]]
    for c in range(1, top + 1):
        out.append([v for v in range(len(col)) if col[v] >= c])
    return out


_COLUMNS: ByObject[_Columns] = ByObject()


def worths_without(soft: Soft, tables, rack, tiles: Sequence[int], exposures: Sequence[tuple[int, int]],
                   joker: int | None, live, gone: Sequence[int] | None, out_of_play: int,
                   live_joker: int, limits: bytes | None) -> list[float] | None:
    """The worth of ``rack`` (less ``gone``) less one copy of each of ``tiles``, beside
    ``exposures``, by the C module; ``out_of_play``: a byte a variant, not 0 where the
    exposures rule it out; ``limits``: the most natural copies of each tile a line may still
    need (a line needing more is dead: ``judge.CardJudge.dead_limits``; None: none is dead).
    None in the pure build, where the rack's counts do not apply
    (``cards.distance.rack_counts_without``) or no variant is within reach: the judge asks
    numpy then."""
    got = _reading(tables, rack, tiles, exposures, joker, live, gone)
    if got is None:
        return None
    module, cols, filled, natural, jokers, live_l = got
    return module.worths(cols.entries, cols.starts, bytes(filled), bytes(natural),
                         out_of_play.to_bytes(cols.size, "little"), cols.totals, jokers, list(tiles),
                         bytes(live_l) if live_l is not None else None, cols.concealed, soft.weight_bytes,
                         soft.table(live_joker), soft.params(live_joker), limits, cols.by_tile)


def rack_worth(soft: Soft, tables, rack, exposures: Sequence[tuple[int, int]], joker: int | None, live,
               out_of_play: int, live_joker: int, limits: bytes | None) -> float | None:
    """The worth of ``rack`` itself beside ``exposures`` (``judge.CardJudge.worth`` of the one
    rack), by the C module: the sum its candidates are moved from. None in the pure build,
    where the rack's counts do not apply (as :func:`worths_without`; a rack of jokers alone
    among them), or where no variant is within reach (numpy's answer then)."""
    got = _reading(tables, rack, _held(rack, joker), exposures, joker, live, None)
    if got is None:
        return None
    module, cols, filled, natural, jokers, live_l = got
    return module.rack_worth(cols.entries, cols.starts, bytes(filled), bytes(natural),
                             out_of_play.to_bytes(cols.size, "little"), cols.totals, jokers, [],
                             bytes(live_l) if live_l is not None else None, cols.concealed, soft.weight_bytes,
                             soft.table(live_joker), soft.params(live_joker), limits)


def spare(tables, rack, exposures: Sequence[tuple[int, int]], joker: int | None, out_of_play: int, most: int,
          now: int) -> int | None:
    """How many tiles ``rack`` can give away, one after another, without going further than
    ``now`` tiles from ready (at most ``most``): each step the held tile (not a joker) whose
    loss leaves the least distance of a variant ``out_of_play`` allows, the first of equals
    (``engine._View.spare``), by the C module in one call; None in the pure build or where
    the rack's counts do not apply (as :func:`nearest_without`)."""
    got = _reading(tables, rack, _held(rack, joker), exposures, joker, None, None)
    if got is None:
        return None
    module, cols, filled, natural, jokers, _ = got
    return module.spare(cols.entries, cols.starts, bytes(filled), bytes(natural),
                        out_of_play.to_bytes(cols.size, "little"), cols.totals, jokers, [], cols.by_tile, most, now)


def _held(rack, joker: int | None) -> list[int]:
    """The tiles a rack holds but the joker: what a question of the rack itself may take away,
    for :func:`_reading`'s counts (``cards.distance.rack_counts_without``)."""
    return [t for t, n in enumerate(rack.tolist()) if n > 0 and t != joker]


def picks(soft: Soft, tables, rack, legal: Sequence[int], count: int, exposures: Sequence[tuple[int, int]],
          joker: int | None, live, gone: Sequence[int] | None, out_of_play: int, live_joker: int,
          limits: bytes | None, rng) -> list[int] | None:
    """Up to ``count`` of the ``legal`` tiles given away together, the least worth keeping one
    after another (``engine._View.worst``: each step the held ones are the candidates, the
    one worth most to lose is taken, ties broken by ``rng.randrange``), from ``rack`` less
    ``gone``, by the C module: one call, the rack packed once. Fewer where it stops before a
    step it cannot answer (no variant within reach: numpy answers the steps left, rng not yet
    asked). None in the pure build or where the rack's counts do not apply (as
    :func:`worths_without`)."""
    left = [int(n) for n in rack]
    for t in gone or ():
        left[t] -= 1
    first = [t for t in legal if left[t] > 0 and t != joker]
    if not first:
        return []
    got = _reading(tables, rack, first, exposures, joker, live, gone)
    if got is None:
        return None
    module, cols, filled, natural, jokers, live_l = got
    return module.picks(cols.entries, cols.starts, bytes(filled), bytes(natural),
                        out_of_play.to_bytes(cols.size, "little"), cols.totals, jokers, list(legal),
                        bytes(live_l) if live_l is not None else None, cols.concealed, soft.weight_bytes,
                        soft.table(live_joker), soft.params(live_joker), limits, cols.by_tile, count, rng)


#: the C module (``_soft.c``) when the compiled build is used (``mjdsl.native``), else None
#: (a list, filled at the first question: ``native`` decides once a process)
_C: list[Any] = []


def in_c() -> bool:
    """Whether the C module answers (the compiled build)."""
    return _compiled() is not None


def _compiled() -> Any:
    if not _C:
        from .. import native

        found = None
        if native.compiled():
            from . import _soft  # type: ignore[attr-defined]

            found = _soft
        _C.append(found)
    return _C[0]


def _reading(tables, rack, tiles: Sequence[int], exposures: Sequence[tuple[int, int]], joker: int | None, live,
             gone: Sequence[int] | None) -> tuple | None:
    """What both questions read: the C module, the card's columns and the rack's counts
    (``cards.distance.rack_counts_without``); None without the module or the counts."""
    module = _compiled()
    if module is None:
        return None
    counts = rack_counts_without(rack, tiles, exposures, joker, live, gone)
    if counts is None:
        return None
    cols = _COLUMNS.setdefault(tables, lambda: _Columns(tables))
    if not cols.usable:
        return None
    return (module, cols, *counts)


def nearest_without(tables, rack, tiles: Sequence[int], exposures: Sequence[tuple[int, int]], joker: int | None,
                    gone: Sequence[int] | None, out_of_play: int) -> list[int] | None:
    """The fewest tiles still to come, of the variants ``out_of_play`` does not rule out
    (packed, not 0 where the exposures rule one out), for ``rack`` (less ``gone``) less one
    copy of each of ``tiles``: ``cards.distance.rack_measures_without``'s least, by the C
    module (``_soft.c``); None in the pure build or where the counts do not apply (numpy's
    answer then, the same integers)."""
    got = _reading(tables, rack, tiles, exposures, joker, None, gone)
    if got is None:
        return None
    module, cols, filled, natural, jokers, _ = got
    return module.nearest(cols.entries, cols.starts, bytes(filled), bytes(natural),
                          out_of_play.to_bytes(cols.size, "little"), cols.totals, jokers, list(tiles), cols.by_tile)
