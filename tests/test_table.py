"""The table, driven as a person would: a whole session typed into the plain-text table,
the guided first hand, a saved game resumed mid-hand and finished identically, bad
input answered in words, and the Textual table through its pilot (with the
screenshot docs/playing.md shows).
"""

from __future__ import annotations

import asyncio
import html
import json
import os
import re
from pathlib import Path

import pytest

from mjdsl.frontend.compile import compile_ruleset
from mjdsl.tui.controller import Controller
from mjdsl.tui.guide import guided_steps
from mjdsl.tui.session import Session

from table_play import play, saves  # noqa: F401 (saves: an autouse fixture)

ROOT = Path(__file__).resolve().parent.parent
AMERICAN = str(ROOT / "rulesets" / "american.mj")
CLASSICAL = str(ROOT / "rulesets" / "classical.mj")
GARDEN = str(ROOT / "examples" / "house-rules" / "garden-card.mj")
SCREENSHOT = ROOT / "docs" / "images" / "table.svg"


def test_a_whole_session_at_the_table_typed_as_a_person_would(capsys, monkeypatch, saves):
    """Four hands at the club table: passes typed as three tiles, discards as tiles,
    calls by number or Enter; the table announces it all and settles in a table."""
    code, out, err = play(capsys, monkeypatch, ["ok"] * 3000, AMERICAN, "--seed", "3")
    assert code == 0, err
    for k in range(1, 5):
        assert f"== Hand {k} of 4" in out
    assert "Pass right: you give" in out and "and receive" in out
    assert re.search(r"You draw \w+", out) and re.search(r"Mei discards \w+", out)
    assert re.search(r"(Mei|Auntie Rose|Rafi) calls \w+ of \w+ from", out)
    assert "went out with" in out or "Wall game" in out
    assert re.search(r"this hand +session", out) and "The session is over. Standings:" in out
    assert "Your hand: bam:" in out  # sorted and grouped by suit
    assert "[" not in out.split("The session is over")[1]  # no Python list anywhere in the settlement
    save = json.loads((saves / "american.json").read_text())
    assert save["over"] and len(save["hands"]) == 4


def test_the_table_understands_a_person_and_says_what_it_expected(capsys, monkeypatch):
    code, out, err = play(capsys, monkeypatch, ["9" * 5000, "N", "ZZ 1b 2b", "?", "r", "h", "q"], AMERICAN,
                          "--seed", "3")
    assert code == 0 and "Traceback" not in out + err
    assert out.count("Not a move here") == 3
    assert "pass 3 tiles at once, not 1" in out and "'ZZ' is not a tile here" in out
    assert "Your nearest hands on the card:" in out and "to go" in out  # ?
    assert "Club card" in out or "-- 2026" in out  # r: the rules and points
    assert "Suggested: pass" in out  # h
    assert "Saved. Resume with" in out


def test_the_pass_is_one_choice_and_a_wrong_one_changes_nothing(capsys, monkeypatch, saves):
    auto = compile_ruleset(AMERICAN)
    s = Session(auto, AMERICAN, {}, "3", 0, ["mei", "auntie-rose", "rafi"])
    c = Controller(s)
    c.advance()
    hand = list(s.game.st.hands[0])
    code = s.words.codes
    held = [code[t] for t, n in enumerate(hand) for _ in range(n) if code[t] != "J"]
    said = c.handle(f"{held[0]} {held[1]} 9z")
    assert "Not a move here" in said[0] and s.game.st.hands[0] == hand and not s.game.st.pending[0]["sel"]
    said = c.handle(" ".join(held[:3]))
    assert any(line.startswith("Pass right: you give") for line in said)


@pytest.mark.parametrize("ruleset", [AMERICAN, GARDEN], ids=["club-card", "garden-card"])
def test_the_guided_first_hand_meets_a_joker_swap(capsys, monkeypatch, ruleset):
    """A newcomer who takes every suggestion is walked through the Charleston, choosing a
    hand, calling, a joker swap and going out, each explained once: the guide finds such
    a first hand for the card it is given, not from a script of tiles."""
    code, out, err = play(capsys, monkeypatch, ["ok"] * 600, ruleset, "--guided")
    assert code == 0, err
    assert re.search(r"seed guided:\d+\. You are seat 0", out)
    for words in ("Guide: first, choose a hand", "Guide: the Charleston", "you may call",
                  "a joker on the table stands for a tile you hold", "Declare mah jongg!"):
        assert out.count(words) == 1, words
    assert re.search(r"^> You call \w+ of \w+ from", out, re.M) and re.search(r"^> You swap \w+ for a joker", out, re.M)
    assert "Suggested:" in out and "You went out with" in out
    assert out.count("== Hand") == 1
    # mah jongg is explained when the tiles make a hand, and only then
    before, after = out.split("Declare mah jongg!")
    assert "You went out with" in after and "You went out with" not in before


