"""What the scorer works out once per automaton, and remembers across hands.

A :class:`Tables` holds the automaton's score rules sorted by scope, its winning
shapes, what each tile is (simple, terminal, honour, its suit, its seat for a
bonus tile), and caches that fill as hands are scored:

- a set predicate (``pung and exposed and simple``) depends only on the set and
  whether its tile is the seat's or the round's wind, so which predicates hold is
  remembered per ``(kind, tile, concealed, own wind, round wind)``; for a tile, per
  ``(tile, seat wind, round wind)``. A reading counts its sets by predicate once, and ``sets(...)``,
  ``pairs(...)`` and ``tiles(...)`` become lookups;
- the scoped rules (``per set``, ``per pair``, ``per bonus``) that hold for a set
  are remembered per set the same way, so scoring a set is one lookup;
- a special hand's tiles: a hand holding a tile the pattern cannot use is ruled
  out with one integer operation before any search.

:func:`tables_for` keeps one :class:`Tables` per automaton.
"""

from __future__ import annotations

import weakref

from ..hands.decompose import layout_of
from ..hands.patterns import compiled
from ..memo import ByObject, Kept

#: Facts of a set in a set predicate that are not facts of its tiles.
_KIND_FACTS = frozenset(("pung", "kong", "chow", "pair"))
#: how many tiles a set of each kind holds (chows: see ``Layout.chow_tiles``)
_SIZE = {"pung": 3, "kong": 4, "pair": 2}


class _SetEnv:
    """The environment of a set predicate: one set, and the player's winds."""

    __slots__ = ("t", "kind", "tiles", "concealed", "seat", "round")

    def __init__(self, t: "Tables", kind: str, tiles: tuple[int, ...], concealed: bool, seat: int, round_: int):
        self.t, self.kind, self.tiles, self.concealed, self.seat, self.round = t, kind, tiles, concealed, seat, round_

    def fact(self, name: str):
        if name in _KIND_FACTS:
            return self.kind == name
        if name == "exposed":
            return not self.concealed
        if name == "concealed":
            return self.concealed
        # a class of tiles describes a set when every tile of it is in the class
        return all(self.t.tile_fact(name, i, self.seat, self.round) for i in self.tiles)

    def call(self, fn: str, arg):
        if fn == "has":  # has(P): some tile of the set matches the tile predicate P
            return any(arg(_TileEnv(self.t, i, self.seat, self.round)) for i in self.tiles)
        raise KeyError(f"{fn}() cannot be used in a set predicate")


class _TileEnv:
    """The environment of a tile predicate: one tile, and the player's winds."""

    __slots__ = ("t", "tile", "seat", "round")

    def __init__(self, t: "Tables", tile: int, seat: int, round_: int):
        self.t, self.tile, self.seat, self.round = t, tile, seat, round_

    def fact(self, name: str):
        return self.t.tile_fact(name, self.tile, self.seat, self.round)

    def call(self, fn: str, arg):
        raise KeyError(f"{fn}() cannot be used in a tile predicate")


