"""Lint: statements that say what play does anyway (MJ309), one rule said twice
(MJ310), and events play never raises (MJ311).

"The ruleset is the whole truth": every statement the checker accepts changes play,
is refused, or is reported here. A statement reported MJ309 restates the
interpreter's default, so deleting it plays the same hands (docs/language.md lists
each default); MJ310 finds a rule written in two blocks, where deleting either copy
changes nothing; MJ311 finds a dead-hand cause or a penalty nothing in play can
raise. The table :data:`DEFAULTS` is the one place these defaults are written down
for the checker; tests/test_deletion.py deletes every shipped statement and shows
each one refused, reported here, or playing differently.
"""

from __future__ import annotations

from typing import Callable

from .. import ast as A
from .flow import default_flow
from ..diagnostics import Diagnostic, warning
from ..ast.text import expr_text
from ..facts import PENALTIES_RAISED_IN_PLAY, PENALTY_EVENTS
from ..frontend.load import statement_key
from .lint_support import is_own

#: What a hand is worth without a `value` line (mjdsl.scoring.score).
DEFAULT_VALUE = "points * 2 ^ doubles"


#: Dead-hand causes the interpreter raises: a hand's tile count never goes wrong in
#: play (every move keeps it), so `on wrong tile count` can never happen.
RAISED_DEAD_CAUSES = ("false mahjong", "impossible exposure")


def _win_claim(ctx) -> str | None:
    b = ctx.block(A.ClaimsBlock)
    return next((c.name.text for c in b.all(A.ClaimDecl) if c.size is None), None) if b else None


#: (block, statement class, test of the statement, what play does without it).
#: The test gets the statement and the context; True means the statement is the default.
DEFAULTS: tuple[tuple[type, type, Callable, str], ...] = (
    (A.PlayBlock, A.DrawFrom, lambda s, ctx: s.where == "wall",
     "every turn draws from the live wall"),
    (A.PlayBlock, A.ReplacementFrom, lambda s, ctx: s.where == "dead wall",
     "a bonus tile drawn in play is replaced from the dead wall (the kong box)"),
    (A.PlayBlock, A.DealerOpens, lambda s, ctx: True,
     "the dealer's first turn starts with the tiles dealt (and `dealer draws`), so the dealer discards first"),
    (A.PlayBlock, A.DiscardLive, lambda s, ctx: True,
     "a discard may be claimed only in the claim window right after it, which closes before the next seat "
     "draws: `until next draw` and `until next turn` play the same"),
    (A.PlayBlock, A.WallGame, lambda s, ctx: s.left == 0,
     "the hand is a wall game when the live wall is used up"),
    (A.ClaimsBlock, A.TiesNextInTurn, lambda s, ctx: True,
     "claims of the same rank always go to the seat next in turn after the discarder"),
    (A.JokersBlock, A.JokerStand, lambda s, ctx: s.min_group == 3,
     "jokers stand in groups of 3 or more"),
    (A.WinningBlock, A.ConcealedCalls, lambda s, ctx: s.claim.text == _win_claim(ctx),
     "a hand marked concealed has no exposures, so it takes a discard only to go mah jongg"),
    (A.ReplacementBlock, A.ReplaceOrder, lambda s, ctx: s.direction == "counter clockwise",
     "replacements go round in turn order, the dealer first"),
    (A.DeadBlock, A.DeadRacked, lambda s, ctx: True,
     "a dead hand keeps its tiles and is never shown"),
    (A.DeadBlock, A.DeadPlayContinues, lambda s, ctx: True,
     "play goes on around a dead hand, which neither draws nor discards"),
    (A.ScoringBlock, A.ScoreBestSplit, lambda s, ctx: True,
     "every split of a hand is scored and the best kept"),
    (A.ScoringBlock, A.ScoreValue, lambda s, ctx: expr_text(s.expr) == DEFAULT_VALUE,
     f"a hand is worth `{DEFAULT_VALUE}`"),
    (A.SessionBlock, A.DealerRotates, lambda s, ctx: True,
     "the deal passes to the next seat after every hand that `dealer keeps deal` does not keep"),
    (A.WallBlock, A.WallSetting, lambda s, ctx: s.key in ("dead wall", "loose tiles") and s.value == 0,
     "the wall keeps no tiles back unless `dead wall` or `loose tiles` says so"),
)


def check_defaults(ctx) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for block_cls, cls, is_default, meaning in DEFAULTS:
        b = ctx.block(block_cls)
        for s in b.all(cls) if b is not None else ():
            if is_own(ctx, s.span) and is_default(s, ctx) and not _overrides_base(ctx, block_cls, s):
                out.append(warning("MJ309", f"this restates the default: {meaning}", s.span,
                                   "delete the line; docs/language.md lists what play does without it"))
    flow = ctx.ruleset.flow
    base = ctx.ruleset.base
    if (flow is not None and is_own(ctx, flow.span) and (base is None or base.flow is None)
            and [w.text for w in flow.phases] == default_flow(ctx.ruleset)):
        out.append(warning("MJ309", "this restates the default: without `flow` the phases with a block run in "
                                    "the order deal, charleston, replacement, play", flow.span,
                           "delete the line, or write the phases in another order"))
    return out + _implied_concealed(ctx) + _said_twice(ctx) + _never_raised(ctx)


