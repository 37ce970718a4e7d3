"""The figures of an analysis: every card line's wins, styles, mean turn and jokerless
share; the lines never won; suggested points; near-duplicate lines in play.

Suggested points (docs/analyze.md, "Suggested points"): a line won more often is
easier and should be worth less. With W wins over L lines, line i's win frequency is
smoothed to ``p = (won + 1) / (W + L)`` (add-one, so a line never won still gets a
finite figure), its difficulty is ``-ln p``, and difficulties are mapped linearly onto
the card's own range of points (its lowest to its highest), rounded to the card's
step (the greatest common divisor of its points). Only the order of difficulty and
the card's range are used: the card keeps its scale.

Near-duplicates in play: line A's wins whose fourteen tiles also make line B. When
at least half of A's wins (and at least ``MIN_WINS`` of them) also make B, a player
aiming at A holds B as well: the two lines barely differ in play.
"""

from __future__ import annotations

import math
from functools import reduce

from .run import Analysis

ANALYZE_VERSION = 1
#: the share of a line's wins that also make another line for the two to be near-duplicates
SHARED = 0.5
#: a pair needs at least this many wins of the first line to be reported
MIN_WINS = 3


def suggested_points(rows: list[dict], wins: int) -> list[int]:
    """The points each line's win frequency suggests, in the card's range and step."""
    if not rows:
        return []
    points = [r["points"] for r in rows]
    lo, hi = min(points), max(points)
    step = reduce(math.gcd, points) or 1
    n = len(rows)
    diff = [-math.log((r["won"] + 1) / (wins + n)) for r in rows]
    dlo, dhi = min(diff), max(diff)
    if dhi - dlo < 1e-12 or hi == lo:
        return points
    return [int(round((lo + (d - dlo) / (dhi - dlo) * (hi - lo)) / step) * step) for d in diff]


def near_duplicates(analysis: Analysis, rows: list[dict]) -> list[dict]:
    """Pairs of lines made by the same winning hands, most shared first."""
    by_line = {r["line"]: r for r in rows}
    out = []
    for key, n in analysis.also.items():
        a, b = (int(x) for x in key.split())
        ra, rb = by_line.get(a), by_line.get(b)
        if ra is None or rb is None or ra["won"] < MIN_WINS:
            continue
        share = n / ra["won"]
        if share >= SHARED:
            out.append({"line": a, "hand": ra["hand"], "also_line": b, "also_hand": rb["hand"],
                        "wins": ra["won"], "shared": round(share, 4)})
    return sorted(out, key=lambda d: (-d["shared"], d["line"], d["also_line"]))


def report(analysis: Analysis, seed: str, bots: list[str]) -> dict:
    """``mjdsl analyze --json``."""
    t = analysis.tally
    rows = t.line_rows()
    for r, s in zip(rows, suggested_points(rows, t.won)):
        r["suggested_points"] = s
    return {
        "version": ANALYZE_VERSION,
        "hash": analysis.auto.hash,
        "ruleset": analysis.auto.name,
        "seed": seed,
        "bots": list(bots),
        "hands": t.hands,
        "won": t.won,
        "wall_games": t.wall,
        "lines": rows,
        "never_won": [{"line": r["line"], "hand": r["hand"]} for r in rows if not r["won"]],
        "near_duplicates": near_duplicates(analysis, rows),
        "by_bot": t.summary()["by_bot"],
    }


def table_lines(rep: dict) -> list[str]:
    """The report as a table: one row per card line, in card order."""
    out = [f"{rep['ruleset']} (hash {rep['hash']}): {rep['hands']} hands, seed {rep['seed']}, "
           f"bots {','.join(rep['bots'])}; won {rep['won']}, wall games {rep['wall_games']}",
           f"  {'line':>5s}  {'points':>6s}  {'suggest':>7s}  {'won':>7s}  {'share':>6s}  {'turn':>5s}  "
           f"{'no joker':>8s}  hand; won by"]
    for r in rep["lines"]:
        turn = f"{r['mean_turn']:5.1f}" if r["mean_turn"] is not None else "    -"
        bare = f"{100 * r['jokerless']:7.1f}%" if r["jokerless"] is not None else "       -"
        styles = ", ".join(f"{b} {n}" for b, n in r["by_bot"].items()) or "-"
        out.append(f"  {r['line']:5d}  {r['points']:6d}  {r['suggested_points']:7d}  {r['won']:7d}  "
                   f"{100 * r['share']:5.1f}%  {turn}  {bare}  {r['hand']}; {styles}")
    never = rep["never_won"]
    out.append(f"  never won: {len(never)} of {len(rep['lines'])} lines"
               + (": lines " + ", ".join(str(n["line"]) for n in never) if never else ""))
    dups = rep["near_duplicates"]
    out.append(f"  near-duplicates in play ({len(dups)}): " + ("-" if not dups else ""))
    for d in dups:
        out.append(f"     line {d['line']} ({d['hand']}): {100 * d['shared']:.0f}% of its {d['wins']} wins "
                   f"also make line {d['also_line']} ({d['also_hand']})")
    return out
