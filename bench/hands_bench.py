"""Benchmark: splitting, waits and distance for classical hands.

``run()`` returns the measured rates as a dict (the bench runner collects it);
``python bench/hands_bench.py`` prints them. Hands are random complete 14-tile hands
(four random sets and a pair, no tile more than four times) over the contract codes,
seeded, so two runs measure the same work. The target for ``split_hands_per_s`` is
50,000 on one core (issue: the hands library).
"""

from __future__ import annotations

import json
import random
import time

import numpy as np

from mjdsl.hands.decompose import split_hand
from mjdsl.hands.waits import distance, waits
from mjdsl.tiles import Suit, TileKind, TileSet


def classical_tiles() -> TileSet:
    """The contract tile set: three suits 1-9, winds ESWN, dragons R G 0, flowers, seasons."""
    kinds: list[TileKind] = []
    for name, letter in (("bam", "b"), ("crak", "c"), ("dot", "d")):
        for rank in range(1, 10):
            kinds.append(TileKind(f"{rank}{letter}", len(kinds), "suit", 4, suit=name, rank=rank))
    for code, cls in [(c, "wind") for c in "ESWN"] + [(c, "dragon") for c in "RG0"]:
        kinds.append(TileKind(code, len(kinds), cls, 4))
    for cls, letter in (("flower", "f"), ("season", "s")):
        for seat in range(1, 5):
            kinds.append(TileKind(f"{letter}{seat}", len(kinds), cls, 1, seat=seat))
    suits = tuple(Suit(n, l, tuple(range(1, 10))) for n, l in (("bam", "b"), ("crak", "c"), ("dot", "d")))
    return TileSet(tuple(kinds), suits)


def random_complete_hands(tiles: TileSet, n: int, seed: int = 1) -> list[np.ndarray]:
    """``n`` random 14-tile hands made of four sets and a pair."""
    rng = random.Random(seed)
    suited = [k for k in tiles.kinds if k.cls == "suit"]
    chow_starts = [k.index for k in suited if k.rank <= 7]
    playable = [k.index for k in tiles.kinds if not k.is_bonus]
    hands = []
    while len(hands) < n:
        h = np.zeros(tiles.size, dtype=np.int16)
        for _ in range(4):
            if rng.random() < 0.5:
                t = rng.choice(chow_starts)
                h[t : t + 3] += 1
            else:
                h[rng.choice(playable)] += 3
        h[rng.choice(playable)] += 2
        if h.max() <= 4:
            hands.append(h)
    return hands


def _rate(fn, items, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for x in items:
            fn(x)
        best = min(best, time.perf_counter() - t0)
    return len(items) / best


def run(n: int = 20000) -> dict:
    tiles = classical_tiles()
    hands = random_complete_hands(tiles, n)
    split_hand(hands[0], tiles)  # build the layout outside the timing
    cold_t0 = time.perf_counter()
    splits = sum(len(split_hand(h, tiles)) for h in hands)
    cold = n / (time.perf_counter() - cold_t0)
    warm = _rate(lambda h: split_hand(h, tiles), hands)
    # calling hands: drop one tile from each complete hand
    calling = []
    for h in hands[:2000]:
        c = h.copy()
        c[int(np.flatnonzero(c)[len(np.flatnonzero(c)) // 2])] -= 1
        calling.append(c)
    waits_rate = _rate(lambda h: waits(h, tiles), calling, repeat=1)
    distance_rate = _rate(lambda h: distance(h, tiles), calling[:300], repeat=1)
    return {
        "hands": n,
        "splits_per_hand": round(splits / n, 3),
        "split_hands_per_s_cold_cache": round(cold),
        "split_hands_per_s": round(warm),
        "waits_hands_per_s": round(waits_rate),
        "distance_hands_per_s": round(distance_rate),
        "target_split_hands_per_s": 50000,
    }


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
