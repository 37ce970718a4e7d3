"""The facts of the table: the state and history of a hand, for the conditions that
read them in play (a claim's ``when``, an announcement's ``if``) and for the score
and payment rules at the end of the hand.

Each fact is declared in :mod:`mjdsl.facts` (the ``table`` context); this module
works out its value from the game state, only when a condition reads it. What the
facts need the state keeps as play goes (:class:`mjdsl.engine.state.HandState`):
the discards and claims made, which tiles each seat has thrown, whether a seat let
a winning discard go by, when each announcement was made. Nothing here names a
variant: furiten is ``not discarded_a_wait``, written in the ruleset.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..tiles import indicated

if TYPE_CHECKING:
    from collections.abc import Callable

    from .game import Game


def _discarded_a_wait(game: Game, seat: int, tile: int | None) -> bool:
    st = game.st
    thrown = st.thrown[seat]
    hand = st.hands[seat]
    # a won hand: asked of the hand as it stood before its last tile
    last = tile if tile is not None and st.winner == seat and hand[tile] > 0 else None
    if last is not None:
        hand[last] -= 1
    try:
        return any(was and game.rules.completes(st, seat, t) for t, was in enumerate(thrown))
    finally:
        if last is not None:
            hand[last] += 1


def _tile_visible(game: Game, tile: int | None) -> int:
    if tile is None:
        return 0
    st = game.st
    n = sum(d.count(tile) for d in st.discards)
    for exps in st.exposures:
        for e in exps:
            n += e.tiles(None).count(tile)
    return n


def indicator_tiles(game: Game, under: bool = False) -> list[int]:
    """The indicators shown (or the tiles under them): the dead wall's tiles from its
    live end, in pairs (the indicator, the tile under it), one pair for each shown; a
    kong shows one more when the ruleset says so. They lie where neither the live wall
    nor the replacements (taken from the far end) reach while the kong box keeps its size."""
    st = game.st
    w = game.auto.wall
    if not w.indicators or not st.wall:
        return []
    shown = w.indicators + (sum(e.size >= 4 for exps in st.exposures for e in exps) if w.indicators_per_kong else 0)
    first = len(st.wall) - st.reserve
    base = game.auto.tiles.base  # a red five shown points as a five does
    return [base(st.wall[p]) for p in range(first + int(under), min(first + 2 * shown, len(st.wall)), 2)]


def _indicated(game: Game, seat: int, under: bool) -> int:
    st = game.st
    w = game.auto.wall
    if under and not (w.under and st.winner == seat and holds(w.under_when, game, seat)):
        return 0
    held = list(st.hands[seat])
    for e in st.exposures[seat]:
        for t in e.tiles(None):
            held[t] += 1
    return indicated(game.auto.indicates, held, indicator_tiles(game, under))


def _claim_swap(game: Game) -> int | None:
    """The tile one rank beyond the far end of the run just claimed, when the claimed tile
    was an end of it (3 claimed for 4-5: the 6); None for the middle, a set of alike
    tiles, or beyond the suit."""
    claimed = game.st.just_claimed
    if claimed is None or not claimed[1]:
        return None
    tile, run = claimed
    kinds = game.auto.tiles.kinds
    if tile == run[0]:
        far, step = run[-1], 1
    elif tile == run[-1]:
        far, step = run[0], -1
    else:
        return None
    k = kinds[far]
    beyond = game.auto.tiles.suited(k.suit, k.rank + step)
    return beyond.index if beyond is not None else None


def _matching(game: Game, seat: int, pred):
    """Whether a tile matches ``pred``, read as the scorer reads what a tile is (the
    player's winds for own_wind)."""
    from ..scoring.engine import round_wind, seat_wind
    from ..scoring.tables import tables_for

    tables, wind, round_ = tables_for(game.auto), seat_wind(game, seat), round_wind(game)
    return lambda t: tables.tile_pred(pred, t, wind, round_)


def _alike_discards(game: Game, seat: int, pred) -> int:
    """The most discards of one kind matching ``pred`` made this hand, by every player
    (the discards still on the table: with no claim made, every discard)."""
    counts: dict[int, int] = {}
    for pile in game.st.discards:
        for t in pile:
            counts[t] = counts.get(t, 0) + 1
    matches = _matching(game, seat, pred)
    return max((n for t, n in counts.items() if matches(t)), default=0)


def _kinds_held(game: Game, seat: int, pred) -> int:
    """How many different kinds matching ``pred`` the seat holds in its hand."""
    matches = _matching(game, seat, pred)
    return sum(1 for t, n in enumerate(game.st.hands[seat]) if n and matches(t))


def _win_claims(game: Game) -> int:
    """The mah jongg claims made on the discard of the claim window open now (its
    answers, while they are all in and none stands yet); 0 outside one."""
    from .actions import MAHJONG

    st = game.st
    win = game.catalogue.get(MAHJONG)
    return sum(1 for s in st.asked if isinstance(st.pending.get(s), dict) and st.pending[s].get("choice") == win)


def table_fact(game: Game, seat: int, name: str, tile: int | None = None) -> Any:
    """The value of a fact of the table for ``seat``; ``tile``: the tile in question
    (the discard offered, the winning tile), None when there is none."""
    st = game.st
    if name == "wall_left":
        return st.live_left()
    if name == "discards":
        return st.turns
    if name == "claims":
        return st.claims
    if name == "dealer":
        return seat == st.dealer
    if name == "concealed_hand":
        return all(e.concealed for e in st.exposures[seat])
    if name == "discarded_a_wait":
        return _discarded_a_wait(game, seat, tile)
    if name == "passed_a_win":
        return st.passed[seat]
    if name == "own_discard":
        return tile is not None and st.thrown[seat][tile]
    if name == "tile_visible":
        return _tile_visible(game, tile)
    if name == "just_claimed":
        return tile is not None and st.just_claimed is not None and st.just_claimed[0] == tile
    if name == "claim_swap":
        return tile is not None and _claim_swap(game) == tile
    if name == "kongs":
        return sum(e.size >= 4 for exps in st.exposures for e in exps)
    if name == "kong_seats":
        return sum(any(e.size >= 4 for e in exps) for exps in st.exposures)
    if name == "win_claims":
        return _win_claims(game)
    if name in ("indicated", "indicated_under"):
        return _indicated(game, seat, name == "indicated_under")
    if name in game.context:  # the session's counters
        return game.context[name]
    if any(name == c[0] for c in game.auto.session.counters):
        return 0
    raise KeyError(f"fact {name!r} is not known at the table")


def table_call(game: Game, seat: int, fn: str, arg: Any) -> Any:
    """``announced(NAME)``, ``discards_since(NAME)``, ``claims_since(NAME)`` for ``seat``;
    ``announcers(NAME)``, ``alike_discards(PRED)`` of the whole table; ``kinds_held(PRED)``
    of the seat's hand."""
    st = game.st
    if fn == "announced":
        return arg in st.announced[seat]
    if fn == "announcers":
        return sum(arg in made for made in st.announced)
    if fn == "alike_discards":
        return _alike_discards(game, seat, arg)
    if fn == "kinds_held":
        return _kinds_held(game, seat, arg)
    at = st.announced_at[seat].get(arg)
    if fn == "discards_since":
        return -1 if at is None else st.turns - at[0]
    if fn == "claims_since":
        return -1 if at is None else st.claims - at[1]
    raise KeyError(f"function {fn}() is not known at the table")


class TableEnv:
    """The environment of a condition read in play: the facts of the table for one
    seat and the tile in question (the protocol of :mod:`mjdsl.ir.expr`)."""

    __slots__ = ("game", "seat", "tile")

    def __init__(self, game: Game, seat: int, tile: int | None = None) -> None:
        self.game, self.seat, self.tile = game, seat, tile

    def fact(self, name: str) -> Any:
        return table_fact(self.game, self.seat, name, self.tile)

    def call(self, fn: str, arg: Any) -> Any:
        return table_call(self.game, self.seat, fn, arg)


def holds(cond: Callable[[TableEnv], object] | None, game: Game, seat: int, tile: int | None = None) -> bool:
    """Whether a condition of the table holds (None: no condition, it always does)."""
    return cond is None or bool(cond(TableEnv(game, seat, tile)))


class TableFacts(Mapping):
    """The facts of the table at the end of a hand, for the scorer (``HandInput.table``):
    each worked out when a score or payment rule first reads it. Keys are fact names
    and ``(function, announcement)`` pairs."""

    def __init__(self, game: Game, seat: int, tile: int | None) -> None:
        self._env = TableEnv(game, seat, tile)
        self._known: dict = {}

    def __getitem__(self, key):
        if key not in self._known:
            if isinstance(key, tuple):
                self._known[key] = self._env.call(*key)
            else:
                self._known[key] = self._env.fact(key)
        return self._known[key]

    def __iter__(self):
        return iter(self._known)

    def __len__(self) -> int:
        return len(self._known)
