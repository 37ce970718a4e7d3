"""The intermediate automaton: a checked ruleset lowered to plain data.

An :class:`Automaton` is what the interpreter runs. It has two parts:

* the **states** of a hand: each a chance step (the shuffle, the dice), a decision
  (one seat acts), a simultaneous decision (several seats choose hidden, then a
  declared resolver combines the choices), or a system step (the deal, a draw,
  the settlement), with guarded transitions to the next states;
* the **specs** the steps read: tiles, wall, claims, jokers, winning hands,
  scoring, payments, session. Options are already applied: what the rules fix is
  fixed here (a Charleston switched off has no states at all).

Every state and spec keeps the span of the rule it came from, so that an engine
message or a score explanation can point at the ruleset line.
"""

from __future__ import annotations

from typing import Any, Callable

import attrs

from ..source import Span
from ..tiles import TileSet

# State kinds.
CHANCE = "chance"
DECISION = "decision"
SIMULTANEOUS = "simultaneous"
SYSTEM = "system"
TERMINAL = "terminal"


@attrs.frozen
class Transition:
    """Go to ``target`` when ``guard`` holds (guards are names the interpreter evaluates:
    ``always``, ``stopped``, ``won``, ``claimed``, ``wall_game``, ...)."""

    guard: str
    target: str


@attrs.frozen
class State:
    """One state of a hand.

    id: unique name (``charleston.1``); kind: chance, decision, simultaneous, system
    or terminal; step: the interpreter's handler (``pass``, ``claim_window``...);
    params: the step's fixed parameters; next: transitions, first match wins;
    span: the rule it came from.
    """

    id: str
    kind: str
    step: str
    params: dict = attrs.field(factory=dict)
    next: tuple[Transition, ...] = ()
    span: Span | None = None


@attrs.frozen
class WallSpec:
    """The wall: its size, what breaks it, how much is dead wall (kong box).

    breaks: dice throws in order, each ``(part, dice, thrown_by, counting)``.
    dead: tiles at the end kept back for replacements; loose: loose tiles on top.
    """

    sides: int
    length: int
    height: int
    dead: int
    loose: int
    breaks: tuple[tuple[str, int, str, str], ...]
    span: Span | None = None
    #: issue 10: indicators shown face up in the dead wall from the start, one more after
    #: each kong if so; whether the tiles under them are turned up for a winner, and of
    #: whom (a condition of the table; None: every winner)
    indicators: int = 0
    indicators_per_kong: bool = False
    under: bool = False
    under_when: Any = attrs.field(default=None, eq=False, repr=False)
    under_text: str = ""

    @property
    def size(self) -> int:
        return self.sides * self.length * self.height


@attrs.frozen
class ClaimSpec:
    """A claim of a discard.

    name; size: tiles in the set made (None: only mah jongg); shape: ``same`` or
    ``run``; source: whose discards (``any``, ``left``, ``right``, ``across``, ``dealer``,
    ``side owner``); widened: the source allowed
    when claiming for the claim ``widened_for``; rank: priority (0 is highest).
    """

    name: str
    size: int | None
    shape: str | None
    source: str
    widened: str | None
    widened_for: str | None
    rank: int
    span: Span | None = None
    #: the claim's condition on the table (``when discards < 4``), read as the discard
    #: is offered (engine/table_facts.py); None: always (an option's is folded in)
    when: Callable | None = attrs.field(default=None, eq=False)
    when_text: str = ""
    #: the condition as written (mjdsl.ast), for the rule book's words
    when_expr: Any = attrs.field(default=None, eq=False, repr=False)

    @property
    def is_win(self) -> bool:
        return self.size is None


@attrs.frozen
class JokerSpec:
    """Jokers: the tile, the smallest group they may stand in, and what the rules allow."""

    tile: int
    min_group: int
    swap: bool
    dead_when_discarded: bool
    never_passed: bool
    span: Span | None = None


@attrs.frozen
class PatternSpec:
    """A winning shape for hands not played from a card (four sets and a pair...)."""

    name: str
    title: str
    sets: int | None
    pairs: int
    max_chows: int | None
    special: Any  # a mjdsl.hands.Pattern for special hands, else None
    concealed: bool
    span: Span | None = None


@attrs.frozen
class WinSpec:
    """How a hand wins: a compiled card, or patterns; and who may call what when concealed."""

    card: Any  # mjdsl.cards CompiledCard or None
    card_path: str | None
    patterns: tuple[PatternSpec, ...]
    concealed_calls_only: str | None


