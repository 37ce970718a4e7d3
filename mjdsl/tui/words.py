"""The table's words: what happened, said as a person at the table would say it.

:class:`Words` turns one action and the state around it into announcements ("Mei
discards 7c", "you draw 5b", "pass right: you give N E 9d and receive 2b 2b F"),
and a finished hand into who went out with what and a settlement table. Claims are
named as the ruleset names them; nothing here knows a variant.

The words are English unless :class:`Words` is given a catalog's ``gettext`` and
``ngettext`` (the club's, ``server/locale``: ``pybabel extract`` reads this module):
each sentence is one message with named places, so a translation may order it freely.
The ruleset's own words (hand and claim names, pung, kong) are the ruleset's.
"""

from __future__ import annotations

from ..engine import actions as ACT


def has_charleston(auto) -> bool:
    """Whether the ruleset plays a Charleston (a pass of tiles, under any option's terms)."""
    return any(st.step == "pass" for st in auto.states.values())


def false_mahjong_costs(auto, seat: int) -> tuple[bool, float | None]:
    """What declaring a false mah jongg costs ``seat``, as the ruleset says: whether its hand
    is then dead (``dead hand { on false mahjong }``), and the points it pays (``penalty
    false_mahjong``; None for no penalty)."""
    from ..scoring.settle import penalty_payments

    points = None
    if auto.payments.penalties.get("false_mahjong"):
        points = -penalty_payments(auto, "false_mahjong", seat)[seat]
    return "false mahjong" in auto.dead_causes, points


def N_(message: str) -> str:
    """A message for the catalog, translated where it is said."""
    return message


#: how a Charleston direction reads
DIRECTIONS = {"right": N_("right"), "left": N_("left"), "across": N_("across")}


def _same(message: str) -> str:
    return message


def _same_n(one: str, many: str, n: int) -> str:
    return one if n == 1 else many


