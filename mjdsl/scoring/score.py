"""Scoring a hand: every reading, every rule, the arithmetic, the best reading.

For each reading of the hand (:mod:`.readings`) the scorer sums the rules that
apply, each in its one unit:

1. rules scored ``per set``, ``per pair`` and ``per bonus`` tile, looked up per set
   (:meth:`Tables.meld_hits`), times the number of sets they hold for;
2. the hand rules, in ruleset order; ``points``, ``doubles`` and ``set_points``
   read in their conditions are those of step 1;
3. ``score`` is the ruleset's ``value`` of the reading's points and doubles
   (``points * 2 ^ doubles``); limits do not add: the largest limit rule counts.
   With no limit rule the total is the score, capped at the limit unless the roof
   is off; a limit rule of one limit or more gives ``limits * limit``; a fractional
   limit (0.5, 0.4) gives ``limits * limit`` only where that is more than the score.

The reading with the highest total is kept. A condition that read nothing of the
reading (``won and self_drawn``) is not evaluated again for the next reading.
"""

from __future__ import annotations

import attrs

from ..diagnostics import InputError
from .calling import waits_of
from .env import HandEnv, Reading
from .model import HandInput, RuleLine, ScoreResult
from .readings import loser_reading, winner_readings
from .tables import Tables, tables_for


def score_hand(auto, hand: HandInput, *, payments: bool = True) -> ScoreResult:
    """The score of ``hand`` under the automaton's scoring and payments blocks.

    A winning hand (``hand.winning_tile`` set) is scored in its best reading and,
    with ``payments``, settled with the losers alone (:attr:`ScoreResult.payments`);
    a hand that did not win is scored for the losers' settlement. Raises
    :class:`~mjdsl.diagnostics.InputError` when a "winning" hand makes no winning
    shape of the ruleset.
    """
    t = tables_for(auto)
    env = HandEnv(t, hand)
    if hand.winning_tile is not None:
        if not t.card and hand.concealed[hand.winning_tile] < 1:
            raise InputError(f"the winning tile {t.tiles.kinds[hand.winning_tile].code} is not among the concealed tiles")
        readings = winner_readings(t, hand)
        if not readings:
            raise InputError("these tiles make no winning hand of this ruleset")
    else:
        readings = [loser_reading(t, hand)]
    best = _best(t, env, readings)
    result = _result(t, env, best)
    if payments and hand.winning_tile is not None:
        from .settle import winner_payments

        result = attrs.evolve(result, payments=tuple(winner_payments(auto, result, hand)))
    return result


class _Scored:
    """One reading's sums: the rules applied as (position, count), and the arithmetic."""

    __slots__ = ("reading", "applied", "points", "doubles", "limits", "score", "total", "basis", "rf")


def _scoped(t: Tables, env: HandEnv, r: Reading, when_cache: dict):
    """The scoped rules that apply to a reading: {position: count}, and their sums."""
    counts: dict[int, int] = {}
    for k in r.keys:
        for i in t.meld_hits(k):
            counts[i] = counts.get(i, 0) + 1
    if env.inp.bonus:
        seat, round_ = env.seat, env.round
        for b in env.inp.bonus:
            for i in t.bonus_hits(b, seat, round_):
                counts[i] = counts.get(i, 0) + 1
    rules = t.rules
    for i in list(counts):
        if rules[i].when is not None and not _holds(rules[i].when, i, env, when_cache):
            del counts[i]
    return counts


def _sums(rules, counts: dict) -> dict:
    """The reading facts of scoped rules alone: points, doubles, set_points."""
    out = {"points": 0.0, "doubles": 0.0, "set_points": 0.0}
    for i, c in counts.items():
        rule = rules[i]
        if rule.unit in ("points", "doubles"):
            out[rule.unit] += rule.amount * c
            if rule.unit == "points" and rule.scope != "bonus":
                out["set_points"] += rule.amount * c
    return out


def _holds(when, i: int, env: HandEnv, cache: dict) -> bool:
    ok = cache.get(i)
    if ok is None:
        env.dep = False
        ok = bool(when(env))
        if not env.dep:
            cache[i] = ok  # nothing of the reading was read: the same for every reading
    return ok


