"""docs/language.md says what each statement does in play, and what play does when a
statement's optional parts are left out (issue 9, "Done when").

* Every statement of the grammar stands in the first column of a table of the page
  whose second column says what it does (`meaning`, `in play`, `play does`...): not
  only in an example or in passing.
* Every statement with an optional part (a `[title]`, a `[when COND]`, `[robbable]`...)
  stands in the table of "What a statement's optional parts mean when left out",
  which says what play does without the part.

The statements and their leading keywords come from the grammar, as in
tests/test_docs_coverage.py, so a statement added to mjdsl.lark fails here until the
page explains it.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from test_docs_coverage import STATEMENTS, _explains, _lead

from mjdsl.syntax.parse import parser

ROOT = Path(__file__).resolve().parent.parent
TEXT = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
LEFT_OUT_HEADING = "**What a statement's optional parts mean when left out**"
#: Statements whose grammar alternatives differ in what is not an optional part:
#: more of the same (another phase, priority level, removed name), a sign, or a
#: block's statements (empty or not).
NOT_OPTIONAL = {"flow_decl", "priority", "penalty", "optional_round", "tile_stmt"}


def _tables(text: str) -> list[tuple[str, list[str]]]:
    """Each markdown table: (its header line, the first cells of its rows)."""
    out = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if lines[i].startswith("|") and i + 1 < len(lines) and re.match(r"^\|[-| ]+\|$", lines[i + 1]):
            header, rows = lines[i], []
            i += 2
            while i < len(lines) and lines[i].startswith("|"):
                rows.append(re.split(r"(?<!\\)\|", lines[i])[1])
                i += 1
            out.append((header, rows))
        else:
            i += 1
    return out


def _spans(cells) -> list[str]:
    return [span for cell in cells for span in re.findall(r"`([^`\n]+)`", cell)]


#: second-column headers of the tables that say what statements do
SAYS = ("meaning", "in play", "play does", "the claim takes")
EXPLAINING = _spans(cell for header, rows in _tables(TEXT)
                    if any(word in header.split("|")[2] for word in SAYS) for cell in rows)
LEFT_OUT = _spans(next(rows for header, rows in _tables(TEXT.split(LEFT_OUT_HEADING, 1)[1])))


def _optional() -> list[tuple[str, str]]:
    """(leading keywords, alias) of every statement with an optional part."""
    p = parser()
    forms: dict[tuple, set] = {}
    rules: dict[tuple, object] = {}
    for r in p.rules:
        origin = r.origin.name
        if not origin.endswith(("_stmt", "_decl")) and origin != "charleston_block":
            continue
        key = (origin, r.alias or origin)
        forms.setdefault(key, set()).add(tuple(s.name for s in r.expansion))
        rules.setdefault(key, r)
    out = []
    for (origin, alias), shapes in sorted(forms.items()):
        if len(shapes) > 1 and alias not in NOT_OPTIONAL:
            out.append((" ".join(_lead(p, rules[(origin, alias)])), alias))
    return out


OPTIONAL = _optional()


def test_the_tables_are_found():
    assert len(EXPLAINING) > 100 and len(LEFT_OUT) > 15
    assert ("pass", "pass_step") in OPTIONAL and ("claim", "claim_decl") in OPTIONAL


@pytest.mark.parametrize("lead,rule", STATEMENTS, ids=[r for _, r in STATEMENTS])
def test_every_statement_says_what_it_does_in_play(lead, rule):
    if rule.startswith("card_"):
        return  # the card notation's lines: docs/card-notation.md
    assert any(_explains(span, lead.split()) for span in EXPLAINING), (
        f"`{lead} ...` ({rule}) is in no table of docs/language.md that says what it does in play")


@pytest.mark.parametrize("lead,rule", OPTIONAL, ids=[r for _, r in OPTIONAL])
def test_every_optional_part_says_what_play_does_without_it(lead, rule):
    assert any(_explains(span, lead.split()) for span in LEFT_OUT), (
        f"`{lead} ...` ({rule}) has optional parts: say in docs/language.md's table "
        f"{LEFT_OUT_HEADING} what play does when they are left out")
