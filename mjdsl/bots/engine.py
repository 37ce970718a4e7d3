"""The generic bot engine: one player for every ruleset, steered by a style file.

:class:`StyleBot` picks among the legal actions it is offered by role (discard,
pass, blind, vote, offer, claim, declaration, mah jongg, an abortive draw:
``engine.actions.ROLES``),
never by a claim's, an announcement's or a variant's name; a declaration it has no
judgement for (an announcement, or one a ruleset's steps add) it makes when offered: what a claim makes is read from
its spec in the automaton (its size and shape). Every choice is the same question
asked of a judge (``judge.py``): what is the hand worth after this move? The style
decides how worth is counted, how eagerly calls are made, how much a discard that
could feed another seat's win costs (reading their exposures and discards), the
Charleston plan, joker swaps, and the newcomer's mistakes it makes.

A bot sees the game as its seat may: its own rack and exposures, everything on the
table (exposures, discards), never another seat's rack or the wall.
"""

from __future__ import annotations

import attrs
import numpy as np

from ..cards.hands import Exposure
from ..engine import actions as ACT
from ..engine.game import Game
from ..engine.state import Exposure as SetExposure, HandState
from ..hands import Meld
from .judge import CardJudge, PatternJudge, meld_of
from .honest import without_false_mahjong
from .soft import in_c

