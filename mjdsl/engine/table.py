"""A table to play at in the terminal: one person, bots at the other seats.

It reads a line for each decision of the person's seat (a number from the list, or
an action's name) and prints what the others do in public (discards, claims,
exposures, swaps); hidden choices (what others pass in the Charleston) stay hidden.
"""

from __future__ import annotations

import random
from typing import Callable, TextIO

from . import actions as ACT
from .game import CHANCE, SHUFFLE_SEEDS, Game
from .observe import observe

PUBLIC = {ACT.DISCARD, ACT.MAHJONG, ACT.CLAIM, ACT.SWAP, ACT.KONG_CONCEALED, ACT.KONG_ADDED, ACT.ANNOUNCE}


class Table:
    def __init__(self, auto, seed: str, person: int, bots, read: Callable[[], str | None], out: TextIO,
                 dealer: int = 0):
        self.auto = auto
        self.game = Game(auto, dealer=dealer)
        self.person = person
        self.bots = bots
        self.read = read
        self.out = out
        self.chance = random.Random(f"{seed}:chance")
        self.rngs = [random.Random(f"{seed}:seat{s}") for s in range(auto.seats)]

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def show(self) -> None:
        o = observe(self.game, self.person)
        self.say(f"-- {o['state']}  wall {o['wall_left']}  you are seat {self.person} "
                 f"({o['seat_winds'][self.person] if o['seat_winds'] else ''}), dealer seat {o['dealer']}")
        for s in range(self.auto.seats):
            exps = "  ".join(" ".join(e["tiles"]) for e in o["exposures"][s])
            disc = " ".join(o["discards"][s][-12:])
            who = "you " if s == self.person else f"seat {s}"
            dead = " (dead hand)" if o["dead"][s] else ""
            self.say(f"   {who}: exposed [{exps}] discards [{disc}]{dead}")
        if o["live_discard"]:
            self.say(f"   on the table: {o['live_discard']['tile']} from seat {o['live_discard']['seat']}")
        self.say(f"   your hand: {' '.join(o['hand'])}")

    def ask(self, legal: list[int]) -> int | None:
        names = [self.game.action_name(a) for a in legal]
        self.show()
        for i, n in enumerate(names, 1):
            self.say(f"   {i:2d}. {n}")
        while True:
            self.out.write("your move> ")
            self.out.flush()
            line = self.read()
            if line is None or line.strip() in ("q", "quit"):
                return None
            text = line.strip()
            if text.isdigit() and 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            matches = [a for a, n in zip(legal, names) if n == text or n.startswith(text)] if text else []
            if len(matches) == 1:
                return matches[0]
            self.say("   not one of the moves above: type its number or its name")

    def play(self) -> dict | None:
        g = self.game
        while not g.is_terminal():
            p = g.current_player()
            if p == CHANCE:
                outs = g.chance_outcomes()
                a = self.chance.choices([o for o, _ in outs], [w for _, w in outs])[0] if outs else \
                    self.chance.randrange(SHUFFLE_SEEDS)
                g.apply_action(a)
                continue
            legal = g.legal_actions()
            if p == self.person:
                asked = legal[0] if len(legal) == 1 else self.ask(legal)
                if asked is None:
                    return None
                a = asked
            else:
                a = self.bots[p].choose(g, p, legal, self.rngs[p]) if len(legal) > 1 else legal[0]
                fam = g.catalogue[a].family
                if fam in PUBLIC:
                    self.say(f"   seat {p}: {g.action_name(a)}")
            g.apply_action(a)
        res = g.st.result
        if res.get("winner") is None:
            self.say("wall game: nobody wins, nobody pays")
        else:
            self.say(f"seat {res['winner']} wins with {res.get('hand')} (value {res.get('value')})")
        self.say(f"settlement: {g.returns()}")
        return res
