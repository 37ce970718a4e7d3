"""Which card hands a hand makes, and with how many jokers.

Fourteen tiles, exposures included, make a hand of the card when they fill one of its
variants exactly, jokers standing only in groups of three or more identical tiles and
each exposure being exactly one such group of the hand (seed: the club table, and the
rulebook's joker rules). A concealed line takes no exposures. :func:`match_batch`
answers for many hands at once with the matrices of ``distance.py``.
"""

from __future__ import annotations

from typing import Sequence

import attrs
import numpy as np

from . import ast
from .compiled import CompiledCard
from .distance import makes
from .hands import Hand, HandBatch


@attrs.frozen
class Match:
    """One card hand that a hand makes."""

    line: ast.HandLine
    #: index of the line in the compiled card, of the alternative (``or``) made, of the variant
    line_index: int
    pattern: int
    variant: int
    #: every joker of the hand (all fourteen tiles are used, so all its jokers stand in)
    jokers: int

    @property
    def hand(self) -> str:
        """The canonical text of the pattern made (the line's text for a one-pattern line;
        of a line with ``or``, its first pattern that these tiles make)."""
        return self.line.patterns[self.pattern].text

    def to_json(self) -> dict:
        return {
            "hand": self.hand,
            "section": self.line.section,
            "line": self.line.line,
            "points": self.line.points,
            "concealed": self.line.concealed,
            "jokers": self.jokers,
        }


def match_hand(compiled: CompiledCard, hand: Hand) -> list[Match]:
    """Every card hand ``hand`` (14 tiles, exposures included) makes, in card order."""
    return match_batch(compiled, [hand])[0]


def match_batch(compiled: CompiledCard, hands: Sequence[Hand]) -> list[list[Match]]:
    """:func:`match_hand` for many hands at once."""
    batch = HandBatch.from_hands(hands, compiled.joker, compiled.tiles.size)
    return matches_of(compiled, batch)


def matches_of(compiled: CompiledCard, batch: HandBatch) -> list[list[Match]]:
    """The matches of every hand of a prepared batch, one list per hand."""
    ok = makes(compiled, batch)
    rows, cols = np.nonzero(ok)
    out: list[list[Match]] = [[] for _ in range(batch.size)]
    if not len(rows):
        return out
    jokers = (batch.jokers + batch.exposed_jokers).tolist()
    line_of = compiled.tables.line[cols].tolist()
    variants = compiled.variants
    last: tuple[int, int] | None = None
    for n, v, li in zip(rows.tolist(), cols.tolist(), line_of):
        if last == (n, li):  # two variants of one line: the same card hand, said once
            continue
        last = (n, li)
        out[n].append(Match(compiled.lines[li], li, variants[v].pattern, v, jokers[n]))
    return out


def match_json(compiled: CompiledCard, hand: Hand, matches: list[Match], typed: list[str] | None = None) -> dict:
    """The ``mjdsl match --json`` document of docs/cli.md for one hand; ``typed`` is the
    tiles in the order the user gave them (kept when it is the whole hand)."""
    tiles = compiled.tiles
    shown = typed if typed is not None and len(typed) == hand.size else tiles.expand(hand.histogram(compiled.joker))
    return {
        "version": 1,
        "tiles": shown,
        "matches": [m.to_json() for m in matches],
    }
