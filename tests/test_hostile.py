"""Hostile input (issue 13): rule files, cards and logs from anyone are contained,
bounded and never silently wrong. One test (or a few) per finding of the issue."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from mjdsl.cli import main

ROOT = Path(__file__).resolve().parent.parent
AMERICAN = ROOT / "rulesets" / "american.mj"
SECRET = "TOP-SECRET-CONTENT-42"


def run(capsys, *args):
    code = main([str(a) for a in args])
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    return code, out.out + out.err


@pytest.fixture
def secret(tmp_path):
    """A file outside the folder the tests' rule files are in, whose content must never leak."""
    outside = tmp_path / "outside"
    outside.mkdir()
    f = outside / "secret.txt"
    f.write_text(f"{SECRET}:x:0:0\n")
    work = tmp_path / "work"
    work.mkdir()
    return work, f


# -- 1. paths -------------------------------------------------------------------------
def test_a_card_path_outside_the_folder_is_refused_and_not_echoed(capsys, secret):
    work, f = secret
    text = AMERICAN.read_text().replace('card "cards/club-2026.card"', f'card "{f}"')
    (work / "r.mj").write_text(text)
    code, out = run(capsys, "check", work / "r.mj")
    assert code == 1 and "MJ208" in out and SECRET not in out
    code, out = run(capsys, "check", work / "r.mj", "--allow-outside")
    assert "MJ208" not in out and SECRET not in out  # followed, but not a card: named, not quoted


def test_a_card_tiles_path_outside_the_folder_is_refused_and_not_echoed(capsys, secret):
    work, f = secret
    (work / "c.card").write_text(f'card "x"\ntiles "{f}"\nFF 1111 1111 1111 - a b c 25\n')
    code, out = run(capsys, "check", work / "c.card")
    assert code == 1 and "MJ208" in out and SECRET not in out
    code, out = run(capsys, "check", work / "c.card", "--allow-outside")
    assert code == 1 and "MJ270" in out and SECRET not in out
    for cmd in (["match", work / "c.card", "--hand", "1b"], ["render", work / "c.card"]):
        code, out = run(capsys, *cmd)
        assert code == 2 and "outside" in out and SECRET not in out


def test_relative_escapes_are_refused_too(capsys, secret):
    work, f = secret
    (work / "c.card").write_text('card "x"\ntiles "../outside/secret.txt"\nFF 1111 1111 1111 - a b c 25\n')
    code, out = run(capsys, "check", work / "c.card", "--format", "concise")
    assert code == 1 and "MJ208" in out


@pytest.mark.parametrize("at,checked,folder", [
    ("work", "r.mj", "ABS/"),            # was "outside the folder of ." (the current folder)
    ("tmp", "work/r.mj", "work/"),       # was "outside the folder of work"
    ("sub", "../r.mj", "ABS/"),          # was "outside the folder of .."
])
def test_a_path_outside_names_the_folder_tree_and_the_file_that_names_it(capsys, secret, monkeypatch, at, checked,
                                                                       folder):
    work, _ = secret
    (work / "r.mj").write_text('extends "/etc/passwd"\nruleset "R"\n')
    (work / "sub").mkdir()
    monkeypatch.chdir({"work": work, "tmp": work.parent, "sub": work / "sub"}[at])
    code, out = run(capsys, "check", checked, "--format", "concise")
    folder = folder.replace("ABS", str(work.resolve()))
    assert code == 1 and (f"error[MJ208]: `/etc/passwd` is outside {folder}, the folder tree {checked} may name "
                          "files in") in out


def test_a_log_ruleset_outside_is_refused(capsys, secret, tmp_path):
    work, f = secret
    log = _one_log(capsys, tmp_path)
    data = json.loads(log.read_text())
    data["ruleset"] = data["ruleset_abs"] = str(f)
    bad = work / "bad.json"
    bad.write_text(json.dumps(data))
    code, out = run(capsys, "replay", bad)
    assert code == 2 and "outside the log's folder" in out and SECRET not in out