def test_the_guide_asks_only_for_the_steps_the_ruleset_has():
    assert guided_steps(compile_ruleset(AMERICAN)) == ["pass", "claim", "swap", "mahjong"]
    assert guided_steps(compile_ruleset(str(ROOT / "examples" / "house-rules" / "no-joker-swaps.mj"))) == [
        "pass", "claim", "mahjong"]
    assert guided_steps(compile_ruleset(str(ROOT / "examples" / "house-rules" / "no-charleston.mj"))) == [
        "claim", "swap", "mahjong"]


def _transcript(out: str) -> list[str]:
    """What happened, without the questions (for comparing two runs of the same game)."""
    lines = [ln.removeprefix("> ") for ln in out.splitlines()]
    return [ln for ln in lines if re.match(r"(You|Mei|Auntie Rose|Rafi) \w+ |Pass \w+: |.* went out|Wall game", ln)
            and not ln.endswith("let it go.")]


def test_a_saved_game_resumes_mid_hand_and_finishes_identically(capsys, monkeypatch, saves):
    moves = ["ok"] * 3000
    code, whole, _ = play(capsys, monkeypatch, moves, AMERICAN, "--seed", "11", "--hands", "2")
    assert code == 0
    finished = json.loads((saves / "american.json").read_text())
    # the same game, stopped after 30 moves (in the first hand's play), then resumed
    code, first, _ = play(capsys, monkeypatch, moves[:30] + ["q"], AMERICAN, "--seed", "11", "--hands", "2")
    assert code == 0 and "Saved. Resume with" in first
    half = json.loads((saves / "american.json").read_text())
    assert not half["over"] and len(half["hands"]) == 1 and half["hands"][0] == finished["hands"][0][:len(half["hands"][0])]
    code, rest, err = play(capsys, monkeypatch, moves, AMERICAN, "--resume")
    assert code == 0, err
    again = json.loads((saves / "american.json").read_text())
    assert again["hands"] == finished["hands"] and again["over"]
    assert "Resumed the saved game: hand 1" in rest
    assert _transcript(first) + _transcript(rest) == _transcript(whole)


def test_a_person_changes_seats_between_hands_and_a_resumed_game_moves_too(capsys, monkeypatch, saves):
    """``seat N`` typed in the first hand seats the person at N from the second, the
    regular there taking the old seat with the score they had; the save says so, and a
    game stopped in the second hand resumes at the new seat and finishes identically."""
    moves = ["seat 9", "seat 2"] + ["ok"] * 3000
    code, whole, err = play(capsys, monkeypatch, moves, AMERICAN, "--seed", "3", "--hands", "2")
    assert code == 0, err
    assert "Not a move here: the seats are numbered 0 to 3" in whole
    first, second = whole.split("== Hand 2 of 4")
    assert "From the next hand you sit at seat 2, and Auntie Rose takes yours." in first
    assert first.rstrip().endswith("You move to seat 2; Auntie Rose takes seat 0.")
    before = re.findall(r"^(You|Auntie Rose) +[+-]\d+ +([+-]\d+)$", first, re.M)[-2:]
    after = re.search(r"session: Auntie Rose ([+-]\d+), Mei [+-]\d+, You ([+-]\d+), Rafi", second)
    assert after and dict(before) == {"You": after[2], "Auntie Rose": after[1]}  # each keeps their total
    assert "You discard" in second and not re.search(r"Auntie Rose discards", first[:200])
    finished = json.loads((saves / "american.json").read_text())
    assert finished["seat"] == 0 and finished["seat_moves"] == [[1, 2]] and finished["over"]
    # the same game stopped a few moves into the second hand, then resumed
    typed = first.count("\n> ")
    code, stopped, _ = play(capsys, monkeypatch, moves[:typed + 5] + ["q"], AMERICAN, "--seed", "3", "--hands", "2")
    assert code == 0 and "== Hand 2 of 4" in stopped and "Saved. Resume with" in stopped
    code, rest, err = play(capsys, monkeypatch, moves[2:], AMERICAN, "--resume")
    assert code == 0, err
    again = json.loads((saves / "american.json").read_text())
    assert again["hands"] == finished["hands"] and again["seat_moves"] == [[1, 2]]
    assert _transcript(stopped) + _transcript(rest) == _transcript(whole)


