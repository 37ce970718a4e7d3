"""What the person types, understood: one controller for the plain-text and the Textual table.

A decision is asked as one question: a pass is three tiles typed together
(``N 9d F``), so nothing renumbers half-way and nothing half-chosen needs undoing; a
discard is a tile (``7c``); the other moves are numbered, in the catalogue's fixed
order, and may also be typed by name. At any prompt: ``?`` your nearest hands,
``r`` the rules and points, ``t`` the table, ``h`` a suggestion, ``ok`` takes it,
``seat N`` moves you to seat N from the next hand, ``q`` saves and stops. Bad input gets a line saying what was expected, never a
traceback.

Mah jongg may be declared on any turn where the ruleset says what a false one costs
(as at a real table). When the engine's own win check says the hand does not win,
the move says so beside it, and choosing it asks for a yes first; a winning hand is
declared at once.
"""

from __future__ import annotations

from ..diagnostics import InputError, MjError
from ..engine import actions as ACT
from ..engine.steps_play import false_declaration
from .guide import Guide, suggest
from .view import nearest_lines, rules_lines, table_lines
from .words import false_mahjong_costs

#: families typed as a tile code rather than picked from the numbered moves
TILE_FAMILIES = (ACT.DISCARD, ACT.PASS_TILE)
HELP = "Type ? for your nearest hands, r for the rules and points, t for the table, h for a hint, ok to take it, seat N to move to seat N from the next hand, q to save and stop."


#: the answers that confirm a false mah jongg
YES = ("yes", "y")


def false_mahjong_cost(auto, seat: int) -> str:
    """What declaring a false mah jongg costs, as the ruleset says (``words.false_mahjong_costs``):
    a dead hand, a penalty, or both."""
    dead, points = false_mahjong_costs(auto, seat)
    costs = (["kills your hand"] if dead else []) + ([f"costs you {points:g} points"] if points is not None else [])
    return "declaring it now " + (" and ".join(costs) if costs else "is a false mah jongg")


