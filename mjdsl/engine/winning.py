"""Is this a winning hand, and which tiles would make it one: for cards and for patterns.

The interpreter asks three questions many times a hand: would tile t complete seat
s's hand (a claim for mah jongg, a self-drawn win), what did the win make (for the
score), and can the seat's exposures still be part of any winning hand (American
dead hands). Cards answer from the compiled card's tables, with each seat's
*waits* cached until its hand changes; patterns answer from :mod:`mjdsl.hands`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ..cards.distance import allowed, waits as card_waits
from ..cards.hands import Exposure as CardExposure, Hand
from ..cards.match import match_hand
from ..hands import Meld, match_pattern, meld_tiles, split_hand
from ..hands.decompose import exposed_counts, hand_counts, layout_of, split_group, still_needed
from ..hands.masks import present_mask
from ..hands.patterns import compiled as compiled_pattern, completing_tiles
from ..hands.search import Reject, could_be_made
from ..memo import ByObject, Kept

if TYPE_CHECKING:
    from ..hands.decompose import Layout
    from ..ir.model import Automaton, PatternSpec
    from .state import Exposure, HandState


class WinRules:
    """The winning hands of an automaton, as questions about a hand state."""

    # the pattern tables (_pattern_tables), declared for the compiled build: typed, its
    # loops over them are native
    _layout: Layout
    _copies: list[int]
    _suits: list[slice | list[int]]
    _honours: tuple[int, ...]
    _groups: list[tuple[int, ...]]
    _caps: dict[str, Any]
    #: each special hand's quick rejects (its masks, read by could_be_made)
    _rejects: dict[str, Reject]
    _mixed: frozenset[str]
    #: (pattern, the most of each tile it holds or None, the tiles it never holds as a bit mask or None)
    _plan: list[tuple[PatternSpec, Any, Any]]
    #: (pairs, chows allowed, group, its counts) -> the (pairs, chows) its splits use (:meth:`_sets_complete`)
    _reach: dict[tuple, frozenset[tuple[int, int]]]
    #: the last hand matched against the card: (its counts, its exposures, the matches)
    _matched: tuple[list[int], list[Exposure], list] | None = None

    def __init__(self, auto: Automaton) -> None:
        self.auto = auto
        self.card = auto.winning.card
        self.patterns = auto.winning.patterns
        self.joker = auto.jokers.tile if auto.jokers else None
        self.size = auto.tiles.size
        self._waits: dict[int, list[tuple[list[int], list[Exposure], frozenset]]] = {}
        self._meld_memo: dict[tuple, tuple[Meld, ...]] = {}
        self._exposed_masks: dict[int, tuple[tuple[Meld, ...], int]] = {}
        #: tiles that never complete a hand: bonus tiles and jokers (a joker is no wait)
        self._not_waits = frozenset(i for i, k in enumerate(auto.tiles.kinds)
                                    if k.is_bonus or k.cls == "joker")
        if self.patterns:
            (self._layout, self._copies, self._suits, self._honours, self._groups, self._caps, self._rejects,
             self._mixed, self._plan, self._reach) = _PATTERN_TABLES.setdefault(auto, lambda: _pattern_tables(auto))
        if self.card is not None:
            t = self.card.tables
            # read by the greedy bot
            self.need = t.need.astype(np.int16)
            self.group_index = t.group_index

    # -- questions ----------------------------------------------------------------
    def completes(self, st: HandState, seat: int, tile: int) -> bool:
        """Would ``tile`` added to the seat's concealed hand make a winning hand?"""
        if self.card is not None:
            return tile in self._card_waits(st, seat)
        hand = st.hands[seat]
        hand[tile] += 1
        try:
            return self._pattern_win(st, seat) is not None
        finally:
            hand[tile] -= 1

    def is_win(self, st: HandState, seat: int, exact: bool = False) -> bool:
        """Is the seat's hand, as it stands, a winning hand?

        For a card, the quick answer reads the waits of the hand before its last draw
        (usually cached from the claim window before); ``exact`` runs the matcher.
        """
        if self.card is not None:
            d = st.last_draw
            if not exact and d is not None and st.turn == seat and st.hands[seat][d[0]]:
                hand = st.hands[seat]
                hand[d[0]] -= 1
                try:
                    return d[0] in self._card_waits(st, seat)
                finally:
                    hand[d[0]] += 1
            return bool(self._card_matches(st, seat))
        return self._pattern_win(st, seat) is not None

    def describe(self, st: HandState, seat: int) -> dict:
        """What the winning card hand made: its card line (points, jokers). (Asked only
        of a card: a pattern's win is named by the scorer.)"""
        ms = self._card_matches(st, seat)
        best = max(ms, key=lambda m: (m.line.points, -m.line_index))
        return {"hand": best.hand, "line": best.line.line, "section": best.line.section,
                "card_points": best.line.points, "jokers": best.jokers,
                "singles_pairs": not any(g.jokers for g in self.card.variants[best.variant].groups),
                "concealed": best.line.concealed}

    def calling(self, st: HandState, seat: int) -> bool:
        """Would some one tile complete the seat's hand? (The Standing Hand needs it.)

        The same answer as asking :meth:`completes` of every tile, pattern by pattern:
        a sets-and-pairs shape only for the tiles of a group one short, a special hand
        only when the hand holds no more of any tile than it can (a check made once,
        not per tile) and then by its own search for the completing tiles."""
        if self.card is not None:
            return any(self.completes(st, seat, t) for t in range(self.size) if t not in self._not_waits)
        # remembered per automaton by the hand's content: a replay, the bots and the
        # next game ask of the same hands again
        memo = _CALLING.setdefault(self.auto, dict)
        key = (tuple(st.hands[seat]), tuple(st.exposures[seat]))
        hit = memo.get(key)
        if hit is None:
            if len(memo) >= _CALLING_KEPT:
                memo.clear()
            hit = memo[key] = self._pattern_calling(st, seat)
        return hit

    def _pattern_calling(self, st: HandState, seat: int) -> bool:
        hand = st.hands[seat]
        melds = self._melds(st, seat)
        for p, cap, _ in self._plan:
            if p.special is None and p.sets is not None and self._shape_calling(hand, melds, p):
                return True
        exposed = st.exposures[seat]
        present, whole = self._masks(st, seat)
        for p, cap, _ in self._plan:
            if p.special is not None and not could_be_made(
                    self._rejects[p.name], present if p.name in self._mixed else whole, missing=1):
                continue  # one more tile cannot make it
            if p.name in self._mixed and not (p.concealed and exposed):
                if any(t not in self._not_waits for t in completing_tiles(
                        compiled_pattern(p.special, self.auto.tiles), hand_counts(hand, self._layout), melds,
                        exposed_counts(melds, self.auto.tiles), self._copies)):
                    return True
                continue
            if p.special is None or cap is None or p.concealed and exposed and any(not e.concealed for e in exposed):
                continue
            if (np.asarray(hand, dtype=np.int16) > cap).any():
                continue  # adding a tile only adds to the counts
            if any(t not in self._not_waits for t in completing_tiles(
                    compiled_pattern(p.special, self.auto.tiles), hand_counts(hand, self._layout), melds,
                    exposed_counts(melds, self.auto.tiles), self._copies)):
                return True
        return False

    def _shape_calling(self, hand: list[int], melds: tuple[Meld, ...], p) -> bool:
        """Would one tile make the hand the sets-and-pairs shape ``p``? (The tile is
        added to the hand's counts and taken back.)"""
        need = still_needed(melds, p.sets, p.pairs, p.max_chows)
        keep: list[int] = []
        # only a tile of a group one short can complete it
        for g, ok in zip(self._groups, self._one_more_possible(hand, p.pairs)):
            if ok:
                keep.extend(g)
        for t in sorted(keep):
            if t in self._not_waits:
                continue
            hand[t] += 1
            try:
                if self._sets_complete(hand, need):
                    return True
            finally:
                hand[t] -= 1
        return False

    def _one_more_possible(self, hand: list[int], pairs: int) -> list[bool]:
        """For each group of ``_groups``: does :meth:`_shape_possible` pass with one more
        tile of it? The same test for every group at once: a tile changes only its own
        group's count, so each group's part of the test is worked out with and without it."""
        held = list(map(hand.__getitem__, self._honours))
        fails = held.count(1) + held.count(4)
        counts = []  # a loop, not comprehensions: asked at every discard
        for idx in self._suits:
            n = sum(hand[idx]) if isinstance(idx, slice) else sum(hand[i] for i in idx)
            fails += n % 3 == 1
            counts.append(n)
        if fails > 1:
            return [False] * (len(counts) + len(held))  # one more tile mends one group's part at most
        # (fails, twos) of each group as it is, and with one more tile
        now = [(_SUIT_PART[n % 3], _SUIT_PART[(n + 1) % 3]) for n in counts]
        now += [(_honour_part(c), _honour_part(c + 1)) for c in held]
        twos = sum(a[1] for a, _ in now)
        out = []
        for (f0, t0), (f1, t1) in now:
            t = twos - t0 + t1
            out.append(fails - f0 + f1 == 0 and (t == pairs or pairs != 1 and t <= pairs))
        return out

    def exposures_possible(self, st: HandState, seat: int) -> bool:
        """Can the seat's exposures still all be groups of one winning hand?"""
        if self.card is None:
            return True
        return bool(self._allowed(st, seat).any())

    # -- cards ----------------------------------------------------------------------
    def _allowed(self, st: HandState, seat: int) -> np.ndarray:
        return allowed(self.card.tables, [(e.tile, e.size) for e in st.exposures[seat]])

    def _card_waits(self, st: HandState, seat: int) -> frozenset:
        """The seat's waits, cached by the hand's content (two hands a seat at most, the
        older one replaced): its counts and exposures compared as lists (the same
        exposures are the same objects: no tuple made, nothing hashed)."""
        hand = st.hands[seat]
        exposures = st.exposures[seat]
        kept = self._waits.get(seat)
        if kept is None:
            kept = self._waits[seat] = []
        for h, e, w in kept:
            if h == hand and e == exposures:
                return w
        w = self._compute_waits(st, seat)
        if len(kept) >= 2:
            del kept[0]
        kept.append((list(hand), list(exposures), w))
        return w

    def _compute_waits(self, st: HandState, seat: int) -> frozenset:
        """Tiles t such that the concealed hand plus t (and the exposures) makes a variant."""
        return card_waits(self.card.tables, st.hands[seat], [(e.tile, e.size) for e in st.exposures[seat]], self.joker)

    def _card_matches(self, st: HandState, seat: int):
        """The card's matches of the seat's hand, the last hand's kept (a win is checked,
        then described for the score: the same hand, matched once)."""
        hand = st.hands[seat]
        exposures = st.exposures[seat]
        kept = self._matched
        if kept is not None and kept[0] == hand and kept[1] == exposures:
            return kept[2]
        conc = np.asarray(hand, dtype=np.int16)
        exps = tuple(CardExposure(e.tile, e.size, e.jokers) for e in exposures)
        whole = Hand(conc, exps)
        ms = match_hand(self.card, whole) if whole.size == 14 else []
        self._matched = (list(hand), list(exposures), ms)
        return ms

    # -- patterns -------------------------------------------------------------------
    def _melds(self, st: HandState, seat: int) -> tuple[Meld, ...]:
        """The seat's exposures as the hand library's melds (remembered: a seat's
        exposures change a few times a hand, and every win question reads them)."""
        exps = tuple(st.exposures[seat])
        if not exps:
            return ()
        hit = self._meld_memo.get(exps)
        if hit is None:
            if len(self._meld_memo) >= 4096:
                self._meld_memo.clear()
            hit = self._meld_memo[exps] = self._to_melds(exps)
        return hit

    def _masks(self, st: HandState, seat: int) -> tuple[int, int]:
        """The tiles of the seat's concealed hand as a bit mask, and with its exposures'
        tiles: a special hand's matching counts the exposures (its parts join their
        tiles), a pattern of parts beside sets takes its parts from the concealed tiles."""
        present = present_mask(st.hands[seat])
        if not st.exposures[seat]:
            return present, present
        melds = self._melds(st, seat)  # remembered per exposures: the same tuple, so its mask too
        hit = self._exposed_masks.get(id(melds))
        if hit is None or hit[0] is not melds:
            if len(self._exposed_masks) >= 4096:
                self._exposed_masks.clear()
            hit = self._exposed_masks[id(melds)] = (melds, present_mask(exposed_counts(melds, self.auto.tiles)))
        return present, present | hit[1]

    @staticmethod
    def _to_melds(exps: tuple[Exposure, ...]) -> tuple[Meld, ...]:
        out = []
        for e in exps:
            if e.run:
                out.append(Meld("chow", min(e.run), False))
            elif e.size >= 4:
                out.append(Meld("kong", e.tile, e.concealed))
            elif e.size == 3:
                out.append(Meld("pung", e.tile, False))
            else:
                out.append(Meld("pair", e.tile, False))
        return tuple(out)

    def _shape_possible(self, hand: list[int], pairs: int) -> bool:
        """A necessary condition for sets-and-pairs: suit counts and honour counts."""
        twos = 0
        for idx in self._suits:
            r = (sum(hand[idx]) if isinstance(idx, slice) else sum(hand[i] for i in idx)) % 3
            if r == 1:
                return False
            if r == 2:
                twos += 1
        for i in self._honours:
            c = hand[i]
            if c == 2:
                twos += 1
            elif c == 1 or c == 4:
                return False
        return twos == pairs or pairs != 1 and twos <= pairs

    def _pattern_win(self, st: HandState, seat: int) -> str | None:
        """The first pattern the hand makes (sets-and-pairs shapes are tried first)."""
        hand = st.hands[seat]
        exposed = st.exposures[seat]
        hist = None
        melds = None
        tiles = self.auto.tiles
        present = whole = None
        for p, cap, forbid in self._plan:
            if p.name in self._mixed:
                # parts beside sets (a knitted straight): the tiles its parts need, as a bit
                # mask, rule most hands out before the hand library's search
                if p.concealed and exposed:
                    continue
                present = present_mask(hand) if present is None else present
                if not could_be_made(self._rejects[p.name], present):
                    continue
                hist = np.asarray(hand, dtype=np.int16) if hist is None else hist
                melds = self._melds(st, seat) if melds is None else melds
                if match_pattern(p.special, hist, melds, tiles):
                    return p.name
            elif p.special is not None:
                if cap is None:
                    continue
                present = present_mask(hand) if present is None else present
                if present & forbid:  # the hand holds a tile it never holds
                    continue
                if p.concealed and exposed and any(not e.concealed for e in exposed):
                    continue
                # the tiles it needs and may hold, binding by binding (a knitted hand's
                # suits): the exposures' tiles join the hand's when they may be part of it
                if exposed:
                    whole = self._masks(st, seat)[1] if whole is None else whole
                else:
                    whole = present = present_mask(hand) if present is None else present
                if not could_be_made(self._rejects[p.name], whole):
                    continue
                hist = np.asarray(hand, dtype=np.int16) if hist is None else hist
                melds = self._melds(st, seat) if melds is None else melds
                if self._special_win(p, cap, hist, melds, exposed):
                    return p.name
            elif p.sets is not None:
                if not self._shape_possible(hand, p.pairs):
                    continue
                melds = self._melds(st, seat) if melds is None else melds
                if self._sets_complete(hand, still_needed(melds, p.sets, p.pairs, p.max_chows)):
                    return p.name
        return None

    def _sets_complete(self, hand: list[int], need: tuple[int, int, int]) -> bool:
        """Whether the concealed counts ``hand`` make the sets, pairs and at most the
        chows still needed (``need``: ``decompose.still_needed`` of the exposures): the
        hand library's ``is_complete``, answered from what each group's splits use
        rather than from the splits. A group's splits (``decompose.split_group``, the
        same ones) are reduced once to the (pairs, chows) each uses, remembered by the
        group's counts (a :class:`~mjdsl.memo.Kept`: full, it starts again); the hand is
        complete when one choice per group adds up to the pairs needed within the
        chows allowed (the tile count then fixes the sets)."""
        sets, pairs, cap = need
        if sets < 0 or pairs < 0 or cap < 0:
            return False
        lay = self._layout
        total = sum(hand)
        for i in lay.bonus:  # (never part of a hand: dropped, as hand_counts does)
            total -= hand[i]
        if total != 3 * sets + 2 * pairs:
            return False
        for i in lay.strays:
            if hand[i]:
                return False
        chows = cap > 0
        reach = self._reach
        states = {(0, 0)}
        for g, group in enumerate(lay.groups):
            span = group.span
            counts = tuple(hand[span[0]:span[1]]) if span is not None else tuple(hand[i] for i in group.indices)
            if not any(counts):
                continue
            key = (pairs, chows, g, counts)
            uses = reach.get(key)
            if uses is None:
                uses = reach[key] = frozenset((dp, dc) for dp, dc, _ in split_group(group, counts, pairs, chows))
            states = {(p + dp, c + dc) for p, c in states for dp, dc in uses if p + dp <= pairs and c + dc <= cap}
            if not states:
                return False
        return any(p == pairs for p, _ in states)

    def _special_win(self, p: PatternSpec, cap: np.ndarray, hist: np.ndarray, melds: tuple[Meld, ...],
                     exposed: list[Exposure]) -> bool:
        """Is the hand the special hand ``p`` (``cap``: the most of each tile it holds)?"""
        if p.concealed and exposed and any(not e.concealed for e in exposed):
            return False
        return not (hist > cap).any() and match_pattern(p.special, hist, melds, self.auto.tiles)

    def wins_with(self, st: HandState, seat: int, tile: int, kinds: frozenset) -> bool:
        """Is the seat's hand a winning hand in which ``tile`` (held) is in a concealed
        set of one of ``kinds`` (``chow``, ``pung``, ``kong``, ``pair``), or a special
        hand? For a claim on a discard that only some sets may take (``claim chow ...
        from left``: a discard of another seat completes a pung or the pair)."""
        if self.card is not None:
            return self.is_win(st, seat, exact=True)
        hist = np.asarray(st.hands[seat], dtype=np.int16)
        melds = self._melds(st, seat)
        tiles = self.auto.tiles
        present, whole = self._masks(st, seat)
        for p, cap, _ in self._plan:
            if p.special is not None and not could_be_made(self._rejects[p.name],
                                                           present if p.name in self._mixed else whole):
                continue
            if p.name in self._mixed:
                # the tile may sit in the parts or in a set of the rest: any way the hand makes it
                if not (p.concealed and st.exposures[seat]) and match_pattern(p.special, hist, melds, tiles):
                    return True
            elif p.special is not None:
                if cap is not None and self._special_win(p, cap, hist, melds, st.exposures[seat]):
                    return True
            elif p.sets is not None:
                for sp in split_hand(hist, tiles, melds, sets=p.sets, pairs=p.pairs, max_chows=p.max_chows):
                    if any(m.kind in kinds and tile in meld_tiles(m, tiles) for m in sp.melds[sp.declared:]):
                        return True
        return False


