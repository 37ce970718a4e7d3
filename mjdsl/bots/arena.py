"""A seeded duplicate arena: the same walls played with the bots rotated through every seat.

Wall ``i`` is the hand seeded ``"S:i"`` (its shuffle and dice come from the chance
stream of that seed, before any bot decides anything), played once for each
rotation of the line-up: with B bots at S seats, rotation r seats bot
``(s + r) mod B`` at seat s, so over B rotations every bot sits every seat once
and sits out B - S of them. Luck of the wall is shared; what differs is the play.

Per style it reports the win rate, average points (the seat's settlement), the mean
turn of going out and the deal-in rate (hands in which its discard was the one that
fed a win), each with a 95% confidence interval (normal approximation; the rotations
of one wall are not independent, so the intervals are a little narrow).

The mean turn of going out is measured three ways. ``turn_out`` is the plain mean
over the hands the style won; it is not comparable between styles, because a hand
ends at the first win: a weak player is seen going out only in the hands that came
quickly, a strong one in the long ones too. ``turns_to_out`` counts every hand the
style played: a hand it won is its turn of going out, a hand someone else won (or
the wall ran out) says only that it had not gone out by then. From both, the
Kaplan-Meier estimate of the chance it is still out at each turn gives its mean turn
of going out up to the run's longest hand (the restricted mean, the same horizon for
every style), with Greenwood's interval. ``turns_vs_others`` compares two styles on
the deals (wall and seat) that both turned into a win.
"""

from __future__ import annotations

import math
from typing import Callable, Sequence

from ..engine.run import play_hand

ARENA_VERSION = 1


def seatings(names: Sequence[str], seats: int) -> list[list[int]]:
    """For each rotation, the index into ``names`` of the bot at every seat."""
    b = len(names)
    return [[(s + r) % b for s in range(seats)] for r in range(b)]


class _Tally:
    def __init__(self):
        self.hands = 0
        self.wins: list[float] = []
        self.points: list[float] = []
        self.turns: list[float] = []
        self.fed: list[float] = []
        self.ends: list[tuple[int, bool]] = []  # (the hand's last turn, whether the style went out)

    def summary(self, horizon: int) -> dict:
        return {
            "hands": self.hands,
            "win_rate": _proportion(self.wins),
            "points": _mean(self.points),
            "turn_out": _mean(self.turns),
            "turns_to_out": _restricted_mean(self.ends, horizon),
            "deal_in_rate": _proportion(self.fed),
        }


def _mean(xs: list[float]) -> dict:
    n = len(xs)
    if n == 0:
        return {"mean": None, "low": None, "high": None, "n": 0}
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    h = 1.96 * sd / math.sqrt(n)
    return {"mean": round(m, 4), "low": round(m - h, 4), "high": round(m + h, 4), "n": n}


def _restricted_mean(ends: list[tuple[int, bool]], horizon: int) -> dict:
    """The mean turn of going out, up to ``horizon``, from ``(turn, went out)`` per hand:
    a hand that ended without the style going out is censored at its last turn. It is
    the area under the Kaplan-Meier chance of not being out yet, with Greenwood's
    variance (``sum A_i^2 d_i / (n_i (n_i - d_i))``, A_i the area after event turn i)."""
    n = len(ends)
    if n == 0:
        return {"mean": None, "low": None, "high": None, "n": 0}
    outs: dict[int, int] = {}
    for t, out in ends:
        if out and t < horizon:
            outs[t] = outs.get(t, 0) + 1
    ended = sorted(t for t, _ in ends)
    turns = sorted(outs)
    at_risk, surv, i, s = [], [], 0, 1.0  # surv[k]: the chance of not being out after turns[k]
    for t in turns:
        while i < len(ended) and ended[i] < t:
            i += 1
        at_risk.append(n - i)
        s *= 1 - outs[t] / (n - i)
        surv.append(s)
    edges = turns + [horizon]
    pieces = [surv[k] * (edges[k + 1] - edges[k]) for k in range(len(turns))]  # the area after each event turn
    mean = (turns[0] if turns else horizon) + sum(pieces)
    var, after = 0.0, 0.0
    for k in reversed(range(len(turns))):
        after += pieces[k]
        d, r = outs[turns[k]], at_risk[k]
        if r > d:
            var += after * after * d / (r * (r - d))
    h = 1.96 * math.sqrt(var)
    return {"mean": round(mean, 4), "low": round(mean - h, 4), "high": round(mean + h, 4), "n": n}


def _proportion(xs: list[float]) -> dict:
    """A rate with its Wilson 95% interval (sound near 0, where deal-in rates live)."""
    n = len(xs)
    if n == 0:
        return {"mean": None, "low": None, "high": None, "n": 0}
    p = sum(xs) / n
    z = 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return {"mean": round(p, 4), "low": round(max(0.0, centre - half), 4), "high": round(min(1.0, centre + half), 4),
            "n": n}


def arena_wall(auto, bots, item) -> list:
    """Wall ``w`` played once per rotation: ``[(rotation's seating, record)]`` (a task of
    :func:`mjdsl.engine.parallel.ordered_map`; ``bots`` are the whole line-up)."""
    seed, w, order = item
    return [(rot, play_hand(auto, f"{seed}:{w}", [bots[i] for i in rot], dealer=0, digests=False)) for rot in order]


