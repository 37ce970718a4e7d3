"""Steps of play: drawing, the turn, claim windows, kong replacements, robbing a kong.

Everything a variant decides comes from the automaton: which claims exist, from
whom, with what priority (ties to the seat next in turn after the discarder),
whether jokers may stand in a claimed set, which discards are dead, which kongs may
be declared, what counts as a win (:mod:`.winning`), what makes a hand dead.
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING

from ..memo import ByObject
from ..scoring.settle import penalty_payments
from . import actions as ACT
from .aborts import abort, aborted, offered_aborts
from .claim_sources import may_claim_from
from .instant import pay_bonus_groups
from .state import Exposure
from .table_facts import holds

if TYPE_CHECKING:
    from ..ir.model import Automaton, State
    from .game import Game


def _live_after(game: Game, seat: int) -> int | None:
    st = game.st
    for i in range(1, game.n + 1):
        s = (seat + i) % game.n
        if not st.dead[s]:
            return s
    return None


def _bonus_classes(game: Game) -> set[str]:
    # every kind of bonus tile the replacement block names (`kong` is not a tile's kind)
    return {k for k in game.auto.bonus_kinds if k != "kong"}


def draw_for(game: Game, seat: int, dead_wall: bool = False) -> bool:
    """Draw a tile for a seat (bonus tiles set aside and replaced from where the
    ruleset says, ``replacement from ...``; a kong's replacement from where ``kongs``
    says); False if the wall is out."""
    st = game.st
    auto = game.auto
    t = game.draw_replacement(auto.kongs["replacement"] or "dead wall") if dead_wall else game.draw_live()
    if t is None:
        return False
    source = "kong box" if dead_wall else "wall"
    bonus = _bonus_classes(game)
    kinds = auto.tiles.kinds
    while t < game.kinds and kinds[t].cls in bonus:  # a variant's copy (past the kinds) is never a bonus tile
        st.bonus[seat].append(t)
        pay_bonus_groups(game, seat, t)
        st.note("bonus replaced" if source == "wall" and not dead_wall else "bonus chain")
        t = game.draw_replacement(auto.replacement_from)
        if t is None:
            return False
        source = "kong box" if auto.replacement_from == "dead wall" else "wall"
    game.give(seat, t)
    st.last_draw = (game.kind_of(t), source, st.live_left() == auto.wall_game_left and not dead_wall)
    st.drawn_copy = t
    return True


class PlayStart:
    def run(self, game: Game, state: State) -> None:
        st = game.st
        st.turn = st.dealer
        st.last_draw = None
        for _ in range(state.params["dealer_draws"]):
            if not draw_for(game, st.dealer):
                st.flag = "wall_game"
                return


class Draw:
    def run(self, game: Game, state: State) -> None:
        st = game.st
        if st.dead[st.turn]:
            nxt = _live_after(game, st.turn)
            if nxt is None:
                st.flag = "wall_game"
                return
            st.turn = nxt
        if st.live_left() <= game.auto.wall_game_left or aborted(game) or not draw_for(game, st.turn):
            st.flag = "wall_game"


def _discardable(game: Game, seat: int) -> list[int]:
    """The tiles the seat may discard: every tile held but those ``no discard when ...``
    refuses (all of them, when it would refuse every one: a hand is never stuck).
    Copy numbers: a kind's own for its plain copies, a variant's for each variant copy
    held (holding a red and a plain five, the player chooses which to throw)."""
    hand = game.st.hands[seat]
    held = list(compress(range(len(hand)), hand))  # the tiles held, in C
    cond = game.auto.no_discard
    if cond is not None:
        held = [t for t in held if not holds(cond, game, seat, t)] or held
    variants = game.st.held_variants[seat]
    if not variants:
        return held
    base = game.auto.tiles.base
    kinds = set(held)
    return sorted([t for t in held if game.plain_held(seat, t)] + [c for c in set(variants) if base(c) in kinds])


def _joker(game: Game) -> int | None:
    return game.auto.jokers.tile if game.auto.jokers else None


class Turn:
    """The seat on turn: discard, declare mah jongg, swap a joker, declare a kong, announce."""

    def actor(self, game: Game) -> int:
        return game.st.turn

    def enter(self, game: Game, state: State) -> bool:
        st = game.st
        st.pending = {}
        if st.dead[st.turn]:  # a dead hand neither draws nor discards
            nxt = _live_after(game, st.turn)
            st.turn = nxt if nxt is not None else st.turn
            st.last_discard = None
            return True
        return False

    def legal(self, game: Game, seat: int) -> list[int]:
        st = game.st
        auto = game.auto
        cat = game.catalogue
        hand = st.hands[seat]
        if st.pending.get("announce"):
            out = [cat.id(ACT.NO_CLAIM)]
            out += [cat.id(ACT.ANNOUNCE, a) for a in st.pending["announce"]]
            return out
        out = []
        after_claim = auto.states[st.node].params.get("after_claim", False)
        if not after_claim and not st.pending.get("declared_false") and may_win(game, seat) and (
                game.allow_false_calls or false_mahjong_ruled(auto) or game.rules.is_win(st, seat)
                and meets_minimum(game, seat, self_drawn_win(game, seat))):
            out.append(cat.id(ACT.MAHJONG))
        if not after_claim:
            # announcements that may be made on a turn, at any time
            for a in auto.announcements:
                if a.time == "on turn" and a.name not in st.announced[seat] and holds(a.when, game, seat):
                    out.append(cat.id(ACT.ANNOUNCE, a.name))
            if auto.aborts:  # abortive draws the player may declare (nine terminals)
                out.extend(offered_aborts(game, seat))
        if st.frozen[seat] and st.last_draw is not None and hand[st.last_draw[0]] and not after_claim:
            drawn = st.drawn_copy  # the very copy drawn (a red five drawn is thrown as the red one)
            kind = st.last_draw[0]
            kept = drawn is not None and drawn >= game.kinds and drawn in st.held_variants[seat]
            if not kept and not game.plain_held(seat, kind):
                # the copy drawn went in a joker swap and no plain one is left: a variant of its
                # kind is the tile of that kind the hand holds (throwing "the kind" would take it
                # and put a plain copy on the table)
                drawn = min(c for c in st.held_variants[seat] if auto.tiles.base(c) == kind)
                kept = True
            out.append(cat.id(ACT.DISCARD, drawn if kept else kind))
        else:
            out.extend(map(cat.discards.__getitem__, _discardable(game, seat)))
        joker = _joker(game)
        # a frozen hand may not change: no joker swaps (the tile drawn is the one it discards)
        if joker is not None and auto.jokers.swap and not st.frozen[seat]:
            seen = set()
            for exps in st.exposures:
                for e in exps:
                    if e.jokers and not e.run and hand[e.tile] and e.tile not in seen:
                        seen.add(e.tile)
                        out.append(cat.id(ACT.SWAP, e.tile))
        if not after_claim and not st.frozen[seat]:
            kongs = auto.kongs
            if kongs["concealed"] and 4 in hand:
                for t, n in enumerate(hand):
                    if n == 4 and not auto.tiles.kinds[t].is_bonus and auto.tiles.kinds[t].cls != "joker":
                        out.append(cat.id(ACT.KONG_CONCEALED, t))
            if kongs["added"]:
                for e in st.exposures[seat]:
                    if not e.run and e.size == 3 and not e.jokers and hand[e.tile]:
                        out.append(cat.id(ACT.KONG_ADDED, e.tile))
        return sorted(set(out))

    def apply(self, game: Game, state: State, action: int) -> bool:
        st = game.st
        seat = st.turn
        a = game.catalogue[action]
        fam = a.family
        if fam == ACT.ANNOUNCE:
            st.announced[seat].append(a.arg)
            st.announced_at[seat][a.arg] = (st.turns, st.claims)
            deposit = game.auto.payments.deposits.get(a.arg)
            if deposit:  # into the pot, for the next winner
                st.returns[seat] -= deposit
                st.pot += deposit
            spec = next(x for x in game.auto.announcements if x.name == a.arg)
            if spec.freezes and not st.frozen[seat]:
                st.frozen[seat] = True
                if spec.time != "on turn":
                    st.frozen_as[seat] = (tuple(st.hands[seat]), tuple(st.exposures[seat]))
                # on turn the seat still holds the tile it must discard: the hand
                # freezes as that discard leaves it (_discard)
            if spec.time == "on turn":  # made during the turn: the turn goes on
                return False
            st.pending = {}
            return True
        if fam == ACT.ABORT:  # the player declares an abortive draw: the hand ends
            abort(game, a.arg)
            st.flag = "wall_game"
            return True
        if fam == ACT.NO_CLAIM:  # declined to announce
            st.pending = {}
            return True
        if fam == ACT.MAHJONG:
            return self._mahjong(game, seat)
        if fam == ACT.SWAP:
            joker = _joker(game)
            assert joker is not None  # a swap is legal only with jokers
            for exps in _from(st.exposures, seat, game.n):
                for i, e in enumerate(exps):
                    if e.jokers and not e.run and e.tile == a.arg:
                        copies = e.copies + tuple(game.take(seat, a.arg))
                        exps[i] = Exposure(e.kind, e.tile, e.size, e.jokers - 1, e.concealed, e.source, e.run, copies)
                        st.note("joker swap")
                        game.give(seat, joker)
                        return False
        if fam == ACT.KONG_CONCEALED:
            copies = tuple(game.take(seat, a.arg, 4))
            st.exposures[seat].append(Exposure("kong_concealed", a.arg, 4, concealed=True, copies=copies))
            if game.auto.payments.feeds:
                st.declared(seat)
            st.note("concealed kong")
            pay_instant(game, "concealed", seat)
            st.flag = "replace"
            return True
        if fam == ACT.KONG_ADDED:
            exps = st.exposures[seat]
            for i, e in enumerate(exps):
                # the pung Turn.legal offered it for: one with no joker in it
                if not e.run and e.size == 3 and not e.jokers and e.tile == a.arg:
                    taken = game.take(seat, a.arg)
                    exps[i] = Exposure("kong_added", e.tile, 4, 0, False, e.source, (), e.copies + tuple(taken))
                    st.kong_copy = taken[0] if taken else a.arg
                    break
            st.kong_pending = (seat, a.arg)
            st.note("added kong")
            pay_instant(game, "added", seat)
            st.flag = "rob" if game.auto.kongs["robbable"] else "replace"
            return True
        # the one family left: Turn.legal offers a swap only for a set with a joker
        # standing in for that tile, so the swap above always returns
        assert fam == ACT.DISCARD, a
        return self._discard(game, seat, a.arg)

    def _discard(self, game: Game, seat: int, copy: int) -> bool:
        st = game.st
        st.just_claimed = None
        game.take(seat, copy)
        tile = game.kind_of(copy)
        st.discard_copies[seat].append(copy)
        if st.frozen[seat] and seat not in st.frozen_as:  # frozen by an announcement on this turn
            st.frozen_as[seat] = (tuple(st.hands[seat]), tuple(st.exposures[seat]))
        st.discards[seat].append(tile)
        st.thrown[seat][tile] = True
        st.passed[seat] = False
        st.last_discard = (seat, tile)
        st.turns += 1
        first = not st.discarded_once[seat]
        st.discarded_once[seat] = True
        st.last_draw = None
        can = []
        for a in game.auto.announcements:
            if a.name not in st.announced[seat] \
                    and (a.time == "after any discard" or a.time == "after first discard" and first) \
                    and holds(a.when, game, seat):
                can.append(a.name)
        if can and _calling(game, seat):
            st.pending = {"announce": can}
            return False
        return True

    def _mahjong(self, game: Game, seat: int) -> bool:
        st = game.st
        if declares_win(game, seat):
            st.winner = seat
            st.win = self_drawn_win(game, seat)
            st.flag = "won"
            return True
        penalize_false(game, seat)
        if not st.dead[seat]:
            st.pending = {"declared_false": True}  # a penalty, and the turn goes on
            return False
        nxt = _live_after(game, seat)
        st.turn = nxt if nxt is not None else seat
        st.last_discard = None
        if nxt is None:
            st.flag = "wall_game"
        return True


def pay_instant(game: Game, kind: str, seat: int) -> None:
    """An instant payment for a kong of this kind (``on concealed kong: others pay 2
    points``): every other seat pays the seat making it, at once."""
    points = game.auto.payments.instant.get(kind)
    if not points:
        return
    st = game.st
    for s in range(game.n):
        if s != seat:
            st.returns[s] -= points
            st.returns[seat] += points


def _from(exposures, seat: int, n: int):
    """Every seat's exposures, starting with the seat's own, in turn order."""
    return [exposures[(seat + i) % n] for i in range(n)]


def _calling(game: Game, seat: int) -> bool:
    return game.rules.calling(game.st, seat)


def self_drawn_win(game: Game, seat: int) -> dict:
    """The facts of a win on the seat's own turn, with the hand as it stands."""
    st = game.st
    draw = st.last_draw
    hand = st.hands[seat]
    # the winning tile is the one just drawn (East's original hand: the last dealt)
    tile = draw[0] if draw and hand[draw[0]] else next(t for t, n in enumerate(hand) if n)
    return {"seat": seat, "self_drawn": True, "by_discard": False, "discarder": None,
            "tile": tile, "source": draw[1] if draw else "wall",
            "last_of_wall": bool(draw and draw[2]),
            "original_hand": original_hand(game, seat)}


