"""The style bots' commonest questions in C (bots/soft.py, bots/_soft.c: the compiled
build's) against numpy's answers to them (CardJudge.measure, slowness_of, worth, needs): the
same worth for every candidate, whatever the style counts (points, dead lines, natural
slots, live copies, concealed lines, the last tile called), with exposures and with a pass
chosen a tile at a time, and the same least distances."""

from __future__ import annotations

from pathlib import Path

import attrs
import numpy as np
import pytest

from mjdsl.bots.judge import CardJudge
from mjdsl.bots.style import STYLES_DIR, load_style
from mjdsl.cards.hands import Exposure
from mjdsl.frontend.compile import compile_ruleset

ROOT = Path(__file__).resolve().parent.parent
REGULARS = {name: load_style(STYLES_DIR / f"{name}.toml") for name in ("mei", "auntie-rose", "rafi")}
#: the knobs the regulars leave off, on Mei's style
KNOBS = {"concealed": {"concealed": 2.0}, "last-called": {"last_called": True},
         "live-only": {"naturals": 0.0, "live": 1.0}, "points": {"points": 2.0, "live": 2.0}}
STYLES = {**REGULARS, **{k: attrs.evolve(REGULARS["mei"], **v) for k, v in KNOBS.items()}}


@pytest.fixture(scope="module")
def american():
    return compile_ruleset(ROOT / "rulesets" / "american.mj")


def _numpy_worth(judge: CardJudge, rack, tiles, exposures, gone, live, dead) -> np.ndarray:
    """What ``_View._worth`` asked numpy before bots/soft.py: the same question, every array."""
    less = (rack, tiles, tuple(gone)) if gone else (rack, tiles)
    d, short, lacking = judge.measure(None, exposures, live, covered=bool(judge.naturals), less=less)
    slow = judge.slowness_of(d, short, lacking, live) if judge.live and live is not None else None
    return judge.worth(d, dead, None, slow, short)


def _racks(american, seed: int, count: int):
    """Seeded racks of 13 or 14 tiles (jokers among them), an exposure in some, with what
    the table shows: live copies and the tiles seen."""
    tiles, card = american.tiles, american.winning.card
    copies = tiles.copies_vector().astype(np.int16)
    keys = card.tables.group_keys
    rng = np.random.default_rng(seed)
    for trial in range(count):
        wall = np.repeat(np.arange(tiles.size), copies)
        rack = np.zeros(tiles.size, np.int16)
        for tile in rng.choice(wall, 13 + trial % 2, replace=False):
            rack[tile] += 1
        exposures: tuple = ()
        if trial % 3:
            tile, size = keys[int(rng.integers(0, len(keys)))]
            exposures = (Exposure(tile, size, int(trial % 2)),)
        seen = rng.integers(0, 2, tiles.size).astype(np.int16)
        live = np.maximum(copies - seen - rack, 0).astype(np.int16)
        yield rack, exposures, seen, live


@pytest.fixture
def compiled():
    from mjdsl import native

    if not native.compiled():
        pytest.skip("the C module is the compiled build's (the pure build asks numpy)")


