"""Where every expression of a ruleset stands: one walk that the name checks, the
option registry and the lints all read.

A :class:`Site` is an expression with the statement it belongs to, the context it
is evaluated in (which facts it may name: see :mod:`mjdsl.facts`), whether it is
that statement's condition, and the conditions that guard it.
"""

from __future__ import annotations

from typing import Iterator

import attrs

from .. import ast as A
from .. import facts as F
from ..ast.lets import expand_lets, lets_of, scoring_lets
from ..ast.text import expr_text


@attrs.frozen
class Site:
    """An expression of the ruleset: what it is (``label``), the statement it belongs
    to, whether it is that statement's condition, and the conditions around it
    (a step's Charleston, a rule's own ``when`` for its ``where``)."""

    expr: A.Expr
    label: str
    stmt: object
    is_condition: bool
    guards: tuple = ()
    context: str = F.SETUP


def sites(rs) -> Iterator[Site]:
    """Every expression of the merged ruleset, with the conditions that guard it (and
    the scoring block's lets written in: :mod:`mjdsl.ast.lets`)."""
    lets = scoring_lets(rs)
    for site in _sites(rs):
        if lets and site.context in (F.SCORE, F.PAY) and not isinstance(site.stmt, A.ScoreLet):
            site = attrs.evolve(site, expr=expand_lets(site.expr, lets))
        yield site


def _sites(rs) -> Iterator[Site]:
    for b in rs.blocks.values():
        outer: tuple = ()
        if isinstance(b, A.CharlestonBlock) and b.condition is not None:
            yield Site(b.condition, "the Charleston", b, True, (), F.SETUP)
            outer = (b.condition,)
        yield from _stmt_sites(b.stmts, outer)


def _stmt_sites(stmts, outer: tuple) -> Iterator[Site]:
    for s in stmts:
        if isinstance(s, A.OptionalRound):
            yield from _stmt_sites(s.stmts, outer)
            continue
        cond = getattr(s, "condition", None)
        label = describe(s)
        if isinstance(s, (A.PassStep, A.CourtesyStep, A.ClaimDecl, A.ScoreRule, A.Pay, A.JokerSwap)) \
                and cond is not None:
            context = F.SCORE if isinstance(s, A.ScoreRule) else F.PAY if isinstance(s, A.Pay) \
                else F.TABLE if isinstance(s, A.ClaimDecl) else F.SETUP
            yield Site(cond, label, s, True, outer, context)
        if isinstance(s, A.PassStep) and s.blind_condition is not None:
            # when the pass may be blind: off, it is still a pass (not a dead rule)
            yield Site(s.blind_condition, label + " (blind)", s, False, outer + ((cond,) if cond is not None else ()),
                       F.SETUP)
        inner = outer + ((cond,) if cond is not None and not isinstance(s, (A.ScoreRoofOff, A.DealerKeeps)) else ())
        if isinstance(s, A.PatternDecl):
            for p in s.stmts:
                if isinstance(p, A.PatMaxChows):
                    yield Site(p.limit, label, s, False, outer, F.PATTERN)
        elif isinstance(s, (A.ScoreValue, A.ScoreLimit)):
            yield Site(s.expr, label, s, False, outer, F.SCORE)
        elif isinstance(s, A.ScoreMinimum):
            # judged of the hand as scored: its value is known, as in a payment
            yield Site(s.condition, label, s, True, outer, F.PAY)
        elif isinstance(s, A.ScoreLet):
            # the let's own expression, with the lets above it written in
            yield Site(expand_lets(s.expr, lets_of(stmts, s)), label, s, False, outer, F.SCORE)
        elif isinstance(s, (A.SessionHands, A.SessionRounds)):
            yield Site(s.expr, label, s, False, outer, F.SETUP)
        elif isinstance(s, A.SeveralWin) and s.condition is not None:
            yield Site(s.condition, label, s, True, outer, F.SETUP)
        elif isinstance(s, A.WallUnder) and s.condition is not None:
            yield Site(s.condition, label, s, True, outer, F.TABLE)
        elif isinstance(s, A.NoDiscard):
            yield Site(s.condition, label, s, True, outer, F.TABLE)
        elif isinstance(s, A.Abort):
            yield Site(s.condition, label, s, True, outer, F.TABLE)
        elif isinstance(s, (A.ScoreRoofOff, A.DealerKeeps)):
            yield Site(s.condition, label, s, True, outer, F.SESSION if isinstance(s, A.DealerKeeps) else F.SETUP)
        elif isinstance(s, A.ScoreRule) and s.where is not None:
            yield Site(s.where, label, s, False, inner, F.TILE if s.scope == "bonus" else F.SET)
        elif isinstance(s, A.ScoreRule) and s.times is not None:
            # `per COUNT`: a number of the hand, as a condition's terms are
            yield Site(s.times, label + " (its count)", s, False, inner, F.SCORE)
        elif isinstance(s, A.Pay):
            yield Site(s.amount, label, s, False, inner, F.PAY)
        elif isinstance(s, A.FeederPays):
            yield Site(s.where, label, s, False, outer, F.SET)
            if s.condition is not None:
                yield Site(s.condition, label, s, True, outer, F.PAY)
        elif isinstance(s, A.Announce) and s.condition is not None:
            yield Site(s.condition, label, s, True, outer, F.TABLE)
        elif isinstance(s, A.SessionCounter):
            yield Site(s.condition, label, s, False, outer, F.SESSION)


def describe(s) -> str:
    """A statement in a few words, for messages."""
    if isinstance(s, A.PassStep):
        return f"the pass of {s.count} {s.direction}" + (" (blind)" if s.blind else "")
    if isinstance(s, A.CourtesyStep):
        return f"the courtesy pass {s.direction}"
    if isinstance(s, A.JokerSwap):
        return "the joker swap"
    if isinstance(s, A.ClaimDecl):
        return f"claim `{s.name.text}`"
    if isinstance(s, A.ScoreRule):
        return f"rule `{s.name.text}`"
    if isinstance(s, A.Pay):
        return f"the payment `{s.payer} pays winner {expr_text(s.amount)}`"
    if isinstance(s, A.FeederPays):
        return f"`feeder of {s.count} sets where {expr_text(s.where)}`"
    if isinstance(s, A.Announce):
        return f"announcement `{s.name.text}`"
    if isinstance(s, A.SessionCounter):
        return f"counter `{s.name.text}`"
    if isinstance(s, A.ScoreRoofOff):
        return "`roof off`"
    if isinstance(s, A.DealerKeeps):
        return "`dealer keeps deal`"
    if isinstance(s, A.PatternDecl):
        return f"pattern `{s.name.text}`"
    if isinstance(s, A.ScoreValue):
        return "the hand's value"
    if isinstance(s, A.ScoreLimit):
        return "the limit"
    if isinstance(s, (A.SessionHands, A.SessionRounds)):
        return "the length of a session"
    if isinstance(s, A.ScoreMinimum):
        return "the minimum to go out"
    if isinstance(s, A.ScoreLet):
        return f"`let {s.name.text}`"
    if isinstance(s, A.SeveralWin):
        return "`several win on one discard`"
    if isinstance(s, A.WallUnder):
        return "`under indicators`"
    if isinstance(s, A.NoDiscard):
        return "`no discard`"
    if isinstance(s, A.Abort):
        return f"`abort \"{s.title}\"`"
    return type(s).__name__


