"""Invariants of a hand in play, checked after every step by the conformance suite.

Every tile is accounted for (hands, exposures, bonus tiles, discards, the wall);
every live hand holds the tiles the deal gives a seat (13 at the shipped
tables), or one more for the seat to act; exposures are sets the
rules allow; a finished hand settles to zero. And the ruleset's own rules hold
(:data:`RULES`): only the seat to act holds the extra tile; the kong box holds what
the wall block says; a claimed set came from a seat its claim allows; a frozen hand
stays as it was frozen; the claim that stood is the best by the ruleset's priority;
replacements for the tiles dealt came in the ruleset's order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from ..diagnostics import MjError, error
from ..source import BUILTIN
from .claim_sources import may_claim_from

if TYPE_CHECKING:
    from ..ir.model import Automaton, State
    from .game import Game


class InvariantError(MjError):
    pass


def _fail(msg: str):
    raise InvariantError(error("MJ410", msg, BUILTIN, "this is a bug in the interpreter or the lowering"))


def check(game: Game) -> None:
    st = game.st
    auto = game.auto
    tiles = auto.tiles
    joker = auto.jokers.tile if auto.jokers else None
    count = [0] * tiles.size
    for s in range(game.n):
        for t, n in enumerate(st.hands[s]):
            if n < 0:
                _fail(f"seat {s} holds {n} of {tiles.kinds[t].code}")
            count[t] += n
        for e in st.exposures[s]:
            for t in e.tiles(joker):
                count[t] += 1
        for t in st.bonus[s]:
            count[t] += 1
        for t in st.discards[s]:
            count[t] += 1
    for t in st.wall[st.head:st.tail]:
        count[tiles.base(t)] += 1
    if tiles.variants:
        _variants_accounted(game)
    if st.wall:
        for k in tiles.kinds:
            if count[k.index] != k.copies:
                _fail(f"{k.code}: {count[k.index]} accounted for, the set has {k.copies} (at {st.node})")
    node = auto.states[st.node]
    if st.wall and node.step not in ("shuffle", "dice"):
        size = dealt_size(auto)
        for s in range(game.n):
            held = st.held(s)
            if held not in (size, size + 1):
                _fail(f"seat {s} holds {held} tiles at {st.node} (the deal makes hands of {size})")
    for s in range(game.n):
        for e in st.exposures[s]:
            if e.jokers < 0 or e.jokers > e.size or (e.jokers and joker is None):
                _fail(f"seat {s}: exposure {e} has an impossible joker count")
    if node.kind == "terminal" and abs(st.balance()) > 1e-6:
        _fail(f"the hand settles to {st.balance()}, not zero (the pot counted): {st.returns}")
    if st.wall and node.step not in ("shuffle", "dice"):
        for rule in RULES:
            rule(game, node)


def _variants_accounted(game) -> None:
    """Every variant's copy is somewhere once (a hand, a set, a discard, the wall), and a
    hand's variant copies are among its tiles of their kind."""
    st = game.st
    tiles = game.auto.tiles
    found = [0] * len(tiles.variants)
    places = [c for s in range(game.n) for c in st.held_variants[s]]
    places += [c for s in range(game.n) for e in st.exposures[s] for c in e.copies]
    places += [c for s in range(game.n) for c in st.discard_copies[s]]
    places += [c for c in st.wall[st.head:st.tail]]
    for c in places:
        if c >= tiles.size:
            found[c - tiles.size] += 1
    for v, n in zip(tiles.variants, found):
        if st.wall and n != v.copies:
            _fail(f"{v.code}: {n} accounted for, the set has {v.copies} (at {st.node})")
    for s in range(game.n):
        for c in set(st.held_variants[s]):
            if st.held_variants[s].count(c) > st.hands[s][tiles.base(c)]:
                _fail(f"seat {s} holds {st.held_variants[s].count(c)} {tiles.copy_code(c)} among "
                      f"{st.hands[s][tiles.base(c)]} of its kind")
        if len(st.discard_copies[s]) != len(st.discards[s]):
            _fail(f"seat {s}: {len(st.discards[s])} discards, {len(st.discard_copies[s])} copies told")


def dealt_size(auto: Automaton) -> int:
    """The hand the ruleset deals a seat (13 at the shipped tables, but the deal says)."""
    return sum(n * times for who, n, times in auto.deal if who in ("all", "others"))


