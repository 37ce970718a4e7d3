"""Scoring a hand: every reading, every rule, the arithmetic, the best reading.

For each reading of the hand (:mod:`.readings`) the scorer sums the rules that
apply, each in its one unit:

1. rules scored ``per set``, ``per pair`` and ``per bonus`` tile, looked up per set
   (:meth:`Tables.meld_hits`), times the number of sets they hold for;
2. the hand rules, in ruleset order; ``points``, ``doubles`` and ``set_points``
   read in their conditions are those of step 1;
3. ``score`` is the ruleset's ``value`` of the reading's points and doubles
   (``points * 2 ^ doubles``); limits do not add: the largest limit rule counts
   (with ``limits add``, every limit rule that applies counts).
   The total is the larger of ``limits * limit`` and the score, the score capped
   at the limit unless the roof is off (so under a limit a whole limit decides,
   and a fractional one counts only where it is more than the score).

The reading with the highest total is kept (ties: :func:`_better`). The conditions
are evaluated by the function :mod:`.compile` makes of them (or, with
``compiled=False``, as closures). Which rules applied, and how many times, is
worked out again for the best reading only (:func:`applied`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, cast

from ..diagnostics import InputError, MjError, error
from ..source import BUILTIN
from .accounts import account_groups, accounted
from .env import HandEnv, Reading, rule_times
from .model import HandInput, RuleLine, ScoreResult
from .readings import loser_reading, winner_readings
from .tables import Tables, tables_for
from .waits import waits_of

if TYPE_CHECKING:
    from ..ir.model import Automaton


def score_hand(auto: Automaton, hand: HandInput, *, compiled: bool = True) -> ScoreResult:
    """The score of ``hand`` under the automaton's scoring and payments blocks.

    A winning hand (``hand.winning_tile`` set) is scored in its best reading (its
    settlement with the losers alone is :attr:`ScoreResult.payments`); a hand that
    did not win is scored for the losers' settlement among themselves. Raises
    :class:`~mjdsl.diagnostics.InputError` when a "winning" hand makes no winning
    shape of the ruleset. ``compiled=False`` evaluates the rules' closures instead of
    the compiled conditions (the same answers, slower; for tests).
    """
    t = tables_for(auto)
    env = HandEnv(t, hand)
    if hand.winning_tile is not None:
        if not t.card and hand.concealed[hand.winning_tile] < 1:
            raise InputError(f"the winning tile {t.tiles.kinds[hand.winning_tile].code} is not among the concealed tiles")
        readings = winner_readings(t, hand, env.nz)
        if not readings:
            raise InputError("these tiles make no winning hand of this ruleset")
    else:
        readings = [loser_reading(t, hand)]
    try:
        result = _result(t, env, _best(t, env, readings, t.compiled() if compiled else None))
    except OverflowError:
        raise _out_of_range(t) from None
    if not math.isfinite(result.total):
        raise _out_of_range(t)
    return result


def _out_of_range(t: Tables) -> MjError:
    """MJ420: a rule set whose arithmetic leaves the numbers (2000 doubles, no limit)."""
    # the value formula if the ruleset writes one, else its first score rule
    span = (getattr(t.spec.value_expr, "span", None)
            or next((r.span for r in t.spec.rules if r.span is not None), None) or BUILTIN)
    return MjError(error("MJ420", "the hand's value is too large to compute (it overflows); no JSON or "
                         "settlement can hold it", span, "put a limit on the score, or fewer doubles in a rule"))


class _Scored:
    """One reading's sums: the hand rules that fired (positions), and the arithmetic."""

    __slots__ = ("reading", "fired", "points", "doubles", "limits", "set_points", "score", "total", "basis")
    reading: Reading
    fired: list[int]
    points: float
    doubles: float
    limits: float
    set_points: float
    score: float
    total: float
    basis: str


def _scoped(t: Tables, env: HandEnv, r: Reading, cr, packed=(0, 0, 0, 0)) -> dict[int, int]:
    """The scoped rules that apply to a reading, as {position: count}."""
    counts: dict[int, int] = {}
    for k in r.keys:
        for i in t.meld_hits(k):
            counts[i] = counts.get(i, 0) + 1
    if env.inp.bonus:
        seat, round_ = env.seat, env.round
        for b in env.inp.bonus:
            for i in t.bonus_hits(b, seat, round_):
                counts[i] = counts.get(i, 0) + 1
    if t.scoped_when and counts:
        # a scoped rule's own condition sees points, doubles and set_points as 0
        if cr is not None:
            holds = set(cr.scoped(env, env.hf, *packed, r))
        else:
            holds = {i for i in t.scoped_when if t.rules[i].when(env)}
        for i in list(counts):
            if i in t.scoped_when and i not in holds:
                del counts[i]
    return counts


