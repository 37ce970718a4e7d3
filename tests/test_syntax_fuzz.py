"""Fuzzing the front end: what the grammar generates parses; anything else ends in
diagnostics, never an exception, and `mjdsl check` exits 0 or 1, never with a traceback.

Programs come from the grammar itself (tests/strategies.py, "Grammar"); broken input
is random text and random edits of the shipped rulesets (characters, lines and
tokens deleted, inserted, duplicated and swapped).
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjdsl.check import run_checks
from mjdsl.cli import main
from mjdsl.diagnostics import Diagnostic
from mjdsl.frontend.load import load_text
from mjdsl.syntax.parse import parse_text
from strategies import every_alternative, grammar_keywords, programs, statements

ROOT = Path(__file__).resolve().parent.parent
RULESETS = sorted((ROOT / "rulesets").glob("*.mj"))
TEXTS = {p.name: p.read_text(encoding="utf-8") for p in RULESETS}

#: MJDSL_FUZZ=N multiplies every example count here (a long run: MJDSL_FUZZ=20)
SCALE = int(os.environ.get("MJDSL_FUZZ", "1"))
FUZZ = settings(max_examples=150 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# Whole generated programs are slow to draw, and every alternative of every rule is
# already parsed once, deterministically, below: a few dozen programs check that the
# alternatives also combine (the test was a quarter of the suite at 150).
PROGRAMS = settings(FUZZ, max_examples=25 * SCALE)


def front_end(text: str) -> list[Diagnostic]:
    """Load (parse, includes, overlays) and check, as `mjdsl check` does; may not raise."""
    loaded = load_text(text, "fuzz.mj")
    diags = list(loaded.diagnostics)
    if loaded.ruleset is not None:
        diags += run_checks(loaded.ruleset)[1]
    return diags


def _no_internal_errors(diags: list[Diagnostic]) -> None:
    # MJ199 and MJ299 are the front end's own bugs, caught and reported: still bugs.
    internal = [d for d in diags if d.code in ("MJ199", "MJ299")]
    assert not internal, internal


# -- text the grammar generates --------------------------------------------------


@pytest.mark.parametrize("label,text", every_alternative(), ids=[a for a, _ in every_alternative()])
def test_every_alternative_of_every_rule_parses_and_builds(label, text):
    parsed = parse_text(text)
    assert parsed.diagnostics == () and parsed.program is not None, (text, parsed.diagnostics)


@PROGRAMS
@given(programs())
def test_generated_programs_parse(text):
    parsed = parse_text(text)
    assert parsed.diagnostics == (), (text, parsed.diagnostics)
    assert parsed.program is not None


@FUZZ
@given(statements())
def test_generated_statements_of_every_kind_parse(text):
    parsed = parse_text(text)
    assert parsed.diagnostics == (), (text, parsed.diagnostics)


@PROGRAMS
@given(programs())
def test_generated_programs_check_without_crashing(text):
    _no_internal_errors(front_end(text))


# -- random text --------------------------------------------------------------------

_PIECES = sorted(grammar_keywords()) + list('{}()"#=:.,+-*/^<>!\n\t ') + ["..", "->", "x4", '"1b"', "\n}\n", "{\n"]


@FUZZ
@given(st.text(max_size=300))
def test_random_text_ends_in_diagnostics(text):
    diags = front_end(text)
    _no_internal_errors(diags)
    if parse_text(text).program is None:
        assert any(d.is_error for d in diags)


@FUZZ
@given(st.lists(st.sampled_from(_PIECES), max_size=60).map(" ".join))
def test_random_keyword_soup_ends_in_diagnostics(text):
    _no_internal_errors(front_end(text))


# -- random edits of the shipped rulesets -------------------------------------------


def _units(text: str, kind: str) -> list[str]:
    if kind == "char":
        return list(text)
    if kind == "line":
        return text.splitlines(keepends=True)
    return re.findall(r'"[^"\n]*"|\w+|\s+|.', text)


@st.composite
def mutants(draw) -> str:
    """A shipped ruleset with one to four random edits."""
    text = TEXTS[draw(st.sampled_from(sorted(TEXTS)))]
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["char", "line", "token"]))
        units = _units(text, kind)
        if not units:
            break
        i = draw(st.integers(0, len(units) - 1))
        op = draw(st.sampled_from(["delete", "insert", "duplicate", "swap"]))
        if op == "delete":
            del units[i]
        elif op == "duplicate":
            units.insert(i, units[i])
        elif op == "swap":
            j = draw(st.integers(0, len(units) - 1))
            units[i], units[j] = units[j], units[i]
        else:
            new = draw(st.one_of(
                st.sampled_from(units),
                st.sampled_from(_PIECES),
                st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=3),
            ))
            units.insert(i, new)
        text = "".join(units)
    return text


@FUZZ
@given(mutants())
def test_mutated_rulesets_end_in_diagnostics(text):
    _no_internal_errors(front_end(text))


@pytest.fixture(scope="module")
def table(tmp_path_factory) -> Path:
    """A folder laid out like rulesets/, so a mutant's card reference still resolves."""
    folder = tmp_path_factory.mktemp("table")
    shutil.copytree(ROOT / "rulesets" / "cards", folder / "cards")
    return folder


def run_cli(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


@settings(FUZZ, max_examples=100)
@given(text=mutants())
def test_check_command_on_mutants_exits_0_or_1(table, text):
    path = table / "mutant.mj"
    path.write_text(text, encoding="utf-8")
    status, out, err = run_cli(["check", "--format", "concise", str(path)])
    assert status in (0, 1), (status, out, err)
    assert "Traceback" not in out + err
    if status == 1:
        assert re.search(r"error\[MJ\d{3}\]", out), out
