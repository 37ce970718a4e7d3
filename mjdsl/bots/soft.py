"""The card judge's commonest question in plain numbers: the worth of a rack less each of
some tiles (a bot's candidate discards, the tiles of a pass).

Worth is the soft minimum of ``judge.py``, ``-m + log_b sum w_v s^(x_v - m)``, which is
``log_b sum w_v s^x_v``: a sum over the card's variants of a term each. A candidate
loses one copy of one tile, and only the variants that used that copy (needing as many
as were held, or as many natural ones) see their term change: a fifth or so of them. So the
rack's terms are summed once (:func:`worths_without`), and each candidate's worth is that
sum less the old terms of the variants it touches plus their new ones: the numbers
``judge.CardJudge.worth`` works out in numpy for every candidate and variant, in a few
hundred operations where numpy's were tens of thousands (no term is left out: the same
decisions, tests/test_bots_golden.py).

A variant's term depends on four small whole numbers (its tiles still to come, its
natural slots left empty, the live copies of the tiles it lacks, whether it is a
concealed line) and the live jokers: :class:`Soft` keeps each term once worked out, per
count of live jokers. In the compiled build the sums run in C (``_soft.c``: the same
operations on the same doubles, in the same order; ``mjdsl/native.py``), in the pure one
here, so both builds give the same numbers (tests/test_bots_soft.py).
"""

from __future__ import annotations

import math
from array import array
from typing import Any, Final, Sequence

from ..cards.distance import packed, rack_counts_without, rack_sums_without
from ..cards.pattern import HAND_SIZE
from ..memo import ByObject

#: a term's table has a row for each whole number of tiles to come and of natural slots up
#: to this (a hand needs at most HAND_SIZE of each), and one for each live count up to 255
_COUNTS: Final = HAND_SIZE + 1
_LIVE: Final = 256
#: (a constant of this module: a compiled module reads its own constants without a lookup)
_HAND: Final = HAND_SIZE


class Soft:
    """A style's soft minimum over one card's variants: the constants of every question,
    and each variant term once worked out (by live jokers, then by the four numbers)."""

    def __init__(self, natural_total: list[int], weight: list[float], concealed_rows: list[int], log_base: float,
                 naturals: float, live: float, concealed: float, last_called: bool, typical: float,
                 joker: bool) -> None:
        #: a byte a variant: its natural tiles in all, and 1 for a concealed line
        self.totals = bytes(natural_total)
        self.concealed_bytes = bytes(concealed_rows)
        self.weight = weight
        self.weight_bytes = array("d", weight).tobytes()
        self.log_base = log_base
        self.naturals = naturals
        self.live = live
        self.concealed = concealed
        self.last_called = last_called
        self.typical = typical
        self.joker = joker
        # (every judge of these numbers shares the terms worked out: each seat's bot has its own)
        key = (log_base, naturals, live, concealed, last_called, typical, joker)
        self._tables: dict[int, list[float]] = _TERMS.setdefault(key, {})
        self._c_tables: dict[int, bytearray] = _C_TERMS.setdefault(key, {})

    def c_table(self, live_joker: int) -> bytearray:
        """:meth:`table` as the C sum keeps it: doubles, -1.0 until first read."""
        t = self._c_tables.get(live_joker)
        if t is None:
            t = bytearray(array("d", [-1.0]) * (2 * _COUNTS * _COUNTS * _LIVE))
            self._c_tables[live_joker] = t
        return t

    def params(self, live_joker: int) -> tuple:
        """What the C sum reads of the style (``_soft.c``, ``worths``)."""
        return (self.log_base, self.naturals, self.live, self.concealed, self.typical, self.last_called,
                int(self.joker), live_joker)

    def table(self, live_joker: int) -> list[float]:
        """The terms for this count of live jokers, -1.0 until first read (:meth:`term`)."""
        t = self._tables.get(live_joker)
        if t is None:
            t = [-1.0] * (2 * _COUNTS * _COUNTS * _LIVE)
            self._tables[live_joker] = t
        return t

    def fill(self, table: list[float], k: int, live_joker: int) -> float:
        """Work out the term at place ``k`` of ``table`` (:func:`_index`), keep it and give it."""
        lacking = k % _LIVE
        short = k // _LIVE % _COUNTS
        raw = k // (_LIVE * _COUNTS) % _COUNTS
        concealed = k // (_LIVE * _COUNTS * _COUNTS)
        e = self.term(raw, short, lacking, concealed, live_joker)
        table[k] = e
        return e

    def term(self, raw: int, short: int, lacking: int, concealed: int, live_joker: int) -> float:
        """``s^x`` of a variant ``raw`` tiles from ready with ``short`` natural slots empty,
        ``lacking`` live copies of the tiles it lacks, ``concealed`` 1 for a concealed line:
        ``x`` as ``CardJudge.worth`` counts it (with ``slowness_of``), in the same operations."""
        x = float(raw)
        if self.live != 0.0:  # each tile to come as slow as its live copies fall short
            ways = float(lacking)
            if self.joker and raw > short:  # a joker's place open: the live jokers come too
                ways = float(live_joker) + ways
            per = max(ways / max(raw, 1), 0.5)
            x = x * _power(self.typical / per, self.live)
        if self.concealed != 0.0 and concealed:
            x = x + self.concealed * max(raw - 1, 0)
        if self.naturals != 0.0:
            slots = short
            if self.last_called:
                slots = min(slots, max(raw - 1, 0))
            x = x + self.naturals * slots
        return math.exp(-x * self.log_base)