class StyleBot:
    """A bot that plays a :class:`~mjdsl.bots.style.Style`."""

    def __init__(self, style):
        self.style = style
        self.name = style.key
        self._judges: dict = {}
        self._plan: tuple = ((), ())

    def forget(self) -> None:
        """Drop a pass planned earlier: the next choice depends on the game alone."""
        self._plan = ((), ())

    # -- the one entry point ------------------------------------------------------------
    def choose(self, game: Game, seat: int, legal: list[int], rng) -> int:
        cat = game.catalogue
        legal = without_false_mahjong(game, seat, legal)  # a regular knows her own hand
        roles = ACT.by_role(cat, legal)
        if ACT.WIN in roles:
            return roles[ACT.WIN][0]
        if not roles:  # only families without a role: nothing to judge them by
            return legal[0]
        if ACT.GIVE in roles and len(roles) == 1:  # a pass (its tiles planned at the first pick: no view)
            return self._pass(game, seat, roles[ACT.GIVE], rng)
        view = _View(game, seat, self._judge(game))
        st = self.style
        # an abortive draw it may declare (nine terminals): taken when the hand is far
        # from any win by the judge's measure, as far as the style says
        if ACT.GIVE_UP in roles and view.distance_now() > st.abort_beyond:
            return roles[ACT.GIVE_UP][0]
        # the declarations the judge can weigh (a swap, a kong), and those it takes as
        # they come (an announcement, or any declaration a ruleset's steps add)
        declared = roles.get(ACT.DECLARATION, [])
        swaps = [a for a in declared if cat[a].family == ACT.SWAP]
        if swaps:
            pick = self._swap(view, swaps, rng)
            if pick is not None:
                return pick
        others = [a for a in declared if cat[a].family not in (ACT.SWAP, ACT.KONG_CONCEALED, ACT.KONG_ADDED)]
        if others:
            return others[0]
        for f in (ACT.KONG_CONCEALED, ACT.KONG_ADDED):
            kongs = [a for a in declared if cat[a].family == f]
            if kongs:
                pick = self._kong(view, kongs, f)
                if pick is not None:
                    return pick
        if ACT.FORWARD in roles:
            return self._blind(view, roles[ACT.FORWARD])
        if ACT.ANSWER in roles:
            stop = st.stop_at > 0 and view.distance_now() <= st.stop_at
            return next(a for a in roles[ACT.ANSWER] if cat[a].arg == bool(stop))
        if ACT.BID in roles:
            spare = min(view.spare(), st.courtesy)
            offers = [a for a in roles[ACT.BID] if cat[a].arg <= spare]
            return max(offers, key=lambda a: cat[a].arg) if offers else min(roles[ACT.BID], key=lambda a: cat[a].arg)
        if ACT.GIVE in roles:
            return self._pass(game, seat, roles[ACT.GIVE], rng)
        if ACT.TAKE in roles:
            pick = self._claim(view, roles[ACT.TAKE], rng)
            if pick is not None:
                return pick
        if ACT.THROW in roles:
            return self._discard(view, roles[ACT.THROW], rng)
        if ACT.DECLINE in roles:
            return roles[ACT.DECLINE][0]
        known = [a for a in legal if cat[a].role is not None]
        return known[rng.randrange(len(known))]

    def _judge(self, game: Game, charleston: bool = False):
        """The judge of this automaton (with ``charleston``, the one the passes are chosen
        by: the style's ``pass_spread`` for its spread)."""
        auto = game.auto
        kept = self._judges.get((id(auto), charleston))
        if kept is not None and kept[0] is auto:  # the same automaton, not a later one at its address
            return kept[1]
        style = self.style
        if charleston and style.pass_spread is not None:
            style = attrs.evolve(style, spread=style.pass_spread)
        card = auto.winning.card
        j = CardJudge(card, auto.tiles, style) if card is not None else PatternJudge(auto, style)
        self._judges = {k: v for k, v in self._judges.items() if v[0] is auto}
        self._judges[(id(auto), charleston)] = (auto, j)
        return j

    def _mistake(self, kind: str, rng) -> bool:
        st = self.style
        return kind in st.mistakes and rng.random() < st.mistake_rate / max(len(st.mistakes), 1)

    # -- the moves ----------------------------------------------------------------------
    def _discard(self, view: _View, actions, rng) -> int:
        cat = view.game.catalogue
        throws = ACT.throws_by_kind(cat, view.game.auto.tiles, actions)  # chosen by kind, a red five kept
        tiles = list(throws)
        joker = view.joker
        if joker in tiles and self._mistake("discard_joker", rng):
            return throws[joker]
        cand = [t for t in tiles if t != joker] or tiles
        if len(cand) > 1 and self._mistake("discard_needed", rng):
            return throws[cand[rng.randrange(len(cand))]]
        st = self.style
        if st.lookahead <= 0 and st.safety <= 0 and st.deny <= 0:  # the worths alone: no array made
            return throws[_best(cand, view.worth_values(cand), rng)]
        worth = view.worth_without(cand)
        if self.style.lookahead > 0 and len(cand) > 1:
            cand, worth = view.looking_ahead(cand, worth, self.style.lookahead, self.style.look_at)
        danger = view.danger(cand) if self.style.safety > 0 else None
        if danger is not None:
            weight = self.style.safety
            if view.distance_now() > self.style.fold_at:
                weight *= self.style.fold
            worth = worth - weight * danger
        if self.style.deny > 0:  # the seat nearest to winning is not fed
            worth = worth - self.style.deny * view.danger_from_nearest(cand, self.style.deny_shown)
        return throws[_best(cand, worth, rng)]

    def _pass(self, game: Game, seat: int, actions, rng) -> int:
        """The tiles of a pass are chosen together at the first pick, then handed out (the
        hands weighed with the style's ``pass_spread`` where it has one: the passes' judge)."""
        cat = game.catalogue
        legal = [cat[a].arg for a in actions]
        st: HandState = game.st
        p = st.pending.get(seat)
        chosen = list(p["sel"]) if p and "sel" in p else []
        # the pass in progress (its tiles leave the hand only when everyone has chosen)
        key = (seat, st.node, len(st.history) - len(chosen), tuple(st.hands[seat]))
        view = None
        if self._plan[0] != key:
            view = self._pass_view(game, seat)
            want = view.pending()["count"] - (view.pending()["blind"] or 0)
            self._plan = (key, tuple(view.worst(want, legal, rng)))
        plan = self._plan[1]
        t = plan[len(chosen)] if len(chosen) < len(plan) else None
        if t in legal:
            return cat.id(ACT.PASS_TILE, t)
        return cat.id(ACT.PASS_TILE, (view or self._pass_view(game, seat)).worst(1, legal, rng)[0])

    def _pass_view(self, game: Game, seat: int) -> _View:
        """The seat's view, judged as the style weighs its passes."""
        return _View(game, seat, self._judge(game, charleston=self.style.pass_spread is not None))

    def _blind(self, view: _View, actions) -> int:
        """Forward blind the tiles the hand cannot spare, up to the style's plan."""
        cat = view.game.catalogue
        count = view.pending()["count"]
        k = max(0, min(self.style.blind, count - view.spare()))
        options = [a for a in actions if cat[a].arg <= k]
        return max(options, key=lambda a: cat[a].arg) if options else min(actions, key=lambda a: cat[a].arg)

    def _swap(self, view: _View, actions, rng) -> int | None:
        mode = self.style.swap
        if mode == "never" or self._mistake("miss_swap", rng):
            return None
        cat = view.game.catalogue
        if mode == "always":
            return actions[0]
        now = view.worth_now()
        best, gain = None, -1e9
        for a in actions:
            w = view.worth_after_swap(cat[a].arg)
            if w - now > gain:
                best, gain = a, w - now
        return best if gain >= 0 else None

    def _kong(self, view: _View, actions, family) -> int | None:
        cat = view.game.catalogue
        now = view.worth_now()
        for a in actions:
            if view.worth_after_kong(cat[a].arg, family) >= now:
                return a
        return None

    def _claim(self, view: _View, actions, rng) -> int | None:
        """The call that brings the hand closest, fewest jokers first (with the style's
        ``call_gain``, the call worth most after it, if it gains that much), when the style
        would make it (its eagerness, how close it must then be)."""
        st = self.style
        ld = view.game.st.last_discard
        if ld is None:
            return None
        tile = ld[1]
        cat = view.game.catalogue
        forms = []
        for a in sorted(actions, key=lambda a: cat[a].arg[1]):
            name, form = cat[a].arg
            spec = view.game.auto.claim(name)
            if spec is None or spec.size is None or (spec.shape != "run" and form > st.call_jokers):
                continue
            forms.append((a, spec, form))
        if not forms:
            return None
        now = view.distance_now()
        best: tuple | None = None
        if st.call_gain is not None:  # judged by what it gains: the worth after it and its discard
            after = view.distances_after_claims(tile, [(spec, form) for _, spec, form in forms])
            least = view.worth_now() + st.call_gain
            for (a, spec, form), d in zip(forms, after):
                if d is None or d > st.within:
                    continue
                w = view.worth_after_claim(spec, tile, form)
                if w >= least and (best is None or w > best[0]):  # fewest jokers first at equal worth
                    best = (w, a)
        else:  # the form that brings the hand closest, fewest jokers first
            for a, spec, form in forms:
                if view.card and spec.shape != "run" and not view.judge.may_come_closer(
                        view.rack, view.exposures, tile, spec.size, form):
                    continue  # it cannot bring the hand under its distance now: not worked out
                d = view.distances_after_claims(tile, [(spec, form)])[0]
                if d is None or d >= now or d > st.within:
                    continue
                if best is None or d < best[0]:
                    best = (d, a)
        if best is None:
            return None
        if rng.random() >= st.eagerness or self._mistake("miss_call", rng):
            return None
        return best[1]


