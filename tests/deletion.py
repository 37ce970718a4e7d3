"""The deletion test's machinery: delete one statement of a shipped ruleset and say
what became of it.

"The ruleset is the whole truth" (issue 9): every statement the checker accepts is
read and changes play, or is refused, or is reported by lint. :func:`account`
deletes one statement (a line, or a whole block: its node left out of the file's
parse, so paths resolve as shipped) and answers one of

* ``refused``: the checker gives an error for the ruleset without it;
* ``lint``: the statement itself is reported by an MJ3xx lint as shipped
  (restating a default, said twice, never happening);
* ``plays differently: SCENARIO``: a targeted scenario gives another result;
* ``dead``: none of these, the statement changes nothing.

The scenarios, each a list of items compared one by one with the shipped ruleset's:

* ``session``: 40 hands (and two sessions of 4 with other seeds, for the first dealer) whose results are scripted (the dealer wins, a wall game,
  the next seat wins, in turn): who deals each hand and the round wind;
* ``scoring``: every hand-scored case of tests/scoring/*.txt, as written and with a
  set of its concealed tiles shown, and a few card wins: each rule that applied
  (name, title, times), the totals, the payments;
* ``random`` and ``greedy``: seeded hands with four such bots: every action by
  name, the result, the returns as they change, the dead hands;
* ``false calls``: seeded hands of random bots that may call mah jongg falsely;
* ``deals``: 60 deals up to the first decision (the tiles, the bonus tiles and kongs
  set aside, the wall left): replacement chains are met only that often;
* ``false mah jongg``: each seat deals and calls mah jongg falsely at once;
* ``indicators``: 40 deals: the indicators shown and the tiles of each hand they point at;
* ``scripted``: positions of tests/engine_script.py: four alike and a pung's fourth
  tile in hand (the kongs offered), a hand calling after its first discard (the
  announcements offered, and whether mah jongg may then be claimed), a discard two
  hands win on (who is paid: several win on one discard).

Only the scenarios whose part of the automaton changed run (its IR document, spans
left out); then each scenario again with each option at another value (a switch
flipped, a number at the ends of its range), for statements that matter only then.
Every parse and every baseline is made once.
"""

from __future__ import annotations

import contextlib
import functools
import random
from pathlib import Path
from unittest import mock

import attrs

from mjdsl import ast as A
from mjdsl.bots import make_bot
from mjdsl.diagnostics import MjError
from mjdsl.engine.chance import chance_action
from mjdsl.engine.game import CHANCE, Game
from mjdsl.frontend.checked import check_file
from mjdsl.ir.dump import ir_document
from mjdsl.ir.lower import lower
from mjdsl.source import Source
from mjdsl.syntax.parse import parse_source

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted(ROOT.glob("rulesets/*.mj")) + sorted(ROOT.glob("examples/house-rules/*.mj"))

#: Hands per seeded scenario, and the cap on steps of one hand (a hang is a failure).
HANDS = 3
MAX_STEPS = 20000


@attrs.frozen
class Statement:
    """One statement of a file: its node, the lines it spans (1-based) and its text."""

    path: Path
    node: object = attrs.field(eq=False, repr=False)
    first: int
    text: str
    #: the text of the block it stands in ("" at the top of the file)
    block: str = ""

    @property
    def id(self) -> str:
        return f"{self.path.name}:{self.first} {self.text}"

    @property
    def key(self) -> tuple[str, str, str]:
        """What names it whatever line it is on: the file, its block, its text."""
        return self.path.name, self.block, self.text


def statements(path: Path) -> list[Statement]:
    """Every statement of a file: top-level ones (blocks whole), then those inside
    blocks, Charleston rounds and patterns."""
    lines = path.read_text(encoding="utf-8").splitlines()
    out: list[Statement] = []

    def add(stmt, block: str):
        text = _code(lines[stmt.span.line - 1]).strip().removesuffix("{").strip()
        out.append(Statement(path, stmt, stmt.span.line, text, block))
        for inner in getattr(stmt, "stmts", ()):
            add(inner, text)

    for stmt in _parsed(path).program.stmts:
        add(stmt, "")
    return out