def test_tiles_searches_the_ruleset_library(capsys, tmp_path):
    """Issue 16, finding 1: `tiles "american.mj"` finds the shipped ruleset from anywhere."""
    (tmp_path / "c.card").write_text('card "x"\ntiles "american.mj"\nFF 1111 1111 1111 - a b c 25\n')
    code, out = run(capsys, "check", tmp_path / "c.card")
    assert code == 0, out


def test_a_missing_tiles_ruleset_hides_no_other_error(capsys, tmp_path):
    """Issue 16, finding 1: MJ270 comes with the card's other errors (here MJ250)."""
    (tmp_path / "c.card").write_text('card "x"\ntiles "nowhere.mj"\nFF 1111 1111 111 - a b c 25\n')
    code, out = run(capsys, "check", tmp_path / "c.card", "--format", "concise")
    assert code == 1 and "MJ270" in out and "MJ250" in out


# -- 2. outputs -----------------------------------------------------------------------
GOOD_CARD = 'card "x"\ntiles "american.mj"\nFF 1111 1111 1111 - a b c 25\n'


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_output_to_a_fifo_or_folder_is_refused(capsys, tmp_path):
    (tmp_path / "c.card").write_text(GOOD_CARD)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    code, out = run(capsys, "render", tmp_path / "c.card", "-o", fifo)
    assert code == 2 and "not a regular file" in out and stat.S_ISFIFO(os.stat(fifo).st_mode)
    code, out = run(capsys, "render", tmp_path / "c.card", "-o", tmp_path)
    assert code == 2 and "folder" in out


def test_output_follows_a_symlink_and_keeps_the_mode(capsys, tmp_path):
    (tmp_path / "c.card").write_text(GOOD_CARD)
    real = tmp_path / "real.html"
    real.write_text("old")
    os.chmod(real, 0o640)
    link = tmp_path / "link.html"
    link.symlink_to(real)
    code, _ = run(capsys, "render", tmp_path / "c.card", "-o", link)
    assert code == 0 and link.is_symlink() and "<html" in real.read_text().lower()
    assert stat.S_IMODE(os.stat(real).st_mode) == 0o640
    fresh = tmp_path / "fresh.html"
    run(capsys, "render", tmp_path / "c.card", "-o", fresh)
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE(os.stat(fresh).st_mode) == 0o666 & ~mask
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_output_over_an_input_is_refused(capsys, tmp_path):
    (tmp_path / "c.card").write_text(GOOD_CARD)
    code, out = run(capsys, "render", tmp_path / "c.card", "-o", tmp_path / "c.card")
    assert code == 2 and "input" in out and (tmp_path / "c.card").read_text() == GOOD_CARD
    ruleset = tmp_path / "r.mj"
    ruleset.write_text('extends "american.mj"\n')
    code, out = run(capsys, "compile", ruleset, "--emit", "ir", "-o", ruleset)
    assert code == 2 and "input" in out and ruleset.read_text() == 'extends "american.mj"\n'


def test_fmt_on_a_symlink_formats_the_real_file(capsys, tmp_path):
    real = tmp_path / "real.mj"
    real.write_text('ruleset   "x"\n')
    link = tmp_path / "link.mj"
    link.symlink_to(real)
    run(capsys, "fmt", link)
    assert link.is_symlink() and real.read_text() == 'ruleset "x"\n'


# -- 3. and 4. budgets ----------------------------------------------------------------
WILD = "NN EE 11 222 333 DD - - a b c a · any run or number · any wind · any dragon"


def test_a_card_of_wild_lines_hits_the_variant_budget(capsys, tmp_path):
    (tmp_path / "c.card").write_text('card "x"\n' + "".join(f"{WILD} {25 + i}\n" for i in range(20)))
    code, out = run(capsys, "check", tmp_path / "c.card", "--format", "concise")
    assert code == 1 and "MJ272" in out and "MJ266" not in out


