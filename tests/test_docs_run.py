"""The documentation runs as written (tests/docrun.py runs it with Sybil).

Every fenced ```mj, ```mj-wrong, ```card, ```card-wrong, ```console and ```sh block of
README.md and docs/*.md is run in a fresh copy of the shipped files, in order, and must
do what it shows. When the shown output of a transcript is stale, the failure prints the
difference; ``.venv/bin/python tools/refresh_docs.py`` rewrites the stale transcripts.
The tests at the end check that the runner really fails a wrong example.
"""

from __future__ import annotations

import pytest

import docrun
from docrun import ROOT, matches, parse_transcript, run_document


@pytest.mark.parametrize("name", docrun.DOCUMENTS)
def test_document_runs_as_written(name):
    outcomes = run_document(name)
    assert outcomes, f"{name} has no example the runner knows"
    problems = docrun.report(name, outcomes)
    assert not problems, "\n" + problems


def test_the_docs_show_transcripts():
    """The command line is documented by transcripts that run, not by prose alone."""
    kinds = {}
    for name in docrun.DOCUMENTS:
        for kind in docrun.INFO.findall((ROOT / name).read_text(encoding="utf-8")):
            kinds[kind[0]] = kinds.get(kind[0], 0) + 1
    assert kinds.get("console", 0) >= 20 and kinds.get("card", 0) >= 10 and kinds.get("card-wrong", 0) >= 10


# ------------------------------------------------------------------ the runner fails wrong examples


def _replace_once(name: str, old: str, new: str) -> str:
    text = (ROOT / name).read_text(encoding="utf-8")
    assert text.count(old) >= 1, f"{name} no longer has {old!r}: pick another example to break"
    return text.replace(old, new, 1)


def _problems(name: str, text: str) -> list[str]:
    return [o.problem for o in run_document(name, text) if o.problem]


def test_a_changed_transcript_output_fails():
    text = _replace_once("docs/cli.md", "explain MJ203\nMJ203: ", "explain MJ203\nMJ204: ")
    problems = _problems("docs/cli.md", text)
    assert len(problems) == 1 and "-MJ204" in problems[0] and "+MJ203" in problems[0]


def test_a_wrong_exit_status_fails():
    text = _replace_once("docs/cli.md", "$ mjdsl explain MJ999\n", "$ mjdsl explain MJ203\n")
    problems = _problems("docs/cli.md", text)
    assert problems and "[exit 2]" in problems[0]


def test_a_wrong_card_example_fails():
    line = 'FF 2027 2222 7777 - a b c  "the year in one suit, kongs of twos and sevens in the others"  25'
    text = _replace_once("docs/card-notation.md", line, line.replace("2222", "222", 1))
    problems = _problems("docs/card-notation.md", text)
    assert any("MJ250" in p for p in problems)


def test_a_wrong_example_naming_another_code_fails():
    text = _replace_once("docs/language.md", "# MJ109: tile codes are quoted", "# MJ108: tile codes are quoted")
    problems = _problems("docs/language.md", text)
    assert problems == ["does not give MJ108 (it gives ['MJ109'])"]


def test_a_ruleset_example_that_does_not_parse_fails():
    text = _replace_once("docs/language.md", "    dealer draws 1\n", "    dealer draw 1\n")
    assert any("does not parse" in p for p in _problems("docs/language.md", text))


def test_a_command_that_fails_fails():
    text = "```sh\nmjdsl check rulesets/no-such.mj\n```\n"
    problems = _problems("README.md", text)
    assert len(problems) == 1 and "exited 2" in problems[0]


# ------------------------------------------------------------------ the runner's own rules


def test_ellipsis_matches_any_text_and_nothing_else_varies():
    assert matches("took ... s\n", "took 1.25 s\n")
    assert matches("a\n...\nz\n", "a\nb\nc\nz\n")
    assert not matches("a\nz\n", "a\nb\nz\n")
    assert matches("x  \n", "x\n")  # trailing spaces do not count
    assert not matches("took ... s", "took 1.25 ms")


def test_transcript_commands_continue_and_carry_their_status():
    cmds = parse_transcript("$ mjdsl check a \\\n    b\nout\n[exit 1]\n$ mjdsl explain MJ101\nMJ101: x\n")
    assert [(c.text, c.expected, c.status) for c in cmds] == [
        ("mjdsl check a b", "out\n", 1),
        ("mjdsl explain MJ101", "MJ101: x\n", 0),
    ]


def test_a_transcript_line_before_any_command_is_refused():
    with pytest.raises(ValueError):
        parse_transcript("output with no command\n")


def test_refresh_rewrites_a_stale_transcript_to_what_the_command_prints():
    """tools/refresh_docs.py, which the lead runs when output changes on purpose."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("refresh_docs", ROOT / "tools" / "refresh_docs.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    name = "docs/house-rules.md"
    original = (ROOT / name).read_text(encoding="utf-8")
    shown = "$ mjdsl compile examples/house-rules/no-charleston.mj\n"
    at = original.index(shown) + len(shown)
    stale = original[:at] + "0000000000000000\n" + original[original.index("\n", at) + 1:]
    assert stale != original and _problems(name, stale)
    assert tool.refreshed(stale, run_document(name, stale)) == original