def _code(line: str) -> str:
    """A line without its comment (a `#` in a string is kept)."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == "#" and not quoted:
            return line[:i]
    return line


# -----------------------------------------------------------------------------
# Deleting a statement: the file's parse with one node left out
# -----------------------------------------------------------------------------

_PARSES: dict = {}
_real_parse = parse_source


def _parsed(path: Path):
    key = Path(path).resolve()
    if key not in _PARSES:
        _PARSES[key] = _real_parse(Source(str(path), Path(path).read_text(encoding="utf-8")))
    return _PARSES[key]


def _drop(node, target):
    """The node without ``target`` among its statements, at any depth."""
    stmts = getattr(node, "stmts", None)
    if not stmts:
        return node
    kept = tuple(_drop(s, target) for s in stmts if s is not target)
    return attrs.evolve(node, stmts=kept)


@contextlib.contextmanager
def deleted(stmt: Statement | None):
    """Load and check as if ``stmt`` were not in its file (the same path, so cards and
    bases resolve as they do); every file's parse is made once and kept."""
    import mjdsl.frontend.load

    def parse(source):
        key = Path(source.path).resolve()
        if key not in _PARSES:
            _PARSES[key] = _real_parse(source)
        parsed = _PARSES[key]
        if stmt is not None and key == stmt.path.resolve() and parsed.source.text == source.text:
            return attrs.evolve(parsed, program=_drop(parsed.program, stmt.node))
        return parsed

    with mock.patch.object(mjdsl.frontend.load, "parse_source", parse):
        yield


def compile_without(stmt: Statement | None, path: Path, sets: tuple = ()):
    """(checked, automaton or None) of ``path`` with ``stmt`` deleted (None: as shipped)."""
    with deleted(stmt):
        checked = check_file(path, sets)
    if not checked.ok:
        return checked, None
    try:
        return checked, lower(checked.ctx)
    except MjError:
        return checked, None


# -----------------------------------------------------------------------------
# Accounting for one statement
# -----------------------------------------------------------------------------


class Baselines:
    """The shipped files' automata, IR documents, diagnostics and scenario results,
    each computed once."""

    def __init__(self):
        self.files: dict = {}
        self.results: dict = {}

    def file(self, path: Path) -> dict:
        if path not in self.files:
            checked, auto = compile_without(None, path)
            assert auto is not None, [d.message for d in checked.errors]
            self.files[path] = {"auto": auto, "document": _document(auto), "diagnostics": checked.diagnostics,
                                "options": checked.ctx.options}
        return self.files[path]

    def items(self, path: Path, name: str, sets: tuple = ()) -> list:
        key = (path, name, sets)
        if key not in self.results:
            auto = self.file(path)["auto"] if not sets else compile_without(None, path, sets)[1]
            self.results[key] = [item() for item in _scenario(name)(auto)]
        return self.results[key]


def account(base: Baselines, stmt: Statement) -> str:
    shipped = base.file(stmt.path)
    if any(d.code.startswith("MJ3") and d.span.line == stmt.first and Path(d.span.path).name == stmt.path.name
           for d in shipped["diagnostics"]):
        return "lint"
    checked, auto = compile_without(stmt, stmt.path)
    if auto is None:
        return "refused"
    doc = _document(auto)
    was = shipped["document"]
    changed = {k for k in doc.keys() | was.keys() if doc.get(k) != was.get(k)}  # a part may come or go
    if changed == {"name"}:
        return "plays differently: name"  # the name simulate, play and render show
    hint = stmt.node.name.text if isinstance(stmt.node, A.ScoreRule) else None
    for name, scenario, keys in SCENARIOS if changed else ():
        if (keys is None or changed & keys) and _differs(scenario(auto), base.items(stmt.path, name), hint):
            return f"plays differently: {name}"
    # the options the statement names first: they are the likeliest to matter
    variants = sorted(option_variants(shipped["options"]), key=lambda v: v[0][0] not in stmt.text)
    for sets in variants:
        other = compile_without(stmt, stmt.path, sets)[1]
        if other is None:
            continue
        for name in OPTION_SCENARIOS:
            if _differs(_scenario(name)(other), base.items(stmt.path, name, sets), hint):
                return f"plays differently: {name} with {sets[0][0]}={sets[0][1]}"
    return "dead"


