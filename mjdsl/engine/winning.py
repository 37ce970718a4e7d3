"""Is this a winning hand, and which tiles would make it one: for cards and for patterns.

The interpreter asks three questions many times a hand: would tile t complete seat
s's hand (a claim for mah jongg, a self-drawn win), what did the win make (for the
score), and can the seat's exposures still be part of any winning hand (American
dead hands). Cards answer from the compiled card's tables, with each seat's
*waits* cached until its hand changes; patterns answer from :mod:`mjdsl.hands`.
"""

from __future__ import annotations

import numpy as np

from ..cards.hands import Exposure as CardExposure, Hand
from ..cards.match import match_hand
from ..hands import Meld, is_complete, match_pattern, split_hand


class WinRules:
    """The winning hands of an automaton, as questions about a hand state."""

    def __init__(self, auto):
        self.auto = auto
        self.card = auto.winning.card
        self.patterns = auto.winning.patterns
        self.joker = auto.jokers.tile if auto.jokers else None
        self.size = auto.tiles.size
        self._waits: dict[int, tuple] = {}
        if self.card is not None:
            t = self.card.tables
            self.need = t.need.astype(np.int16)
            self.natural = t.natural.astype(np.int16)
            self.concealed_line = t.concealed
            self.group_index = {k: j for j, k in enumerate(t.group_keys)}
            self.group_counts = t.group_counts

    # -- caching ------------------------------------------------------------------
    def forget(self, seat: int) -> None:
        """The seat's hand changed: its cached waits are stale."""
        self._waits.pop(seat, None)

    def reset(self) -> None:
        self._waits.clear()

    # -- questions ----------------------------------------------------------------
    def completes(self, st, seat: int, tile: int) -> bool:
        """Would ``tile`` added to the seat's concealed hand make a winning hand?"""
        if self.card is not None:
            return tile in self._card_waits(st, seat)
        hand = st.hands[seat]
        hand[tile] += 1
        try:
            return self._pattern_win(st, seat) is not None
        finally:
            hand[tile] -= 1

    def is_win(self, st, seat: int) -> bool:
        """Is the seat's hand, as it stands, a winning hand?"""
        if self.card is not None:
            return bool(self._card_matches(st, seat))
        return self._pattern_win(st, seat) is not None

    def describe(self, st, seat: int) -> dict:
        """What the winning hand made: the card line (points, jokers) or the pattern."""
        if self.card is not None:
            ms = self._card_matches(st, seat)
            best = max(ms, key=lambda m: (m.line.points, -m.line_index))
            return {"hand": best.hand, "line": best.line.line, "section": best.line.section,
                    "card_points": best.line.points, "jokers": best.jokers,
                    "singles_pairs": not any(g.jokers for g in self.card.variants[best.variant].groups),
                    "concealed": best.line.concealed}
        name = self._pattern_win(st, seat)
        return {"hand": name, "pattern": name}

    def exposures_possible(self, st, seat: int) -> bool:
        """Can the seat's exposures still all be groups of one winning hand?"""
        if self.card is None:
            return True
        return bool(self._allowed(st, seat).any())

    # -- cards ----------------------------------------------------------------------
    def _allowed(self, st, seat: int) -> np.ndarray:
        exps = st.exposures[seat]
        if not exps:
            return np.ones(len(self.need), dtype=bool)
        ok = ~self.concealed_line
        wanted: dict[int, int] = {}
        for e in exps:
            j = self.group_index.get((e.tile, e.size), -1)
            if j < 0:
                return np.zeros(len(self.need), dtype=bool)
            wanted[j] = wanted.get(j, 0) + 1
        for j, n in wanted.items():
            ok = ok & (self.group_counts[:, j] >= n)
        return ok

    def _card_waits(self, st, seat: int) -> frozenset:
        key = st.version[seat]
        hit = self._waits.get(seat)
        if hit is not None and hit[0] == key:
            return hit[1]
        waits = self._compute_waits(st, seat)
        self._waits[seat] = (key, waits)
        return waits

    def _compute_waits(self, st, seat: int) -> frozenset:
        """Tiles t such that the concealed hand plus t (and the exposures) makes a variant."""
        h = np.zeros(self.size, dtype=np.int16)
        h[:] = st.hands[seat]
        for e in st.exposures[seat]:
            h[e.tile] += e.size  # an exposure fills its group, jokers and all
        jokers = 0
        if self.joker is not None:
            jokers = int(st.hands[seat][self.joker])
            h[self.joker] = 0
        total = int(h.sum()) + jokers
        if total + 1 != 14:
            return frozenset()
        d = self.need - h  # (V, T)
        fits = (d >= 0).all(axis=1) & self._allowed(st, seat)
        if not fits.any():
            return frozenset()
        d = d[fits]
        nat = self.natural[fits]
        rack = np.asarray(st.hands[seat], dtype=np.int16)
        if self.joker is not None:
            rack = rack.copy()
            rack[self.joker] = 0
        # natural tiles (pairs, singles) the rack itself must still supply
        short = np.maximum(nat - rack[None, :], 0)
        nshort = short.sum(axis=1)
        out: set[int] = set()
        one = nshort == 1
        if one.any():
            out.update(np.nonzero(short[one])[1].tolist())
        zero = nshort == 0
        if zero.any():
            # every open slot is a joker slot: any tile still needed, or a joker, completes it
            out.update(np.nonzero(d[zero] > 0)[1].tolist())
            if self.joker is not None:
                out.add(self.joker)
        # confirm with the exact matcher (exposure grouping, joker slots)
        return frozenset(t for t in out if self._exact_with(st, seat, t))

    def _exact_with(self, st, seat: int, tile: int) -> bool:
        st.hands[seat][tile] += 1
        try:
            return bool(self._card_matches(st, seat, cache=False))
        finally:
            st.hands[seat][tile] -= 1

    def _card_matches(self, st, seat: int, cache: bool = True):
        conc = np.asarray(st.hands[seat], dtype=np.int16)
        exps = tuple(CardExposure(e.tile, e.size, e.jokers) for e in st.exposures[seat])
        hand = Hand(conc, exps)
        if hand.size != 14:
            return []
        return match_hand(self.card, hand)

    # -- patterns -------------------------------------------------------------------
    def _melds(self, st, seat: int) -> list[Meld]:
        out = []
        for e in st.exposures[seat]:
            if e.run:
                out.append(Meld("chow", min(e.run), False))
            elif e.size >= 4:
                out.append(Meld("kong", e.tile, e.concealed))
            elif e.size == 3:
                out.append(Meld("pung", e.tile, False))
            else:
                out.append(Meld("pair", e.tile, False))
        return out

    def _pattern_win(self, st, seat: int) -> str | None:
        hist = np.asarray(st.hands[seat], dtype=np.int16)
        melds = self._melds(st, seat)
        tiles = self.auto.tiles
        for p in self.patterns:
            if p.special is not None:
                if p.concealed and any(not m.concealed for m in melds):
                    continue
                if match_pattern(p.special, hist, melds, tiles):
                    return p.name
            elif p.sets is not None:
                if is_complete(hist, tiles, melds, sets=p.sets, pairs=p.pairs, max_chows=p.max_chows):
                    return p.name
        return None

    def splits(self, st, seat: int):
        hist = np.asarray(st.hands[seat], dtype=np.int16)
        melds = self._melds(st, seat)
        out = []
        for p in self.patterns:
            if p.special is None and p.sets is not None:
                out.extend(split_hand(hist, self.auto.tiles, melds, sets=p.sets, pairs=p.pairs, max_chows=p.max_chows))
        return out
