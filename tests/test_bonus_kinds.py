"""Kinds of bonus tile of a ruleset's own and the instant payments for groups of them
(issue 10, item 6): `bonus animal ...` and `on bonus ...: others pay N points`, read
by the engine as rulesets/singapore.mj writes them (the cat with the mouse, a seat's
own flower with its own season, the four animals).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine_script import act, no_claims, scripted
from mjdsl.engine.steps_setup import replace_bonus_tiles
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.render.rulebook import render_rulebook

ROOT = Path(__file__).resolve().parent.parent
SINGAPORE = ROOT / "rulesets" / "singapore.mj"
# 13-tile hands that claim nothing from the discards used below
QUIET = "1b 4b 7b 1c 4c 7c 1d 4d 7d E S W N"


@pytest.fixture(scope="module")
def auto():
    return compile_ruleset(SINGAPORE)


def _bonus(auto, codes: str) -> list[int]:
    return auto.tiles.parse(codes)


def _draw_for_south(auto, drawn: str, set_aside: str, dealer: int = 0):
    """The dealer discards 9d, nobody claims, the next seat draws ``drawn``: the game
    after that draw, with ``set_aside`` already among the next seat's bonus tiles."""
    g = scripted(auto, {dealer: "9d " + QUIET, (dealer + 1) % 4: QUIET}, wall=drawn, dealer=dealer, dead="2b 3b")
    g.st.bonus[(dealer + 1) % 4] = _bonus(auto, set_aside)
    act(g, dealer, "discard 9d")
    no_claims(g)
    return g


def test_the_cat_drawn_to_the_mouse_is_paid_at_once(auto):
    g = _draw_for_south(auto, "cat", "mouse")
    assert sorted(auto.tiles.codes(g.st.bonus[1])) == ["cat", "mouse"]
    assert g.st.returns == [-1, 3, -1, -1]


def test_an_animal_alone_is_not_paid(auto):
    g = _draw_for_south(auto, "cat", "rooster")
    assert g.st.returns == [0, 0, 0, 0]


def test_the_own_flower_to_the_own_season_is_paid_and_another_seats_is_not(auto):
    assert _draw_for_south(auto, "f2", "s2").st.returns == [-1, 3, -1, -1]
    assert _draw_for_south(auto, "f1", "s1").st.returns == [0, 0, 0, 0]


def test_a_seats_own_tiles_follow_the_deal(auto):
    # seat 3 deals, so seat 0 sits South: its own tiles are f2 and s2, no longer f1 and s1
    assert _draw_for_south(auto, "f2", "s2", dealer=3).st.returns == [3, -1, -1, -1]
    assert _draw_for_south(auto, "f1", "s1", dealer=3).st.returns == [0, 0, 0, 0]


def test_the_four_animals_dealt_pay_both_bites_and_the_set(auto):
    g = scripted(auto, {2: "cat mouse rooster centipede 1b 4b 7b 1c 4c 7c 1d 4d 7d"}, dead="2b 3b 5b 6b")
    replace_bonus_tiles(g, 2, {"animal"})
    assert sorted(auto.tiles.codes(g.st.bonus[2])) == ["cat", "centipede", "mouse", "rooster"]
    # cat and mouse 1, rooster and centipede 1, all four 2: 4 from each other seat
    assert g.st.returns == [-4, -4, 12, -4]


def test_a_group_is_paid_once(auto):
    g = _draw_for_south(auto, "cat", "mouse")
    g.st.bonus[1].append(auto.tiles.index("rooster"))  # more bonus tiles do not pay the bite again
    assert g.st.returns == [-1, 3, -1, -1]


def test_without_the_statements_nothing_is_paid(tmp_path):
    p = tmp_path / "quiet.mj"
    p.write_text('extends "singapore.mj"\nruleset "no bites"\nremove payments {\n'
                 '    on bonus "cat" "mouse": others pay 1 points\n}\n', encoding="utf-8")
    g = _draw_for_south(compile_ruleset(p), "cat", "mouse")
    assert g.st.returns == [0, 0, 0, 0]


def test_animals_are_bonus_tiles_scored_and_printed_under_their_name(auto):
    from mjdsl.scoring.notation import read_hand_input
    from mjdsl.scoring.score import score_hand

    hand = read_hand_input(auto, hand="1b 2b 3b 4c 5c 6c 7d 8d 9d 2b 3b 4b 5d 5d", exposed=(), bonus="cat",
                           win="5d", source="discard", seat="S")
    assert [line.name for line in score_hand(auto, hand).lines] == ["animal"]
    assert all(k.is_bonus for k in auto.tiles.of_class("animal"))


def test_the_rule_book_names_the_animals_and_their_bites():
    text = render_rulebook(SINGAPORE, "md")
    assert "- Animals: cat mouse rooster centipede" in text
    assert "Flowers: cat" not in text
    assert "bonus tiles set aside come to hold cat and mouse is paid 1 point at once" in text
    assert "hold their own flower and their own season is paid 1 point at once" in text


# -- found by reading the merged change (session 5) -----------------------------------------

def test_the_setup_replacements_count_every_kind_of_bonus_tile_set_aside():
    """MJ248 counts the animals too: a deal must leave room for every bonus tile replaced."""
    from mjdsl.check.numbers import most_setup_replacements
    from mjdsl.frontend.checked import check_file

    ctx = check_file(ROOT / "rulesets" / "singapore.mj").ctx
    bonus, _kongs = most_setup_replacements(ctx, ("flower", "season", "animal"))
    assert bonus == 12  # 8 flowers and seasons, 4 animals
    assert most_setup_replacements(ctx, ("flower", "season"))[0] == 8


def test_a_kind_of_bonus_tile_named_kong_is_refused(tmp_path):
    from mjdsl.frontend.checked import check_file

    text = (ROOT / "rulesets" / "singapore.mj").read_text(encoding="utf-8").replace("bonus animal", "bonus kong")
    path = tmp_path / "kong-kind.mj"
    path.write_text(text, encoding="utf-8")
    assert "MJ288" in {d.code for d in check_file(path).errors}


def test_the_bites_are_said_in_the_rule_books_language():
    from mjdsl.server.i18n import translations

    zh = render_rulebook(SINGAPORE, "md", translations=translations("zh"))
    assert "自己的花" in zh and "their own" not in zh
