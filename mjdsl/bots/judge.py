"""What a hand is worth to a style, in tiles: the bot engine's one measure.

A judge answers for a batch of racks (one per candidate move) with the seat's
exposures: how many tiles each is from ready (``distance``) and what it is worth
(``worth``, the higher the better, on the same scale of tiles; a style may count
the natural slots still empty, which only the exact tile fills, as slower). Worth is a soft
minimum over every winning hand within reach: ``log_b sum(w_h * s^d_h)`` with the
style's spread ``s`` (``b = 1/s``) and ``w_h`` the hand's points to the style's
power, so a spread near 0 counts only the nearest hands ("fastest"), a larger one
many hands ("flexible"), and points tilt it to the better-paying ones.

Two judges, chosen by what the ruleset plays: :class:`CardJudge` reads a compiled
card through ``cards.distance.needs``; :class:`PatternJudge` reads the winning
shapes (sets and pairs) by counting blocks, suit by suit. Neither knows a variant.
"""

from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from ..cards.distance import (FAR, allowed, at_most, least, pack_bytes, rack_distances, rack_measures,
                              rack_measures_without, rack_needs, ruled_out)
from ..cards.hands import Exposure
from ..hands import Meld
from ..memo import ByObject, Kept
from .soft import Soft, in_c, limits_of, nearest_without, picks, rack_worth, spare, worths_without


def _base(style) -> float:
    return 1.0 / min(max(style.spread, 0.01), 0.95)