def test_a_card_past_the_overlap_budget_is_checked_without_it(capsys, tmp_path):
    (tmp_path / "c.card").write_text('card "x"\n' + "".join(f"{WILD} {25 + i}\n" for i in range(4)))
    code, out = run(capsys, "check", tmp_path / "c.card", "--format", "concise")
    assert "MJ273" in out and "MJ258" not in out and "MJ272" not in out


def test_many_alternatives_do_not_explode_the_output(capsys, tmp_path):
    line = " or ".join(["FF 1111 1111 1111 - a b c"] * 3000) + " 25\n"
    (tmp_path / "c.card").write_text('card "x"\n' + line)
    code, out = run(capsys, "check", tmp_path / "c.card")
    assert code == 1 and len(out) < 5_000 and max(len(x) for x in out.splitlines()) < 200


def test_idle_alternatives_are_counted_past_three(capsys, tmp_path):
    line = " or ".join(["FF 1111 1111 1111 - a b c"] * 10) + " 25\n"
    (tmp_path / "c.card").write_text('card "x"\n' + line)
    code, out = run(capsys, "check", tmp_path / "c.card", "--format", "concise")
    assert out.count("MJ266") == 4 and "6 more alternatives" in out


# -- 5. replay ------------------------------------------------------------------------
def _one_log(capsys, tmp_path) -> Path:
    logs = tmp_path / "logs"
    code, _ = run(capsys, "simulate", AMERICAN, "--games", "1", "--seed", "7", "--logs", logs, "--bots", "random")
    assert code == 0
    return sorted(logs.glob("hand-*.json"))[0]


@pytest.mark.parametrize("change,status,needle", [
    ({"digests": None}, 2, "no 'digests'"),
    ({"result": None}, 2, "no 'result'"),
    ({"seed": "another"}, 1, "seed"),
    ({"set": [1, 2]}, 2, "'set'"),
    ({"dealer": 99}, 2, "'dealer'"),
    ({"dealer": "x"}, 2, "'dealer'"),
    ({"dealer": True}, 2, "'dealer'"),
    ({"returns": ["x", 1, 2, 3]}, 2, "'returns'"),
    ({"actions": [1, "2"]}, 2, "'actions'"),
    ({"round_wind": 5}, 2, "'round_wind'"),
    ({"version": "1"}, 2, "'version'"),
])
def test_a_tampered_log_is_refused(capsys, tmp_path, change, status, needle):
    data = json.loads(_one_log(capsys, tmp_path).read_text())
    for k, v in change.items():
        if v is None:
            del data[k]
        else:
            data[k] = v
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    code, out = run(capsys, "replay", bad)
    assert code == status and needle in out


def test_a_forged_result_or_settlement_fails_the_replay(capsys, tmp_path):
    log = _one_log(capsys, tmp_path)
    data = json.loads(log.read_text())
    assert run(capsys, "replay", log)[0] == 0
    forged = dict(data, result=dict(data["result"], winner=3, value=9999))
    (tmp_path / "f.json").write_text(json.dumps(forged))
    code, out = run(capsys, "replay", tmp_path / "f.json")
    assert code == 1 and "result" in out
    dealer = (data["dealer"] + 1) % 4
    (tmp_path / "d.json").write_text(json.dumps(dict(data, dealer=dealer)))
    assert run(capsys, "replay", tmp_path / "d.json")[0] == 1


def test_a_log_with_digests_removed_one_by_one_fails(capsys, tmp_path):
    data = json.loads(_one_log(capsys, tmp_path).read_text())
    data["digests"] = data["digests"][:-1]
    (tmp_path / "b.json").write_text(json.dumps(data))
    code, out = run(capsys, "replay", tmp_path / "b.json")
    assert code == 1 and "digests" in out


# -- 6. card lines that check rejects are not used ----------------------------------------
FIFTEEN = 'card "x"\ntiles "american.mj"\nFF 11111 1111 1111 - a b c 25\nNNNN EEEE WWWW SS 30\n'
TWELVE = 'card "x"\ntiles "american.mj"\nFF 111 111 1111 - a b c 25\nNNNN EEEE WWWW SS 30\n'


