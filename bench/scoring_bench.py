"""Benchmark: scoring finished classical hands with the shipped tables.

``run()`` returns the measured rates as a dict (the bench runner collects it);
``python bench/scoring_bench.py`` prints them. Hands are random winning hands made
of four random sets and a pair (some sets exposed, a kong now and then, bonus tiles,
random winds and a random source for the last tile), seeded, so two runs measure
the same work. Each hand is scored once as a library call
(:func:`mjdsl.scoring.score_hand`) on one core. ``*_first_hands_per_s`` is the first
20,000 hands of a fresh automaton, while the caches that fill per automaton (set
predicates, suit shapes) are cold; ``*_hands_per_s`` is the best of three passes,
each over hands it has not seen before. Rates are hands per second of CPU time.
The target is 20,000 hands/s (issue: the scoring language).
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

from mjdsl.frontend.checked import require
from mjdsl.hands import Meld
from mjdsl.ir.lower import lower
from mjdsl.scoring import HandInput, calling, score_hand

ROOT = Path(__file__).resolve().parent.parent


def automaton(name: str):
    return lower(require(ROOT / "rulesets" / name).ctx)


def random_hands(auto, n: int, seed: int = 1) -> list[HandInput]:
    """``n`` random winning hands (four sets and a pair) with random context."""
    rng = random.Random(seed)
    tiles = auto.tiles
    kinds = tiles.kinds
    suited = [k.index for k in kinds if k.cls == "suit"]
    chow_starts = [k.index for k in kinds if k.cls == "suit" and k.rank <= 7]
    playable = [k.index for k in kinds if k.cls in ("suit", "wind", "dragon")]
    bonus = [k.index for k in kinds if k.cls in ("flower", "season")]
    winds = list(auto.seat_winds)
    most = min(p.max_chows if p.max_chows is not None else 4 for p in auto.winning.patterns if p.sets is not None)
    out: list[HandInput] = []
    while len(out) < n:
        counts = [0] * tiles.size
        melds = []
        concealed_sets = []
        chows = 0
        for _ in range(4):
            if rng.random() < 0.45 and chows < most:
                chows += 1
                t = rng.choice(chow_starts)
                kind, members = "chow", (t, t + 1, t + 2)
            else:
                t = rng.choice(playable)
                kind, members = "pung", (t, t, t)
            if rng.random() < 0.4:
                if kind == "pung" and rng.random() < 0.25:
                    melds.append(Meld("kong", t, rng.random() < 0.3))
                    members = (t,) * 4
                else:
                    melds.append(Meld(kind, t, False))
                for i in members:
                    counts[i] += 1
            else:
                concealed_sets.append(members)
        pair = rng.choice(playable)
        hand = [0] * tiles.size
        for members in concealed_sets:
            for i in members:
                hand[i] += 1
        hand[pair] += 2
        total = [a + b for a, b in zip(hand, counts)]
        if max(total) > 4 or any(counts[i] + hand[i] > 4 for i in suited):
            continue
        win = rng.choice([i for i, c in enumerate(hand) if c])
        source = rng.choice(("wall", "discard", "discard", "kong_box"))
        out.append(HandInput(concealed=hand, seat_wind=rng.choice(winds), round_wind=rng.choice(winds),
                             melds=tuple(melds), bonus=tuple(rng.sample(bonus, rng.randint(0, 3))),
                             winning_tile=win, source=source))
    return out


def _rate(fn, items) -> float:
    """Items per second of this process's CPU time (steady when other work shares the machine)."""
    t0 = time.process_time()
    for x in items:
        fn(x)
    return len(items) / (time.process_time() - t0)


def run(n: int = 20000, passes: int = 3) -> dict:
    out: dict = {"hands": n}
    for name, key in (("classical.mj", "dmjl"), ("classical-bmja.mj", "bmja"), ("hong-kong.mj", "hong_kong")):
        auto = automaton(name)
        warm = random_hands(auto, n, seed=1)
        out[f"{key}_first_hands_per_s"] = round(_rate(lambda h: score_hand(auto, h), warm))
        # each pass scores hands it has not seen; the best pass is the rate (as timeit)
        rates = []
        for p in range(passes):
            hands = random_hands(auto, n, seed=2 + p)
            rates.append(_rate(lambda h: score_hand(auto, h), hands))
        out[f"{key}_hands_per_s"] = round(max(rates))
        losers = [
            HandInput(concealed=_drop_last(h), seat_wind=h.seat_wind, round_wind=h.round_wind, melds=h.melds,
                      bonus=h.bonus)
            for h in hands[: n // 4]
        ]
        _rate(lambda h: score_hand(auto, h), losers[: n // 8])
        out[f"{key}_loser_hands_per_s"] = round(_rate(lambda h: score_hand(auto, h), losers[n // 8:]))
        out[f"{key}_calling_hands_per_s"] = round(_rate(lambda h: calling(auto, h.concealed, h.melds), losers))
    out["target_hands_per_s"] = 20000
    return out


def _drop_last(h: HandInput) -> list[int]:
    lst = list(h.concealed)
    lst[h.winning_tile] -= 1
    return lst


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
