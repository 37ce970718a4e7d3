"""The environment a score rule's condition is evaluated in: the facts of one hand.

Compiled expressions read facts through ``env.fact(name)`` and functions through
``env.call(fn, arg)`` (:mod:`mjdsl.ir.expr`). :class:`HandEnv` answers both for one
hand, in one *reading* of it at a time (a way the hand splits into sets, with the
winning tile placed in one of them). Facts of the hand alone (``won``, ``suits``,
``waits``, ``tiles(...)``) are worked out at most once per hand; facts of the
reading (``sets(...)``, ``last_in(...)``, ``pattern(...)``, ``points``) once per
reading. Reading a fact of the reading sets :attr:`HandEnv.dep`, so that the
scorer can tell which conditions it must evaluate again for the next reading.

The meaning of every fact is in :mod:`mjdsl.facts`; the scoring conventions
(a set completed by a discard is exposed, a set's tile facts hold when all its
tiles have them) are in docs/scoring.md.
"""

from __future__ import annotations

from .model import HandInput
from .tables import Tables


class Reading:
    """One way to read a hand: its winning shape (pattern name), its sets and pairs
    as scored, their keys ``(kind, tile, concealed, seat wind, round wind)`` and
    the position of the set the winning tile completed (-1: none)."""

    __slots__ = ("pattern", "melds", "keys", "last")

    def __init__(self, pattern, melds, keys, last):
        self.pattern, self.melds, self.keys, self.last = pattern, melds, keys, last


class HandEnv:
    """Facts of one hand for the compiled expressions (see the module docstring).

    t: the automaton's tables; inp: the hand; hf: facts of the hand, filled as
    they are asked for; rf: facts of the reading (points, doubles, set_points);
    dep: set when a fact of the reading was read; hypothetical: True while
    asking what a completed hand would score (``calling_for``), which does not
    ask again.
    """

    __slots__ = ("t", "inp", "hf", "reading", "rf", "dep", "hypothetical", "seat", "round", "_full",
                 "_sets", "_pairs", "_tiles", "_bonus")

    def __init__(self, t: Tables, inp: HandInput, hypothetical: bool = False):
        self.t = t
        self.inp = inp
        self.seat = inp.seat_wind
        self.round = inp.round_wind
        won = inp.winning_tile is not None
        source = inp.source
        card = inp.card
        dealer = inp.dealer if inp.dealer is not None else inp.seat_wind == t.first_wind
        self.hf = {
            "won": won,
            "self_drawn": won and inp.self_drawn,
            "by_discard": won and inp.by_discard,
            "dealer": dealer,
            "concealed_hand": all(m.concealed for m in inp.melds),
            "last_from_kong_box": won and source == "kong_box",
            "last_of_wall": won and source == "last_of_wall",
            "robbed_kong": won and source == "robbed_kong",
            "original_hand": won and inp.original_hand,
            "earthly_hand": won and inp.earthly_hand,
            "dealer_streak": inp.dealer_streak,
            "jokers": card.jokers if card else 0,
            "card_points": card.card_points if card else 0,
            "singles_pairs": bool(card and card.singles_pairs),
        }
        self.reading: Reading | None = None
        self.rf: dict = {}
        self.dep = False
        self.hypothetical = hypothetical
        self._full = None
        self._sets = self._pairs = self._tiles = self._bonus = None

    @property
    def values(self) -> dict:
        """The facts of the hand by name (the engine sets ``value`` here for payments)."""
        return self.hf

    def set_reading(self, reading: Reading) -> None:
        self.reading = reading
        self._sets = self._pairs = None

    # -- counts by predicate ------------------------------------------------------
    def _count_sets(self) -> None:
        """Count the reading's sets and pairs by every registered set predicate."""
        sets: dict = {}
        pairs: dict = {}
        hits = self.t.set_hits
        for k in self.reading.keys:
            into = pairs if k[0] == "pair" else sets
            for p in hits(k):
                into[p] = into.get(p, 0) + 1
        self._sets, self._pairs = sets, pairs

    def _count_tiles(self) -> None:
        """Count the hand's tiles and bonus tiles by every registered tile predicate."""
        t, seat, round_ = self.t, self.seat, self.round
        tiles: dict = {}
        for i, c in self.full():
            for p in t.tile_hits(i, seat, round_):
                tiles[p] = tiles.get(p, 0) + c
        bonus: dict = {}
        for i in self.inp.bonus:
            for p in t.tile_hits(i, seat, round_):
                bonus[p] = bonus.get(p, 0) + 1
        self._tiles, self._bonus = tiles, bonus

    # -- the protocol of compiled expressions ----------------------------------
    def fact(self, name: str):
        hf = self.hf
        if name in hf:
            return hf[name]
        lazy = _LAZY.get(name)
        if lazy is not None:
            v = hf[name] = lazy(self)
            return v
        self.dep = True
        try:
            return self.rf[name]
        except KeyError:
            raise KeyError(f"fact {name!r} is not known when scoring a hand") from None

    def call(self, fn: str, arg):
        try:
            method = _CALLS[fn]
        except KeyError:
            raise KeyError(f"function {fn}() is not known when scoring a hand") from None
        return method(self, arg)

    # -- facts of the hand ------------------------------------------------------
    def full(self) -> tuple[tuple[int, int], ...]:
        """Every tile of the hand (declared sets included, bonus tiles aside) as (tile, count)."""
        if self._full is None:
            counts = list(self.inp.concealed)
            for m in self.inp.melds:
                for i in self.t.meld_tiles(m.kind, m.tile):
                    counts[i] += 1
            self._full = tuple((i, c) for i, c in enumerate(counts) if c)
        return self._full

    def short_hand(self) -> list[int]:
        """The hand before its last tile (a loser's hand as it is)."""
        lst = list(self.inp.concealed)
        if self.inp.winning_tile is not None:
            lst[self.inp.winning_tile] -= 1
        return lst