def _overrides_base(ctx, block_cls, stmt) -> bool:
    """Whether an overlay's statement replaces one of its base's: then it changes the
    base (`dead wall 0` over a kong box of 14), even if it says the default."""
    base = ctx.ruleset.base
    b = base.block(block_cls) if base is not None else None
    return b is not None and any(statement_key(x) == statement_key(stmt) for x in b.stmts)


def _implied_concealed(ctx) -> list[Diagnostic]:
    """`concealed` in a special pattern no hand of which holds a set (no tile three
    times, no three ranks in a row of one suit): such a hand can have no exposures
    anyway, so the line changes nothing (Thirteen Orphans, seven pairs of honours)."""
    win = ctx.block(A.WinningBlock)
    if win is None or ctx.tiles is None:
        return []
    from ..hands.patterns import compiled
    from ..ir.lower import lower_pattern

    out = []
    for p in win.all(A.PatternDecl):
        flag = next((s for s in p.stmts if isinstance(s, A.PatConcealed)), None)
        if flag is None or not is_own(ctx, flag.span):
            continue
        try:
            special = lower_pattern(p, ctx.options.values()).special
            # a pattern with sets beside its parts may hold an exposed set
            bindings = compiled(special, ctx.tiles).bindings if special is not None and not special.mixed else ()
        except Exception:  # noqa: BLE001 - a pattern that does not lower is the checks' to report
            continue
        if bindings and not any(_may_hold_a_set(_cap(b), ctx.tiles) for b in bindings):
            out.append(warning("MJ309", f"this restates the default: no hand of `{p.name.text}` holds a set (a tile "
                                        "three times, or a run), so it can have no exposures", flag.span,
                               "delete the line; `concealed` matters only for a pattern a set can be part of"))
    return out


def _cap(binding) -> list[int]:
    """At most how many of each tile a hand of the binding holds (a part picked
    `distinct` holds each of its units once)."""
    cap = [0] * len(binding.cap)
    for c in binding.choices:
        most: dict[int, int] = {}
        for unit in c.units:
            for t in set(unit):
                most[t] = max(most.get(t, 0), unit.count(t))
        for t, m in most.items():
            cap[t] += m * (1 if c.distinct else c.n)
    return cap


def _may_hold_a_set(cap, tiles) -> bool:
    if any(c >= 3 for c in cap):
        return True
    for k in tiles.kinds:
        if k.suit is not None and cap[k.index]:
            run = [tiles.suited(k.suit, k.rank + d) for d in (1, 2)]
            if all(x is not None and cap[x.index] for x in run):
                return True
    return False


def _said_twice(ctx) -> list[Diagnostic]:
    """The joker's `never passed` and `dead when discarded` written again as the
    Charleston's `never pass` and the claims' `dead discard`."""
    jokers = ctx.block(A.JokersBlock)
    if jokers is None:
        return []
    joker = jokers.tile.text
    out = []
    pairs = ((A.JokerNeverPassed, A.CharlestonBlock, A.NeverPass, "`never passed` in the jokers block"),
             (A.JokerDead, A.ClaimsBlock, A.DeadDiscard, "`dead when discarded` in the jokers block"))
    for joker_stmt, block_cls, cls, said in pairs:
        b = ctx.block(block_cls)
        if jokers.one(joker_stmt) is None or b is None:
            continue
        stmts = list(b.all(cls))
        if block_cls is A.CharlestonBlock:
            stmts += [x for r in b.all(A.OptionalRound) for x in r.stmts if isinstance(x, cls)]
        for s in stmts:
            if is_own(ctx, s.span) and any(w.text == joker for w in s.codes):
                out.append(warning("MJ310", f"the joker {joker!r} is already covered by {said}", s.span,
                                   f"say it once: drop {joker!r} here, or the jokers block's line"))
    return out


def _never_raised(ctx) -> list[Diagnostic]:
    out = []
    dead = ctx.block(A.DeadBlock)
    for s in dead.all(A.DeadCause) if dead is not None else ():
        if is_own(ctx, s.span) and s.cause not in RAISED_DEAD_CAUSES:
            out.append(warning("MJ311", f"nothing in play makes a hand dead `on {s.cause}`: every move keeps a "
                                        "hand's tile count", s.span, "delete the line"))
    pay = ctx.block(A.PaymentsBlock)
    for s in pay.all(A.Penalty) if pay is not None else ():
        # a name that is no event at all is MJ228's (check/penalties.py), not reported twice
        name = s.name.text
        if is_own(ctx, s.span) and name in PENALTY_EVENTS and name not in PENALTIES_RAISED_IN_PLAY:
            out.append(warning("MJ311", f"nothing in play raises the penalty `{name}`", s.span,
                               "the interpreter raises: " + ", ".join(PENALTIES_RAISED_IN_PLAY)))
    return out
