"""Abortive draws (``abort "TITLE" when COND`` in play) must be able to happen and not
end every hand: COND is asked before a draw from the wall, of the whole table, so it
may not read the tile in question (there is none before a draw), nor be true whatever
happens (every hand would end at its first draw) or false whatever happens (the
statement would change no play); two aborts may not share a title (the log and the
session tell them apart by it).
"""

from __future__ import annotations

from .. import ast as A
from ..diagnostics import Diagnostic, error
from ..ir.expr import compile_expr, const_value, is_const

#: facts of the table that are facts of a tile in question: at a draw there is none
_TILE_FACTS = ("own_discard", "just_claimed", "claim_swap", "tile_visible")


def check_aborts(ctx) -> list[Diagnostic]:
    play = ctx.block(A.PlayBlock)
    aborts = play.all(A.Abort) if play is not None else ()
    out: list[Diagnostic] = []
    seen: set[str] = set()
    for a in aborts:
        tile = sorted({n.id for n in A.names_in(a.condition) if n.id in _TILE_FACTS})
        if tile:
            out.append(error("MJ277", f"`abort \"{a.title}\"` reads `{tile[0]}`, a fact of the tile in question, "
                             "but an abort is asked before a draw, when there is none", a.span,
                             "read the whole table: kongs, kong_seats, announcers(NAME), alike_discards(PRED), "
                             "discards, claims"))
            continue
        # a condition the options alone decide is the table's choice (an overlay may
        # switch an abort off); one of no fact at all is a mistake
        reads_fact = any(n.id not in ctx.options for n in A.names_in(a.condition)) or _calls(a.condition)
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
