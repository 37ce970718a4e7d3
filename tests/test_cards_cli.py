"""``mjdsl match``, ``hint`` and ``render`` as a user types them (contracts.md): JSON
shapes, exit statuses, and one-line messages for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mjdsl.cli import main

ROOT = Path(__file__).resolve().parent.parent
CARD = str(ROOT / "rulesets" / "cards" / "club-2026.card")
GARDEN = str(ROOT / "examples" / "house-rules" / "cards" / "garden-2027.card")
YEAR_HAND = "F F 2b 0 2b 6b 1c 1c 1c J 1d J J 1d"


def run(capsys, *args) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_match_json_has_the_contract_shape(capsys):
    code, out, _ = run(capsys, "match", CARD, "--hand", YEAR_HAND, "--json")
    doc = json.loads(out)
    assert code == 0
    assert doc == {
        "version": 1,
        "tiles": YEAR_HAND.split(),  # as typed (contracts.md)
        "matches": [{"hand": "FF 2026 1111 1111 - a b c", "section": "2026", "line": 9,
                     "points": 25, "concealed": False, "jokers": 3}],
    }


def test_match_with_an_exposure(capsys):
    code, out, _ = run(capsys, "match", CARD, "--hand", "F F 2b 0 2b 6b 1c 1c 1c J", "--exposed", "1d J J 1d", "--json")
    assert code == 0 and [m["line"] for m in json.loads(out)["matches"]] == [9]


def test_match_lists_every_tile_of_the_hand_when_the_rack_leaves_out_the_exposures(capsys):
    rack, exposed = "F F 2b 0 2b 6b 1c 1c 1c J", "1d J J 1d"
    code, out, _ = run(capsys, "match", CARD, "--hand", rack, "--exposed", exposed, "--json")
    assert code == 0 and sorted(json.loads(out)["tiles"]) == sorted(f"{rack} {exposed}".split())
    code, out, _ = run(capsys, "match", CARD, "--hand", rack, "--exposed", exposed)  # the tiles, first line
    assert code == 0 and sorted(out.splitlines()[0].split()) == sorted(f"{rack} {exposed}".split())


def test_match_also_takes_all_fourteen_tiles_with_the_exposures_among_them(capsys):
    code, out, _ = run(capsys, "match", CARD, "--hand", YEAR_HAND, "--exposed", "1d J J 1d", "--json")
    assert code == 0 and json.loads(out)["matches"][0]["jokers"] == 3


def test_no_match_exits_1(capsys):
    code, out, _ = run(capsys, "match", CARD, "--hand", "F F 2b 0 2b 6b 1c 1c 1c J 1d J J 5d", "--json")
    assert code == 1 and json.loads(out)["matches"] == []


def test_match_human_output(capsys):
    code, out, _ = run(capsys, "match", CARD, "--hand", "F F 2b 0 2b 6b 1c 1c 1c 1c 1d 1d 1d 1d")
    assert code == 0
    assert "FF 2026 1111 1111 - a b c" in out and "line 9" in out and "no jokers" in out


@pytest.mark.parametrize(
    "hand,exposed,says",
    [
        ("F F 2b 0 2b 6b 1c 1c 1c J 1d J J 5x", [], "'5x'"),
        ("F F 2b 0 2b 6b 1b 1b 1b 1b 1b 1d 1d 1d", [], "too many 1b"),
        ("F F 2b 0 2b 6b 1c", [], "wrong tile count: 7"),
        ("F F 2b 0 2b 6b 1c 1c 1c 1c", ["1d 2d 3d"], "not a pung, kong, quint or sextet"),
        ("F F 2b 0 2b 6b 1c 1c 1c 1c", ["1d 2d 3d"], "exposure '1d 2d 3d'"),
        ("F F 2b 0 2b 6b 1c 1c 1d 1d", ["1d 1d 1d J"], "too many 1d"),  # two on the rack, three exposed
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, hand, exposed, says):
    args = ["match", CARD, "--hand", hand]
    for e in exposed:
        args += ["--exposed", e]
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert says in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_missing_file_is_exit_2(capsys):
    code, _, err = run(capsys, "match", "no/such.card", "--hand", YEAR_HAND)
    assert code == 2 and "no/such.card: no such file or directory" in err  # as check says it


def test_batch_gives_one_object_per_line_and_goes_on_after_an_error(capsys, tmp_path, monkeypatch):
    hands = tmp_path / "hands.txt"
    hands.write_text(
        YEAR_HAND + "\n"
        + "1b 2b\n"
        + json.dumps({"hand": "F F 2b 0 2b 6b 1c 1c 1c J", "exposed": ["1d J J 1d"]}) + "\n"
        + "N N N N E E E W W W S S S S\n"
    )
    code, out, _ = run(capsys, "match", CARD, "--hands-file", str(hands))
    docs = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(docs) == 4
    assert [d.get("error", "")[:16] for d in docs] == ["", "wrong tile count", "", ""]
    assert [[m["line"] for m in d["matches"]] for d in docs if "matches" in d] == [[9], [9], [56]]
    assert all(d["version"] == 1 for d in docs)


def test_batch_reads_a_byte_order_mark_as_check_does_and_names_a_hand_that_is_not_text(capsys, tmp_path):
    hands = tmp_path / "hands.txt"
    hands.write_text("\ufeff" + YEAR_HAND + "\n" + json.dumps({"hand": 5}) + "\n"
                     + json.dumps({"hand": YEAR_HAND, "exposed": [3]}) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "match", CARD, "--hands-file", str(hands))
    docs = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and docs[0]["matches"][0]["line"] == 9
    assert docs[1]["error"].startswith('"hand" must be the tiles as text') and docs[1]["error"].endswith("not 5")
    assert docs[2]["error"].startswith('"exposed" must be a list of exposures, each the tiles as text')


def test_a_match_outside_any_section_names_its_line_alone(capsys, tmp_path):
    import shutil

    shutil.copytree(ROOT / "rulesets", tmp_path, dirs_exist_ok=True)
    card = tmp_path / "loose.card"
    card.write_text('card "Loose"\nyear 2026\ntiles "american.mj"\nFF 2026 1111 1111 - a b c  25\n')
    code, out, _ = run(capsys, "match", str(card), "--hand", YEAR_HAND)
    assert code == 0 and "FF 2026 1111 1111 - a b c   [line 4]  25 points" in out


def test_batch_from_stdin(capsys, monkeypatch):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(YEAR_HAND + "\n"))
    code, out, _ = run(capsys, "match", CARD, "--hands-file", "-")
    assert code == 0 and json.loads(out)["matches"][0]["line"] == 9


def test_hint_json_has_the_contract_shape(capsys):
    code, out, _ = run(capsys, "hint", CARD, "--hand", "F F 2b 0 2b 6b 1c 1c 1c 1d J J 5d", "--top", "3", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["version"] == 1 and len(doc["hints"]) == 3
    first = doc["hints"][0]
    assert {k: first[k] for k in ("hand", "points", "need", "missing")} == {
        "hand": "FF 2026 1111 1111 - a b c", "points": 25, "need": 2, "missing": ["1d", "1d"],
    }
    assert [h["need"] for h in doc["hints"]] == sorted(h["need"] for h in doc["hints"])
    assert "discards" not in doc  # thirteen tiles: nothing to discard


def test_hint_for_fourteen_tiles_ranks_discards(capsys):
    code, out, _ = run(capsys, "hint", CARD, "--hand", "F F 2b 0 2b 6b 1c 1c 1c 1d J J 5d 9b", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["discards"][0]["tile"] in ("5d", "9b")
    assert doc["discards"][0]["nearest"] == 2


def test_hint_human_output_and_bad_count(capsys):
    code, out, _ = run(capsys, "hint", CARD, "--hand", "F F 2b 0 2b 6b 1c 1c 1c 1d J J 5d")
    assert code == 0 and out.startswith("need  2  FF 2026 1111 1111 - a b c") and "missing: 1d 1d" in out
    code, _, err = run(capsys, "hint", CARD, "--hand", "F F 2b")
    assert code == 2 and "13 or 14" in err


@pytest.mark.parametrize("fmt", ["html", "md"])
def test_render_to_stdout(capsys, fmt):
    code, out, _ = run(capsys, "render", CARD, "--format", fmt)
    assert code == 0 and "Club card 2026" in out and "Singles and pairs" in out
    if fmt == "html":
        assert out.startswith("<!DOCTYPE html>") and "@media print" in out
        assert '<span class="blue" title="suit a">2026</span>' in out and '<td class="kind">C</td>' in out
    else:
        assert "| `FF 2026 1111 1111` | - a b c |" in out


def test_render_writes_a_file_atomically(capsys, tmp_path):
    target = tmp_path / "garden.html"
    code, out, err = run(capsys, "render", GARDEN, "--format", "html", "-o", str(target))
    assert code == 0 and out == "" and "wrote" in err
    assert "Garden card 2027" in target.read_text() and [p.name for p in tmp_path.iterdir()] == ["garden.html"]


def test_render_of_a_broken_card_names_the_problem(capsys, tmp_path):
    bad = tmp_path / "bad.card"
    bad.write_text('card "Bad"\nFF 1111 1111 1111 - a b c\n')
    code, _, err = run(capsys, "render", str(bad))
    assert code == 2 and "MJ151" in err and "Traceback" not in err


LINE = "FF 1111 1111 1111 - a b c 25"


@pytest.mark.parametrize("tiles, says", [
    ("nowhere.mj", "MJ270]: tiles ruleset 'nowhere.mj' does not exist"),
    ("sub", "MJ270]: tiles ruleset 'sub' is not a file"),
    ("empty.mj", "MJ270]: tiles ruleset empty.mj: the ruleset has no tiles block"),
    ("bad.mj", "MJ270]: tiles ruleset bad.mj cannot be read as a ruleset (2 error(s); run `mjdsl check bad.mj`)"),
    ("../outside.mj", "MJ208]"),  # outside the card's folder: refused as a path, not read
])
def test_a_card_whose_tiles_ruleset_cannot_be_had_is_told_why(capsys, tmp_path, monkeypatch, tiles, says):
    (tmp_path / "outside.mj").write_text((ROOT / "rulesets" / "american.mj").read_text())
    tmp_path = tmp_path / "cards"
    tmp_path.mkdir()
    (tmp_path / "sub").mkdir()
    (tmp_path / "empty.mj").write_text('ruleset "empty"\n')
    (tmp_path / "bad.mj").write_text('ruleset "bad"\nwhat is this\nand this\n')
    (tmp_path / "c.card").write_text(f'card "x"\ntiles "{tiles}"\n{LINE}\n')
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "check", "c.card", "--format", "concise")
    assert code == 1 and f"c.card:2:1: error[{says}" in out + err


def test_match_refuses_a_card_with_an_error_and_names_it(capsys, tmp_path):
    (tmp_path / "c.card").write_text('card "x"\ntiles "american.mj"\nFF 1111 1111 111 - a b c 25\n')
    code, out, err = run(capsys, "match", str(tmp_path / "c.card"), "--hand", "F F 1b 1b 1b 1b 1c 1c 1c 1c 1d 1d 1d")
    assert code == 2 and out == "" and "MJ250" in err and "13 tiles" in err


def test_match_reads_the_card_a_ruleset_plays_and_refuses_a_ruleset_without_one(capsys):
    code, out, _ = run(capsys, "match", str(ROOT / "rulesets" / "american.mj"), "--hand", YEAR_HAND, "--json")
    assert code == 0 and [m["line"] for m in json.loads(out)["matches"]] == [9]
    code, out, err = run(capsys, "match", str(ROOT / "rulesets" / "classical.mj"), "--hand", YEAR_HAND)
    assert code == 2 and "this ruleset plays no card of hands" in err


def test_checking_a_card_as_an_editor_has_it_reads_the_text_given_not_the_file(tmp_path):
    from mjdsl.cards.api import check_card_file

    path = tmp_path / "c.card"
    path.write_text(f'card "x"\ntiles "american.mj"\n{LINE}\n')
    assert check_card_file(path)[0] == []
    diags, sources, _ = check_card_file(path, 'card "x"\ntiles "american.mj"\nFF 1111 1111 111 - a b c 25\n')
    assert [d.code for d in diags] == ["MJ250"] and "111 - a b c" in sources[str(path)]
    diags, sources, rows = check_card_file(tmp_path / "gone.card")
    assert [(d.code, d.span.path) for d in diags] == [("MJ206", str(tmp_path / "gone.card"))] and rows == []


def test_a_card_without_a_tiles_line_and_no_american_ruleset_in_the_library_is_told_how(tmp_path, monkeypatch):
    from mjdsl.cards import api

    monkeypatch.setattr(api, "library_paths", lambda: [tmp_path])  # a library without american.mj
    path = tmp_path / "c.card"
    path.write_text(f'card "x"\n{LINE}\n')
    diags, _, _ = api.check_card_file(path)
    assert [(d.code, d.span.line) for d in diags if d.is_error] == [("MJ270", 1)]
    assert "american.mj is not in the ruleset library" in diags[0].message and 'tiles "american.mj"' in diags[0].hint


@pytest.mark.parametrize("argv", [
    ["render", "DIR"], ["match", "DIR", "--hand", YEAR_HAND], ["hint", "DIR", "--hand", YEAR_HAND],
])
def test_a_folder_given_for_a_card_is_called_a_folder(capsys, tmp_path, monkeypatch, argv):
    # render said "no such file: folder", of a folder that is there
    monkeypatch.chdir(tmp_path)
    (tmp_path / "folder").mkdir()
    code, _, err = run(capsys, *["folder" if a == "DIR" else a for a in argv])
    assert code == 2 and err.startswith("mjdsl: error: folder: is a folder, not a card file (.card)")
