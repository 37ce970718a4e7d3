"""Statements the grammar accepts that play has no meaning for (MJ280).

The grammar shares its words between blocks (`wall` and `dead wall`, the five
directions), so some statements parse that no hand could play: a turn drawn from the
kong box, a kong replaced from the live wall, a concealed hand calling for an
exposure, replacements going `across` (not round the table). They are refused here rather than played some other way
than they read ("the ruleset is the whole truth").
"""

from __future__ import annotations

from .. import ast as A
from ..diagnostics import Diagnostic, error


def check_unplayable(ctx) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    play = ctx.block(A.PlayBlock)
    for s in play.all(A.DrawFrom) if play is not None else ():
        if s.where != "wall":
            out.append(error("MJ280", f"a turn can't draw from the {s.where}: only replacements come from it",
                             s.span, "write `draw from wall`, or `replacement from dead wall` for replacements"))
    kongs = ctx.block(A.KongsBlock)
    for s in kongs.all(A.KongReplacement) if kongs is not None else ():
        if s.where != "dead wall":
            out.append(error("MJ280", f"a kong's replacement can't come from the {s.where}: it comes from the kong box",
                             s.span, "write `replacement from dead wall`"))
    win = ctx.block(A.WinningBlock)
    claims = ctx.block(A.ClaimsBlock)
    sets = {c.name.text for c in claims.all(A.ClaimDecl) if c.size is not None} if claims else set()
    for s in win.all(A.ConcealedCalls) if win is not None else ():
        if s.claim.text in sets:
            out.append(error("MJ280", f"a concealed hand can't call for `{s.claim.text}`: that claim exposes a set, "
                                      "and a concealed hand has no exposures", s.claim.span,
                             "name the mah jongg claim, or delete the line"))
    rep = ctx.block(A.ReplacementBlock)
    for s in rep.all(A.ReplaceOrder) if rep is not None else ():
        if s.direction == "across":
            out.append(error("MJ280", "replacements can't go across: they go round the table, the dealer first",
                             s.span, "write `order dealer first counter clockwise` (turn order) or `clockwise`"))
    return out