def discard_win(game: Game, seat: int, discarder: int, tile: int) -> dict:
    """The facts of a win on another seat's discard."""
    st = game.st
    return {"seat": seat, "self_drawn": False, "by_discard": True, "discarder": discarder,
            "tile": tile, "source": "discard", "last_of_wall": st.live_left() == game.auto.wall_game_left,
            "earthly_hand": discarder == st.dealer and st.turns == 1}


def robbed_win(seat: int, owner: int, tile: int) -> dict:
    """The facts of a win robbing another seat's added kong."""
    return {"seat": seat, "self_drawn": False, "by_discard": True, "discarder": owner, "tile": tile,
            "source": "robbed kong", "robbed_kong": True, "last_of_wall": False}


def meets_minimum(game: Game, seat: int, win: dict, tile: int | None = None) -> bool:
    """Does the seat's hand (with ``tile`` added, for a claim: the copy offered, a red
    five as the red one) meet the ruleset's minimum to go out (``win only when ...``),
    won as ``win`` says? Scored as the settlement would score it; True where the
    ruleset has no minimum."""
    if game.auto.scoring.minimum is None:
        return True
    from ..scoring.engine import goes_out_in_game

    st = game.st
    saved = st.winner, st.win
    if tile is not None:
        game.give(seat, tile)
    st.winner, st.win = seat, win
    try:
        return goes_out_in_game(game, seat)
    finally:
        st.winner, st.win = saved
        if tile is not None:
            game.take(seat, tile)