class Tables:
    """Per-automaton facts and caches for scoring (see the module docstring).

    rules: the automaton's score rules in ruleset order; set_rules, pair_rules,
    bonus_rules, hand_rules: their positions in ``rules`` by scope. standard:
    the patterns of sets and pairs; specials: ``(pattern spec, tiles mask, sizes)``
    for special hands. first_wind: the dealer's seat wind. seat_of_wind: a wind
    tile's seat number (1 = the first seat wind), for seat-linked bonus tiles.
    """

    def __init__(self, auto):
        self.auto = weakref.proxy(auto)  # the cache holds Tables; the automaton may go
        self.tiles = auto.tiles
        self.lay = layout_of(auto.tiles)
        #: per group, the first group alike (same runs; suits of the same ranks are alike)
        shapes = [(g.suit is None, g.chow_starts) for g in self.lay.groups]
        self.group_kind = tuple(shapes.index(sh) for sh in shapes)
        #: per group, the slice of a count list it reads ((-1, -1): not contiguous)
        self.group_spans = tuple(g.span or (-1, -1) for g in self.lay.groups)
        kinds = auto.tiles.kinds
        self.size = len(kinds)
        self.code_index = {k.code: k.index for k in kinds}
        self.zeros = (0,) * self.size
        self.seat_winds = tuple(auto.seat_winds)
        self.first_wind = self.seat_winds[0] if self.seat_winds else None
        self.seat_of_wind = {w: i + 1 for i, w in enumerate(self.seat_winds)}
        bounds = {s.name: (min(s.ranks), max(s.ranks)) for s in auto.tiles.suits if s.ranks}
        self.suit_of = tuple(k.suit if k.cls == "suit" else None for k in kinds)
        self.terminal = tuple(k.cls == "suit" and k.rank in bounds.get(k.suit, ()) for k in kinds)
        self.cls = tuple(k.cls for k in kinds)
        #: tiles that sets and pairs can be made of (not bonus tiles, not jokers)
        self.held = tuple(k.cls in ("suit", "wind", "dragon") for k in kinds)
        self.bonus_seat = tuple(k.seat for k in kinds)
        classes = {name: frozenset(ix) for name, ix in auto.tile_classes.items()}
        for s in auto.tiles.suits:
            classes.setdefault(s.name, frozenset(k.index for k in kinds if k.suit == s.name))
        self.classes = classes
        spec = auto.scoring
        self.spec = spec
        self.rules = tuple(spec.rules)
        self.index_of_rule = {r.name: i for i, r in enumerate(self.rules)}
        self.set_rules = tuple(i for i, r in enumerate(self.rules) if r.scope == "set")
        self.pair_rules = tuple(i for i, r in enumerate(self.rules) if r.scope == "pair")
        self.bonus_rules = tuple(i for i, r in enumerate(self.rules) if r.scope == "bonus")
        self.hand_rules = tuple(i for i, r in enumerate(self.rules) if r.scope is None)
        self.scoped_when = frozenset(i for i, r in enumerate(self.rules) if r.scope is not None and r.when is not None)
        #: ``RULE excludes RULE...`` as positions: a rule's position -> the positions it drops
        self.excluded_by = _excluded_by(self.index_of_rule, spec)
        self._compiled = None
        self.card = auto.winning.card is not None
        self.standard = tuple(p for p in auto.winning.patterns if p.special is None and p.sets is not None)
        specials = []
        #: the patterns of parts beside sets and pairs (a knitted straight and a set and a
        #: pair): read by the hand library's search, the rest split into sets
        self.mixed = tuple(p for p in auto.winning.patterns if p.special is not None and p.special.mixed)
        for p in auto.winning.patterns:
            if p.special is not None and not p.special.mixed:
                bindings = compiled(p.special, auto.tiles).bindings
                fits = tuple((b.size, sum(1 << i for i, c in enumerate(b.cap) if c)) for b in bindings)
                mask = 0
                for _, m in fits:
                    mask |= m
                specials.append((p, mask, frozenset(size for size, _ in fits), fits))
        #: per special hand: (pattern, the tiles it can hold as a bit mask, its sizes,
        #: per suit binding (size, mask)) -- see :func:`could_be`
        self.specials = tuple(specials)
        #: the specials a hand with declared sets can be (not the concealed ones)
        self.open_specials = tuple(sp for sp in specials if not sp[0].concealed)
        # caches
        self.set_preds: list = []
        self.tile_preds: list = []
        self._set_known: set = set()
        self._tile_known: set = set()
        self._set_hits: dict = {}
        self._tile_hits: dict = {}
        #: related(...) answers by (relation, a reading's set keys): scoring.relations;
        #: and the accounts' choices (scoring.accounts)
        self.relation_memo: dict = {}
        #: ``account once RULE...``: the compiled accounts (scoring.accounts.accounts_of)
        self.accounts: tuple | None = None
        self._meld_hits: dict = {}
        self._bonus_hits: dict = {}
        self._described: dict = {}
        #: compile.py: bit offsets of compiled predicates in packed counts (6 bits each)
        self.set_slots: dict = {}
        self.tile_slots: dict = {}
        self._set_packed: dict = {}
        self._tile_packed: dict = {}
        self._meld_sums: dict = {}
        self._bonus_sums: dict = {}
        #: waits.py: group splits and group waits, by (group, counts, pairs, chows); the
        #: memos of shapes are :class:`~mjdsl.memo.Kept` (bounded), here and in split_cache
        self.summaries: dict = {}
        self.group_waits: dict = Kept()
        self.receiver_waits: dict = Kept()
        self.knit_plans: dict = {}
        #: splits.py: group splits by (group, pairs, chows), and by kind of group (-1 - kind, ...)
        self.split_cache: dict = {}
        self._tile_rows: dict = {}

    def compiled(self):
        """The rules' conditions compiled into one function (:mod:`.compile`), made once."""
        if self._compiled is None:
            from .compile import compile_rules

            self._compiled = compile_rules(self)
        return self._compiled

    # -- what a tile is ----------------------------------------------------------
    def tile_fact(self, name: str, i: int, seat: int, round_: int) -> bool:
        cls = self.cls[i]
        if name == "simple":
            return cls == "suit" and not self.terminal[i]
        if name == "terminal":
            return self.terminal[i]
        if name == "honour":
            return cls in ("wind", "dragon")
        if name in ("wind", "dragon", "flower", "season"):
            return cls == name
        if name == "own_wind":
            return i == seat
        if name == "round_wind":
            return i == round_
        if name == "own":
            return self.bonus_seat[i] is not None and self.bonus_seat[i] == self.seat_of_wind.get(seat)
        members = self.classes.get(name)
        if members is None:
            raise KeyError(f"`{name}` is not a fact of a tile")
        return i in members

    # -- predicates, remembered --------------------------------------------------
    # Predicates are registered the first time an expression passes one; for each
    # set key (tile key) the tuple of registered predicates that hold is remembered,
    # and extended when predicates are registered later.
    def set_hits(self, key) -> tuple:
        """The registered set predicates that hold for a set key ``(kind, tile, concealed,
        tile is the seat's wind, tile is the round's wind)``."""
        h = self._set_hits.get(key)
        preds = self.set_preds
        if h is None or h[0] != len(preds):
            kind, tile, concealed, own, round_wind = key
            # a wind index that the set's tile is, or one that no tile is (-1)
            env = _SetEnv(self, kind, self.meld_tiles(kind, tile), concealed,
                          tile if own else -1, tile if round_wind else -1)
            found = list(h[1]) if h else []
            found += [p for p in preds[h[0] if h else 0:] if p(env)]
            h = self._set_hits[key] = (len(preds), tuple(found))
        return h[1]

    def tile_hits(self, tile: int, seat: int, round_: int) -> tuple:
        """The registered tile predicates that hold for a tile, given the player's winds."""
        key = (tile, seat, round_)
        h = self._tile_hits.get(key)
        preds = self.tile_preds
        if h is None or h[0] != len(preds):
            env = _TileEnv(self, tile, seat, round_)
            found = list(h[1]) if h else []
            found += [p for p in preds[h[0] if h else 0:] if p(env)]
            h = self._tile_hits[key] = (len(preds), tuple(found))
        return h[1]

    def tile_row(self, seat: int, round_: int) -> list:
        """:meth:`tile_hits` of every tile for a player's winds, as a list by tile index."""
        row = self._tile_rows.get((seat, round_))
        if row is None or row[0] != len(self.tile_preds):
            row = self._tile_rows[(seat, round_)] = (len(self.tile_preds),
                                                     [self.tile_hits(i, seat, round_) for i in range(self.size)])
        return row[1]

    # -- packed counts, for compiled conditions -------------------------------------
    # A compiled predicate owns 6 bits of an int; a set (tile) adds 1 in the field of
    # each compiled predicate that holds for it, so summing the ints of a reading's
    # sets counts them by every predicate at once ((S >> offset) & 63).
    def set_packed(self, key) -> int:
        v = self._set_packed.get(key)
        if v is None:
            hits = self.set_hits(key)
            v = self._set_packed[key] = sum(1 << off for p, off in self.set_slots.items() if p in hits)
        return v

    def tile_packed_row(self, seat: int, round_: int) -> list[int]:
        row = self._tile_packed.get((seat, round_))
        if row is None:
            slots = self.tile_slots.items()
            row = self._tile_packed[(seat, round_)] = [
                sum(1 << off for p, off in slots if p in self.tile_hits(i, seat, round_)) for i in range(self.size)
            ]
        return row

    # -- scoped rules summed per set ---------------------------------------------------
    def meld_sums(self, key) -> tuple[float, float, float, float]:
        """(points, doubles, largest limit, set points) of the scoped rules without a
        condition that hold for a set key."""
        v = self._meld_sums.get(key)
        if v is None:
            v = self._meld_sums[key] = self._sums(i for i in self.meld_hits(key) if i not in self.scoped_when)
        return v

    def bonus_sums(self, tile: int, seat: int, round_: int) -> tuple[float, float, float, float]:
        key = (tile, seat, round_)
        v = self._bonus_sums.get(key)
        if v is None:
            v = self._bonus_sums[key] = self._sums(i for i in self.bonus_hits(tile, seat, round_)
                                                   if i not in self.scoped_when)
        return v

    def _sums(self, positions) -> tuple[float, float, float, float]:
        points = doubles = limits = set_points = 0.0
        for i in positions:
            rule = self.rules[i]
            if rule.unit == "points":
                points += rule.amount
                if rule.scope != "bonus":
                    set_points += rule.amount
            elif rule.unit == "doubles":
                doubles += rule.amount
            elif self.spec.limits_add:
                limits += rule.amount
            else:
                limits = max(limits, rule.amount)
        return points, doubles, limits, set_points

    def register_set_pred(self, pred) -> None:
        if pred not in self._set_known:
            self._set_known.add(pred)
            self.set_preds.append(pred)

    def register_tile_pred(self, pred) -> None:
        if pred not in self._tile_known:
            self._tile_known.add(pred)
            self.tile_preds.append(pred)

    def set_pred(self, pred, key) -> bool:
        """A set predicate on a set key (registering it)."""
        self.register_set_pred(pred)
        return pred in self.set_hits(key)

    def tile_pred(self, pred, tile: int, seat: int, round_: int) -> bool:
        self.register_tile_pred(pred)
        return pred in self.tile_hits(tile, seat, round_)

    def meld_tiles(self, kind: str, tile: int) -> tuple[int, ...]:
        if kind == "chow":
            return self.lay.chow_tiles[tile]
        return (tile,) * _SIZE[kind]

    def meld_hits(self, key) -> tuple[int, ...]:
        """The scoped rules (positions) whose ``where`` holds for a set or pair key."""
        hits = self._meld_hits.get(key)
        if hits is None:
            scope = self.pair_rules if key[0] == "pair" else self.set_rules
            rules = self.rules
            hits = self._meld_hits[key] = tuple(
                i for i in scope if rules[i].where is None or self.set_pred(rules[i].where, key)
            )
        return hits

    def bonus_hits(self, tile: int, seat: int, round_: int) -> tuple[int, ...]:
        key = (tile, seat, round_)
        hits = self._bonus_hits.get(key)
        if hits is None:
            rules = self.rules
            hits = self._bonus_hits[key] = tuple(
                i for i in self.bonus_rules if rules[i].where is None or self.tile_pred(rules[i].where, tile, seat, round_)
            )
        return hits

    # -- describing -------------------------------------------------------------
    def describe_meld(self, kind: str, tile: int) -> str:
        """A set as its tile codes: ``7c 7c 7c``."""
        d = self._described.get((kind, tile))
        if d is None:
            d = self._described[(kind, tile)] = " ".join(self.tiles.kinds[i].code for i in self.meld_tiles(kind, tile))
        return d