class Words:
    def __init__(self, auto, names: list[str], gettext=_same, ngettext=_same_n):
        self.auto = auto
        self.names = names
        self._ = gettext
        self.ngettext = ngettext
        self.codes = auto.tiles.copy_codes()  # by copy number: a red five (0m) by its own code
        self.winds = [self.codes[w] for w in auto.seat_winds] if auto.seat_winds else []

    def who(self, seat: int) -> str:
        return self.names[seat]

    def _said(self, seat: int, person: int, mine: str, theirs: str, **places) -> str:
        """``mine`` when ``seat`` is the person, else ``theirs`` with ``{name}`` the seat's."""
        if seat == person:
            return self._(mine).format(**places)
        return self._(theirs).format(name=self.names[seat], **places)

    def move_name(self, catalogue, a: int) -> str:
        """A move as the table lists it: an abortive draw a player may declare by its
        title, in the catalog's words; any other by its catalogue name."""
        act = catalogue[a]
        if act.family == ACT.ABORT:
            return self._("Abortive draw: {title}").format(title=act.arg)
        return catalogue.name(a)

    def false_mahjong(self, seat: int) -> str:
        """The warning beside a mah jongg the engine's win check says is false: what
        declaring it costs ``seat``, as the ruleset says (:func:`false_mahjong_costs`)."""
        dead, points = false_mahjong_costs(self.auto, seat)
        if dead and points is not None:
            return self._("Your hand is not a winning hand: declaring it now kills your hand and costs you "
                          "{points} points.").format(points=f"{points:g}")
        if dead:
            return self._("Your hand is not a winning hand: declaring it now kills your hand.")
        if points is not None:
            return self._("Your hand is not a winning hand: declaring it now costs you {points} points."
                          ).format(points=f"{points:g}")
        return self._("Your hand is not a winning hand: declaring it now is a false mah jongg.")

    def tiles(self, ts) -> str:
        return " ".join(self.codes[t] for t in ts) or self._("nothing")

    def time_up(self) -> str:
        """A claim window closed without the person's answer (the club's claim timer)."""
        return self._("Time is up: no claim.")

    def seat_label(self, game, seat: int) -> str:
        """A seat's name and wind this hand (winds turn with the dealer)."""
        if not self.winds:
            return self.names[seat]
        return f"{self.names[seat]} ({self.winds[(seat - game.st.dealer) % len(self.winds)]})"

    # -- a hand ----------------------------------------------------------------------------
    def hand_title(self, k: int, game) -> str:
        total = self.auto.session.hands
        hand = self._("Hand {k} of {total}").format(k=k + 1, total=total) if total else \
            self._("Hand {k}").format(k=k + 1)
        wind = game.st.round_wind if self.auto.session.round_wind_rotates else None
        rw = self.codes[wind] if wind is not None else None
        dealer = self.names[game.st.dealer]
        line = (self._("{hand}: {dealer} dealing, round wind {wind}").format(hand=hand, dealer=dealer, wind=rw) if rw
                else self._("{hand}: {dealer} dealing").format(hand=hand, dealer=dealer))
        return f"== {line} =="

    def snapshot(self, game, person: int) -> dict:
        st = game.st
        state = self.auto.states[st.node]
        mine = st.pending.get(person) if isinstance(st.pending, dict) else None
        return {"node": st.node, "step": state.step, "params": dict(state.params), "hand": list(st.hands[person]),
                "sel": list(mine.get("sel", [])) if mine else [], "blind": mine.get("blind") if mine else None,
                "draw": st.last_draw, "exposed": [len(e) for e in st.exposures]}

    def after(self, game, who: int, a: int, before: dict, person: int) -> list[str]:
        """Announcements for action ``a`` of seat ``who`` (the state is the one after it)."""
        st = game.st
        act = game.catalogue[a]
        out = []
        fam = act.family
        if fam == ACT.DISCARD:
            out.append(self._said(who, person, N_("You discard {tile}"), N_("{name} discards {tile}"),
                                  tile=self.codes[act.arg]))
        elif fam == ACT.SWAP:
            out.append(self._said(who, person, N_("You swap {tile} for a joker on the table"),
                                  N_("{name} swaps {tile} for a joker on the table"), tile=self.codes[act.arg]))
        elif fam in (ACT.KONG_CONCEALED, ACT.KONG_ADDED, ACT.ANNOUNCE):
            out.append(f"{self.names[who]}: {act.name}")
        elif fam == ACT.ABORT:  # an abortive draw declared: said by its title, in the catalog's words
            out.append(f"{self.names[who]}: {self.move_name(game.catalogue, a)}")
        elif fam not in (ACT.PASS_TILE, ACT.BLIND, ACT.VOTE, ACT.OFFER, ACT.NO_CLAIM, ACT.CLAIM, ACT.MAHJONG):
            out.append(f"{self.names[who]}: {act.name}")
        if fam == ACT.MAHJONG and st.dead[who] and not game.is_terminal():
            # a false declaration: the ruleset's penalty, and the hand is dead
            out.append(self._said(who, person, N_("You declared mah jongg: not mah jongg: your hand is dead"),
                                  N_("{name} declared mah jongg: not mah jongg: the hand is dead")))
        if st.node != before["node"]:
            out.extend(self._step_done(game, before, who, a, person))
        out.extend(self.calls(game, before, person))
        draw = st.last_draw
        if draw is not None and draw is not before["draw"] and st.turn == person and not game.is_terminal():
            drawn = st.drawn_copy if st.drawn_copy is not None else draw[0]
            out.append(self._("You draw {tile}").format(tile=self.codes[drawn]))
        return out

    def calls(self, game, before: dict, person: int) -> list[str]:
        """Calls made known when the claim window resolved: each new exposure on the table."""
        out = []
        for s, exps in enumerate(game.st.exposures):
            for e in exps[before["exposed"][s]:]:
                said = self._said(s, person, N_("You call {kind} of {tile}"), N_("{name} calls {kind} of {tile}"),
                                  kind=e.kind, tile=self.codes[e.tile])
                if e.source is not None:
                    said += self._(" from {name}").format(name=self.names[e.source])
                if e.jokers:
                    said += self.ngettext(" with {n} joker", " with {n} jokers", e.jokers).format(n=e.jokers)
                out.append(said)
        return out

    def _step_done(self, game, before: dict, who: int, a: int, person: int) -> list[str]:
        """A simultaneous step resolved: what the person gave and got, how a vote went."""
        st = game.st
        act = game.catalogue[a]
        step, params = before["step"], before["params"]
        if step == "pass":
            sel = list(before["sel"]) + ([act.arg] if who == person and act.family == ACT.PASS_TILE else [])
            kept = list(before["hand"])
            for t in sel:
                kept[t] -= 1
            got = [t for t, n in enumerate(st.hands[person]) for _ in range(max(0, n - kept[t]))]
            where = params.get("direction", "")
            blind = before["blind"] if who != person or act.family != ACT.BLIND else act.arg
            said = self._("Pass {direction}: you give {give} and receive {got}").format(
                direction=self._(DIRECTIONS[where]) if where in DIRECTIONS else where,
                give=self.tiles(sel), got=self.tiles(got))
            if blind:
                said += self._(" ({n} went straight on blind)").format(n=blind)
            return [said]
        if step == "vote":
            return [self._("The Charleston stops here.") if st.stopped
                    else self._("Nobody stops: the second Charleston is played.")]
        if step == "offer":
            n = st.offers.get(person, 0)
            return [self.ngettext("Courtesy pass: {n} tile each way with the seat across",
                            "Courtesy pass: {n} tiles each way with the seat across", n).format(n=n)]
        return []

    def outcome(self, game) -> list[str]:
        res = game.st.result
        w = res.get("winner")
        if w is None and res.get("aborted"):  # an abortive draw (`abort "TITLE" when ...`)
            out = [self._("The hand is aborted ({title}): nobody wins, nobody pays.").format(title=res["aborted"])]
        elif w is None:
            out = [self.wall_game(res)]
        else:
            places = {"name": self.names[w], "hand": res.get("hand"), "value": f"{res.get('value'):g}"}
            d = res.get("discarder")
            if res.get("self_drawn"):
                said = self._("{name} went out with {hand} on a tile drawn from the wall, worth {value}")
            elif d is not None and self.names[d] == self.you:
                said = self._("{name} went out with {hand} on your discard, worth {value}")
            elif d is not None:
                said = self._("{name} went out with {hand} on {other}'s discard, worth {value}")
                places["other"] = self.names[d]
            else:
                said = self._("{name} went out with {hand}, worth {value}")
            out = [said.format(**places)]
            for line in res.get("rules") or []:
                out.append(f"   {line}")
        dead = [self.names[s] for s, d in enumerate(game.st.dead) if d]
        if dead:
            out.append(self._("Dead hands: {names}").format(names=", ".join(dead)))
        return out

    def wall_game(self, res: dict) -> str:
        """A wall game's line: who paid whom when the ruleset's ``wall game: not calling pay
        calling N points shared`` moved points (``res["calling"]``: the calling seats, set
        only when it did), each paying N shared among the hands not calling and each
        receiving N shared among the calling ones (``engine.settle.wall_game_payments``)."""
        calling = res.get("calling")
        total = self.auto.payments.wall_game_pay
        if not calling or not total:
            return self._("Wall game: nobody wins, nobody pays.")
        payers = [s for s in range(len(self.names)) if s not in calling]
        return self._("Wall game: nobody wins. Not calling: {payers}, paying {pay} each. "
                      "Calling: {payees}, receiving {get} each.").format(
            payers=", ".join(self.names[s] for s in payers), pay=f"{total / len(payers):g}",
            payees=", ".join(self.names[s] for s in calling), get=f"{total / len(calling):g}")

    def settlement(self, returns, totals) -> list[str]:
        width = max(len(n) for n in self.names) + 2
        hand, session = self._("this hand"), self._("session")
        out = [f"{'':{width}s} {hand:>10s} {session:>10s}"]
        for s, name in enumerate(self.names):
            out.append(f"{name:{width}s} {returns[s]:>+10g} {totals[s]:>+10g}")
        return out

    def standings(self, totals) -> str:
        order = sorted(range(len(totals)), key=lambda s: (-totals[s], s))
        return self._("Standings: {standings}").format(
            standings=", ".join(f"{self.names[s]} {totals[s]:+g}" for s in order))

    @property
    def you(self) -> str:
        """What the person is called in their own words."""
        return self._("You")