def _sums(rules, applied, adds: bool = False) -> tuple[float, float, float, float]:
    """points, doubles, limits (the largest; their sum when ``adds``: ``limits add``) and
    set_points of rules applied (position, count)."""
    points = doubles = limits = set_points = 0.0
    for i, c in applied:
        rule = rules[i]
        unit = rule.unit
        if unit == "points":
            points += rule.amount * c
            if rule.scope in ("set", "pair"):
                set_points += rule.amount * c
        elif unit == "doubles":
            doubles += rule.amount * c
        elif adds:
            limits += rule.amount * c
        elif rule.amount > limits:
            # limits do not add (docs/scoring.md), not even one rule's over several sets:
            # the compiled scorer's per-set sums (Tables.meld_sums) count it so too
            limits = rule.amount
    return points, doubles, limits, set_points


def _best(t: Tables, env: HandEnv, readings: list[Reading], cr) -> _Scored:
    if cr is None or t.scoped_when or t.excluded_by or t.spec.accounts:
        return _best_slow(t, env, readings, cr)
    rules = t.rules
    hf = env.hf
    adds = t.spec.limits_add
    T, B = env.packed_tiles() if cr.uses_tiles else (0, 0)
    bonus = (0.0, 0.0, 0.0, 0.0)
    if env.inp.bonus:
        bp = bd = bl = 0.0
        for b in env.inp.bonus:
            p, d, lim, _ = t.bonus_sums(b, env.seat, env.round)
            bp, bd, bl = bp + p, bd + d, bl + lim if adds else max(bl, lim)
        bonus = (bp, bd, bl, 0.0)
    meld_sums = t.meld_sums
    best: _Scored | None = None
    for r in readings:
        env.set_reading(r)
        points, doubles, limits, set_points = bonus
        for k in r.keys:
            p, d, lim, sp = meld_sums(k)
            points += p
            doubles += d
            set_points += sp
            if adds:
                limits += lim
            elif lim > limits:
                limits = lim
        hf["points"], hf["doubles"], hf["set_points"] = points, doubles, set_points
        S, PA = env.packed_sets(r) if cr.uses_sets else (0, 0)
        fired = cr.hand(env, hf, S, PA, T, B, r)
        for i in fired:
            rule = rules[i]
            unit = rule.unit
            if unit == "points":
                points += rule.amount
            elif unit == "doubles":
                doubles += rule.amount
            elif adds:
                limits += rule.amount
            elif rule.amount > limits:
                limits = rule.amount
        hf["points"], hf["doubles"] = points, doubles
        score = cr.value(env, hf) if cr.value is not None else points * 2**doubles
        best = _keep_better(best, t.spec, r, fired, points, doubles, limits, set_points, score)
    assert best is not None, "a hand has at least one reading"
    hf["points"], hf["doubles"], hf["set_points"] = best.points, best.doubles, best.set_points
    return best


