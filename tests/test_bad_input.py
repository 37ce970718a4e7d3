"""Rule and card files a user can write that once crashed, hung or ate memory: each now
ends in diagnostics, quickly, with no traceback."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from mjdsl.cli import main


def run(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    return code, out.out + out.err


@pytest.mark.parametrize("text,code", [
    ('tiles {\n    joker "J" x99999999\n}\n', "MJ217"),
    ('tiles {\n    joker "J" x' + "9" * 5000 + "\n}\n", "MJ120"),
    ('tiles {\n    suit bam "b" 1..999999999 x4\n}\n', "MJ217"),
    ('seats 99999999999 {\n}\n', "MJ217"),
    ('wall {\n    break position dice 99999 thrown by dealer\n}\n', "MJ217"),
    ('session {\n    hands ' + "(" * 80 + "4" + ")" * 80 + "\n}\n", "MJ114"),
])
def test_impossible_numbers_are_diagnostics(capsys, tmp_path, text, code):
    f = tmp_path / "x.mj"
    f.write_text(text)
    rc, out = run(capsys, "check", str(f), "--format", "concise")
    assert rc == 1 and code in out


def test_a_huge_file_is_refused_without_reading_it_all(capsys, tmp_path):
    f = tmp_path / "huge.mj"
    f.write_text("# " + "a" * 2_000_000 + "\n")
    rc, out = run(capsys, "check", str(f), "--format", "concise")
    assert rc == 1 and "MJ113" in out


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_a_device_is_not_a_rules_file(capsys):
    rc, out = run(capsys, "check", "/dev/zero", "--format", "concise")
    assert rc == 1 and "not a regular file" in out


def test_an_include_of_a_symlink_loop(capsys, tmp_path):
    (tmp_path / "loop.mj").symlink_to("loop.mj")
    main_file = tmp_path / "main.mj"
    main_file.write_text('include "loop.mj"\n')
    rc, out = run(capsys, "check", str(main_file), "--format", "concise")
    assert rc == 1 and "MJ206" in out


def test_card_points_too_large_to_store(capsys, tmp_path):
    f = tmp_path / "x.card"
    f.write_text('card "X"\nsection "s"\nNNNN EEE WWW SSSS ' + "9" * 40 + "\n")
    rc, out = run(capsys, "check", str(f), "--format", "concise")
    assert rc == 1 and "MJ162" in out


BIG = "99999999999999999999999999999"


@pytest.mark.parametrize("text,at", [
    (f"FF 2026 1111 1111 - a b c  {BIG}\n", (2, 28)),                    # points: was 1000000000, clean
    (f"points 25..75\nFF 2026 1111 1111 - a b c  {BIG}\n", (3, 28)),    # was "1000000000 points" out of range
    (f"year {BIG}\nFF 2026 1111 1111 - a b c  25\n", (2, 6)),
    (f"points 25..{BIG}\nFF 2026 1111 1111 - a b c  25\n", (2, 12)),
])
def test_a_card_number_past_the_largest_is_refused_as_written(capsys, tmp_path, text, at):
    f = tmp_path / "big.card"
    f.write_text('card "Big"\n' + text)
    rc, out = run(capsys, "check", str(f), "--format", "json")
    assert rc == 1
    [d] = json.loads(out.split("checked", 1)[0])["diagnostics"]
    assert (d["code"], d["span"]["line"], d["span"]["column"]) == ("MJ162", *at)
    assert d["message"] == f"`{BIG}` is larger than the largest number a card takes (1000000000)"
    assert d["span"]["end_column"] - d["span"]["column"] == len(BIG) and d["hint"]


def test_match_refuses_a_card_with_a_number_past_the_largest(capsys, tmp_path):
    f = tmp_path / "big.card"
    f.write_text(f'card "Big"\nFF 2026 1111 1111 - a b c  {BIG}\n')
    rc, out = run(capsys, "match", str(f), "--hand", "F F 2b 0 2b 6b 1c 1c 1c 1c 1d 1d 1d 1d")
    assert rc == 2 and "MJ162" in out and "1000000000 points" not in out


@pytest.mark.parametrize("text,at", [
    (f"wall {{\n    length {BIG}\n}}\n", (2, 12)),
    (f"session {{\n    hands {BIG}\n}}\n", (2, 11)),
    (f"scoring {{\n    value points * {BIG}.5\n}}\n", (2, 20)),
])
def test_a_ruleset_number_past_the_largest_is_refused_as_written(capsys, tmp_path, monkeypatch, text, at):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.mj").write_text(text)
    rc, out = run(capsys, "check", "x.mj", "--format", "concise")
    assert rc == 1
    written = BIG + (".5" if ".5" in text else "")
    assert out.splitlines()[0] == (f"x.mj:{at[0]}:{at[1]}: error[MJ120]: `{written}` is larger than the largest "
                                   "number a ruleset takes (1000000000000000000)")
    assert "MJ220" not in out  # the number refused is not read as 10^18 by the checks


def test_the_largest_number_a_ruleset_takes_is_taken(capsys, tmp_path):
    f = tmp_path / "x.mj"
    f.write_text("session {\n    hands 1000000000000000000\n}\n")
    rc, out = run(capsys, "check", str(f), "--format", "concise")
    assert "MJ120" not in out and "MJ219" in out


def test_set_of_a_number_past_the_largest_names_the_option(capsys):
    root = Path(__file__).resolve().parent.parent
    rc, out = run(capsys, "check", str(root / "rulesets" / "american.mj"),
                  "--set", "session_hands=99999999999999999999999999")
    assert rc == 2
    assert ("--set session_hands=99999999999999999999999999: `99999999999999999999999999` is larger than the "
            "largest number a ruleset takes (1000000000000000000)") in out
    assert "100000000000000004764729344" not in out  # not read through a float


def test_a_card_of_a_thousand_lines_is_refused_quickly(capsys, tmp_path):
    f = tmp_path / "x.card"
    f.write_text('card "X"\nsection "s"\n' + "NNNN EEE WWW SSSS 25\n" * 1000)
    rc, out = run(capsys, "check", str(f), "--format", "concise")
    assert rc == 1 and "MJ271" in out


@pytest.mark.parametrize("args,needle", [
    (["--hand", "1c 1c 1c 2b 3b 4b 6d 6d 6d S S S 9b 9b", "--win", "9b", "--from", "wall", "--discarder", "S"],
     "--discarder goes with"),
    (["--hand", "2b 2b 1c 1c 1c 3b 4b 6d 6d 6d S S S 2b", "--win", "2b", "--from", "robbed-kong"],
     "the kong robbed holds three 2b"),
])
def test_score_refuses_a_hand_that_cannot_be(capsys, args, needle):
    root = Path(__file__).resolve().parent.parent
    rc, out = run(capsys, "score", str(root / "rulesets" / "classical.mj"), *args)
    assert rc == 2 and needle in out
