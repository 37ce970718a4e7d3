"""The facts of one hand, for score conditions: compiled or as closures.

Compiled expressions read facts through ``env.fact(name)`` and functions through
``env.call(fn, arg)`` (:mod:`mjdsl.ir.expr`); the scorer's own compiled conditions
(:mod:`.compile`) read the same facts from :attr:`HandEnv.hf` and the counts
below. :class:`HandEnv` answers for one hand, in one *reading* of it at a time (a
way the hand splits into sets, with the winning tile placed in one of them):

- facts of the hand (``won``, ``dealer``...) are set when the env is made;
  ``suits`` and ``waits`` are worked out the first time they are read;
- ``tiles(P)`` and ``bonus(P)`` are counts of the hand's tiles by predicate, made
  once per hand; ``sets(P)`` and ``pairs(P)`` are counts of the reading's sets,
  made once per reading (:meth:`Tables.set_hits` remembers which predicates hold
  for a set);
- ``points``, ``doubles`` and ``set_points`` are set by the scorer per reading.

The meaning of every fact is in :mod:`mjdsl.facts`; the scoring conventions
(a set completed by a discard is exposed, a set's tile facts hold when all its
tiles have them) are in docs/scoring.md.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Any

from ..facts import FACTS, TABLE
from .model import HandInput
from .relations import related_count
from .tables import Tables
from .waits import waits_of

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..hands import Meld
    from ..ir.model import Automaton, RuleSpec
    from .tables import Pred, SetKey


class Reading:
    """One way to read a hand: its winning shape (pattern name), its sets and pairs
    as scored, their keys ``(kind, tile, concealed, own wind, round wind)``, the
    position of the set the winning tile completed (-1: none), and whether the shape
    is a special hand (then the melds are only the declared ones, and for a pattern
    of parts beside sets, the sets and pairs the rest of the hand splits into)."""

    __slots__ = ("pattern", "melds", "keys", "last", "special")

    def __init__(self, pattern: str | None, melds: tuple[Meld, ...], keys: tuple[SetKey, ...], last: int,
                 special: bool = False) -> None:
        self.pattern, self.melds, self.keys, self.last, self.special = pattern, melds, keys, last, special


class Facts(dict):
    """Facts of a hand by name; ``suits`` and ``waits`` are worked out when first read,
    from the tables ``t``, the hand ``inp`` and its held tiles ``nz`` (as
    :class:`HandEnv`'s). The facts do not point back at their env: the two would make
    a reference cycle per hand, left for the garbage collector."""

    __slots__ = ("t", "inp", "nz")
    t: Tables
    inp: HandInput
    nz: tuple[tuple[int, int], ...]

    def __missing__(self, name: str):
        lazy = _LAZY.get(name)
        if lazy is None:
            v = self[name] = _table(self, name)
            return v
        v = self[name] = lazy(self)
        return v


class HandEnv:
    """Facts of one hand for the score conditions (see the module docstring).

    t: the automaton's tables; inp: the hand; hf: its facts; reading: the reading
    being scored; S, PA: its sets and pairs counted by predicate; T, B: the hand's
    tiles and bonus tiles counted by predicate; hypothetical: True while asking what
    a completed hand would score (``calling_for``), which does not ask again.
    """

    __slots__ = ("t", "inp", "hf", "reading", "hypothetical", "seat", "round", "_full", "S", "PA", "T", "B", "nz")
    #: counts by predicate, worked out when first asked (None until then)
    S: dict[Any, int] | None
    PA: dict[Any, int] | None
    T: dict[Any, int] | None
    B: dict[Any, int] | None
    _full: tuple[tuple[int, int], ...] | None

    def __init__(self, t: Tables, inp: HandInput, hypothetical: bool = False) -> None:
        self.t = t
        self.inp = inp
        self.seat = inp.seat_wind
        self.round = inp.round_wind
        won = inp.winning_tile is not None
        source = inp.source
        card = inp.card
        dealer = inp.dealer if inp.dealer is not None else inp.seat_wind == t.first_wind
        hf = self.hf = Facts(
            won=won,
            self_drawn=won and inp.self_drawn,
            by_discard=won and inp.by_discard,
            dealer=dealer,
            concealed_hand=all(m.concealed for m in inp.melds),
            last_from_kong_box=won and source == "kong_box",
            last_of_wall=won and source == "last_of_wall",
            last_discard=won and source == "last_discard",
            robbed_kong=won and source == "robbed_kong",
            original_hand=won and inp.original_hand,
            earthly_hand=won and inp.earthly_hand,
            dealer_streak=inp.dealer_streak,
            jokers=card.jokers if card else 0,
            card_points=card.card_points if card else 0,
            singles_pairs=bool(card and card.singles_pairs),
            points=0,
            doubles=0,
            set_points=0,
        )
        self.reading: Reading | None = None
        self.hypothetical = hypothetical
        self._full = None
        self.S = self.PA = self.T = self.B = None
        #: the concealed tiles as (tile, count), those held only
        self.nz = hf.nz = tuple(compress(enumerate(inp.concealed), inp.concealed))
        hf.t, hf.inp = t, inp

    @property
    def values(self) -> dict:
        """The facts of the hand by name (the engine sets ``value`` here for payments)."""
        return self.hf

    def set_reading(self, reading: Reading) -> None:
        self.reading = reading
        self.S = self.PA = None

    # -- the protocol of the closures ---------------------------------------------
    def fact(self, name: str) -> Any:
        return self.hf[name]

    def call(self, fn: str, arg: Any) -> Any:
        try:
            method = _CALLS[fn]
        except KeyError:
            raise KeyError(f"function {fn}() is not known when scoring a hand") from None
        return method(self, arg)

    # -- counts by predicate ------------------------------------------------------
    def count_sets(self) -> None:
        """Count the reading's sets and pairs by every registered set predicate."""
        sets: dict = {}
        pairs: dict = {}
        hits = self.t.set_hits
        assert self.reading is not None, "sets are counted in a reading"
        for k in self.reading.keys:
            into = pairs if k[0] == "pair" else sets
            for p in hits(k):
                into[p] = into.get(p, 0) + 1
        self.S, self.PA = sets, pairs

    def count_tiles(self) -> None:
        """Count the hand's tiles and bonus tiles by every registered tile predicate."""
        row = self.t.tile_row(self.seat, self.round)
        tiles: dict = {}
        for i, c in self.nz:
            for p in row[i]:
                tiles[p] = tiles.get(p, 0) + c
        meld_tiles = self.t.meld_tiles
        for m in self.inp.melds:
            for i in meld_tiles(m.kind, m.tile):
                for p in row[i]:
                    tiles[p] = tiles.get(p, 0) + 1
        bonus: dict = {}
        for i in self.inp.bonus:
            for p in row[i]:
                bonus[p] = bonus.get(p, 0) + 1
        self.T, self.B = tiles, bonus

    def packed_sets(self, r: Reading) -> tuple[int, int]:
        """The reading's sets and pairs counted by compiled predicate, packed (compile.py)."""
        packed = self.t.set_packed
        s = pa = 0
        for k in r.keys:
            if k[0] == "pair":
                pa += packed(k)
            else:
                s += packed(k)
        return s, pa

    def packed_tiles(self) -> tuple[int, int]:
        """The hand's tiles and bonus tiles counted by compiled predicate, packed."""
        row = self.t.tile_packed_row(self.seat, self.round)
        tiles = 0
        for i, c in self.nz:
            tiles += c * row[i]
        meld_tiles = self.t.meld_tiles
        for m in self.inp.melds:
            for i in meld_tiles(m.kind, m.tile):
                tiles += row[i]
        bonus = 0
        for i in self.inp.bonus:
            bonus += row[i]
        return tiles, bonus

    # -- the hand ---------------------------------------------------------------------
    def full(self) -> tuple[tuple[int, int], ...]:
        """Every tile of the hand (declared sets included, bonus tiles aside) as (tile, count)."""
        if self._full is None:
            if not self.inp.melds:
                self._full = self.nz
            else:
                counts = dict(self.nz)
                for m in self.inp.melds:
                    for i in self.t.meld_tiles(m.kind, m.tile):
                        counts[i] = counts.get(i, 0) + 1
                self._full = tuple(sorted(counts.items()))
        return self._full

    def short_hand(self) -> list[int]:
        """The hand before its last tile (a loser's hand as it is)."""
        return short_hand(self.inp)


def short_hand(inp: HandInput) -> list[int]:
    """The concealed counts of a hand before its last tile (a loser's hand as it is)."""
    lst = list(inp.concealed)
    if inp.winning_tile is not None:
        lst[inp.winning_tile] -= 1
    return lst


# -- facts of the hand worked out when first read ----------------------------------------


def _suits(hf: Facts) -> int:
    suit_of = hf.t.suit_of
    found = {suit_of[i] for i, _ in hf.nz}
    found.update(suit_of[m.tile] for m in hf.inp.melds)
    found.discard(None)
    return len(found)


def _waits(hf: Facts) -> int:
    lst = short_hand(hf.inp)
    w = hf.inp.winning_tile
    # the tiles still held once the last one is taken out (a generator: read only
    # when a special hand has to be looked at)
    tiles = (i for i, c in hf.nz if c > 1 or i != w)
    return len(waits_of(hf.t, lst, hf.inp.melds, sum(lst), tiles))


_LAZY = {"suits": _suits, "waits": _waits}

#: the facts of the table (mjdsl.facts, context "table"), known when scoring a hand
_TABLE_FACTS = frozenset(n for n, f in FACTS.items() if TABLE in f.contexts)


def _table(hf: Facts, name):
    """A fact of the table at the end of the hand, or a session counter (a name or a
    ``(function, announcement)`` key): from the engine's table when it gave one, else
    as :func:`untold` says (a hand scored on its own, ``mjdsl score``)."""
    table = hf.inp.table
    if table is not None:
        return table[name]
    if isinstance(name, tuple) or name in _TABLE_FACTS or any(name == c[0] for c in hf.t.auto.session.counters):
        return untold(hf.t.auto, name, hf.inp.announcements)
    raise KeyError(f"fact {name!r} is not known when scoring a hand")


def untold(auto: Automaton, name: str | tuple[str, str], announcements: frozenset[str]) -> int:
    """A fact of the table nobody gave, for a hand scored on its own: the hand is taken
    as one well under way, as most hands are won. ``discards``, and ``discards_since``
    of an announcement made, count as many as the tiles of the set (so no first
    go-round, earthly hand or one-shot win is assumed); ``discards_since`` and
    ``claims_since`` of an announcement not made are -1; every other fact, and a
    session counter, is 0 (false)."""
    if isinstance(name, tuple):
        if name[1] not in announcements:
            return -1
        return auto.tiles.total if name[0] == "discards_since" else 0
    return auto.tiles.total if name == "discards" else 0


# -- functions ---------------------------------------------------------------------------


def _counted_set(env: HandEnv, pred):
    if pred not in env.t._set_known:
        env.t.register_set_pred(pred)
        env.S = None
    if env.S is None:
        env.count_sets()


def _counted_tile(env: HandEnv, pred):
    if pred not in env.t._tile_known:
        env.t.register_tile_pred(pred)
        env.T = None
    if env.T is None:
        env.count_tiles()


def _sets(env: HandEnv, pred) -> int:
    _counted_set(env, pred)
    assert env.S is not None
    return env.S.get(pred, 0)


def _pairs(env: HandEnv, pred) -> int:
    _counted_set(env, pred)
    assert env.PA is not None
    return env.PA.get(pred, 0)


def _tiles(env: HandEnv, pred) -> int:
    _counted_tile(env, pred)
    assert env.T is not None
    return env.T.get(pred, 0)


def _bonus(env: HandEnv, pred) -> int:
    _counted_tile(env, pred)
    assert env.B is not None
    return env.B.get(pred, 0)


def LAST_IN(env: HandEnv, pred: Pred) -> bool:
    """``last_in(P)``: the set the winning tile completed satisfies P."""
    r = env.reading
    assert r is not None, "last_in() is asked of a reading"
    return r.last >= 0 and env.t.set_pred(pred, r.keys[r.last])


def wait_shape(env: HandEnv, r: Reading | None) -> str | None:
    """How the winning tile completed its set in reading ``r`` (``wait(SHAPE)``,
    facts.WAIT_SHAPES): None when no set holds it (a special hand, no win)."""
    if r is None or r.last < 0:
        return None
    kind, tile = r.keys[r.last][0], r.keys[r.last][1]
    if kind == "pair":
        return "pair"
    if kind != "chow":
        return "pung"
    run = env.t.lay.chow_tiles[tile]
    w = env.inp.winning_tile
    if w == run[1]:
        return "closed"
    other = run[-1] if w == run[0] else run[0]
    return "edge" if env.t.terminal[other] else "two_sided"


def CALLING_FOR(env: HandEnv, names: tuple[str, ...]) -> bool:
    """``calling_for(rules...)``: some tile would complete the hand so that one of the
    rules applies. The rules that apply to some completion are worked out once per
    hand; a completed hand is not asked what it would complete to."""
    if env.hypothetical:
        return False
    found = env.hf.get(("calling_for",))
    if found is None:
        from .score import completions

        found = env.hf[("calling_for",)] = completions(env)
    return any(name in found for name in names)


def KINDS(env: HandEnv, n: float | Callable[[HandEnv], float]) -> int:
    """``kinds(N)``: how many kinds of tile the whole hand holds exactly N of."""
    n = n(env) if callable(n) else n
    return sum(1 for _, c in env.full() if c == n)


def times_of(n: float) -> int:
    """How many times a ``per COUNT`` rule counts: the count's whole part, none below 1."""
    n = int(n)
    return n if n > 0 else 0


def rule_times(rule: RuleSpec, env: HandEnv) -> int:
    """How many times a hand rule whose condition holds counts in ``env``'s reading."""
    return 1 if rule.times is None else times_of(rule.times(env))


def VARIANTS(env: HandEnv, name: str) -> int:
    """``variants(NAME)``: the copies of the variants called NAME the hand holds."""
    got = env.inp.variants
    return sum(n for v, n in zip(env.t.auto.tiles.variants, got) if v.name == name)


#: the functions of a score condition, each called as ``f(env, arg)`` (``HandEnv.call``)
_CALLS: dict[str, Callable[..., Any]] = {
    "kinds": KINDS,
    "variants": VARIANTS,
    "sets": _sets,
    "pairs": _pairs,
    "last_in": LAST_IN,
    "pattern": lambda env, name: env.reading.pattern == name,
    "tiles": _tiles,
    "bonus": _bonus,
    "winning_tile": lambda env, code: env.inp.winning_tile is not None
    and env.t.code_index.get(code) == env.inp.winning_tile,
    "announced": lambda env, name: name in env.inp.announcements,
    "discards_since": lambda env, name: env.hf[("discards_since", name)],
    "claims_since": lambda env, name: env.hf[("claims_since", name)],
    "section": lambda env, title: env.inp.card is not None and env.inp.card.section == title,
    "calling_for": CALLING_FOR,
    "wait": lambda env, shape: wait_shape(env, env.reading) == shape,
    "related": lambda env, rel: related_count(env.t, rel, env.reading.keys),
}