def _best_slow(t: Tables, env: HandEnv, readings: list[Reading], cr) -> _Scored:
    """:func:`_best` counting every rule one by one (scoped rules with conditions, or
    the closures when ``cr`` is None)."""
    rules = t.rules
    spec = t.spec
    hf = env.hf
    packed_tiles = env.packed_tiles() if cr is not None and cr.uses_tiles else (0, 0)
    best: _Scored | None = None
    for r in readings:
        env.set_reading(r)
        packed = (*env.packed_sets(r), *packed_tiles) if cr is not None else (0, 0, 0, 0)
        hf["points"] = hf["doubles"] = hf["set_points"] = 0
        counted = list(_scoped(t, env, r, cr, packed).items())
        points, doubles, limits, set_points = _sums(rules, counted, spec.limits_add)
        hf["points"], hf["doubles"], hf["set_points"] = points, doubles, set_points
        if cr is not None:
            fired = cr.hand(env, hf, *packed, r)
        else:
            fired = [i for i in t.hand_rules if rules[i].when is None or rules[i].when(env)
                     for _ in range(rule_times(rules[i], env))]
        counted += [(i, fired.count(i)) for i in dict.fromkeys(fired)]
        if t.excluded_by:
            kept = without_excluded(t, dict(counted))
            counted, fired = list(kept.items()), [i for i in fired if i in kept]
        if spec.accounts:
            # `account once`: the accounts' rules counted together (scoring/accounts.py)
            counted, fired = _accounted(t, r.keys, counted, fired)
        points, doubles, limits, _ = _sums(rules, counted, spec.limits_add)
        hf["points"], hf["doubles"] = points, doubles
        if cr is not None and cr.value is not None:
            score = cr.value(env, hf)
        else:
            score = spec.value(env) if spec.value is not None else points * 2**doubles
        best = _keep_better(best, spec, r, fired, points, doubles, limits, set_points, score)
    assert best is not None, "a hand has at least one reading"
    hf["points"], hf["doubles"], hf["set_points"] = best.points, best.doubles, best.set_points
    return best


def _accounted(t: Tables, keys: tuple, counted: list, fired: list) -> tuple[list, list]:
    """``counted`` and ``fired`` with the accounts' rules at the times they count together
    (a hand rule is in ``fired`` once per time, at its first place)."""
    was = dict(counted)
    now = accounted(t, keys, was)
    if now is was:  # no rule of an account applies
        return counted, fired
    out: list[int] = []
    for i in dict.fromkeys(fired):
        out += [i] * now.get(i, 0)
    return list(now.items()), out


def _keep_better(best: _Scored | None, spec, r: Reading, fired, points, doubles, limits, set_points,
                 score) -> _Scored:
    """The better of ``best`` and this reading's sums (both scorers keep readings so)."""
    total, basis = _total(spec, score, limits)
    if best is not None and not _better(total, limits, r, score, best):
        return best
    out = _Scored()
    out.reading, out.fired = r, fired
    out.points, out.doubles, out.limits, out.set_points = points, doubles, limits, set_points
    out.score, out.total, out.basis = score, total, basis
    return out


def _better(total: float, limits: float, r: Reading, score: float, best: _Scored) -> bool:
    """The order of readings: the higher total; on a tie the larger limit, then a
    special hand over sets and pairs (a Nine Gates hand is named so, though it also
    splits into sets), then the higher score."""
    return (total, limits, r.special, score) > (best.total, best.limits, best.reading.special, best.score)


def _total(spec, score: float, limits: float) -> tuple[float, str]:
    """The hand's total: the larger of its limit rules (``limits * limit``) and its
    score, the score capped at the limit unless the roof is off. Under a limit a
    whole limit always decides; with the roof off a score above the limit hand's
    value counts (an Original Hand's three extra doublings, seed: classical)."""
    limit = spec.limit
    if limit is None:
        return score, "points"
    capped = score if spec.roof_off or score <= limit else limit
    if limits > 0 and limits * limit >= capped:
        return limits * limit, "limit"
    return capped, "points" if capped == score else "capped"


def _result(t: Tables, env: HandEnv, s: _Scored) -> ScoreResult:
    r = s.reading
    env.set_reading(r)
    env.hf["value"] = s.total
    env.hf["limits"] = s.limits
    return ScoreResult(env.inp.winning_tile is not None, r.pattern, r.melds, r.last if r.last >= 0 else None,
                       s.points, s.doubles, s.limits, s.score, s.total, s.basis, env, tuple(s.fired))


def applied(result: ScoreResult) -> tuple[tuple[int, int], ...]:
    """The rules a result applied, as (position, times), in ruleset order."""
    env = result.context
    hf = env.hf
    saved = hf["points"], hf["doubles"], hf["set_points"]
    hf["points"] = hf["doubles"] = hf["set_points"] = 0  # as when the reading was scored
    counts = _scoped(env.t, env, env.reading, None)
    hf["points"], hf["doubles"], hf["set_points"] = saved
    for i in result.fired:  # a rule counted per COUNT is there once per time
        counts[i] = counts.get(i, 0) + 1
    return tuple(sorted(without_excluded(env.t, counts).items()))


