"""Indicators (issue 10, dora): `cycle ...` in the tiles block says what an indicator
points at, `indicators N [more after each kong]` and `under indicators [when COND]` in
the wall block which tiles of the dead wall are shown; the facts `indicated` and
`indicated_under` count the hand's tiles they point at, and rulesets/riichi.mj adds
them to the han (not to the yaku: a hand of dora alone does not go out)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine_script import act, names, scripted
from mjdsl.engine.game import CHANCE
from mjdsl.engine.state import Exposure
from mjdsl.engine.table_facts import indicator_tiles, table_fact
from mjdsl.frontend.checked import check_file
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.tiles import indicated

RIICHI = Path(__file__).resolve().parent.parent / "rulesets" / "riichi.mj"

DEALER = "5p 1m 5m 9m 1s 5s 9s E S W N P F 1p"
WINNER = "2m 3m 4m 6m 7m 8m 3s 4s 5s 4p 6p 8s 8s"  # tanyao, waits on 5p
# the dead wall from its live end: the indicator 3m (dora 4m), under it 7s (ura-dora 8s)
DEAD = "3m 7s 9p 9p 9p 9p 1s 1s 1s 9s 9s 9s N N"


@pytest.fixture(scope="module")
def auto():
    return compile_ruleset(RIICHI)


def test_cycles_point_at_the_next_tile_and_wrap(auto):
    t = auto.tiles
    nxt = {t.kinds[i].code: t.kinds[j].code for i, j in enumerate(auto.indicates) if j >= 0}
    assert nxt["3m"] == "4m" and nxt["9m"] == "1m" and nxt["9s"] == "1s"
    assert nxt["E"] == "S" and nxt["N"] == "E" and nxt["P"] == "F" and nxt["C"] == "P"
    # two indicators of one tile count its tiles twice
    held = [0] * t.size
    held[t.index("4m")] = 2
    assert indicated(auto.indicates, held, [t.index("3m"), t.index("3m"), t.index("E")]) == 4


def _won(auto, riichi: bool):
    g = scripted(auto, {0: DEALER, 1: WINNER}, dead=DEAD)
    if riichi:
        g.st.announced[1].append("riichi")
    act(g, 0, "discard 5p")
    while g.current_player() != 1:
        act(g, g.current_player(), "no claim")
    act(g, 1, "mah jongg")
    while not g.is_terminal():
        g.apply_action(g.chance_outcomes()[0][0] if g.current_player() == CHANCE else g.legal_actions()[0])
    return g


def test_the_indicator_shown_counts_as_han_and_the_tiles_under_it_only_for_riichi(auto):
    g = _won(auto, riichi=False)
    assert [auto.tiles.kinds[i].code for i in indicator_tiles(g)] == ["3m"]
    assert table_fact(g, 1, "indicated") == 1 and table_fact(g, 1, "indicated_under") == 0
    # tanyao 1 + dora 1: 2 han 40 fu, 640; the discarder pays 2560, rounded up: 2600
    assert g.st.returns[:2] == [-2600, 2600]
    g = _won(auto, riichi=True)
    assert table_fact(g, 1, "indicated_under") == 2  # the 7s under the indicator: two 8s
    # riichi 1 + tanyao 1 + dora 1 + ura-dora 2 = 5 han: mangan, 8000 (and the riichi stick)
    assert g.st.returns[:2] == [-8000, 8000]


def test_each_kong_shows_one_more_indicator(auto):
    g = scripted(auto, {0: DEALER, 1: WINNER}, dead=DEAD)
    assert len(indicator_tiles(g)) == 1
    g.st.exposures[2].append(Exposure("kong_concealed", auto.tiles.index("E"), 4, concealed=True))
    shown = indicator_tiles(g)
    assert len(shown) == 2 and auto.tiles.kinds[shown[1]].code == "9p"  # the third tile of the dead wall


def test_dora_alone_is_no_yaku():
    # an open hand of no yaku with three dora: the engine offers no win
    auto = compile_ruleset(RIICHI)
    # 1-2-3m, a pung of 4m (three dora under the 3m indicator), 6-7p waiting on 5p, 9m 9m,
    # and a chi of 1-2-3s: no yaku (no all simples, no dragon, an open hand)
    g = scripted(auto, {0: DEALER, 1: "1m 2m 3m 4m 4m 4m 6p 7p 9m 9m 1s 2s 3s"},
                 dead="3m 7s 9p 9p 9p 9p 2p 2p 2p 9s 9s 9s N N")
    g.st.exposures[1].append(Exposure("chi", auto.tiles.index("1s"), 3, source=0,
                                      run=tuple(auto.tiles.index(c) for c in ("1s", "2s", "3s"))))
    for c in ("1s", "2s", "3s"):
        g.take(1, auto.tiles.index(c))
    g._legal = (-1, [])
    assert table_fact(g, 1, "indicated") == 3
    act(g, 0, "discard 5p")
    assert not (g.current_player() == 1 and "mah jongg" in names(g))


@pytest.mark.parametrize("text, code", [
    ('tiles {\n    cycle "E" "S"\n    cycle "S" "W" "N"\n}\n', "MJ249"),  # S would point two ways
    ('tiles {\n    cycle "E" "X"\n}\n', "MJ214"),                        # X is no tile
    ('wall {\n    dead wall 4\n}\n', "MJ287"),                          # no room for the indicators
])
def test_cycles_and_indicators_are_checked(text, code, tmp_path, monkeypatch):
    monkeypatch.setenv("MJDSL_PATH", str(RIICHI.parent))
    path = tmp_path / "over.mj"
    path.write_text('extends "riichi.mj"\n' + text, encoding="utf-8")
    assert code in {d.code for d in check_file(path).diagnostics}


def test_tiles_under_the_indicators_an_option_turns_off_are_never_turned_up(tmp_path):
    """``under indicators when OPTION`` with the option off: no tile under an indicator
    counts (a condition the options make false was read as one they make true)."""
    text = RIICHI.read_text(encoding="utf-8").replace("under indicators when announced(riichi) or announced(double_riichi)",
                                                      "under indicators when double_ron")
    path = tmp_path / "riichi-under-option.mj"
    path.write_text(text, encoding="utf-8")
    assert compile_ruleset(path).wall.under
    assert not compile_ruleset(path, [("double_ron", "off")]).wall.under


def test_a_suited_tile_named_again_beside_cycle_suits_is_in_two_cycles(tmp_path):
    text = RIICHI.read_text(encoding="utf-8").replace("    cycle suits\n", '    cycle suits\n    cycle "1m" "2m"\n')
    path = tmp_path / "riichi-two-cycles.mj"
    path.write_text(text, encoding="utf-8")
    assert "MJ249" in {d.code for d in check_file(path).errors}


@pytest.mark.parametrize("dead", [12, 13, 14])
def test_the_dead_wall_has_room_for_the_indicators_and_the_kong_replacements(dead, auto, tmp_path, monkeypatch):
    """MJ287 counts the kong replacements the engine draws from the far end of the kong
    box beside the indicators (from its live end): four kongs show five indicators (ten
    tiles with the tiles under them) and draw four replacements. Riichi's 14 holds them;
    a box of 12 or 13 lets the fourth replacement take a tile under an indicator (the old
    check asked only for the ten)."""
    import attrs

    from mjdsl.engine.game import Game

    monkeypatch.setenv("MJDSL_PATH", str(RIICHI.parent))
    path = tmp_path / "over.mj"
    path.write_text(f'extends "riichi.mj"\nwall {{\n    dead wall {dead}\n}}\n', encoding="utf-8")
    refused = "MJ287" in {d.code for d in check_file(path).diagnostics}
    # the engine with that box: four replacements drawn, four kongs on the table
    g = Game(attrs.evolve(auto, wall=attrs.evolve(auto.wall, dead=dead)), dealer=0)
    while g.current_player() == CHANCE:
        outs = g.chance_outcomes()
        g.apply_action(outs[0][0] if outs else 0)
    st = g.st
    first = len(st.wall) - st.reserve
    drawn = set()
    for _ in range(4):
        assert g.draw_dead() is not None
        drawn.add(st.tail)
    shown = range(first, first + 2 * (1 + 4))  # the indicators of four kongs and the tiles under them
    assert bool(drawn & set(shown)) == refused == (dead < 14)


def _codes(auto, tiles):
    return [auto.tiles.kinds[i].code for i in tiles]


def test_the_indicators_and_the_tiles_under_them_lie_in_pairs_from_the_dead_walls_live_end(auto):
    # the dead wall from its live end: indicator 3m, under it 7s; after a kong the next
    # pair, indicator 9p, under it 1s
    g = scripted(auto, {0: DEALER, 1: WINNER}, dead="3m 7s 9p 1s 2p 2p 2p 9s 9s 9s N N 1s 1s")
    assert (_codes(auto, indicator_tiles(g)), _codes(auto, indicator_tiles(g, under=True))) == (["3m"], ["7s"])
    g.st.exposures[2].append(Exposure("kong_concealed", auto.tiles.index("E"), 4, concealed=True))
    assert _codes(auto, indicator_tiles(g)) == ["3m", "9p"]
    assert _codes(auto, indicator_tiles(g, under=True)) == ["7s", "1s"]


def test_without_more_after_each_kong_a_kong_shows_no_more_indicators(tmp_path):
    text = RIICHI.read_text(encoding="utf-8").replace("    indicators 1 more after each kong\n", "    indicators 1\n")
    path = tmp_path / "riichi-one-indicator.mj"
    path.write_text(text, encoding="utf-8")
    one = compile_ruleset(path)
    g = scripted(one, {0: DEALER, 1: WINNER}, dead=DEAD)
    assert _codes(one, indicator_tiles(g)) == ["3m"]
    g.st.exposures[2].append(Exposure("kong_concealed", one.tiles.index("E"), 4, concealed=True))
    assert _codes(one, indicator_tiles(g)) == ["3m"]


def test_an_exposed_sets_tiles_count_for_the_indicator(auto):
    g = scripted(auto, {0: DEALER, 1: "1m 2m 3m 6p 7p 9m 9m 2s 3s 4s"}, dead=DEAD)
    four = auto.tiles.index("4m")  # the 3m indicator points at 4m
    g.st.exposures[1].append(Exposure("pon", four, 3, source=0))
    assert table_fact(g, 1, "indicated") == 3


def test_a_ruleset_without_indicators_shows_none_and_counts_no_tile():
    classical = compile_ruleset(RIICHI.parent / "classical.mj")
    g = scripted(classical, {0: "1b 1b 1b 2c 3c 4c 5d 6d 7d E E E S S"})
    assert indicator_tiles(g) == [] and indicator_tiles(g, under=True) == []
    assert table_fact(g, 0, "indicated") == 0