#: a candidate whose sum is less than this share of the rack's is summed afresh: what is left
#: of a sum after most of it is taken away keeps the rounding of the whole (a worth so far
#: below the rack's is seldom a choice, but it is the same number numpy gives)
_CANCELS: Final = 1e-3
_NONE: Final[list[int]] = []

#: the terms worked out, by the numbers a term depends on (a style's on a card), then live jokers
_TERMS: dict[tuple, dict[int, list[float]]] = {}
#: the same for the C sum, as doubles
_C_TERMS: dict[tuple, dict[int, bytearray]] = {}


def _power(x: float, p: float) -> float:
    """``x ** p`` as numpy raises an array to a scalar power (its square root for 0.5)."""
    if p == 0.5:
        return math.sqrt(x)
    if p == 1.0:
        return x
    if p == 2.0:
        return x * x
    return x ** p


class _Columns:
    """A card's variants by tile: which need at least ``c`` of tile ``t`` (``need_from[t][c]``),
    which need at least ``c`` of it natural (``natural_from``), and each one's need of it
    (``need[t]``, a byte a variant)."""

    def __init__(self, tables) -> None:
        need = tables.need
        natural = tables.natural
        self.need = [bytes(need[:, t].tolist()) for t in range(need.shape[1])]
        self.natural = [bytes(natural[:, t].tolist()) for t in range(natural.shape[1])]
        self.need_from = [_from(col) for col in self.need]
        self.natural_from = [_from(col) for col in self.natural]
        self.size = len(need)
        self.totals = bytes(tables.natural_total.astype(int).tolist())
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
        #: the same lists as the C sum reads them: bytes of 16-bit indices
        self.need_from_c = [[_packed_ints("H", 2, vs) for vs in by] for by in self.need_from]
        self.natural_from_c = [[_packed_ints("H", 2, vs) for vs in by] for by in self.natural_from]


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


