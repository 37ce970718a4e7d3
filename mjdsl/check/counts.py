"""Counts that play: the numbers of a session and of the turn that check as written
but would make a game of nothing.

- a session of no hands or rounds (`rounds 0`, `rounds -3`, `hands 0`, or an option
  set so) or of a fraction of one (`hands 2.5`): MJ235. A session plays whole hands;
  without the statement a session is one hand, so a count below one is never meant.
  A truth value there (`rounds false`, `hands rounds > 1`) would be played as 0 or 1
  hands: MJ283, as for a truth value in any number;
- the first dealer's dice (`first dealer by dice N thrown by each`): one to six, like
  the wall's dice (MJ217): no dice give every seat the same throw, for ever tied;
- `wall game when N left` with N at least the live wall the deal leaves (an empty live
  wall included, `wall game when 0 left` then too): every hand would be a wall game
  before the first draw (MJ236);
- statements that count nothing (MJ217): a deal step of no tiles (`all 0`, `x0`),
  `stand in groups of 0`, `chows at most -1`, and `ranked LO..HI` outside the suit's
  ranks or backwards; and a special pattern (no sets, no `each of`) that makes more or
  fewer tiles than a winning hand (MJ245, as for sets and pairs): no hand could make it.

Counts written with a fraction (`pass 2.5`) are refused when the file is read
(MJ239, :mod:`mjdsl.syntax.build`).
"""

from __future__ import annotations

from .. import ast as A
from ..diagnostics import Diagnostic, error
from ..ir.expr import Const, compile_expr
from .values import is_truth
from .wall import dealt_sizes, live_after_deal


def check_counts(ctx) -> list[Diagnostic]:
    return _session(ctx) + _first_dealer(ctx) + _wall_game(ctx) + _counting_nothing(ctx) + _special_sizes(ctx)


def _counting_nothing(ctx) -> list[Diagnostic]:
    out = []
    deal = ctx.block(A.DealBlock)
    for s in deal.all(A.DealStep) if deal is not None else ():
        if s.count < 1 or s.times < 1:
            out.append(error("MJ217", f"a deal step of {s.count} x{s.times} tiles deals nothing", s.span,
                             "deal one tile or more, or leave the step out"))
    jokers = ctx.block(A.JokersBlock)
    for s in jokers.all(A.JokerStand) if jokers is not None else ():
        if s.min_group < 1:
            out.append(error("MJ217", f"groups of {s.min_group} or more: a group is one tile or more", s.span,
                             "write `stand in groups of 3 or more` (pungs and larger)"))
    win = ctx.block(A.WinningBlock)
    ranks = max((len(s.ranks) for s in ctx.tiles.suits), default=0) if ctx.tiles is not None else 0
    opts = ctx.options.values()
    for p in win.all(A.PatternDecl) if win is not None else ():
        for s in p.stmts:
            if isinstance(s, A.PatMaxChows):
                v = compile_expr(s.limit, opts)
                if isinstance(v, Const) and isinstance(v.value, (int, float)) and not isinstance(v.value, bool) \
                        and v.value < 0:
                    out.append(error("MJ217", f"at most {v.value} chows", s.span, "write `chows at most 0` for none"))
            elif isinstance(s, A.PatExtraSameSuit) and s.ranks is not None and ranks:
                lo, hi = s.ranks
                if not 1 <= lo <= hi <= ranks:
                    out.append(error("MJ217", f"ranks {lo}..{hi}: the suits rank 1..{ranks}", s.span,
                                     f"write ranks from low to high within 1..{ranks}"))
    return out


def _special_sizes(ctx) -> list[Diagnostic]:
    """A special hand of counted tiles only makes as many tiles as it says."""
    win, deal = ctx.block(A.WinningBlock), ctx.block(A.DealBlock)
    if win is None or deal is None:
        return []
    _, hand = dealt_sizes(ctx)
    out = []
    for p in win.all(A.PatternDecl):
        if hand <= 0 or any(isinstance(s, (A.PatSets, A.PatPairs, A.PatEachOf)) for s in p.stmts):
            continue  # sets and pairs: check_winning; `each of`: the class's size
        made = 0
        for s in p.stmts:
            if isinstance(s, A.PatPairsOf):
                made += 2 * s.count
            elif isinstance(s, A.PatKnitted):
                made += s.width * s.count
            elif isinstance(s, A.PatSingles):
                made += s.count
            elif isinstance(s, A.PatSuitCounts):
                made += sum(s.counts)
            elif isinstance(s, (A.PatExtraOf, A.PatExtraSameSuit)):
                made += 1
        counted = any(isinstance(s, (A.PatPairsOf, A.PatKnitted, A.PatSuitCounts, A.PatSingles)) for s in p.stmts)
        if counted and made != hand + 1:
            out.append(error("MJ245", f"pattern `{p.name.text}` makes {made} tiles, a winning hand has {hand + 1}",
                             p.span, "a winning hand is the dealt hand and one more tile"))
    return out


def _session(ctx) -> list[Diagnostic]:
    session = ctx.block(A.SessionBlock)
    if session is None:
        return []
    opts = ctx.options.values()
    bools = {o.name for o in ctx.options if o.type == "bool"}
    out = []
    for cls, what in ((A.SessionHands, "hands"), (A.SessionRounds, "rounds")):
        for s in session.all(cls):
            if is_truth(s.expr, bools):  # the lowering would count it as 0 or 1
                out.append(error("MJ283", f"a truth value used as the number of {what}", s.expr.span,
                                 f"write the number of {what}: `{what} 4`"))
                continue
            value = compile_expr(s.expr, opts)
            if not isinstance(value, Const) or isinstance(value.value, bool) \
                    or not isinstance(value.value, (int, float)):
                continue  # not a number: MJ211/MJ204 say so
            n = value.value
            if n >= 1 and float(n).is_integer():
                continue
            shown = int(n) if float(n).is_integer() else n
            out.append(error("MJ235", f"a session of {shown} {what}: a session plays one or more whole {what}",
                             s.span, f"write `{what} 1` or more (an option here must be at least 1), "
                                     "or leave the statement out for a session of one hand"))
    return out


def _first_dealer(ctx) -> list[Diagnostic]:
    session = ctx.block(A.SessionBlock)
    return [error("MJ217", f"{f.dice} dice: throw 1 to 6", f.span, "the seed throws 1 die each: `by dice 1`")
            for f in (session.all(A.FirstDealer) if session is not None else ()) if not 1 <= f.dice <= 6]


def _wall_game(ctx) -> list[Diagnostic]:
    play, live = ctx.block(A.PlayBlock), live_after_deal(ctx)
    if play is None or live is None or live < 0:
        return []  # MJ221/MJ222: the deal does not fit at all
    # a deal that leaves the live wall empty ends every hand at once, whatever N is
    hint = (f"write a number below {live} (`wall game when 0 left`: the wall is used up)" if live
            else "deal fewer tiles or keep fewer in the dead wall: a hand needs a tile left to draw")
    ends = play.all(A.WallGame)
    if not ends and not live:  # the default, a wall game when the live wall is used up
        return [error("MJ236", "the deal leaves no tile in the live wall, so every hand would end before the first "
                               "draw", ctx.block(A.DealBlock).span, hint)]
    return [error("MJ236", f"`wall game when {w.left} left`: the deal leaves {live} tiles in the live wall, so every "
                           "hand would end before the first draw", w.span, hint)
            for w in ends if w.left >= live]
