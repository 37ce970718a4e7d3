"""A pattern read against a tile set: which group takes which suit letter, and whether
every tile letter names a tile of the set.

:func:`resolve` returns the resolved pattern, or None with the diagnostics that say
why it cannot be expanded (a suit letter on a wind, a number without a suit, ...).
Expansion and the card checks both call it, so a problem is found in one place.
"""

from __future__ import annotations

import attrs

from ..diagnostics import Diagnostic, error
from ..source import Span
from ..tiles import TileSet
from . import ast

#: A hand on the card is fourteen tiles, exposures included (seed: the club table).
HAND_SIZE = 14


@attrs.frozen
class Slot:
    """One group with its suit letter (None: no suit) and whether jokers may stand in it."""

    group: ast.Group
    letter: str | None
    #: a joker stands only in a group of three or more identical tiles (seed rulebook)
    jokers: bool


@attrs.frozen
class Resolved:
    """A pattern ready to expand: its slots and its distinct suit letters in order."""

    pattern: ast.Pattern
    slots: tuple[Slot, ...]
    letters: tuple[str, ...]


def letter_tile(tiles: TileSet, ch: str) -> str | None:
    """The code of the tile a suitless letter names, or None. ``0`` names the tile the
    ruleset declares as zero (``zero "0"``), whatever its code; without one, no tile."""
    code = tiles.zero if ch == "0" else ch
    return code if code is not None and code in tiles.by_code else None


def resolve(pattern: ast.Pattern, line: ast.HandLine, tiles: TileSet) -> tuple[Resolved | None, list[Diagnostic]]:
    """Pair groups with suit letters and check every letter against ``tiles``."""
    diags: list[Diagnostic] = []
    groups, marks = pattern.groups, pattern.suits
    no_jokers = line.has(ast.AnnotationKind.NO_JOKERS)
    if not marks:
        letters_of: list[str | None] = [None] * len(groups)
        suited = [g for g in groups if g.needs_suit]
        if suited:
            diags.append(
                error(
                    "MJ253",
                    f"group {suited[0].text} needs a suit, and this pattern has no suit letters",
                    suited[0].span,
                    "write one suit letter per group after the groups, `-` for a group with no suit",
                )
            )
    elif len(marks) != len(groups):
        diags.append(
            error(
                "MJ251",
                f"{len(marks)} suit letters for {len(groups)} groups",
                _join(marks[0].span, marks[-1].span),
                "write exactly one suit letter per group, `-` for a group with no suit",
            )
        )
        letters_of = []
    else:
        letters_of = [m.letter for m in marks]
        for g, m in zip(groups, marks):
            if m.letter is None and g.needs_suit:
                diags.append(
                    error(
                        "MJ253",
                        f"group {g.text} needs a suit, and its suit letter is `-`",
                        m.span,
                        "give it a suit letter: the same letter as another group for the same suit",
                    )
                )
            elif m.letter is not None and not g.needs_suit:
                diags.append(
                    error(
                        "MJ252",
                        f"suit letter {m.letter!r} on {g.text}, a group with no suit",
                        m.span,
                        "winds, flowers, R, G and 0 have no suit: write `-` under them",
                    )
                )
    diags.extend(_tile_letters(groups, tiles))
    letters = tuple(dict.fromkeys(x for x in letters_of if x is not None))
    if len(letters) > len(tiles.suits):
        diags.append(
            error(
                "MJ254",
                f"{len(letters)} different suit letters, and the tile set has {len(tiles.suits)} suits",
                _join(marks[0].span, marks[-1].span),
                "different letters are different suits: reuse a letter for groups in the same suit",
            )
        )
    if diags:
        return None, diags
    slots = tuple(
        Slot(g, x, jokers=g.same and g.size >= 3 and not no_jokers) for g, x in zip(groups, letters_of)
    )
    return Resolved(pattern, slots, letters), []


def _tile_letters(groups: tuple[ast.Group, ...], tiles: TileSet) -> list[Diagnostic]:
    """MJ255 for a letter naming no tile of the set (a dragon letter D without dragons...)."""
    out = []
    for g in groups:
        for i, ch in enumerate(g.text):
            if ch in ast.RANK_LETTERS:
                ok = any(int(ch) in s.ranks for s in tiles.suits)
            elif ch == "D":
                ok = bool(tiles.suits) and all(s.dragon in tiles.by_code for s in tiles.suits)
            else:
                ok = letter_tile(tiles, ch) is not None
            if not ok:
                out.append(
                    error(
                        "MJ255",
                        f"{ch!r} in {g.text} names no tile of this tile set",
                        Span.point(g.span.path, g.span.line, g.span.column + i),
                        "declare the zero in the ruleset's tiles block: `zero \"0\"`" if ch == "0"
                        else f"the tile set's codes are {tiles.codes_summary()}",
                    )
                )
                break
    return out


def _join(a: Span, b: Span) -> Span:
    return Span(a.path, a.line, a.column, b.end_line, b.end_column)