def without_excluded(t: Tables, counts: dict[int, int]) -> dict[int, int]:
    """The rules applied (position -> times) less those a rule that applied excludes
    (``RULE excludes RULE...``: a fan that implies another is not counted twice).
    Every exclusion of every rule that applied counts, the excluded rules' own too."""
    if not t.excluded_by:
        return counts
    drop: set[int] = set()
    for i in counts:
        drop |= t.excluded_by.get(i, frozenset())
    return {i: c for i, c in counts.items() if i not in drop} if drop else counts


def goes_out(auto: Automaton, result: ScoreResult) -> bool:
    """Does a winning hand, as scored, meet the ruleset's minimum to go out
    (``win only when COND``, read of its best reading)? True without a minimum."""
    minimum = auto.scoring.minimum
    return minimum is None or bool(minimum(result.context))


def explain(result: ScoreResult) -> tuple[RuleLine, ...]:
    """The :class:`RuleLine` of each rule a result applied: name, title, amount, unit,
    times, what it applied to (sets, bonus tiles) and where the ruleset writes it."""
    env = result.context
    t = env.t
    keys = env.reading.keys
    lines = []
    counts = applied(result)
    # the groups of sets each rule of an account counted: "2b 3b 4b + 5b 6b 7b"
    grouped = account_groups(t, keys, dict(counts)) if t.spec.accounts else {}
    for i, count in counts:
        rule = t.rules[i]
        applied_to: tuple[str, ...] = ()
        if i in grouped:
            applied_to = tuple(" + ".join(t.describe_meld(keys[s][0], keys[s][1]) for s in g) for g in grouped[i])
        elif rule.scope in ("set", "pair"):
            applied_to = tuple(t.describe_meld(k[0], k[1]) for k in keys if i in t.meld_hits(k))
        elif rule.scope == "bonus":
            applied_to = tuple(t.tiles.kinds[b].code for b in env.inp.bonus
                               if i in t.bonus_hits(b, env.seat, env.round))
        lines.append(RuleLine(rule.name, rule.title, rule.amount, rule.unit, count, rule.span, applied_to))
    return tuple(lines)


class _Completed:
    """A hand completed by one more tile from the wall: what :class:`HandEnv` reads of
    a :class:`HandInput`, without its checks (``calling_for`` makes many)."""

    __slots__ = ("concealed", "seat_wind", "round_wind", "melds", "bonus", "winning_tile", "dealer", "discarder",
                 "announcements", "dealer_streak", "card", "table")
    source = "wall"
    self_drawn = True
    by_discard = False
    original_hand = False
    earthly_hand = False

    def __init__(self, inp: HandInput, concealed: tuple[int, ...], tile: int):
        self.concealed, self.winning_tile = concealed, tile
        self.seat_wind, self.round_wind, self.melds, self.bonus = inp.seat_wind, inp.round_wind, inp.melds, inp.bonus
        self.dealer, self.discarder, self.announcements = inp.dealer, None, inp.announcements
        self.dealer_streak, self.card, self.table = inp.dealer_streak, inp.card, inp.table


def completions(env: HandEnv) -> frozenset[str]:
    """The names of the rules that apply to the hand completed by some tile drawn from
    the wall, in some reading (for ``calling_for``)."""
    t = env.t
    inp = env.inp
    lst = env.short_hand()
    rules = t.rules
    cr = t.compiled()
    found: set[int] = set()
    for w in waits_of(t, lst, tuple(inp.melds)):
        conc = list(lst)
        conc[w] += 1
        hyp = cast(HandInput, _Completed(inp, tuple(conc), w))  # read as a HandInput
        henv = HandEnv(t, hyp, hypothetical=True)
        hf = henv.hf
        T, B = henv.packed_tiles() if cr.uses_tiles else (0, 0)
        for r in winner_readings(t, hyp, henv.nz):
            henv.set_reading(r)
            hf["points"] = hf["doubles"] = hf["set_points"] = 0
            S, PA = henv.packed_sets(r) if cr.uses_sets else (0, 0)
            counts = _scoped(t, henv, r, cr, (S, PA, T, B))
            found.update(counts)
            points, doubles, _, set_points = _sums(rules, counts.items(), t.spec.limits_add)
            hf["points"], hf["doubles"], hf["set_points"] = points, doubles, set_points
            found.update(cr.hand(henv, hf, S, PA, T, B, r))
    return frozenset(rules[i].name for i in found)