def _differs(items: list, expected: list, hint: str | None) -> bool:
    """Whether any item gives another result than the baseline's; the items whose
    baseline mentions ``hint`` (a deleted rule's name) are tried first."""
    if len(items) != len(expected):
        return True
    order = sorted(range(len(items)), key=lambda i: hint is None or hint not in repr(expected[i]))
    return any(items[i]() != expected[i] for i in order)


def option_variants(options) -> list[tuple[tuple[str, str], ...]]:
    """Each option at another value: a switch flipped, a number at the ends of its range."""
    out = []
    for opt in options:
        if opt.type == "bool":
            out.append(((opt.name, "off" if opt.value else "on"),))
        elif opt.range:
            out += [((opt.name, f"{v:g}"),) for v in opt.range if v != opt.value]
    return out


def _scenario(name: str):
    return next(s for n, s, _ in SCENARIOS if n == name)


def _document(auto) -> dict:
    doc = ir_document(auto, spans=False)
    doc.pop("version")
    return doc


# -----------------------------------------------------------------------------
# Scenarios
# -----------------------------------------------------------------------------


def session_scenario(auto) -> list:
    """40 hands with scripted results: the dealer wins, a wall game, the next seat wins."""
    return [lambda: _session(auto)]


def _session(auto) -> list:
    from mjdsl.engine import run

    def hand(auto, seed, bots, *, dealer=0, round_wind=None, context=None, check=None, digests=True):
        i = int(seed.rsplit(":", 1)[1])
        winner = (dealer, None, (dealer + 1) % auto.seats)[i % 3]
        return run.HandRecord(seed, dealer, round_wind, (), {"winner": winner}, (), (), 0, 0)

    with mock.patch.object(run, "play_hand", hand):
        # three seeds, so that a first dealer chosen by the dice is seen to move
        records = [r for seed, n in (("session", 40), ("session-b", 4), ("session-c", 4))
                   for r in run.play_session(auto, seed, [None] * auto.session_players, n)]
    return [(r.dealer, r.round_wind, r.players) for r in records]


def scoring_scenario(auto) -> list:
    """Every hand-scored case (as written, and with a set of its concealed tiles
    shown), and card wins with and without jokers, by discard and self-drawn."""
    from mjdsl.scoring.model import CardWin, HandInput

    out = [functools.partial(_score_case, auto, kw, shown) for kw in _golden_flags() for shown in (False, True)]
    if auto.winning.card is not None:
        winds = auto.seat_winds or (0,)
        for jokers in (0, 1):
            for singles in (False, True):
                for source in ("wall", "discard"):
                    h = HandInput(concealed=[0] * auto.tiles.size, seat_wind=winds[-1], round_wind=winds[0],
                                  winning_tile=0, source=source, discarder=winds[0] if source == "discard" else None,
                                  card=CardWin(25, jokers=jokers, singles_pairs=singles))
                    out.append(functools.partial(_score, auto, h))
    return out


def _score_case(auto, kw: dict, shown: bool):
    """A case's score; a case the tile set can't read counts as its error."""
    from mjdsl.diagnostics import InputError
    from mjdsl.scoring.notation import read_hand_input

    try:
        hand = read_hand_input(auto, **kw)
    except (InputError, MjError, KeyError, ValueError) as e:
        return type(e).__name__
    hand = _exposed(auto, hand) if shown else hand
    return _score(auto, hand) if hand is not None else None


def _score(auto, hand):
    from mjdsl.diagnostics import InputError
    from mjdsl.scoring import score_hand

    try:
        r = score_hand(auto, hand)
    except InputError:  # no winning hand of this ruleset
        return "no win"
    return (tuple((x.name, x.title, x.count) for x in r.lines), r.points, r.doubles, r.limits, r.total,
            tuple(r.payments))


