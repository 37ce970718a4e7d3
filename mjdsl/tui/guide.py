"""Suggestions and the guided first hand.

:func:`suggest` asks the generic bot engine, playing Mei's style, what it would do in
the person's seat (on a copy of the game, so nothing changes): a whole pass of three
tiles at once, or one move. :class:`Guide` explains each kind of decision the first
time it comes up, in the table's words and with the ruleset's own names (its claims,
its Charleston directions, the card's hands), and shows the suggestion; it never
makes the move. Because it reads the card and the ruleset, not a script of tiles, it
works for any card.

The guided first hand is not a fixed deal either: :func:`guided_seed` plays the seeds
``guided:0``, ``guided:1``, ... in order, the person taking every suggestion against
the regulars, and keeps the first whose hand shows every step the ruleset has (a
Charleston pass, a call, a joker swap, going out), so any card gets a first hand
that walks through them all, the same one on every machine.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from ..bots import make_bot
from ..bots.honest import without_false_mahjong
from ..diagnostics import InputError
from ..engine import actions as ACT
from ..output import write_file
from .words import has_charleston

#: the style whose moves are suggested
ADVISOR = "mei"
#: how many seeds :func:`guided_seed` tries before it settles for the one that showed most
GUIDED_TRIES = 200
#: the steps of the guided first hand, by the family of the person's (suggested) move
GUIDED_STEPS = (ACT.PASS_TILE, ACT.CLAIM, ACT.SWAP, ACT.MAHJONG)


_ADVISOR_BOT: list = []


def _advisor():
    """The advisor, made once (its judge remembers hands between suggestions), with no
    plan left over from an earlier one: a suggestion depends only on the game."""
    if not _ADVISOR_BOT:
        _ADVISOR_BOT.append(make_bot(ADVISOR))
    bot = _ADVISOR_BOT[0]
    bot.forget()
    return bot


def suggest(session) -> list[int]:
    """The moves the advisor would make now in the person's seat (a pass is all its tiles)."""
    g = session.game  # a bot only reads the game; a pass is played on a copy
    me = session.person
    bot = _advisor()
    rng = random.Random(f"{session.seed}:hint:{len(g.st.history)}")
    legal = g.legal_actions(me)
    first = bot.choose(g, me, legal, rng)
    out = [first]
    if g.catalogue[first].family in (ACT.PASS_TILE, ACT.BLIND):
        g = g.clone()
        g.apply_action(first)
        while g.current_player() == me:
            legal = g.legal_actions(me)
            if not legal or g.catalogue[legal[0]].family != ACT.PASS_TILE:
                break
            a = bot.choose(g, me, legal, rng)
            out.append(a)
            g.apply_action(a)
            if session.game.st.node != g.st.node:
                break
    return out


def guided_steps(auto) -> list[str]:
    """The steps of :data:`GUIDED_STEPS` this ruleset has: a Charleston, calls, joker
    swaps (going out it always has)."""
    has = {ACT.PASS_TILE: has_charleston(auto),
           ACT.CLAIM: any(c.size is not None for c in auto.claims),
           ACT.SWAP: bool(auto.jokers and auto.jokers.swap), ACT.MAHJONG: True}
    return [f for f in GUIDED_STEPS if has[f]]


def guided_seed(auto, bots: list[str], tries: int = GUIDED_TRIES) -> str:
    """The first seed ``guided:K`` whose first hand, the person at seat 0 taking every
    suggestion against ``bots``, makes every step of :data:`GUIDED_STEPS` the ruleset has
    (and goes out); failing that, the one that made the most."""
    from .session import Session

    steps = guided_steps(auto)
    best = (-1, "guided:0")
    for k in range(tries):
        seed = f"guided:{k}"
        s = Session(auto, "", {}, seed, 0, bots, hands=1)
        made: set[str] = set()
        while s.to_act():
            moves = suggest(s)
            made.update(s.game.catalogue[a].family for a in moves)
            s.act(moves)
        if s.results[0].get("winner") != 0:
            made.discard(ACT.MAHJONG)
        met = sum(f in made for f in steps)
        if met == len(steps):
            return seed
        best = max(best, (met, seed), key=lambda b: b[0])
    return best[1]