def _best(cand: list[int], worth: np.ndarray | list[float], rng) -> int:
    """The candidate of highest worth (ties broken by ``rng``)."""
    values: list[float] = worth if isinstance(worth, list) else worth.tolist()
    top = max(values)
    best = [t for t, w in zip(cand, values) if w >= top - 1e-9]
    return best[rng.randrange(len(best))]


class _View:
    """What one seat may see, and the judge's answers about its hand."""

    def __init__(self, game: Game, seat: int, judge):
        self.game = game
        self.seat = seat
        self.judge = judge
        st: HandState = game.st
        auto = game.auto
        self.joker: int | None = auto.jokers.tile if auto.jokers else None
        self.rack = np.asarray(st.hands[seat], dtype=np.int16)
        self.card = isinstance(judge, CardJudge)
        #: its exposures as the judge reads them: the card's (Exposure) or the sets' (Meld)
        self.exposures: tuple = (tuple(Exposure(e.tile, e.size, e.jokers) for e in st.exposures[seat]) if self.card
                                 else tuple(_meld(e) for e in st.exposures[seat]))
        self._now: int | None = None
        self._dead: np.ndarray | None = None
        self._limits: bytes | None = None  # (judge.dead_limits, once read: _limited)
        self._limited = False
        self._rack_list: list[int] | None = None
        self._seen: np.ndarray | None = None
        self._live: np.ndarray | None = None
        self._released: np.ndarray | None = None
        self._counted: tuple[list[int], list[int]] | None = None  # (seen, live) as lists: _counts

    # -- what the table shows -------------------------------------------------------------
    def seen(self) -> np.ndarray:
        """Natural tiles in sight that are not this seat's: every discard and exposure
        (worked out once a view; read-only)."""
        seen = self._seen
        if seen is None:
            seen = self._seen = np.array(self._counts()[0], dtype=np.int16)
            seen.setflags(write=False)
        return seen

    def live(self) -> np.ndarray:
        """(T,) the copies of each tile this seat has not seen: not in its hand, its
        exposures, any discard or another seat's exposure (jokers counted the same way)."""
        live = self._live
        if live is None:
            live = self._live = np.array(self._counts()[1], dtype=np.int16)
        return live

    def _counts(self) -> tuple[list[int], list[int]]:
        """:meth:`seen` and :meth:`live` as lists, counted together once a view (the C
        questions and the dead-line limits read lists: no array made for them)."""
        counted = self._counted
        if counted is None:
            st: HandState = self.game.st  # (typed: the compiled state's lists read directly)
            joker = self.joker
            held = self._held()
            seen = [0] * len(held)
            gone = [0] * len(held)  # (besides the seen and held: the seat's own exposed naturals, jokers)
            for s in range(self.game.n):
                for t in st.discards[s]:
                    seen[t] += 1
                e: SetExposure
                for e in st.exposures[s]:
                    if s != self.seat:
                        for t in e.tiles(joker):
                            seen[t] += 1
                    else:
                        gone[e.tile] += e.size - e.jokers
                    if joker is not None:
                        gone[joker] += e.jokers
            if joker is not None:
                seen[joker] = 0
                gone[joker] += sum(st.discards[s].count(joker) for s in range(self.game.n))
            copies: list[int] = self.judge.copies_list if self.card else [k.copies for k in self.game.auto.tiles.kinds]
            live = [0] * len(held)
            for t in range(len(held)):
                left = copies[t] - (seen[t] + held[t] + gone[t])
                if left > 0:
                    live[t] = left
            counted = self._counted = (seen, live)
        return counted

    def _held(self) -> list[int]:
        """The rack as a list (read once a view)."""
        held = self._rack_list
        if held is None:
            held = self._rack_list = self.rack.tolist()
        return held

    def released(self) -> np.ndarray:
        """(T,) :meth:`live`, each tile's copies counted as many more or fewer as the other
        seats are likely to let it go, to the style's ``release`` power: a copy in the wall
        or another rack comes to this seat by its own draw, or by a discard it may call (a
        pung's tile, the last tile) if the seat holding it has no use for it. A seat's use
        is the share of its likely hands that need the tile (``CardJudge.wanted``, read
        from its exposures and discards); the factors are scaled to a mean of 1 over the
        live tiles, a joker's left alone (no one throws a joker to be called), and a tile
        with a copy live keeps at least one."""
        if self._released is None:
            live = self.live()
            j = self.judge
            if not (self.card and j.release):
                self._released = live
                return live
            kept = np.zeros(len(live))
            others = 0
            for s in range(self.game.n):
                if s == self.seat:
                    continue
                kept += self._card_wanted(s)
                others += 1
            let_go = (1.0 + others - kept) / (1.0 + others)  # (its own draws come whatever the others need)
            tiles = live > 0
            if self.joker is not None:
                tiles[self.joker] = False
            mean = float(let_go[tiles].mean()) if tiles.any() else 1.0
            factor = (let_go / max(mean, 1e-9)) ** j.release
            if self.joker is not None:
                factor[self.joker] = 1.0
            out = np.rint(live * factor).astype(live.dtype)
            self._released = np.where(live > 0, np.maximum(out, 1), 0).astype(live.dtype)
        return self._released

    def _live_counts(self) -> np.ndarray | list[int]:
        """:meth:`released` as the C questions read it: the live counts' list where the style
        counts no release (the same counts, no array made)."""
        if self.card and self.judge.release:
            return self.released()
        return self._counts()[1]

    def draws_left(self) -> int:
        """The draws this seat may still expect: its share of the live wall."""
        st: HandState = self.game.st
        return -(-max(st.live_left(), 0) // max(self.game.n, 1))

    def pending(self) -> dict:
        return self.game.st.pending[self.seat]

    def selected(self) -> list[int]:
        p = self.game.st.pending.get(self.seat)
        return list(p["sel"]) if p and "sel" in p else []

    # -- the judge's answers ----------------------------------------------------------------
    def _worth(self, racks: np.ndarray | None, exposures=None, less: tuple | None = None) -> np.ndarray:
        """(N,) the worth of ``racks``; or with ``less``, a (rack, tiles) pair, of that rack
        less one of each tile (the card's judge measures them from the rack: the racks
        themselves are spelled out only where they are read); a third item, tiles gone from
        the rack before each of those (a pass chosen so far: the rack is packed once)."""
        exposures = self.exposures if exposures is None else exposures
        if racks is None and (not self.card or self.judge.ways):  # the racks are read
            assert less is not None
            racks = self._without(less[1], _less_gone(less))
        if self.card:
            j = self.judge
            self._read_limits()
            if less is not None and j.summed:  # the commonest question, in C (bots/soft.py)
                got = self._summed_worths(less, exposures)
                if got is not None:
                    return np.array(got)
            live = self.released() if j.live or j.ways or j.chance else None
            if self._dead is None and j.read_table:
                self._dead = j.dead_rows(self._limits)
            d, short, lacking = j.measure(racks, exposures, live, covered=bool(j.naturals), less=less)
            if j.chance and live is not None and short is not None and lacking is not None:
                return j.worth_by_chance(d, short, lacking, live, self.draws_left(), self._dead)
            slow = j.slowness_of(d, short, lacking, live) if j.live and live is not None else None
            worth = j.worth(d, self._dead, None, slow, short)
            if j.ways and live is not None and short is not None:
                # each doubling of the tiles that bring a nearest hand closer: `ways` tiles
                ways = j.improving(racks, exposures, d, short, self._dead, live)
                worth = worth + j.ways * np.log2(np.maximum(ways, 1.0))
            return worth
        return self.judge.worth(racks, exposures)

    def _summed_worths(self, less: tuple, exposures) -> list[float] | None:
        """:meth:`_worth` of a ``less`` by the card's judge in C (``CardJudge.worths_without``),
        as its list; None where it does not answer. (The caller has read the limits.)"""
        j = self.judge
        return j.worths_without(less[0], less[1], exposures, less[2] if len(less) > 2 else None,
                                self._live_counts() if j.live else None, self._limits)

    def worth_values(self, tiles: list[int]) -> list[float]:
        """:meth:`worth_without` of the rack as a list of floats (the C module's as it comes)."""
        if self.card and self.judge.summed:
            self._read_limits()
            got = self._summed_worths((self.rack, tiles), self.exposures)
            if got is not None:
                return got
        return self.worth_without(tiles).tolist()

    def _read_limits(self) -> None:
        """The dead-line limits of the card's judge (``CardJudge.dead_limits``), read once a
        view (a style that does not read the table never asks)."""
        j = self.judge
        if not self._limited and j.read_table:
            self._limits = j.dead_limits_of(self._held(), self.exposures, self._counts()[0])
            self._limited = True

    def _distance(self, racks: np.ndarray | None, exposures=None, less: tuple | None = None) -> np.ndarray:
        """(N,) the tiles ``racks`` (or, as for :meth:`_worth`, ``less``) are from ready."""
        exposures = self.exposures if exposures is None else exposures
        if racks is None and not self.card:
            assert less is not None
            racks, less = self._without(less[1], _less_gone(less)), None
        if self.card:
            if less is not None:  # (in C in the compiled build: the same integers)
                got = self.judge.nearest_without(less[0], less[1], exposures, less[2] if len(less) > 2 else None)
                if got is not None:
                    return np.array(got, dtype=np.float64)
            return self.judge.needs(racks, exposures, less).min(axis=1).astype(np.float64)
        return self.judge.distances(racks, exposures)

    def worth_now(self) -> float:
        return self._rack_worth(self.rack)

    def _rack_worth(self, rack: np.ndarray) -> float:
        """The worth of one rack beside this seat's exposures: in C where the card's judge
        sums (``CardJudge.rack_worth``), else numpy's."""
        j = self.judge
        if self.card and j.summed:
            self._read_limits()
            got = j.rack_worth(rack, self.exposures, self._live_counts() if j.live else None, self._limits)
            if got is not None:
                return got
        return float(self._worth(rack[None, :])[0])

    def distance_now(self) -> int:
        now = self._now
        if now is None:
            now = self._now = int(self.judge.distance_of(self.rack, tuple(self.exposures)))
        return now

    def _without(self, tiles: list[int], base: np.ndarray | None = None) -> np.ndarray:
        base = self.rack if base is None else base
        racks = np.repeat(base[None, :], len(tiles), axis=0)
        racks[np.arange(len(tiles)), tiles] -= 1
        return racks

    def worth_without(self, tiles: list[int], base: np.ndarray | None = None, exposures=None) -> np.ndarray:
        """(len(tiles),) the worth of the rack (or ``base``) less one of each tile."""
        base = self.rack if base is None else base
        return self._worth(None, exposures, less=(base, tiles))

    def looking_ahead(self, cand: list[int], worth: np.ndarray, weight: float,
                      keep: int) -> tuple[list[int], np.ndarray]:
        """The ``keep`` discards of ``cand`` worth most as the hand stands, each worth
        ``weight`` of the hand's expected worth after the next draw and ``1 - weight``
        of its worth now (``worth``): every tile this seat has not seen (``live``, a
        joker among them) comes as often as its live copies. Of two discards leaving the
        hand as far from ready, the one that more draws bring closer is worth more."""
        order = np.argsort(-worth, kind="stable")[:keep]
        live = self.live().astype(np.float64)
        draws = np.flatnonzero(live > 0)
        if not len(draws):
            return [cand[i] for i in order], worth[order]
        p = live[draws] / live[draws].sum()
        racks = self._without([cand[i] for i in order])
        after = np.repeat(racks, len(draws), axis=0)
        after[np.arange(len(after)), np.tile(draws, len(order))] += 1
        expected = (self._worth(after).reshape(len(order), len(draws)) * p[None, :]).sum(axis=1)
        return [cand[i] for i in order], (1.0 - weight) * worth[order] + weight * expected

    def worst(self, n: int, legal: list[int], rng) -> list[int]:
        """``n`` tiles to give away together: the least worth keeping, one after another
        (each step measured from the rack as it stands, less the tiles chosen so far: the
        card's judge packs the rack once)."""
        rack = self.rack.copy()
        gone = self.selected()
        for t in gone:
            rack[t] -= 1
        out: list[int] = []
        if self.card and self.judge.summed:  # every step in one call of the C module (bots/soft.py)
            got = self._picks(n, legal, gone, rng)
            if got is not None:
                for t in got:
                    out.append(t)
                    gone.append(t)
                    rack[t] -= 1
        for _ in range(n - len(out)):  # (the steps it left, if any: numpy's)
            cand = [t for t in legal if rack[t] > 0 and t != self.joker]
            if not cand:
                break
            t = _best(cand, self._worth(None, less=(self.rack, cand, tuple(gone))), rng)
            out.append(t)
            gone.append(t)
            rack[t] -= 1
        return out

    def _picks(self, n: int, legal: list[int], gone: list[int], rng) -> list[int] | None:
        """:meth:`worst`'s steps by the card's judge in C (``CardJudge.picks``), reading the
        table as :meth:`_worth` does; None where it does not answer."""
        j = self.judge
        self._read_limits()
        live = self._live_counts() if j.live else None
        return j.picks(self.rack, legal, n, self.exposures, tuple(gone), live, self._limits, rng)

    def spare(self) -> int:
        """How many tiles the hand can give away without moving further from ready."""
        now = self.distance_now()
        if self.card and in_c():  # every step in one call of the C module (bots/soft.py)
            got = self.judge.spare(self.rack, self.exposures, 3, now)
            if got is not None:
                return got
        rack = self.rack.copy()
        gone: list[int] = []
        n = 0
        while n < 3:
            cand = [t for t in range(len(rack)) if rack[t] > 0 and t != self.joker]
            if not cand:
                break
            d = self._distance(None, less=(self.rack, cand, tuple(gone)))
            i = int(d.argmin())
            if d[i] > now:
                break
            rack[cand[i]] -= 1
            gone.append(cand[i])
            n += 1
        return n

    def worth_after_swap(self, tile: int) -> float:
        rack = self.rack.copy()
        rack[tile] -= 1
        rack[self.joker] += 1
        return self._rack_worth(rack)

    def worth_after_kong(self, tile: int, family: str) -> float:
        if self.card:
            return -1e9
        rack = self.rack.copy()
        melds: list = list(self.exposures)
        if family == ACT.KONG_CONCEALED:
            rack[tile] -= 4
            melds.append(meld_of(4, tile, True))
        else:
            rack[tile] -= 1
            melds = [meld_of(4, m.tile, m.concealed) if m.is_set and m.kind != "chow" and m.tile == tile else m
                     for m in melds]
        return float(self._worth(rack[None, :], tuple(melds))[0])

    def worth_after_claim(self, spec, tile: int, form: int) -> float:
        """The hand's worth after a call ``(spec, form)`` of ``tile`` and the best discard
        that follows it (a call is always followed by a discard); -inf if it cannot be made."""
        made = self._after_claim(spec, tile, form)
        if made is None:
            return float("-inf")
        rack, exposures = made
        cand = [t for t in np.flatnonzero(rack > 0).tolist() if t != self.joker]
        if not cand:
            return float(self._worth(rack[None, :], exposures)[0])
        return float(self.worth_without(cand, rack, exposures).max())

    def distances_after_claims(self, tile: int, forms: list) -> list[int | None]:
        """Tiles still to come after each call ``(spec, form)`` of the discard ``tile`` (the
        called tile no longer one of them); None for a call the hand cannot make."""
        out: list[int | None] = []
        for spec, form in forms:
            made = self._after_claim(spec, tile, form)
            out.append(None if made is None else int(self.judge.distance_of(*made)))
        return out

    def _after_claim(self, spec, tile: int, form: int):
        """(rack, exposures) after a call, or None if the hand cannot make it."""
        rack = self.rack.copy()
        if self.card:
            if spec.shape == "run" or (tile, spec.size) not in self.judge.groups:
                return None  # no hand on the card has this group
            used = spec.size - 1 - form
            if rack[tile] < used or (form and (self.joker is None or rack[self.joker] < form)):
                return None
            rack[tile] -= used
            if form:
                rack[self.joker] -= form
            return rack, self.exposures + (Exposure(tile, spec.size, form),)
        tiles = self.game.auto.tiles
        if spec.shape == "run":
            kind = tiles.kinds[tile]
            if kind.suit is None:
                return None
            run = [tiles.suited(kind.suit, kind.rank - form + i) for i in range(3)]
            if any(r is None for r in run):
                return None
            for r in run:
                if r.index != tile:
                    if rack[r.index] < 1:
                        return None
                    rack[r.index] -= 1
            return rack, self.exposures + (Meld("chow", run[0].index, False),)
        if rack[tile] < spec.size - 1:
            return None
        rack[tile] -= spec.size - 1
        return rack, self.exposures + (meld_of(spec.size, tile),)

    # -- safety ---------------------------------------------------------------------------
    def danger(self, tiles: list[int]) -> np.ndarray:
        """(len(tiles),) how likely each discard is to feed another seat's win: for each
        other seat, the share of its likely hands that need the tile, times how near it
        looks (its exposures, how far the wall has gone)."""
        st: HandState = self.game.st
        out = [0.0] * len(tiles)  # (Python floats: numpy's operations, one tile at a time, the same doubles)
        wall_total = max(len(st.wall), 1)
        late = 1.0 - st.live_left() / wall_total if st.wall else 0.5
        for s in range(self.game.n):
            if s == self.seat or st.dead[s]:
                continue
            shown = sum(e.size for e in st.exposures[s])
            threat = min(1.0, 0.1 + shown / 9.0) * (0.5 + late)
            feeds = self._feeds_list(s, tiles)
            for i in range(len(out)):
                out[i] = out[i] + threat * feeds[i]
        return np.array(out, dtype=np.float64)

    def danger_from_nearest(self, tiles: list[int], least: int) -> np.ndarray:
        """(len(tiles),) for the seat nearest to winning by what it shows (the most tiles
        exposed, at least ``least``; of two alike, the one whose turn comes first), the
        share of its likely hands each discard would feed (:meth:`_feeds`); zeros if no
        seat shows that many."""
        st: HandState = self.game.st
        n = self.game.n
        best, most = None, least - 1
        for k in range(1, n):
            s = (self.seat + k) % n
            if st.dead[s]:
                continue
            shown = sum(e.size for e in st.exposures[s])
            if shown > most:
                best, most = s, shown
        return np.zeros(len(tiles)) if best is None else self._feeds(best, tiles)

    def _card_wanted(self, s: int) -> np.ndarray:
        """(T,) the share of seat ``s``'s likely card hands (read from its exposures and
        discards, ``CardJudge.likely``) that still need each tile."""
        st: HandState = self.game.st
        return self.judge.seat_wants(st.exposures[s], st.discards[s])

    def _feeds(self, s: int, tiles: list[int]) -> np.ndarray:
        """(len(tiles),) the share of seat ``s``'s likely hands that still need each tile
        (its exposures rule hands in or out, its discards make them less likely)."""
        return np.array(self._feeds_list(s, tiles), dtype=np.float64)

    def _feeds_list(self, s: int, tiles: list[int]) -> list[float]:
        """:meth:`_feeds` as a list of floats."""
        st: HandState = self.game.st
        n = self.game.n
        # the discards the seats after it made since its own last discard: it let them go with
        # the hand it still holds, so none of them is the tile it waits on
        let_go = {st.discards[x][-1] for k in range(1, (self.seat - s) % n)
                  for x in [(s + k) % n] if st.discards[x]}
        if self.card:
            wanted = self.judge.seat_wants_list(st.exposures[s], st.discards[s])
        else:
            wanted = [1.0] * len(self.rack)
            for t in st.discards[s]:
                wanted[t] = 0.1  # a tile it threw away it is less likely to want back
        return [wanted[t] * (0.0 if t in let_go else 1.0) for t in tiles]


def _less_gone(less: tuple) -> np.ndarray:
    """The rack of a ``less`` (rack, tiles[, gone]) less one copy of each tile gone."""
    rack = less[0]
    if len(less) > 2 and less[2]:
        rack = rack.copy()
        for t in less[2]:
            rack[t] -= 1
    return rack


def _meld(e) -> Meld:
    """An engine exposure as the hands library reads it (its shape, not its claim's name)."""
    if e.run:
        return Meld("chow", e.run[0], False)
    return meld_of(e.size, e.tile, bool(e.concealed))