@pytest.mark.parametrize("name", sorted(STYLES))
def test_the_c_module_gives_numpys_worth_for_every_candidate(american, name, compiled):
    from mjdsl.bots.soft import worths_without

    style = STYLES[name]
    judge = CardJudge(american.winning.card, american.tiles, style)
    joker = american.winning.card.joker
    asked = 0
    for rack, exposures, seen, live in _racks(american, 1207, 60):
        tiles = [t for t in np.flatnonzero(rack).tolist() if t != joker]
        dead = judge.dead_limits(rack, exposures, seen) if judge.read_table else None
        dead_rows = judge.dead(rack, exposures, seen) if judge.read_table else None
        counted = live if judge.live else None
        got = judge.worths_without(rack, tiles, exposures, None, counted, dead)
        if got is None:  # (every line dead or ruled out: numpy's answer stands)
            continue
        asked += 1
        want = _numpy_worth(judge, rack, tiles, exposures, None, counted if judge.live else live, dead_rows)
        assert np.allclose(got, want, rtol=0, atol=1e-9), (name, got, want.tolist())
        # a pass chosen a tile at a time: the rack less the tiles chosen so far
        gone = tiles[:2]
        rest = [t for t in tiles if rack[t] > gone.count(t)]
        got = judge.worths_without(rack, rest, exposures, gone, counted, dead)
        want = _numpy_worth(judge, rack, rest, exposures, gone, counted if judge.live else live, dead_rows)
        assert got is not None and np.allclose(got, want, rtol=0, atol=1e-9)
    assert asked >= 40  # most racks have a line within reach
    # a joker among the candidates is numpy's to answer (the packed sums hold no joker's loss)
    rack = next(_racks(american, 5, 1))[0]
    rack[joker] += 1
    assert worths_without(judge.soft, judge.tables, rack, [joker], [], joker, None, None, 0, 0, None) is None


@pytest.mark.parametrize("name", sorted(STYLES))
def test_a_racks_own_worth_in_c_is_numpys(american, name, compiled):
    """``rack_worth`` (a joker swap weighed: the rack now and after it) is numpy's worth of the
    one rack, to 1e-9, jokers held or not, with what the style counts."""
    style = STYLES[name]
    judge = CardJudge(american.winning.card, american.tiles, style)
    joker = american.winning.card.joker
    asked = 0
    for i, (rack, exposures, seen, live) in enumerate(_racks(american, 4242, 40)):
        rack[joker] += i % 3  # (a swap puts a joker in the rack)
        dead = judge.dead_limits(rack, exposures, seen) if judge.read_table else None
        dead_rows = judge.dead(rack, exposures, seen) if judge.read_table else None
        counted = live if judge.live else None
        got = judge.rack_worth(rack, exposures, counted, dead)
        if got is None:
            continue
        asked += 1
        d, short, lacking = judge.measure(rack[None, :], exposures, live, covered=bool(judge.naturals))
        slow = judge.slowness_of(d, short, lacking, live) if judge.live else None
        want = judge.worth(d, dead_rows, None, slow, short)[0]
        assert abs(got - want) < 1e-9, (name, got, want)
    assert asked >= 25


@pytest.mark.parametrize("name", sorted(REGULARS))
def test_a_pass_chosen_in_one_call_is_the_one_chosen_step_by_step(american, name, compiled):
    """``picks`` (the Charleston's tiles in one call of the C module) takes, step after step,
    the tile whose loss leaves the most worth, ties broken by the same draws of the random
    stream, as the step loop of numpy's answers (``_numpy_worth``, then ``engine._best``)."""
    import random

    from mjdsl.bots.engine import _best

    judge = CardJudge(american.winning.card, american.tiles, REGULARS[name])
    joker = american.winning.card.joker
    compared = ties = 0
    for i, (rack, exposures, seen, live) in enumerate(_racks(american, 77, 60)):
        dead = judge.dead_limits(rack, exposures, seen) if judge.read_table else None
        dead_rows = judge.dead(rack, exposures, seen) if judge.read_table else None
        counted = live if judge.live else None
        legal = [t for t in range(len(rack)) if rack[t] and t != joker][::-1]  # (any order: the legal one)
        before = [legal[0]] if i % 4 == 0 else []  # a tile chosen earlier in the pass
        got = judge.picks(rack, legal, 3, exposures, tuple(before), counted, dead, random.Random(i))
        if got is None:
            continue
        rng, gone, want = random.Random(i), list(before), []
        for _ in range(3):
            cand = [t for t in legal if rack[t] > gone.count(t)]
            if not cand:
                break
            worth = _numpy_worth(judge, rack, cand, exposures, gone, counted if judge.live else live, dead_rows)
            if not np.isfinite(worth).all() or worth.max() < -1e6:
                break  # (no line within reach: the C stops there, numpy answers the rest)
            ties += int((worth >= worth.max() - 1e-9).sum() > 1)
            want.append(_best(cand, worth, rng))
            gone.append(want[-1])
        assert got == want[:len(got)] and len(want) - len(got) <= 1, (name, got, want)
        compared += len(got) == 3
    assert compared >= 40 and ties >= 5  # (ties are where the random stream decides)


