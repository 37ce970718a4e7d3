"""The state of one hand in play.

Unlike the AST and the IR, the game state is mutable: a playout applies tens of
thousands of actions a second and copying a frozen record at each would cost more
than the rules. It is owned by :class:`mjdsl.engine.game.Game`, which validates every
action before it changes anything, and :meth:`HandState.clone` gives an independent
copy for search. Tiles are indices into the automaton's tile set; a hand is a list
of counts.
"""

from __future__ import annotations

import copy
from typing import Any

import attrs


@attrs.frozen(cache_hash=True)  # hashed as a key of the win questions' memos, over and over
class Exposure:
    """A set on the table.

    kind: the claim that made it (``pung``, ``chow``) or ``kong_concealed``/``kong_added``.
    tile: the tile it is of (the lowest, for a run); size: how many tiles stand in it.
    jokers: jokers standing in it (for a tile of a same-shape set).
    concealed: a concealed kong. source: the seat whose discard completed it (None: own).
    run: for a run, its tiles (indices), else ().
    copies: the copies of a variant standing in it (copy numbers, ``TileSet.variants``):
    a red five in a pung; () when none (the other tiles are plain copies).
    """

    kind: str
    tile: int
    size: int
    jokers: int = 0
    concealed: bool = False
    source: int | None = None
    run: tuple[int, ...] = ()
    copies: tuple[int, ...] = ()

    @property
    def naturals(self) -> int:
        return self.size - self.jokers

    def tiles(self, joker: int | None) -> list[int]:
        """The tiles standing in the set (jokers as the joker tile)."""
        if self.run:
            return list(self.run)
        return [self.tile] * self.naturals + ([joker] * self.jokers if joker is not None else [])


