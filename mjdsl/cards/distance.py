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
threads) is most of the time. Small batches are worked out in plain Python integers
instead (:class:`_Packed`: every variant a byte of one integer, so one addition adds a
tile's row to all variants at once); both ways give the same integers
(test_cards_distance). A bot's commonest batch, its rack less one of each candidate
tile, is read from the rack's own sums (:func:`rack_measures_without`); one rack's
distance stays packed for the bots that read it so (:func:`rack_distances`, with
:func:`at_most`, :func:`using_every`, :func:`ruled_out`, :func:`least`).
"""

from __future__ import annotations

from collections import Counter
from typing import Final, Iterable, Sequence

import numpy as np

from ..memo import ByObject, Kept
from .compiled import CompiledCard, Tables
from .hands import HandBatch
from .pattern import HAND_SIZE

#: The distance given to a variant the hand's exposures rule out.
FAR = 99

#: batches of at most this many hands are worked out packed; larger ones by the
#: indicator products, whose fixed cost is then shared by many hands
LOOKUP_BATCH = 64


class _Packed:
    """A card's variants as one Python integer per vector, a byte a variant (SWAR: "SIMD
    within a register"): adding two vectors adds every variant's byte at once, with no
    numpy call. ``need[t][c]`` packs ``min(c, need[:, t])`` for c up to the most any
    variant needs of t (``nat`` the same for natural tiles); every field stays in 0..63,
    so no sum carries into its neighbour (the formula's bounds are in :meth:`distance`)."""

    def __init__(self, tables: Tables):
        v = tables.size
        self.size = v
        self.ones = int.from_bytes(b"\x01" * v, "little")
        self.need = _packed_rows(tables.need)
        self.nat = _packed_rows(tables.natural)
        # both sums in one integer, a nibble each (byte = a + 16 b): a variant's a and b are
        # each at most the tiles it needs (HAND_SIZE), so neither carries out of its nibble,
        # and a tile held as often in ``filled`` as in ``natural`` adds one row, not two
        self.both = [[n + (m << 4) for n, m in zip(rn, rm)] for rn, rm in zip(self.need, self.nat)]
        self.nat4 = [[m << 4 for m in rm] for rm in self.nat]
        #: a tile's ``both`` row one count up less its row at the count (a copy added or lost)
        self.both_up = [[row[c + 1] - row[c] for c in range(_TOP - 1)] for row in self.both]
        self.low = 15 * self.ones
        self.nibbles = max(int(x.sum(axis=1).max(initial=0)) for x in (tables.need, tables.natural)) < 16
        # 46 - natural total: the bias that keeps ``14 - a - (natural_total - b)`` >= 0
        self.bias = pack_bytes((46 - tables.natural_total.astype(np.int16)).astype(np.uint8))
        self.full = int.from_bytes(bytes([HAND_SIZE]) * v, "little")
        #: :meth:`at_most`'s addends, (127 - k) a byte, for k from -1 to 127
        self.over = [(127 - k) * self.ones for k in range(-1, 128)]
        #: :meth:`finish`'s addends, (32 - i) a byte, for i from 0 to 31
        self.below = [(32 - i) * self.ones for i in range(32)]
        self._need = tables.need
        self._lack: list[list[int]] | None = None

    @property
    def lack(self) -> list[list[int]]:
        """``lack[t][c + 1]``: the variants needing more than ``c`` of tile ``t`` (a 1 byte
        each), for c from -1 (every variant) up; made when first asked (:func:`measures`)."""
        if self._lack is None:
            need = self._need
            self._lack = [[pack_bytes(need[:, t] > c) for c in range(-1, _TOP)] for t in range(need.shape[1])]
        return self._lack

    def lacking(self, filled: list[int], live: list[int]) -> int:
        """``sum live[t] * (need[:, t] > filled[t])`` over tiles, packed."""
        w = 0
        for row, c, k in zip(self.lack, filled, live):
            if k:
                w += k * row[0 if c < 0 else c + 1 if c < _TOP else _TOP]  # (_lack_row, inline)
        return w

    def lacking_moved(self, w: int, base: list[int], hand: list[int], changed: list[int], live: list[int]) -> int:
        """:meth:`lacking` of ``hand`` from that of ``base``, reading only the tiles ``changed``."""
        lack = self.lack
        for t in changed:
            k = live[t]
            if k:
                row, h, b = lack[t], hand[t], base[t]  # (_lack_row of each, inline)
                now = row[0 if h < 0 else h + 1 if h < _TOP else _TOP]
                w += k * (now - row[0 if b < 0 else b + 1 if b < _TOP else _TOP])
        return w

    def sums(self, filled: Sequence[int], natural: Sequence[int]) -> tuple[int, int]:
        """``sum min(filled, need)`` and ``sum min(natural, natural need)``, packed."""
        if self.nibbles:  # (the same integers, added a nibble each: about half the additions)
            ab = self.both_sums(filled, natural)
            low = self.low
            return ab & low, (ab >> 4) & low
        a = 0
        for row, c in zip(self.need, filled):
            if c > 0:
                a += row[c] if c < _TOP else row[-1]
        b = 0
        for row, c in zip(self.nat, natural):
            if c > 0:
                b += row[c] if c < _TOP else row[-1]
        return a, b

    def both_sums(self, filled: Sequence[int], natural: Sequence[int]) -> int:
        """Both sums of :meth:`sums` in one integer, a nibble each (a variant's byte is
        ``a + 16 b``), for a card whose every variant needs fewer than 16 tiles (``nibbles``):
        ``ab & low`` is ``a``, ``(ab >> 4) & low`` is ``b`` (:meth:`both_distance`)."""
        ab = 0
        if filled == natural:  # (no exposures: one row a tile)
            for row, c in zip(self.both, filled):
                if c > 0:
                    ab += row[c] if c < _TOP else row[-1]
        else:
            for row, need, nat, c, n in zip(self.both, self.need, self.nat4, filled, natural):
                if c == n:
                    if c > 0:
                        ab += row[c] if c < _TOP else row[-1]
                    continue
                if c > 0:
                    ab += need[c] if c < _TOP else need[-1]
                if n > 0:
                    ab += nat[n] if n < _TOP else nat[-1]
        return ab

    def both_moved(self, ab: int, was_filled: list[int], was_natural: list[int], filled: list[int],
                   natural: list[int]) -> int:
        """:meth:`both_sums` of ``filled``, ``natural`` from ``ab``, those of ``was_filled``,
        ``was_natural``: a row moved for each tile that differs (a bot's rack from its last one
        differs by a tile or two: a tile drawn, one thrown), or packed afresh when more than
        :data:`_FEW` tiles differ. The same integer (the sums are linear in the rows)."""
        changed = [t for t in range(len(filled)) if filled[t] != was_filled[t] or natural[t] != was_natural[t]]
        if len(changed) > _FEW:
            return self.both_sums(filled, natural)
        top = _TOP - 1  # (each count clamped to 0..top inline, as sums reads it)
        for t in changed:
            c, w, n, v = filled[t], was_filled[t], natural[t], was_natural[t]
            c = 0 if c < 0 else c if c < top else top
            w = 0 if w < 0 else w if w < top else top
            n = 0 if n < 0 else n if n < top else top
            v = 0 if v < 0 else v if v < top else top
            if c == n and w == v:  # (held as often in both: one row)
                if c == w + 1:  # (a copy added or lost: its step, one operation)
                    ab += self.both_up[t][w]
                elif c == w - 1:
                    ab -= self.both_up[t][c]
                else:
                    row = self.both[t]
                    ab += row[c] - row[w]
                continue
            if c != w:
                row = self.need[t]
                ab += row[c] - row[w]
            if n != v:
                row = self.nat4[t]
                ab += row[n] - row[v]
        return ab

    def both_distance(self, ab: int, jokers: int) -> int:
        """:meth:`finish` of the sums :meth:`both_sums` packs (``b`` read only with jokers)."""
        low = self.low
        return self.finish(ab & low, (ab >> 4) & low if jokers > 0 else 0, jokers)

    def at_most(self, values: int, k: int) -> int:
        """:func:`at_most` (its addend made once per card, not multiplied out per call)."""
        ones = self.ones
        return ones ^ (((values + self.over[min(max(k, -1), 127) + 1]) >> 7) & ones)

    def reaches(self, values: int, k: int, among: int) -> bool:
        """Whether some variant of ``among`` (a 1 byte each, else 0) has its byte of ``values``
        (each under 128) at most ``k``: ``among & at_most(values, k)`` is not 0, in three
        operations (the top bit of each byte of ``values + 127 - k`` is set where it is over
        ``k``; ``among`` reads only those bits)."""
        return (among & ((values + self.over[min(max(k, -1), 127) + 1]) >> 7)) != among

    def moved(self, sums: tuple[int, int], base: tuple[list[int], list[int]], hand: tuple[list[int], list[int]],
              changed: tuple[list[int], list[int]]) -> tuple[int, int]:
        """:meth:`sums` of ``hand`` (filled, natural) from those of ``base``, reading only
        the tiles ``changed`` in each (a bot's candidates differ from its rack by a tile or two)."""
        a, b = sums
        top = _TOP - 1
        # linear: the packed total is right as long as every field ends in 0..255
        # (the counts clamped to 0..top inline: this is the bots' innermost loop)
        now, was = hand[0], base[0]
        for t in changed[0]:
            row, h, w = self.need[t], now[t], was[t]
            a += row[0 if h < 0 else h if h < top else top] - row[0 if w < 0 else w if w < top else top]
        now, was = hand[1], base[1]
        for t in changed[1]:
            row, h, w = self.nat[t], now[t], was[t]
            b += row[0 if h < 0 else h if h < top else top] - row[0 if w < 0 else w if w < top else top]
        return a, b

    def distance(self, filled: Sequence[int], natural: Sequence[int], jokers: int) -> int:
        """The distance of one hand to every variant, packed (:func:`rack_distances`)."""
        return self.finish(*self.sums(filled, natural), jokers)

    def finish(self, a: int, b: int, jokers: int) -> int:
        """The distance to every variant, a byte each, from the packed sums."""
        if jokers <= 0:  # (no joker to place: b does not count, nor do the open slots)
            return self.full - a
        ones = self.ones
        # y = 32 + (14 - a - natural_short), in 4..46: bit 5 says whether it is >= 0
        y = self.bias + b - a
        if jokers <= 2:
            # min(jokers, open_slots) counted as the thresholds it passes, open_slots >= i
            # being y + 32 - i >= 64 (bit 6, y + 31 under 128): three operations a joker, where
            # the open slots and their minimum with the jokers take ten (most racks hold one or two)
            used = ((y + self.below[1]) >> 6) & ones
            if jokers == 2:
                used += ((y + self.below[2]) >> 6) & ones
            return self.full - a - used
        open_slots = y & (((y >> 5) & ones) * 31)  # max(14 - a - natural_short, 0), 0..14
        z = open_slots + self.below[min(jokers, 31)]  # bit 5: open_slots >= jokers
        used = open_slots - (z & (((z >> 5) & ones) * 31))  # min(jokers, open_slots)
        return self.full - a - used


#: counts at or above this read a tile's last row (no variant needs so many of a tile)
_TOP: Final = 24

#: :meth:`_Packed.both_moved` moves the sums by at most this many tiles, else packs afresh
#: (a tile moved costs two additions, a tile held one: a rack holds about a dozen kinds)
_FEW: Final = 6


def _lack_row(c: int) -> int:
    return 0 if c < 0 else c + 1 if c < _TOP else _TOP


def pack_bytes(values: np.ndarray) -> int:
    """A row of small whole numbers or flags, one per variant, packed a byte each (variant
    ``v`` in byte ``v``): how this module's packed questions read the variants."""
    return int.from_bytes(np.ascontiguousarray(values, dtype=np.uint8).tobytes(), "little")


def _packed_rows(counts: np.ndarray) -> list[list[int]]:
    """Row c of tile t: ``min(c, counts[:, t])`` packed, for c below :data:`_TOP`."""
    assert counts.size == 0 or int(counts.max()) < _TOP
    return [[pack_bytes(np.minimum(c, counts[:, t])) for c in range(_TOP)] for t in range(counts.shape[1])]


#: per card's tables: its packed rows
_PACKED: ByObject[_Packed] = ByObject()
#: per card's tables: :func:`allowed` by exposures (a seat's exposures change a few times a hand)
_ALLOWED: ByObject[Kept] = ByObject()
#: per card's tables: :func:`ruled_out` by exposures
_RULED_OUT: ByObject[Kept] = ByObject()


def _indicators(counts: np.ndarray, tile: np.ndarray, level: np.ndarray) -> np.ndarray:
    return (counts[:, tile] >= level).astype(np.float32)


def allowed(tables: Tables, exposures: Iterable[tuple[int, int]]) -> np.ndarray:
    """(V,) the variants a hand with these exposures can still make: each exposure,
    a (tile, size), is a group of the variant of its own (two pungs of 5b need two
    such groups). A concealed line takes no exposures; an exposure that is a group of
    no variant at all rules out every one."""
    key = tuple(exposures)

    def compute() -> np.ndarray:
        row = _allowed(tables, key)
        row.setflags(write=False)  # shared by every caller: nobody may change it
        return row

    return _ALLOWED.setdefault(tables, lambda: Kept(4096)).remember(key, compute)


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
    answer is int16.
    """
    return measures(tables, filled, natural, jokers)[0]


def measures(tables: Tables, filled: np.ndarray, natural: np.ndarray, jokers: np.ndarray,
             live: np.ndarray | None = None, covered: bool = False
             ) -> tuple[np.ndarray, np.ndarray | None, np.ndarray | None]:
    """:func:`distances` and, worked out in the same pass, what a bot weighs beside them:

    - with ``covered``, (N, V) the natural slots (pairs, singles) each rack already
      fills, ``sum min(natural, natural need)`` (``natural_total`` less it: the slots
      only the exact tile fills);
    - with ``live`` (T,) (non-negative counts: the copies of each tile still to come),
      (N, V) ``sum live[t]`` over the tiles ``t`` a variant needs more of than
      ``filled`` holds: how many live copies could still come of the tiles it lacks.

    All three int16; None for what was not asked.
    """
    n = len(filled)
    if n == 0:
        empty = np.zeros((0, tables.size), dtype=np.int16)
        return empty, (empty if covered else None), (empty if live is not None else None)
    live_l = None
    if live is not None:
        counts = np.asarray(live)
        live_l = counts.tolist()
        if counts.dtype.kind not in "iub" or min(live_l) < 0 or sum(live_l) > 255:
            live_l = None  # a byte a variant no longer holds it: the products below
    if n <= LOOKUP_BATCH and (live is None or live_l is not None):
        return _packed_measures(tables, filled, natural, jokers, live_l, covered)
    a = _indicators(filled, tables.need_tile, tables.need_level) @ tables.need_planes
    b = _indicators(natural, tables.nat_tile, tables.nat_level) @ tables.nat_planes
    natural_short = tables.natural_total[None, :] - b  # natural slots no rack tile fills
    open_slots = np.maximum(HAND_SIZE - a - natural_short, 0)  # joker slots still open
    need = (HAND_SIZE - a - np.minimum(jokers[:, None], open_slots)).astype(np.int16)
    lacking = None
    if live is not None:
        lacks = (tables.need[None, :, :] > np.asarray(filled)[:, None, :]).astype(np.float32)
        lacking = (lacks @ np.asarray(live, dtype=np.float32)).astype(np.int16)
    return need, (b.astype(np.int16) if covered else None), lacking


def _packed_measures(tables: Tables, filled: np.ndarray, natural: np.ndarray, jokers: np.ndarray,
                     live: list[int] | None, covered: bool):
    """:func:`measures` of a small batch in packed integers (:class:`_Packed`)."""
    packed = _PACKED.setdefault(tables, lambda: _Packed(tables))
    same = filled is natural  # (a bot's racks without exposures: one array for both)
    filled, natural = np.asarray(filled), np.asarray(natural)
    fl, jl = filled.tolist(), np.asarray(jokers).tolist()
    nl = fl if same else natural.tolist()
    base = (fl[0], nl[0])
    first = packed.sums(*base)
    first_w = packed.lacking(fl[0], live) if live is not None else 0

    def differing(m: np.ndarray) -> list[list[int]]:
        """The tiles in which each hand differs from the first, found for all at once."""
        out: list[list[int]] = [[] for _ in fl]
        rows, cols = np.nonzero(m != m[0])
        for i, t in zip(rows.tolist(), cols.tolist()):
            out[i].append(t)
        return out

    by_filled = differing(filled)
    by_natural = by_filled if same else differing(natural)
    changed = list(zip(by_filled, by_natural))
    size = packed.size
    parts, cover, ways = [], [], []
    for i in range(len(fl)):
        c = changed[i]
        few = len(c[0]) + len(c[1]) <= 6
        if few:
            sums = packed.moved(first, base, (fl[i], nl[i]), c)
        else:
            sums = packed.sums(fl[i], nl[i])
        parts.append(packed.finish(*sums, jl[i]).to_bytes(size, "little"))
        if covered:
            cover.append(sums[1].to_bytes(size, "little"))
        if live is not None:
            w = packed.lacking_moved(first_w, fl[0], fl[i], c[0], live) if few else packed.lacking(fl[i], live)
            ways.append(w.to_bytes(size, "little"))

    def read(chunks: list[bytes]) -> np.ndarray:
        return np.frombuffer(b"".join(chunks), dtype=np.uint8).reshape(len(fl), size).astype(np.int16)

    return read(parts), (read(cover) if covered else None), (read(ways) if live is not None else None)


def packed(tables: Tables) -> _Packed:
    """The card's packed rows (:class:`_Packed`), made once per card's tables: for a bot that
    keeps a rack's packed sums and moves them (:meth:`_Packed.both_moved`)."""
    return _PACKED.setdefault(tables, lambda: _Packed(tables))


def rack_distances(tables: Tables, filled: Sequence[int], natural: Sequence[int], jokers: int) -> int:
    """:func:`distances` of one hand, exposures aside, packed a byte a variant (variant ``v``
    in byte ``v``; ``to_bytes(tables.size, "little")`` reads them): the greedy bot's
    question about its own rack at nearly every move, in plain integers (:class:`_Packed`).
    ``filled``, ``natural``: the counts per tile, as :func:`distances` takes them."""
    packed = _PACKED.setdefault(tables, lambda: _Packed(tables))
    return packed.distance(filled, natural, jokers)


def using_every(tables: Tables, filled: Sequence[int], tiles: Iterable[int]) -> list[int]:
    """For each of ``tiles``, the variants that need at least the ``filled`` count of it
    (every copy held is one they use), packed (a byte a variant: 1 for such a variant,
    else 0). Added to :func:`rack_distances`, it counts a tile more for every variant
    that losing a copy of the tile sets back."""
    lack = _PACKED.setdefault(tables, lambda: _Packed(tables)).lack
    return [lack[t][_lack_row(filled[t] - 1)] for t in tiles]


def at_most(tables: Tables, values: int, k: int) -> int:
    """The variants whose byte of ``values`` (each under 128) is at most ``k``, packed (a
    1 byte each, else 0): adding ``127 - k`` to every byte sets its top bit when it
    exceeds ``k``, with no carry into the next (``k`` read as -1 below it, 127 above)."""
    return _PACKED.setdefault(tables, lambda: _Packed(tables)).at_most(values, k)


def ruled_out(tables: Tables, exposures: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """What :func:`allowed` says of these exposures, packed a byte a variant: (255 where the
    variant is allowed, else 0; :data:`FAR` where it is ruled out, else 0). ``(d & keep) |
    far`` turns :func:`rack_distances`' ``d`` into :func:`rack_needs`' answer, ruled-out
    variants at FAR. Remembered by exposures, beside :func:`allowed`."""

    def compute() -> tuple[int, int]:
        ok = allowed(tables, exposures)
        keep = int.from_bytes(np.where(ok, np.uint8(255), np.uint8(0)).tobytes(), "little")
        far = int.from_bytes(np.where(ok, np.uint8(0), np.uint8(FAR)).tobytes(), "little")
        return keep, far

    return _RULED_OUT.setdefault(tables, lambda: Kept(4096)).remember(tuple(exposures), compute)


def least(values: bytes) -> int:
    """The smallest byte of ``values`` (non-empty, each under 128): each step a search of
    the bytes in C, as many steps as the least value (a few, for a distance; ``in``, not
    ``find``, which parses its arguments at every call)."""
    for k in range(128):
        if k in values:
            return k
    raise ValueError("no byte under 128")


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
    return rack_measures(tables, racks, exposures, joker)[0]


def rack_measures(tables: Tables, racks: np.ndarray, exposures: Sequence[tuple[int, int]],
                  joker: int | None, live: np.ndarray | None = None, covered: bool = False
                  ) -> tuple[np.ndarray, np.ndarray | None, np.ndarray | None]:
    """:func:`measures` of racks as :func:`rack_needs` takes them: the needs (:data:`FAR`
    where the exposures rule a variant out), the natural slots covered, the live copies
    of the tiles lacking (the exposures' tiles counted as held)."""
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
    out, cover, lacking = measures(tables, filled, natural, jokers, live, covered)
    if exposures:
        out[:, ~allowed(tables, exposures)] = FAR
    return out, cover, lacking


class _Steps:
    """What losing one copy of a tile held ``c`` times does to each variant of a card, for
    c up to :data:`_TOP` (T, _TOP + 1, V), a byte each: ``need[t, c]``, the variant used
    that copy (``need >= c >= 1``: its ``min(c, need)`` falls by one); ``natural[t, c]``
    the same for natural need; ``last[t, c]``, the variant needs exactly ``c`` (it lacks
    the tile once the copy goes)."""

    def __init__(self, tables: Tables):
        c = np.arange(_TOP + 1)[None, :, None]
        need, natural = tables.need.T[:, None, :], tables.natural.T[:, None, :]
        self.need = ((need >= c) & (c >= 1)).astype(np.uint8)
        self.natural = ((natural >= c) & (c >= 1)).astype(np.uint8)
        self.last = (need == c).astype(np.uint8)
        # the same as (T x (_TOP + 1), V): a candidate's row is one index, t * (_TOP + 1) + c
        # (``take`` of one index list: about half the time of indexing by two)
        self.need_rows = self.need.reshape(-1, tables.size)
        self.natural_rows = self.natural.reshape(-1, tables.size)
        self.last_rows = self.last.reshape(-1, tables.size)


#: per card's tables: its :class:`_Steps`
_STEPS: ByObject[_Steps] = ByObject()


def rack_measures_without(tables: Tables, rack: np.ndarray, tiles: Sequence[int], exposures: Sequence[tuple[int, int]],
                          joker: int | None, live: np.ndarray | None = None, covered: bool = False,
                          gone: Sequence[int] | None = None) -> tuple[np.ndarray, np.ndarray | None, np.ndarray | None]:
    """:func:`rack_measures` of the racks ``rack`` (T,) less one copy of each of ``tiles``
    (a bot's candidate discards, or the tiles of a pass): the rack's own sums are packed
    once, and what each candidate loses is read from :class:`_Steps`, every candidate at
    once (one numpy call a vector, not a packed pass a candidate). With ``gone``, every
    rack is first less one copy of each of those (the tiles of a pass chosen so far, none
    at its first pick): the sums of ``rack`` itself are remembered (the last rack asked
    with ``gone``, per card), so a pass chosen a tile at a time packs its rack once. A tile the rack does not hold, a joker,
    or live counts a byte cannot hold take :func:`rack_measures`."""
    got = rack_sums_without(tables, rack, tiles, exposures, joker, live, gone)
    if got is None:
        left = np.asarray(rack).copy()
        for t in gone or ():
            left[t] -= 1
        racks = np.repeat(left[None, :], len(tiles), axis=0)
        racks[np.arange(len(tiles)), list(tiles)] -= 1
        return rack_measures(tables, racks, exposures, joker, live, covered)
    a, b, w, filled, natural, jokers, live_l = got
    packed = _PACKED.setdefault(tables, lambda: _Packed(tables))
    steps = _STEPS.setdefault(tables, lambda: _Steps(tables))
    size = packed.size
    # the rack's three packed vectors read at once: (a, b, w) x variants
    rows = np.frombuffer(b"".join(x.to_bytes(size, "little") for x in (a, b, w)), dtype=np.uint8)
    rows = rows.reshape(3, size).astype(np.int16)
    # each candidate's row of the steps (every count past _TOP reads the last)
    f_all = [t * (_TOP + 1) + min(filled[t], _TOP) for t in tiles]
    b_steps = steps.natural_rows.take([t * (_TOP + 1) + min(natural[t], _TOP) for t in tiles], axis=0)
    # gap = 14 - (a - step) and natural_total - (b - step): the rack's part once, a row, then
    # one addition a candidate (the same small integers as subtracting each candidate's)
    gap = (HAND_SIZE - rows[0]) + steps.need_rows.take(f_all, axis=0)
    # 14 - a - min(jokers, max(gap - natural_short, 0)), natural_short = natural_total - b >= 0
    if jokers:  # (with none, max(gap, min(gap, short)) is gap)
        need = (tables.natural_total - rows[1]) + b_steps
        np.minimum(gap, need, out=need)
        np.maximum(gap - jokers, need, out=need)
    else:
        need = gap
    if exposures:  # FAR where they rule a variant out (every need is at most HAND_SIZE, under FAR)
        np.maximum(need, _far_row(tables, exposures), out=need)
    b_all = rows[1] - b_steps if covered else None
    lacking = None
    if live_l is not None:
        lost = np.array([live_l[t] for t in tiles], dtype=np.int16)[:, None]
        lacking = rows[2] + lost * steps.last_rows.take(f_all, axis=0)
    return need, b_all, lacking


def rack_sums_without(tables: Tables, rack: np.ndarray, tiles: Sequence[int], exposures: Sequence[tuple[int, int]],
                      joker: int | None, live: np.ndarray | None = None, gone: Sequence[int] | None = None
                      ) -> tuple[int, int, int, list[int], list[int], int, list[int] | None] | None:
    """What :func:`rack_measures_without` reads the candidates from: the packed sums of
    ``rack`` less ``gone`` (``a``, ``b`` of :meth:`_Packed.sums`, ``w`` of
    :meth:`_Packed.lacking`, 0 without ``live``), its filled and natural counts, its jokers and
    the live counts as a list; None when the packed road does not apply
    (:func:`rack_counts_without`)."""
    counts = rack_counts_without(rack, tiles, exposures, joker, live, gone, True)
    if counts is None:
        return None
    filled, natural, jokers, live_l = counts
    packed = _PACKED.setdefault(tables, lambda: _Packed(tables))
    key = last = None
    if gone is not None:  # (the key costs a discard's question more than it saves)
        key = (tuple(filled), tuple(natural), None if live_l is None else tuple(live_l))
        last = _LAST_RACK.get(tables)
    if last is not None and last[0] == key:
        a, b, w = last[1]
    else:
        a, b = packed.sums(filled, natural)
        w = packed.lacking(filled, live_l) if live_l is not None else 0
        if key is not None:
            _LAST_RACK.put(tables, (key, (a, b, w)))
    if gone:  # the rack's sums moved by the tiles gone (the same integers as packing what is left)
        was = (list(filled), list(natural))
        for t in gone:
            filled[t] -= 1
            natural[t] -= 1
        changed = sorted(set(gone))
        a, b = packed.moved((a, b), was, (filled, natural), (changed, changed))
        if live_l is not None:
            w = packed.lacking_moved(w, was[0], filled, changed, live_l)
    return a, b, w, filled, natural, jokers, live_l


def rack_counts_without(rack: np.ndarray, tiles: Sequence[int], exposures: Sequence[tuple[int, int]],
                        joker: int | None, live: np.ndarray | list | None = None,
                        gone: Sequence[int] | None = None,
                        before_gone: bool = False) -> tuple[list[int], list[int], int, list[int] | None] | None:
    """The counts a rack less each of ``tiles`` is read from: the rack's filled counts (its
    exposures' tiles in them) and natural ones, less one copy of each of ``gone`` (unless
    ``before_gone``), its jokers (out of both) and the live counts as a list (``live`` an
    array of whole numbers or a list of ints); None when the candidates cannot be read from
    the rack's sums: no tiles, a joker among them or gone, a tile not held, live counts a
    byte a variant cannot hold."""
    natural = np.asarray(rack).tolist()
    live_l: list | None = None
    if live is not None:
        if isinstance(live, list):
            live_l = live
            whole = all(type(n) is int for n in live_l)
        else:
            counts = np.asarray(live)
            live_l = counts.tolist()
            whole = counts.dtype.kind in "iub"
        if not whole or min(live_l) < 0 or sum(live_l) > 255:
            return None  # (live counts a byte a variant does not hold)
    left = list(natural)
    for t in gone or ():
        left[t] -= 1
    if (not len(tiles) or joker in tiles or joker in (gone or ()) or min(left[t] for t in tiles) < 1
            or (gone and min(left[t] for t in gone) < 0)):
        return None
    jokers = 0
    if joker is not None:
        jokers, natural[joker] = natural[joker], 0
    if not before_gone:
        for t in gone or ():
            natural[t] -= 1
    filled = list(natural)
    for tile, size in exposures:
        filled[tile] += size
    return filled, natural, jokers, live_l


def _far_row(tables: Tables, exposures: Sequence[tuple[int, int]]) -> np.ndarray:
    """(V,) int16: :data:`FAR` where these exposures rule a variant out, else 0; remembered
    beside :func:`ruled_out` (one ``maximum`` with it, where a boolean index took ten times
    as long)."""

    def compute() -> np.ndarray:
        row = np.where(allowed(tables, exposures), 0, FAR).astype(np.int16)
        row.setflags(write=False)
        return row

    return _RULED_OUT.setdefault(tables, lambda: Kept(4096)).remember(("far", tuple(exposures)), compute)


#: per card's tables: the last rack :func:`rack_measures_without` packed, (key, its packed sums)
_LAST_RACK: ByObject[tuple] = ByObject()


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



class _Fit:
    """A card's tables for :func:`waits`: ``need`` and ``natural`` as signed counts, and
    ``bits[t][c]``, the variants needing at least ``c`` of tile ``t`` as a bitset (a hand
    fits no variant unless every tile it holds passes: the quick reject)."""

    def __init__(self, tables: Tables):
        self.need = tables.need.astype(np.int16)
        self.natural = tables.natural.astype(np.int16)
        self.bits = []
        for tile in range(self.need.shape[1]):
            col = self.need[:, tile]
            self.bits.append([_bits(col >= c) for c in range(0, int(col.max(initial=0)) + 1)])


#: per card's tables: its :class:`_Fit`
_FIT: ByObject[_Fit] = ByObject()


def waits(tables: Tables, rack: Sequence[int], exposures: Sequence[tuple[int, int]],
          joker: int | None) -> frozenset[int]:
    """The tiles that, added to ``rack`` (tile counts, jokers included) beside these
    exposures (each a (tile, size)), make a variant of the card: the tiles a hand one
    tile from the card waits on (the engine's question at every discard and draw)."""
    fit = _FIT.setdefault(tables, lambda: _Fit(tables))
    filled = list(rack)
    for tile, size in exposures:
        filled[tile] += size  # an exposure fills its group, jokers and all
    jokers = 0
    if joker is not None:
        jokers = rack[joker]
        filled[joker] = 0
    if sum(filled) + jokers + 1 != HAND_SIZE:
        return frozenset()
    mask = -1
    for tile, c in enumerate(filled):
        if c:
            row = fit.bits[tile]
            mask &= row[c] if c < len(row) else 0
            if not mask:
                return frozenset()
    if mask < 0:
        # every tile counted is a joker (a set of more than 13): any variant may be that close
        mask = (1 << tables.size) - 1
    rows = _indices(mask, tables.size)
    rows = rows[allowed(tables, exposures)[rows]]
    if not len(rows):
        return frozenset()
    d = fit.need[rows] - np.array(filled, dtype=np.int16)  # every entry >= 0: the bitsets saw to it
    natural = np.array(rack, dtype=np.int16)
    if joker is not None:
        natural[joker] = 0
    # natural tiles (pairs, singles) the rack itself must still supply
    short = np.maximum(fit.natural[rows] - natural[None, :], 0)
    nshort = short.sum(axis=1)
    out: set[int] = set()
    one = nshort == 1
    if one.any():
        out.update(np.nonzero(short[one])[1].tolist())
    zero = nshort == 0
    if zero.any():
        # every open slot is a joker slot: any tile still needed, or a joker, completes it
        out.update(np.nonzero(d[zero] > 0)[1].tolist())
        if joker is not None:
            out.add(joker)
    # the tests check these candidates against the exact matcher (test_engine_winning)
    return frozenset(out)


def _bits(flags: np.ndarray) -> int:
    """A boolean vector as a Python int bitset (bit v set when flags[v])."""
    return int.from_bytes(np.packbits(flags.astype(np.uint8), bitorder="little").tobytes(), "little")


def _indices(mask: int, n: int) -> np.ndarray:
    """The set bits of a bitset, as variant indices."""
    raw = np.frombuffer(mask.to_bytes((n + 7) // 8, "little"), dtype=np.uint8)
    return np.nonzero(np.unpackbits(raw, bitorder="little")[:n])[0]