def cached_guided_seed(auto, bots: list[str], cache: Path, note=None) -> str:
    """:func:`guided_seed`, kept in the JSON file ``cache`` (by ruleset hash and bots) so
    the search runs once per card and regulars; ``note()`` is called before a search.
    The terminal table (``mjdsl play --guided``) and the club share one file, ``guided.json``
    beside the saved games."""
    key = f"{auto.hash} {','.join(bots)}"
    try:
        known = json.loads(Path(cache).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        known = {}
    if not isinstance(known, dict):
        known = {}
    seed = known.get(key)
    if not isinstance(seed, str):
        if note is not None:
            note()
        seed = known[key] = guided_seed(auto, bots)
        try:
            write_file(str(cache), json.dumps(known, indent=1, sort_keys=True) + "\n")
        except (OSError, InputError):
            pass  # the search is only a cache miss next time
    return seed


def _kind(game, seat, legal) -> str:
    legal = without_false_mahjong(game, seat, legal)  # "declare mah jongg!" only with a hand that makes one
    fams = {game.catalogue[a].family for a in legal}
    for fam in (ACT.MAHJONG, ACT.SWAP, ACT.CLAIM, ACT.BLIND, ACT.PASS_TILE, ACT.VOTE, ACT.OFFER, ACT.DISCARD):
        if fam in fams:
            return fam
    return "other"


class Guide:
    """Explanations for a newcomer, each the first time its moment comes."""

    def __init__(self, session):
        self.session = session
        self.seen: set[str] = set()

    def explain(self) -> list[str]:
        s = self.session
        g = s.game
        legal = s.legal()
        kind = _kind(g, s.person, legal)
        out: list[str] = []
        if "hand" not in self.seen:
            self.seen.add("hand")
            from .view import nearest_lines

            if s.auto.winning.card is not None:
                out += ["Guide: first, choose a hand to aim for. These are the hands on the card nearest to your "
                        "tiles;", "       keep the tiles they need and pass or throw the others. "
                        "(Type ? at any time to see them.)"]
            else:
                out += ["Guide: first, see how far your tiles are from the ruleset's winning hands; keep the tiles "
                        "that bring", "       you closer and throw the others. (Type ? at any time to see it.)"]
            out += ["       " + line for line in nearest_lines(s, 3)]
        if kind in self.seen:
            return out
        self.seen.add(kind)
        st = g.st
        state = s.auto.states[st.node]
        if kind == ACT.PASS_TILE:
            p = st.pending[s.person]
            out.append(f"Guide: the Charleston. Everyone passes {p['count']} tiles {state.params.get('direction', '')} "
                       f"at once. Choose the tiles you need least and type them together, like: N 9d F.")
        elif kind == ACT.BLIND:
            out.append("Guide: a blind pass. You may send on, unseen, some of the tiles coming to you, so fewer "
                       "of your own need go. Type 0 to pass your own tiles, or 1 to 3.")
        elif kind == ACT.VOTE:
            out.append("Guide: anyone may stop the Charleston here; if nobody does, a second round is played. "
                       "Stop when your hand is close; go on when it needs more tiles. Type stop or go.")
        elif kind == ACT.OFFER:
            out.append("Guide: the courtesy pass. You and the player across may swap up to three tiles; "
                       "as many move as the smaller offer. Type how many you offer (0 to 3).")
        elif kind == ACT.CLAIM:
            ld = st.last_discard
            names = sorted({g.catalogue[a].arg[0] for a in legal if g.catalogue[a].family == ACT.CLAIM})
            tile = s.words.codes[ld[1]] if ld else "the tile"
            out.append(f"Guide: you may call {tile} ({', '.join(names)}): you take it now and show the set on the "
                       "table; jokers may fill it. Calling is quick but shows others what you are making.")
        elif kind == ACT.SWAP:
            out.append("Guide: a joker on the table stands for a tile you hold. On your turn you may give that "
                       "tile and take the joker, which then stands in for anything in your own sets.")
        elif kind == ACT.MAHJONG:
            out.append("Guide: your tiles make a " + ("hand on the card" if s.auto.winning.card is not None
                                                      else "winning hand") + ". Declare mah jongg!")
        elif kind == ACT.DISCARD:
            out.append("Guide: your turn. You have drawn; now discard one tile, the one your hands need least.")
        return out
