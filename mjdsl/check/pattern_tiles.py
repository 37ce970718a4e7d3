"""The tiles a pattern names are tiles the hands library can match.

A pattern's `each of`, `one more of`, `pairs N of`, `singles N of` and `one more of
that suit + ...` name tiles by the classes of :data:`mjdsl.hands.patterns.CLASS_NAMES` (terminal,
simple, honour, wind, dragon, suited). A list of quoted codes or a ruleset's own
class (`class green ...`, usable in scoring) parses and names known tiles, but no
winning hand could be matched against it: refused here (MJ238) rather than stopping
the interpreter when the ruleset is lowered. Names nobody declared are MJ204
(:mod:`.names`).
"""

from __future__ import annotations

from .. import ast as A
from .. import facts as F
from ..diagnostics import Diagnostic, error
from ..hands.patterns import CLASS_NAMES

#: the statements that name their tiles (`singles N of CLASS` too: the lowering refused
#: anything else with a traceback)
_NAMED = (A.PatEachOf, A.PatExtraOf, A.PatPairsOf, A.PatSingles)

_HINT = "name the tiles by class: " + ", ".join(CLASS_NAMES) + " (joined with `+`)"


def check_pattern_tiles(ctx) -> list[Diagnostic]:
    win = ctx.block(A.WinningBlock)
    if win is None:
        return []
    classes = set(ctx.tile_classes) | ({s.name for s in ctx.tiles.suits} if ctx.tiles else set())
    out = []
    for p in win.all(A.PatternDecl):
        for s in p.stmts:
            if isinstance(s, _NAMED) and isinstance(s.tiles, A.TileList):
                out.append(error("MJ238", f"pattern `{p.name.text}` names its tiles by code: a pattern names "
                                          "them by class", s.tiles.span, _HINT))
                continue
            words = s.tiles.names if isinstance(s, _NAMED) else \
                s.also if isinstance(s, A.PatExtraSameSuit) else ()
            for w in words:
                if w.text not in CLASS_NAMES and (w.text in classes or w.text in F.FACTS):
                    out.append(error("MJ238", f"pattern `{p.name.text}` names `{w.text}`: a pattern's tiles are "
                                              "named by the built-in classes only", w.span,
                                     _HINT + (f"; `{w.text}` serves in scoring" if w.text in classes else "")))
    return out
