"""What the scorer reads and what it answers: a hand with the context of its end,
and the score with one explained line per rule that applied.

Tiles are indices into the automaton's tile set, winds included (a seat wind is
the index of its wind tile), so the engine passes what it holds and the command
line converts codes once (:mod:`mjdsl.scoring.notation`).
"""

from __future__ import annotations

from typing import Any, Iterable

import attrs

from ..hands import Meld
from ..source import Span

#: Where the last tile of a winning hand came from.
SOURCES = ("wall", "discard", "kong_box", "last_of_wall", "last_discard", "robbed_kong")
#: Sources that are self-drawn; the others were another player's tile.
SELF_DRAWN = frozenset(("wall", "kong_box", "last_of_wall"))
#: The seat wind and the round wind of a ruleset whose seats have no winds: no tile's
#: index, so no tile is the seat's or the round's wind.
NO_WIND = -1


# typed converters: the attrs plugin of mypy cannot read the builtin constructors' types
def _melds(value: Iterable[Meld]) -> tuple[Meld, ...]:
    return tuple(value)


def _ints(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(value)


def _names(value: Iterable[str]) -> frozenset[str]:
    return frozenset(value)


def _seats(value: Iterable[int | None]) -> tuple[int | None, ...]:
    return tuple(value)


def _helds(value: Iterable[tuple[int, ...] | None]) -> tuple[tuple[int, ...] | None, ...]:
    return tuple(value)


def _counts(value) -> tuple[int, ...]:
    return tuple(int(c) for c in value)


@attrs.frozen
class CardWin:
    """The facts of a win from a card of hands (American): supplied by the caller.

    card_points: the points printed for the line made; jokers: jokers in the hand;
    singles_pairs: the line has no group of three or more (no joker can stand in it);
    section: the title of the card section the line is in.
    """

    card_points: float
    jokers: int = 0
    singles_pairs: bool = False
    section: str = ""


@attrs.frozen
class HandInput:
    """One player's hand at the end of a hand, and the context of the end.

    concealed: counts by tile index of the tiles in hand, the winning tile included
        for a winner; bonus tiles are not here.
    melds: the declared sets: claimed sets (``concealed=False``) and every kong
        (a kong declared from the hand has ``concealed=True``).
    bonus: the flowers and seasons set aside, as tile indices.
    winning_tile: the last tile of a winning hand; None for a hand that did not win.
    source: where the winning tile came from, one of :data:`SOURCES`.
    seat_wind, round_wind: wind tile indices; :data:`NO_WIND` when the ruleset's seats
        have no winds (then no tile is the seat's or the round's wind).
    dealer: whether this player deals (East); None means "the seat wind is the
        ruleset's first seat wind".
    discarder: the seat wind of the player whose tile won (by discard or robbed
        kong), for payments such as "discarder pays"; None: unknown.
    announcements: names of the announcements this player made (``standing``).
    original_hand, earthly_hand: the heavenly and earthly hands.
    dealer_streak: hands in a row the dealer has won, this one included.
    card: for a win from a card of hands, its facts; None for pattern hands.
    variants: per variant of the tile set (``TileSet.variants``, in order), how many of
        its copies the hand holds, concealed or in its sets (they are counted in
        ``concealed`` and ``melds`` as their base kind); () when there are none.
    fed: per declared set (``melds``, in order), the seat wind of the player whose
        discard was claimed for it (None: made from the hand, or not known); () when
        none is known. The sets are in the order they were declared.
    held_at: per declared set, the concealed counts just after it was declared (which
        sets the hand already held then); None for a set, or () for all: the hand
        held its concealed sets from the start. Both feed responsibility
        (``feeder of N sets where ...``, :mod:`mjdsl.scoring.feeds`).
    table: the facts of the table at the end of the hand (``wall_left``, the session's
        counters, ``discards_since(NAME)`` as the key ``("discards_since", NAME)``...):
        a mapping the engine fills as the rules read it
        (:class:`mjdsl.engine.table_facts.TableFacts`); None: each is 0 (false).
    """

    concealed: tuple[int, ...] = attrs.field(converter=_counts)
    seat_wind: int
    round_wind: int
    melds: tuple[Meld, ...] = attrs.field(default=(), converter=_melds)
    bonus: tuple[int, ...] = attrs.field(default=(), converter=_ints)
    winning_tile: int | None = None
    source: str = attrs.field(default="wall", validator=attrs.validators.in_(SOURCES))
    dealer: bool | None = None
    discarder: int | None = None
    announcements: frozenset[str] = attrs.field(default=frozenset(), converter=_names)
    original_hand: bool = False
    earthly_hand: bool = False
    dealer_streak: int = 0
    card: CardWin | None = None
    variants: tuple[int, ...] = attrs.field(default=(), converter=_ints)
    fed: tuple[int | None, ...] = attrs.field(default=(), converter=_seats)
    held_at: tuple[tuple[int, ...] | None, ...] = attrs.field(default=(), converter=_helds, eq=False, repr=False)
    table: Any = attrs.field(default=None, eq=False, repr=False)

    @property
    def won(self) -> bool:
        return self.winning_tile is not None

    @property
    def self_drawn(self) -> bool:
        return self.won and self.source in SELF_DRAWN

    @property
    def by_discard(self) -> bool:
        return self.won and self.source not in SELF_DRAWN


@attrs.frozen
class RuleLine:
    """One rule that applied: its name and title, its amount in its unit, how many
    times it applied (per set, pair or bonus tile), what it applied to, and where
    the ruleset writes it."""

    name: str
    title: str
    amount: float
    unit: str
    count: int
    span: Span | None
    applied_to: tuple[str, ...] = ()

    @property
    def value(self) -> float:
        return self.amount * self.count

    def to_json(self) -> dict:
        out = {"name": self.name, "title": self.title, "amount": _num(self.amount), "unit": self.unit,
               "count": self.count, "value": _num(self.value)}
        if self.applied_to:
            out["applied_to"] = list(self.applied_to)
        if self.span is not None:
            out["file"] = self.span.path
            out["line"] = self.span.line
        return out


#: How a total was reached: points and doubles (under the limit), capped at the
#: limit, or the limit hand's value.
BASES = ("points", "capped", "limit")


@attrs.frozen
class ScoreResult:
    """The score of one hand, in its best reading.

    won: the hand won. pattern: the winning shape of the best reading (None for a
    loser). melds: the best reading's sets and pairs, exposure as scored (a set
    completed by a discard is exposed). last: index in ``melds`` of the set the
    winning tile completed, or None. points, doubles: the sums of those units of
    the rules that applied; limits: the largest limit rule (limits do not add; their sum
    with ``limits add``).
    score: the ruleset's ``value`` of points and doubles; total: what the hand is
    worth after the limit (see :data:`BASES` for ``basis``). context: the facts of
    the hand in its best reading (:class:`mjdsl.scoring.env.HandEnv`), for payment
    rules and for the explanations below, which are worked out when asked for:
    :attr:`applied`, :attr:`lines`, :attr:`rule_names` and :attr:`payments`.
    fired: the hand rules (positions) that applied in the best reading.
    """

    won: bool
    pattern: str | None
    melds: tuple[Meld, ...]
    last: int | None
    points: float
    doubles: float
    limits: float
    score: float
    total: float
    basis: str
    context: Any = attrs.field(default=None, eq=False, repr=False)
    fired: tuple[int, ...] = attrs.field(default=(), eq=False, repr=False)

    @property
    def applied(self) -> tuple[tuple[int, int], ...]:
        """The rules that applied, as ``(position in the automaton's rules, times)``, in
        ruleset order."""
        from .score import applied

        return applied(self)

    @property
    def lines(self) -> tuple[RuleLine, ...]:
        """One explained line per rule that applied, in ruleset order."""
        from .score import explain

        return explain(self)

    @property
    def rule_names(self) -> tuple[str, ...]:
        rules = self.context.t.rules
        return tuple(rules[i].name for i, _ in self.applied)

    @property
    def payments(self) -> tuple[float, ...]:
        """For a winner, what each seat receives (+) or pays (-) in the settlement with
        the winner alone, seats in the ruleset's seat-wind order (the losers'
        settlement among themselves needs their hands: :func:`mjdsl.scoring.settle`);
        empty for a loser."""
        if not self.won:
            return ()
        from .settle import winner_payments

        env = self.context
        return tuple(winner_payments(env.t.auto, env, env.inp))


def _num(x: float):
    """A number for JSON: an int when it is whole."""
    return int(x) if float(x).is_integer() else round(float(x), 6)