def may_win(game: Game, seat: int) -> bool:
    """A ruleset may make an announcement a condition of going mah jongg; an Original
    Hand (``original hand for dealer``) is won before any announcement could be made."""
    required = False
    for a in game.auto.announcements:  # a loop, not a comprehension: most rulesets have none
        if a.required:
            if a.name in game.st.announced[seat]:
                return True
            required = True
    return not required or original_hand(game, seat)


def original_hand(game: Game, seat: int) -> bool:
    """The seat holds the tiles first dealt (seed: classical, "the 13 tiles dealt ...
    together with the first tile given"): the ruleset plays ``original hand for
    dealer``, the seat deals, nobody has discarded and nothing was claimed. Kongs
    dealt and set aside (concealed, replaced) keep it original."""
    st = game.st
    return (game.auto.original_hand and seat == st.dealer and not any(st.discarded_once)
            and all(e.concealed for e in st.exposures[seat]))


def declares_win(game: Game, seat: int) -> bool:
    """Does mah jongg declared on the seat's own turn, with the hand as it stands, win?
    The check the declaration is judged by: the ruleset's winning hands (the card's
    matcher run in full), and its minimum to go out."""
    return game.rules.is_win(game.st, seat, exact=True) and meets_minimum(game, seat, self_drawn_win(game, seat))


