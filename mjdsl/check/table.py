"""Payments outside the settlement and the session's counters (issue 10) name
things that must exist: a deposit an announcement of the play block, an instant
payment a kong the rules allow, a counter a name of its own.
"""

from __future__ import annotations

import difflib

from .. import ast as A
from .. import facts as F
from ..diagnostics import Diagnostic, error


def check_table(ctx) -> list[Diagnostic]:
    return [*_deposits(ctx), *_instant(ctx), *_counters(ctx)]


def _deposits(ctx) -> list[Diagnostic]:
    pay = ctx.block(A.PaymentsBlock)
    play = ctx.block(A.PlayBlock)
    names = sorted(a.name.text for a in play.all(A.Announce)) if play is not None else []
    out = []
    for d in pay.all(A.Deposit) if pay is not None else ():
        if d.name.text not in names:
            close = difflib.get_close_matches(d.name.text, names, n=1)
            out.append(error("MJ291", f"a deposit on `{d.name.text}`, but the play block announces no such thing",
                             d.name.span, f"did you mean `{close[0]}`?" if close else
                             "declare it in play: announce NAME after any discard ..."))
    return out


def _kong_allowed(ctx, event: str) -> bool:
    if event == "claimed":
        claims = ctx.block(A.ClaimsBlock)
        return claims is not None and any(c.size == 4 and c.shape == "same" for c in claims.all(A.ClaimDecl))
    kongs = ctx.block(A.KongsBlock)
    return kongs is not None and any(k.kind == event for k in kongs.all(A.KongAllowed))


def _instant(ctx) -> list[Diagnostic]:
    pay = ctx.block(A.PaymentsBlock)
    out = []
    for i in pay.all(A.InstantPay) if pay is not None else ():
        if not _kong_allowed(ctx, i.event):
            how = ("a claim of 4 same in claims" if i.event == "claimed"
                   else f"`{i.event} on turn` in kongs")
            a = "an" if i.event == "added" else "a"
            out.append(error("MJ292", f"a payment on {a} {i.event} kong, but the rules allow no {i.event} kong",
                             i.span, f"allow it ({how}) or delete the payment"))
    return out


def _counters(ctx) -> list[Diagnostic]:
    session = ctx.block(A.SessionBlock)
    seen: set[str] = set()
    out = []
    for c in session.all(A.SessionCounter) if session is not None else ():
        name = c.name.text
        taken = ("an option" if name in ctx.options else "a fact" if name in F.FACTS
                 else "another counter" if name in seen else None)
        seen.add(name)
        if taken:
            out.append(error("MJ293", f"the counter `{name}` has the name of {taken}", c.name.span,
                             "give the counter a name of its own"))
    return out
