"""One game at a club table: the server holds the engine's ``Game``; people and regulars play it.

:class:`ClubGame` plays a session of the table's ruleset through the engine's public
API, as ``tui.session.Session`` does for one person, but for any number of people:
``seats`` says who sits where (a person's key, or None for the seat's regular). A
person who is not connected is played by their seat's regular until they come back
(the seat's *stand-in*), so a game never waits for someone who has gone.

Every move a person makes comes in as catalogue action numbers: :meth:`ClubGame.act`
refuses a move from a seat that is not to act, or one the engine does not list as
legal, with the state unchanged. :meth:`ClubGame.view` is everything one seat may see
(the engine's observation, without the other seats' concealed tiles or the wall) and
the table's announcements in that seat's words.

A person may **change seats** (:meth:`ClubGame.move_seat`): they take a regular's seat
as the next hand begins, the regular taking theirs, each keeping their session total.

**The save is the log**, as at the terminal table: the seed, the seats, the seat
changes (``[hand, seat, seat]``) and every action of every hand. The hands use the seeds ``mjdsl simulate`` and ``mjdsl play``
use (hand k of seed S is ``"S:k"``); a regular's random stream is seeded by the hand,
the seat and the move's place in the hand, so a regular who takes over after a
restart plays as it would have. Resuming re-applies the log through the engine,
checking every chance outcome against the seed.
"""

from __future__ import annotations

import random
import threading

from ..bots import make_bot, style_of
from ..diagnostics import InputError
from ..engine import actions as ACT
from ..engine.chance import chance_action, chance_stream
from ..engine.game import CHANCE, Game, IllegalAction
from ..engine.steps_play import false_declaration
from ..engine.observe import observe
from ..engine.run import SessionClock
from ..tui.loop import play_on
from ..tui.words import Words
from . import i18n

def N_(text: str) -> str:
    """Marks a message for the catalogs (a refusal is said in the seat's language when sent)."""
    return text


class Refused(InputError):
    """A move or a seat change refused, the state unchanged: a catalog message and its
    places, so the table's websocket says it in the seat's language (:meth:`said`); as
    a string, in English."""

    def __init__(self, message: str, **places):
        self.message, self.places = message, places
        super().__init__(message.format(**places))

    def said(self, tr) -> str:
        """The refusal in ``tr``'s language (a ``gettext`` translations object)."""
        return tr.gettext(self.message).format(**self.places)


SAVE_VERSION = 1
SAVE_KIND = "mjdsl club save"
#: what a seat sees of the engine's observation (never another seat's concealed tiles or the wall)
SEEN = ("seat", "dealer", "turn", "seat_winds", "round_wind", "hand", "hand_sizes", "exposures", "bonus",
        "discards", "live_discard", "wall_left", "dead", "announced", "my_choice", "returns")
#: events kept per seat for a page that opens late (the log panel)
KEEP_EVENTS = 200


