"""The generic interpreter: one hand of any automaton, behind an OpenSpiel-style API.

``current_player()`` is a seat, :data:`CHANCE` or :data:`TERMINAL`; ``legal_actions()``
lists catalogue integers; ``apply_action(a)`` validates and applies one;
``chance_outcomes()`` lists ``(outcome, probability)`` at a chance node; ``returns()``
gives each seat's settlement. A simultaneous step (a claim window, a Charleston pass)
asks each eligible seat in turn and keeps their answers hidden until the last is in,
then resolves them at once with the step's declared resolver.

The interpreter never names a variant: each automaton state names a *step*, and the
step handlers (``steps_setup``, ``steps_charleston``, ``steps_play``, ``settle``)
read their parameters from the state and the automaton's specs.
"""

from __future__ import annotations

import copy
import operator
from typing import TYPE_CHECKING, Any, Final, SupportsIndex

from ..diagnostics import MjError, error
from ..memo import ByObject
from . import actions as ACT
from .state import HandState
from .winning import WinRules

if TYPE_CHECKING:
    from ..ir.model import Automaton

CHANCE: Final = -1
TERMINAL: Final = -4

#: Shuffle outcomes are seeds in [0, SHUFFLE_SEEDS); the permutation is deterministic.
SHUFFLE_SEEDS = 2**31


class IllegalAction(MjError):
    """An action that the current state does not allow; the state is unchanged."""


class Node:  # a native class in the compiled build
    """An automaton state as the game reads it at every step: its kind, its step's
    handler and its transitions as plain typed fields (the IR's ``State`` is an attrs
    object: each of its attributes a generic lookup in the compiled build), made once per
    automaton (:func:`nodes_of`). ``state`` is the IR's, which the steps are given."""

    def __init__(self, state: Any, handler: Any) -> None:
        self.state = state
        self.terminal: bool = state.kind == "terminal"
        self.chance: bool = state.kind == "chance"
        self.system: bool = state.kind == "system"
        self.step: str = state.step
        self.handler = handler
        #: (guard, target) of each transition, the first that matches taken
        self.next: list[tuple[str, str]] = [(t.guard, t.target) for t in state.next]