def _exposed(auto, hand):
    """The hand with its first run or three alike of concealed tiles (the winning tile
    left in hand) shown as a claimed set: is the shape still a win?"""
    from mjdsl.hands.decompose import Meld

    t = auto.tiles
    counts = list(hand.concealed)
    if hand.winning_tile is not None:
        counts[hand.winning_tile] -= 1
    for k in t.kinds:
        i = k.index
        if counts[i] >= 3:
            counts[i] -= 3
            meld = Meld("pung", i, False)
            break
        run = [t.suited(k.suit, k.rank + d) for d in (0, 1, 2)] if k.suit else [None]
        if all(x is not None and counts[x.index] for x in run):
            for x in run:
                counts[x.index] -= 1
            meld = Meld("chow", i, False)
            break
    else:
        return None
    if hand.winning_tile is not None:
        counts[hand.winning_tile] += 1
    return attrs.evolve(hand, concealed=counts, melds=(*hand.melds, meld))


@functools.cache
def _golden_flags() -> tuple[dict, ...]:
    from test_scoring_golden import CASES, _flags

    return tuple(_flags(case.args)["kw"] for case in CASES)


def play_scenario(bot: str, allow_false_calls: bool = False, hands: int = HANDS):
    def scenario(auto) -> list:
        return [functools.partial(_play, auto, f"del:{bot}:{i}", bot, i % auto.seats, allow_false_calls)
                for i in range(hands)]
    return scenario


def _play(auto, seed: str, bot: str, dealer: int, allow_false_calls: bool):
    game = Game(auto, dealer=dealer, allow_false_calls=allow_false_calls)
    bots = [make_bot(bot) for _ in range(auto.seats)]
    chance = random.Random(f"{seed}:chance")
    rngs = [random.Random(f"{seed}:seat{s}") for s in range(auto.seats)]
    log = []
    for _ in range(MAX_STEPS):
        if game.is_terminal():
            break
        p = game.current_player()
        if p == CHANCE:
            a = chance_action(game, chance)
            log.append(a)
        else:
            legal = game.legal_actions()
            a = bots[p].choose(game, p, legal, rngs[p]) if len(legal) > 1 else legal[0]
            log.append((p, game.action_name(a)))
        before = tuple(game.st.returns)
        game.apply_action(a)
        if tuple(game.st.returns) != before:  # a penalty paid during play
            log.append(tuple(game.st.returns))
    else:
        raise AssertionError(f"{seed}: no end after {MAX_STEPS} steps")
    st = game.st
    return tuple(log), repr(sorted(st.result.items())), tuple(st.returns), tuple(st.dead_reason)


def deal_scenario(auto) -> list:
    """60 deals, up to the first decision: each seat's tiles, bonus tiles set aside
    and kongs declared, and how much wall is left at each end (replacement chains
    are rare, about one deal in twenty-five: many deals are needed to meet one)."""
    return [functools.partial(_deal, auto, i) for i in range(60)]


def _dealt(auto, i: int, seed: str) -> Game:
    """The ``i``-th seeded hand up to its first decision (the dealer turns with ``i``)."""
    game = Game(auto, dealer=i % auto.seats)
    chance = random.Random(f"{seed}:{i}:chance")
    while game.current_player() == CHANCE:
        game.apply_action(chance_action(game, chance))
    return game


def _deal(auto, i: int):
    st = _dealt(auto, i, "deal").st
    return (tuple(map(tuple, st.hands)), tuple(map(tuple, st.bonus)), repr(st.exposures), st.head, st.tail,
            tuple(sorted(st.events.items())))


def indicator_scenario(auto) -> list:
    """40 deals: the indicators shown, and for each seat the tiles they point at in its
    hand (and, as if it had won having made every announcement, those under them)."""
    return [functools.partial(_indicators, auto, i) for i in range(40)]


def _indicators(auto, i: int):
    from mjdsl.engine.table_facts import indicator_tiles, table_fact

    game = _dealt(auto, i, "indicators")
    st = game.st
    out = [tuple(indicator_tiles(game)), tuple(indicator_tiles(game, under=True))]
    for s in range(auto.seats):
        st.winner = s
        st.announced[s] = [a.name for a in auto.announcements]
        out.append((table_fact(game, s, "indicated"), table_fact(game, s, "indicated_under")))
    return tuple(out)


