"""Penalties are for what can happen: each `penalty NAME` names an event the
interpreter raises (:data:`mjdsl.facts.PENALTY_EVENTS`), so no penalty waits for
something that never comes.
"""

from __future__ import annotations

import difflib

from .. import ast as A
from ..diagnostics import Diagnostic, error
from ..facts import PENALTY_EVENTS


def check_penalties(ctx) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    pay = ctx.block(A.PaymentsBlock)
    for p in pay.all(A.Penalty) if pay is not None else ():
        if p.name.text not in PENALTY_EVENTS:
            close = difflib.get_close_matches(p.name.text, sorted(PENALTY_EVENTS), n=1)
            known = ", ".join(f"`{n}` ({m})" for n, m in PENALTY_EVENTS.items())
            out.append(error("MJ228", f"nothing in play triggers a penalty `{p.name.text}`", p.name.span,
                             (f"did you mean `{close[0]}`? " if close else "") + f"penalties are for: {known}"))
    return out