class CardJudge:
    """Worth of racks against a card: every variant's distance, softly minimised."""

    def __init__(self, card, tiles, style):
        self.card = card
        self.tables = card.tables
        self.joker = card.joker
        self.size = tiles.size
        self.copies = tiles.copies_vector().astype(np.int16)
        pts = self.tables.points.astype(np.float64)
        self.weight = (pts / max(pts.max(), 1.0)) ** style.points
        self.log_base = math.log(_base(style))
        self._unweighted = bool((self.weight == 1.0).all())
        #: s^k for every whole distance k a variant can have: the soft minimum of whole
        #: distances looks its terms up (np.exp of the same -k * log b, bit for bit)
        self._powers = np.exp(-np.arange(FAR + 1, dtype=np.float64) * self.log_base)
        self.read_table = style.read_table
        self.naturals = style.naturals
        self.live = style.live
        self.release = style.release
        self.last_called = style.last_called
        self.ways = style.ways
        self.concealed = style.concealed
        self._concealed_rows = self.tables.concealed.astype(np.float64)[None, :]
        self.chance = style.model == "chance"
        #: a rack less each candidate is worth :meth:`worths_without` (bots/soft.py, in C: the
        #: compiled build's), but for the knobs that read more than the sum (ways, chance)
        self.summed = in_c() and not (style.ways or style.model == "chance")
        self.callers = style.fill
        #: the copies of an ordinary tile: a tile with that many live comes at the usual pace
        self.typical = float(np.median(self.copies))
        self.soft = Soft(self.weight.tolist(), self.log_base, style.naturals, style.live, style.concealed,
                         style.last_called, self.typical, self.joker is not None)
        self.groups = set(self.tables.group_keys)
        natural = self.tables.natural
        #: per tile t and count c, the variants needing more than c natural copies of t, a
        #: byte each (1 or 0), for :meth:`dead`: none past the most any variant needs
        self._scarce = [[pack_bytes(natural[:, t] > c) for c in range(int(natural[:, t].max(initial=0)))]
                        for t in range(natural.shape[1])]
        self.copies_list = self.copies.tolist()  # (the same, as a list: the view's counts read it)
        self._every = int.from_bytes(b"\x01" * self.tables.size, "little")
        self._memo = _reads()
        self._joins = _reads()  # (the variants a seat's exposures allow, packed: _allowed_bits)
        self._groups: dict[int, int] = {}
        #: the other seats read (likely, wanted), shared by every judge of the card
        self._table_reads = _TABLE_READS.setdefault(self.tables, lambda: _TableReads(self.tables))

    def distance_of(self, rack: np.ndarray, exposures: Sequence[Exposure]) -> int:
        """How many tiles ``rack`` (jokers included) beside ``exposures`` is from ready: the
        least distance of a variant they allow (:data:`FAR` if none)."""
        return self.distances_of(rack, exposures)[1]

    def distances_of(self, rack: np.ndarray, exposures: Sequence[Exposure]) -> tuple[int, int]:
        """``rack``'s distance to every variant, packed a byte each (:data:`FAR` where the
        exposures rule it out), and the least: remembered by hand (a seat is asked about
        many discards between two of its turns, its hand unchanged). One rack: the packed
        distance (``cards.distance.rack_distances``), no batch."""

        def compute() -> tuple[int, int]:
            natural = rack.tolist()
            jokers = 0
            if self.joker is not None:
                jokers, natural[self.joker] = natural[self.joker], 0
            filled = list(natural)
            for e in exposures:
                filled[e.tile] += e.size
            d = rack_distances(self.tables, filled, natural, jokers)
            if exposures:  # the variants they rule out at FAR
                keep, far = ruled_out(self.tables, [(e.tile, e.size) for e in exposures])
                d = (d & keep) | far
            return d, least(d.to_bytes(self.tables.size, "little"))

        return self._memo.remember((rack.tobytes(), tuple(exposures)), compute)

    def may_come_closer(self, rack: np.ndarray, exposures: Sequence[Exposure], tile: int, size: int,
                        jokers: int) -> bool:
        """Whether a call of ``tile`` into a group of ``size`` with ``jokers`` jokers may bring
        the hand under its distance now (False: it cannot). A call adds one tile and moves
        ``jokers`` jokers from the rack into the exposure, so no variant comes more than
        ``1 + jokers`` tiles closer (each ``min(count, need)`` grows by at most one a tile
        added, the jokers' share by at most ``jokers``, and the empty natural slots do not
        shrink); the variants it allows have this group and are allowed now. Unless one of
        them is within ``now + jokers``, the hand after it is no nearer (greedy's test,
        docs/performance.md)."""
        j = self.tables.group_index.get((tile, size))
        if j is None:
            return True  # (no variant has the group: the call is refused elsewhere)
        x, now = self.distances_of(rack, exposures)
        groups = tuple((e.tile, e.size) for e in exposures)
        joins = self._allowed_bits(groups) & self._group_bits(j)
        return bool(joins & at_most(self.tables, x, now + jokers))

    def _allowed_bits(self, groups: tuple) -> int:
        """The variants exposures showing ``groups`` allow, packed (a 1 byte each, else 0):
        remembered by the groups (a seat's exposures change a few times a hand)."""
        return self._joins.remember(groups, lambda: pack_bytes(allowed(self.tables, groups)))

    def _group_bits(self, j: int) -> int:
        """The variants with group ``j`` (of ``tables.group_keys``), packed as
        :meth:`_allowed_bits`: made once a group."""
        bits = self._groups.get(j)
        if bits is None:
            bits = self._groups[j] = pack_bytes(self.tables.group_counts[:, j] >= 1)
        return bits

    def needs(self, racks: np.ndarray | None, exposures: Sequence[Exposure], less: tuple | None = None) -> np.ndarray:
        """(N, V) tiles still to come for every variant (``less``: as :meth:`measure`)."""
        if less is not None:
            return self.measure(racks, exposures, less=less)[0]
        assert racks is not None
        return rack_needs(self.tables, racks, [(e.tile, e.size) for e in exposures], self.joker)

    def dead(self, rack: np.ndarray, exposures: Sequence[Exposure], seen: np.ndarray) -> np.ndarray:
        """(V,) the variants that need more natural copies of a tile than are still unseen
        (in the wall or other racks): the table says they can no longer be made."""
        return self.dead_rows(self.dead_limits(rack, exposures, seen))

    def dead_limits(self, rack: np.ndarray, exposures: Sequence[Exposure], seen: np.ndarray) -> bytes | None:
        """For each tile, the most natural copies of it a line can still have: the rack's
        and those unseen (in the wall or other racks; 255 for the joker, which no line needs
        natural); None when a count of unseen copies is below 0 (the counts disagree: every
        line is dead). A line needing more of a tile is dead (:meth:`dead_rows`)."""
        return self.dead_limits_of(rack.tolist(), exposures, seen.tolist())

    def dead_limits_of(self, held: list[int], exposures: Sequence[Exposure], seen: list[int]) -> bytes | None:
        """:meth:`dead_limits` of the rack's and the seen counts as lists."""
        own = list(held)
        for e in exposures:
            own[e.tile] += e.size - e.jokers
        return limits_of(self.copies_list, seen, own, held, -1 if self.joker is None else self.joker)

    def dead_rows(self, limits: bytes | None) -> np.ndarray:
        """(V,) the variants :meth:`dead_limits` says are dead (every one for None):
        ``_scarce[t][c]`` packs those needing more than ``c`` natural copies of tile t (a
        limit past a tile's rows rules none out)."""
        dead = self._every
        if limits is not None:
            dead = 0
            for row, limit in zip(self._scarce, limits):
                if limit < len(row):
                    dead |= row[limit]
        return np.frombuffer(dead.to_bytes(self.tables.size, "little"), dtype=bool)

    def natural_short(self, racks: np.ndarray) -> np.ndarray:
        """(N, V) natural slots (pairs, singles, runs of different tiles) the racks leave
        empty: no joker fills them and no discard may be called for them but the last."""
        short = self.measure(racks, (), covered=True)[1]
        assert short is not None  # (covered: the slots are counted)
        return short

    def measure(self, racks: np.ndarray | None, exposures: Sequence[Exposure], live: np.ndarray | None = None,
                covered: bool = False, less: tuple | None = None
                ) -> tuple[np.ndarray, np.ndarray | None, np.ndarray | None]:
        """What :meth:`worth` and :meth:`slowness` read, in one pass of the card's
        distance (``cards.distance.rack_measures``): (N, V) the tiles still to come; with
        ``covered`` (or ``live``) the natural slots left empty (float32); with ``live``
        (T,) the live copies of the tiles each variant still lacks (int16). ``less``, a
        (rack, tiles) pair, stands for ``racks`` (None then): that rack less one of each
        tile (a bot's candidates), measured from the rack (``rack_measures_without``); a
        third item, tiles gone from the rack before each of those (a pass chosen so far)."""
        covered = covered or live is not None
        groups = [(e.tile, e.size) for e in exposures]
        if less is not None:
            d, cover, lacking = rack_measures_without(self.tables, less[0], less[1], groups, self.joker, live, covered,
                                                      less[2] if len(less) > 2 else None)
        else:
            assert racks is not None
            d, cover, lacking = rack_measures(self.tables, racks, groups, self.joker, live, covered)
        short = (self.tables.natural_total[None, :] - cover).astype(np.float32) if cover is not None else None
        return d, short, lacking

    def slowness(self, racks: np.ndarray, exposures: Sequence[Exposure], d: np.ndarray,
                 live: np.ndarray) -> np.ndarray:
        """(N, V) how many times slower than an ordinary tile each tile a variant still
        needs comes, to the style's ``live`` power: a variant's tiles come as fast as the
        live copies (``live``, (T,): unseen, jokers among them) of every tile it still
        lacks, a joker where a joker may stand; ``copies`` live per tile it needs is 1."""
        _, short, lacking = self.measure(racks, exposures, live)
        assert short is not None and lacking is not None
        return self.slowness_of(d, short, lacking, live)

    def slowness_of(self, d: np.ndarray, short: np.ndarray, lacking: np.ndarray, live: np.ndarray) -> np.ndarray:
        """:meth:`slowness` from :meth:`measure`'s answers (``short``, ``lacking``)."""
        # (in place, the same operations in the same types, float64: bots/_soft.c works out the same terms)
        if self.joker is not None:
            joker_slots = d > short  # (d - short > 0: small whole numbers, exact either way)
            ways = np.multiply(joker_slots, float(live[self.joker]))
            np.add(ways, lacking, out=ways)  # (small whole numbers: exact in float32 and float64 alike)
        else:  # (float64 as with a joker: bots/_soft.c's terms are the same numbers)
            ways = lacking.astype(np.float64)
        np.divide(ways, np.maximum(d, 1), out=ways)  # the live copies per tile still to come
        np.maximum(ways, 0.5, out=ways)
        np.divide(self.typical, ways, out=ways)
        ways **= self.live  # (as ``**``: numpy's square root for 0.5)
        return ways

    def worth_by_chance(self, d: np.ndarray, short: np.ndarray, lacking: np.ndarray, live: np.ndarray,
                        draws: int, dead: np.ndarray | None = None) -> np.ndarray:
        """(N,) the worth of racks by the chance of completing some variant within
        ``draws`` more draws (the style's ``model = "chance"``), on the scale of tiles
        (``log_b`` of it, as :meth:`worth` is ``log_b sum s^d``: a chance plays the part
        of ``s^d``). Each of the ``d`` tiles a variant still lacks comes by a draw with
        the chance of its share of the live tiles (``live``, (T,): unseen, so in the wall
        or another rack alike): the live copies of every tile it lacks (``lacking``), a
        joker too where a joker's place is open, spread over its ``d`` tiles; a tile
        whose share is ``c`` of ``L`` live is in hand after ``draws`` with the chance
        ``1 - exp(-draws * c / L)``, and the variant with that to the power ``d``. The
        chances of the variants add up (their points to the style's power weighing
        them), so of two discards as far from ready, the one whose lines have more
        live tiles and the one with more lines is kept."""
        ways = lacking.astype(np.float64)
        if self.joker is not None:
            ways = ways + (d - short > 0) * float(live[self.joker])
        total = max(float(live.sum()), 1.0)
        per_tile = np.maximum(ways / np.maximum(d, 1), 0.25)  # (a tile all gone: the last copy in a rack)
        rate = max(draws, 1) * per_tile / total
        # a joker's place is filled by a discard called too: every seat's discards, not only her draws
        hit_nat = -np.expm1(-rate)
        hit_any = -np.expm1(-rate * self.callers)
        log_p = (short * np.log(np.maximum(hit_nat, 1e-300))
                 + (d - short) * np.log(np.maximum(hit_any, 1e-300)))
        out_of_reach = d >= FAR
        if dead is not None and self.read_table:
            out_of_reach = out_of_reach | dead[None, :]
        # a typical tile's chance as a tile of distance: the spread weighs a hand as much less
        # likely as one such tile further as it weighs a hand a tile further
        typical = -math.log(max(-math.expm1(-max(draws, 1) * self.typical / total), 1e-300))
        terms = np.where(out_of_reach, -np.inf, log_p * (self.log_base / max(typical, 1e-9)))
        terms = terms + np.log(np.maximum(self.weight, 1e-300))[None, :]
        top = terms.max(axis=1, keepdims=True)
        top = np.where(np.isfinite(top), top, -FAR * self.log_base)
        s = np.exp(terms - top).sum(axis=1)
        return (top[:, 0] + np.log(np.maximum(s, 1e-300))) / self.log_base

    def worth(self, d: np.ndarray, dead: np.ndarray | None = None, racks: np.ndarray | None = None,
              slowness: np.ndarray | None = None, short: np.ndarray | None = None) -> np.ndarray:
        """(N,) the soft minimum of the distances ``d`` (N, V), as minus tiles; each empty
        natural slot (``short``, or worked out from ``racks``) costs the style's
        ``naturals`` more (those tiles come slowest; with ``last_called``, all but one
        when every tile still to come is a natural one: the last tile of a hand may be
        called from any discard, so it comes as a pung's does), and with ``slowness``
        (:meth:`slowness`) every tile still to come counts that many; with the style's
        ``concealed``, each tile but the last a concealed line still needs costs that much
        more (only the seat's own draws bring it)."""
        whole = not (((self.naturals or slowness is not None) and (racks is not None or short is not None))
                     or self.concealed)
        raw = d
        if not whole:  # (whole distances stay integers: the terms are looked up)
            d = d.astype(np.float64)
            if slowness is not None:
                d = np.where(raw >= FAR, FAR, d * slowness)
            if self.concealed:  # a concealed line's tiles come by her own draws alone, but its last
                d = d + self.concealed * np.maximum(raw - 1, 0) * self._concealed_rows
            # (adding naturals 0 times the slots would change nothing; without racks or short
            # the float path is `concealed`'s alone, and there are no slots to count)
            if self.naturals and (short is not None or racks is not None):
                if short is None:
                    assert racks is not None
                    short = self.natural_short(racks)
                if self.last_called:  # the last tile comes by any discard: one slot is as quick as a pung's
                    short = np.minimum(short, np.maximum(raw - 1, 0))
                d = d + self.naturals * short
        if dead is not None and self.read_table:
            # FAR where dead (np.where's values, without its broadcast or a boolean index)
            if whole:  # whole distances are at most FAR: a maximum, the caller's left as they are
                d = np.maximum(d, np.where(dead, np.int16(FAR), np.int16(0)))
            else:  # d * 1 + 0 and d * 0 + FAR, each exact (d is a copy here)
                np.multiply(d, ~dead, out=d)
                np.add(d, np.where(dead, float(FAR), 0.0), out=d)
        m = d.min(axis=1, keepdims=True)
        # (m - d is -(d - m) to the bit; a weight of 1 everywhere, points 0, multiplies nothing;
        # ``take``: the table's values, in half the time of indexing by an array)
        terms = self._powers.take(d - m) if whole else np.exp((m - d) * self.log_base)
        s = (terms if self._unweighted else self.weight[None, :] * terms).sum(axis=1)
        return -m[:, 0] + np.log(np.maximum(s, 1e-300)) / self.log_base

    def worths_without(self, rack: np.ndarray, tiles: Sequence[int], exposures: Sequence[Exposure],
                       gone: Sequence[int] | None, live: np.ndarray | list[int] | None,
                       limits: bytes | None = None) -> list[float] | None:
        """:meth:`worth` of ``rack`` (less ``gone``) less one of each of ``tiles`` with
        :meth:`slowness_of` by ``live`` when the style counts it, in C (``bots/soft.py``: the
        same terms, summed once); ``limits``: :meth:`dead_limits` when the style reads the
        table (None there: every line dead). None where the C module does not answer (the
        pure build): :meth:`measure` and :meth:`worth` then."""
        if self.read_table and limits is None:
            return None  # (every line dead: no sum to take)
        groups, out_of_play, live_joker = self._summed(exposures, live)
        return worths_without(self.soft, self.tables, rack, tiles, groups, self.joker,
                              live if self.live else None, gone, out_of_play, live_joker,
                              limits if self.read_table else None)

    def rack_worth(self, rack: np.ndarray, exposures: Sequence[Exposure], live: np.ndarray | list[int] | None,
                   limits: bytes | None) -> float | None:
        """:meth:`worth` of ``rack`` itself, in C (``bots/soft.py``), read as
        :meth:`worths_without` reads it; None where the C module does not answer."""
        if self.read_table and limits is None:
            return None
        groups, out_of_play, live_joker = self._summed(exposures, live)
        return rack_worth(self.soft, self.tables, rack, groups, self.joker, live if self.live else None,
                          out_of_play, live_joker, limits if self.read_table else None)

    def spare(self, rack: np.ndarray, exposures: Sequence[Exposure], most: int, now: int) -> int | None:
        """How many tiles ``rack`` can give away without going further than ``now`` from
        ready (at most ``most``), in C (``bots/soft.py``); None where it does not answer."""
        groups, out_of_play, _ = self._summed(exposures, None)
        return spare(self.tables, rack, groups, self.joker, out_of_play, most, now)

    def _summed(self, exposures: Sequence[Exposure], live: np.ndarray | list[int] | None) -> tuple[list, int, int]:
        """What the C module's questions read of the exposures and live counts: the groups
        shown, the variants they rule out (packed) and the live jokers."""
        groups = [(e.tile, e.size) for e in exposures]
        out_of_play = ruled_out(self.tables, groups)[1] if groups else 0
        live_joker = int(live[self.joker]) if live is not None and self.joker is not None else 0
        return groups, out_of_play, live_joker

    def picks(self, rack: np.ndarray, legal: Sequence[int], count: int, exposures: Sequence[Exposure],
              gone: Sequence[int] | None, live: np.ndarray | list[int] | None, limits: bytes | None,
              rng) -> list[int] | None:
        """Up to ``count`` of ``legal`` given away together, each the tile whose loss leaves
        the most :meth:`worths_without` (ties broken by ``rng``), one after another, in one
        call of ``bots/soft.py``'s C module; fewer where it stops before a step the sum cannot
        answer; None where it does not answer at all (the pure build, every line dead)."""
        if self.read_table and limits is None:
            return None
        groups, out_of_play, live_joker = self._summed(exposures, live)
        return picks(self.soft, self.tables, rack, legal, count, groups, self.joker, live if self.live else None,
                     gone, out_of_play, live_joker, limits if self.read_table else None, rng)

    def nearest_without(self, rack: np.ndarray, tiles: Sequence[int], exposures: Sequence[Exposure],
                        gone: Sequence[int] | None) -> list[int] | None:
        """The least of :meth:`needs` for ``rack`` (less ``gone``) less one of each of
        ``tiles``, by ``bots/soft.py``'s C module; None where it does not answer (the pure
        build): :meth:`needs` then."""
        groups, out_of_play, _ = self._summed(exposures, None)
        return nearest_without(self.tables, rack, tiles, groups, self.joker, gone, out_of_play)

    def improving(self, racks: np.ndarray, exposures: Sequence[Exposure], d: np.ndarray, short: np.ndarray,
                  dead: np.ndarray | None, live: np.ndarray) -> np.ndarray:
        """(N,) the ways each rack can still improve: the live copies (``live``, (T,)) of
        every tile that would bring one of its nearest variants (the fewest tiles to
        come, the dead ones aside when the style reads the table) a tile closer. A
        variant with a joker's place still open (``d > short``) comes closer by any tile
        it lacks, or a joker; one whose open places only natural tiles fill (a pair, a
        single), only by those."""
        t = self.tables
        filled = np.array(racks, dtype=np.int16)
        if self.joker is not None:
            filled[:, self.joker] = 0
        natural = filled.copy()
        for e in exposures:
            filled[:, e.tile] += e.size
        if dead is not None and self.read_table:
            d = np.where(dead[None, :], FAR, d)
        open_joker = d > short
        out = np.zeros(len(filled))
        live_f = live.astype(np.float64)
        for i in range(len(filled)):
            row = d[i]
            m = row.min()
            if m >= FAR:
                continue
            near = np.flatnonzero(row == m)
            jok = near[open_joker[i, near]]
            nat = near[~open_joker[i, near]]
            tiles = np.zeros(filled.shape[1], dtype=bool)
            if len(jok):
                tiles |= (t.need[jok] > filled[i][None, :]).any(axis=0)
            if len(nat):
                tiles |= (t.natural[nat] > natural[i][None, :]).any(axis=0)
            ways = float(live_f[tiles].sum())
            if len(jok) and self.joker is not None:
                ways += float(live_f[self.joker])
            out[i] = ways
        return out

    def likely(self, exposures: Sequence[Exposure], discards: Sequence[int]) -> np.ndarray:
        """(V,) how likely another seat is making each variant, from what it shows: its
        exposures rule variants in or out, and each tile it threw away makes the
        variants that need it less likely. Remembered per card by what the seat shows
        (every other seat asks the same between two of its discards); read-only."""
        groups = tuple((e.tile, e.size) for e in exposures)
        thrown = tuple(sorted(set(discards)))
        reads = self._table_reads

        def compute() -> np.ndarray:
            w = np.ones(self.tables.size) if not groups else allowed(self.tables, groups).astype(np.float64)
            if thrown:
                # 0.35 to the power of the thrown tiles each variant needs: numpy's powers of
                # every count, worked out once (the same floats), read by the counts
                w = w * reads.less_likely.take(reads.thrown_counts(discards, thrown))
            w.setflags(write=False)
            return w

        return reads.memo.remember(("likely", groups, thrown), compute)

    def seat_wants(self, exposures: Sequence, discards: Sequence[int]) -> np.ndarray:
        """(T,) :meth:`wanted` of :meth:`likely` for a seat showing ``exposures`` (anything
        with a ``tile`` and a ``size``) and ``discards``: remembered by the two, so every
        seat's every discard asks it once between two of that seat's moves (keyed by the
        discards as thrown: :meth:`likely`'s key, every discard sorted, is for what they
        rule out, the same for a tile thrown twice); read-only."""
        groups = tuple((e.tile, e.size) for e in exposures)
        key = (groups, tuple(discards))

        def compute() -> np.ndarray:
            shown = [Exposure(tile, size, 0) for tile, size in groups]  # (likely and wanted read these two)
            return self.wanted(self.likely(shown, discards), shown)

        return self._table_reads.seat_wants.remember(key, compute)

    def seat_wants_list(self, exposures: Sequence, discards: Sequence[int]) -> list[float]:
        """:meth:`seat_wants` as a list of floats (remembered as it is: a reading of one tile
        at a time, in compiled code, reads a list's floats without numpy's boxing)."""
        key = (tuple((e.tile, e.size) for e in exposures), tuple(discards))
        return self._table_reads.seat_lists.remember(key, lambda: self.seat_wants(exposures, discards).tolist())

    def wanted(self, likely: np.ndarray, exposures: Sequence[Exposure]) -> np.ndarray:
        """(T,) for each tile, the share of the likely variants that still need it
        (remembered for a ``likely`` answer :meth:`likely` remembered); read-only."""
        groups = tuple((e.tile, e.size) for e in exposures)
        reads = self._table_reads
        memo = reads.memo
        key = ("wanted", id(likely), groups)
        hit = memo.get(key)
        if hit is not None and hit[0] is likely:
            return hit[1]
        shown = np.zeros(self.size, np.int16)
        for tile, size in groups:
            shown[tile] += size
        total = likely.sum()
        # (need > shown as floats, made once per groups shown: with nothing shown the card's
        # own matrix; the same floats the comparison gives)
        needs = reads.needs if not groups else memo.remember(
            ("needs", groups), lambda: (self.tables.need > shown[None, :]).astype(np.float64))
        out = np.zeros(self.size) if total <= 0 else likely @ needs / total
        out.setflags(write=False)
        memo.remember(key, lambda: (likely, out))
        return out