# -- lazily computed facts of the hand ------------------------------------------------


def _suits(env: HandEnv) -> int:
    suit_of = env.t.suit_of
    return len({suit_of[i] for i, _ in env.full() if suit_of[i] is not None})


def _waits(env: HandEnv) -> int:
    from .calling import waits_of

    return len(waits_of(env.t, env.short_hand(), env.inp.melds))


_LAZY = {"suits": _suits, "waits": _waits}


# -- functions -------------------------------------------------------------------------


def _sets(env: HandEnv, pred) -> int:
    env.dep = True
    if pred not in env.t._set_known:
        env.t.register_set_pred(pred)
        env._sets = None
    if env._sets is None:
        env._count_sets()
    return env._sets.get(pred, 0)


def _pairs(env: HandEnv, pred) -> int:
    env.dep = True
    if pred not in env.t._set_known:
        env.t.register_set_pred(pred)
        env._sets = None
    if env._sets is None:
        env._count_sets()
    return env._pairs.get(pred, 0)


def _last_in(env: HandEnv, pred) -> bool:
    env.dep = True
    r = env.reading
    return r.last >= 0 and env.t.set_pred(pred, r.keys[r.last])


def _pattern(env: HandEnv, name: str) -> bool:
    env.dep = True
    return env.reading.pattern == name


def _tiles(env: HandEnv, pred) -> int:
    if pred not in env.t._tile_known:
        env.t.register_tile_pred(pred)
        env._tiles = None
    if env._tiles is None:
        env._count_tiles()
    return env._tiles.get(pred, 0)


def _bonus(env: HandEnv, pred) -> int:
    if pred not in env.t._tile_known:
        env.t.register_tile_pred(pred)
        env._tiles = None
    if env._tiles is None:
        env._count_tiles()
    return env._bonus.get(pred, 0)


def _winning_tile(env: HandEnv, code: str) -> bool:
    w = env.inp.winning_tile
    return w is not None and env.t.code_index.get(code) == w


def _announced(env: HandEnv, name: str) -> bool:
    return name in env.inp.announcements


def _calling_for(env: HandEnv, names: tuple[str, ...]) -> bool:
    if env.hypothetical:
        return False  # a completed hand is not asked what it would complete to
    key = ("calling_for", names)
    v = env.hf.get(key)
    if v is None:
        from .score import completes_to

        v = env.hf[key] = completes_to(env, names)
    return v


_CALLS = {
    "sets": _sets,
    "pairs": _pairs,
    "last_in": _last_in,
    "pattern": _pattern,
    "tiles": _tiles,
    "bonus": _bonus,
    "winning_tile": _winning_tile,
    "announced": _announced,
    "calling_for": _calling_for,
}
