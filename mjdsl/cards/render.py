"""A card as a printable page (HTML) or as Markdown, with jinja2.

Printed cards colour each group by its suit: the first suit letter of a hand in one
colour, the second in another, the third in a third, groups with no suit in black.
:func:`card_view` turns the card AST into that plain view (section, hand, groups
with a colour, points, X or C); the templates in ``mjdsl/render/templates`` only
lay it out.
"""

from __future__ import annotations

import attrs

from ..render import environment
from . import ast


#: Suit colours in order of a hand's first use of each letter (printed-card convention).
COLOURS = ("blue", "red", "green", "purple", "orange", "teal")
FORMATS = ("html", "md")


@attrs.frozen
class GroupView:
    """A group as printed: its text, its suit letter, and its colour name ('black': no suit)."""

    text: str
    letter: str
    colour: str


@attrs.frozen
class LineView:
    """A hand line as printed."""

    #: the alternatives, each a tuple of groups
    patterns: tuple[tuple[GroupView, ...], ...]
    text: str
    notes: tuple[str, ...]
    description: str
    points: int
    #: "C" for a concealed hand, "X" for one that may be exposed
    kind: str
    line: int


@attrs.frozen
class SectionView:
    title: str
    lines: tuple[LineView, ...]


def card_view(card: ast.Card) -> tuple[SectionView, ...]:
    """The card as sections of printable lines."""
    return tuple(
        SectionView(s.title, tuple(_line_view(ln) for ln in s.lines)) for s in card.sections
    )


def _line_view(line: ast.HandLine) -> LineView:
    patterns = tuple(_pattern_view(p) for p in line.patterns)
    notes = tuple(a.text for a in line.annotations if a.kind is not ast.AnnotationKind.CONCEALED)
    return LineView(
        patterns=patterns,
        text=line.text,
        notes=notes,
        description=line.description or "",
        points=line.points,
        kind="C" if line.concealed else "X",
        line=line.line,
    )


def _pattern_view(p: ast.Pattern) -> tuple[GroupView, ...]:
    letters = list(dict.fromkeys(m.letter for m in p.suits if m.letter is not None))
    out = []
    for i, g in enumerate(p.groups):
        letter = p.suits[i].letter if i < len(p.suits) else None
        colour = COLOURS[letters.index(letter) % len(COLOURS)] if letter is not None else "black"
        out.append(GroupView(g.text, letter or "-", colour))
    return tuple(out)


def render_card(card: ast.Card, fmt: str) -> str:
    """The card as ``html`` (a self-contained page to print) or ``md``."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown format {fmt!r}; one of {', '.join(FORMATS)}")
    template = environment().get_template(f"card.{fmt}.j2")
    return template.render(
        card=card,
        sections=card_view(card),
        colours=COLOURS,
        year=card.year.value if card.year else None,
    )
