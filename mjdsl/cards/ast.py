"""The card notation as data: small frozen nodes, each with the span it was written at.

``syntax/card_build.py`` makes these from the parse tree, the only card code that sees Lark;
everything after (pattern resolution, expansion, checks, rendering) reads only these
nodes. A node keeps the text the author wrote (a group is ``"2026"``, a suit mark is
``"a"`` or ``None`` for ``-``) and no tile set: which tiles a group means is decided
when the card is expanded against a :class:`~mjdsl.tiles.TileSet`.
"""

from __future__ import annotations

import enum
import itertools
import math

import attrs

from ..source import Span


class AnnotationKind(enum.Enum):
    """What an annotation after ``·`` does; its value is the phrase as printed."""

    ANY_RUN = "any run or number"
    CONCEALED = "concealed"
    ANY_WIND = "any wind"
    ANY_DRAGON = "any dragon"
    NO_JOKERS = "no jokers"
    # issue 10: number choices other than one moving run
    ANY_ODD = "any odd number"
    ANY_EVEN = "any even number"
    #: every wind group picks its winds on its own (two groups may take the same wind)
    ANY_WIND_EACH = "any wind each"
    # issue 10: choices written as printed; the value names the form, the choices are
    # in :attr:`Annotation.choices`
    NUMBER_CHOICE = "NUMBERS or NUMBERS"  #: ``1-5 or 5-9``, ``1-4-7 or 2-5-8 or 3-6-9``
    WIND_CHOICE = "WINDS or WINDS"  #: ``N and S or E and W``
    STAYS = "GROUP stays"  #: ``9999 stays``, ``11 and 9999 stay``


#: The annotations written as a fixed phrase, by their phrase.
ANNOTATIONS: dict[str, AnnotationKind] = {
    k.value: k for k in AnnotationKind
    if k not in (AnnotationKind.NUMBER_CHOICE, AnnotationKind.WIND_CHOICE, AnnotationKind.STAYS)
}

#: At most this many ways to spell one pattern's choice groups (``NNNN/SSSS``) are
#: expanded; a printed card's longest needs 68. Past it the line is refused (MJ297), so
#: that seven choice groups of four cannot make a card of 16,384 patterns.
MAX_WAYS = 256

#: Characters that stand for a tile whose suit comes from the group's suit letter.
SUITED_LETTERS = frozenset("123456789D")
#: Digits that name a rank (``0`` is the soap, not a rank).
RANK_LETTERS = frozenset("123456789")


@attrs.frozen
class Group:
    """One group of a hand, as printed: ``FF``, ``2026``, ``NEWS``, ``DDDD``; or a
    choice of groups in one place, ``NNNN/SSSS``."""

    #: the characters as written, one a tile (``/`` between the alternatives of a choice)
    text: str
    span: Span
    #: the alternatives of a choice, each a plain group's text; empty for a plain group
    choices: tuple[str, ...] = ()

    @property
    def size(self) -> int:
        """How many tiles the group is."""
        return len(self.text)

    @property
    def same(self) -> bool:
        """True for one tile repeated (pair, pung, kong, quint, sextet), False for singles."""
        return len(set(self.text)) == 1

    @property
    def needs_suit(self) -> bool:
        """True when some character (a number, ``D``) takes its suit from a suit letter."""
        return any(c in SUITED_LETTERS for c in self.text)

    @property
    def is_year(self) -> bool:
        """True for a year (``2026``): singles that mix the soap's ``0`` with numbers. A year
        is printed as it is: ``any run or number`` does not move it (seed: club card)."""
        return not self.same and "0" in self.text and any(c in RANK_LETTERS for c in self.text)


@attrs.frozen
class SuitMark:
    """The suit letter under one group: a letter, or ``None`` for ``-`` (no suit)."""

    letter: str | None
    span: Span

    @property
    def text(self) -> str:
        return self.letter if self.letter is not None else "-"


