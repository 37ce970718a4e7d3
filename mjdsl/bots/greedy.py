"""The greedy bot: plays toward the nearest winning hands.

With a card, "near" is the card's own distance: for every variant, how many tiles
the hand still lacks (jokers counted only where they may stand), from the compiled
card's tables. A discard or a pass keeps the most variants at the smallest
distance; a claim is made when the exposure belongs to the nearest hands and
brings them closer; a swap for a joker is always taken. Without a card (pattern
rulesets) it discards the tile with fewest neighbours (a simple heuristic) and
makes any claim the ruleset declares, under whatever name, that exposes the most
tiles without breaking a pair (:func:`_pattern_claim`). The bot never names a
claim: it reads each claim's size and shape from the automaton; and it chooses among
actions by their role (``engine.actions.ROLES``), making every declaration offered (a
joker swap, an announcement, a kong, any the ruleset's steps add). An abortive draw
it may declare (``abort ... by choice``) it takes when its hand is more than
:attr:`GreedyBot.abort_beyond` tiles from ready: the card's distance, or for a
pattern ruleset the block count of sets and pairs the style bots' judge makes.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from ..cards.distance import pack_bytes, packed, rack_distances, ruled_out, using_every
from ..engine import actions as ACT
from ..memo import ByObject
from .honest import without_false_mahjong

if TYPE_CHECKING:
    from ..engine.game import Game


class GreedyBot:
    name = "greedy"

    #: stop an optional Charleston round when the hand is this close to a card hand
    stop_at = 4
    #: declare an abortive draw offered when the hand is further than this from ready
    abort_beyond = 4

    def __init__(self) -> None:
        # the pass in progress of each hand this bot plays, kept by the hand's list of
        # actions and found by identity (the compiled build's state takes no weak
        # reference, mjdsl/native.py; the list is held, so no other hand's gets its
        # address): a bot playing several hands at once keeps each hand's plan, for the
        # last _PLANS_KEPT hands
        self._plans: list = []
        # the card of the automaton this bot last played, and a weak reference to the
        # automaton: found without the memo's lookup at every decision
        self._card: tuple[Any, _Card] | None = None

    def _card_of(self, game: Game) -> _Card:
        kept = self._card
        auto = game.auto
        if kept is not None and kept[0]() is auto:
            return kept[1]
        card = _card(game)
        self._card = (weakref.ref(auto), card)
        return card

    def choose(self, game: Game, seat: int, legal: list[int], rng) -> int:
        legal = without_false_mahjong(game, seat, legal)
        if len(legal) == 1:
            return legal[0]
        cat = game.catalogue
        roles = ACT.by_role(cat, legal)
        if ACT.WIN in roles:
            return roles[ACT.WIN][0]
        if ACT.GIVE_UP in roles and _distance(game, seat) > self.abort_beyond:
            return roles[ACT.GIVE_UP][0]
        if ACT.DECLARATION in roles:  # a swap, an announcement, a kong, whatever the ruleset adds
            return roles[ACT.DECLARATION][0]
        card = game.rules.card
        if card is None:
            return self._pattern_choice(game, seat, roles, legal, rng)
        view = _CardView(game, seat, self._card_of(game))
        if ACT.FORWARD in roles:
            return _with_arg(cat, roles[ACT.FORWARD], 0)
        if ACT.ANSWER in roles:
            return _with_arg(cat, roles[ACT.ANSWER], view.best() <= self.stop_at)
        if ACT.BID in roles:
            useless = view.useless()
            offers = [a for a in roles[ACT.BID] if cat[a].arg <= useless]
            return max(offers, key=lambda a: cat[a].arg) if offers else roles[ACT.BID][0]
        if ACT.TAKE in roles:
            pick = view.best_claim([cat[a] for a in roles[ACT.TAKE]])
            if pick is not None:
                return pick.id
        if ACT.DECLINE in roles and ACT.THROW not in roles and ACT.GIVE not in roles:
            return roles[ACT.DECLINE][0]
        if ACT.GIVE in roles:
            return _with_arg(cat, roles[ACT.GIVE], self._pass_tile(game, seat, view, roles[ACT.GIVE], rng))
        if ACT.THROW in roles:
            throws = ACT.throws_by_kind(cat, game.auto.tiles, roles[ACT.THROW])  # a red five kept
            return throws[view.worst_tile(list(throws), rng)]
        return legal[rng.randrange(len(legal))]

    def _pass_tile(self, game: Game, seat: int, view: _CardView, actions: list[int], rng) -> int:
        """The tiles of a pass are chosen together at the first pick, then handed out."""
        cat = game.catalogue
        st = game.st
        selected = _selected(game, seat)
        pending = st.pending[seat]
        plans = self._plans
        key = (seat, st.node, len(st.history) - len(selected))
        kept = next((k for hist, k in plans if hist is st.history), None)
        plan = kept[1] if kept is not None and kept[0] == key else None
        if plan is None:
            want = pending["count"] - (pending["blind"] or 0)
            plan = view.worst_tiles([cat[a].arg for a in actions], want, rng)
            # only the pass in progress is kept, per hand
            plans[:] = [p for p in plans if p[0] is not st.history][-_PLANS_KEPT + 1:] + [(st.history, (key, plan))]
        legal = {cat[a].arg for a in actions}
        t = plan[len(selected)] if len(selected) < len(plan) else None
        if t is not None and t in legal:
            return t
        return view.worst_tile(sorted(legal), rng, selected=selected)

    def _pattern_choice(self, game: Game, seat: int, roles: dict[str, list[int]], legal: list[int], rng) -> int:
        cat = game.catalogue
        if ACT.TAKE in roles:
            pick = _pattern_claim(game, seat, roles[ACT.TAKE])
            if pick is not None:
                return pick
        if ACT.THROW in roles:
            hand = game.st.hands[seat]
            tiles = game.auto.tiles

            def neighbours(t: int) -> int:
                k = tiles.kinds[t]
                n = 3 * (hand[t] - 1)
                if k.suit is not None:
                    for d in (-2, -1, 1, 2):
                        o = tiles.suited(k.suit, k.rank + d)
                        if o is not None and hand[o.index]:
                            n += 3 - abs(d)
                return n

            throws = ACT.throws_by_kind(cat, tiles, roles[ACT.THROW])  # by kind, a red five kept
            options = list(throws)
            lowest = min(neighbours(t) for t in options)
            worst = [t for t in options if neighbours(t) == lowest]
            return throws[worst[rng.randrange(len(worst))]]
        if ACT.DECLINE in roles:
            return roles[ACT.DECLINE][0]
        return legal[rng.randrange(len(legal))]


#: per automaton, the judge of sets and pairs that measures a pattern ruleset's hands
_PATTERN_JUDGES: ByObject = ByObject()


def _distance(game: Game, seat: int) -> int:
    """How many tiles the seat's hand is from ready, by the greedy bot's own measure."""
    if game.rules.card is not None:
        return _CardView(game, seat, _card(game)).best()
    from .engine import _meld
    from .judge import PatternJudge

    judge = _PATTERN_JUDGES.setdefault(game.auto, lambda: PatternJudge(game.auto, None))
    rack = np.asarray(game.st.hands[seat], dtype=np.int16)
    return int(judge.distance_of(rack, tuple(_meld(e) for e in game.st.exposures[seat])))


def _with_arg(cat, actions: list[int], arg) -> int:
    """The one of ``actions`` (a role's, all of one family) whose argument is ``arg``."""
    return next(a for a in actions if cat[a].arg == arg)


def _pattern_claim(game: Game, seat: int, claims: list[int]) -> int | None:
    """The claim to make of those offered, whatever the ruleset names them: the one
    that exposes the most tiles, sets of alike tiles before runs, and a run only if it
    breaks no pair or set of the hand (every tile it takes is held once)."""
    cat = game.catalogue
    hand = game.st.hands[seat]
    best = None
    for a in claims:
        name, form = cat[a].arg
        spec = game.auto.claim(name)
        if spec is None or spec.size is None:
            continue
        if spec.shape == "run":
            tile = game.st.last_discard[1] if game.st.last_discard else None
            run = _run_tiles(game.auto.tiles, tile, form, spec.size) if tile is not None else None
            if run is None or any(hand[t] != 1 for t in run if t != tile):
                continue
        key = (spec.size, spec.shape != "run", -form)
        if best is None or key > best[0]:
            best = (key, a)
    return best[1] if best else None


def _run_tiles(tiles, tile: int, pos: int, size: int) -> list[int] | None:
    """The tiles of the run of ``size`` in which ``tile`` stands at ``pos``."""
    k = tiles.kinds[tile]
    out = [tiles.suited(k.suit, r) for r in range(k.rank - pos, k.rank - pos + size)] if k.suit else [None]
    run = [x.index for x in out if x is not None]
    return run if len(run) == len(out) else None


def _selected(game: Game, seat: int) -> list[int]:
    p = game.st.pending.get(seat)
    return list(p["sel"]) if p and "sel" in p else []


#: per automaton, its card as greedy reads it (:class:`_Card`: the tables' rows, each
#: seat's last measured rack): answers of its card's tables alone (keyed by the automaton,
#: which the tables outlive in the card cache: the compiled build's game and WinRules take
#: no weak reference, mjdsl/native.py)
_DIST_CACHE: ByObject[_Card] = ByObject()

#: the hands whose Charleston pass a greedy bot keeps planned at once
_PLANS_KEPT: Final = 8


#: each distance as a one-character string (the distances are read as a string of them)
_CHARS = [chr(k) for k in range(128)]


def _text(x: int, size: int) -> str:
    """Packed distances (a byte a variant) as a string, a character a variant: searched by
    ``str.find``, which the compiled build calls directly (``bytes.find`` parses its
    arguments at every call; every distance is under 128, so latin-1 keeps each byte)."""
    return x.to_bytes(size, "little").decode("latin-1")


def _least(xs: str) -> int:
    """The smallest distance of ``xs`` (:func:`cards.distance.least` of the bytes)."""
    for k in range(128):
        if _CHARS[k] in xs:
            return k
    raise ValueError("no distance under 128")


def _at(xs: str, k: int) -> list[int]:
    """The variants whose distance in ``xs`` is ``k``: a search in C a variant, and there
    are few at the least distance (most often one to three)."""
    c = _CHARS[k]
    out = []
    i = xs.find(c)
    while i >= 0:
        out.append(i)
        i = xs.find(c, i + 1)
    return out


def _loss_keys(needs: list[list[int]], xs: str, m: int, filled: list[int], cand: list[int]) -> list[tuple[int, int]]:
    """Per tile of ``cand`` whose copy goes, the hand's key after the loss: (the least
    distance, minus how many variants are at it), given the distances ``xs`` (a character a
    variant, :func:`_text`) and their least ``m``. Losing a copy costs a variant a step if every copy held
    is one it uses (``need >= filled``: :func:`cards.distance.using_every`), so only the
    variants at ``m`` and at ``m + 1`` can be the nearest after it; they are read one by
    one, where counting them as packed bytes took a bit count of the whole card a tile."""
    at_m = _at(xs, m)
    n_m = len(at_m)
    keys = []
    next_m: list[int] | None = None
    for t in cand:
        c = filled[t]
        kept = n_m - _using_every(needs, at_m, t, c)  # still at m after the loss
        if kept:
            keys.append((m, -kept))
            continue
        if next_m is None:
            next_m = _at(xs, m + 1)
        stay = len(next_m) - _using_every(needs, next_m, t, c)  # at m + 1 before and after
        keys.append((m + 1, -(n_m + stay)))
    return keys


def _using_every(needs: list[list[int]], variants: list[int], t: int, c: int) -> int:
    """How many of ``variants`` use every one of the ``c`` copies of ``t`` held."""
    n = 0
    for v in variants:
        if needs[v][t] >= c:
            n += 1
    return n


class _Card:
    """One automaton's card as greedy reads it, fetched once a decision: the tables' packed
    rows (:func:`cards.distance.packed`), each variant's need of every tile as lists (the loss
    keys read the rows of the few variants at the least distance), the variants an exposure
    of each group may join, and what each seat last measured: the last rack (any rack: its
    hand, a pass's rest, a call's result), whose packed sums the next rack's are moved from
    (a tile or two differ from one decision to the next); the distances of its hand as it
    last stood; its exposures' ruled-out rows. A game's seat, or another game's of the same
    automaton (two games may be played at once, on two threads: the club's regulars): each is
    kept as one tuple, replaced whole and read once, so a question reads a rack with its own
    sums, and what is kept is compared, never assumed."""

    def __init__(self, tables) -> None:
        self.tables = tables
        self.size: int = tables.size
        self.packed = packed(tables)
        #: the sums as one integer, moved from a seat's last rack (every shipped card's)
        self.moving: bool = self.packed.nibbles
        self.needs: list[list[int]] = tables.need.tolist()
        self._joins: list[int] | None = None
        #: by seat: the last rack measured, with the exposures' tiles, and its packed sums
        self.racks: dict[int, tuple[list[int], list[int], int]] = {}
        #: by seat: its hand (rack, jokers, exposures) and the distances of it
        self.hands: dict[int, tuple[list[int], int, tuple, tuple[int, int, str]]] = {}
        #: by seat: its exposures and their ruled_out rows
        self.ruled: dict[int, tuple[tuple, tuple[int, int]]] = {}
        #: the automaton's claims by name (``Automaton.claim``), as they are asked
        self.claims: dict[str, Any] = {}

    def claim(self, game: Game, name: str) -> Any:
        if name not in self.claims:
            self.claims[name] = game.auto.claim(name)
        return self.claims[name]

    def joins(self) -> list[int]:
        """For each group, the variants an exposure of it may join (not a concealed line, the
        group among the line's), packed a byte each; made at the first call asked."""
        if self._joins is None:
            tables = self.tables
            open_lines = ~tables.concealed
            self._joins = [pack_bytes(open_lines & (tables.group_counts[:, j] >= 1))
                           for j in range(tables.group_counts.shape[1])]
        return self._joins

    def distances(self, seat: int, rack: list[int], filled: list[int], jokers: int) -> int:
        """:func:`cards.distance.rack_distances` of a rack of the seat (exposures aside): its
        packed sums moved from the seat's last rack's, then kept as the seat's last (the
        lists are kept: the caller does not change them after)."""
        if not self.moving:
            return rack_distances(self.tables, filled, rack, jokers)
        packed = self.packed
        last = self.racks.get(seat)
        if last is None:
            ab = packed.both_sums(filled, rack)
        else:
            ab = packed.both_moved(last[2], last[1], last[0], filled, rack)
        self.racks[seat] = (rack, filled, ab)
        return packed.both_distance(ab, jokers)


def _card(game: Game) -> _Card:
    return _DIST_CACHE.setdefault(game.auto, lambda: _Card(game.rules.card.tables))


class _CardView:
    """A seat's distance to every variant of the card, and what moves keep it small.

    A distance is a byte a variant (``cards.distance.rack_distances``): greedy asks of it
    the least, how many variants are at it and which are within a few tiles, a handful
    of integer operations and byte searches each, where numpy's fixed cost on arrays of
    a few hundred variants was most of a decision (docs/performance.md)."""

    def __init__(self, game: Game, seat: int, card: _Card):
        self.game = game
        self.seat = seat
        rules = game.rules
        self.rules = rules
        self.card = card
        st = game.st
        self.joker = rules.joker
        rack = list(st.hands[seat])
        self.jokers = rack[self.joker] if self.joker is not None else 0
        if self.joker is not None:
            rack[self.joker] = 0
        self.rack = rack
        filled = list(rack)
        exposures = st.exposures[seat]
        for e in exposures:
            filled[e.tile] += e.size
        self.filled = filled
        self.exposed = bool(exposures)
        #: the exposures as (tile, size): all the distances read of them
        self.shown = tuple([(e.tile, e.size) for e in exposures]) if exposures else ()

    def _distance(self, rack: list[int], filled: list[int], jokers: int) -> tuple[int, int, str]:
        """Tiles still to come for every variant (the card library's one formula,
        :func:`mjdsl.cards.distance.distances`), packed a byte a variant, :data:`FAR`
        where ruled out; the least of them; and them as a string (:func:`_text`)."""
        x = self.card.distances(self.seat, rack, filled, jokers)
        if self.exposed:  # (no exposures: every variant is open)
            keep, far = self._ruled_out()
            x = (x & keep) | far
        xs = _text(x, self.card.size)
        return x, _least(xs), xs

    def distances(self) -> tuple[int, int, str]:
        """The seat's distances as it stands, and the least (kept for its hand as it last
        stood: a seat is asked about many discards between two of its turns, its hand
        unchanged)."""
        hands = self.card.hands
        kept = hands.get(self.seat)
        if kept is not None and kept[0] == self.rack and kept[1] == self.jokers and kept[2] == self.shown:
            return kept[3]
        dist = self._distance(self.rack, self.filled, self.jokers)
        hands[self.seat] = (self.rack, self.jokers, self.shown, dist)
        return dist

    def best(self) -> int:
        return self.distances()[1]

    def useless(self) -> int:
        x = self.distances()[0]
        v = int(np.frombuffer(x.to_bytes(self.card.size, "little"), np.uint8).argmin())
        return sum(max(f - n, 0) for f, n in zip(self.filled, self.rules.need[v].tolist()))

    def _losses(self, base: tuple[int, int, str], filled: list[int], cand: list[int]) -> list[tuple[int, int]]:
        """For each tile of ``cand``, the hand after losing a copy of it: (the least
        distance, minus how many variants are at it). Losing a tile costs a variant a step
        if every copy held is one it uses (``filled <= need``), so only the variants at
        the least distance ``m`` and at ``m + 1`` can be the nearest after it."""
        return _loss_keys(self.card.needs, base[2], base[1], filled, cand)

    def worst_tile(self, tiles: list[int], rng, selected: list[int] | tuple = ()) -> int:
        """The tile whose loss keeps the most variants nearest."""
        rack = list(self.rack)
        filled = list(self.filled)
        for t in selected:
            if t != self.joker:
                rack[t] -= 1
                filled[t] -= 1
        cand = [t for t in tiles if t != self.joker]
        if not cand:
            return tiles[rng.randrange(len(tiles))]
        base = self._distance(rack, filled, self.jokers) if selected else self.distances()
        keys = self._losses(base, filled, cand)
        best_key = min(keys)
        best = [t for t, k in zip(cand, keys) if k == best_key]
        return best[rng.randrange(len(best))]

    def worst_tiles(self, tiles: list[int], n: int, rng) -> list[int]:
        """``n`` tiles to give away together: the worst, then the worst of the rest...

        One measurement for the three: the seat's distances, moved after each pick by the
        chosen tile's row of the variants that used every copy held (``using_every``),
        whose least is the pick's key (the keys of :meth:`_losses`, the same choices)."""
        cand = [t for t in tiles if t != self.joker]
        counts = {t: 0 for t in cand}
        for t in tiles:
            if t != self.joker:
                counts[t] = self.rack[t]
        card = self.card
        needs = card.needs
        x, m, xs = self.distances()
        filled = list(self.filled)
        out: list[int] = []
        for _ in range(n):
            options = [t for t in cand if counts[t] > 0]
            if not options:
                break
            keys = _loss_keys(needs, xs, m, filled, options)
            best_key = min(keys)
            best = [i for i, k in enumerate(keys) if k == best_key]
            t = options[best[rng.randrange(len(best))]]
            out.append(t)
            if len(out) == n:  # (the last pick: nothing reads the distances after it)
                break
            # the variants that used every copy of it a step further; the least is the key's
            x += using_every(card.tables, filled, [t])[0]
            xs = _text(x, card.size)
            m = best_key[0]
            filled[t] -= 1
            counts[t] -= 1
        return out

    def _claimable(self, j: int) -> int:
        """The variants an exposure of group ``j`` may join beside the seat's own, packed a
        byte each: the card's row of the group (no concealed line), made once per card,
        less the variants the seat's exposures rule out."""
        row = self.card.joins()[j]
        if self.exposed:
            row &= self._ruled_out()[0]
        return row

    def _ruled_out(self) -> tuple[int, int]:
        """:func:`cards.distance.ruled_out` of the seat's exposures, packed a byte a variant:
        (255 where a variant is still open, else 0; FAR where they rule it out, else 0)."""
        ruled = self.card.ruled
        kept = ruled.get(self.seat)
        if kept is not None and kept[0] == self.shown:
            return kept[1]
        rows = ruled_out(self.card.tables, self.shown)
        ruled[self.seat] = (self.shown, rows)
        return rows

    def best_claim(self, claims: list) -> Any:
        """The claim that brings the nearest variants closer, fewest jokers first."""
        st = self.game.st
        ld = st.last_discard
        if ld is None:
            return None
        tile = ld[1]
        rules = self.rules
        card = self.card
        packed = card.packed
        now = None
        for a in sorted(claims, key=lambda a: a.arg[1]):
            name, jokers_used = a.arg
            spec = card.claim(self.game, name)
            if spec is None or spec.shape != "same":
                continue
            j = rules.group_index.get((tile, spec.size))
            if j is None:  # no hand on the card has this group
                continue
            if now is None:
                dist, now, _ = self.distances()
            within = self._claimable(j)
            if not packed.reaches(dist, now + jokers_used, within):
                # a call adds one tile and moves jokers from the rack to the exposure: no
                # variant comes more than 1 + jokers steps closer (docs/performance.md)
                continue
            rack = list(self.rack)
            rack[tile] -= spec.size - 1 - jokers_used
            filled = list(self.filled)
            filled[tile] += jokers_used + 1
            after = card.distances(self.seat, rack, filled, self.jokers - jokers_used)
            # the claimed tile is one fewer to draw: take the first form that brings a hand closer
            if packed.reaches(after, now - 1, within):
                return a
        return None