@attrs.frozen
class RuleSpec:
    """A compiled score rule: amount in a unit, an optional scope and predicates."""

    name: str
    title: str
    amount: float
    unit: str
    scope: str | None
    where: Callable | None
    when: Callable | None
    span: Span | None = None
    #: the predicates as written (canonical text), for dumps, the hash and explanations
    text: str = ""
    #: the predicates as expressions (mjdsl.ast), for consumers that compile them
    #: further (the scorer compiles a ruleset's conditions into one function)
    where_expr: Any = attrs.field(default=None, eq=False, repr=False)
    when_expr: Any = attrs.field(default=None, eq=False, repr=False)
    #: ``per COUNT`` (a hand rule): how many times the rule counts in a reading, as a
    #: closure and its expression (lets written in); None: once
    times: Callable | None = attrs.field(default=None, eq=False)
    times_expr: Any = attrs.field(default=None, eq=False, repr=False)


@attrs.frozen
class ScoringSpec:
    value: Callable | None
    value_text: str
    limit: float | None
    roof_off: bool
    best_split: bool
    rules: tuple[RuleSpec, ...]
    #: the value expression (mjdsl.ast), as ``RuleSpec.when_expr``
    value_expr: Any = attrs.field(default=None, eq=False, repr=False)
    #: ``claimed kongs count concealed``: a kong claimed onto a concealed pung scores concealed
    claimed_kongs_concealed: bool = False
    #: ``RULE excludes RULE...``: by rule name, the rules not counted when it applies
    excludes: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: ``RULE counts alone except RULE...``: by rule name, the rules that do not keep it
    #: from counting (every other rule that applies does)
    alone: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: ``account once RULE...``: each account's rules by name, in the order written; their
    #: groups of related sets are counted together (scoring/accounts.py)
    accounts: tuple[tuple[str, ...], ...] = ()
    #: ``win only when COND``: the minimum to go out (None: any winning hand wins), as a
    #: closure, its text and its expression (lets written in)
    minimum: Callable | None = attrs.field(default=None, eq=False)
    minimum_text: str = ""
    minimum_expr: Any = attrs.field(default=None, eq=False, repr=False)
    #: ``limits add``: the limit rules that apply add up (without it, the largest counts)
    limits_add: bool = False


@attrs.frozen
class PaySpec:
    payer: str
    amount: Callable
    when: Callable | None
    span: Span | None = None
    text: str = ""


@attrs.frozen
class BonusPaySpec:
    """``on bonus MEMBER...: others pay N points``, resolved to tiles.

    need: for each seat position from the dealer (0 = the dealer's, East's), the
        tiles the group needs among the seat's bonus tiles set aside (``own
        flower`` is a different tile for each position).
    points: what every other seat pays when the tile set aside completes the group.
    text: the group as written, in English words (the IR dump's).
    words: the group's members as (how, word): ``("code", "cat")``, ``("own", "flower")``,
        ``("all", "animal")``, for the rule book to say in its own language.
    """

    need: tuple[frozenset, ...]
    points: float
    span: Span | None = None
    text: str = ""
    words: tuple[tuple[str, str], ...] = ()


@attrs.frozen
class FeedSpec:
    """``feeder of N sets where PRED pays [SHARE] for GROUP [when COND]`` (responsibility).

    count, where: the set that brings the winner's sets matching ``where`` (a set
        predicate, compiled) to ``count`` names the feeder, when a discard fed it.
    share: the part (0 < share <= 1) of each payment of ``group`` the feeder takes on;
    group: ``losers``, ``discarder`` or ``others`` (whose payments it takes on).
    when: the condition, of the winner's hand (pay context); text: the statement in words.
    """

    count: int
    where: Callable
    share: float
    group: str
    when: Callable | None
    span: Span | None = None
    text: str = ""


@attrs.frozen
class PaymentsSpec:
    pays: tuple[PaySpec, ...]
    settle_losers: bool
    dealer_double: bool
    penalties: dict
    #: issue 10, payments outside the settlement: points an announcement puts into the
    #: pot, by its name; what the hands not calling pay the calling ones at a wall game
    #: (0: nothing); points every other seat pays for a kong, by its kind
    #: (``concealed``, ``claimed``, ``added``)
    deposits: dict = attrs.field(factory=dict)
    wall_game_pay: float = 0
    instant: dict = attrs.field(factory=dict)
    #: instant payments when a seat's bonus tiles complete a group (Singapore's bites)
    bonus_pays: tuple = ()
    #: responsibility: the feeder of a set takes on losers' payments (:class:`FeedSpec`)
    feeds: tuple = ()