def dead_of(scarce: list[list[int]], limits: bytes) -> int:
    """The variants that need more natural copies of some tile than ``limits`` allows it,
    packed (a 1 byte each): ``scarce[t][c]`` packs those needing more than ``c`` of tile t
    (a limit past a tile's rows rules none out)."""
    dead = 0
    for row, limit in zip(scarce, limits):
        if limit < len(row):
            dead |= row[limit]
    return dead


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
                   live_joker: int, limits: bytes | None, scarce: list[list[int]]) -> list[float] | None:
    """The worth of ``rack`` (less ``gone``) less one copy of each of ``tiles``, beside
    ``exposures``; ``out_of_play``: a byte a variant, not 0 where the exposures rule it out;
    ``limits``: the most natural copies of each tile a line may still need (a line needing
    more is dead: ``judge.CardJudge.dead_limits``, with its ``scarce`` rows; None: none is
    dead). None where the packed sums do not apply (``cards.distance.rack_sums_without``) or
    no variant is within reach: the caller asks numpy."""
    summed = _compiled()
    if summed is not None:  # the same sums in C (_soft.c), from the rack's counts
        return _in_c(summed.worths, soft, tables, rack, tiles, exposures, joker, live, gone, out_of_play, live_joker,
                     limits)
    got = rack_sums_without(tables, rack, tiles, exposures, joker, live, gone)
    if got is None:
        return None
    if limits is not None:
        out_of_play |= dead_of(scarce, limits)
    a, b, w, filled, natural, jokers, live_l = got
    size: int = packed(tables).size
    ab: bytes = a.to_bytes(size, "little")
    bb: bytes = b.to_bytes(size, "little")
    wb: bytes = w.to_bytes(size, "little")
    oop: bytes = out_of_play.to_bytes(size, "little")
    nt: bytes = soft.totals
    conc: bytes = soft.concealed_bytes
    weight: list[float] = soft.weight
    cols = _COLUMNS.setdefault(tables, lambda: _Columns(tables))
    table: list[float] = soft.table(live_joker)
    total = 0.0
    for v in range(size):  # the rack's term of every variant within reach, summed
        if oop[v]:
            continue
        total += weight[v] * _term(soft, table, _index(ab[v], nt[v] - bb[v], wb[v], conc[v], jokers), live_joker)
    if total <= 0.0:
        return None
    out: list[float] = []
    for t in tiles:
        cf: int = filled[t]
        cn: int = natural[t]
        lost: int = live_l[t] if live_l is not None else 0
        need_t: bytes = cols.need[t]
        nat_t: bytes = cols.natural[t]
        # the old terms of the variants the candidate touches, and their new ones
        change = 0.0
        by_need = cols.need_from[t]
        by_natural = cols.natural_from[t]
        used = by_need[cf] if cf < len(by_need) else _NONE  # those that used the copy lost
        # those that lose a natural copy alone (t exposed too: held more often than natural)
        short = by_natural[cn] if cn != cf and cn < len(by_natural) else _NONE
        for alone, touched in ((False, used), (True, short)):
            for v in touched:
                if oop[v] or (alone and need_t[v] >= cf):
                    continue  # (out of play, or counted with the first)
                a_v = ab[v]
                s_v = nt[v] - bb[v]
                w_v = wb[v]
                c_v = conc[v]
                old = _term(soft, table, _index(a_v, s_v, w_v, c_v, jokers), live_joker)
                k = _moved(a_v, s_v, w_v, c_v, need_t[v], nat_t[v], cf, cn, lost, jokers)
                change += weight[v] * (_term(soft, table, k, live_joker) - old)
        rest = total + change
        if rest < total * _CANCELS:  # most of the sum gone: added afresh, not what is left of it
            rest = 0.0
            for v in range(size):
                if not oop[v]:
                    k = _moved(ab[v], nt[v] - bb[v], wb[v], conc[v], need_t[v], nat_t[v], cf, cn, lost, jokers)
                    rest += weight[v] * _term(soft, table, k, live_joker)
        out.append(math.log(max(rest, 1e-300)) / soft.log_base)
    return out


def _index(used: int, short: int, lacking: int, concealed: int, jokers: int) -> int:
    """A variant's place in :meth:`Soft.table`: ``used`` of its tiles held (``a``), ``short``
    natural slots empty, ``lacking`` live copies of the tiles it lacks, ``concealed`` 1 for
    a concealed line; its tiles still to come with ``jokers`` jokers placed where they may."""
    gap = _HAND - used
    raw = gap
    if jokers:
        raw = short if short < gap else gap
        if gap - jokers > raw:
            raw = gap - jokers
    return ((concealed * _COUNTS + raw) * _COUNTS + short) * _LIVE + lacking