def extra_tile_with_the_seat_to_act(game: Game, node: State) -> None:
    """Only the seat to act holds an extra tile (a fourteenth, at the shipped tables):
    the seat on turn (or, before play, the dealer); nobody while a discard waits for
    claims; the seat adding a kong while it may be robbed. A dead hand is out of play,
    with whatever it holds."""
    st = game.st
    full = dealt_size(game.auto) + 1
    extra = [s for s in range(game.n) if st.held(s) == full and not st.dead[s]]
    if len(extra) > 1:
        _fail(f"seats {extra} each hold {full} tiles at {st.node}")
    if not extra or node.kind == "terminal":
        return
    may = {"turn": st.turn, "rob_window": st.kong_pending[0] if st.kong_pending else None,
           "claim_window": None}.get(node.step, st.dealer)
    if extra[0] != may:
        _fail(f"seat {extra[0]} holds {full} tiles at {st.node}, where only "
              + (f"seat {may} may" if may is not None else "nobody may (a discard waits for claims)"))


def kong_box_as_the_wall_says(game: Game, node: State) -> None:
    """The kong box is ``dead wall`` plus ``loose tiles`` and keeps that size: no draw
    or replacement digs into it (the live wall never runs below none left)."""
    st = game.st
    w = game.auto.wall
    if st.reserve != w.dead + w.loose:
        _fail(f"the kong box holds {st.reserve} tiles; the wall block says {w.dead} and {w.loose} loose")
    if st.live_left() < 0:
        _fail(f"a tile was taken from the kong box with the live wall used up ({st.live_left()} left) at {st.node}")


def claims_from_allowed_seats(game: Game, node: State) -> None:
    """Every claimed set came from a seat its claim allows (``from left``: the seat
    before, ``from any``: another seat; :mod:`.claim_sources`)."""
    st = game.st
    n = game.n
    for s in range(n):
        for e in st.exposures[s]:
            if e.source is None:
                continue
            c = game.auto.claim(e.kind)
            if c is None:  # a kong added to a claimed pung keeps the pung's source
                continue
            if e.source == s:
                _fail(f"seat {s} claimed a {e.kind} from itself")
            if not may_claim_from(c.source, s, e.source, st.dealer, n):
                _fail(f"seat {s} claimed a {e.kind} from seat {e.source}; the ruleset allows it only {c.source}")


def frozen_hands_stay_frozen(game: Game, node: State) -> None:
    """A frozen hand keeps the tiles and sets it was frozen with; it may hold one more
    (the tile just drawn, or the one it wins with). Its sets stay the same sets, though
    another seat may swap a joker out of one for the tile it stands for."""
    st = game.st
    for s, (hand, exposures) in st.frozen_as.items():
        if not st.frozen[s]:
            _fail(f"seat {s}'s hand was frozen and is no longer")
        now = st.hands[s]
        extra = [now[t] - hand[t] for t in range(len(hand))]
        if any(d < 0 for d in extra) or sum(extra) > 1 or not _same_sets(st.exposures[s], exposures):
            _fail(f"seat {s}'s frozen hand changed at {st.node}")


def _same_sets(now, then) -> bool:
    """The exposures are those of ``then``, but for jokers swapped out by other seats
    (the tile swapped in may be a variant's copy: a red five joins the set's copies)."""
    return len(now) == len(then) and all(
        a == b or a.jokers < b.jokers and a.copies[:len(b.copies)] == b.copies
        and attrs.evolve(a, jokers=b.jokers, copies=b.copies) == b for a, b in zip(now, then))


def claim_priority_as_ruled(game: Game, node: State) -> None:
    """The claim that stood is the ruleset's best (``priority``), ties to the seat
    nearest after the discarder."""
    st = game.st
    if st.last_claims is None:
        return
    discarder, answers, chosen = st.last_claims
    cat = game.catalogue
    win_rank = next((c.rank for c in game.auto.claims if c.is_win), -1)
    ranked = []
    for s, a in answers:
        act = cat[a]
        if act.family == "mahjong":
            ranked.append((win_rank, (s - discarder) % game.n, s))
        elif act.family == "claim":
            ranked.append((game.auto.claim(act.arg[0]).rank, (s - discarder) % game.n, s))
    best = min(ranked)[2] if ranked else None
    if best != chosen:
        _fail(f"the claim of seat {chosen} stood over seat {best}'s, against the ruleset's priority")


def replacements_in_order(game: Game, node: State) -> None:
    """Replacements for the tiles dealt came round by round, each round the dealer
    first and then in the ruleset's order."""
    st = game.st
    spec = game.auto.states.get("replacement")
    if spec is None or not st.replacements:
        return
    from .steps_charleston import DIRECTION

    step = DIRECTION.get(spec.params.get("direction", "counter clockwise"), 1)
    place = {(st.dealer + step * i) % game.n: i for i in range(game.n)}
    keys = [(r, place[s]) for s, r in st.replacements]
    if keys != sorted(keys):
        _fail(f"replacements came in the order {st.replacements}, not round by round in the ruleset's order")


RULES = (extra_tile_with_the_seat_to_act, kong_box_as_the_wall_says, claims_from_allowed_seats,
         frozen_hands_stay_frozen, claim_priority_as_ruled, replacements_in_order)
