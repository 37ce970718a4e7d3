"""Steps before play: the shuffle and the dice (chance), the deal, bonus-tile replacement.

The wall is a ring of ``sides x length`` stacks ``height`` high, built by the shuffle.
The dice say where it is broken (seed: classical, the side from East's throw and the
stack from the sum of both throws, counted from the left of that side); the live wall
is drawn from just after the break, the dead wall (kong box and loose tiles) is the
last tiles before it.
"""

from __future__ import annotations

import functools
import itertools
import random

from typing import TYPE_CHECKING

from .instant import pay_bonus_groups
from .steps_charleston import DIRECTION

if TYPE_CHECKING:
    from ..ir.model import State
    from .game import Game


class Shuffle:
    """Chance: one outcome, a seed, gives the whole order of the tiles."""

    def outcomes(self, game: Game, state: State) -> list[int]:
        # Too many to list; a uniform draw over seeds (see Game.SHUFFLE_SEEDS).
        return []

    def valid_outcome(self, game: Game, state: State, a: object) -> bool:
        from .game import SHUFFLE_SEEDS

        return isinstance(a, int) and 0 <= a < SHUFFLE_SEEDS

    def apply(self, game: Game, state: State, seed: int) -> bool:
        auto = game.auto
        tiles = auto.tiles.wall_tiles()  # copy numbers: a red five is told apart from the start
        random.Random(seed).shuffle(tiles)
        st = game.st
        st.wall = tiles
        st.head = 0
        st.tail = len(tiles)
        st.reserve = auto.wall.dead + auto.wall.loose
        st.shuffle_seed = seed
        return True


@functools.lru_cache(maxsize=None)
def dice_distribution(n: int) -> tuple[tuple[int, float], ...]:
    """Totals of n six-sided dice with their probabilities."""
    counts: dict[int, int] = {}
    for roll in itertools.product(range(1, 7), repeat=n):
        counts[sum(roll)] = counts.get(sum(roll), 0) + 1
    total = 6**n
    return tuple((k, counts[k] / total) for k in sorted(counts))


class Dice:
    """Chance: a throw of the dice (the total), which breaks the wall."""

    def outcomes(self, game: Game, state: State) -> list[tuple[int, float]]:
        return list(dice_distribution(state.params["dice"]))

    def valid_outcome(self, game: Game, state: State, a: object) -> bool:
        n = state.params["dice"]
        return isinstance(a, int) and n <= a <= 6 * n

    def apply(self, game: Game, state: State, total: int) -> bool:
        st = game.st
        st.dice.append(total)
        if state.params["part"] == "side":
            # counted round the table in turn order from the thrower, whose own side
            # counts as 1 (`thrown by dealer`: the dealer's side; `right`: the next seat's)
            st.break_side = (THROWER[state.params["thrown_by"]](game.n) + total - 1) % game.auto.wall.sides
        else:
            st.break_at = sum(st.dice) if state.params.get("counting", "").endswith("plus side") else total
            _break_wall(game)
        return True


#: ``break side ... thrown by SEAT``: the thrower's seat counted from the dealer in turn
#: order, by the number of seats (check refuses `any` and `side owner` for a side break:
#: MJ233)
THROWER = {"dealer": lambda n: 0, "right": lambda n: 1, "left": lambda n: n - 1, "across": lambda n: n // 2}


def _break_wall(game: Game) -> None:
    """Rotate the wall so that draws start just after the break; the tiles just before
    it (the end of the list) are the dead wall."""
    st = game.st
    w = game.auto.wall
    side = getattr(st, "break_side", 0)  # no side throw: the dealer's own side
    stacks = w.sides * w.length
    # stacks numbered round the ring; a side's stacks run left to right as its owner sees them
    stack = (side * w.length + st.break_at) % stacks
    cut = stack * w.height
    st.wall = st.wall[cut:] + st.wall[:cut]


class Deal:
    """System: deal in the steps the ruleset gives (all N xT, dealer N, others N)."""

    def run(self, game: Game, state: State) -> None:
        st = game.st
        n = game.n
        order = [(st.dealer + i) % n for i in range(n)]
        for who, count, times in game.auto.deal:
            for _ in range(times):
                for seat in order:
                    if who == "dealer" and seat != st.dealer or who == "others" and seat == st.dealer:
                        continue
                    for _ in range(count):
                        t = game.draw_live()
                        game.give(seat, t)  # type: ignore[arg-type]  # never None: every deal fits its wall (MJ221)


class ReplaceBonus:
    """System: set aside bonus tiles (and kongs) dealt and replace them from the dead
    wall, the dealer first and then in the ruleset's order (``order dealer first
    ...``). With ``again after everyone`` a replacement that is again a bonus tile,
    or completes a kong, waits until everyone has had replacements for the tiles
    first dealt, then another round follows (seed: classical, "after all players have
    had replacement tiles for Flower, Season and Kong tiles originally dealt");
    without it a seat's chain is replaced at once, before the next seat's turn."""

    def run(self, game: Game, state: State) -> None:
        kinds = set(state.params["kinds"])
        st = game.st
        bonus_cls = kinds - {"kong"}  # the kinds of bonus tile named, flowers, seasons or a ruleset's own
        kongs = "kong" in kinds
        step = DIRECTION.get(state.params.get("direction", "counter clockwise"), 1)
        order = [(st.dealer + step * i) % game.n for i in range(game.n)]
        rounds = state.params.get("again_after_everyone", True)
        for round_no in itertools.count(1):  # ends: a round that changes anything sets a bonus tile or four aside
            changed = False
            for seat in order:
                if rounds:
                    changed |= replace_bonus_tiles(game, seat, bonus_cls, kongs, round_no)
                else:
                    while replace_bonus_tiles(game, seat, bonus_cls, kongs, 1):
                        changed = True
            if not changed or not rounds:
                break


def replace_bonus_tiles(game: Game, seat: int, bonus_cls: set, kongs: bool = False, round_no: int = 1) -> bool:
    """One round of the seat's replacements: the bonus tiles and four-alike (set
    aside as concealed kongs) it holds *now*, each replaced from the dead wall.
    Tiles that arrive as replacements wait for the next round. True if anything
    was replaced; each replacement is recorded in ``st.replacements``."""
    from .state import Exposure

    st = game.st
    kinds = game.auto.tiles.kinds
    hand = st.hands[seat]
    # what this round replaces is fixed before any replacement arrives
    bonus = [k.index for k in kinds if k.cls in bonus_cls for _ in range(hand[k.index])]
    fours = [k.index for k in kinds if not k.is_bonus and k.cls != "joker" and hand[k.index] == 4] \
        if kongs and 4 in hand else []
    for t in bonus:
        game.take(seat, t)
        st.bonus[seat].append(t)
        pay_bonus_groups(game, seat, t)
        st.note("bonus replaced" if round_no == 1 else "bonus chain")
        _replace(game, seat, round_no)
    for t in fours:
        copies = tuple(game.take(seat, t, 4))
        st.exposures[seat].append(Exposure("kong_concealed", t, 4, concealed=True, copies=copies))
        if game.auto.payments.feeds:
            st.declared(seat)
        st.note("concealed kong")
        st.kong_draws[seat] += 1
        _replace(game, seat, round_no)
    return bool(bonus or fours)


def _replace(game: Game, seat: int, round_no: int) -> None:
    st = game.st
    st.replacements.append((seat, round_no))
    r = game.draw_dead()
    if r is not None:
        game.give(seat, r)


HANDLERS = {"shuffle": Shuffle(), "dice": Dice(), "deal": Deal(), "replace_bonus": ReplaceBonus()}
