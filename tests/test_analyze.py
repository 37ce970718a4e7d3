"""``mjdsl analyze``'s figures (issue 12): suggested points follow the win frequencies
within the card's range and step; near-duplicates are the lines the same winning hands
make; the HTML report has its plots and is the same bytes twice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mjdsl.analyze.figures import MIN_WINS, near_duplicates, suggested_points
from mjdsl.analyze.run import Analysis
from mjdsl.cli import main

ROOT = Path(__file__).resolve().parent.parent
AMERICAN = str(ROOT / "rulesets" / "american.mj")


def _rows(points_won):
    return [{"line": 10 + i, "hand": f"H{i}", "points": p, "won": w} for i, (p, w) in enumerate(points_won)]


def test_the_most_won_line_gets_the_lowest_points_and_a_line_never_won_the_highest():
    rows = _rows([(25, 40), (30, 10), (35, 1), (50, 0)])
    got = suggested_points(rows, 51)
    assert got[0] == 25 and got[-1] == 50
    assert got == sorted(got)  # fewer wins, never fewer points
    assert all(p % 5 == 0 for p in got)  # the card's step


def test_the_step_is_the_cards_own():
    rows = _rows([(20, 9), (24, 3), (28, 0)])
    assert all(p % 4 == 0 and 20 <= p <= 28 for p in suggested_points(rows, 12))


def test_lines_won_equally_keep_their_points():
    rows = _rows([(25, 3), (40, 3)])
    assert suggested_points(rows, 6) == [25, 40]


def test_near_duplicates_need_half_the_wins_and_enough_of_them():
    rows = _rows([(25, MIN_WINS + 1), (30, 2), (35, 0)])
    a = Analysis.__new__(Analysis)
    a.also = {"10 11": MIN_WINS, "10 12": 1, "11 10": 2}
    dups = near_duplicates(a, rows)
    # line 10: 3 of its 4 wins also make 11 (reported), 1 of 4 make 12 (not); line 11 has too few wins
    assert [(d["line"], d["also_line"]) for d in dups] == [(10, 11)]
    assert dups[0]["shared"] == pytest.approx(MIN_WINS / (MIN_WINS + 1), abs=1e-4)


def test_the_report_accounts_for_every_win_and_names_the_lines_never_won(capsys):
    assert main(["analyze", AMERICAN, "--hands", "6", "--bots", "greedy", "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert sum(r["won"] for r in rep["lines"]) == rep["won"]
    assert [n["line"] for n in rep["never_won"]] == [r["line"] for r in rep["lines"] if not r["won"]]
    for r in rep["lines"]:
        assert sum(r["by_bot"].values()) == r["won"]
        assert (r["mean_turn"] is None) == (r["won"] == 0)


def test_the_html_report_has_its_plots_and_the_same_bytes_twice(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    pages = []
    for name in ("a.html", "b.html"):
        out = tmp_path / name
        assert main(["analyze", AMERICAN, "--hands", "3", "--bots", "random", "--html", str(out)]) == 0
        pages.append(out.read_text(encoding="utf-8"))
    capsys.readouterr()
    assert pages[0] == pages[1]
    assert pages[0].count("<svg") >= 2 and "Lines never won" in pages[0]
