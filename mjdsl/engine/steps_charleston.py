"""Simultaneous steps before play: passes (blind or not), votes, courtesy offers.

Each is collected hidden, one seat after another, and resolved when the last seat is
in (seed: american-rulebook.txt, the Charleston): a pass moves every seat's tiles at
once; a blind pass forwards some of the tiles coming in, unseen, topped up from the
hand; a vote stops an optional round by its declared rule (any, all, majority); a
courtesy offer between seats across is settled by the smaller (or larger) offer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions as ACT

if TYPE_CHECKING:
    from ..ir.model import State
    from .game import Game

DIRECTION = {"right": 1, "left": -1, "across": 2, "clockwise": -1, "counter clockwise": 1}


class Simultaneous:
    """Shared: who is still to answer, in seat order from the dealer."""

    def actor(self, game: Game) -> int:
        st = game.st
        for seat in st.asked:
            if not st.pending[seat]["done"]:
                return seat
        return st.asked[-1] if st.asked else st.dealer

    def _finish_seat(self, game: Game, seat: int) -> bool:
        """Mark a seat done; True when everybody is."""
        st = game.st
        st.pending[seat]["done"] = True
        return all(st.pending[s]["done"] for s in st.asked)


def _order(game: Game) -> list[int]:
    st = game.st
    return [(st.dealer + i) % game.n for i in range(game.n) if not st.dead[(st.dealer + i) % game.n]]


def _never(game: Game, state: State) -> set:
    """The tiles the pass never takes (``never pass jokers``), by index."""
    return {game.auto.tiles.index(c) for c in state.params.get("never", ())}


def _passable(game: Game, state: State, seat: int) -> int:
    """Tiles of a seat's hand that may be passed (not those the ruleset never passes)."""
    never = _never(game, state)
    return sum(n for t, n in enumerate(game.st.hands[seat]) if t not in never)


class Pass(Simultaneous):
    def enter(self, game: Game, state: State) -> bool:
        st = game.st
        st.asked = []
        st.pending = {}
        for seat in _order(game):
            count = state.params["count"]
            if count == "offer":
                count = st.offers.get(seat, 0)
            # a hand holding fewer passable tiles (jokers it never passes) passes what it can
            count = min(count, _passable(game, state, seat))
            if count <= 0:
                continue
            st.asked.append(seat)
            st.pending[seat] = {"count": count, "blind": None if state.params["blind"] else 0, "sel": [], "done": False}
        return not st.asked

    def legal(self, game: Game, seat: int) -> list[int]:
        st = game.st
        p = st.pending[seat]
        cat = game.catalogue
        if p["blind"] is None:
            return [cat.id(ACT.BLIND, k) for k in range(0, p["count"] + 1)]
        never = _never(game, game.auto.states[st.node])
        hand = st.hands[seat]
        sel = p["sel"]
        out = []
        for t, n in enumerate(hand):
            if n and t not in never and n > sel.count(t):
                out.append(cat.id(ACT.PASS_TILE, t))
        return out

    def apply(self, game: Game, state: State, action: int) -> bool:
        st = game.st
        seat = self.actor(game)
        a = game.catalogue[action]
        p = st.pending[seat]
        if a.family == ACT.BLIND:
            p["blind"] = a.arg
        else:
            p["sel"].append(a.arg)
        if p["blind"] is not None and len(p["sel"]) + p["blind"] >= p["count"]:
            if self._finish_seat(game, seat):
                self._resolve(game, state)
                return True
        return False

    def _resolve(self, game, state) -> None:
        st = game.st
        n = game.n
        off = DIRECTION[state.params["direction"]]
        # each seat's tiles leave its hand first, as the copies they are (a plain one of
        # a kind before a variant's: Game.take), and those copies travel
        own = {s: [(game.take(s, t) or [t])[0] for t in st.pending[s]["sel"]] for s in st.asked}
        blind = {s: st.pending[s]["blind"] for s in st.asked}
        src = {s: (s - off) % n for s in st.asked}

        def take(k: int, j: int, hops: int) -> list[int]:
            """The first k tiles that seat j sends on."""
            if k <= 0 or j not in own:
                return []
            o = own[j]
            if k <= len(o):
                return o[:k]
            if hops > n * (max(blind.values()) + 1):  # past a trip round per tile forwarded, no real tile is coming
                return list(o)
            return o + take(min(k - len(o), blind[j]), src[j], hops + 1)

        outgoing = {s: own[s] + take(blind[s], src[s], 0) for s in st.asked}
        for s in st.asked:
            incoming = outgoing.get(src[s], [])
            kept = incoming[blind[s]:] if blind[s] else incoming
            for t in kept:
                game.give(s, t)
        st.pending = {}
        st.asked = []


class Vote(Simultaneous):
    def enter(self, game: Game, state: State) -> bool:
        st = game.st
        st.asked = _order(game)
        st.pending = {s: {"vote": None, "done": False} for s in st.asked}
        return not st.asked

    def legal(self, game: Game, seat: int) -> list[int]:
        cat = game.catalogue
        return [cat.id(ACT.VOTE, False), cat.id(ACT.VOTE, True)]

    def apply(self, game: Game, state: State, action: int) -> bool:
        st = game.st
        seat = self.actor(game)
        st.pending[seat]["vote"] = game.catalogue[action].arg
        if not self._finish_seat(game, seat):
            return False
        votes = [st.pending[s]["vote"] for s in st.asked]
        rule = state.params["rule"]
        stop = any(votes) if rule == "any" else all(votes) if rule == "all" else sum(votes) * 2 > len(votes)
        st.stopped = stop
        st.flag = "stopped" if stop else ""
        st.pending = {}
        return True


class Offer(Simultaneous):
    def enter(self, game: Game, state: State) -> bool:
        st = game.st
        st.asked = _order(game)
        st.pending = {s: {"offer": None, "done": False} for s in st.asked}
        st.offers = {}
        return not st.asked

    def legal(self, game: Game, seat: int) -> list[int]:
        st = game.st
        state = game.auto.states[st.node]
        passable = _passable(game, state, seat)
        lo, hi = state.params["low"], state.params["high"]
        # a hand that can't pass the least offer (it holds that few passable tiles) offers what it can
        return [game.catalogue.id(ACT.OFFER, k) for k in range(min(lo, passable), min(hi, passable) + 1)]

    def apply(self, game: Game, state: State, action: int) -> bool:
        st = game.st
        seat = self.actor(game)
        st.pending[seat]["offer"] = game.catalogue[action].arg
        if not self._finish_seat(game, seat):
            return False
        off = DIRECTION[state.params["direction"]]
        pick = min if state.params["rule"] == "smaller" else max
        for s in st.asked:
            partner = (s + off) % game.n
            if partner in st.pending:
                st.offers[s] = pick(st.pending[s]["offer"], st.pending[partner]["offer"])
            else:
                st.offers[s] = 0
        st.pending = {}
        return True


HANDLERS = {"pass": Pass(), "vote": Vote(), "offer": Offer()}