def false_declaration(game: Game, seat: int) -> bool:
    """Would the mah jongg the seat may declare now be false (:func:`declares_win` says
    no)? Only a declaration on its own turn can be: a claim of a discard or of a robbed
    kong is offered only when it completes the hand."""
    node = game.nodes.get(game.st.node)
    return node is not None and node.step == "turn" and game.st.turn == seat and not declares_win(game, seat)


def false_mahjong_ruled(auto: Automaton) -> bool:
    """The ruleset says what a false mah jongg costs (``dead hand { on false mahjong }``
    or ``penalty false_mahjong``): then a player may declare mah jongg on any turn,
    as at a real table, and the engine checks the hand (seed: american-rulebook.txt,
    "Incorrect mah jongg declaration ... the declarer's hand is dead")."""
    return "false mahjong" in auto.dead_causes or "false_mahjong" in auto.payments.penalties


def penalize_false(game: Game, seat: int) -> None:
    """The rules' answer to a false mah jongg: a dead hand, a penalty in points, or both."""
    st = game.st
    auto = game.auto
    st.note("false mahjong")
    if "false mahjong" in auto.dead_causes:
        st.dead[seat] = True
        st.dead_reason[seat] = "false mahjong"
    if auto.payments.penalties.get("false_mahjong"):
        # one rule for the engine and the library: the offender pays every other seat
        for s, amount in enumerate(penalty_payments(auto, "false_mahjong", seat, game.n)):
            st.returns[s] += amount


