"""Seats without winds: a ruleset whose ``seats`` block names no ``winds`` has no seat
wind and no round wind, so no tile is "own_wind" or "round_wind" (the wind tiles are
still tiles: a pung of East is a pung of honours). The engine's state and its logs
carry "no wind" as None (null in JSON), the scorer's HandInput as NO_WIND (no tile's
index), its reports as null.

The ruleset is classical.mj with its ``winds`` line taken out: its own-wind and
round-wind rules can then never apply."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mjdsl.bots import RandomBot
from mjdsl.cli import main
from mjdsl.diagnostics import InputError
from mjdsl.engine.game import Game
from mjdsl.engine.log import hand_log, replay
from mjdsl.engine.run import SessionClock, play_hand
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.scoring import NO_WIND, score_hand
from mjdsl.scoring.engine import hand_from_game, seat_wind
from mjdsl.scoring.notation import read_hand_input
from mjdsl.scoring.report import to_json, to_text

ROOT = Path(__file__).resolve().parent.parent
WINDS = '    winds "E" "S" "W" "N"  # East, then counter-clockwise\n'
WIND_RULES = {"own_wind_set", "round_wind_set", "pair_own_wind", "pair_round_wind"}


@pytest.fixture(scope="module")
def path(tmp_path_factory) -> Path:
    text = (ROOT / "rulesets" / "classical.mj").read_text()
    assert WINDS in text
    out = tmp_path_factory.mktemp("nowinds") / "no-winds.mj"
    out.write_text(text.replace(WINDS, ""))
    return out


@pytest.fixture(scope="module")
def auto(path):
    auto = compile_ruleset(path)
    assert auto.seat_winds == ()
    return auto


def _counts(auto, codes: str) -> list[int]:
    counts = [0] * auto.tiles.size
    for c in codes.split():
        counts[auto.tiles.by_code[c].index] += 1
    return counts


def test_a_seat_and_the_round_have_no_wind_in_the_engine(auto):
    game = Game(auto, dealer=2)
    assert game.st.round_wind is None
    assert [seat_wind(game, s) for s in range(4)] == [NO_WIND] * 4
    assert SessionClock().round_wind(auto) is None
    assert NO_WIND not in range(auto.tiles.size)


def test_a_pung_of_the_first_tile_is_no_wind_set_at_the_table(auto):
    # the first tile (1b, index 0) once stood for "no wind": its pung scored as a
    # pung of the seat's and the round's wind
    game = Game(auto)
    assert auto.tiles.kinds[0].code == "1b"
    game.st.hands[1] = _counts(auto, "1b 1b 1b E E E 2c 5c 8c 3d 6d 9d N")
    hand = hand_from_game(game, 1)
    assert (hand.seat_wind, hand.round_wind) == (NO_WIND, NO_WIND)
    names = set(score_hand(auto, hand).rule_names)
    assert not names & WIND_RULES
    assert names  # the pungs still score: the hand was read
    # the same hand with winds has East as its seat's and the round's wind
    winds = compile_ruleset(ROOT / "rulesets" / "classical.mj")
    game = Game(winds)
    game.st.hands[0] = _counts(winds, "1b 1b 1b E E E 2c 5c 8c 3d 6d 9d N")
    assert {"own_wind_set", "round_wind_set"} <= set(score_hand(winds, hand_from_game(game, 0)).rule_names)


def test_the_score_command_takes_no_wind_and_refuses_one(auto, path, capsys):
    inp = read_hand_input(auto, hand="E E E 1b 1b 1b 2c 3c 4c 7d 8d 9d N N", win="N", source="wall")
    assert (inp.seat_wind, inp.round_wind) == (NO_WIND, NO_WIND)
    result = score_hand(auto, inp)
    assert result.won and not set(result.rule_names) & WIND_RULES
    # the winner's payments are named by seat wind (settle.winner_payments): with no
    # winds there is none to name, and the text prints no payments line
    assert result.payments == ()
    assert "payments" not in to_text(auto, inp, result)
    doc = to_json(auto, inp, result)
    assert (doc["hand"]["seat_wind"], doc["hand"]["round_wind"]) == (None, None)
    first = to_text(auto, inp, result).splitlines()[0]
    assert "seat" not in first and "round" not in first and first.startswith(auto.name)
    for field, flag in (("seat", "--seat"), ("round_wind", "--round"), ("discarder", "--discarder")):
        with pytest.raises(InputError, match=f"{flag} S: the seats of this ruleset have no winds"):
            read_hand_input(auto, hand="E E E 1b 1b 1b 2c 3c 4c 7d 8d 9d N N", win="N", source="discard",
                            **{field: "S"})
    with pytest.raises(InputError, match="from W: the seats of this ruleset have no winds"):
        read_hand_input(auto, hand="1b 1b 1b 2c 3c 4c 7d 8d 9d N N", exposed=["E E E from W"], win="N",
                        source="discard")
    assert main(["score", str(path), "--hand", "E E E 1b 1b 1b 2c 3c 4c 7d 8d 9d N N", "--win", "N",
                 "--from", "wall", "--seat", "E"]) == 2
    assert "the seats of this ruleset have no winds" in capsys.readouterr().err


def test_with_winds_the_score_command_defaults_to_the_first_seat(capsys):
    auto = compile_ruleset(ROOT / "rulesets" / "classical.mj")
    inp = read_hand_input(auto, hand="E E E 1b 1b 1b 2c 3c 4c 7d 8d 9d N N", win="N", source="wall")
    east = auto.tiles.by_code["E"].index
    assert (inp.seat_wind, inp.round_wind) == (east, east)
    assert inp.melds == () and inp.fed == ()
    with pytest.raises(InputError, match="not E's own"):
        read_hand_input(auto, hand="1b 1b 1b 2c 3c 4c 7d 8d 9d N N", exposed=["S S S from E"], win="N",
                        source="discard")
    south = read_hand_input(auto, hand="1b 1b 1b 2c 3c 4c 7d 8d 9d N N", exposed=["S S S from E"], win="N",
                            source="discard", seat="S")
    assert south.fed == (east,)


def test_a_hand_without_winds_logs_null_and_replays(auto, path):
    rec = play_hand(auto, "nowinds-1", [RandomBot()] * 4)
    assert rec.round_wind is None
    log = json.loads(json.dumps(hand_log(auto, rec, str(path), {})))
    assert log["round_wind"] is None
    ok, why = replay(auto, log)
    assert ok, why


def test_simulate_and_replay_of_a_ruleset_without_winds_run_from_the_command_line(path, capsys):
    logs = path.parent  # the ruleset's folder, where replay may read it
    assert main(["simulate", str(path), "--games", "4", "--seed", "3", "--bots", "random", "--logs", str(logs)]) == 0
    files = sorted(logs.glob("hand-*.json"))
    assert len(files) == 4
    capsys.readouterr()
    assert main(["replay", str(files[-1])]) == 0