class Game:  # a native class in the compiled build (mjdsl/native.py)
    """One hand: create with an automaton, the dealer seat and the round wind (a tile)."""

    # Read by every step as Any: the steps' bodies rely on what a checked automaton
    # always has (a claim's spec, a joker's rules where jokers are played) without
    # narrowing its optional parts for mypy; a step that wants the type names it.
    auto: Any
    #: the automaton's claims as the claim windows read them (steps_play.ClaimPlan), made
    #: at the first discard
    claim_plan: Any = None

    def __init__(self, auto: Automaton, dealer: int = 0, round_wind: int | None = None, *,
                 allow_false_calls: bool = False, context: dict | None = None) -> None:
        from . import steps_charleston, steps_play, steps_setup, settle

        self.auto = auto
        self.catalogue = catalogue_of(auto)
        self.rules = WinRules(auto)
        #: the runs each (size, tile) completes, per tile set (``steps_play.runs``): fetched
        #: once a hand, where every claim window of every seat reads it
        self.runs: dict = steps_play.RUNS.setdefault(auto.tiles, dict)
        self.allow_false_calls = allow_false_calls
        self.context = dict(context or {})
        self.n = auto.seats
        #: the number of kinds: a tile past it is a variant's copy (TileSet.variants)
        self.kinds = auto.tiles.size
        st = HandState(auto.seats, auto.tiles.size)
        st.dealer = dealer
        st.turn = dealer
        st.round_wind = round_wind if round_wind is not None else (auto.seat_winds[0] if auto.seat_winds else None)
        st.pot = st.pot_in = float(self.context.get("pot", 0))  # deposits carried from a wall game
        self.st = st
        self._legal: tuple = (-1, [])  # (history length, legal actions) of the last ask
        self.handlers = {}
        for mod in (steps_setup, steps_charleston, steps_play, settle):
            self.handlers.update(mod.HANDLERS)
        self.nodes = nodes_of(auto, self.handlers)
        self._enter(auto.start)

    # -- the OpenSpiel-style API ---------------------------------------------------
    def current_player(self) -> int:
        node = self.nodes[self.st.node]
        if node.terminal:
            return TERMINAL
        if node.chance:
            return CHANCE
        return node.handler.actor(self)

    def is_terminal(self) -> bool:
        return self.nodes[self.st.node].terminal

    def is_chance_node(self) -> bool:
        return self.nodes[self.st.node].chance

    def legal_actions(self, seat: int | None = None) -> list[int]:
        """Legal catalogue actions for the seat to act (or ``seat``, if it is the one)."""
        node = self.nodes[self.st.node]
        if node.terminal or node.chance:
            return []
        actor = self.current_player()
        if seat is not None and seat != actor:
            return []
        key = len(self.st.history)
        if self._legal[0] == key:
            return list(self._legal[1])
        legal = node.handler.legal(self, actor)
        self._legal = (key, legal)
        return list(legal)

    def action_mask(self, seat: int) -> list[bool]:
        mask = [False] * len(self.catalogue)
        for a in self.legal_actions(seat):
            mask[a] = True
        return mask

    def chance_outcomes(self) -> list[tuple[int, float]]:
        node = self.nodes[self.st.node]
        if not node.chance:
            return []
        return node.handler.outcomes(self, node.state)

    def apply_action(self, action: SupportsIndex) -> None:
        """Apply one action (a chance outcome at a chance node); IllegalAction if not legal.
        An action is a whole number: a numpy integer is one too, and 7.5 or "3" is none."""
        st = self.st
        node = self.nodes[st.node]
        state = node.state
        if node.terminal:
            raise IllegalAction(error("MJ401", "the hand is over: no more actions", state.span or _nospan(),
                                      "start a new hand"))
        handler = node.handler
        a = _whole(action)
        if node.chance:
            if a is None or not handler.valid_outcome(self, state, a):
                raise IllegalAction(error("MJ402", f"chance outcome {action} is not possible at {state.id}",
                                          state.span or _nospan(), "replay the log the game wrote"))
        else:
            # the actions the driver or the bot just asked for, else asked now
            legal = self._legal[1] if self._legal[0] == len(st.history) else self.legal_actions()
            if a is None or a not in legal:
                name = repr(action) if a is None else self.catalogue.name(a)
                raise IllegalAction(error(
                    "MJ403", f"{name} is not legal for seat {self.current_player()} at {state.id}",
                    state.span or _nospan(), "choose one of: " + ", ".join(self.catalogue.name(x) for x in legal[:12])))
        st.history.append(a)
        st.flag = ""
        done = handler.apply(self, state, a)
        if done:
            self._leave(node)

    def clone(self) -> "Game":
        """An independent copy of the hand (the automaton and its tables are shared)."""
        other = copy.copy(self)
        other.st = self.st.clone()
        other._legal = (-1, [])
        return other

    def __getnewargs__(self) -> tuple[Automaton]:
        # a copy (clone) is made through __init__ in the compiled build, its attributes
        # then set from this game's
        return (self.auto,)

    def returns(self) -> list[float]:
        return list(self.st.returns)

    def action_name(self, action: int) -> str:
        return self.catalogue.name(action)

    # -- moving between states ---------------------------------------------------------
    def _leave(self, node: Node) -> None:
        self._enter(self._next(node))

    def _enter(self, sid: str) -> None:
        """Enter a state; system states run at once and move on."""
        while True:
            st = self.st
            st.node = sid
            node = self.nodes[sid]
            if node.terminal:
                return
            handler = node.handler
            st.flag = ""
            if node.system:
                handler.run(self, node.state)
                sid = self._next(node)
                continue
            if hasattr(handler, "enter"):
                skip = handler.enter(self, node.state)
                if skip:  # nobody needs to act: the step resolved itself
                    sid = self._next(node)
                    continue
            return

    def _next(self, node: Node) -> str:
        flag = self.st.flag
        for guard, target in node.next:
            if guard == "always" or guard == flag:
                return target
        state = node.state
        raise MjError(error("MJ404", f"no transition out of {state.id} for '{flag}'", state.span or _nospan(),
                            "this is a bug in the lowering: please report it"))

    # -- tiles moving -------------------------------------------------------------------
    # A tile is a copy number (TileSet): a kind's index, or past the kinds a variant's
    # copy (a red five), which counts in the hand as its kind and is remembered apart.
    def give(self, seat: int, tile: int, n: int = 1) -> None:
        if tile < self.kinds:
            self.st.hands[seat][tile] += n
            return
        self.st.hands[seat][self.auto.tiles.base(tile)] += n
        held = self.st.held_variants[seat]
        held.extend([tile] * n)
        held.sort()

    def kind_of(self, copy: int) -> int:
        """The kind a copy number is of (``TileSet.base``, a plain copy answered here)."""
        return copy if copy < self.kinds else self.auto.tiles.base(copy)

    def take(self, seat: int, tile: int, n: int = 1) -> list[int]:
        """Take ``n`` tiles from the seat's hand: that variant's copies for a variant's
        copy number, else copies of the kind, the plain ones first (a variant's copy
        goes only where no plain one is left: a red five stays in the hand). Returns
        the variant copies taken (none, mostly)."""
        h = self.st.hands[seat]
        base = tile if tile < self.kinds else self.auto.tiles.base(tile)
        if h[base] < n:
            raise MjError(error("MJ405", f"seat {seat} has {h[base]} of tile {self.auto.tiles.kinds[base].code}, "
                                f"{n} needed", _nospan(), "this is a bug in a step handler"))
        held = self.st.held_variants[seat]
        if not held:
            if tile >= self.kinds:
                raise MjError(error("MJ405", f"seat {seat} holds no {self.auto.tiles.copy_code(tile)}", _nospan(),
                                    "this is a bug in a step handler"))
            h[tile] -= n
            return []
        mine = [c for c in held if self.auto.tiles.base(c) == base]
        if tile >= self.kinds:
            if mine.count(tile) < n:
                raise MjError(error("MJ405", f"seat {seat} holds {mine.count(tile)} {self.auto.tiles.copy_code(tile)}, "
                                    f"{n} needed", _nospan(), "this is a bug in a step handler"))
            taken = [tile] * n
        else:
            taken = mine[:max(0, n - (h[base] - len(mine)))]
        for c in taken:
            held.remove(c)
        h[base] -= n
        return taken

    def plain_held(self, seat: int, tile: int) -> int:
        """How many plain copies (no variant's) of a kind the seat holds."""
        held = self.st.held_variants[seat]
        n = self.st.hands[seat][tile]
        return n - sum(1 for c in held if self.auto.tiles.base(c) == tile) if held else n

    def draw_live(self) -> int | None:
        st = self.st
        if st.live_left() <= 0:
            return None
        t = st.wall[st.head]
        st.head += 1
        return t  # a copy number: give() it, and read its kind with TileSet.base

    def draw_dead(self) -> int | None:
        """A replacement tile from the end of the wall (the kong box). The box keeps
        its size (``dead wall`` and ``loose tiles``): each tile taken from it moves the
        end of the live wall by one. So a replacement is there only while the live wall
        is not used up (``wall game when N left``); else None, and the hand is a wall
        game, as when a turn's draw finds the wall used up."""
        st = self.st
        if st.live_left() <= self.auto.wall_game_left:
            return None
        st.tail -= 1
        return st.wall[st.tail]

    def draw_replacement(self, where: str) -> int | None:
        """A replacement from where the ruleset says: the dead wall, or the live wall."""
        if where == "wall":
            return None if self.st.live_left() <= self.auto.wall_game_left else self.draw_live()
        return self.draw_dead()

    def next_seat(self, seat: int, step: int = 1) -> int:
        return (seat + step) % self.n


def _nospan():
    from ..source import BUILTIN

    return BUILTIN


def _whole(action: object) -> int | None:
    """``action`` as a Python int (numpy's integers and bool are integers), None if it is
    no whole number: compiled code takes only an int where one is declared."""
    try:
        return operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        return None


_CATALOGUES: ByObject[ACT.Catalogue] = ByObject()

#: per automaton, its states as the game reads them (:class:`Node`)
_NODES: ByObject[dict[str, Node]] = ByObject()


def nodes_of(auto: Automaton, handlers: dict) -> dict[str, Node]:
    """The automaton's states by id as :class:`Node` records, each with its step's handler
    (made once per automaton: every game's handlers are the steps' modules' own)."""
    return _NODES.setdefault(auto, lambda: {sid: Node(s, handlers.get(s.step)) for sid, s in auto.states.items()})


def catalogue_of(auto: Automaton) -> ACT.Catalogue:
    """The action catalogue of an automaton (built once per automaton, kept while it lives)."""
    return _CATALOGUES.setdefault(auto, lambda: ACT.Catalogue(auto))
