"""Abortive draws (``abort "TITLE" [after claims | by choice] when COND`` in play) must
be able to happen and not end every hand. COND is asked of the whole table at the
statement's point: before a draw from the wall, when a discard's claims are all in
(``after claims``), or on a turn, as a move offered to the seat on turn (``by
choice``). So it may not read the tile in question (at none of these points is
there one), nor be true whatever happens (every hand would end at its first draw)
or false whatever happens (the statement would change no play). ``win_claims`` (the
mah jongg claims made on a discard) is known only at a discard's claims: an abort
``after claims`` reads it, and no other abort may (it would be 0 there). Two aborts
may not share a title (the log and the session tell them apart by it).
"""

from __future__ import annotations

from .. import ast as A
from ..diagnostics import Diagnostic, error
from ..ir.expr import compile_expr, const_value, is_const

#: facts of the table that are facts of a tile in question: at an abort there is none
_TILE_FACTS = ("own_discard", "just_claimed", "claim_swap", "tile_visible")
#: the fact known only when a discard's claims are all in
_CLAIMS_FACT = "win_claims"
#: where each point asks its abort, in words (the messages)
_WHERE = {"draw": "before a draw", "claims": "when a discard's claims are all in", "choice": "on a turn"}


def check_aborts(ctx) -> list[Diagnostic]:
    play = ctx.block(A.PlayBlock)
    aborts = play.all(A.Abort) if play is not None else ()
    out: list[Diagnostic] = []
    seen: set[str] = set()
    for a in aborts:
        names = {n.id for n in A.names_in(a.condition)}
        tile = sorted(n for n in names if n in _TILE_FACTS)
        if tile:
            out.append(error("MJ277", f"`abort \"{a.title}\"` reads `{tile[0]}`, a fact of the tile in question, "
                             f"but an abort is asked {_WHERE[a.point]}, when there is none", a.span,
                             "read the whole table: kongs, kong_seats, announcers(NAME), alike_discards(PRED), "
                             "kinds_held(PRED), discards, claims"))
            continue
        if a.point != "claims" and _CLAIMS_FACT in names:
            out.append(error("MJ277", f"`abort \"{a.title}\"` reads `win_claims`, but it is asked {_WHERE[a.point]}, "
                             "where no claims are being made (it would always be 0)", a.span,
                             "ask it of a discard's claims: `abort \"TITLE\" after claims when win_claims == 3`"))
            continue
        if a.point == "claims" and _CLAIMS_FACT not in names:
            out.append(error("MJ277", f"`abort \"{a.title}\" after claims` does not read `win_claims`, the claims "
                             "it is asked of", a.span,
                             "say how many mah jongg claims end the hand (`when win_claims == 3`), or ask it "
                             "before a draw: drop `after claims`"))
            continue
        # a condition the options alone decide is the table's choice (an overlay may
        # switch an abort off); one of no fact at all is a mistake
        reads_fact = any(n not in ctx.options for n in names) or _calls(a.condition)
        f = None if reads_fact else compile_expr(a.condition, ctx.options.values())
        if f is not None and is_const(f):
            now = bool(const_value(f, True))
            out.append(error("MJ277", f"`abort \"{a.title}\"` is {'always' if now else 'never'} true",
                             a.span, "every hand would end at its first draw: give a condition of the table"
                             if now else "it never ends a hand: delete it, or give a condition of the table"))
        if a.title in seen or not a.title:
            out.append(error("MJ277", f"two aborts titled \"{a.title}\"" if a.title else "an abort with no title",
                             a.span, "give each abort a title of its own: the log and the rule book name it"))
        seen.add(a.title)
    return out


def _calls(e) -> bool:
    """Whether an expression calls a function (announcers(riichi): a fact of the table)."""
    if isinstance(e, A.Call):
        return True
    if isinstance(e, (A.Not, A.Neg)):
        return _calls(e.operand)
    if isinstance(e, A.BinOp):
        return _calls(e.left) or _calls(e.right)
    return isinstance(e, A.Related)
