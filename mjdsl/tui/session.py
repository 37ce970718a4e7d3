"""A session at the table: one person, the regulars at the other seats, hand after hand.

:class:`Session` plays the ruleset's session (its fixed number of hands, or its wind
rounds) through the engine's public API and stops whenever the person is to act. It
announces what happens in words (``events``): tiles received in a pass, "you draw
5b", calls, swaps, who went out with what, and the settlement. The hands use the
seeds ``mjdsl simulate`` uses for a session (hand k of seed S is ``"S:k"``), so
``--daily`` gives everyone the same walls.

**The save is the log.** After every action the session writes its save file: the
ruleset's hash, the options, the seed, the seats, and every action of every hand
(chance outcomes included). Resuming re-plays the log from the seed, the bots
choosing again with their own seeded streams and the person's moves read from the
log; every action must come out as recorded, so a resumed game is the same game.

**Seats you can change** (club-american-table.txt): the person may ask for another seat
at any time; the move is made as the next hand begins, the regular sitting there taking
the person's old seat (each player keeps their session total). The save lists every
move as ``[hand, seat]``, so a resumed session makes the same moves at the same hands.
"""

from __future__ import annotations

import json
import os
import random

from ..bots import file_styles, make_bot, style_of
from ..diagnostics import InputError
from ..engine import actions as ACT
from ..engine.game import CHANCE, Game
from ..engine.chance import chance_stream
from ..engine.run import SessionClock
from .loop import play_on
from .save import SAVE_KIND, SAVE_VERSION, check_save
from .words import Words, has_charleston