@pytest.mark.parametrize("text", [FIFTEEN, TWELVE])
@pytest.mark.parametrize("cmd", [
    ["match", "--hand", "F F 1b 1b 1b 1b 1c 1c 1c 1c 1d 1d 1d 1d"],
    ["hint", "--hand", "F F 1b 1b 1b 1b 1c 1c 1c 1c 1d 1d 1d"],
    ["render"],
    ["render", "--format", "md"],
])
def test_a_card_with_a_wrong_size_line_is_refused(capsys, tmp_path, text, cmd):
    """Also issue 16, finding 8: render checks what it renders."""
    (tmp_path / "c.card").write_text(text)
    code, out = run(capsys, cmd[0], tmp_path / "c.card", *cmd[1:])
    assert code == 2 and "MJ250" in out


def test_render_does_not_pad_missing_suit_letters(capsys, tmp_path):
    (tmp_path / "c.card").write_text('card "x"\ntiles "american.mj"\nFF 1111 1111 1111 - a b 25\n')
    code, out = run(capsys, "render", tmp_path / "c.card", "--format", "md")
    assert code == 2 and "MJ251" in out


# -- 8. small gaps --------------------------------------------------------------------
def test_a_byte_order_mark_is_accepted(capsys, tmp_path):
    (tmp_path / "c.card").write_bytes(b"\xef\xbb\xbf" + GOOD_CARD.encode())
    (tmp_path / "r.mj").write_bytes(b"\xef\xbb\xbf" + b'extends "american.mj"\n')
    code, out = run(capsys, "check", tmp_path / "c.card", tmp_path / "r.mj")
    assert code == 0, out


def test_a_binary_card_names_its_file(capsys, tmp_path):
    (tmp_path / "c.card").write_bytes(b"\xff\xfe\x00card")
    code, out = run(capsys, "check", tmp_path / "c.card", "--format", "concise")
    assert code == 1 and "c.card" in out and "MJ112" in out
    code, out = run(capsys, "match", tmp_path / "c.card", "--hand", "1b")
    assert code == 2 and "c.card" in out and "MJ112" in out


def test_an_empty_folder_is_not_a_clean_check(capsys, tmp_path):
    code, out = run(capsys, "check", tmp_path)
    assert code == 2 and "nothing to check" in out


HAND = ["--exposed", "1c 1c 1c", "--exposed", "7c 7c 7c", "--exposed", "2c 3c 4c", "--exposed", "6c 6c 6c",
        "--hand", "5c 5c", "--win", "5c", "--from", "discard", "--seat", "S", "--set", "roof_off=on"]


@pytest.mark.parametrize("rules", [17, 80])
def test_an_infinite_payment_is_an_error_not_infinity(capsys, tmp_path, rules):
    # each rule within check's bound of 64 doubles, together past a float's range
    silly = "".join(f'    rule silly{i} "Silly": 64 doubles when won\n' for i in range(rules))
    f = tmp_path / "r.mj"
    f.write_text(f'extends "classical.mj"\nscoring {{\n{silly}}}\n')
    code, out = run(capsys, "score", f, *HAND, "--json")
    assert code == 2 and "MJ420" in out and "Infinity" not in out and "inf" not in out.split("MJ420")[1]


@pytest.mark.parametrize("args", [["match"], ["check", "--format", "x", "a.mj"], ["simulate", AMERICAN, "--games", "0"]])
def test_a_usage_error_is_one_line(capsys, args):
    code, out = run(capsys, *args)
    assert code == 2 and len(out.strip().splitlines()) == 1 and "--help" in out


def test_help_points_to_the_docs(capsys):
    code, out = run(capsys, "--help")
    assert "docs/cli.md" in out and "docs/security.md" in out and "contracts.md" not in out
    for cmd in ("match", "hint", "score"):
        _, out = run(capsys, cmd, "--help")
        assert "contracts.md" not in out


def test_an_overlay_does_not_repeat_its_base_card_warnings(capsys):
    code, out = run(capsys, "check", ROOT / "rulesets", ROOT / "examples", "--format", "concise")
    assert out.count("MJ258") == 1


