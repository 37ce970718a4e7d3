"""``wait(SHAPE)``: how the winning tile completed its set in the reading scored
(docs/language.md, "Facts and functions"), through both scorers, and MJ286 for a
word that is no wait shape; and :func:`mjdsl.scoring.calling`, the tiles a hand waits
on, when a declared set holds the last copies of one, and the special hands it asks."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from mjdsl.frontend.checked import check_file
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.hands import Meld
from mjdsl.scoring import calling, score_hand
from mjdsl.scoring import waits as waits_module
from mjdsl.scoring.notation import read_hand_input

ROOT = Path(__file__).resolve().parent.parent
SHAPES = ("two_sided", "closed", "edge", "pair", "pung")


@pytest.fixture(scope="module")
def auto(tmp_path_factory):
    """riichi.mj with a rule per shape, valued by its points alone (each shape its own bit)."""
    path = tmp_path_factory.mktemp("waits") / "waits.mj"
    rules = "\n".join(f"    rule {s}: {2 ** i} points when won and wait({s})" for i, s in enumerate(SHAPES))
    path.write_text(f'extends "riichi.mj"\nscoring {{\n    value points\n    limit 100000\n{rules}\n}}\n',
                    encoding="utf-8")
    return compile_ruleset(path)


def _shapes(auto, hand: str, win: str, compiled: bool) -> set[str]:
    result = score_hand(auto, read_hand_input(auto, hand=hand, win=win, source="wall", seat="S"), compiled=compiled)
    return {n for n in result.rule_names if n in SHAPES}


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "closures"])
@pytest.mark.parametrize("hand, win, shape", [
    ("2m 3m 4m 5p 6p 7p 3s 4s 5s 6s 7s 8s 8p 8p", "8s", "two_sided"),  # 8s on 6s 7s
    ("2m 3m 4m 5p 6p 7p 3s 4s 5s 6s 7s 8s 8p 8p", "2m", "two_sided"),  # 2m on 3m 4m
    ("2m 3m 4m 5p 6p 7p 3s 4s 5s 6s 7s 8s 8p 8p", "6p", "closed"),  # 6p between 5p and 7p
    ("1m 2m 3m 5p 6p 7p 3s 4s 5s 6s 7s 8s 8p 8p", "3m", "edge"),  # 3m on 1m 2m
    ("7m 8m 9m 5p 6p 7p 3s 4s 5s 6s 7s 8s 8p 8p", "7m", "edge"),  # 7m on 8m 9m
    ("2m 3m 4m 5p 6p 7p 3s 4s 5s 6s 7s 8s 8p 8p", "8p", "pair"),
    ("2m 3m 4m 5p 6p 7p 3s 4s 5s 8s 8s 8s 8p 8p", "8s", "pung"),  # 8s 8s and 8p 8p waiting
])
def test_the_winning_tiles_place_gives_the_shape(auto, hand, win, shape, compiled):
    assert _shapes(auto, hand, win, compiled) == {shape}


def test_the_best_reading_decides_between_shapes(auto):
    # 3p fills the middle of 2p-4p (closed: 2 fu and this table's 2 points) or ends 3p-5p
    # (two-sided: 1 point): the reading that scores more is kept, and only its shape counts
    assert _shapes(auto, "2p 3p 4p 3p 4p 5p 6s 7s 8s 2m 3m 4m 9m 9m", "3p", True) == {"closed"}


def test_a_special_hand_has_no_wait_shape(auto):
    hand = "1m 9m 1p 9p 1s 9s E S W N P F C C"
    assert _shapes(auto, hand, "C", True) == set()


def test_a_word_that_is_no_wait_shape_is_refused(tmp_path):
    path = tmp_path / "bad.mj"
    path.write_text("scoring {\n    rule a: 2 points when wait(kanchan)\n}\n", encoding="utf-8")
    diags = [d for d in check_file(path).diagnostics if d.code == "MJ286"]
    assert len(diags) == 1 and "kanchan" in diags[0].message and "two_sided" in diags[0].hint


def _calling(auto, concealed: str, meld: tuple[str, str] | None) -> list[str]:
    tiles = auto.tiles
    counts = [0] * len(tiles.kinds)
    for code in concealed.split():
        counts[tiles.index(code)] += 1
    melds = [Meld(meld[0], tiles.index(meld[1]), False)] if meld else []
    return [tiles.kinds[i].code for i in calling(auto, counts, melds)]


@pytest.mark.parametrize("meld, waits", [
    (("chow", "1p"), ["6m", "9m"]),  # 6m: 234 666 678 99; 9m: 234 666 789 99
    (("chow", "5m"), ["9m"]),  # 5m 6m 7m holds the fourth 6m
    (("chow", "6m"), ["9m"]),  # so does 6m 7m 8m (6m its lowest tile)
    (("chow", "4m"), ["9m"]),  # and 4m 5m 6m (6m its highest)
    (("chow", "7m"), ["6m", "9m"]),  # 7m 8m 9m holds a 9m: with the two in hand, one is still to come
])
def test_a_tile_whose_last_copy_is_on_a_declared_chow_is_no_wait(auto, meld, waits):
    assert _calling(auto, "2m 3m 4m 6m 6m 6m 7m 8m 9m 9m", meld) == waits


@pytest.mark.parametrize("meld, waits", [
    (("pung", "E"), ["9s"]),
    (("pung", "9s"), []),  # the pung and the one in hand are all four
])
def test_a_single_wait_on_a_tile_declared_three_times_is_none(auto, meld, waits):
    assert _calling(auto, "2m 3m 4m 5p 6p 7p 1s 2s 3s 9s", meld) == waits


def test_an_open_special_hand_is_called_with_the_set_declared_for_it(tmp_path):
    """Nine Gates without `concealed`: the pung of 9s may be declared, and the hand
    still calls on every tile of its suit (the pung's tiles are the special hand's)."""
    path = tmp_path / "open-gates.mj"
    path.write_text('extends "classical-bmja.mj"\n\nwinning {\n    pattern open_gates "Open gates" {\n'
                    "        counts 3 1 1 1 1 1 1 1 3 in one suit\n        one more of that suit\n    }\n}\n",
                    encoding="utf-8")
    auto = compile_ruleset(path)
    assert _calling(auto, "1c 1c 1c 2c 3c 4c 5c 6c 7c 8c", ("pung", "9c")) == [f"{r}c" for r in range(1, 10)]


def test_a_knitted_hand_ruled_out_leaves_the_special_hands_after_it_to_be_asked(tmp_path):
    """BMJA's knitting patterns come before a house seven pairs: a hand of pairs in two
    suits is no knitting, and still calls for the seven pairs."""
    path = tmp_path / "seven-pairs.mj"
    path.write_text('extends "classical-bmja.mj"\n\nwinning {\n    pattern seven_pairs "Seven pairs" {\n'
                    "        pairs 7 of simple + terminal + honour distinct\n        concealed\n    }\n}\n",
                    encoding="utf-8")
    auto = compile_ruleset(path)
    assert _calling(auto, "1b 1b 2b 2b 3b 3b 4c 4c 5c 5c 6c 6c 8c", None) == ["8c"]  # BMJA: one chow at most


def test_a_hand_of_the_wrong_size_calls_on_nothing(auto):
    # 14 tiles (a whole hand) and 12: no one tile makes either four sets and a pair, or
    # seven pairs or thirteen orphans
    assert _calling(auto, "2m 3m 4m 5p 6p 7p 3s 4s 5s 6s 7s 8s 8p 8p", None) == []
    assert _calling(auto, "2m 3m 4m 5p 6p 7p 3s 4s 5s 6s 7s 8p", None) == []



def test_the_sets_beside_a_patterns_parts_are_no_hand_of_their_own():
    """Chinese Official's knitted straight is its nine knitted tiles with one set and a
    pair beside them: the set and the pair alone (a pung and a tile, five with the
    tile that comes) are no winning hand, so four tiles call on nothing."""
    auto = compile_ruleset(ROOT / "rulesets" / "mcr.mj")
    assert _calling(auto, "2b 2b 2b 5c", None) == []
    assert _calling(auto, "2b 3b 4b 5c", None) == []

def test_a_wait_that_needs_four_chows_in_one_suit(auto):
    # 1m-9m 2m 3m 4m 5m: 2m makes 22 123 345 456 789, 5m makes 55 123 234 456 789, each
    # four chows in the one suit that receives the tile (no pung reading: 222 or 555
    # leaves 1m 3m 3m 4m 4m 6m-9m, or 1m-4m 2m-4m 6m-9m, and neither splits)
    assert _calling(auto, "1m 2m 3m 4m 5m 6m 7m 8m 9m 2m 3m 4m 5m", None) == ["2m", "5m"]


def test_the_other_suits_chows_are_counted_at_their_fewest():
    """max_chows 3: 111 222 333 of craks reads as three pungs (no chow) or three chows;
    with the first, the bamboo chow a 4b or a 7b makes is the hand's one chow."""
    auto = compile_ruleset(ROOT / "rulesets" / "classical.mj", [("max_chows", "3")])
    assert _calling(auto, "1c 1c 1c 2c 2c 2c 3c 3c 3c 5b 6b E E", None) == ["4b", "7b"]


