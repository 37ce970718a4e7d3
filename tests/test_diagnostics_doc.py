"""The diagnostic registry keeps its promises.

Each registered code's wrong example produces it and its right example does not;
every code the source can emit is registered; docs/diagnostics.md is the page the
registry generates (regenerate with ``.venv/bin/python tools/gen_diagnostics_doc.py``).
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from mjdsl.check import run_checks
from mjdsl.codes import CODES
from mjdsl.frontend.load import load_text
from mjdsl.syntax.parse import parse_text

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ROOT / "rulesets"


def _load_tool():
    spec = importlib.util.spec_from_file_location("gen_diagnostics_doc", ROOT / "tools" / "gen_diagnostics_doc.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


TOOL = _load_tool()


def codes_for(text: str) -> list[str]:
    """Every code the front end reports for a ruleset snippet.

    Snippets may `extends "american.mj"`: they are read as if they sat in rulesets/.
    Syntax codes come from the parser alone, so a snippet need not be a whole ruleset.
    """
    loaded = load_text(text, str(RULESETS / "snippet.mj"))
    found = [d.code for d in loaded.diagnostics]
    if loaded.ruleset is not None:
        _, diags = run_checks(loaded.ruleset)
        found += [d.code for d in diags]
    return found


def _examples() -> list:
    out = []
    for code in sorted(CODES.values(), key=lambda c: c.code):
        if not (code.wrong or code.right):
            continue
        marks = ()
        if TOOL.is_card_code(code.code):
            marks = pytest.mark.skip(reason="card-notation examples: run by the card library's tests")
        out.append(pytest.param(code, id=code.code, marks=marks))
    return out


@pytest.fixture(autouse=True)
def _in_rulesets(monkeypatch):
    # includes and extends in examples resolve like those of a file in rulesets/
    monkeypatch.chdir(RULESETS)


@pytest.mark.parametrize("code", _examples())
def test_wrong_example_gives_its_code_and_right_does_not(code):
    if code.wrong:
        assert code.code in codes_for(code.wrong), f"{code.code}: the wrong example does not produce it"
    if code.right:
        got = codes_for(code.right)
        assert code.code not in got, f"{code.code}: the right example still produces it: {got}"


def test_syntax_examples_are_syntax_errors_only():
    """An MJ1xx wrong example fails in the parser, not in a check."""
    for code in CODES.values():
        if code.code.startswith("MJ1") and not TOOL.is_card_code(code.code) and code.wrong:
            parsed = parse_text(code.wrong)
            assert parsed.program is None
            assert code.code in [d.code for d in parsed.diagnostics]


def test_large_file_is_refused_with_mj113():
    text = 'ruleset "A"\n' + "# padding padding padding padding\n" * 40_000
    assert [d.code for d in parse_text(text).diagnostics] == ["MJ113"]


def test_every_code_has_a_title_and_explanation():
    for code in CODES.values():
        assert re.fullmatch(r"MJ\d{3}", code.code)
        assert code.title and code.explanation, code.code


def _emitted_codes() -> dict[str, list[str]]:
    """Code -> source files under mjdsl/ that write it as a string literal."""
    out: dict[str, list[str]] = {}
    for path in sorted((ROOT / "mjdsl").rglob("*.py")):
        for code in set(re.findall(r"[\"'](MJ\d{3})[\"']", path.read_text(encoding="utf-8"))):
            out.setdefault(code, []).append(str(path.relative_to(ROOT)))
    return out


@pytest.mark.parametrize("code,files", sorted(_emitted_codes().items()))
def test_every_emitted_code_is_registered(code, files):
    assert code in CODES, f"{code} is used in {', '.join(files)} but listed in no stage's codes.py (the table in mjdsl.codes)"


def test_diagnostics_page_is_up_to_date():
    doc = ROOT / "docs" / "diagnostics.md"
    assert doc.read_text(encoding="utf-8") == TOOL.render(), (
        f"docs/diagnostics.md is out of date: run {TOOL.COMMAND}"
    )