# -- 7. diagnostics that say the right thing ---------------------------------------------
@pytest.mark.parametrize("line,code,needle", [
    ("FF 1111 1111 1111 - A B C 25", "MJ154", "write `a`"),
    ("FF (1111) 1111 1111 - a b c 25", "MJ150", "without brackets"),
    # `/` joins the alternatives of one group (issue 10, cards as printed): a repeat, or spaces
    ("FF 1111/1111 1111 1111 - a b c 25", "MJ297", "written twice"),
    ("FF 1111 / 2222 1111 1111 - a b c 25", "MJ181", "no spaces"),
    ("FF 1111 1111 1111 - a b c | FF 1111 1111 1111 - a a b 25", "MJ150", "`or`"),
    ("ff 25", "MJ159", "`FF`"),
    ("NNNN ZZZ 111 222 - - a a · any wind 25", "MJ161", "write `NNNN EEE 111 222 - - a a · any wind 25`"),
    ("FF 1111 1111 1111 - a b c · any run 25", "MJ261", "`any run or number`"),
])
def test_card_mistakes_get_the_right_words(capsys, tmp_path, line, code, needle):
    (tmp_path / "c.card").write_text(f'card "x"\ntiles "american.mj"\n{line}\n')
    rc, out = run(capsys, "check", tmp_path / "c.card")
    assert rc == 1 and f"[{code}]" in out and needle in out
    assert "POINTS" not in out and "SECTION" not in out and "section \"Quints\"" not in out


@pytest.mark.parametrize("line,right", [
    ("ZZZZ EEE 111 222 - - a a 25", "NNNN EEE 111 222 - - a a · any wind 25"),
    ('NNNN ZZZ 111 ZZZZ - - a - "winds" 25', 'NNNN EEE 111 WWWW - - a - · any wind "winds" 25'),
    ("FF 1111 1111 1111 - a b c | FF 1111 1111 1111 - a a b 25",
     "FF 1111 1111 1111 - a b c or FF 1111 1111 1111 - a a b 25"),
])
def test_another_notations_any_wind_and_alternatives_say_what_to_write(capsys, tmp_path, line, right):
    """Issue 13, finding 7: `Z` (any wind) and `|` (or) name what this notation writes,
    in the message, and the hint gives the user's line rewritten (which then reads)."""
    card = tmp_path / "c.card"
    card.write_text(f'card "x"\ntiles "american.mj"\n{line}\n')
    rc, out = run(capsys, "check", card)
    word = "`· any wind`" if "Z" in line else "`or`"
    assert rc == 1 and word in out.splitlines()[0]
    assert f"write `{right}`, not `{line}`" in out
    card.write_text(f'card "x"\ntiles "american.mj"\n{right}\n')
    _, out = run(capsys, "check", card)
    assert "MJ1" not in out


def test_a_long_line_is_not_quoted_back_in_the_hint(capsys, tmp_path):
    line = " | ".join(["FF 1111 1111 1111 - a b c"] * 10) + " 25"
    (tmp_path / "c.card").write_text(f'card "x"\n{line}\n')
    rc, out = run(capsys, "check", tmp_path / "c.card")
    assert rc == 1 and "joined with `or`" in out and "not `" not in out


