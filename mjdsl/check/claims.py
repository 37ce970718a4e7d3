"""Claims: every claim has a priority, priorities name declared claims, each once.

Seeds: American, mah jongg beats an exposure call; classical, mah jongg over pung
and kong over chow, chows only from the left except for mah jongg.
"""

from __future__ import annotations

from .. import ast as A
from ..diagnostics import Diagnostic, error


def check_claims(ctx) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    b = ctx.block(A.ClaimsBlock)
    if b is None:
        return out
    claims = {c.name.text: c for c in b.all(A.ClaimDecl)}
    prio = b.one(A.Priority)
    ranked: dict[str, A.Word] = {}
    if prio is not None:
        for level in prio.levels:
            for w in level:
                if w.text in ranked:
                    out.append(error("MJ232", f"`{w.text}` appears twice in the priority", w.span,
                                     f"it is already ranked at {ranked[w.text].span}"))
                elif w.text not in claims:
                    out.append(error("MJ231", f"priority names `{w.text}`, which is not a claim", w.span,
                                     "declare it with `claim` or remove it from the priority"))
                ranked.setdefault(w.text, w)
    if len(claims) > 1:
        for name, c in claims.items():
            if name not in ranked:
                out.append(error("MJ230", f"claim `{name}` has no priority", c.name.span,
                                 "add it to the `priority` line, e.g. `priority mahjong > " + name + "`"))
    for c in claims.values():
        # a set is three or more: a pair is never claimed on its own, only with the
        # mah jongg (docs/language.md, claims), and the turn has no move for an exposed pair
        if c.size is not None and c.size < 3:
            out.append(error("MJ217", f"claim `{c.name.text}` of {c.size} tiles", c.span,
                             "a claim makes a set of 3 or more; a pair is taken only with the mah jongg "
                             "(the win claim, with no `N same`)"))
        if c.except_for is not None and c.except_for.text not in claims:
            out.append(error("MJ231", f"`{c.except_for.text}` is not a claim", c.except_for.span,
                             "name a declared claim, usually mahjong"))
        if c.shape == "run" and ctx.tiles is not None and ctx.tiles.suits:
            longest = max(len(s.ranks) for s in ctx.tiles.suits)
            if c.size and c.size > longest:
                out.append(error("MJ217", f"a run of {c.size} in suits of {longest}", c.span, "make the run shorter"))
    win = ctx.block(A.WinningBlock)
    if win is not None:
        for cc in win.all(A.ConcealedCalls):
            if cc.claim.text not in claims:
                out.append(error("MJ231", f"`{cc.claim.text}` is not a claim", cc.claim.span,
                                 "name a declared claim, usually mahjong"))
    return out