@attrs.frozen
class SessionSpec:
    hands: int | None
    rounds: int | None
    dealer_keeps: Callable | None
    dealer_keeps_text: str
    dealer_rotates: bool
    round_wind_rotates: bool
    #: dice each seat throws for the first dealer (``first dealer by dice N ...``); 0: seat 0 deals
    first_dealer_dice: int = 0
    #: the session's counters (``counter honba ...``): (name, the condition that keeps it
    #: counting, its text)
    counters: tuple[tuple[str, Callable, str], ...] = attrs.field(default=(), eq=False)
    #: a session condition reads ``dealer_calling`` (so a wall game works it out)
    reads_calling: bool = False


@attrs.frozen
class AbortSpec:
    """An abortive draw (``abort "TITLE" [after claims | by choice] when COND``): the
    hand ends with no winner when ``when`` (a condition of the table) holds at its point.

    title: its name in the result, the log and the rule book; when: the compiled
    condition; when_text: its text; span: the statement; point: where it is asked,
    ``draw`` (before a draw from the wall), ``claims`` (a discard's claims all in,
    before any stands) or ``choice`` (a move offered to the seat on turn)."""

    title: str
    when: Any = attrs.field(eq=False, repr=False)
    when_text: str = ""
    span: Any = None
    point: str = "draw"


@attrs.frozen
class AnnounceSpec:
    """An announcement: its name, title, when it may be made, and what it does."""

    name: str
    title: str
    time: str
    freezes: bool
    required: bool
    span: Span | None = None
    #: ``if EXPR``: the announcement may be made only when this holds of the table; None: always
    when: Callable | None = attrs.field(default=None, eq=False)
    when_text: str = ""
    #: the condition as written (mjdsl.ast), for the rule book's words
    when_expr: Any = attrs.field(default=None, eq=False, repr=False)


@attrs.frozen
class Automaton:
    """Everything the interpreter needs to play one hand, and a session of hands."""

    name: str
    hash: str
    tiles: TileSet
    seats: int
    seat_winds: tuple[int, ...]
    wall: WallSpec
    deal: tuple[tuple[str, int, int], ...]
    states: dict
    start: str
    claims: tuple[ClaimSpec, ...]
    kongs: dict
    jokers: JokerSpec | None
    winning: WinSpec
    dead_causes: tuple[str, ...]
    never_pass: tuple[int, ...]
    dead_discards: tuple[int, ...]
    discard_live_until: str
    wall_game_left: int
    announcements: tuple[AnnounceSpec, ...]
    original_hand: bool
    bonus_kinds: tuple[str, ...]
    scoring: ScoringSpec
    payments: PaymentsSpec
    session: SessionSpec
    options: dict
    tile_classes: dict
    source_spans: dict = attrs.field(factory=dict)
    #: where a bonus tile drawn in play is replaced from (``replacement from ...``)
    replacement_from: str = "dead wall"
    #: players in a session (``players N`` in ``seats``): more than ``seats`` and each hand
    #: some sit out in turn (``engine.run.seating``); 0 is one player per seat
    players: int = 0
    #: per tile index, the tile an indicator of it points at (the next of its cycle), -1
    #: for a tile in no cycle; () without cycles (``cycle`` in the tiles block)
    indicates: tuple[int, ...] = ()
    #: a discard refused while this condition of the table holds of the tile (``no
    #: discard when ...``), its text; None: every tile held may be discarded
    no_discard: Any = attrs.field(default=None, eq=False, repr=False)
    no_discard_text: str = ""
    #: abortive draws, each asked in order at its point (``abort ... when``)
    aborts: tuple[AbortSpec, ...] = ()

    def aborts_at(self, point: str) -> tuple[AbortSpec, ...]:
        """The aborts asked at one point (``draw``, ``claims``, ``choice``), in order."""
        return tuple(a for a in self.aborts if a.point == point)

    @property
    def session_players(self) -> int:
        """How many play a session: the seats, or more when some sit out each hand."""
        return max(self.players, self.seats)

    def state(self, sid: str) -> State:
        return self.states[sid]

    def claim(self, name: str) -> ClaimSpec | None:
        for c in self.claims:
            if c.name == name:
                return c
        return None