class ClubGame:
    """A session at a club table.

    table: the ``club.ClubTable``; seed: the session's seed; seats: who sits at each
    seat (a key, or None for a regular); regulars: the bot name that plays each seat
    when nobody (or nobody connected) is there; hands_limit: stop after so many hands;
    langs: each seat's language (``i18n.LANGUAGES``), English when not given.
    """

    def __init__(self, table, seed: str, seats: list, regulars: list[str], *, hands_limit: int | None = None,
                 guided: bool = False, langs: list[str] | None = None):
        auto = table.auto
        if len(seats) != auto.seats or len(regulars) != auto.seats:
            raise InputError(f"{table.key}: a game needs {auto.seats} seats")
        self.table = table
        self.auto = auto
        self.seed = seed
        self.seats = list(seats)
        self.regulars = list(regulars)
        self.hands_limit = hands_limit
        self.guided = guided
        self.bots = [make_bot(r) for r in regulars]
        #: which bot is which, following them through seat changes (a worker process keeps
        #: each game's bots by these: ``thinking.Thinkers``)
        self.bot_keys = list(range(auto.seats))
        #: seats whose person is connected now; the others are played by their regular
        self.present: set[int] = set()
        self.clock = SessionClock.begin(auto, seed)
        self.totals = [0.0] * auto.seats
        self.log: list[list[int]] = []
        self.results: list[dict] = []
        self.events: list[list[str]] = [[] for _ in range(auto.seats)]
        #: lines said to each seat so far (its view changes when this does)
        self.heard = [0] * auto.seats
        #: [hand, seat, other]: as hand ``hand`` (counted from 0) begins, the person at
        #: ``seat`` and the regular at ``other`` change places (a seat change)
        self.seat_moves: list[list[int]] = []
        #: held by whoever plays or looks at the game (the server's threads)
        self.mutex = threading.RLock()
        #: each seat's language: its announcements are said in it from then on
        self.langs = list(langs or [i18n.DEFAULT] * auto.seats)
        self.words = [self._words_for(s) for s in range(auto.seats)]
        self.game: Game | None = None
        #: called with (hand index, returns) when a hand ends (the server records results)
        self.on_hand_end = None
        #: called before a regular chooses a move (the server holds regulars back while a
        #: person's move is answered: ``priority.PeopleFirst``)
        self.before_regular = None
        #: asked for a regular's move before the seat's bot is: ``(game, seat, legal, seed)``
        #: gives the action, or None to leave the choice to the bot here (the server's
        #: regulars think in a process of their own: ``thinking.Thinkers``)
        self.thinker = None
        self._replaying = False
        self._start_hand()

    # -- who is who -----------------------------------------------------------------------
    def name_of(self, seat: int, lang: str = i18n.DEFAULT) -> str:
        who = self.seats[seat]
        if who is not None:
            return who.split(":", 1)[1] if who.startswith("account:") else i18n.translations(lang).gettext("Guest")
        style = style_of(self.bots[seat])
        return style.name if style is not None else self.regulars[seat]

    def names_for(self, seat: int) -> list[str]:
        """The names at the table as ``seat`` hears them, in its language: itself is "You"."""
        tr = i18n.translations(self.langs[seat])
        return [tr.gettext("You") if s == seat else self.name_of(s, self.langs[seat]) for s in range(self.auto.seats)]

    def _words_for(self, seat: int) -> Words:
        tr = i18n.translations(self.langs[seat])
        return Words(self.auto, self.names_for(seat), tr.gettext, tr.ngettext)

    def set_language(self, seat: int, lang: str) -> None:
        """Say ``seat``'s announcements in ``lang`` from now on (what was said stays said)."""
        if lang in i18n.LANGUAGES and lang != self.langs[seat]:
            self.langs[seat] = lang
            self.words[seat] = self._words_for(seat)

    def seat_of(self, key: str) -> int | None:
        return self.seats.index(key) if key in self.seats else None

    def sit(self, key: str) -> int | None:
        """Give ``key`` a seat (their own, else the first a regular holds); None when full."""
        mine = self.seat_of(key)
        if mine is not None:
            return mine
        for s, who in enumerate(self.seats):
            if who is None:
                self.seats[s] = key
                self._renamed()
                return s
        return None

    def _renamed(self) -> None:
        for s in range(self.auto.seats):
            self.words[s].names[:] = self.names_for(s)

    def seen_by(self, seat: int | None) -> tuple:
        """What ``seat``'s view is made from (None: every seat's): equal, the view is the same."""
        return (self.moves, tuple(self.seats), self.over, len(self.seat_moves),
                tuple(self.heard) if seat is None else self.heard[seat])

    # -- changing seats (club-american-table.txt: "sit down against the three regulars, change seats")
    def move_seat(self, key: str, to: int) -> None:
        """``key`` asks to sit at seat ``to`` from the next hand on, the regular there taking
        their seat (each keeps their session total); InputError, nothing changed, for a seat
        a person holds, one the table does not have, or when there is no next hand."""
        mine = self.seat_of(key)
        n = self.auto.seats
        if mine is None:
            raise Refused(N_("you have no seat at this game"))
        if not isinstance(to, int) or isinstance(to, bool) or not 0 <= to < n:
            raise Refused(N_("the seats are numbered 0 to {last}"), last=n - 1)
        if self.game is None:
            raise Refused(N_("the session is over"))
        nxt = self.clock.hands + 1
        if to != mine:
            if self.seats[to] is not None:
                raise Refused(N_("seat {seat} is {name}'s: you can take a regular's seat only"), seat=to,
                              name=self.name_of(to))
            if any(m[0] == nxt and m[2] == to and m[1] != mine for m in self.seat_moves):
                raise Refused(N_("seat {seat} is taken from the next hand on"), seat=to)
            last = min((h for h in (self.hands_limit, self.auto.session.hands) if h), default=None)
            if last is not None and nxt >= last:
                raise Refused(N_("this is the session's last hand: there is no next hand to change seats for"))
        self.seat_moves = [m for m in self.seat_moves if not (m[0] == nxt and m[1] == mine)]
        _ = self.words[mine]._
        if to == mine:
            self._say(_("You stay at seat {seat}.").format(seat=mine), mine)
            return
        self.seat_moves.append([nxt, mine, to])
        self._say(_("From the next hand you sit at seat {seat}, and {name} takes yours.").format(
            seat=to, name=self.names_for(mine)[to]), mine)

    def _swap(self, a: int, b: int) -> None:
        """The players at seats ``a`` and ``b`` change places, each keeping their total, their
        stand-in, what they were told and the language they are told it in."""
        for seq in (self.seats, self.regulars, self.bots, self.bot_keys, self.totals, self.events, self.heard,
                    self.langs, self.words):
            seq[a], seq[b] = seq[b], seq[a]
        self.present = {b if s == a else a if s == b else s for s in self.present}
        self._renamed()

    def _move_seats(self, hand: int) -> None:
        for k, seat, other in self.seat_moves:
            if k == hand and self.seats[seat] is not None and self.seats[other] is None:
                self._swap(seat, other)
                self._say(self.words[other]._("You move to seat {seat}; {name} takes seat {old}.").format(
                    seat=other, name=self.names_for(other)[seat], old=seat), other)

    def played_by_person(self, seat: int) -> bool:
        """Whether ``seat``'s moves wait for its person: they are connected, or nobody at
        all is (a game nobody watches waits; a regular stands in only while others play on)."""
        return self.seats[seat] is not None and (seat in self.present or not self.present)

    # -- the session ----------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.game is None

    @property
    def moves(self) -> int:
        """Actions played so far in the whole session (a client's place in the game)."""
        return sum(len(h) for h in self.log)

    def _say(self, line: str, seat: int | None = None) -> None:
        if self._replaying:
            return
        for s in ([seat] if seat is not None else range(self.auto.seats)):
            ev = self.events[s]
            ev.append(line)
            del ev[:-KEEP_EVENTS]
            self.heard[s] += 1

    def _start_hand(self) -> None:
        c = self.clock
        k = c.hands
        self._move_seats(k)
        #: how this hand was begun, and its name: the hand is these and its log's actions.
        #: The context is what the session carries into the hand (the dealer's streak, the
        #: counters such as riichi's honba, the pot a wall game left), as at the terminal table
        self.hand_args = (c.dealer, c.round_wind(self.auto), c.context())
        self.hand_key = (self.seed, k)
        dealer, wind, context = self.hand_args
        self.game = Game(self.auto, dealer=dealer, round_wind=wind, context=dict(context))
        self.chance = chance_stream(f"{self.seed}:{k}")
        self.log.append([])
        for s in range(self.auto.seats):
            self._say(self.words[s].hand_title(k, self.game), s)

    def _end_hand(self) -> None:
        g = self.game
        res = dict(g.st.result)
        self.results.append(res)
        returns = g.returns()
        for s, x in enumerate(returns):
            self.totals[s] += x
        for s in range(self.auto.seats):
            w = self.words[s]
            for line in w.outcome(g) + w.settlement(returns, self.totals):
                self._say(line, s)
        if self.on_hand_end is not None and not self._replaying:
            self.on_hand_end(self.clock.hands, list(returns))
        self.clock.advance(self.auto, res)
        if self.clock.over or (self.hands_limit is not None and self.clock.hands >= self.hands_limit):
            self.game = None
            for s in range(self.auto.seats):
                self._say(self.words[s]._("The session is over.") + " " + self.words[s].standings(self.totals), s)
        else:
            self._start_hand()

    def waiting_for(self) -> int | None:
        """The seat whose person must move now, or None (a regular or chance is to move, or it is over)."""
        g = self.game
        if g is None or g.is_terminal():
            return None
        p = g.current_player()
        if p == CHANCE or not self.played_by_person(p) or len(g.legal_actions()) <= 1:
            return None
        return p

    def advance(self, limit: int = 100_000) -> int:
        """Play chance, the regulars and forced moves until a person is to move or the
        session is over (the one play loop, tui/loop.py); the number of actions played."""
        return play_on(self, limit)

    # what the one play loop asks of a table
    def waits_for(self, seat: int) -> bool:
        return self.played_by_person(seat)

    def apply_move(self, action: int, who: int) -> None:
        self._apply(action, who)

    def end_hand(self) -> None:
        self._end_hand()

    def claim_window(self) -> int | None:
        """The seat whose person is to answer a claim window now (they may make no claim), or None."""
        p = self.waiting_for()
        return p if p is not None and self._no_claim(p) is not None else None

    def _no_claim(self, seat: int) -> int | None:
        cat = self.game.catalogue
        return next((a for a in self.game.legal_actions(seat) if cat[a].family == ACT.NO_CLAIM), None)

    def time_up(self, seat: int, at: int) -> bool:
        """The claim window's time is up: ``seat``'s claim is "no claim", if the game still
        waits for that seat's claim at move ``at``; whether it did."""
        if self.claim_window() != seat or self.moves != at:
            return False
        self._say(self.words[seat].time_up(), seat)
        self.act(seat, [self._no_claim(seat)], at)
        return True

    def regular_move(self, seat: int, legal: list[int]) -> int:
        seed = f"{self.seed}:{self.clock.hands}:seat{seat}:{len(self.log[-1])}"
        # thought elsewhere, the choice may overlap a person's answer being sent; here,
        # the regular waits before thinking (either way, it plays after: priority.py)
        a = self.thinker(self, seat, legal, seed) if self.thinker is not None else None
        if self.before_regular is not None:
            self.before_regular()
        if a is None:
            a = self.bots[seat].choose(self.game, seat, legal, random.Random(seed))
        return a

    # -- acting ---------------------------------------------------------------------------
    def act(self, seat: int, actions: list[int], at: int | None = None) -> None:
        """``seat``'s move: one action, or several taken together (a pass of three tiles).
        ``at`` is the number of moves the mover had seen: a move sent twice, or sent
        for a state already gone, is refused. Refused moves leave the state unchanged."""
        g = self.game
        if g is None:
            raise Refused(N_("the session is over"))
        if at is not None and at != self.moves:
            raise Refused(N_("the game has moved on since that move was chosen"))
        if not actions:
            raise Refused(N_("no move"))
        # one action is checked before it changes anything; several need the state to go
        # back to (cloning a state is most of a move's cost)
        before = g.clone() if len(actions) > 1 else g
        marks = len(self.log[-1]), [len(e) for e in self.events], list(self.heard)
        try:
            for a in actions:
                if not isinstance(a, int) or isinstance(a, bool):
                    raise Refused(N_("a move is an action number"))
                if g.current_player() != seat:
                    raise Refused(N_("it is not your move"))
                if a not in g.legal_actions(seat):
                    raise Refused(N_("action {action} is not legal now"), action=a)
                self._apply(a, seat)
        except BaseException:
            self.game = before
            del self.log[-1][marks[0]:]
            for e, m in zip(self.events, marks[1]):
                del e[m:]
            self.heard[:] = marks[2]
            raise

    def _apply(self, a: int, who: int) -> None:
        g = self.game
        snaps = None if self._replaying or who == CHANCE else [self.words[s].snapshot(g, s)
                                                                for s in range(self.auto.seats)]
        g.apply_action(a)
        self.log[-1].append(a)
        if snaps is not None:
            for s in range(self.auto.seats):
                for line in self.words[s].after(g, who, a, snaps[s], s):
                    self._say(line, s)

    # -- what a seat sees -----------------------------------------------------------------
    def view(self, seat: int) -> dict:
        """Everything ``seat`` may see now, as JSON-ready data."""
        out = {"table": self.table.key, "title": self.auto.name, "seat": seat, "names": self.names_for(seat),
               "moves": self.moves, "hand_no": self.clock.hands + (0 if self.over else 1),
               "hands_total": self.auto.session.hands or None, "totals": list(self.totals), "over": self.over,
               # the seat's last lines, and how many it has heard in all (the server sends a
               # page only the lines it has not had: ``app.Club.send``)
               "events": list(self.events[seat]), "heard": self.heard[seat], "regular": self.name_of_regular(seat),
               # more views are coming without anyone's move: chance or the regulars play on
               "more": not self.over and self.waiting_for() is None,
               # the seats a person holds (the others' are regulars', to move to), and the
               # seat this one moves to as the next hand begins
               "people": [who is not None for who in self.seats],
               "moving_to": next((m[2] for m in self.seat_moves
                                  if m[1] == seat and m[0] == self.clock.hands + 1), None)}
        g = self.game
        if g is None:
            out["legal"] = []
            return out
        o = observe(g, seat)
        out.update({k: o[k] for k in SEEN})
        out["drawn"] = (self.auto.tiles.copy_code(g.st.drawn_copy if g.st.drawn_copy is not None
                                                  else g.st.last_draw[0])
                        if g.st.last_draw is not None and g.st.turn == seat else None)
        mine = g.current_player() == seat
        cat = g.catalogue
        codes = self.words[seat].codes
        legal = g.legal_actions(seat) if mine else []
        out["to_act"] = mine
        out["legal"] = [{"a": a, "family": cat[a].family, "name": self.words[seat].move_name(cat, a),
                         "tile": codes[cat[a].arg] if cat[a].family in TILE_FAMILIES else None} for a in legal]
        if any(m["family"] == ACT.MAHJONG for m in out["legal"]) and false_declaration(g, seat):
            # a mah jongg the win check says is false: the page asks before it is declared
            warning = self.words[seat].false_mahjong(seat)
            for m in out["legal"]:
                if m["family"] == ACT.MAHJONG:
                    m["confirm"] = warning
        if mine and legal:
            st = g.st
            p = st.pending.get(seat) if isinstance(st.pending, dict) else None
            passing = any(x["family"] == ACT.PASS_TILE for x in out["legal"])
            out["pass_count"] = p["count"] - (p.get("blind") or 0) - len(p.get("sel", [])) if passing and p else None
            out["step"] = self.auto.states[st.node].step
            out["direction"] = self.auto.states[st.node].params.get("direction")
        return out

    def name_of_regular(self, seat: int) -> str:
        style = style_of(self.bots[seat])
        return style.name if style is not None else self.regulars[seat]

    # -- saving and resuming ------------------------------------------------------------
    def to_json(self) -> dict:
        return {"version": SAVE_VERSION, "kind": SAVE_KIND, "table": self.table.key, "hash": self.auto.hash,
                "set": dict(self.table.sets), "seed": self.seed, "seats": self.seats, "regulars": self.regulars,
                "hands_limit": self.hands_limit, "guided": self.guided, "hands": self.log,
                "seat_moves": self.seat_moves, "over": self.over}

    @classmethod
    def resume(cls, table, data: dict) -> "ClubGame":
        """The game a save holds, re-played through the engine to where it stopped."""
        if data.get("kind") != SAVE_KIND or data.get("version") != SAVE_VERSION:
            raise InputError("not a saved club game")
        if data["hash"] != table.auto.hash:
            raise InputError(f"{table.key}: the game was saved with ruleset hash {data['hash']}, "
                             f"the table's ruleset is now {table.auto.hash}")
        moves = data.get("seat_moves", [])
        n = table.auto.seats
        if not isinstance(moves, list) or not all(
                isinstance(m, list) and len(m) == 3 and all(isinstance(x, int) and not isinstance(x, bool) for x in m)
                and m[0] >= 1 and 0 <= m[1] < n and 0 <= m[2] < n for m in moves):
            raise InputError("the save's seat changes are not [hand, seat, seat] lists")
        # the save says who sits where now: the seats changed in hands already begun go back
        # to where the session began, and change again as the replay reaches those hands
        seats, regulars = list(data["seats"]), list(data["regulars"])
        for k, a, b in reversed(moves):
            if k < len(data["hands"]):
                seats[a], seats[b] = seats[b], seats[a]
                regulars[a], regulars[b] = regulars[b], regulars[a]
        g = cls(table, data["seed"], seats, regulars, hands_limit=data.get("hands_limit"),
                guided=bool(data.get("guided")))
        g.seat_moves = [list(m) for m in moves]
        g._replaying = True
        try:
            for k, hand in enumerate(data["hands"]):
                for i, a in enumerate(hand):
                    if g.game is None or len(g.log) != k + 1:
                        raise InputError(f"the save goes on after hand {len(g.log)} is over")
                    game = g.game
                    p = game.current_player()
                    if p == CHANCE and chance_action(game, g.chance) != a:
                        raise InputError(f"hand {k + 1}, step {i + 1}: the deal is not this seed's")
                    try:
                        g._apply(a, p)
                    except IllegalAction:
                        raise InputError(f"hand {k + 1}, step {i + 1}: the saved move is not legal") from None
                    if game.is_terminal():
                        g._end_hand()
        finally:
            g._replaying = False
        for s in range(table.auto.seats):
            _ = g.words[s]._
            g._say(_("Resumed the saved game: hand {hand}, move {move}.").format(
                hand=g.clock.hands + 1, move=len(g.log[-1]) + 1) if not g.over else _("The saved session is over."), s)
        return g


#: families whose argument is a tile (drawn as a tile on the page)
TILE_FAMILIES = (ACT.DISCARD, ACT.PASS_TILE, ACT.SWAP, ACT.KONG_CONCEALED, ACT.KONG_ADDED)