def _best(t: Tables, env: HandEnv, readings: list[Reading]) -> _Scored:
    rules = t.rules
    spec = t.spec
    when_cache: dict = {}
    best = None
    single = len(readings) == 1
    for r in readings:
        env.set_reading(r)
        counts = _scoped(t, env, r, when_cache)
        points = doubles = limits = set_points = 0.0
        for i, c in counts.items():
            rule = rules[i]
            unit = rule.unit
            if unit == "points":
                points += rule.amount * c
                if rule.scope != "bonus":
                    set_points += rule.amount * c
            elif unit == "doubles":
                doubles += rule.amount * c
            else:
                limits = max(limits, rule.amount * c)
        applied = list(counts.items())
        env.rf = {"points": points, "doubles": doubles, "set_points": set_points}
        for i in t.hand_rules:
            rule = rules[i]
            when = rule.when
            if when is not None:
                if single:
                    if not when(env):
                        continue
                elif not _holds(when, i, env, when_cache):
                    continue
            applied.append((i, 1))
            unit = rule.unit
            if unit == "points":
                points += rule.amount
            elif unit == "doubles":
                doubles += rule.amount
            else:
                limits = max(limits, rule.amount)
        rf = {"points": points, "doubles": doubles, "set_points": set_points}
        env.rf = rf
        score = spec.value(env) if spec.value is not None else points * 2**doubles
        total, basis = _total(spec, score, limits)
        if best is None or total > best.total:
            best = _Scored()
            best.reading, best.applied, best.rf = r, applied, rf
            best.points, best.doubles, best.limits = points, doubles, limits
            best.score, best.total, best.basis = score, total, basis
    return best


def _total(spec, score: float, limits: float) -> tuple[float, str]:
    limit = spec.limit
    if limit is None:
        return score, "points"
    if limits >= 1 or (limits > 0 and limits * limit >= score):
        return limits * limit, "limit"
    if not spec.roof_off and score > limit:
        return limit, "capped"
    return score, "points"


def _result(t: Tables, env: HandEnv, s: _Scored) -> ScoreResult:
    r = s.reading
    env.set_reading(r)
    env.rf = s.rf
    env.hf["value"] = s.total
    rules = t.rules
    lines = []
    for i, count in sorted(s.applied):
        rule = rules[i]
        applied_to: tuple[str, ...] = ()
        if rule.scope in ("set", "pair"):
            applied_to = tuple(t.describe_meld(k[0], k[1]) for k in r.keys if i in t.meld_hits(k))
        elif rule.scope == "bonus":
            applied_to = tuple(t.tiles.kinds[b].code for b in env.inp.bonus
                               if i in t.bonus_hits(b, env.seat, env.round))
        lines.append(RuleLine(rule.name, rule.title, rule.amount, rule.unit, count, rule.span, applied_to))
    return ScoreResult(
        won=env.inp.winning_tile is not None,
        pattern=r.pattern,
        melds=tuple(r.melds),
        last=r.last if r.last >= 0 else None,
        lines=tuple(lines),
        points=s.points,
        doubles=s.doubles,
        limits=s.limits,
        score=s.score,
        total=s.total,
        basis=s.basis,
        context=env,
    )


def completes_to(env: HandEnv, names: tuple[str, ...]) -> bool:
    """Whether one more tile, drawn from the wall, would complete the hand so that one
    of the named rules applies (the ``calling_for`` function)."""
    t = env.t
    inp = env.inp
    positions = [t.index_of_rule[n] for n in names if n in t.index_of_rule]
    if not positions:
        return False
    lst = env.short_hand()
    rules = t.rules
    for w in waits_of(t, lst, tuple(inp.melds)):
        conc = list(lst)
        conc[w] += 1
        hyp = attrs.evolve(inp, concealed=conc, winning_tile=w, source="wall",
                           original_hand=False, earthly_hand=False)
        henv = HandEnv(t, hyp, hypothetical=True)
        when_cache: dict = {}
        for r in winner_readings(t, hyp):
            henv.set_reading(r)
            counts = _scoped(t, henv, r, when_cache)
            henv.rf = _sums(rules, counts)
            for i in positions:
                rule = rules[i]
                if rule.scope is not None:
                    if counts.get(i):
                        return True
                elif rule.when is None or _holds(rule.when, i, henv, when_cache):
                    return True
    return False