def test_resume_refuses_a_save_that_is_not_one(capsys, monkeypatch, saves):
    saves.mkdir(parents=True)
    (saves / "american.json").write_text("{not json")
    code, _, err = play(capsys, monkeypatch, [], AMERICAN, "--resume")
    assert code == 2 and "not a saved game" in err
    (saves / "american.json").write_text(json.dumps({"kind": "mjdsl table save", "version": 1, "hands": [[999999]],
                                                     "seed": "1", "seat": 0, "bots": ["mei", "rafi", "greedy"],
                                                     "hash": compile_ruleset(AMERICAN).hash, "ruleset": AMERICAN}))
    code, _, err = play(capsys, monkeypatch, [], AMERICAN, "--resume")
    assert code == 2 and "mjdsl: error:" in err and "Traceback" not in err
    code, _, err = play(capsys, monkeypatch, [], str(ROOT / "rulesets" / "classical.mj"), "--resume",
                        "--save", str(saves / "american.json"))
    assert code == 2 and "hash" in err


def test_seats_and_bots_can_be_changed(capsys, monkeypatch):
    code, out, _ = play(capsys, monkeypatch, ["q"], AMERICAN, "--seat", "2", "--bots", "rafi,greedy,random")
    assert code == 0 and "You are seat 2" in out
    code, _, err = play(capsys, monkeypatch, ["q"], AMERICAN, "--bots", "mei,zed,rafi", "--new")
    assert code == 2 and "unknown bot 'zed'" in err
    code, _, err = play(capsys, monkeypatch, ["q"], AMERICAN, "--bots", "mei,rafi", "--new")
    assert code == 2 and "(3), not 2" in err


def test_a_classical_hand_at_the_table(capsys, monkeypatch):
    """The same table plays a ruleset of sets and pairs (a few turns, then saved)."""
    code, out, err = play(capsys, monkeypatch, ["ok"] * 12 + ["?", "q"], CLASSICAL, "--seed", "2")
    assert code == 0, err
    assert "== Hand 1:" in out and "round wind E" in out and "You discard" in out
    assert re.search(r"Your hand is \d+ tiles? from Four sets and a pair", out) and "Saved. Resume with" in out




def test_the_textual_table_through_its_pilot(tmp_path):
    pytest.importorskip("textual")
    from mjdsl.tui.app import TableApp

    auto = compile_ruleset(AMERICAN)
    s = Session(auto, AMERICAN, {}, "3", 0, ["mei", "auntie-rose", "rafi"], save=str(tmp_path / "s.json"))
    app = TableApp(Controller(s))

    async def drive():
        async with app.run_test(size=(118, 44)) as pilot:
            for _ in range(12):  # the Charleston and the first turns, as suggested
                await pilot.press("o", "k", "enter")
            await pilot.press("question_mark", "enter")
            await pilot.pause()
            said = "\n".join(line.text for line in app.query_one("#said").lines)
            return said, app.export_screenshot()

    said, svg = asyncio.run(drive())
    svg_text = html.unescape(svg).replace("\xa0", " ")
    assert "Pass right: you give" in said and "Your nearest hands on the card" in said
    assert "Auntie Rose" in svg_text and "Your hand:" in svg_text
    saved = json.loads((tmp_path / "s.json").read_text())
    assert len(saved["hands"][0]) > 10
    if os.environ.get("MJDSL_UPDATE_SCREENSHOT"):
        SCREENSHOT.parent.mkdir(exist_ok=True)
        SCREENSHOT.write_text(svg)
    assert SCREENSHOT.is_file(), "regenerate it: MJDSL_UPDATE_SCREENSHOT=1 pytest tests/test_table.py -k pilot"
    assert "Auntie Rose" in html.unescape(SCREENSHOT.read_text()).replace("\xa0", " ")