def false_mahjong_scenario(auto) -> list:
    """Each seat in turn deals and, on its first turn, calls mah jongg on a hand that
    is none (having made every announcement the rules require first): the penalty
    paid and the dead hand."""
    return [functools.partial(_false_mahjong, auto, dealer) for dealer in range(auto.seats)]


def _false_mahjong(auto, dealer: int):
    from mjdsl.engine import actions as ACT

    game = Game(auto, dealer=dealer, allow_false_calls=True)
    bots, rng = [make_bot("random") for _ in range(auto.seats)], random.Random(f"false:{dealer}")
    while not game.is_terminal() and game.st.node != "play.turn":
        p = game.current_player()
        game.apply_action(chance_action(game, rng) if p == CHANCE
                          else bots[p].choose(game, p, game.legal_actions(), rng))
    seat = game.current_player()
    game.st.announced[seat].extend(a.name for a in auto.announcements if a.required)
    game._legal = (-1, [])
    mahjong = game.catalogue.id(ACT.MAHJONG)
    legal = game.legal_actions()
    if mahjong in legal and not game.rules.is_win(game.st, seat):
        game.apply_action(mahjong)
    return tuple(game.st.returns), tuple(game.st.dead_reason), game.st.node


def scripted_scenario(auto) -> list:
    return [lambda: _scripted(auto)]


def _scripted(auto) -> list:
    """Scripted positions (tests/engine_script.py) for what seeded hands seldom meet:
    the dealer holding four alike and the fourth tile of a claimed pung (which kongs
    may be declared), and a dealer calling after its first discard (which
    announcements are offered, and whether mah jongg may then be claimed)."""
    from engine_script import scripted
    from mjdsl.diagnostics import InputError
    from mjdsl.engine.state import Exposure

    out = []
    t = auto.tiles
    own = _own_codes(auto)
    try:
        g = scripted(auto, {0: own("1b 1b 1b 1b 2b 3b 4b 5c 6c 7c 8d 8d 9d 9d")})
        nine = t.index(own("9d"))
        g.take(0, nine)
        g.st.exposures[0].append(Exposure("pung", nine, 3, 0, False, 1))
        g.give(0, t.index("E"))
        g._legal = (-1, [])
        out.append(tuple(g.action_name(a) for a in g.legal_actions()))
        g = scripted(auto, {0: own("1b 1b 1b 2c 2c 2c 5d 5d 5d 7b 8b 9b 9d N"),
                            1: own("9d 1c 4c 7c 1d 4d 7d S S W W R R")}, wall=own("G"))
        g.apply_action(g.catalogue.lookup("discard N"))
        nine = f"discard {own('9d')}"
        while not g.is_terminal() and len(out) < 6:
            names = [g.action_name(a) for a in g.legal_actions()]
            # the returns as they go: an announcement's deposit shows before the win takes it back
            out.append((g.current_player(), g.st.node, tuple(names), tuple(g.st.returns)))
            pick = next((n for n in names if n.startswith("announce") or n == "mah jongg"), None)
            if pick is None:
                pick = nine if nine in names else ("no claim" if "no claim" in names else names[0])
            g.apply_action(g.catalogue.lookup(pick))
        out.append((g.st.node, g.st.winner))
        out.append(_two_win(auto, scripted, own))
    except (InputError, KeyError, AssertionError, MjError) as e:
        out.append(type(e).__name__)
    return out


def _two_win(auto, scripted, own) -> tuple:
    """The dealer's discard completes two hands (of all simples) and both claim mah
    jongg: who wins, who else, and what each seat is paid (several win on one discard)."""
    g = scripted(auto, {0: own("5c 1b 5b 9b 1d 5d 9d E S W N R G 1c"),
                        1: own("2b 3b 4b 6b 7b 8b 3d 4d 5d 4c 6c 8d 8d"),
                        2: own("2b 3b 4b 3c 4c 6d 7d 8d 2d 2d 6b 6b 6b")})
    g.apply_action(g.catalogue.lookup(f"discard {own('5c')}"))
    for _ in range(200):
        if g.is_terminal():
            break
        if g.current_player() == CHANCE:
            g.apply_action(chance_action(g, random.Random(0)))
            continue
        names = [g.action_name(a) for a in g.legal_actions()]
        pick = "mah jongg" if "mah jongg" in names else "no claim" if "no claim" in names else names[0]
        g.apply_action(g.catalogue.lookup(pick))
    return g.st.winner, repr(g.st.result.get("also_won")), tuple(g.st.returns)