class Session:
    """A session in play. ``bots`` names the bot at every seat but the person's."""

    def __init__(self, auto, ruleset: str, sets: dict, seed: str, person: int, bots: list[str], *,
                 save: str | None = None, hands: int | None = None, guided: bool = False):
        if auto.session_players > auto.seats:
            raise InputError(f"the table seats one player a seat; this ruleset has {auto.session_players} players "
                             f"for {auto.seats} seats, one sitting out each hand: play it with `mjdsl simulate`")
        if len(bots) != auto.seats - 1:
            raise InputError(f"--bots: name {auto.seats - 1} bots, one for every other seat, not {len(bots)}")
        self.auto = auto
        self.ruleset = ruleset
        self.sets = dict(sets)
        self.seed = seed
        self.person = person
        self.first_seat = person  # the save's seat: where the session began (seat_moves say the rest)
        self.bot_names = list(bots)
        self.save_path = save
        self.max_hands = hands
        self.guided = guided
        others = iter(bots)
        self.bots = [None if s == person else make_bot(next(others)) for s in range(auto.seats)]
        self.names = [self._name(s) for s in range(auto.seats)]
        self.words = Words(auto, self.names)
        self.lines_rng = random.Random(f"{seed}:lines")  # what the regulars say; never the game
        self._charleston = has_charleston(auto)  # (a regular's Charleston lines are said at one)
        self.clock = SessionClock.begin(auto, seed)
        self.totals = [0.0] * auto.seats
        self.log: list[list[int]] = []
        self.results: list[dict] = []
        #: [hand, seat]: from that hand (counted from 0) on, the person sits at that seat
        self.seat_moves: list[list[int]] = []
        self.events: list[str] = []
        self.game: Game | None = None
        self._replay: list[int] | None = None
        self.say_lines("greet")
        self._start_hand()

    def _name(self, seat: int) -> str:
        if seat == self.person:
            return "You"
        style = style_of(self.bots[seat])
        return style.name if style is not None else f"{self.bots[seat].name} (seat {seat})"

    # -- the session ----------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.game is None

    def _start_hand(self) -> None:
        c = self.clock
        k = c.hands
        for hand, seat in self.seat_moves:
            if hand == k and seat != self.person:
                self._sit(seat)
        self.game = Game(self.auto, dealer=c.dealer, round_wind=c.round_wind(self.auto),
                         context=c.context())
        self.chance = chance_stream(f"{self.seed}:{k}")
        self.rngs = [random.Random(f"{self.seed}:{k}:seat{s}") for s in range(self.auto.seats)]
        self.log.append([])
        self._charleston_said = False
        self.events.append(self.words.hand_title(k, self.game))

    def _end_hand(self) -> None:
        g = self.game
        res = dict(g.st.result)
        self.results.append(res)
        for s, x in enumerate(g.returns()):
            self.totals[s] += x
        self.events.extend(self.words.outcome(g))
        winner = res.get("winner")
        for s in range(self.auto.seats):
            if s != self.person and winner is not None:
                self.say_lines("win" if s == winner else "lose", s)
        self.events.extend(self.words.settlement(g.returns(), self.totals))
        self.clock.advance(self.auto, res)
        if self.clock.over or (self.max_hands is not None and self.clock.hands >= self.max_hands):
            self.game = None
            self.events.append("The session is over. " + self.words.standings(self.totals))
            if self._replay is None:
                self.save()
        else:
            self._start_hand()

    def move_seat(self, seat: int) -> str:
        """Ask for another seat from the next hand on (what the table says back);
        InputError for a seat the table does not have."""
        n = self.auto.seats
        if not 0 <= seat < n:
            raise InputError(f"the seats are numbered 0 to {n - 1}")
        nxt = self.clock.hands + 1
        self.seat_moves = [m for m in self.seat_moves if m[0] != nxt]
        if seat == self.person:
            self.save()
            return f"You stay at seat {seat}."
        last = min((n for n in (self.max_hands, self.auto.session.hands) if n), default=None)
        if last is not None and nxt >= last:
            return f"This is the session's last hand: there is no next hand to move to seat {seat} for."
        self.seat_moves.append([nxt, seat])
        self.save()
        return f"From the next hand you sit at seat {seat}, and {self.names[seat]} takes yours."

    def _sit(self, seat: int) -> None:
        """The person and the player at ``seat`` change places, each keeping their total."""
        old = self.person
        for seq in (self.bots, self.names, self.totals):
            seq[old], seq[seat] = seq[seat], seq[old]
        self.person = seat
        self.events.append(f"You move to seat {seat}; {self.names[old]} takes seat {old}.")

    def say_lines(self, moment: str, seat: int | None = None) -> None:
        seats = [seat] if seat is not None else [s for s in range(self.auto.seats) if s != self.person]
        for s in seats:
            style = style_of(self.bots[s])
            line = style.line(moment, self.lines_rng, card=self.auto.winning.card is not None,
                              charleston=self._charleston) if style is not None else None
            if line:
                self.events.append(f'{self.names[s]}: "{line}"')

    # -- acting ---------------------------------------------------------------------------
    def to_act(self) -> bool:
        """Play chance and bots until the person is to act (True) or the session is over."""
        play_on(self)
        return self.game is not None

    # what the one play loop (tui/loop.py) asks of a table
    def waits_for(self, seat: int) -> bool:
        return seat == self.person

    def regular_move(self, seat: int, legal: list[int]) -> int:
        return self.bots[seat].choose(self.game, seat, legal, self.rngs[seat])

    def apply_move(self, action: int, who: int) -> None:
        self._apply(action, who)

    def end_hand(self) -> None:
        self._end_hand()

    def legal(self) -> list[int]:
        return self.game.legal_actions(self.person)

    def act(self, actions: list[int]) -> None:
        """The person's move: one action, or several taken together (a pass of three tiles).
        IllegalAction leaves the state as it was before the first of them."""
        g = self.game
        # one move is checked before it changes anything; several need the state to go back to
        before = g.clone() if len(actions) > 1 else g
        mark = len(self.log[-1]), len(self.events)
        try:
            for i, a in enumerate(actions):
                if i and g.current_player() != self.person:
                    raise InputError("those moves are not all yours to make at once")
                self._apply(a, self.person, save=False)
        except BaseException:
            self.game = before
            del self.log[-1][mark[0]:]
            del self.events[mark[1]:]
            raise
        self.save()

    def _apply(self, a: int, who: int, save: bool = True) -> None:
        g = self.game
        if self._replay is not None and self._replay:
            want = self._replay[0]
            if who != self.person and want != a:
                k = len(self.log) - 1
                raise InputError(f"the save differs from the game at hand {k + 1}, step {len(self.log[-1]) + 1}: "
                                 "the ruleset or a bot has changed since it was saved")
            self._replay.pop(0)
        before = self.words.snapshot(g, self.person)
        g.apply_action(a)
        self.log[-1].append(a)
        if who != CHANCE:
            self.events.extend(self.words.after(g, who, a, before, self.person))
            fam = g.catalogue[a].family
            if who != self.person and fam in (ACT.CLAIM, ACT.SWAP):
                self.say_lines("call" if fam == ACT.CLAIM else "swap", who)
            if fam == ACT.PASS_TILE and who == self.person and not self._charleston_said:
                self._charleston_said = True
                self.say_lines("charleston")
        if save and self._replay is None:
            self.save()

    # -- saving and resuming ------------------------------------------------------------
    def to_json(self) -> dict:
        return {"version": SAVE_VERSION, "kind": SAVE_KIND, "ruleset": self.ruleset,
                "ruleset_abs": os.path.abspath(self.ruleset), "hash": self.auto.hash, "set": self.sets,
                "seed": self.seed, "seat": self.first_seat, "bots": self.bot_names, "hands_limit": self.max_hands,
                "guided": self.guided, "hands": self.log, "seat_moves": self.seat_moves, "over": self.over,
                **({"styles": [list(f) for f in styles]} if (styles := file_styles(self.bot_names)) else {})}

    def save(self) -> None:
        if self.save_path is None:
            return
        from ..output import write_file

        write_file(self.save_path, json.dumps(self.to_json()) + "\n")

    @classmethod
    def resume(cls, auto, data: dict, save: str | None) -> "Session":
        """The session a save holds (read by ``save.read_save``), re-played to where it
        stopped; InputError naming the save for a save that does not fit the ruleset or
        does not replay."""
        check_save(data, auto, save)
        s = cls(auto, data["ruleset"], data.get("set", {}), data["seed"], data["seat"], data["bots"], save=None,
                hands=data.get("hands_limit"), guided=bool(data.get("guided")))
        s.seat_moves = [list(m) for m in data.get("seat_moves", [])]
        s._replay = [a for hand in data["hands"] for a in hand]
        where = f"{save}: " if save else ""
        try:
            while s._replay:
                if not s.to_act() or not s._replay:
                    break
                a = s._replay[0]
                if a not in s.legal():
                    raise InputError(f"the saved move {s.game.action_name(a)} is not legal here")
                s._apply(a, s.person, save=False)
        except InputError as e:
            raise InputError(f"{where}{e}") from None
        finally:
            left = s._replay
            s._replay = None
        if left:
            raise InputError(f"{where}the save goes on after the session is over")
        s.save_path = save
        s.events = [f"Resumed the saved game: hand {s.clock.hands + 1}, move {len(s.log[-1]) + 1}."
                    if not s.over else "The saved session is over."]
        return s

