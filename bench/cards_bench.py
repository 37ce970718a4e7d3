"""Card library speed on one core: batch matching, top-5 hints, card compile time.

Run ``python bench/cards_bench.py``; ``run()`` returns the numbers for an aggregator.
Targets (the card issue): matching >= 50,000 hands/s against the whole card in batch,
top-5 hints >= 10,000 hands/s, compiling the Club card < 100 ms.

The hands: half are dealt from random variants of the card (with jokers in random
joker slots), half are 14 random tiles from the wall, so both the matching and the
non-matching paths are timed. BLAS is held to one thread; set before numpy loads
(an aggregator that imported numpy first should set OPENBLAS_NUM_THREADS=1 itself).
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mjdsl.cards import HandBatch, compile_card, hint_batch, parse_card  # noqa: E402
from mjdsl.cards.api import load_card_and_tiles  # noqa: E402
from mjdsl.cards.match import matches_of  # noqa: E402

CARD = ROOT / "rulesets" / "cards" / "club-2026.card"


def _best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def random_racks(tiles, n: int, size: int, rng) -> np.ndarray:
    """(n, T) counts of ``size`` tiles drawn from the whole wall."""
    wall = np.repeat(np.arange(tiles.size), tiles.copies_vector())
    picks = np.argpartition(rng.random((n, len(wall))), size, axis=1)[:, :size]
    counts = np.zeros((n, tiles.size), dtype=np.int16)
    np.add.at(counts, (np.repeat(np.arange(n), size), wall[picks].ravel()), 1)
    return counts


def dealt_hands(compiled, n: int, rng) -> np.ndarray:
    """(n, T) winning hands: random variants, jokers where the set lacks copies and in one random joker slot."""
    t = compiled.tables
    copies = compiled.tiles.copies_vector()
    v = rng.integers(0, t.size, n)
    hands = t.need[v].copy()
    forced = np.maximum(hands - copies, 0)
    slots = t.need[v] - t.natural[v] - forced
    pick = np.argmax(rng.random(slots.shape) * (slots > 0), axis=1)
    extra = np.minimum(slots[np.arange(n), pick], 8 - forced.sum(axis=1))
    jokers = forced
    jokers[np.arange(n), pick] += np.maximum(extra, 0) * rng.integers(0, 2, n)
    hands -= jokers
    hands[:, compiled.joker] += jokers.sum(axis=1)
    return hands


def run(match_hands: int = 50_000, hint_hands: int = 10_000, seed: int = 2026) -> dict:
    rng = np.random.default_rng(seed)
    text = CARD.read_text(encoding="utf-8")
    card, tiles = load_card_and_tiles(CARD)  # the tile set of the ruleset the card names
    parse_ms = _best(lambda: parse_card(text, str(CARD)), 5) * 1000
    compile_ms = _best(lambda: compile_card(card, tiles), 5) * 1000
    compiled = compile_card(card, tiles)

    half = match_hands // 2
    counts = np.concatenate([dealt_hands(compiled, half, rng), random_racks(tiles, match_hands - half, 14, rng)])
    batch = HandBatch.from_counts(counts, compiled.joker)
    matches_of(compiled, HandBatch.from_counts(counts[:100], compiled.joker))  # warm up BLAS
    match_s = _best(lambda: matches_of(compiled, batch), 3)
    found = matches_of(compiled, batch)

    racks = random_racks(tiles, hint_hands, 13, rng)
    hbatch = HandBatch.from_counts(racks, compiled.joker)
    hint_s = _best(lambda: hint_batch(compiled, hbatch, top=5), 3)
    hb = hint_batch(compiled, hbatch, top=5)
    some = min(hint_hands, 2000)
    objects_s = _best(lambda: [hb.hints(i) for i in range(some)], 1) * hint_hands / some

    return {
        "card": CARD.name,
        "lines": len(compiled.lines),
        "variants": len(compiled.variants),
        "parse_ms": round(parse_ms, 2),
        "compile_ms": round(compile_ms, 2),
        "match_hands": match_hands,
        "match_hands_per_s": round(match_hands / match_s),
        "match_share_matched": round(sum(1 for f in found if f) / match_hands, 3),
        "hint_hands": hint_hands,
        "hint_top5_hands_per_s": round(hint_hands / hint_s),
        "hint_top5_with_objects_hands_per_s": round(hint_hands / (hint_s + objects_s)),
        "targets_met": bool(match_hands / match_s >= 50_000 and hint_hands / hint_s >= 10_000 and compile_ms < 100),
    }


def main() -> None:
    for key, value in run().items():
        print(f"{key:>36}: {value}")


if __name__ == "__main__":
    main()
