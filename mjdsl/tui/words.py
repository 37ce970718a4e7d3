"""The table's words: what happened, said as a person at the table would say it.

:class:`Words` turns one action and the state around it into announcements ("Mei
discards 7c", "you draw 5b", "pass right: you give N E 9d and receive 2b 2b F"),
and a finished hand into who went out with what and a settlement table. Claims are
named as the ruleset names them; nothing here knows a variant.
"""

from __future__ import annotations

from ..engine import actions as ACT

#: how a Charleston direction reads
DIRECTIONS = {"right": "right", "left": "left", "across": "across"}


class Words:
    def __init__(self, auto, names: list[str]):
        self.auto = auto
        self.names = names
        self.codes = [k.code for k in auto.tiles.kinds]
        self.winds = [self.codes[w] for w in auto.seat_winds] if auto.seat_winds else []

    def who(self, seat: int) -> str:
        return self.names[seat]

    def _verb(self, seat: int, verb: str, person: int) -> str:
        return f"You {verb}" if seat == person else f"{self.names[seat]} {verb}s"

    def tiles(self, ts) -> str:
        return " ".join(self.codes[t] for t in ts) or "nothing"

    def seat_label(self, game, seat: int) -> str:
        """A seat's name and wind this hand (winds turn with the dealer)."""
        if not self.winds:
            return self.names[seat]
        return f"{self.names[seat]} ({self.winds[(seat - game.st.dealer) % len(self.winds)]})"

    # -- a hand ----------------------------------------------------------------------------
    def hand_title(self, k: int, game) -> str:
        total = self.auto.session.hands
        of = f" of {total}" if total else ""
        rw = self.codes[game.st.round_wind] if self.auto.session.round_wind_rotates else None
        wind = f", round wind {rw}" if rw else ""
        return f"== Hand {k + 1}{of}: {self.names[game.st.dealer]} dealing{wind} =="

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
            out.append(f"{self._verb(who, 'discard', person)} {self.codes[act.arg]}")
        elif fam == ACT.SWAP:
            out.append(f"{self._verb(who, 'swap', person)} {self.codes[act.arg]} for a joker on the table")
        elif fam in (ACT.KONG_CONCEALED, ACT.KONG_ADDED, ACT.ANNOUNCE):
            out.append(f"{self.names[who]}: {act.name}")
        elif fam not in (ACT.PASS_TILE, ACT.BLIND, ACT.VOTE, ACT.OFFER, ACT.NO_CLAIM, ACT.CLAIM, ACT.MAHJONG):
            out.append(f"{self.names[who]}: {act.name}")
        if fam == ACT.MAHJONG and st.dead[who] and not game.is_terminal():
            # a false declaration: the ruleset's penalty, and the hand is dead
            mine = who == person
            out.append(f"{'You' if mine else self.names[who]} declared mah jongg: not mah jongg: "
                       f"{'your' if mine else 'the'} hand is dead")
        if st.node != before["node"]:
            out.extend(self._step_done(game, before, who, a, person))
        out.extend(self.calls(game, before, person))
        draw = st.last_draw
        if draw is not None and draw is not before["draw"] and st.turn == person and not game.is_terminal():
            out.append(f"You draw {self.codes[draw[0]]}")
        return out

    def calls(self, game, before: dict, person: int) -> list[str]:
        """Calls made known when the claim window resolved: each new exposure on the table."""
        out = []
        for s, exps in enumerate(game.st.exposures):
            for e in exps[before["exposed"][s]:]:
                jokers = f" with {e.jokers} joker{'s' if e.jokers != 1 else ''}" if e.jokers else ""
                src = f" from {self.names[e.source]}" if e.source is not None else ""
                out.append(f"{self._verb(s, 'call', person)} {e.kind} of {self.codes[e.tile]}{src}{jokers}")
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
            blind_words = f" ({blind} went straight on blind)" if blind else ""
            return [f"Pass {DIRECTIONS.get(where, where)}: you give {self.tiles(sel)} and receive "
                    f"{self.tiles(got)}{blind_words}"]
        if step == "vote":
            return ["The Charleston stops here." if st.stopped else "Nobody stops: the second Charleston is played."]
        if step == "offer":
            n = st.offers.get(person, 0)
            return [f"Courtesy pass: {n} tile{'s' if n != 1 else ''} each way with the seat across"]
        return []

    def outcome(self, game) -> list[str]:
        res = game.st.result
        w = res.get("winner")
        if w is None:
            out = ["Wall game: nobody wins, nobody pays."]
        else:
            if res.get("self_drawn"):
                how = "on a tile drawn from the wall"
            elif res.get("discarder") is not None:
                d = res["discarder"]
                how = "on your discard" if self.names[d] == "You" else f"on {self.names[d]}'s discard"
            else:
                how = ""
            hand = res.get("hand")
            out = [f"{self.names[w]} went out with {hand} {how}, worth {res.get('value'):g}".replace("  ", " ")]
            for line in res.get("rules") or []:
                out.append(f"   {line}")
        dead = [self.names[s] for s, d in enumerate(game.st.dead) if d]
        if dead:
            out.append("Dead hands: " + ", ".join(dead))
        return out

    def settlement(self, returns, totals) -> list[str]:
        width = max(len(n) for n in self.names) + 2
        out = [f"{'':{width}s} {'this hand':>10s} {'session':>10s}"]
        for s, name in enumerate(self.names):
            out.append(f"{name:{width}s} {returns[s]:>+10g} {totals[s]:>+10g}")
        return out

    def standings(self, totals) -> str:
        order = sorted(range(len(totals)), key=lambda s: (-totals[s], s))
        return "Standings: " + ", ".join(f"{self.names[s]} {totals[s]:+g}" for s in order)
