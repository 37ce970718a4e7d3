"""Overlapping lines: fourteen tiles that make two different lines of a card.

Two variants share a hand when some natural-tile histogram ``h`` fits both, the
jokers filling the rest: ``max(natural_v, natural_w) <= h <= min(need_v, need_w,
copies)`` tile by tile, with ``14 - sum(h)`` jokers, no more than the set holds.
Taking ``h`` as large as allowed gives the hand with the fewest jokers, which is
the one shown. All pairs of variants are tested at once, a block of rows at a time.

Every yearly card has lines that eight jokers and a few natural tiles make alike
(``FF`` + a kong + eight jokers fits most kong lines); at the table the winner
declares which hand they hold. So an overlap is a warning (MJ258) when it needs at
most :data:`FEW_JOKERS` jokers, which is a hand players will really hold; the rest
are counted in one note (MJ269).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

import numpy as np

from ..diagnostics import Diagnostic, Severity, warning
from .compiled import CompiledCard
from .pattern import HAND_SIZE

if TYPE_CHECKING:
    from ..source import Span

#: An overlap with at most this many jokers is a warning; with more, it is counted in a note.
FEW_JOKERS = 2

#: Rows of the variant-pair test per block (bounds memory: rows x V x T int16).
_BLOCK = 64


def overlapping_pairs(c: CompiledCard) -> list[tuple[int, int, np.ndarray]]:
    """``(v, w, h)`` for each pair of lines that share a hand: the variants, and the natural
    tiles ``h`` of the shared hand with the fewest jokers (lines in card order)."""
    t = c.tables
    if t.size == 0:
        return []
    copies = c.tiles.copies_vector()
    jokers = c.tiles.joker.copies if c.tiles.joker is not None else 0
    found: dict[tuple[int, int], tuple[int, int, np.ndarray]] = {}
    for start in range(0, t.size, _BLOCK):
        rows = slice(start, min(start + _BLOCK, t.size))
        lo = np.maximum(t.natural[rows, None, :], t.natural[None, :, :])
        hi = np.minimum(np.minimum(t.need[rows, None, :], t.need[None, :, :]), copies)
        ok = (lo <= hi).all(axis=2) & (hi.sum(axis=2) >= HAND_SIZE - jokers)
        ok &= t.line[rows, None] < t.line[None, :]
        vs, ws = np.nonzero(ok)
        if not len(vs):
            continue
        # per pair of lines, the pair of variants with the most natural tiles (the first
        # such in row order): sorted by line pair, then sum, stably; one row per pair
        sums = hi[vs, ws].sum(axis=1)
        lv, lw = t.line[start + vs], t.line[ws]
        order = np.lexsort((-sums, lw, lv))
        first = np.ones(len(order), dtype=bool)
        first[1:] = (lv[order][1:] != lv[order][:-1]) | (lw[order][1:] != lw[order][:-1])
        for k in order[first]:
            key = (int(lv[k]), int(lw[k]))
            if key not in found or sums[k] > found[key][2].sum():
                found[key] = (start + int(vs[k]), int(ws[k]), hi[vs[k], ws[k]].copy())
    return [found[k] for k in sorted(found)]


#: The overlap check compares every pair of variants: past this many variants (the Club
#: card 2026 has about 700) it is skipped with a warning (MJ273), so that checking any
#: card stays within seconds.
MAX_VARIANTS = 2500

#: At most this many pairs of overlapping lines are reported one by one.
MAX_SHOWN = 20


def check_overlaps(c: CompiledCard) -> Iterable[Diagnostic]:
    """MJ258: two lines that the same fourteen tiles make with few jokers, with those tiles;
    MJ269: how many more pairs of lines share hands only through many jokers."""
    if len(c.variants) > MAX_VARIANTS:
        yield warning("MJ273", f"the overlap check was skipped: the card makes {len(c.variants)} variants, "
                      f"more than the {MAX_VARIANTS} it compares pair by pair", c.card.span,
                      "a printed card makes under a thousand; use fewer `any ...` annotations")
        return
    joker = c.tiles.joker.code if c.tiles.joker is not None else "J"
    many: list[tuple[int, int, int]] = []
    shown = 0
    for v, w, h in overlapping_pairs(c):
        first, second = c.lines[c.tables.line[v]], c.lines[c.tables.line[w]]
        jokers = HAND_SIZE - int(h.sum())
        if jokers > FEW_JOKERS:
            many.append((first.line, second.line, jokers))
            continue
        shown += 1
        if shown > MAX_SHOWN:
            continue
        tiles = " ".join(c.tiles.expand(h) + [joker] * jokers)
        yield warning(
            "MJ258",
            f"the same 14 tiles make this line and line {first.line} ({first.text}): {tiles}",
            second.span,
            "a winner could not say which hand they hold; make the lines differ in a pair or a single",
        )
    if shown > MAX_SHOWN:
        yield note("MJ258", f"{shown - MAX_SHOWN} more pairs of lines make the same 14 tiles (the first "
                   f"{MAX_SHOWN} are shown)", c.card.span, "fix those first; the rest often go with them")
    if many:
        a, b, j = min(many, key=lambda m: (m[2], m[0], m[1]))
        yield note(
            "MJ269",
            f"{len(many)} pairs of lines share a hand only with {FEW_JOKERS + 1} or more jokers "
            f"(the fewest: lines {a} and {b}, with {j})",
            c.card.span,
            "usual on a card with many kong lines; nothing to fix unless a pair surprises you",
        )


def note(code: str, message: str, span: Span, hint: str = "") -> Diagnostic:
    return Diagnostic(code, Severity.NOTE, message, span, hint)