def _own_codes(auto):
    """The positions above are written in classical codes (bam, crak, dot; R G 0): read
    them in the ruleset's own suits and dragons, in the order it declares them."""
    t = auto.tiles
    letters = dict(zip("bcd", (s.letter for s in t.suits)))
    dragons = dict(zip(("R", "G", "0"), (k.code for k in t.of_class("dragon"))))

    def own(text: str) -> str:
        out = []
        for code in text.split():
            if code in dragons:
                code = dragons[code]
            elif len(code) == 2 and code[1] in letters:
                code = code[0] + letters[code[1]]
            out.append(code)
        return " ".join(out)

    return own


def bonus_scenario(auto) -> list:
    """Bonus tiles dealt to a seat and set aside, for the instant payments on groups of
    them (`on bonus ...`): every two bonus tiles, every kind's whole set, and each
    seat's own tiles of every seat-linked kind; the returns after the replacements."""
    kinds = [k for k in auto.tiles.kinds if k.is_bonus]
    groups = [(a.code, b.code) for i, a in enumerate(kinds) for b in kinds[i + 1:]]
    groups += [tuple(k.code for k in kinds if k.cls == c) for c in sorted({k.cls for k in kinds})]
    # seat 0 deals, so seat s sits in position s: its own tiles are those of seat s + 1
    seats = [(s, tuple(k.code for k in kinds if k.seat == s + 1)) for s in range(auto.seats)]
    return [functools.partial(_bonus, auto, 1, g) for g in groups] + [functools.partial(_bonus, auto, s, g)
                                                                        for s, g in seats if g]


def _bonus(auto, seat: int, codes: tuple) -> tuple:
    from engine_script import scripted
    from mjdsl.diagnostics import InputError
    from mjdsl.engine.steps_setup import replace_bonus_tiles

    try:
        g = scripted(auto, {})  # the deal as dealt, its bonus tiles taken away: the codes below come instead
        for c in codes:
            g.give(seat, auto.tiles.index(c))
        replace_bonus_tiles(g, seat, set(auto.bonus_kinds) - {"kong"})
        return tuple(g.st.returns)
    except (InputError, KeyError, AssertionError, MjError) as e:
        return (type(e).__name__,)


def kong_scenario(auto) -> list:
    """Each kind of kong made in a scripted position (a concealed kong of four alike
    held, a pung's fourth tile added, a discard claimed for a kong): the returns after
    it, for the instant payments on kongs (`on concealed kong: ...`), and the replacements
    drawn (`replacement from dead wall`)."""
    return [functools.partial(_kong, auto, kind) for kind in ("concealed", "added", "claimed")]


def _kong(auto, kind: str) -> tuple:
    from engine_script import no_claims, scripted
    from mjdsl.diagnostics import InputError
    from mjdsl.engine.state import Exposure

    own = _own_codes(auto)
    t = auto.tiles
    quiet = own("1b 4b 7b 1c 4c 7c 1d 4d 7d E S W N")
    try:
        if kind == "claimed":
            g = scripted(auto, {0: own("9d") + " " + quiet, 1: own("9d 9d 9d 2c 5c 8c 2d 5d 3b 3b S S W")}, dead=own("2b"))
            g.apply_action(g.catalogue.lookup(f"discard {own('9d')}"))
            if "claim kong" in [g.action_name(a) for a in g.legal_actions()]:
                g.apply_action(g.catalogue.lookup("claim kong"))
            no_claims(g)
        else:
            g = scripted(auto, {0: own("9d 9d 9d 9d 1b 4b 7b 1c 4c 7c E S W N")}, dead=own("2b"))
            if kind == "added":
                nine = t.index(own("9d"))
                for _ in range(3):
                    g.take(0, nine)
                g.st.exposures[0].append(Exposure("pung", nine, 3, 0, False, 1))
                g._legal = (-1, [])
                name = f"add {own('9d')} to a pung"
            else:
                name = f"concealed kong of {own('9d')}"
            if name in [g.action_name(a) for a in g.legal_actions()]:
                g.apply_action(g.catalogue.lookup(name))
        return tuple(g.st.returns) + tuple(g.st.kong_draws)
    except (InputError, KeyError, AssertionError, MjError) as e:
        return (type(e).__name__,)


