"""docs/language.md is the language as it is: its examples parse, and they cover it.

Every ```mj block must parse with no syntax error. Every ```mj-wrong block must give
the code named in its first comment (``# MJ110: ...``): syntax codes from the parser,
check codes from the front end, read as if the block were a file in rulesets/.
Together the ```mj blocks must use every rule of the grammar, and the page must name
every fact and function of mjdsl/facts.py.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mjdsl import facts as F
from mjdsl.check import run_checks
from mjdsl.frontend.load import load_text
from mjdsl.syntax.parse import parse_text, parser

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "language.md"
TEXT = DOC.read_text(encoding="utf-8")
BLOCK = re.compile(r"^```(mj|mj-wrong)\n(.*?)^```$", re.M | re.S)


def _blocks(kind: str) -> list:
    out = []
    for m in BLOCK.finditer(TEXT):
        if m.group(1) == kind:
            line = TEXT.count("\n", 0, m.start()) + 1
            out.append(pytest.param(m.group(2), id=f"line{line}"))
    return out


RIGHT = _blocks("mj")
WRONG = _blocks("mj-wrong")


def test_the_page_has_examples():
    assert len(RIGHT) >= 20 and len(WRONG) >= 10


@pytest.mark.parametrize("text", RIGHT)
def test_example_parses(text):
    parsed = parse_text(text, "example.mj")
    assert parsed.diagnostics == (), parsed.diagnostics


@pytest.mark.parametrize("text", WRONG)
def test_wrong_example_gives_its_code(text, monkeypatch):
    m = re.match(r"#\s*(MJ\d{3})", text)
    assert m, "a wrong example starts with a comment naming its code: # MJ110: ..."
    code = m.group(1)
    monkeypatch.chdir(ROOT / "rulesets")
    loaded = load_text(text, "example.mj")
    found = [d.code for d in loaded.diagnostics]
    if loaded.ruleset is not None:
        found += [d.code for d in run_checks(loaded.ruleset)[1]]
    assert code in found, found


def _tree_names(text: str) -> set[str]:
    return {t.data for t in parser().parse(text if text.endswith("\n") else text + "\n").iter_subtrees()}


def test_examples_use_every_rule_of_the_grammar():
    used: set[str] = set()
    for p in RIGHT:
        used |= _tree_names(p.values[0])
    rules = set()
    for r in parser().rules:
        if r.alias:
            rules.add(r.alias)
        elif not r.origin.name.startswith("_") and not r.options.expand1:
            rules.add(r.origin.name)
    missing = sorted(rules - used)
    assert not missing, f"docs/language.md has no ```mj example using: {missing}"


@pytest.mark.parametrize("name", sorted(F.FACTS) + sorted(F.FUNCTIONS))
def test_every_fact_and_function_is_documented(name):
    assert f"`{name}`" in TEXT or f"`{name}(" in TEXT


def test_every_block_has_a_section():
    from mjdsl import ast as A

    headings = set(re.findall(r"^## (.+)$", TEXT, re.M))
    for cls in A.BLOCK_TYPES:
        assert cls.KIND in headings, f"no '## {cls.KIND}' section"


@pytest.mark.parametrize("text", [p for p in RIGHT if "checks clean" in p.values[0].split("\n", 1)[0]])
def test_example_said_to_check_clean_does(text, monkeypatch):
    monkeypatch.chdir(ROOT / "rulesets")
    loaded = load_text(text, "example.mj")
    errors = [d for d in loaded.diagnostics if d.is_error]
    if loaded.ruleset is not None:
        errors += [d for d in run_checks(loaded.ruleset)[1] if d.is_error]
    assert errors == []
