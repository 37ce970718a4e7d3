"""The card notation: the grammar builds strictly, the Club card reads as printed, and
syntax errors are named by example at the right place."""

from __future__ import annotations

import lark
import pytest

from mjdsl.cards import ast, parse_card
from mjdsl.syntax.card_build import GRAMMAR, card_from_body
from mjdsl.syntax.card_messages import EXAMPLES
from mjdsl.source import Span


def test_grammar_builds_strict_lalr_without_conflicts_or_collisions():
    lark.Lark(GRAMMAR.read_text(encoding="utf-8"), parser="lalr", propagate_positions=True, strict=True)


def test_a_ruleset_grammar_can_import_card_body(tmp_path):
    outer = tmp_path / "outer.lark"
    outer.write_text(
        'start: _NL? (stmt _NL)*\n'
        'stmt: "ruleset" STRING | "card" STRING "{" _NL card_body "}"\n'
        "%import card (card_body, _NL, STRING, COMMENT)\n"
        "%ignore COMMENT\n%ignore /[\\t \\f]+/\n"
    )
    p = lark.Lark(outer.read_text(), parser="lalr", propagate_positions=True, strict=True,
                  import_paths=[str(GRAMMAR.parent)])
    tree = p.parse('ruleset "x"\ncard "Inner" {\n  section "S"\n  FF 1111 1111 1111 - a b c · any run or number 25\n}\n')
    body = next(tree.find_pred(lambda t: str(t.data).endswith("card_body")))
    card = card_from_body(body, "<x>", "Inner", Span.point("<x>", 2, 1))
    assert [ln.text for ln in card.lines] == ["FF 1111 1111 1111 - a b c"]
    assert card.lines[0].has(ast.AnnotationKind.ANY_RUN)


def test_club_card_reads_as_printed(club_card):
    assert club_card.title == "Club card 2026"
    assert club_card.year.value == 2026
    assert (club_card.points.low, club_card.points.high) == (25, 75)
    assert club_card.tiles.path == "american.mj"
    assert [s.title for s in club_card.sections] == [
        "2026", "2468", "Any like numbers", "Quints", "Consecutive run", "13579",
        "Winds and dragons", "369", "Singles and pairs",
    ]
    assert [len(s.lines) for s in club_card.sections] == [6, 6, 4, 5, 7, 7, 7, 6, 7]
    first = club_card.lines[0]
    assert first.text == "FF 2026 1111 1111 - a b c"
    assert first.description == "the year in one suit, kongs of ones in the other two"
    assert (first.points, first.line, first.section) == (25, 9, "2026")
    winds = [ln for ln in club_card.lines if ln.text == "NNNN EEE WWW SSSS"]
    assert winds and winds[0].points == 25 and not winds[0].patterns[0].suits
    last = club_card.lines[-1]
    assert last.concealed and last.has(ast.AnnotationKind.ANY_RUN) and last.points == 50


def test_every_club_line_is_fourteen_tiles(club_card):
    assert all(p.size == 14 for ln in club_card.lines for p in ln.patterns)


def test_alternatives_annotations_and_escapes():
    card, diags = parse_card(
        'card "T"\nFF 1111 1111 1111 - a b c or FF 1111 1111 1111 - a a b , concealed "say \\"hi\\"" 30'
    )
    assert diags == []
    line = card.lines[0]
    assert [p.text for p in line.patterns] == ["FF 1111 1111 1111 - a b c", "FF 1111 1111 1111 - a a b"]
    assert line.text == "FF 1111 1111 1111 - a b c or FF 1111 1111 1111 - a a b"
    assert line.concealed and line.description == 'say "hi"' and line.points == 30
    assert line.section == ""  # a line before any section


def test_spans_point_at_groups_and_points():
    card, _ = parse_card('card "T"\n\n  NNNN EEE WWW SSSS   25  # winds\n')
    line = card.lines[0]
    assert (line.span.line, line.span.column) == (3, 3)
    assert [(g.text, g.span.column) for g in line.patterns[0].groups][:2] == [("NNNN", 3), ("EEE", 8)]
    assert (line.points_span.line, line.points_span.column) == (3, 23)


def test_unknown_annotation_is_kept_for_the_checks():
    card, diags = parse_card('card "T"\nFF 11 22 33 44 55 66 - a a a a a a · concealled 50\n')
    assert diags == [] and card.lines[0].annotations[0].kind is None


@pytest.mark.parametrize(
    "label,example",
    [pytest.param(label, ex, id=f"{label[0]}-{i}") for label, exs in EXAMPLES.items() for i, ex in enumerate(exs)],
)
def test_every_syntax_example_gets_its_code(label, example):
    card, diags = parse_card(example)
    assert card is None and [d.code for d in diags] == [label[0]]


@pytest.mark.parametrize(
    "text,code,where",
    [
        ('card "T"\nFF 1111 1111 1111 - a b c\n', "MJ151", (2, 26)),
        ('card "T"\nFF XXXX 1111 1111 - a b c 25\n', "MJ161", (2, 4)),
        ('card "T"\nsection "Quints\n', "MJ160", (2, 9)),
        ('card "T"\nFF 1111 ; 1111 1111 - a b c 25\n', "MJ150", (2, 9)),
        ('card "T"\nsection Quints\n', "MJ157", (2, 9)),
    ],
)
def test_syntax_errors_point_at_the_problem(text, code, where):
    _, diags = parse_card(text, "x.card")
    assert [(d.code, d.span.line, d.span.column) for d in diags] == [(code, *where)]
    assert diags[0].hint


@pytest.mark.parametrize("line,column", [
    ("FF 2026 1111 1111 - a b c -25", 27),   # was "5 suit letters for 4 groups" (MJ251)
    ("NNNN EEE WWW SSSS -25", 19),
    ("FF 1111 1111 1111 - a b -25", 25),     # a `-` glued to the points is never a suit letter
])
def test_negative_points_are_told_at_the_points(line, column):
    card, diags = parse_card(f'card "T"\n{line}\n', "x.card")
    assert card is None
    [d] = diags
    assert (d.code, d.span.line, d.span.column, d.span.end_column) == ("MJ163", 2, column, column + 3)
    assert d.message == "points cannot be negative: `-25`" and "write `25`" in d.hint


def test_a_no_suit_letter_before_the_points_is_still_a_suit_letter():
    card, diags = parse_card('card "T"\nFF 1111 1111 1111 - a b - 25\n', "x.card")
    assert diags == [] and card.sections[0].lines[0].points == 25


@pytest.mark.parametrize("module", ["mjdsl.syntax.card_build", "mjdsl.check.cards"])
def test_the_card_reader_imports_first(module):
    """syntax/card_build.py and the package mjdsl.cards import each other: either may
    be the first imported (a test file that scores a ruleset reaches check/cards.py first)."""
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
