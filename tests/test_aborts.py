"""Abortive draws (issue 10): `abort "TITLE" when COND` in play.

The hands played from walls laid out by hand are tests/scenarios/abort-*.txt (four
winds, four winds not alike, four riichi, four kongs by two players); here, what the
checker refuses, a recorded aborted hand replaying, and the session reading it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from checking import codes_of
from mjdsl.cli import main
from mjdsl.engine.run import SessionClock
from mjdsl.frontend.compile import compile_ruleset

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ROOT / "rulesets"


def _overlay(*lines: str) -> str:
    return 'extends "riichi.mj"\nplay {\n' + "".join(f"    {line}\n" for line in lines) + "}\n"


@pytest.mark.parametrize("line", [
    'abort "Kuikae" when just_claimed',            # the tile in question: none before a draw
    'abort "Seen" when tile_visible > 2',
    'abort "Always" when 1 == 1',                  # every hand would end at its first draw
    'abort "Never" when false',
])
def test_an_abort_that_cant_be_asked_or_tells_nothing_is_refused(line):
    assert "MJ277" in codes_of(_overlay(line))


def test_two_aborts_of_one_title_are_refused_and_riichis_are_not():
    assert "MJ277" in codes_of(_overlay('abort "Kongs" when kongs == 3', 'abort "Kongs" when kongs == 4'))
    assert "MJ277" not in codes_of('extends "riichi.mj"\n')
    assert "MJ204" in codes_of(_overlay('abort "X" when announcers(riichy) == 4'))


def test_a_recorded_aborted_hand_replays(tmp_path, capsys):
    logs = tmp_path / "logs"
    assert main(["simulate", str(RULESETS / "riichi.mj"), "--games", "14", "--seed", "1", "--logs", str(logs)]) == 0
    aborted = [p for p in sorted(logs.glob("*.json")) if '"aborted"' in p.read_text(encoding="utf-8")]
    assert aborted, "seed 1 aborts hand 13 on four kongs"
    assert json.loads(aborted[0].read_text(encoding="utf-8"))["result"]["aborted"] == "Four kongs (suukaikan)"
    capsys.readouterr()
    assert main(["replay", str(aborted[0])]) == 0


def test_the_dealer_keeps_the_deal_and_the_counter_counts_an_abort():
    auto = compile_ruleset(RULESETS / "riichi.mj")
    clock = SessionClock.begin(auto, "s")
    dealer = clock.dealer
    clock.advance(auto, {"winner": None, "wall_game": False, "aborted": "Four riichi (suucha riichi)", "value": 0})
    assert clock.dealer == dealer
    assert clock.counters["honba"] == 1
    clock.advance(auto, {"winner": None, "wall_game": True, "value": 0})  # the dealer not calling: the deal moves
    assert clock.dealer != dealer and clock.counters["honba"] == 2


def test_mjdsl_diff_says_an_abort_added(tmp_path, capsys):
    (tmp_path / "riichi.mj").write_text((RULESETS / "riichi.mj").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "more.mj").write_text('extends "riichi.mj"\nplay {\n    abort "Three kongs" when kongs == 3\n}\n',
                                      encoding="utf-8")
    main(["diff", str(tmp_path / "riichi.mj"), str(tmp_path / "more.mj")])
    out = capsys.readouterr().out
    assert "Three kongs when kongs == 3" in out and "differs (see" not in out


def test_the_table_says_the_hand_was_aborted_and_why():
    import scenario
    from mjdsl.tui.words import Words

    path = ROOT / "tests" / "scenarios" / "abort-four-winds.txt"
    game = scenario.run(path.read_text(encoding="utf-8"), lambda p: compile_ruleset(p))
    words = Words(game.auto, ["You", "Ann", "Bo", "Cy"])
    assert words.outcome(game) == ["The hand is aborted (Four winds (suufon renda)): nobody wins, nobody pays."]
