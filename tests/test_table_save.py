"""How a session at the table is begun and resumed from the command line: a save that
was edited or damaged is refused as it is loaded (one line naming the file and the
field, exit 2), never half-way through a replay; a save path that cannot be written,
and options given together where they are alternatives, are refused before the table
begins.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from table_play import play, saves  # noqa: F401 (saves: an autouse fixture)

ROOT = Path(__file__).resolve().parent.parent
AMERICAN = str(ROOT / "rulesets" / "american.mj")


@pytest.fixture
def saved(capsys, monkeypatch, tmp_path):
    """A game stopped a few moves into its first hand, saved in ``game.json``."""
    path = tmp_path / "game.json"
    code, _, err = play(capsys, monkeypatch, ["ok"] * 4 + ["q"], AMERICAN, "--seed", "7", "--save", str(path))
    assert code == 0, err
    return path


TAMPERED = [
    ("seat", 9), ("seat", -1), ("seat", "0"), ("seat", True),
    ("seat_moves", [[1, 9]]), ("seat_moves", [[1, -1]]), ("seat_moves", [[0, 1]]), ("seat_moves", [[2, 1], [1, 2]]),
    ("seat_moves", [[1]]), ("seed", 7), ("hands", [[-1]]), ("hands", [[1.5]]), ("hands", "all"),
    ("bots", ["mei", "rafi"]), ("bots", ["mei", "zed", "rafi"]), ("bots", "mei"),
    ("hands_limit", 0), ("hands_limit", "2"), ("set", {"charleston": True}), ("set", []),
    ("guided", "yes"), ("over", 0), ("hash", 5), ("ruleset", None),
]


@pytest.mark.parametrize(("field", "value"), TAMPERED, ids=[f"{f}={json.dumps(v)}" for f, v in TAMPERED])
def test_a_tampered_save_is_refused_at_load_naming_the_file_and_the_field(capsys, monkeypatch, saved, field, value):
    data = json.loads(saved.read_text())
    data[field] = value
    saved.write_text(json.dumps(data))
    code, out, err = play(capsys, monkeypatch, ["ok"] * 400 + ["q"], AMERICAN, "--resume", "--save", str(saved),
                          "--plain")
    assert code == 2, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert str(saved) in err and repr(field) in err, err
    assert out == ""  # refused before a move is replayed or a line is said
    assert json.loads(saved.read_text())[field] == value  # and the save is left as it was


def test_a_save_whose_moves_do_not_replay_is_refused_naming_the_file(capsys, monkeypatch, saved):
    data = json.loads(saved.read_text())
    data["hands"][0][3] += 1  # a chance outcome the seed did not give
    saved.write_text(json.dumps(data))
    code, _, err = play(capsys, monkeypatch, ["q"], AMERICAN, "--resume", "--save", str(saved), "--plain")
    assert code == 2 and err.startswith(f"mjdsl: error: {saved}: ") and "Traceback" not in err


@pytest.mark.parametrize("where", ["folder", "no/such/dir/x.json"])
def test_a_save_path_that_cannot_be_written_is_refused_before_the_table_begins(capsys, monkeypatch, tmp_path, where):
    path = tmp_path if where == "folder" else tmp_path / where
    for how in (["--seed", "1"], ["--resume"]):
        code, out, err = play(capsys, monkeypatch, ["q"], AMERICAN, *how, "--save", str(path), "--plain")
        assert code == 2 and out == "" and "Traceback" not in err, (out, err)
        assert err.startswith(f"mjdsl: error: {path}: ") and len(err.strip().splitlines()) == 1


ALTERNATIVES = [
    (["--seed", "1", "--daily"], "--seed and --daily"), (["--daily", "--guided"], "--daily and --guided"),
    (["--guided", "--seed", "2"], "--seed and --guided"),
    (["--resume", "--seed", "5"], "--resume and --seed"), (["--resume", "--daily"], "--resume and --daily"),
    (["--resume", "--guided"], "--resume and --guided"), (["--resume", "--seat", "0"], "--resume and --seat"),
    (["--resume", "--bots", "greedy"], "--resume and --bots"), (["--resume", "--hands", "1"], "--resume and --hands"),
    (["--resume", "--set", "charleston=off"], "--resume and --set"), (["--resume", "--new"], "--resume and --new"),
]


@pytest.mark.parametrize(("args", "named"), ALTERNATIVES, ids=[" ".join(a) for a, _ in ALTERNATIVES])
def test_options_that_are_alternatives_are_refused_together_naming_both(capsys, monkeypatch, saved, args, named):
    before = saved.read_text()
    code, out, err = play(capsys, monkeypatch, ["ok"] * 5 + ["q"], AMERICAN, *args, "--save", str(saved), "--plain")
    assert code == 2 and out == "" and "Traceback" not in err, (out, err)
    assert named in err and len(err.strip().splitlines()) == 1
    assert saved.read_text() == before


def test_a_new_game_does_not_write_over_an_unfinished_one_unless_told_to(capsys, monkeypatch, saves):
    """Without --resume, a save holding an unfinished game is refused, with the ways on:
    --resume, another --save, or --new, which discards it; a finished game's save is
    written over without a word."""
    code, _, err = play(capsys, monkeypatch, ["ok"] * 5 + ["q"], AMERICAN, "--seed", "3")
    assert code == 0, err
    path = saves / "american.json"
    unfinished = path.read_text()
    code, out, err = play(capsys, monkeypatch, ["ok"] * 5 + ["q"], AMERICAN, "--seed", "4")
    assert code == 2 and out == "" and path.read_text() == unfinished
    assert f"{path}: holds an unfinished game" in err and len(err.strip().splitlines()) == 1
    assert f"mjdsl play {AMERICAN} --resume)" in err and "--save FILE" in err and "--new" in err
    code, out, err = play(capsys, monkeypatch, ["ok"] * 5 + ["q"], AMERICAN, "--seed", "4", "--new")
    assert code == 0 and "seed 4." in out, err
    assert json.loads(path.read_text())["seed"] == "4"
    # a finished game's save is written over
    code, _, err = play(capsys, monkeypatch, ["ok"] * 3000, AMERICAN, "--seed", "5", "--hands", "1", "--new")
    assert code == 0 and json.loads(path.read_text())["over"], err
    code, out, err = play(capsys, monkeypatch, ["q"], AMERICAN, "--seed", "6")
    assert code == 0 and json.loads(path.read_text())["seed"] == "6", err


def test_a_file_that_is_not_a_save_is_never_written_over(capsys, monkeypatch, tmp_path):
    notes = tmp_path / "notes.json"
    notes.write_text("my notes\n")
    for new in ([], ["--new"]):
        code, out, err = play(capsys, monkeypatch, ["ok", "q"], AMERICAN, "--seed", "1", "--save", str(notes), *new)
        assert code == 2 and out == "" and f"{notes}: is not a saved game" in err, err
        assert notes.read_text() == "my notes\n"


def test_a_game_against_a_style_file_resumes_with_the_file_as_it_was(capsys, monkeypatch, tmp_path):
    from mjdsl import bots

    mine = tmp_path / "mystyle.toml"
    mine.write_text('name = "Mine"\n[target]\nchoose = "flexible"\n')
    path = tmp_path / "game.json"
    code, _, err = play(capsys, monkeypatch, ["ok"] * 4 + ["q"], AMERICAN, "--seed", "7", "--save", str(path),
                        "--bots", f"{mine},mei,rafi", "--plain")
    assert code == 0, err
    saved = json.loads(path.read_text())
    assert saved["bots"][0] == "mystyle" and saved["styles"] == [["mystyle", mine.read_text(), str(mine)]]
    # a new process knows no such bot, and the file is gone: the save brings it
    mine.unlink()
    monkeypatch.delitem(bots.BOTS, "mystyle")
    monkeypatch.delitem(bots._FILE_STYLES, "mystyle")
    code, out, err = play(capsys, monkeypatch, ["q"], AMERICAN, "--resume", "--save", str(path), "--plain")
    assert code == 0 and "Traceback" not in err, err
    assert "Mine" in out  # seated again, under the style's own name
    # a save whose style text is refused, or that gives a shipped bot's name to a file, is refused
    for styles, says in (([["mystyle", "name = \n", "x.toml"]], "'styles' holds mystyle's style file, which is "
                                                                 "refused: x.toml: not a style file"),
                         ([["mei", 'name = "Not Mei"\n', "x.toml"]], "'styles' holds a file named 'mei'")):
        monkeypatch.delitem(bots.BOTS, "mystyle", raising=False)
        monkeypatch.delitem(bots._FILE_STYLES, "mystyle", raising=False)
        path.write_text(json.dumps(dict(saved, styles=styles)))
        code, out, err = play(capsys, monkeypatch, ["q"], AMERICAN, "--resume", "--save", str(path), "--plain")
        assert code == 2 and out == "" and err.startswith(f"mjdsl: error: {path}: {says}"), err