class _TableReads:
    """What the other seats show, read, for one card's tables (``likely``, ``wanted``,
    ``seat_wants``): the same for every style, so every judge of the card shares it. (Kept
    by the tables, weakly: it holds nothing of them but arrays made from them.)"""

    def __init__(self, tables) -> None:
        #: likely and wanted answers, the thrown tiles' counts and need-over-shown, by key
        self.memo = _reads()
        #: :meth:`CardJudge.seat_wants` by what a seat shows, as thrown; and as lists
        self.seat_wants = _reads()
        self.seat_lists = _reads()
        needs = tables.need > 0
        #: (V, T) whether each variant needs each tile, as counts (int16: a sum over tiles
        #: counts them) and as floats (a product with a row of floats)
        self.counts = needs.astype(np.int16)
        self.needs = needs.astype(np.float64)
        #: 0.35 to each power a variant's count of thrown tiles may be (at most one a kind of
        #: tile): how much less likely a variant is for the thrown tiles it needs; numpy's powers
        self.less_likely = 0.35 ** np.arange(tables.need.shape[1] + 1, dtype=np.int64)

    def thrown_counts(self, discards: Sequence[int], thrown: tuple) -> np.ndarray:
        """(V,) int64: how many of the tiles ``thrown`` (a seat's discards, sorted, each once)
        each variant needs: remembered, and worked out from the set less the seat's last
        discard where that is remembered (a seat throws one tile at a time), the whole
        numbers the same either way."""
        memo = self.memo
        key = ("thrown", thrown)
        hit = memo.get(key)
        if hit is not None:
            return hit
        last = discards[-1] if discards else None
        before = memo.get(("thrown", tuple(t for t in thrown if t != last))) if last in thrown else None
        if before is not None:
            out = before + self.counts[:, last]
        else:
            out = self.counts[:, list(thrown)].sum(axis=1)
        out.setflags(write=False)
        memo[key] = out
        return out