class ClaimWindow:
    """Simultaneous: every seat that can claim the discard answers, hidden; the best
    claim by priority wins, ties to the seat nearest after the discarder."""

    def actor(self, game: Game) -> int:
        st = game.st
        for s in st.asked:
            if not st.pending[s]["done"]:
                return s
        return st.asked[-1]

    def enter(self, game: Game, state: State) -> bool:
        st = game.st
        st.asked = []
        st.pending = {}
        ld = st.last_discard
        if ld is None:
            return True
        discarder, tile = ld
        if tile in game.auto.dead_discards or (game.auto.jokers and tile == game.auto.jokers.tile
                                                 and game.auto.jokers.dead_when_discarded):
            self._no_claim(game)
            return True
        for i in range(1, game.n):
            s = (discarder + i) % game.n
            if st.dead[s]:
                continue
            opts = claim_options(game, s, discarder, tile)
            if opts:
                st.asked.append(s)
                st.pending[s] = {"choice": None, "done": False, "options": opts}
        if not st.asked:
            self._no_claim(game)
            return True
        return False

    def legal(self, game: Game, seat: int) -> list[int]:
        return sorted([game.catalogue.id(ACT.NO_CLAIM)] + game.st.pending[seat]["options"])

    def apply(self, game: Game, state: State, action: int) -> bool:
        if not self._answer(game, action):
            return False
        self._resolve(game, state.params.get("several_win", False))
        return True

    def _answer(self, game: Game, action: int) -> bool:
        """Keep the seat's hidden answer; True when every seat asked has answered."""
        st = game.st
        seat = self.actor(game)
        st.pending[seat]["choice"] = action
        st.pending[seat]["done"] = True
        return all(st.pending[s]["done"] for s in st.asked)

    def _no_claim(self, game: Game) -> None:
        st = game.st
        discarder = st.last_discard[0] if st.last_discard else st.turn
        st.last_discard = None  # the next draw makes it dead for everyone
        nxt = _live_after(game, discarder)
        if nxt is None:
            st.flag = "all_dead"
        else:
            st.turn = nxt

    def _resolve(self, game: Game, several_win: bool = False) -> None:
        st = game.st
        cat = game.catalogue
        assert st.last_discard is not None  # a claim window opens on a discard
        discarder, tile = st.last_discard
        # an abort asked of the claims made (triple ron), before any stands; the
        # discard stays where it lies
        if game.auto.aborts and aborted(game, "claims", discarder):
            st.asked, st.pending, st.last_claims = [], {}, None
            st.flag = "wall_game"
            return
        best = None
        for dist, s in enumerate(st.asked):
            a = cat[st.pending[s]["choice"]]
            if a.family == ACT.NO_CLAIM:
                continue
            rank = claim_rank(game, a)
            if best is None or rank < best[0]:
                best = (rank, s, a)
        st.last_claims = (discarder, tuple((s, st.pending[s]["choice"]) for s in st.asked),
                          best[1] if best else None)
        mahjong = cat.id(ACT.MAHJONG)
        # several win on one discard: the other seats that claimed mah jongg, nearest first
        also = [s for s in st.asked if several_win and best is not None and best[2].family == ACT.MAHJONG
                and s != best[1] and st.pending[s]["choice"] == mahjong]
        for s in st.asked:  # a seat that could have won on this discard and did not
            if (best is None or best[1] != s) and s not in also and mahjong in st.pending[s]["options"] \
                    and game.rules.completes(st, s, tile):
                st.passed[s] = True
        st.asked = []
        st.pending = {}
        if best is None:
            self._no_claim(game)
            return
        _, seat, a = best
        st.discards[discarder].pop()
        copy = st.discard_copies[discarder].pop()  # the copy thrown goes where the claim takes it
        if a.family == ACT.MAHJONG:
            game.give(seat, copy)
            win = discard_win(game, seat, discarder, tile)
            if (game.rules.is_win(st, seat, exact=True) and _takes(game, seat, discarder, tile, held=True)
                    and meets_minimum(game, seat, win)):
                st.winner = seat
                st.win = win
                st.flag = "won"
                st.more_winners = [w for w in (_also_wins(game, s, discarder, tile, copy) for s in also) if w]
                return
            game.take(seat, copy)
            st.discards[discarder].append(tile)
            st.discard_copies[discarder].append(copy)
            penalize_false(game, seat)
            self._no_claim(game)
            return
        make_exposure(game, seat, discarder, tile, a, copy)


