"""Winning hands: a card file exists, patterns describe hands of the right size."""

from __future__ import annotations

from pathlib import Path

from .. import ast as A
from ..diagnostics import Diagnostic, error
from ..frontend.paths import Refused, resolve_named
from .wall import dealt_sizes


#: Pattern statements that say which tiles make the hand (`chows at most` and
#: `concealed` only narrow what the others allow).
_DESCRIBES_TILES = (A.PatSets, A.PatPairs, A.PatPairsOf, A.PatKnitted, A.PatEachOf, A.PatExtraOf,
                    A.PatSuitCounts, A.PatExtraSameSuit, A.PatSingles)
#: the statements of a special hand's parts (the rest of a mixed pattern makes sets)
_PARTS = (A.PatPairsOf, A.PatKnitted, A.PatEachOf, A.PatExtraOf, A.PatSuitCounts, A.PatExtraSameSuit, A.PatSingles)


def resolve_card(ref: A.CardRef, ruleset) -> Path | Refused:
    """The card file a ``card "..."`` line names, by the one path policy (``mjdsl/paths.py``):
    relative to the file that wrote it, inside the ruleset's folder tree (or the library's)."""
    top = Path(ruleset.path).resolve().parent
    return resolve_named(ref.path, Path(ref.span.path).resolve(), top,
                         allow_outside=ruleset.allow_outside, what="card file")


def card_path(ref: A.CardRef, ruleset) -> Path | None:
    """The card file of ``ref``, or None when the policy refuses it (check_winning says why)."""
    found = resolve_card(ref, ruleset)
    return None if isinstance(found, Refused) else found


def _parts_size(ctx, p: A.PatternDecl) -> int | None:
    """How many tiles the parts of a pattern with sets take (the same under every
    binding of its suits); None when they cannot be worked out (refused elsewhere)."""
    if ctx.tiles is None:
        return None
    from ..hands.patterns import compiled
    from ..ir.lower import lower_pattern

    try:
        special = lower_pattern(p, ctx.options.values()).special
        sizes = {b.size for b in compiled(special, ctx.tiles).bindings}
    except Exception:  # noqa: BLE001 - a pattern that does not lower is the other checks' to report
        return None
    return max(sizes) if sizes else None


def check_winning(ctx) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    win = ctx.block(A.WinningBlock)
    if win is None:
        return out
    cards = win.all(A.CardRef)
    patterns = win.all(A.PatternDecl)
    if not cards and not patterns:
        out.append(error("MJ216", "the winning block names no card and no pattern", win.span,
                         "add `card \"file.card\"` or a `pattern name { ... }`"))
    for c in cards:
        found = resolve_card(c, ctx.ruleset)
        if isinstance(found, Refused):
            out.append(error(found.code, found.message, c.span, found.hint))
        elif not found.is_file():
            out.append(error("MJ206", f"card file is not a file: {c.path}", c.span,
                             "name a .card file; the path is relative to the ruleset that names it"))
    _, hand = dealt_sizes(ctx)
    for p in patterns:
        sets = next((s.count for s in p.stmts if isinstance(s, A.PatSets)), None)
        pairs = next((s.count for s in p.stmts if isinstance(s, A.PatPairs)), None)
        # a pattern of sets and pairs (seven pairs has no `sets` line) makes 3 x sets + 2 x pairs
        if sets is not None or pairs is not None:
            sets, pairs = sets or 0, pairs or 0
        parts = _parts_size(ctx, p) if sets is not None and any(isinstance(s, _PARTS) for s in p.stmts) else 0
        if parts is None:
            continue  # parts the other checks refuse (MJ238, MJ295)
        if sets is not None and parts:
            if hand and parts + 3 * sets + 2 * pairs != hand + 1:
                out.append(error("MJ245", f"pattern `{p.name.text}` makes {parts + 3 * sets + 2 * pairs} tiles "
                                          f"({parts} in its parts, {3 * sets + 2 * pairs} in its sets and pairs), "
                                          f"a winning hand has {hand + 1}",
                                 p.span, "a winning hand is the dealt hand and one more tile"))
        elif sets is not None and hand and 3 * sets + 2 * pairs != hand + 1:
            out.append(error("MJ245", f"pattern `{p.name.text}` makes {3 * sets + 2 * pairs} tiles, a winning hand has {hand + 1}",
                             p.span, "a winning hand is the dealt hand and one more tile"))
        if not any(isinstance(s, _DESCRIBES_TILES) for s in p.stmts):
            out.append(error("MJ245", f"pattern `{p.name.text}` says nothing of the tiles it needs", p.span,
                             "give its sets and pairs (`sets 4`, `pairs 1`), or the tiles it holds (`each of ...`)"))
        for s in p.stmts:
            if isinstance(s, A.PatSuitCounts) and ctx.tiles is not None and ctx.tiles.suits:
                # the counts bind to every suit with as many ranks (hands.patterns), and only those
                sizes = sorted({len(su.ranks) for su in ctx.tiles.suits})
                if len(s.counts) not in sizes:
                    out.append(error("MJ245", f"{len(s.counts)} counts for a suit of {' or '.join(map(str, sizes))} ranks",
                                     s.span, "give one count per rank"))
    return out
