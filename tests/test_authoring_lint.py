"""Lint (MJ3xx): every code fires on the file in tests/lint/ written to trigger it, on
exactly the lines marked ``# expect: CODE...``, and nowhere in the shipped rulesets.

A file in tests/lint/ is a ruleset (usually an overlay of american.mj) that checks
without errors; a comment ``# expect: MJ301`` (or several codes) on a line says which
lint warnings that line must raise. No other line may raise any.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mjdsl.codes import CODES
from mjdsl.frontend.checked import check_file

ROOT = Path(__file__).resolve().parent.parent
LINT = sorted((ROOT / "tests" / "lint").glob("*.mj"))
SHIPPED = sorted(ROOT.glob("rulesets/*.mj")) + sorted(ROOT.glob("examples/**/*.mj"))
EXPECT = re.compile(r"#\s*expect:\s*((?:MJ3\d\d\s*)+)$")


def expected(path: Path) -> set[tuple[str, int]]:
    out = set()
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        m = EXPECT.search(line)
        if m:
            out |= {(code, n) for code in m.group(1).split()}
    return out


def lint_of(path: Path) -> tuple[set[tuple[str, int]], list]:
    checked = check_file(path)
    found = {(d.code, d.span.line) for d in checked.diagnostics if d.code.startswith("MJ3")}
    return found, checked.errors


@pytest.mark.parametrize("path", LINT, ids=[p.name for p in LINT])
def test_lint_fires_exactly_where_expected(path):
    found, errors = lint_of(path)
    assert not errors, [f"{d.span}: {d.code} {d.message}" for d in errors]
    want = expected(path)
    assert want, f"{path.name} marks no `# expect:` line"
    assert found == want, f"missing {sorted(want - found)}, unexpected {sorted(found - want)}"


def test_every_lint_code_has_a_file_that_triggers_it():
    codes = {c for c in CODES if c.startswith("MJ3")}
    triggered = {code for p in LINT for code, _ in expected(p)}
    assert codes <= triggered, f"no tests/lint file expects {sorted(codes - triggered)}"
    for code in codes:
        assert any(p.name.startswith(code.lower()) for p in LINT), f"no tests/lint/{code.lower()}-*.mj"


#: Lint the shipped rulesets still raise, each with who is fixing it. Remove an entry once fixed.
#: shipped files with a known lint finding someone owns (none now)
KNOWN: dict[str, str] = {}


def _shipped():
    for p in SHIPPED:
        key = str(p.relative_to(ROOT))
        marks = pytest.mark.xfail(reason=KNOWN[key], strict=False) if key in KNOWN else ()
        yield pytest.param(p, id=key, marks=marks)


@pytest.mark.parametrize("path", list(_shipped()))
def test_shipped_rulesets_and_examples_raise_no_lint(path):
    found, errors = lint_of(path)
    assert not errors
    assert not found, sorted(found)


def test_lint_is_about_the_checked_file_not_its_base(tmp_path):
    """An overlay of a base with lint does not repeat the base's warnings."""
    base = tmp_path / "base.mj"
    # `card "cards/club-2026.card"` is found in the ruleset library (an absolute path out
    # of the folder would be MJ208)
    base.write_text((ROOT / "rulesets" / "american.mj").read_text(encoding="utf-8").replace("rulesets/", "")
                    + 'option unused = on "Never used"\n')
    over = tmp_path / "over.mj"
    over.write_text('extends "base.mj"\nruleset "Over"\nset charleston = off\n')
    assert ("MJ304", base.read_text().count("\n")) in lint_of(base)[0]
    found, errors = lint_of(over)
    assert not errors and not found


def test_a_set_on_the_command_line_is_not_linted():
    checked = check_file(ROOT / "rulesets" / "american.mj", [("charleston", "off"), ("blind_passes", "on")])
    assert not [d for d in checked.diagnostics if d.code.startswith("MJ3")]


def test_lint_warnings_do_not_fail_check(capsys):
    from mjdsl.cli import main

    assert main(["check", str(ROOT / "tests" / "lint" / "mj303-remove-nothing.mj"), "--format", "concise"]) == 0
    out = capsys.readouterr().out
    assert "warning[MJ303]" in out and "did you mean" not in out  # the hint is in --format full
    assert main(["check", str(ROOT / "tests" / "lint" / "mj303-remove-nothing.mj")]) == 0
    assert "did you mean `jokerless`?" in capsys.readouterr().out


@pytest.mark.parametrize("code", sorted(c for c in CODES if c.startswith("MJ3")))
def test_explain_prints_every_lint_code(capsys, code):
    from mjdsl.cli import main

    assert main(["explain", code]) == 0
    out = capsys.readouterr().out
    assert out.startswith(code) and "Wrong:" in out and "Right:" in out