def test_a_tile_no_set_can_hold_leaves_no_standard_wait(tmp_path):
    """A joker in a table without a jokers block stands for nothing: a hand holding one
    is never four sets and a pair, however close the rest is."""
    text = (ROOT / "rulesets" / "classical.mj").read_text(encoding="utf-8")
    text = text.replace("    class green", '    joker "J" x8\n    class green', 1).replace("    length 18", "    length 19", 1)
    path = tmp_path / "jokers.mj"
    path.write_text(text, encoding="utf-8")
    auto = compile_ruleset(path)
    assert _calling(auto, "1c 2c 3c 4c 5c 6c 7c 8c 9c 2b 3b 4b 5b", None) == ["2b", "5b"]  # 22 345, 234 55
    assert _calling(auto, "1c 2c 3c 4c 5c 6c 7c 8c 9c 2b 3b 4b J", None) == []


def test_a_knitted_hand_is_judged_by_its_own_parts_not_by_a_dead_patterns_memo(monkeypatch):
    """The knitted check remembers, per rank, the fewest tiles the knitted parts leave
    out. A dead pattern's address is given to new objects (mjdsl/memo.py), so what it
    remembers must be keyed by what the answer depends on, the parts: here answers of
    a dead pattern (every rank leaving three tiles out) lie under the live pattern's
    address, as a reused address would leave them, and BMJA's Knitting is still called."""
    auto = compile_ruleset(ROOT / "rulesets" / "classical-bmja.mj")
    hand = "1b 1c 2b 2c 3b 3c 4b 4c 5b 5c 6b 6c 7b"
    assert _calling(auto, hand, None) == ["7c"]  # seven knitted pairs of bams and craks
    stale = {(id(p.special), vec): 3 for p in auto.winning.patterns if p.special is not None
             for n in (2, 3) for vec in itertools.product(range(5), repeat=n)}
    monkeypatch.setattr(waits_module, "_LEFTOVER", stale)
    assert _calling(auto, hand, None) == ["7c"]