#: per card's tables: what the other seats show, read (:class:`_TableReads`)
_TABLE_READS: ByObject[_TableReads] = ByObject()


class PatternJudge:
    """Worth of racks against winning shapes (sets and pairs): minus the distance, with
    a small bonus for tiles that have neighbours (more ways to make sets).

    The distance is the block count a player makes at the table: complete sets, partial
    ones (a pair, two tiles of a run) and a pair for the head, suit by suit
    (``2S + P - 2 sets - partials - head`` for S sets and P pairs still to make). It is
    ``hands.distance`` for most hands at a thousandth of its cost, which a bot asked
    hundreds of times a hand needs; the engine's own win test stays exact.
    """

    def __init__(self, auto, style):
        from ..hands.decompose import layout_of

        self.auto = auto
        self.tiles = auto.tiles
        self.shapes = [p for p in auto.winning.patterns if p.sets is not None and p.special is None]
        self.neighbours = _neighbour_matrix(auto.tiles)
        lay = layout_of(auto.tiles)
        # each suit as the positions of its tiles in rank order; each honour alone
        self.groups = [(tuple(g.indices), g.suit is not None) for g in lay.groups if g.suit is not None]
        self.groups += [((i,), False) for g in lay.groups if g.suit is None for i in g.indices
                        if not auto.tiles.kinds[i].is_bonus]
        self._memo = _reads()

    def distance_of(self, rack: np.ndarray, melds: tuple) -> int:
        def compute() -> int:
            options = [(0, 0, 0)]
            for idx, chows in self.groups:
                counts = tuple(int(rack[i]) for i in idx)
                if not any(counts):
                    continue
                mine = _blocks(counts, chows)
                options = _pareto([(m + a, t + b, p + c) for m, t, p in options for a, b, c in mine if p + c <= 1])
            sets_made = sum(1 for m in melds if m.is_set)
            best = FAR
            for shape in self.shapes:
                s_left = shape.sets - sets_made
                if s_left < 0:
                    continue
                for m, t, p in options:
                    m = min(m, s_left)
                    head = min(p, shape.pairs)
                    d = 2 * s_left + shape.pairs - 2 * m - min(t, s_left - m) - head
                    best = min(best, d)
            return best

        return self._memo.remember((rack.tobytes(), tuple(melds)), compute)

    def distances(self, racks: np.ndarray, melds: tuple) -> np.ndarray:
        return np.array([self.distance_of(r, melds) for r in racks], dtype=np.float64)

    def worth(self, racks: np.ndarray, melds: tuple) -> np.ndarray:
        d = self.distances(racks, melds)
        shape = (racks @ self.neighbours * racks).sum(axis=1) / 100.0
        return -d + np.minimum(shape, 0.9)