def _also_wins(game: Game, seat: int, discarder: int, tile: int, copy: int) -> tuple[int, dict] | None:
    """A second winner on the same discard (``several win on one discard``): the seat
    and its win, when the discard makes its hand a win that may go out. The tile stays
    with the first winner; the settlement lends it (``copy``: the copy thrown) to this
    hand to score it."""
    st = game.st
    win = discard_win(game, seat, discarder, tile)
    if copy != tile:
        win["copy"] = copy
    game.give(seat, copy)
    try:
        ok = (game.rules.is_win(st, seat, exact=True) and _takes(game, seat, discarder, tile, held=True)
              and meets_minimum(game, seat, win))
    finally:
        game.take(seat, copy)
    if not ok:
        penalize_false(game, seat)
    return (seat, win) if ok else None


def claim_rank(game: Game, a: ACT.Action) -> tuple[int]:
    if a.family == ACT.MAHJONG:
        spec = next((c for c in game.auto.claims if c.is_win), None)
        return (spec.rank if spec else -1,)
    spec = game.auto.claim(a.arg[0])
    return (spec.rank,)


class Claimed:
    """One claim of an automaton as :func:`claim_options` reads it at every discard:
    plain typed fields (a ``ClaimSpec``'s attributes are generic lookups in the compiled
    build), with the catalogue's action of each form (a joker count, a run's position;
    -1 where the catalogue has none: a form with jokers where the ruleset plays none)."""

    def __init__(self, spec, cat: ACT.Catalogue) -> None:
        self.name: str = spec.name
        self.win: bool = spec.size is None
        self.size: int = spec.size if spec.size is not None else 0
        self.run: bool = spec.shape == "run"
        self.source: str = spec.source
        self.when = spec.when
        self.forms: list[int] = [-1 if a is None else a
                                 for a in (cat.get(ACT.CLAIM, (spec.name, f)) for f in range(self.size))]


class ClaimPlan:
    """An automaton's claims in order (:class:`Claimed`), its joker and the least group a
    joker may stand in, and the mah jongg action: made once per automaton, kept by the
    game (:func:`_plan`)."""

    def __init__(self, auto: Automaton, cat: ACT.Catalogue) -> None:
        self.claims = [Claimed(c, cat) for c in auto.claims]
        self.joker: int | None = auto.jokers.tile if auto.jokers else None
        self.min_group: int = auto.jokers.min_group if auto.jokers else 0
        self.mahjong = cat.id(ACT.MAHJONG)


#: per automaton, its :class:`ClaimPlan`
_PLANS: ByObject[ClaimPlan] = ByObject()


def _plan(game: Game) -> ClaimPlan:
    plan = game.claim_plan
    if plan is None:
        plan = game.claim_plan = _PLANS.setdefault(game.auto, lambda: ClaimPlan(game.auto, game.catalogue))
    return plan


