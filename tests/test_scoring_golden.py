"""Hands scored by hand from the published tables, through ``mjdsl score``.

Each block of tests/scoring/*.txt is one hand: the command's flags, the arithmetic
as a comment, the rules expected to apply with their values, and the total (the
format is described at the top of tests/scoring/dmjl.txt). Every case runs through
the command line (``mjdsl score ... --json``) and through the library with the
compiled conditions and with the rules' closures; all three must agree with the
hand-scored figures. The last test asserts that every rule of each table fires in
at least one case.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import attrs
import pytest

from mjdsl.cli import main
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.scoring import score_hand
from mjdsl.scoring.notation import read_hand_input

ROOT = Path(__file__).resolve().parent.parent
CASES_DIR = Path(__file__).resolve().parent / "scoring"


@attrs.frozen
class Case:
    file: str
    line: int
    title: str
    ruleset: str
    args: tuple[str, ...]
    rules: dict  # name -> (value, unit)
    points: float
    doubles: float
    limits: float
    total: float
    payments: dict | None

    @property
    def id(self) -> str:
        return f"{self.file}:{self.line} {self.title}"


def _num(text: str) -> float:
    v = float(text)
    return int(v) if v.is_integer() else v


def parse_cases(path: Path) -> list[Case]:
    """The blocks of a golden file (format: tests/scoring/dmjl.txt)."""
    cases: list[Case] = []
    default_ruleset = None
    block: dict | None = None

    def close():
        if block is not None:
            missing = [k for k in ("args", "total") if k not in block]
            assert not missing, f"{path.name}:{block['line']}: the case has no {', '.join(missing)} line"
            cases.append(Case(path.name, block["line"], block["title"], block.get("ruleset", default_ruleset),
                              block["args"], block["rules"], *block["total"], block.get("payments")))

    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        if text.startswith("== "):
            close()
            block = {"line": n, "title": text[3:], "rules": {}}
        elif text.startswith("ruleset:"):
            if block is None:
                default_ruleset = text.split(":", 1)[1].strip()
            else:
                block["ruleset"] = text.split(":", 1)[1].strip()
        elif text.startswith("score:"):
            block["args"] = tuple(shlex.split(text.split(":", 1)[1]))
        elif text.startswith("payments:"):
            words = text.split(":", 1)[1].split()
            block["payments"] = {words[i]: _num(words[i + 1]) for i in range(0, len(words), 2)}
        elif text.startswith("= "):
            head, total = text[2:].split("->")
            parts = {p.split()[1]: _num(p.split()[0]) for p in head.split(",")}
            block["total"] = (parts.get("points", 0), parts.get("doubles", 0), parts.get("limits", 0), _num(total))
        else:
            name, value, unit = text.split()
            assert name not in block["rules"], f"{path.name}:{n}: {name} listed twice"
            block["rules"][name] = (_num(value), unit)
    close()
    return cases


CASES = [c for f in sorted(CASES_DIR.glob("*.txt")) for c in parse_cases(f)]


def _flags(args) -> dict:
    """The command's flags as read_hand_input's arguments (for the library tests)."""
    from click.testing import CliRunner  # noqa: F401 - click is there; parse with the command itself

    from mjdsl.commands.score import score_cmd

    ctx = score_cmd.make_context("score", ["RULESET", *args])
    p = ctx.params
    return {
        "sets": p["sets"],
        "kw": dict(hand=p["hand_text"], exposed=p["exposed"], kongs=p["kong"], bonus=p["bonus"], win=p["win"],
                   source=p["source"], seat=p["seat"], round_wind=p["round_wind"], dealer=p["dealer"],
                   discarder=p["discarder"], announced=p["announced"], original_hand=p["original_hand"],
                   earthly_hand=p["earthly_hand"], dealer_streak=p["dealer_streak"], table=p["table"]),
    }


_AUTOS: dict = {}


def automaton(ruleset: str, sets=()):
    from mjdsl.options import parse_cli_sets

    key = (ruleset, tuple(sets))
    if key not in _AUTOS:
        _AUTOS[key] = compile_ruleset(ROOT / "rulesets" / ruleset, parse_cli_sets(sets))
    return _AUTOS[key]


def _check(case: Case, rules: dict, points, doubles, limits, total, payments=None):
    assert rules == case.rules, f"{case.id}: rules"
    assert (points, doubles, limits, total) == (case.points, case.doubles, case.limits, case.total), case.id
    if case.payments is not None and payments is not None:
        assert payments == case.payments, f"{case.id}: payments"


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_golden_case_through_the_command_line(case: Case, capsys):
    rc = main(["score", str(ROOT / "rulesets" / case.ruleset), *case.args, "--json"])
    out = capsys.readouterr().out
    assert rc == 0, out
    doc = json.loads(out)
    assert doc["version"] == 1
    rules = {r["name"]: (r["value"], r["unit"]) for r in doc["rules"]}
    _check(case, rules, doc["points"], doc["doubles"], doc["limits"], doc["total"], doc["payments"])
    for r in doc["rules"]:
        assert r["line"] >= 1 and r["file"].endswith(".mj")


@pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "closures"])
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_golden_case_through_the_library(case: Case, compiled: bool):
    flags = _flags(case.args)
    auto = automaton(case.ruleset, flags["sets"])
    hand = read_hand_input(auto, **flags["kw"])
    result = score_hand(auto, hand, compiled=compiled)
    rules = {line.name: (line.value, line.unit) for line in result.lines}
    seats = [auto.tiles.kinds[w].code for w in auto.seat_winds]
    _check(case, rules, result.points, result.doubles, result.limits, result.total,
           dict(zip(seats, result.payments)))
    assert abs(sum(result.payments)) < 1e-9


@pytest.mark.parametrize("ruleset", sorted({c.ruleset for c in CASES}))
def test_every_rule_of_the_table_applies_in_some_case(ruleset):
    auto = automaton(ruleset)
    fired = {name for c in CASES if c.ruleset == ruleset for name in c.rules}
    missing = sorted({r.name for r in auto.scoring.rules} - fired)
    assert not missing, f"rules of {ruleset} no golden case shows: {missing}"


def test_there_are_enough_hand_scored_cases():
    assert len(CASES) >= 43  # the three worked examples and at least forty more