def test_a_knitted_plan_is_its_own_patterns_not_one_left_at_its_address(monkeypatch):
    """The knitted check's plan (the parts' widths, the suits' bindings) is remembered
    per pattern in the score tables. A dead pattern's address is given to new objects
    (mjdsl/memo.py): here every pattern has one address, as a reused one would, and
    the plan a pattern of knitted triples left there (three suits a rank, which this
    hand of two suits never fills) must not rule out BMJA's Knitting (seven pairs)."""
    import attrs

    from mjdsl.hands.patterns import Knitted
    from mjdsl.scoring.tables import tables_for

    auto = compile_ruleset(ROOT / "rulesets" / "classical-bmja.mj")
    hand = "1b 1c 2b 2c 3b 3c 4b 4c 5b 5c 6b 6c 7b"
    specials = {p.name: p.special for p in auto.winning.patterns if p.special is not None}
    t = tables_for(auto)
    counts = [0] * len(auto.tiles.kinds)
    for code in hand.split():
        counts[auto.tiles.index(code)] += 1
    monkeypatch.setattr(waits_module, "id", lambda obj: 17, raising=False)  # one address for all
    t.knit_plans.clear()
    triples = attrs.evolve(specials["triple_knitting"], name="triples", parts=(Knitted(4, ("a", "b", "c")),))
    assert waits_module.knitting_could_complete(t, triples, counts) is False
    assert waits_module.knitting_could_complete(t, specials["knitting"], counts)
    assert _calling(auto, hand, None) == ["7c"]


def test_the_knitted_check_weighs_each_ranks_tiles_on_their_own(monkeypatch):
    """The fewest tiles a rank's counts leave out of knitted groups is remembered by
    the counts (and the parts' widths): after a hand whose ranks each knit whole, a
    hand with three of one suit at a rank, in every pairing of suits, is still ruled
    out of BMJA's Knitting."""
    from mjdsl.scoring.tables import tables_for

    auto = compile_ruleset(ROOT / "rulesets" / "classical-bmja.mj")
    knitting = next(p.special for p in auto.winning.patterns if p.name == "knitting")
    t = tables_for(auto)

    def counts(text: str) -> list[int]:
        out = [0] * len(auto.tiles.kinds)
        for code in text.split():
            out[auto.tiles.index(code)] += 1
        return out

    monkeypatch.setattr(waits_module, "_LEFTOVER", {})
    assert waits_module.knitting_could_complete(t, knitting, counts("1b 1c 2b 2c 3b 3c 4b 4c 5b 5c 6b 6c 7b"))
    assert waits_module.knitting_could_complete(t, knitting, counts("1b 1b 1b 2c 2c 2c 3d 3d 3d 4b 4b 4b 5c")) is False
