"""The flow of a hand: every phase is reached, every phase named exists."""

from __future__ import annotations

from .. import ast as A
from ..diagnostics import Diagnostic, error

#: Phase names and the block that defines each (deal and play are always needed).
PHASES = {"deal": A.DealBlock, "charleston": A.CharlestonBlock, "replacement": A.ReplacementBlock, "play": A.PlayBlock}


def default_flow(rs) -> list[str]:
    return [p for p, cls in PHASES.items() if rs.block(cls) is not None or p in ("deal", "play")]


def check_flow(ctx) -> list[Diagnostic]:
    rs = ctx.ruleset
    out: list[Diagnostic] = []
    flow = rs.flow
    if flow is None:
        return out
    named = [w.text for w in flow.phases]
    for w in flow.phases:
        if w.text not in PHASES:
            out.append(error("MJ241", f"unknown phase `{w.text}`", w.span,
                             "phases are: " + ", ".join(PHASES)))
        elif rs.block(PHASES[w.text]) is None:
            out.append(error("MJ241", f"phase `{w.text}` has no block", w.span,
                             f"add a `{PHASES[w.text].KIND} {{ ... }}` block or remove it from the flow"))
        if named.count(w.text) > 1 and named.index(w.text) != flow.phases.index(w):
            out.append(error("MJ202", f"phase `{w.text}` appears twice in the flow", w.span, "name each phase once"))
    for p, cls in PHASES.items():
        b = rs.block(cls)
        if b is not None and p not in named:
            out.append(error("MJ240", f"the `{p}` phase can't be reached: the flow does not name it", b.span,
                             f"add `{p}` to the `flow` line at {flow.span}"))
    if named and named[0] != "deal":
        out.append(error("MJ241", "the flow must start with `deal`", flow.span, "write `flow deal -> ... -> play`"))
    if named and named[-1] != "play":
        out.append(error("MJ241", "the flow must end with `play`", flow.span, "write `flow deal -> ... -> play`"))
    return out
