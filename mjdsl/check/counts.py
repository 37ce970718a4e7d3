"""Counts that play: the numbers of a session and of the turn that check as written
but would make a game of nothing.

- a session of no hands or rounds (`rounds 0`, `rounds -3`, `hands 0`, or an option
  set so) or of a fraction of one (`hands 2.5`): MJ276. A session plays whole hands;
  without the statement a session is one hand, so a count below one is never meant;
- the first dealer's dice (`first dealer by dice N thrown by each`): one to six, like
  the wall's dice (MJ217): no dice give every seat the same throw, for ever tied;
- `wall game when N left` with N at least the live wall the deal leaves: every hand
  would be a wall game before the first draw (MJ277).

Counts written with a fraction (`pass 2.5`) are refused when the file is read
(MJ176, :mod:`mjdsl.syntax.build`).
"""

from __future__ import annotations

from .. import ast as A
from ..diagnostics import Diagnostic, error
from ..ir.expr import Const, compile_expr
from .wall import deal_sizes


def check_counts(ctx) -> list[Diagnostic]:
    return _session(ctx) + _first_dealer(ctx) + _wall_game(ctx)


def _session(ctx) -> list[Diagnostic]:
    session = ctx.block(A.SessionBlock)
    if session is None:
        return []
    opts = ctx.options.values()
    out = []
    for cls, what in ((A.SessionHands, "hands"), (A.SessionRounds, "rounds")):
        for s in session.all(cls):
            value = compile_expr(s.expr, opts)
            if not isinstance(value, Const) or isinstance(value.value, bool) \
                    or not isinstance(value.value, (int, float)):
                continue  # not a number: MJ211/MJ204 say so
            n = value.value
            if n >= 1 and float(n).is_integer():
                continue
            shown = int(n) if float(n).is_integer() else n
            out.append(error("MJ276", f"a session of {shown} {what}: a session plays one or more whole {what}",
                             s.span, f"write `{what} 1` or more (an option here must be at least 1), "
                                     "or leave the statement out for a session of one hand"))
    return out


def _first_dealer(ctx) -> list[Diagnostic]:
    session = ctx.block(A.SessionBlock)
    return [error("MJ217", f"{f.dice} dice: throw 1 to 6", f.span, "the seed throws 1 die each: `by dice 1`")
            for f in (session.all(A.FirstDealer) if session is not None else ()) if not 1 <= f.dice <= 6]


def _wall_game(ctx) -> list[Diagnostic]:
    play, wall, deal = ctx.block(A.PlayBlock), ctx.block(A.WallBlock), ctx.block(A.DealBlock)
    if play is None or wall is None or deal is None or ctx.tiles is None:
        return []
    settings = {s.key: s.value for s in wall.all(A.WallSetting)}
    seats_b = ctx.block(A.SeatsBlock)
    seats = seats_b.count if seats_b else 4
    dealer, other = deal_sizes(deal, play, seats)
    live = ctx.tiles.total - settings.get("dead wall", 0) - settings.get("loose tiles", 0) - dealer - other * (seats - 1)
    if live <= 0:
        return []  # MJ221/MJ222: the deal does not fit at all
    return [error("MJ277", f"`wall game when {w.left} left`: the deal leaves {live} tiles in the live wall, so every "
                           "hand would end before the first draw", w.span,
                  f"write a number below {live} (`wall game when 0 left`: the wall is used up)")
            for w in play.all(A.WallGame) if w.left >= live]