@attrs.frozen
class Pattern:
    """One pattern of a line: its groups, and its suit marks (empty when omitted)."""

    groups: tuple[Group, ...]
    suits: tuple[SuitMark, ...]
    span: Span

    @property
    def text(self) -> str:
        """The canonical text: groups and suit marks joined by single spaces."""
        return " ".join([g.text for g in self.groups] + [s.text for s in self.suits])

    @property
    def size(self) -> int:
        return sum(g.size for g in self.groups)

    def spelled(self) -> tuple[Pattern, ...]:
        """The plain patterns this one stands for: one for each way of taking one
        alternative of every choice group (``NNNN/SSSS 2222`` is ``NNNN 2222`` and
        ``SSSS 2222``); the pattern itself when it has no choice. The spelled groups
        keep the choice's span, so a problem in one points at the choice."""
        if not any(g.choices for g in self.groups):
            return (self,)
        ways = itertools.product(*[g.choices or (g.text,) for g in self.groups])
        return tuple(
            attrs.evolve(self, groups=tuple(Group(t, g.span) for t, g in zip(texts, self.groups)))
            for texts in itertools.islice(ways, MAX_WAYS)  # past it, a card check refuses the line (MJ297)
        )

    @property
    def ways(self) -> int:
        """How many plain patterns the choice groups make (1 without any)."""
        return math.prod(len(g.choices) or 1 for g in self.groups)


@attrs.frozen
class Annotation:
    """An annotation after ``·``: its kind (``None`` if the phrase is unknown) and words."""

    kind: AnnotationKind | None
    #: the words as written, for messages about unknown phrases
    words: tuple[str, ...]
    span: Span
    #: a choice's alternatives, as written: ``(("1", "5"), ("5", "9"))`` for ``1-5 or
    #: 5-9``, ``(("N", "S"), ("E", "W"))`` for ``N and S or E and W``, the groups named
    #: by ``GROUP stays`` as one alternative; empty for a fixed phrase
    choices: tuple[tuple[str, ...], ...] = ()

    @property
    def text(self) -> str:
        return " ".join(self.words)


@attrs.frozen
class HandLine:
    """A hand line of the card: one or more alternative patterns, worth ``points``."""

    patterns: tuple[Pattern, ...]
    annotations: tuple[Annotation, ...]
    #: the quoted description, unescaped, or None
    description: str | None
    points: int
    #: where the points are written
    points_span: Span
    #: the title of the section the line is in ("" before any section)
    section: str
    span: Span

    @property
    def text(self) -> str:
        """The canonical text of the line: its patterns joined by `` or ``."""
        return " or ".join(p.text for p in self.patterns)

    @property
    def line(self) -> int:
        """The line of the card file the hand is written on."""
        return self.span.line

    def has(self, kind: AnnotationKind) -> bool:
        return any(a.kind is kind for a in self.annotations)

    def annotation(self, kind: AnnotationKind) -> Annotation | None:
        """The first annotation of this kind on the line, or None."""
        return next((a for a in self.annotations if a.kind is kind), None)

    @property
    def spelled(self) -> tuple[Pattern, ...]:
        """Every plain pattern of the line: its patterns with their choice groups spelled out."""
        return tuple(s for p in self.patterns for s in p.spelled())

    @property
    def staying(self) -> frozenset[str]:
        """The groups ``GROUP stays`` names: they do not move with the numbers."""
        a = self.annotation(AnnotationKind.STAYS)
        return frozenset(a.choices[0]) if a is not None else frozenset()

    def moves(self, group: Group) -> bool:
        """Whether the group's numbers move with the line's (a year and a staying group do not)."""
        return not group.is_year and group.text not in self.staying

    @property
    def concealed(self) -> bool:
        return self.has(AnnotationKind.CONCEALED)


@attrs.frozen
class Section:
    """A titled section of the card and its hand lines, in order."""

    title: str
    lines: tuple[HandLine, ...]
    span: Span


@attrs.frozen
class Year:
    """``year 2026``."""

    value: int
    span: Span


@attrs.frozen
class PointsRange:
    """``points 25..75``: the usual range of points on this card (a lint warns outside it)."""

    low: int
    high: int
    span: Span


@attrs.frozen
class TilesRef:
    """``tiles "american.mj"``: the ruleset whose tile set the card is read against."""

    #: the path as written, relative to the card file
    path: str
    span: Span


@attrs.frozen
class Card:
    """A whole card: its title, header statements and sections."""

    title: str
    #: where the ``card "..."`` line is
    span: Span
    year: Year | None = None
    points: PointsRange | None = None
    tiles: TilesRef | None = None
    sections: tuple[Section, ...] = ()
    #: header statements written more than once, for the checks (first one wins)
    repeated: tuple[Span, ...] = ()

    @property
    def lines(self) -> tuple[HandLine, ...]:
        """Every hand line, in file order."""
        return tuple(ln for s in self.sections for ln in s.lines)