def claim_options(game: Game, seat: int, discarder: int, tile: int) -> list[int]:
    """The claims (besides declining) a seat may make on a discard. A set's claim is
    tested by the hand's counts and whose discard it is first (most seats hold nothing
    it could use; for a run, whose discard it is is the cheaper test), then by the
    claim's condition."""
    st = game.st
    plan = _plan(game)
    out: list[int] = []
    hand = st.hands[seat]
    joker = plan.joker
    jokers = hand[joker] if joker is not None else 0
    held = hand[tile]
    frozen = st.frozen[seat]
    for c in plan.claims:
        if c.win:  # the win claim (ClaimSpec.is_win)
            if may_claim_from(c.source, seat, discarder, st.dealer, game.n) and may_win(game, seat) and (
                    game.allow_false_calls or game.rules.completes(st, seat, tile)
                    and _takes(game, seat, discarder, tile, held=False)
                    and meets_minimum(game, seat, discard_win(game, seat, discarder, tile),
                                      _offered_copy(game, discarder, tile))
            ) and holds(c.when, game, seat, tile):
                out.append(plan.mahjong)
            continue
        if frozen:
            continue
        size = c.size
        if c.run:
            if not may_claim_from(c.source, seat, discarder, st.dealer, game.n):
                continue
            forms = c.forms
            found = [forms[pos] for pos, need in runs(game, size, tile) if all(map(hand.__getitem__, need))]
        else:
            # a joker stands in for another tile, never for a discarded joker
            allow_j = joker is not None and size >= plan.min_group and tile != joker
            if held + (jokers if allow_j else 0) < size - 1 \
                    or not may_claim_from(c.source, seat, discarder, st.dealer, game.n):
                continue
            forms = c.forms
            found = [aid for f in range(size if allow_j else 1) if held >= size - 1 - f and jokers >= f
                     and (aid := forms[f]) >= 0]
        # a set claimed for exposure leaves the seat a tile to discard (or a kong's
        # replacement): one that would take the whole concealed hand is a mah jongg or nothing
        if found and holds(c.when, game, seat, tile) \
                and (sum(hand) > size - 1 or not c.run and size == 4 and game.auto.kongs["replacement"]):
            out += found
    return sorted(set(out)) if out else out


def _offered_copy(game: Game, discarder: int, tile: int) -> int:
    """The copy of the discard offered (a red five's own copy number), else the tile."""
    thrown = game.st.discard_copies[discarder]
    return thrown[-1] if thrown and game.kind_of(thrown[-1]) == tile else tile


def untakeable(game: Game, seat: int, discarder: int) -> frozenset:
    """The sets a discard of ``discarder`` may not complete in the seat's mah jongg:
    those some claim makes (a run, three or four alike) but from other seats only,
    unless its ``or from SEAT for`` the win claim allows this one (classical: ``claim
    chow 3 run from left or from any for mahjong``)."""
    win = next((c.name for c in game.auto.claims if c.is_win), None)
    made: set[str] = set()
    allowed: set[str] = set()
    for c in game.auto.claims:
        kind = "chow" if c.shape == "run" else {3: "pung", 4: "kong"}.get(c.size) if c.shape == "same" else None
        if c.is_win or kind is None:
            continue
        made.add(kind)
        if may_claim_from(c.source, seat, discarder, game.st.dealer, game.n) or (
                c.widened is not None and c.widened_for == win
                and may_claim_from(c.widened, seat, discarder, game.st.dealer, game.n)):
            allowed.add(kind)
    return frozenset(made - allowed)


def _takes(game: Game, seat: int, discarder: int, tile: int, held: bool) -> bool:
    """Whether a mah jongg on the discard takes it into a set it may complete
    (:func:`untakeable`): a pair, a special hand, or a set claimable from the discarder."""
    barred = untakeable(game, seat, discarder)
    if not barred:
        return True
    kinds = frozenset({"chow", "pung", "kong", "pair"} - barred)
    hand = game.st.hands[seat]
    if not held:
        hand[tile] += 1
    try:
        return game.rules.wins_with(game.st, seat, tile, kinds)
    finally:
        if not held:
            hand[tile] -= 1


#: per tile set, the runs each (size, tile) can complete (a game holds its own: ``Game.runs``)
RUNS: ByObject[dict] = ByObject()


def runs(game: Game, size: int, tile: int) -> list[tuple[int, tuple[int, ...]]]:
    """The runs of ``size`` a tile can complete: (its position, the other tiles needed)."""
    known = game.runs
    hit = known.get((size, tile))
    if hit is None:
        hit = []
        auto = game.auto
        k = auto.tiles.kinds[tile]
        if k.suit is not None and k.rank is not None:
            for pos in range(size):
                run = [auto.tiles.suited(k.suit, r) for r in range(k.rank - pos, k.rank - pos + size)]
                found = [x.index for x in run if x is not None]
                if len(found) == size:
                    hit.append((pos, tuple(i for i in found if i != tile)))
        known[(size, tile)] = hit
    return hit