@pytest.mark.parametrize("base,line,codes", [
    ("classical.mj", 'flower "f1" "f2" "f3" x1 seat linked', {"MJ217", "MJ220"}),
    ("classical.mj", 'flower "f1" "f2" "f3" "f4" x0 seat linked', {"MJ217"}),
    ("classical.mj", 'flower "N" "f2" "f3" "f4" x1 seat linked', {"MJ203", "MJ220"}),
    ("classical.mj", 'joker "J" x4', {"MJ220"}),
    ("american.mj", 'flower "J" x8 interchangeable', {"MJ203", "MJ220"}),
    ("american.mj", 'flower "F" x4 interchangeable', {"MJ220"}),
    ("american.mj", 'joker "F" x8', {"MJ203", "MJ220"}),
    ("american.mj", 'joker "J" x0', {"MJ217"}),
    ("american.mj", 'joker "J J" x8', {"MJ217", "MJ220"}),
])
def test_an_overlays_bad_flower_or_joker_line_is_reported_at_the_overlay(capsys, tmp_path, base, line, codes):
    """Issue 13, finding 7: a diagnostic about a `flower` or `joker` line an overlay
    replaced (a clash with a base tile, a bad count, the set no longer filling the
    base's wall) points at the overlay, not at the base file the user did not write."""
    f = tmp_path / "o.mj"
    f.write_text(f'extends "{base}"\ntiles {{\n    {line}\n}}\n')
    rc, out = run(capsys, "check", "--format", "concise", f)
    found = {}
    for ln in out.splitlines():
        if ": error[" in ln:
            found.setdefault(ln.split("error[")[1][:5], set()).add(Path(ln.split(":")[0]).name)
    assert rc == 1 and codes <= set(found), out
    assert all(found[c] == {"o.mj"} for c in codes), out


def test_a_tile_an_overlay_renamed_names_the_overlays_tiles_block(capsys, tmp_path):
    """The base's jokers block names `J`, which the overlay's joker line renamed: the
    error is the base's line (that is where `J` is written) and the hint says why."""
    f = tmp_path / "o.mj"
    f.write_text('extends "american.mj"\ntiles {\n    joker "K" x8\n}\n')
    rc, out = run(capsys, "check", f)
    assert rc == 1 and "unknown tile `J`" in out and "overlay's tiles block at" in out and "o.mj:2:1 changed" in out


def test_any_run_counts_when_one_alternative_can_move(american_tiles):
    from mjdsl.cards.check import check_card
    from mjdsl.syntax.card_build import parse_card

    moves = "FF 1111 1111 1111 - a b c or FF 7777 8888 9999 - a b c · any run or number 25"
    stuck = "FF 7777 8888 9999 - a b c or FF 2222 8888 9999 - a b c · any run or number 25"
    for line, warned in ((moves, False), (stuck, True)):
        card, _ = parse_card(f'card "x"\n{line}\n', "c.card")
        _, found = check_card(card, american_tiles)
        assert any(d.code == "MJ260" for d in found) is warned, line


def test_restated_payment_lines_are_deleted_together(capsys, tmp_path):
    base = [ln.strip() for ln in AMERICAN.read_text().split("payments {")[1].split("}")[0].splitlines() if ln.strip()]
    f = tmp_path / "o.mj"
    f.write_text('extends "american.mj"\npayments {\n' + "".join(f"    {ln}\n" for ln in base) + "}\n")
    rc, out = run(capsys, "check", f)
    assert "MJ302" in out and f"delete all {len(base)} together" in out and "delete it" not in out


def test_an_option_as_a_rule_amount_is_named_as_such(capsys, tmp_path):
    f = tmp_path / "o.mj"
    f.write_text('extends "classical.mj"\noption mybonus = 2 "x"\nscoring {\n    rule silly "Silly": mybonus doubles when won\n}\n')
    rc, out = run(capsys, "check", f)
    assert rc == 1 and "MJ104" not in out and "an option cannot stand" in out


@pytest.mark.parametrize("expr", [" or ".join(["won"] * 30000), "won and " + " + ".join(["1"] * 30000) + " > 3",
                                  "not " * 150 + "won"])
def test_a_huge_expression_is_refused_before_it_is_lowered(capsys, tmp_path, expr):
    f = tmp_path / "r.mj"
    f.write_text(f'extends "classical.mj"\nscoring {{\n    rule silly "Silly": 1 doubles when {expr}\n}}\n')
    code, out = run(capsys, "compile", f)
    assert code == 2 and "MJ247" in out and "RecursionError" not in out


def test_a_hands_file_that_is_a_device_is_refused(capsys):
    code, out = run(capsys, "match", AMERICAN, "--hands-file", "/dev/zero")
    assert code == 2 and "not a regular file" in out