class Controller:
    def __init__(self, session, guided: bool = False, resume_with: str = "mjdsl play RULESET --resume"):
        self.session = session
        #: the command that goes on with the saved game, said when the person stops
        self.resume_with = resume_with
        self.guide = Guide(session) if guided else None
        self.quit = False
        self._hint: list[int] | None = None
        #: a false mah jongg chosen, waiting for the person's yes
        self._unconfirmed: list[int] | None = None
        self._drawn: tuple | None = None
        #: whether the answers include the table (the Textual table draws it in a panel)
        self.show_table = True

    # -- output ---------------------------------------------------------------------------
    def drain(self) -> list[str]:
        out = list(self.session.events)
        self.session.events.clear()
        return out

    def advance(self) -> list[str]:
        """Play on until the person is to act; the announcements and the next question."""
        s = self.session
        s.to_act()
        out = self.drain()
        if s.over:
            self.quit = True
            return out
        out += self.view()
        if self.guide is not None:
            out += self.guide.explain()
            out += self._hint_lines()
        out += self.question()
        return out

    def view(self) -> list[str]:
        """The whole table on your turn and at a hand's first question; else your hand."""
        s = self.session
        if not self.show_table:
            return []
        hand = (s.clock.hands, len(s.log))
        cat = s.game.catalogue
        turn = any(cat[a].family == ACT.DISCARD for a in s.legal())
        if turn or self._drawn != hand:
            self._drawn = hand
            return table_lines(s)
        return [line for line in table_lines(s) if line.lstrip().startswith(("Your hand", "On the table"))]

    def question(self) -> list[str]:
        s = self.session
        g = s.game
        legal = s.legal()
        cat = g.catalogue
        fams = {cat[a].family for a in legal}
        st = g.st
        out = []
        if ACT.BLIND in fams:
            p = st.pending[s.person]
            out.append(f"Blind pass: how many of the tiles coming to you go straight on unseen (0-{p['count']})? "
                       f"0 passes {p['count']} of your own.")
        elif ACT.PASS_TILE in fams:
            p = st.pending[s.person]
            n = p["count"] - (p["blind"] or 0) - len(p["sel"])
            where = s.auto.states[st.node].params.get("direction", "")
            out.append(f"Pass {n} tile{'s' if n != 1 else ''} {where}: type them together, e.g. "
                       f"{' '.join(s.words.codes[cat[a].arg] for a in legal[:n])}")
        elif ACT.VOTE in fams:
            out.append("Stop the Charleston here? Type stop or go.")
        elif ACT.OFFER in fams:
            lo, hi = min(cat[a].arg for a in legal), max(cat[a].arg for a in legal)
            out.append(f"Courtesy pass across: how many tiles do you offer ({lo}-{hi})?")
        else:
            if ACT.DISCARD in fams:
                out.append("Your turn: type the tile to discard (e.g. "
                           f"{s.words.codes[next(cat[a].arg for a in legal if cat[a].family == ACT.DISCARD)]}).")
            if ACT.CLAIM in fams or ACT.NO_CLAIM in fams:
                ld = st.last_discard
                if ld is not None:
                    out.append(f"{s.names[ld[0]]} discarded {s.words.codes[ld[1]]}: call it, or press Enter to let it go.")
            moves = self.moves()
            if moves:
                out.append("Moves: " + "   ".join(f"{i}. {self.move_name(a)}" for i, a in enumerate(moves, 1)))
        return out

    def move_name(self, a: int) -> str:
        """A numbered move as listed: mah jongg that would be false says what it costs."""
        s = self.session
        name = s.game.catalogue.name(a)
        if self._false_mahjong([a]):
            return f"{name} (your hand is not a winning hand: {false_mahjong_cost(s.auto, s.person)})"
        return name

    def _false_mahjong(self, actions: list[int]) -> bool:
        """Do ``actions`` declare a mah jongg the engine's win check says is false?"""
        s = self.session
        cat = s.game.catalogue
        return any(cat[a].family == ACT.MAHJONG for a in actions) and false_declaration(s.game, s.person)

    def moves(self) -> list[int]:
        """The numbered moves: every legal move that is not typed as a tile."""
        s = self.session
        cat = s.game.catalogue
        return [a for a in s.legal() if cat[a].family not in TILE_FAMILIES]

    def _hint_lines(self) -> list[str]:
        s = self.session
        self._hint = suggest(s)
        cat = s.game.catalogue
        return ["Suggested: " + ", ".join(cat.name(a) for a in self._hint) + " (type ok to take it)"]

    # -- input ----------------------------------------------------------------------------
    def handle(self, line: str | None) -> list[str]:
        """One line typed by the person; what the table says back."""
        s = self.session
        unconfirmed, self._unconfirmed = self._unconfirmed, None
        if line is None or line.strip().lower() in ("q", "quit"):
            s.save()
            self.quit = True
            return [f"Saved. Resume with: {self.resume_with}" if s.save_path else "Game abandoned."]
        text = line.strip()
        low = text.lower()
        if unconfirmed is not None:
            if low in YES:
                return self._play(unconfirmed)
            if low in ("", "no", "n"):
                return ["Mah jongg not declared.", *self.question()]
        if low == "?":
            return nearest_lines(s)
        if low == "r":
            return rules_lines(s.auto)
        if low == "t":
            return (table_lines(s) if self.show_table else []) + self.question()
        if low in ("help", "/"):
            return [HELP]
        if low == "h":
            return self._hint_lines()
        try:
            if low.split()[:1] == ["seat"]:
                return [self._seat(low.split()[1:]), *self.question()]
            if low == "ok":
                actions = self._hint if self._hint is not None else suggest(s)
            else:
                actions = self.parse(text)
        except (InputError, MjError) as e:
            return self._refused(e)
        if self._false_mahjong(actions):
            self._unconfirmed = actions
            return [f"{s.words.false_mahjong(s.person)} "
                    "Declare mah jongg anyway? Type yes to declare it; anything else keeps your hand."]
        return self._play(actions)

    def _play(self, actions: list[int]) -> list[str]:
        try:
            self.session.act(actions)
        except (InputError, MjError) as e:
            return self._refused(e)
        self._hint = None
        return self.advance()

    def _refused(self, e: InputError | MjError) -> list[str]:
        msg = e.diagnostics[0].message if isinstance(e, MjError) and e.diagnostics else str(e)
        return [f"Not a move here: {msg}", *self.question()]

    def parse(self, text: str) -> list[int]:
        """The actions a typed line stands for; InputError saying what was expected."""
        s = self.session
        g = s.game
        cat = g.catalogue
        legal = s.legal()
        fams = {cat[a].family for a in legal}
        words = text.split()
        if ACT.BLIND in fams:
            return [self._pick(legal, lambda a: str(cat[a].arg) == text, "a number of tiles, like 0")]
        if ACT.VOTE in fams:
            want = {"stop": True, "y": True, "yes": True, "go": False, "n": False, "no": False}.get(text.lower())
            if want is None:
                raise InputError("type stop or go")
            return [cat.id(ACT.VOTE, want)]
        if ACT.OFFER in fams:
            return [self._pick(legal, lambda a: str(cat[a].arg) == text, "a number of tiles, like 0")]
        if ACT.PASS_TILE in fams:
            p = g.st.pending[s.person]
            n = p["count"] - (p["blind"] or 0) - len(p["sel"])
            tiles = [g.auto.tiles.base(self._tile(w)) for w in words]  # a pass names kinds
            if len(tiles) != n:
                raise InputError(f"pass {n} tiles at once, not {len(tiles)}")
            have = list(g.st.hands[s.person])
            for t in p["sel"]:
                have[t] -= 1
            out = []
            for t in tiles:
                a = cat.get(ACT.PASS_TILE, t)
                if have[t] <= 0:
                    raise InputError(f"you have no more {s.words.codes[t]} to pass")
                legal_tiles = {cat[x].arg for x in legal}
                if t not in legal_tiles:
                    raise InputError(f"{s.words.codes[t]} may not be passed")
                have[t] -= 1
                out.append(a)
            return out
        moves = self.moves()
        if not text:
            no = [a for a in legal if cat[a].family == ACT.NO_CLAIM]
            if no:
                return no
            raise InputError("type a move")
        if text.isdigit():
            if len(text) > 3 or not 1 <= int(text) <= len(moves):
                raise InputError(f"moves are numbered 1 to {len(moves)}" if moves else "type a tile")
            return [moves[int(text) - 1]]
        named = [a for a in legal if cat.name(a) == text]
        if named:
            return named[:1]
        word = words[-1] if words else text
        if ACT.DISCARD in fams and (len(words) == 1 or words[0].lower() == "discard"):
            t = self._tile(word)
            a = cat.get(ACT.DISCARD, t)
            if a not in legal:
                raise InputError(f"you cannot discard {word} now")
            return [a]
        starts = [a for a in moves if cat.name(a).startswith(text)]
        if len(starts) == 1:
            return starts
        raise InputError("type a tile, a move's number or its name")

    def _seat(self, words: list[str]) -> str:
        n = self.session.auto.seats
        if len(words) != 1 or not words[0].isdigit() or len(words[0]) > 2:
            raise InputError(f"type seat and a seat's number, 0 to {n - 1} (you are seat {self.session.person})")
        return self.session.move_seat(int(words[0]))

    def _tile(self, code: str) -> int:
        tiles = self.session.auto.tiles
        try:
            return tiles.copy_of(code)  # 0m: the red five's copy, to discard it
        except (InputError, KeyError):
            like = ", ".join(tiles.examples())
            if tiles.variants:
                v = tiles.variants[0]
                like += f" (a {v.name} {tiles.kinds[v.base].code} is {v.code})"
            raise InputError(f"{code!r} is not a tile here; tiles are written like {like}") from None

    @staticmethod
    def _pick(legal, test, expected: str) -> int:
        for a in legal:
            if test(a):
                return a
        raise InputError(f"type {expected}")


def run_text(controller: Controller, read, write) -> None:
    """The plain-text table: lines in, lines out (pipes and screen readers)."""
    for line in controller.advance():
        write(line)
    while not controller.quit:
        write("> ", end="")
        for line in controller.handle(read()):
            write(line)