def could_be(fits, present: int, total: int) -> bool:
    """Whether a hand of ``total`` tiles holding the tiles of bit mask ``present`` can
    match some suit binding of a special hand (``fits``: per binding, its size and
    the tiles it can hold): a binding of another size, or one that cannot hold one of
    the tiles, never matches."""
    for size, mask in fits:
        if size == total and not present & ~mask:
            return True
    return False


_TABLES: ByObject[Tables] = ByObject()


def tables_for(auto) -> Tables:
    """The (cached) :class:`Tables` of an automaton, kept while the automaton lives."""
    return _TABLES.setdefault(auto, lambda: Tables(auto))


def _excluded_by(index_of_rule: dict, spec) -> dict:
    """Rule position -> the positions it drops when it applies: its ``excludes`` (every
    line of it), and every rule that applies drops a rule that ``counts alone``
    unless that rule's ``except`` names it."""
    out: dict[int, set] = {}
    for name, names in spec.excludes:
        out.setdefault(index_of_rule[name], set()).update(index_of_rule[n] for n in names)
    for name, unless in getattr(spec, "alone", ()):
        alone = index_of_rule[name]
        for other, i in index_of_rule.items():
            if i != alone and other not in unless:
                out.setdefault(i, set()).add(alone)
    return {i: frozenset(drops) for i, drops in out.items()}