def original_scenario(auto) -> list:
    return [lambda: _original(auto)]


def _original(auto) -> list:
    """The dealer dealt a complete hand (tests/engine_script.py): whether mah jongg is
    offered before the first discard, and what the win is worth (the Original Hand)."""
    from engine_script import scripted
    from mjdsl.diagnostics import InputError

    try:
        g = scripted(auto, {0: "1b 2b 3b 4c 5c 6c 7d 8d 9d E E E R R"})
        names = tuple(g.action_name(a) for a in g.legal_actions())
        if "mah jongg" not in names:
            return [names]
        g.apply_action(g.catalogue.lookup("mah jongg"))
        while not g.is_terminal() and g.current_player() != CHANCE:
            g.apply_action(g.legal_actions()[0])
        return [names, g.st.winner, tuple(g.returns())]
    except (InputError, KeyError, AssertionError, MjError) as e:
        return [type(e).__name__]


def abort_scenario(auto) -> list:
    """The abortive draws' walls laid out by hand (tests/scenarios/abort-*.txt), played
    by the ruleset as it stands: how each hand ended (an abort's title, or none) and the
    returns (the deposits of the announcements). Another ruleset's tiles may not be
    this one's: that is an answer too, the same with and without a statement."""
    return [functools.partial(_abort_hand, auto, p) for p in sorted(_SCENARIOS.glob("abort-*.txt"))]


def _abort_hand(auto, path: Path):
    import scenario
    from mjdsl.diagnostics import InputError

    settings, hands, rest = scenario.parse_header(scenario.lines_of(path.read_text(encoding="utf-8")))
    try:
        g = scenario.setup(settings, hands, lambda _path: auto)
        for no, line in rest:
            if line[0] == ">":
                scenario.move(g, line[1:].strip(), no)
        return (g.st.winner, g.st.result.get("aborted"), g.st.node, tuple(g.st.returns))
    except (scenario.ScenarioError, KeyError, AssertionError, MjError, InputError) as e:
        return (type(e).__name__,)


_SCENARIOS = Path(__file__).resolve().parent / "scenarios"


_SESSION = {"session", "seats", "seat_winds", "players"}
_SCORING = {"scoring", "payments", "tile_classes", "winning", "options", "tiles", "seat_winds"}

#: (name, scenario, the parts of the IR document it depends on; None: every part).
SCENARIOS = (
    ("session", session_scenario, _SESSION),
    ("scoring", scoring_scenario, _SCORING),
    ("random", play_scenario("random"), None),
    ("greedy", play_scenario("greedy"), None),
    ("false calls", play_scenario("random", allow_false_calls=True), None),
    ("false mah jongg", false_mahjong_scenario, {"payments", "dead_causes", "announcements", "scoring", "options"}),
    ("scripted", scripted_scenario, {"kongs", "announcements", "states", "claims", "options", "payments"}),
    ("original hand", original_scenario, None),
    ("bonus groups", bonus_scenario, {"payments", "tiles", "bonus_kinds"}),
    ("kongs", kong_scenario, {"payments", "kongs", "claims", "tiles"}),
    ("deals", deal_scenario, {"states", "wall", "deal", "bonus_kinds", "tiles", "seats", "start"}),
    ("indicators", indicator_scenario, {"wall", "indicates"}),
    ("aborts", abort_scenario, {"aborts", "payments", "announcements"}),
)

#: Scenarios played again with each option at another value, for statements that
#: matter only then (a payment `when not self_drawn_double`, `chows at most max_chows`).
OPTION_SCENARIOS = ("scoring", "random")