def _pattern_tables(auto) -> tuple:
    """What the pattern questions read of an automaton, made once for all its games:
    (layout, copies, suits, honours, groups, caps, rejects, mixed, plan, and the memo of
    :meth:`WinRules._sets_complete`)."""
    lay = layout_of(auto.tiles)
    patterns = auto.winning.patterns
    # a special hand's completing tiles, searched with no tile's copies used up
    # (completes() asks of every tile alike)
    copies = [1 << 30] * auto.tiles.size
    # quick rejects: a hand of sets and pairs has, per suit, a count that is 0 or
    # 2 mod 3 (only the pair's suit 2); an honour is held 0, 2 or 3 times
    # each suit as the list positions of its tiles (a slice when they are contiguous)
    suits = [slice(*g.span) if g.span is not None else list(g.indices) for g in lay.groups if g.suit is not None]
    honours = tuple(i for g in lay.groups if g.suit is None for i in g.indices)
    # the groups whose residues the shape test reads: each suit, and each honour alone
    groups = [tuple(g.indices) for g in lay.groups if g.suit is not None] + [(i,) for i in honours]
    # each special hand compiled against the tile set
    specs = {p.name: compiled_pattern(p.special, auto.tiles) for p in patterns if p.special is not None}
    rejects = {name: spec.reject for name, spec in specs.items()}
    # the patterns of parts beside sets and pairs
    mixed = frozenset(p.name for p in patterns if p.special is not None and p.special.mixed)
    caps: dict = {}
    for p in patterns:
        if p.special is not None and not p.special.mixed:
            bindings = specs[p.name].bindings
            cap = [max(col) for col in zip(*(b.cap for b in bindings))] if bindings else None
            caps[p.name] = None if cap is None else (
                np.array(cap, dtype=np.int16), sum(1 << i for i, c in enumerate(cap) if c == 0))
    # (pattern, most of each tile it can hold, the tiles it can never hold as a bit mask): shapes first
    plan = [(p, *(caps.get(p.name) or (None, None))) for p in sorted(patterns, key=lambda p: p.special is not None)]
    return lay, copies, suits, honours, groups, caps, rejects, mixed, plan, Kept(_REACH_KEPT)


#: per automaton, :func:`_pattern_tables` (a game is a hand: its WinRules are made per hand)
_PATTERN_TABLES: ByObject[tuple] = ByObject()

#: the most groups' counts an automaton's :meth:`WinRules._sets_complete` remembers, then it
#: starts again (a suit's counts of a hand: a long run meets ever more of them)
_REACH_KEPT = 1 << 15


#: per automaton, whether a hand (concealed counts, exposures) is calling; at most
#: _CALLING_KEPT hands are kept, then the memo starts again. Its hits are the same hand
#: asked again within a turn or a replay, never a hand of long ago: 4,096 hands hold
#: all of those, where 65,536 held about 40 MB of hands never asked again (issue 12)
_CALLING: ByObject[dict] = ByObject()
_CALLING_KEPT = 1 << 12

#: a suit's part of the shape test by its count mod 3: (fails, pairs it holds)
_SUIT_PART = ((0, 0), (1, 0), (0, 1))


def _honour_part(c: int) -> tuple[int, int]:
    """An honour's part of the shape test held ``c`` times: (fails, pairs it holds)."""
    return (0, 1) if c == 2 else (1, 0) if c == 1 or c == 4 else (0, 0)