def run_arena(auto, names: Sequence[str], hands: int, seed: str, make_bot: Callable,
              on_hand: Callable | None = None, *, job=None, workers: int = 1, backend: str = "process",
              scheduler: str | None = None) -> dict:
    """Play ``hands`` hands (walls times rotations, rounded up to whole walls) and tally.

    ``job`` (an :class:`mjdsl.engine.parallel.Job` of the ruleset and the line-up) lets
    the walls be played by ``workers`` processes or on Dask; the figures do not change.
    """
    from ..engine.parallel import Job, ordered_map

    if len(names) < auto.seats:
        raise ValueError("fewer bots than seats")
    order = seatings(names, auto.seats)
    bots = [make_bot(n) for n in names]
    walls = max(1, math.ceil(hands / len(order)))
    tallies = {n: _Tally() for n in names}
    # (wall, seat) -> {style: turn it went out}: the same tiles dealt to the same seat
    outs: dict[tuple[int, int], dict[str, int]] = {}
    played = won = horizon = 0
    job = job or Job("", (), tuple(names))
    items = ((seed, w, order) for w in range(walls))
    for w, plays in enumerate(ordered_map(arena_wall, job, items, workers=workers, backend=backend,
                                          scheduler=scheduler, local=(auto, bots))):
        for rot, rec in plays:
            played += 1
            res = rec.result
            winner, discarder = res.get("winner"), res.get("discarder")
            won += winner is not None
            horizon = max(horizon, rec.turns)
            for seat, i in enumerate(rot):
                t = tallies[names[i]]
                t.hands += 1
                t.wins.append(1.0 if winner == seat else 0.0)
                t.points.append(float(rec.returns[seat]))
                if winner == seat:
                    t.turns.append(float(rec.turns))
                    outs.setdefault((w, seat), {})[names[i]] = rec.turns
                t.ends.append((rec.turns, winner == seat))
                fed = winner is not None and winner != seat and discarder == seat and not res.get("self_drawn")
                t.fed.append(1.0 if fed else 0.0)
            if on_hand is not None:
                on_hand(played, walls * len(order))
    return {
        "version": ARENA_VERSION,
        "hash": auto.hash,
        "ruleset": auto.name,
        "seed": seed,
        "walls": walls,
        "hands": played,
        "won": won,
        "bots": list(names),
        "horizon": horizon,
        "styles": {n: {**tallies[n].summary(horizon), "turns_vs_others": _paired(n, names, outs)}
                   for n in dict.fromkeys(names)},
    }


def _paired(name: str, names: Sequence[str], outs: dict) -> dict:
    """How soon a style goes out against each other style, on the same tiles: over the
    (wall, seat) deals that both turned into a win, its turns over theirs (0.9: 10% fewer)."""
    out = {}
    for other in names:
        if other == name:
            continue
        pairs = [(c[name], c[other]) for c in outs.values() if name in c and other in c]
        if pairs:
            out[other] = {"ratio": round(sum(a for a, _ in pairs) / max(sum(b for _, b in pairs), 1), 4),
                          "deals": len(pairs)}
    return out


def table_lines(report: dict) -> list[str]:
    """The arena's figures as a readable table."""
    out = [f"{report['ruleset']} (hash {report['hash']}): {report['walls']} walls x {len(report['bots'])} "
           f"rotations = {report['hands']} hands, seed {report['seed']}; won {report['won']}",
           f"  {'style':12s} {'hands':>6s}  {'win rate':>20s}  {'avg points':>22s}  {'turn out':>20s}  "
           f"{'turns to go out':>20s}  {'deal-in rate':>20s}"]

    def cell(stat: dict, digits: int, pct: bool = False) -> str:
        if stat["mean"] is None:
            return "-"
        f = (lambda x: f"{100 * x:.{digits}f}%") if pct else (lambda x: f"{x:.{digits}f}")
        return f"{f(stat['mean'])} [{f(stat['low'])}, {f(stat['high'])}]"

    for name, s in report["styles"].items():
        out.append(f"  {name:12s} {s['hands']:6d}  {cell(s['win_rate'], 1, True):>20s}  {cell(s['points'], 2):>22s}  "
                   f"{cell(s['turn_out'], 1):>20s}  {cell(s['turns_to_out'], 1):>20s}  {cell(s['deal_in_rate'], 1, True):>20s}")
    for name, s in report["styles"].items():
        vs = ", ".join(f"{o} {v['ratio']:.2f} ({v['deals']})" for o, v in s["turns_vs_others"].items())
        out.append(f"  {name:12s} turns against, on deals both won: {vs or '-'}")
    out.append("  (95% intervals; turn out: mean turn of going out over the hands the style won; turns to go out:"
               f" over every hand it played, a hand it did not win counting as not out by its end, up to turn"
               f" {report['horizon']}; turns against: its turns over the other's on the deals both won, 0.90 = 10%"
               " sooner)")
    return out