def test_the_pure_build_asks_numpy(american, monkeypatch):
    # no C module: the judge's sums answer None, and the view asks numpy (the same choices:
    # tests/test_bots_golden.py plays the regulars in both builds)
    from mjdsl.bots import soft

    monkeypatch.setattr(soft, "_C", [None])
    judge = CardJudge(american.winning.card, american.tiles, REGULARS["mei"])
    assert not judge.summed
    rack = next(_racks(american, 5, 1))[0]
    tiles = [t for t in np.flatnonzero(rack).tolist() if t != american.winning.card.joker]
    assert judge.worths_without(rack, tiles, (), None, None, b"\xff" * len(rack)) is None
    assert judge.nearest_without(rack, tiles, (), None) is None
    assert judge.rack_worth(rack, (), None, b"\xff" * len(rack)) is None
    assert judge.spare(rack, (), 3, 5) is None
    assert judge.picks(rack, tiles, 3, (), (), None, b"\xff" * len(rack), None) is None


def test_every_judge_of_the_same_numbers_shares_the_terms_worked_out(american):
    # each seat's bot has its own judge: the terms (a style's on a card) are worked out once
    card, tiles = american.winning.card, american.tiles
    one, two = CardJudge(card, tiles, REGULARS["mei"]), CardJudge(card, tiles, REGULARS["mei"])
    assert one.soft.table(3) is two.soft.table(3)
    assert one.soft.table(3) is not one.soft.table(4)
    other = CardJudge(card, tiles, REGULARS["rafi"])
    assert other.soft.table(3) is not one.soft.table(3)


def test_the_c_modules_least_distances_are_numpys(american, compiled):
    # a hand's spare tiles are counted by each candidate's least distance: in C in the
    # compiled build (judge.nearest_without), numpy's rack_measures_without otherwise
    judge = CardJudge(american.winning.card, american.tiles, REGULARS["mei"])
    joker = american.winning.card.joker
    compared = 0
    for rack, exposures, _, _ in _racks(american, 31, 60):
        tiles = [t for t in np.flatnonzero(rack).tolist() if t != joker]
        for gone in ((), tuple(tiles[:2])):
            rest = [t for t in tiles if rack[t] > gone.count(t)]
            got = judge.nearest_without(rack, rest, exposures, gone)
            less = (rack, rest, gone) if gone else (rack, rest)
            want = judge.needs(None, exposures, less).min(axis=1)
            assert got is not None and got == want.tolist()
            compared += 1
    assert compared == 120
    # every line ruled out by an exposure no line has: FAR, as numpy says
    east = next(k.index for k in american.tiles.kinds if k.code == "E")
    rack = next(_racks(american, 5, 1))[0]
    tiles = [t for t in np.flatnonzero(rack).tolist() if t != joker]
    assert judge.nearest_without(rack, tiles, (Exposure(east, 4, 0),), None) == [99] * len(tiles)


