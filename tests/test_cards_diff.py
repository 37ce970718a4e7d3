"""``mjdsl diff OLD.card NEW.card``: what changed on the card, line by line, in words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mjdsl.cards.diff import diff_cards
from mjdsl.cli import main
from mjdsl.syntax.card_build import parse_card

ROOT = Path(__file__).resolve().parent.parent
CLUB = ROOT / "rulesets" / "cards" / "club-2026.card"

OLD = '''card "Club 2026"
year 2026
section "2026"
FF 2026 1111 1111 - a b c 25
222 0000 666 NEWS a - a - 30
section "Winds"
NNNN EEEE WWWW SS 25
NN EEE WWW SSSS 25 
'''
NEW = '''card "Club 2027"
year 2027
section "2027"
FF 2027 1111 1111 - a b c 25
section "Winds"
NNNN EEEE WWWW SS · concealed 30
NN EEE WWW SSSS 25
FF NNNN 1111 SSSS - - a - 25
'''


def _card(text):
    card, diags = parse_card(text, "x.card")
    assert card is not None, diags
    return card


def test_the_new_years_card_in_words():
    d = diff_cards(_card(OLD), _card(NEW))
    by_kind = {}
    for c in d.changes:
        by_kind.setdefault(c.kind, []).append(c.text)
    assert by_kind["header"] == ["title 'Club 2026' → 'Club 2027'", "year 2026 → 2027", "section '2026' is now '2027'"]
    assert by_kind["changed"][0] == "FF 2026 1111 1111 - a b c became FF 2027 1111 1111 - a b c, 25 points"
    assert by_kind["re-pointed"] == ["NNNN EEEE WWWW SS: 25 → 30 points"]
    assert by_kind["changed"][1] == "NNNN EEEE WWWW SS: now `concealed`"
    assert by_kind["removed"] == ["no hand 222 0000 666 NEWS a - a - (30 points in section '2027')"]
    assert by_kind["added"] == ["new hand FF NNNN 1111 SSSS - - a - (25 points in section 'Winds')"]
    assert not d.same


def test_a_card_against_itself_is_the_same(capsys):
    assert main(["diff", str(CLUB), str(CLUB), "--exit-code"]) == 0
    assert "No differences" in capsys.readouterr().out


def test_diff_of_two_card_files_as_json_and_exit_code(capsys, tmp_path):
    (tmp_path / "a.card").write_text(OLD)
    (tmp_path / "b.card").write_text(NEW)
    assert main(["diff", str(tmp_path / "a.card"), str(tmp_path / "b.card"), "--json", "--exit-code"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["version"] == 1 and doc["a"]["hands"] == 4 and doc["b"]["hands"] == 4
    assert {c["kind"] for c in doc["changes"]} == {"header", "added", "removed", "re-pointed", "changed"}


def test_a_card_and_a_ruleset_are_not_compared(capsys):
    assert main(["diff", str(CLUB), str(ROOT / "rulesets" / "american.mj")]) == 2
    assert "not a ruleset and a card" in capsys.readouterr().err


@pytest.mark.parametrize("cmd", [["simulate"], ["compile"], ["play"], ["options"],
                                 ["score", "--hand", "1b"], ["diff", str(ROOT / "rulesets" / "american.mj")]])
def test_a_card_given_where_a_ruleset_goes_is_one_clear_error(capsys, cmd):
    args = [cmd[0], str(CLUB), *cmd[1:]] if cmd[0] != "diff" else ["diff", cmd[1], str(CLUB)]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and ("is a card" in err or "a ruleset and a card" in err)
