"""The scoring language Chinese Official needed (issue 10): ``kinds(N)``, ``has(P)`` in a
set predicate, ``tile_visible`` when scoring, and ``rule R counts alone except R...``;
each changes what a hand scores, through the compiled conditions and the closures alike.
The whole ruleset is scored by hand in tests/scoring/mcr.txt."""

from __future__ import annotations

from pathlib import Path

import pytest

import mjdsl.cards  # noqa: F401 - first: main has an import circle card_build <-> cards (reported)
from mjdsl.diagnostics import Severity
from mjdsl.frontend.checked import check_file
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.scoring import score_hand
from mjdsl.scoring.notation import read_hand_input
from mjdsl.scoring.score import goes_out
from mjdsl.scoring.tables import tables_for

ROOT = Path(__file__).resolve().parent.parent

OVERLAY = '''extends "classical.mj"
tiles {
    class five "5b" "5c" "5d"
}
scoring {
    rule hog "Four alike, no kong": 1 double when won and kinds(4) - sets(kong) >= 1
    rule pairs_held "Kinds held twice": 1 point when won and kinds(2) == 7
    rule fives "A five in every set and the pair": 2 doubles when won and sets(not has(five)) == 0 and
        pairs(not has(five)) == 0
    rule pungs_of_fives "Pungs of fives": 1 point per set where five
    rule last_of_its_kind "Last of its kind": 1 double when won and tile_visible == 3
    rule plain "A plain hand": 100 points when won
    rule plain counts alone except mahjong pungs_of_fives
}
'''


@pytest.fixture(scope="module")
def auto(tmp_path_factory):
    p = tmp_path_factory.mktemp("mcr_lang") / "over.mj"
    p.write_text(OVERLAY, encoding="utf-8")
    return compile_ruleset(p)


def _names(auto, hand, win, exposed=(), kongs=(), compiled=True, table=()):
    inp = read_hand_input(auto, hand=hand, exposed=exposed, kongs=kongs, win=win, source="discard", seat="S",
                          table=table)
    return {line.name: line.count for line in score_hand(auto, inp, compiled=compiled).lines}


both = pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "closures"])


@both
def test_kinds_counts_four_alike_without_a_kong(auto, compiled):
    # 4b four times: in the chow 2-3-4 and the pung
    assert "hog" in _names(auto, "2b 3b 4b 4b 4b 4b 6c 7c 8c 9d 9d 9d N N", "N", compiled=compiled)
    # four alike as a kong is no hog
    assert "hog" not in _names(auto, "1b 2b 3b 6c 7c 8c 9d 9d 9d N N", "N", kongs=["4b"], compiled=compiled)
    # three alike and one more elsewhere is no hog either
    assert "hog" not in _names(auto, "1b 2b 3b 4b 4b 4b 6c 7c 8c 9d 9d 9d N N", "N", compiled=compiled)


@both
def test_has_holds_for_a_set_with_one_tile_of_the_class(auto, compiled):
    every = _names(auto, "3b 4b 5b 5c 6c 7c 4d 5d 6d 5d 5d 5d 5b 5b", "5b", compiled=compiled)
    assert "fives" in every
    # a class alone still reads every tile: only the pung 5d 5d 5d is of fives
    assert every.get("pungs_of_fives") == 1
    # one set without a five (6c 7c 8c) spoils it
    assert "fives" not in _names(auto, "3b 4b 5b 6c 7c 8c 4d 5d 6d 5d 5d 5d 5b 5b", "5b", compiled=compiled)


@both
def test_tile_visible_reads_the_table_at_the_end_of_the_hand(auto, compiled):
    hand = ("1b 2b 3b 4c 5c 6c 7d 8d 9d 2b 3b 4b R R", "R")
    assert "last_of_its_kind" not in _names(auto, *hand, compiled=compiled)
    assert "last_of_its_kind" in _names(auto, *hand, compiled=compiled, table=["tile_visible=3"])
    assert "last_of_its_kind" not in _names(auto, *hand, compiled=compiled, table=["tile_visible=2"])


@pytest.fixture(scope="module")
def mcr():
    return compile_ruleset(ROOT / "rulesets" / "mcr.mj")


CHICKEN = dict(hand="7b 8b 9b N N", exposed=["2b 3b 4b", "6c 7c 8c", "3d 4d 5d"], win="9b", seat="S")