def _moved(used: int, short: int, lacking: int, concealed: int, need: int, natural: int, held: int,
           held_natural: int, lost: int, jokers: int) -> int:
    """:func:`_index` of a variant (``need`` and ``natural`` of the tile) once the rack has
    lost a copy of a tile it held ``held`` times (``held_natural`` of them natural, ``lost``
    live copies of it): one tile fewer used where it needs as many as were held (and it lacks
    the tile where it needs exactly that many), one natural slot more empty where it needs
    as many natural copies."""
    if need >= held:
        used -= 1
        if need == held:
            lacking += lost
    if natural >= held_natural:
        short += 1
    return _index(used, short, lacking, concealed, jokers)


def _term(soft: Soft, table: list[float], k: int, live_joker: int) -> float:
    """The term at place ``k`` of ``table``, worked out the first time it is read."""
    e = table[k]
    return e if e >= 0.0 else soft.fill(table, k, live_joker)


#: the C module (``_soft.c``) when the compiled build is used (``mjdsl.native``), else None
#: (a list, filled at the first question: ``native`` decides once a process)
_C: list[Any] = []


def in_c() -> bool:
    """Whether :func:`worths_without` sums in C (the compiled build)."""
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


def _in_c(summed: Any, soft: Soft, tables, rack, tiles: Sequence[int], exposures: Sequence[tuple[int, int]],
          joker: int | None, live, gone: Sequence[int] | None, out_of_play: int, live_joker: int,
          limits: bytes | None) -> list[float] | None:
    """:func:`worths_without` by the C sum: the rack's counts, and each candidate's tile."""
    counts = rack_counts_without(rack, tiles, exposures, joker, live, gone)
    if counts is None:
        return None
    filled, natural, jokers, live_l = counts
    cols = _COLUMNS.setdefault(tables, lambda: _Columns(tables))
    cands = []
    for t in tiles:
        held = filled[t]
        held_natural = natural[t]
        need_c = cols.need_from_c[t]
        natural_c = cols.natural_from_c[t]
        cands.append((held, held_natural, live_l[t] if live_l is not None else 0, cols.need[t], cols.natural[t],
                      need_c[held] if held < len(need_c) else b"",
                      natural_c[held_natural] if held_natural != held and held_natural < len(natural_c) else b""))
    return summed(cols.entries, cols.starts, bytes(filled), bytes(natural),
                  bytes(live_l) if live_l is not None else None, out_of_play.to_bytes(cols.size, "little"),
                  soft.totals, soft.concealed_bytes, soft.weight_bytes, soft.c_table(live_joker),
                  soft.params(live_joker), jokers, cands, limits)


def nearest_without(tables, rack, tiles: Sequence[int], exposures: Sequence[tuple[int, int]], joker: int | None,
                    gone: Sequence[int] | None, out_of_play: int) -> list[int] | None:
    """The fewest tiles still to come, of the variants ``out_of_play`` does not rule out
    (packed, not 0 where the exposures rule one out), for ``rack`` (less ``gone``) less one
    copy of each of ``tiles``: ``cards.distance.rack_measures_without``'s least, by the C
    module (``_soft.c``); None in the pure build or where the counts do not apply (numpy's
    answer then, the same integers)."""
    module = _compiled()
    if module is None:
        return None
    counts = rack_counts_without(rack, tiles, exposures, joker, None, gone)
    if counts is None:
        return None
    filled, natural, jokers, _ = counts
    cols = _COLUMNS.setdefault(tables, lambda: _Columns(tables))
    cands = [(filled[t], natural[t], cols.need[t], cols.natural[t]) for t in tiles]
    return module.nearest(cols.entries, cols.starts, bytes(filled), bytes(natural),
                          out_of_play.to_bytes(cols.size, "little"), cols.totals, jokers, cands)