def make_exposure(game: Game, seat: int, discarder: int, tile: int, a: ACT.Action, copy: int | None = None) -> None:
    """The claimed set on the table: the discard (``copy``: the copy thrown, a red five
    too) and the hand's tiles it needs, plain copies first (a red five the set does not
    need stays in the hand: Game.take)."""
    st = game.st
    auto = game.auto
    name, form = a.arg
    c = auto.claim(name)
    copy = tile if copy is None else copy
    game.give(seat, copy)
    copies = list(game.take(seat, copy))  # the discard itself goes into the set
    if c.shape == "run":
        k = auto.tiles.kinds[tile]
        low = k.rank - form
        run = tuple(auto.tiles.suited(k.suit, r).index for r in range(low, low + c.size))
        for t in run:
            if t != tile:
                copies += game.take(seat, t)
        st.exposures[seat].append(Exposure(name, run[0], c.size, 0, False, discarder, run, tuple(copies)))
        if auto.payments.feeds:
            st.declared(seat)
    else:
        joker = _joker(game)
        copies += game.take(seat, tile, c.size - form - 1)
        if form:
            assert joker is not None  # a claim with jokers in it needs jokers
            game.take(seat, joker, form)
        st.exposures[seat].append(Exposure(name, tile, c.size, form, False, discarder, (), tuple(copies)))
        if auto.payments.feeds:
            st.declared(seat)
        if c.size == 4:
            pay_instant(game, "claimed", seat)
        if c.size == 4 and auto.kongs["replacement"]:
            st.kong_draws[seat] += 1
            if not draw_for(game, seat, dead_wall=True):
                st.flag = "wall_game"
                return
    st.turn = seat
    st.last_discard = None
    st.just_claimed = (tile, st.exposures[seat][-1].run)
    st.claims += 1
    st.note(f"claimed {name}")
    if "impossible exposure" in auto.dead_causes and not game.rules.exposures_possible(st, seat):
        st.note("dead hand")
        st.dead[seat] = True
        st.dead_reason[seat] = "impossible exposure"
    st.flag = "claimed"


class Replacement:
    """System: a replacement tile from the kong box for a declared kong."""

    def run(self, game: Game, state: State) -> None:
        st = game.st
        st.kong_draws[st.turn] += 1
        if not draw_for(game, st.turn, dead_wall=True):
            st.flag = "wall_game"


class RobWindow(ClaimWindow):
    """Simultaneous: after an added kong, seats whose hand the tile completes may rob it."""

    def enter(self, game: Game, state: State) -> bool:
        st = game.st
        st.asked = []
        st.pending = {}
        assert st.kong_pending is not None  # the rob window follows an added kong
        seat, tile = st.kong_pending
        for i in range(1, game.n):
            s = (seat + i) % game.n
            if not st.dead[s] and may_win(game, s) and game.rules.completes(st, s, tile) \
                    and meets_minimum(game, s, robbed_win(s, seat, tile),
                                      st.kong_copy if st.kong_copy is not None else tile):
                st.asked.append(s)
                st.pending[s] = {"choice": None, "done": False, "options": [game.catalogue.id(ACT.MAHJONG)]}
        return not st.asked

    def apply(self, game: Game, state: State, action: int) -> bool:
        st = game.st
        if not self._answer(game, action):
            return False
        robber = next((s for s in st.asked if game.catalogue[st.pending[s]["choice"]].family == ACT.MAHJONG), None)
        st.asked, st.pending = [], {}
        if robber is None:
            return True
        assert st.kong_pending is not None
        owner, tile = st.kong_pending
        copy = st.kong_copy if st.kong_copy is not None else tile  # the copy added is the one robbed
        exps = st.exposures[owner]
        for i, e in enumerate(exps):
            if e.kind == "kong_added" and e.tile == tile:
                left = list(e.copies)
                if copy in left:
                    left.remove(copy)
                exps[i] = Exposure("pung", tile, 3, 0, False, e.source, (), tuple(left))
        game.give(robber, copy)
        st.note("robbed kong")
        st.winner = robber
        st.win = robbed_win(robber, owner, tile)
        st.flag = "won"
        return True


HANDLERS = {"play_start": PlayStart(), "draw": Draw(), "turn": Turn(), "claim_window": ClaimWindow(),
            "replacement": Replacement(), "rob_window": RobWindow()}
