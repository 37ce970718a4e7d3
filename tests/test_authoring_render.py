"""``mjdsl render RULESET``: a rule book for the table, for every shipped ruleset, in
HTML and Markdown, naming every option in force and every phase of the flow; the
American one with its card attached."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from mjdsl.cli import main
from mjdsl.frontend.checked import require
from mjdsl.render.rulebook import render_rulebook
from mjdsl.render.words import PHASE_TITLES

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted(ROOT.glob("rulesets/*.mj")) + sorted(ROOT.glob("examples/**/*.mj"))
AMERICAN = ROOT / "rulesets" / "american.mj"


def _phases(ctx) -> list[str]:
    from mjdsl.check.flow import default_flow

    rs = ctx.ruleset
    return [w.text for w in rs.flow.phases] if rs.flow else default_flow(rs)


@pytest.mark.parametrize("fmt", ["md", "html"])
@pytest.mark.parametrize("path", SHIPPED, ids=[str(p.relative_to(ROOT)) for p in SHIPPED])
def test_rule_book_names_every_option_in_force_and_every_phase(path, fmt):
    text = render_rulebook(path, fmt)
    plain = html.unescape(re.sub(r"<[^>]+>", " ", text)) if fmt == "html" else text
    ctx = require(path).ctx
    assert ctx.ruleset.name in plain
    for o in ctx.options:
        row = re.search(rf"{re.escape(o.name)}\W+{re.escape(o.describe_value())}\b", plain)
        assert row, f"option {o.name} = {o.describe_value()} not in the rule book"
        assert o.meaning in plain
    for phase in _phases(ctx):
        assert PHASE_TITLES[phase] in plain, phase
    if fmt == "html":
        assert text.startswith("<!DOCTYPE html>") and text.rstrip().endswith("</html>")


def test_american_rule_book_is_notes_for_the_table_with_the_card():
    text = render_rulebook(AMERICAN, "md")
    for words in ("152 tiles", "Everyone passes 3 tiles right", "Courtesy pass across", "Jokers are never passed",
                  "stands for any tile in a group of 3 or more", "The discarder pays the winner twice the hand's value",
                  "## The card: Club card 2026", "`FF 2026 1111 1111`", "| X | 25 |"):
        assert words in text, words
    # the play skeleton's kong steps are not for this table: no kongs on a turn
    assert "kong is replaced" not in text and "rob an added kong" not in text
    # conditions read in words, with the options in force put in (jokerless_double is on)
    assert "No jokers: 1 double when the hand has no jokers and the card line is not in the section " \
           "“Singles and pairs”" in text


def test_set_changes_the_rule_book():
    text = render_rulebook(AMERICAN, "md", [("charleston", "off"), ("jokerless_double", "off")])
    assert "Not played at this table (charleston = off)" in text
    assert "Switched off at this table: No jokers." in text
    assert "| `charleston` | off | on | Charleston before play | --set |" in text


def test_render_command_writes_a_rule_book(tmp_path, capsys):
    out = tmp_path / "book.html"
    assert main(["render", str(ROOT / "examples" / "house-rules" / "no-charleston.mj"), "--format", "html",
                 "-o", str(out), "--set", "session_hands=8"]) == 0
    text = out.read_text()
    assert "Not played at this table" in text and "A session is 8 hands" in text
    assert main(["render", str(ROOT / "rulesets" / "cards" / "club-2026.card"), "--format", "md"]) == 0
    assert capsys.readouterr().out.startswith("# Club card 2026")


@pytest.mark.parametrize("args,words", [
    (["render", "no/such.mj"], "no such file"),
    (["render", "BROKEN"], "MJ1"),
    (["render", str(AMERICAN), "--set", "charleston=maybe"], "expected on or off"),
    (["render", str(AMERICAN), "--set", "nothing=1"], "unknown option"),
    (["render", str(AMERICAN), "--format", "pdf"], "pdf"),
])
def test_render_bad_input_is_one_line_and_exit_2(tmp_path, capsys, args, words):
    broken = tmp_path / "broken.mj"
    broken.write_text('ruleset "A" "B"\n')
    args = [str(broken) if a == "BROKEN" else a for a in args]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
