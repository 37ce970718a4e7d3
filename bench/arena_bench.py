"""The regulars, measured: a seeded duplicate arena on the American table.

Issue 11's figures, for the same walls in one run: over 4,000 duplicate hands
(800 walls, each played once per rotation of mei, auntie-rose, rafi, greedy and
random through the four seats), Mei goes out soonest (her mean turn of
going out, over every hand she played with the hands she did not win counted as not
out by their end, at most 0.9 of each other style's; on the deals both won, her
turns over theirs are printed too), Auntie Rose feeds the fewest wins
(deal-in rate at least 30% below greedy's), Rafi wins less than Mei and Auntie Rose
and far more than random. ``MJDSL_ARENA_HANDS`` plays fewer hands (a quick look), ``MJDSL_ARENA_WORKERS``
plays the walls in that many processes (the figures do not change);
the same figures come from ``mjdsl arena rulesets/american.mj --hands 4000``.
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINE_UP = ["mei", "auntie-rose", "rafi", "greedy", "random"]
SEED = "club"


def run() -> dict:
    from mjdsl.bots import make_bot
    from mjdsl.bots.arena import run_arena
    from mjdsl.engine.parallel import Job
    from mjdsl.frontend.compile import compile_ruleset

    hands = int(os.environ.get("MJDSL_ARENA_HANDS", "4000"))
    workers = int(os.environ.get("MJDSL_ARENA_WORKERS", "1"))
    path = ROOT / "rulesets" / "american.mj"
    auto = compile_ruleset(path)
    report = run_arena(auto, LINE_UP, hands, SEED, make_bot, job=Job.of(str(path), (), LINE_UP), workers=workers)
    st = report["styles"]
    win = {n: st[n]["win_rate"]["mean"] for n in LINE_UP}
    mei_vs = st["mei"]["turns_vs_others"]
    rose_in, greedy_in = st["auntie-rose"]["deal_in_rate"]["mean"], st["greedy"]["deal_in_rate"]["mean"]
    out = {n: st[n]["turns_to_out"]["mean"] for n in LINE_UP}
    report["targets"] = {
        "mei goes out soonest (turns to go out <= 0.9 x every other style's)": {
            "value": {o: round(out["mei"] / out[o], 3) for o in LINE_UP[1:]},
            "met": all(out["mei"] <= 0.9 * out[o] for o in LINE_UP[1:])},
        "mei goes out soonest on the deals both won (turns against <= 0.9)": {
            "value": {o: mei_vs[o]["ratio"] for o in mei_vs}, "met": all(v["ratio"] <= 0.9 for v in mei_vs.values())},
        "auntie-rose deal-in >= 30% below greedy's": {
            "value": round(1 - rose_in / greedy_in, 3) if greedy_in else None,
            "met": bool(greedy_in) and rose_in <= 0.7 * greedy_in},
        "rafi wins less than mei and auntie-rose, far more than random": {
            "value": {n: win[n] for n in ("mei", "auntie-rose", "rafi", "random")},
            "met": win["rafi"] < min(win["mei"], win["auntie-rose"]) and win["rafi"] >= 5 * max(win["random"], 0.005)},
    }
    return report


def table(report: dict) -> str:
    from mjdsl.bots.arena import table_lines

    out = table_lines(report)
    for what, t in report["targets"].items():
        out.append(f"  [{'met' if t['met'] else 'NOT MET'}] {what}: {t['value']}")
    return "\n".join(out)
