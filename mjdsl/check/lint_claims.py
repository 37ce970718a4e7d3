"""Lint: a claim that can never win its window (MJ308).

When several seats claim one discard, the claim ranked higher takes it
(seed: mah jongg beats an exposure; classical, pung and kong beat chow). A claim
is dead when another claim of the same size and shape, from the same seats or
more, ranks above it: whoever could make it makes the other (the engine offers
both, and the higher wins every window they meet in). A claim is dead too when
its source never discards: ``from side owner`` (the wall's side, not a seat), or
``from across`` at a table with an odd number of seats.
"""

from __future__ import annotations

from .. import ast as A
from ..diagnostics import Diagnostic, warning
from .lint_support import is_own, without_spans

#: Which sources a source is included in: `any` covers every seat.
_COVERS = {"any": {"any", "left", "right", "across", "dealer"}}


def check_claim_windows(ctx) -> list[Diagnostic]:
    b = ctx.block(A.ClaimsBlock)
    if b is None:
        return []
    claims = b.all(A.ClaimDecl)
    prio = b.one(A.Priority)
    rank = {}
    if prio is not None:
        for i, level in enumerate(prio.levels):
            for w in level:
                rank.setdefault(w.text, i)
    seats = ctx.block(A.SeatsBlock).count if ctx.block(A.SeatsBlock) else 4
    out: list[Diagnostic] = []
    for c in claims:
        if not is_own(ctx, c.span):
            continue
        never = _never_eligible(c.source, seats)
        if never:
            out.append(warning("MJ308", f"claim `{c.name.text}` can never be made: {never}", c.span,
                               "claim from `any`, `left`, `right` or `across`"))
            continue
        if c.size is None or c.name.text not in rank:
            continue
        for d in claims:
            if (d is not c and d.size == c.size and d.shape == c.shape and d.name.text in rank
                    and rank[d.name.text] < rank[c.name.text] and _covers(d, c)):
                out.append(warning("MJ308", f"claim `{c.name.text}` can never win its window: `{d.name.text}` "
                                            f"makes the same {_set(c)} from the same seats and ranks above it",
                                   c.span, f"delete `{c.name.text}`, or rank it with `{d.name.text}` on the priority line"))
                break
    return out


def _never_eligible(source: str, seats: int) -> str:
    if source == "side owner":
        return "`side owner` is the wall's side, not a seat that discards"
    if source == "across" and seats % 2:
        return f"no seat sits across at a table of {seats}"
    return ""


def _covers(high: A.ClaimDecl, low: A.ClaimDecl) -> bool:
    """Whether every discard ``low`` may be claimed from, ``high`` may be too (conditions aside)."""
    if high.condition is not None and without_spans(high.condition) != without_spans(low.condition):
        return False  # the higher claim is switched by a condition the lower does not share
    src = _COVERS.get(high.source, {high.source})
    return low.source in src and (low.except_source is None or low.except_source in src)


def _set(c: A.ClaimDecl) -> str:
    return f"run of {c.size}" if c.shape == "run" else f"{c.size} alike"
