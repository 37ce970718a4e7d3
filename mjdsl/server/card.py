"""The card beside the table: the table's card of hands, and each seat's nearest lines.

:func:`card_panel` is what the table's page prints beside the table, once: the card
of the table's ruleset (its sections and lines, each group in its suit's colour, as
``cards.render`` prints a card), or, for a ruleset that plays no card, its winning
patterns. :class:`NearestLines` gives a seat's nearest card lines for every view,
from the card-distance library the regulars and ``mjdsl hint`` use
(``tui.view.nearest_hints``); each names its line by the card file's line number, the
key the panel's lines carry, so the page marks them. A seat's answer is kept until
its tiles change: views are sent after every move, the hand changes less often.
"""

from __future__ import annotations

import attrs

#: how many nearest lines a seat is shown
TOP = 3


@attrs.frozen
class CardPanel:
    """The panel's contents: a card's title and sections (``cards.render.SectionView``),
    or, with no card, the winning patterns as (title, concealed) pairs."""

    title: str
    sections: tuple
    patterns: tuple[tuple[str, bool], ...]


def card_panel(auto) -> CardPanel:
    card = auto.winning.card
    if card is not None:
        from ..cards.render import card_view

        return CardPanel(getattr(card.card, "title", "") or "", card_view(card.card), ())
    return CardPanel("", (), tuple((p.title or p.name, bool(p.concealed)) for p in auto.winning.patterns))


class NearestLines:
    """Each seat's nearest card lines, worked out again only when its tiles change."""

    def __init__(self):
        self._kept: dict[tuple[int, int], tuple[tuple, list[dict]]] = {}

    def for_seat(self, gid: int, game, seat: int) -> list[dict]:
        """``seat``'s nearest lines in game ``gid`` (a ``ClubGame``): the hand's text, the
        tiles still to come, the points, the card file's line; [] with no card."""
        g = game.game
        if g is None or g.auto.winning.card is None:
            return []
        st = g.st
        key = (tuple(int(x) for x in st.hands[seat]),
               tuple((e.tile, e.size, e.jokers) for e in st.exposures[seat]))
        kept = self._kept.get((gid, seat))
        if kept is not None and kept[0] == key:
            return kept[1]
        from ..tui.view import nearest_hints

        found = [{"hand": h.hand, "need": h.need, "points": h.line.points, "line": h.line.line,
                  "missing": list(h.missing)} for h in nearest_hints(g, seat, TOP)]
        self._kept[(gid, seat)] = (key, found)
        return found