class HandState:
    """Everything that changes while a hand is played.

    node: the automaton state we are in. hands: per seat, counts by tile index.
    exposures, bonus (tiles set aside), discards: per seat. wall: every tile in
    draw order; live tiles are ``wall[head:tail - reserve]``, replacements are taken
    from ``tail`` downwards. dealer, turn: seats. dead: dead hands (racked, out of play).
    pending: hidden choices of a simultaneous step, by seat. history: applied actions.
    """

    # set by the steps that make them, absent before (steps_setup: the shuffle, a side throw)
    shuffle_seed: int
    break_side: int

    def __init__(self, seats: int, kinds: int) -> None:
        self.node = ""
        self.hands = [[0] * kinds for _ in range(seats)]
        self.exposures: list[list[Exposure]] = [[] for _ in range(seats)]
        self.bonus: list[list[int]] = [[] for _ in range(seats)]
        self.discards: list[list[int]] = [[] for _ in range(seats)]
        self.wall: list[int] = []
        self.head = 0
        self.tail = 0
        self.reserve = 0
        self.dice: list[int] = []
        self.break_at = 0
        self.dealer = 0
        self.turn = 0
        self.round_wind: int | None = None  # None: the seats have no winds
        self.dead = [False] * seats
        self.dead_reason: list[str | None] = [None] * seats
        # a simultaneous step: who is asked (in order), what each has chosen so far
        self.asked: list[int] = []
        self.pending: dict[Any, Any] = {}  # by seat in a window; by word ("announce") on a turn
        self.step_info: dict = {}
        # copies told apart (``variant`` in the tiles block: red fives). Hands, discards
        # and sets count tiles by kind; these say which of those copies are variants.
        #: per seat: the variant copies (copy numbers) among its concealed tiles
        self.held_variants: list[list[int]] = [[] for _ in range(seats)]
        #: per seat, beside ``discards``: the copy each discard was (its kind for a plain one)
        self.discard_copies: list[list[int]] = [[] for _ in range(seats)]
        #: the copy of the tile last drawn (``last_draw`` has its kind), of the tile added to a pung
        self.drawn_copy: int | None = None
        self.kong_copy: int | None = None
        # the discard on the table (seat, tile), if it may still be claimed
        self.last_discard: tuple[int, int] | None = None
        self.last_draw: tuple[int, str, bool] | None = None  # (tile, where from, the last live tile)
        self.claimed: tuple | None = None
        self.flag = ""  # the guard the last step raised ("won", "claimed", ...)
        self.winner: int | None = None
        self.win: dict = {}
        #: the other winners on the same discard (``several win on one discard``), nearest
        #: after the discarder first: (seat, win); the tile stays in the first winner's hand
        self.more_winners: list[tuple[int, dict]] = []
        self.returns = [0.0] * seats
        self.result: dict = {}
        self.history: list[int] = []
        self.turns = 0
        self.discarded_once = [False] * seats
        self.announced: list[list[str]] = [[] for _ in range(seats)]
        self.frozen = [False] * seats
        #: a frozen hand as it was frozen (by an announcement on turn: as the turn's
        #: discard left it): (concealed counts, exposures), by seat
        self.frozen_as: dict[int, tuple] = {}
        #: the last claim window resolved: the discarder, every answer (seat, action id)
        #: nearest after the discarder first, and the seat whose claim stood (None: none)
        self.last_claims: tuple | None = None
        self.offers: dict[int, int] = {}
        self.stopped = False
        self.kong_pending: tuple[int, int] | None = None
        self.kong_draws = [0] * seats
        #: replacements for tiles dealt, in the order given: (seat, round)
        self.replacements: list[tuple[int, int]] = []
        #: how often things happened this hand (kongs, robbing, bonus chains...), for stats
        self.events: dict[str, int] = {}
        # issue 10: what the facts of the table read (engine/table_facts.py)
        #: discards claimed this hand (sets exposed from a discard)
        self.claims = 0
        #: per seat, per tile kind: the seat has discarded that tile this hand
        self.thrown = [[False] * kinds for _ in range(seats)]
        #: per seat: a discard that completed its hand went by since its own last discard
        self.passed = [False] * seats
        #: per seat, per announcement made: (discards, claims) when it was made
        self.announced_at: list[dict[str, tuple[int, int]]] = [{} for _ in range(seats)]
        #: the claim just made, until its discard: (the tile claimed, the run's tiles or ())
        self.just_claimed: tuple[int, tuple[int, ...]] | None = None
        #: per seat, beside ``exposures``: the concealed counts just after each set was
        #: declared, kept only when the ruleset says who fed a set (``feeder ... pays``)
        self.held_at: list[list[tuple[int, ...]]] = [[] for _ in range(seats)]
        #: points in the pot (deposits), and what the session carried into this hand
        self.pot = 0.0
        self.pot_in = 0.0
        #: the title of the abortive draw that ended the hand (``abort ... when``), "" for none
        self.aborted = ""

    def declared(self, seat: int) -> None:
        """A set was just declared: keep what the hand holds besides (responsibility)."""
        self.held_at[seat].append(tuple(self.hands[seat]))

    def note(self, event: str) -> None:
        self.events[event] = self.events.get(event, 0) + 1

    def clone(self) -> "HandState":
        return copy.deepcopy(self)

    def __getnewargs__(self) -> tuple[int, int]:
        # a copy (clone) is made through __init__ in the compiled build, its
        # attributes then set: (seats, kinds)
        return len(self.hands), len(self.thrown[0]) if self.thrown else 0

    # -- counts -----------------------------------------------------------------
    def balance(self) -> float:
        """What the hand paid in all: 0, less what it added to the pot (deposits the
        next hand carries) or plus what it took out of the pot it was given."""
        return sum(self.returns) + self.pot - self.pot_in

    def live_left(self) -> int:
        return self.tail - self.reserve - self.head

    def hand_size(self, seat: int) -> int:
        return sum(self.hands[seat])

    def held(self, seat: int) -> int:
        """Tiles that count toward a seat's hand: concealed and exposed, less one for
        each kong that drew a replacement (such a kong counts as a set of three)."""
        return self.hand_size(seat) + sum(e.size for e in self.exposures[seat]) - self.kong_draws[seat]