@both
@pytest.mark.parametrize("source,bonus,alone", [
    ("discard", "", True),          # no fan at all
    ("discard", "f1 s3", True),     # the flowers are named after `except`
    ("wall", "", False),            # self-drawn is a fan
    ("last_of_wall", "f2", False),
])
def test_a_rule_that_counts_alone(mcr, compiled, source, bonus, alone):
    inp = read_hand_input(mcr, source=source, bonus=bonus, **CHICKEN)
    names = {line.name for line in score_hand(mcr, inp, compiled=compiled).lines}
    assert ("chicken_hand" in names) == alone
    assert ("flower_tiles" in names) == bool(bonus)


def test_every_other_rule_excludes_the_rule_alone_and_exclusions_of_one_rule_merge(auto):
    t = tables_for(auto)
    alone = t.index_of_rule["plain"]
    for name, i in t.index_of_rule.items():
        if name in ("plain", "mahjong", "pungs_of_fives"):
            assert alone not in t.excluded_by.get(i, frozenset())
        else:
            assert alone in t.excluded_by[i], name


@pytest.mark.parametrize("text,code", [
    ("scoring {\n    rule a: 1 double when won\n    rule a counts alone except b\n}\n", "MJ204"),
    ("scoring {\n    rule b counts alone\n}\n", "MJ204"),
    # a rule alone is excluded by every other rule: excluding one of them too, neither would count
    ("scoring {\n    rule a: 1 double when won\n    rule b: 1 double when won\n    rule a counts alone\n"
     "    rule a excludes b\n}\n", "MJ285"),
    ("scoring {\n    rule a: 1 double when has(honour)\n}\n", "MJ204"),  # a set predicate's function
    ("scoring {\n    rule a: 1 double when kinds(4, 2) > 0\n}\n", "MJ218"),
])
def test_mistakes_are_refused_with_their_code(tmp_path, text, code):
    p = tmp_path / "bad.mj"
    p.write_text('extends "classical.mj"\n' + text, encoding="utf-8")
    assert code in [d.code for d in check_file(p).diagnostics]


def test_the_overlay_checks_clean(auto, tmp_path):
    p = tmp_path / "over.mj"
    p.write_text(OVERLAY, encoding="utf-8")
    assert [d.code for d in check_file(p).diagnostics if d.severity is Severity.ERROR] == []


def test_the_minimum_leaves_the_flowers_out(mcr):
    auto = mcr
    # a chicken hand with two flowers: 10 points, 8 without them
    kw = dict(hand="7b 8b 9b N N", exposed=["2b 3b 4b", "6c 7c 8c", "3d 4d 5d"], win="9b", source="discard",
              seat="S")
    res = score_hand(auto, read_hand_input(auto, bonus="f1 s3", **kw))
    assert res.total == 10 and goes_out(auto, res)
    # 4 points of fan (a pung of terminals, a mixed double chow, a short straight, a
    # single wait) and four flowers: 8 in all, below the minimum
    kw = dict(hand="9d 9d 9d 1c 2c 3c S S", exposed=["1b 2b 3b", "4c 5c 6c"], win="S", source="discard", seat="S")
    res = score_hand(auto, read_hand_input(auto, bonus="f1 f2 s1 s2", **kw))
    assert res.total == 8 and not goes_out(auto, res)
    # all eight flowers (12 in all) still do not make the minimum
    res = score_hand(auto, read_hand_input(auto, bonus="f1 f2 s1 s2 f3 f4 s3 s4", **kw))
    assert res.total == 12 and not goes_out(auto, res)


# 13 tiles that claim nothing from a 5b; and a hand waiting on 5b alone (the middle of 4-6)
QUIET = "1b 4b 7b 1c 4c 7c 1d 4d 7d E S W N"
WAITS_5B = "4b 6b 1c 1c 1c 2d 3d 4d 7d 8d 9d R R"


@pytest.mark.parametrize("shown,counted", [(3, True), (2, False)])
def test_tile_visible_in_play_counts_the_winning_tiles_others_on_the_table(auto, shown, counted):
    from engine_script import act, scripted

    g = scripted(auto, {0: "5b " + QUIET, 1: "2b 8b 9b 2c 5c 8c 5d 9d 9c S W N G",
                        2: WAITS_5B, 3: "3c 6c 9c 3d 6d 9d 2b 9b E S W N G"})
    five = auto.tiles.parse("5b")[0]
    st = g.st
    for seat in (1, 3, 3)[:shown]:  # discarded earlier in the hand
        st.wall.remove(five)
        st.discards[seat].append(five)
    st.tail = len(st.wall)
    act(g, 0, "discard 5b")
    act(g, 2, "mah jongg")
    assert st.result["winner"] == 2
    assert ("last_of_its_kind" in st.result["rules"]) is counted