def test_the_tiles_a_hand_can_spare_are_counted_as_numpy_counts_them(american, compiled):
    """``spare`` (the blind passes and the courtesy offer): how many tiles the rack can give
    away one after another, each the one whose loss leaves the least distance (the first of
    equals), while no further than it is now: the C module's count in one call is the step
    loop's over numpy's distances (``needs``)."""
    judge = CardJudge(american.winning.card, american.tiles, REGULARS["mei"])
    joker = american.winning.card.joker
    counts = []
    need = judge.tables.need
    rng = np.random.default_rng(99)
    for i, (rack, exposures, _, _) in enumerate(_racks(american, 99, 60)):
        if i % 2:  # near a line of the card: its tiles, two of them swapped for others
            rack = need[int(rng.integers(0, len(need)))].astype(np.int16).copy()
            for t in rng.choice(np.repeat(np.arange(len(rack)), rack), 2, replace=False):
                rack[t] -= 1
            for t in rng.integers(0, len(rack), 2):
                rack[t] += 1
            exposures = ()
        now = judge.distance_of(rack, exposures)
        gone: list[int] = []
        want = 0
        while want < 3:
            cand = [t for t in range(len(rack)) if rack[t] > gone.count(t) and t != joker]
            less = (rack, cand, tuple(gone)) if gone else (rack, cand)
            d = judge.needs(None, exposures, less).min(axis=1)
            if d[int(d.argmin())] > now:
                break
            gone.append(cand[int(d.argmin())])
            want += 1
        assert judge.spare(rack, exposures, 3, now) == want
        counts.append(want)
    assert len(set(counts)) >= 3  # (racks that spare none, some and three)


def test_a_card_past_what_the_c_module_reads_is_numpys():
    # the C module reads a tile's index as a byte and a variant's as 16 bits: a tile set of
    # more than 255 kinds is answered by numpy (no bytes overflow mid-game)
    from mjdsl.bots import soft

    class Tables:  # (what _Columns reads of a card's tables)
        need = np.zeros((3, 300), dtype=np.int16)
        natural = np.zeros((3, 300), dtype=np.int16)

    tables = Tables()
    assert soft._Columns(tables).usable is False
    rack = np.zeros(300, dtype=np.int16)
    rack[[0, 1]] = 1
    assert soft._reading(tables, rack, [0], [], None, None, None) is None


def test_the_sums_read_from_dense_rows_are_the_entries_sums(american, compiled):
    """The C module sums a rack's variants over dense rows of each variant's needs (vector
    instructions) where a card's entries fit them, else over the entries themselves: the
    same whole numbers, so the same worths, least distances and spare counts to the bit. An
    entry needing none (which adds nothing) keeps a card's entries from the dense rows."""
    from mjdsl.bots import soft

    judge = CardJudge(american.winning.card, american.tiles, REGULARS["mei"])
    joker = american.winning.card.joker
    module = soft._compiled()
    cols = soft._Columns(judge.tables)
    entries = bytearray(cols.entries)
    first_end = int(np.frombuffer(cols.starts, dtype=np.uint32)[1])
    entries[3 * first_end:3 * first_end] = bytes((0, 0, 0))  # (variant 0: one entry more, needing none)
    starts = np.frombuffer(cols.starts, dtype=np.uint32).copy()
    starts[1:] += 1
    loose = (bytes(entries), starts.tobytes())
    asked = 0
    for rack, exposures, seen, live in _racks(american, 77, 30):
        tiles = [t for t in np.flatnonzero(rack).tolist() if t != joker]
        got = soft._reading(judge.tables, rack, tiles, [(e.tile, e.size) for e in exposures], joker, live, None)
        if got is None:
            continue
        _, _, filled, natural, jokers, live_l = got
        groups, out_of_play, live_joker = judge._summed(exposures, live)
        oop = out_of_play.to_bytes(cols.size, "little")
        limits = judge.dead_limits(rack, exposures, seen)
        answers = []
        for ent, sta in ((cols.entries, cols.starts), loose, (cols.entries, cols.starts)):
            common = (ent, sta, bytes(filled), bytes(natural), oop, cols.totals, jokers)
            answers.append((
                module.worths(*common, list(tiles), bytes(live_l), cols.concealed, judge.soft.weight_bytes,
                              judge.soft.table(live_joker), judge.soft.params(live_joker), limits, cols.by_tile),
                module.nearest(*common, list(tiles), cols.by_tile),
                module.spare(*common, [], cols.by_tile, 3, 4),
            ))
        assert answers[0] == answers[1] == answers[2]
        asked += answers[0][0] is not None
    assert asked >= 20