def _pareto(options):
    """The (sets, partials, head) triples no other triple beats on every count."""
    opts = sorted(set(options), reverse=True)
    out = []
    for o in opts:
        if not any(q[0] >= o[0] and q[1] >= o[1] and q[2] >= o[2] for q in out):
            out.append(o)
    return out


_BLOCKS: dict = {}


def _blocks(counts: tuple, chows: bool) -> list:
    """Every best (sets, partials, head) split of one suit's counts (or one honour's)."""
    key = (counts, chows)
    hit = _BLOCKS.get(key)
    if hit is not None:
        return hit
    i = next((k for k, n in enumerate(counts) if n), None)
    if i is None:
        return [(0, 0, 0)]
    c = list(counts)
    found = []

    def rest(take, add):
        d = c.copy()
        for k, n in take:
            d[k] -= n
        found.extend((m + add[0], t + add[1], p + add[2]) for m, t, p in _blocks(tuple(d), chows))

    rest([(i, 1)], (0, 0, 0))  # the tile is left over
    if c[i] >= 3:
        rest([(i, 3)], (1, 0, 0))
    if c[i] >= 2:
        rest([(i, 2)], (0, 0, 1))
        rest([(i, 2)], (0, 1, 0))
    if chows:
        if i + 2 < len(c) and c[i + 1] and c[i + 2]:
            rest([(i, 1), (i + 1, 1), (i + 2, 1)], (1, 0, 0))
        if i + 1 < len(c) and c[i + 1]:
            rest([(i, 1), (i + 1, 1)], (0, 1, 0))
        if i + 2 < len(c) and c[i + 2]:
            rest([(i, 1), (i + 2, 1)], (0, 1, 0))
    out = _pareto([o for o in found if o[2] <= 1])
    if len(_BLOCKS) > 200_000:
        _BLOCKS.clear()
    _BLOCKS[key] = out
    return out


def _reads() -> Kept:
    """A judge's or a card's memo of answers by rack (at most 4,097, then afresh)."""
    return Kept(4097)


def _neighbour_matrix(tiles) -> np.ndarray:
    """(T, T) how much holding tile j helps a held tile i to a set: the same tile, then
    the next and the one after in its suit."""
    n = tiles.size
    m = np.zeros((n, n))
    for k in tiles.kinds:
        if k.is_bonus:
            continue
        m[k.index, k.index] = 3
        if k.suit is not None:
            for step, w in ((1, 2), (2, 1)):
                for o in (tiles.suited(k.suit, k.rank + step), tiles.suited(k.suit, k.rank - step)):
                    if o is not None:
                        m[k.index, o.index] = w
    return m


def meld_of(size: int, tile: int, concealed: bool = False) -> Meld:
    """A set of one tile as the hands library reads it (the claim's size, not its name)."""
    return Meld("kong" if size >= 4 else "pung", tile, concealed)
