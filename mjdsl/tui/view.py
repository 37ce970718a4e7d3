"""The table drawn as lines of text: every seat's exposures and discards, your hand
sorted and grouped, the card's nearest hands (``?``), and the rules and points (``r``).

Both front ends draw from here: the plain-text table prints these lines, the
Textual table puts them in its panels.
"""

from __future__ import annotations

import numpy as np

from ..engine.observe import observe

#: how the groups of a hand are headed, by tile class (tiles.CLASSES)
CLASS_NAMES = {"wind": "winds", "dragon": "dragons", "flower": "flowers", "season": "seasons", "joker": "jokers"}


def grouped(auto, counts) -> str:
    """A rack sorted as the tile set orders it and grouped by suit and class:
    ``bam: 2b 2b 5b | crak: 7c | winds: N E | jokers: J``."""
    groups: dict[str, list[str]] = {}
    for k in auto.tiles.kinds:
        n = counts[k.index]
        if n:
            head = k.suit if k.suit is not None else CLASS_NAMES.get(k.cls, k.cls)
            groups.setdefault(head, []).extend([k.code] * n)
    return " | ".join(f"{head}: {' '.join(codes)}" for head, codes in groups.items()) or "(empty)"


def table_lines(session) -> list[str]:
    """The table as the person sees it."""
    g = session.game
    if g is None:
        return ["The session is over. " + session.words.standings(session.totals)]
    me = session.person
    o = observe(g, me)
    words = session.words
    k = session.clock.hands
    total = session.auto.session.hands
    out = [f"Hand {k + 1}{f' of {total}' if total else ''} | wall {o['wall_left']} left | "
           f"session: " + ", ".join(f"{session.names[s]} {session.totals[s]:+g}" for s in range(g.n))]
    for s in range(g.n):
        exps = "  ".join(" ".join(e["tiles"]) for e in o["exposures"][s]) or "-"
        disc = " ".join(o["discards"][s][-14:]) or "-"
        dead = "  (dead hand)" if o["dead"][s] else ""
        turn = " *" if o["to_act"] == s else ""
        out.append(f"  {words.seat_label(g, s):22s}{turn:2s} exposed: {exps}")
        out.append(f"  {'':24s} discards: {disc}{dead}")
    if o["live_discard"]:
        out.append(f"  On the table: {o['live_discard']['tile']} from {session.names[o['live_discard']['seat']]}")
    out.append(f"  Your hand: {grouped(session.auto, g.st.hands[me])}")
    return out


def nearest_lines(session, top: int = 5) -> list[str]:
    """Your nearest hands: the card's, or how far the hand is from the ruleset's shapes."""
    g = session.game
    if g is None:
        return []
    me = session.person
    auto = session.auto
    card = auto.winning.card
    if card is None:
        from ..bots.judge import PatternJudge
        from ..bots.engine import _meld
        from ..bots.style import Style

        judge = PatternJudge(auto, Style(key="view", name="view"))
        d = judge.distance_of(np.asarray(g.st.hands[me], dtype=np.int16), tuple(_meld(e) for e in g.st.exposures[me]))
        shapes = ", ".join(p.title or p.name for p in judge.shapes)
        return [f"Your hand is {d} tile{'s' if d != 1 else ''} from {shapes}."]
    out = ["Your nearest hands on the card:"]
    for h in nearest_hints(g, me, top):
        out.append(f"  {h.need:2d} to go  {h.hand:32s} {h.line.points:3d} pts  ({h.line.section}); "
                   f"still to come: {' '.join(h.missing) or '-'}")
    return out


def nearest_hints(game, seat: int, top: int = 5) -> list:
    """The card's hands nearest to ``seat``'s tiles (``cards.hint.hints``); [] without a card."""
    card = game.auto.winning.card
    if card is None:
        return []
    from ..cards.hands import Exposure, Hand
    from ..cards.hint import hints

    hand = Hand(np.asarray(game.st.hands[seat], dtype=np.int16),
                tuple(Exposure(e.tile, e.size, e.jokers) for e in game.st.exposures[seat]))
    return hints(card, hand, top)


def option_value(v) -> str:
    """An option's value as a ruleset writes it: ``on`` and ``off`` for a switch."""
    return ("on" if v else "off") if isinstance(v, bool) else str(v)


def card_line(ln) -> str:
    """A card line as the card writes it: its groups and suits, then its annotations
    after ``·`` (``any run or number``, ``concealed``)."""
    return " · ".join([ln.text, *(a.text for a in ln.annotations)])


def rules_lines(auto) -> list[str]:
    """The rules and points a tap away, in the ruleset's words: the table's options,
    the winning hands (the card's lines as written), the session."""
    out = [f"{auto.name}"]
    opts = getattr(auto, "options", None) or {}
    if isinstance(opts, dict) and opts:
        out.append("Table options: " + ", ".join(f"{k} = {option_value(v)}" for k, v in sorted(opts.items())))
    card = auto.winning.card
    if card is not None:
        section = None
        written = [card_line(ln) for ln in card.lines]
        width = max(40, *(len(w) for w in written))
        for ln, text in zip(card.lines, written):
            if ln.section != section:
                section = ln.section
                out.append(f"  -- {section}")
            out.append(f"     {text:{width}s} {ln.points:3d}")
    else:
        for p in auto.winning.patterns:
            out.append(f"  {p.title or p.name}" + (" (concealed)" if p.concealed else ""))
    sess = auto.session
    if sess.hands:
        out.append(f"A session is {sess.hands} hands.")
    elif sess.rounds:
        out.append(f"A session is {sess.rounds} round{'s' if sess.rounds != 1 else ''} of the winds.")
    out.append("Settlement: each hand's payments as the ruleset's payments block says; "
               "`mjdsl render RULESET --format md` prints the whole rule book.")
    return out
