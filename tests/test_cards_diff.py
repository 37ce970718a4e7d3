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


def test_the_diff_in_words_lists_each_change_at_its_line_on_the_new_card(tmp_path):
    # worked out from OLD and NEW above: the header lines first, then the hands in the
    # new card's order; a removed hand has no line on the new card, so its old line is named
    d = diff_cards(_card(OLD), _card(NEW), "old.card", "new.card")
    assert d.text() == "\n".join([
        'A  old.card  "Club 2026"  4 hands',
        'B  new.card  "Club 2027"  4 hands',
        "",
        "3 header, 1 added, 1 removed, 1 re-pointed, 2 changed",
        "  - [line 1] title 'Club 2026' → 'Club 2027'",
        "  - [line 2] year 2026 → 2027",
        "  - [line 3] section '2026' is now '2027'",
        "  - [line 4] FF 2026 1111 1111 - a b c became FF 2027 1111 1111 - a b c, 25 points",
        "  - [was line 5] no hand 222 0000 666 NEWS a - a - (30 points in section '2027')",
        "  - [line 6] NNNN EEEE WWWW SS: 25 → 30 points",
        "  - [line 6] NNNN EEEE WWWW SS: now `concealed`",
        "  - [line 8] new hand FF NNNN 1111 SSSS - - a - (25 points in section 'Winds')",
    ]) + "\n"
    doc = d.to_json()
    assert (doc["a"], doc["b"]) == ({"path": "old.card", "title": "Club 2026", "hands": 4},
                                    {"path": "new.card", "title": "Club 2027", "hands": 4})
    assert [(c["kind"], c["old_line"], c["new_line"]) for c in doc["changes"]] == [
        ("header", 1, 1), ("header", 2, 2), ("header", 3, 3), ("changed", 4, 4), ("removed", 5, 0),
        ("re-pointed", 7, 6), ("changed", 7, 6), ("added", 0, 8)]


def test_a_card_of_one_hand_against_itself_says_so_in_words():
    text = 'card "T"\nNNNN EEEE WWWW SS 25\n'
    d = diff_cards(_card(text), _card(text))
    assert d.same and d.to_json()["same"] is True and d.to_json()["changes"] == []
    assert d.text() == 'A  A  "T"  1 hand\nB  B  "T"  1 hand\n\nNo differences: the same hands for the same points.\n'


def _kinds(old, new):
    return [(c.kind, c.old_line, c.new_line, c.text) for c in diff_cards(_card(old), _card(new)).changes]


def test_a_year_or_points_range_added_or_dropped_names_the_side_it_is_on():
    bare = 'card "T"\nNNNN EEEE WWWW SS 25\n'
    full = 'card "T"\nyear 2027\npoints 25..50\nNNNN EEEE WWWW SS 25\n'
    assert _kinds(bare, full) == [("header", 0, 2, "year none → 2027"),
                                  ("header", 0, 3, "points range none → 25..50")]
    assert _kinds(full, bare) == [("header", 2, 0, "year 2027 → none"),
                                  ("header", 3, 0, "points range 25..50 → none")]
    wider = full.replace("25..50", "25..75")
    assert _kinds(full, wider) == [("header", 3, 3, "points range 25..50 → 25..75")]


def test_sections_that_swap_places_are_not_renamed_and_a_moved_hand_says_where_it_went():
    old = 'card "T"\nsection "A"\nNNNN EEEE WWWW SS 25\nsection "B"\nNN EEE WWW SSSS 25\n'
    new = 'card "T"\nsection "B"\nNNNN EEEE WWWW SS 25\nsection "A"\nNN EEE WWW SSSS 25\n'
    assert _kinds(old, new) == [
        ("changed", 3, 3, "NNNN EEEE WWWW SS: moved from section 'A' to 'B'"),
        ("changed", 5, 5, "NN EEE WWW SSSS: moved from section 'B' to 'A'")]


def test_a_hand_printed_twice_is_matched_with_its_copy_in_the_same_section():
    old = 'card "T"\nsection "A"\nNNNN EEEE WWWW SS 25\n'
    # the same hand on the new card twice: in a new section first, then in "A" unchanged
    new = 'card "T"\nsection "B"\nNNNN EEEE WWWW SS 30\nsection "A"\nNNNN EEEE WWWW SS 25\n'
    assert _kinds(old, new) == [("added", 0, 3, "new hand NNNN EEEE WWWW SS (30 points in section 'B')")]


def test_annotations_and_descriptions_that_change_on_a_kept_hand_are_each_named():
    old = 'card "T"\nFF 1111 2222 3333 - a a a · any run or number  "runs"  25\n'
    new = 'card "T"\nFF 1111 2222 3333 - a a a · concealed  "three kongs"  25\n'
    assert _kinds(old, new) == [("changed", 2, 2, "FF 1111 2222 3333 - a a a: now `concealed`; "
                                 "no longer `any run or number`; its description changed")]
    # a description dropped is a change too; the same text is none
    assert _kinds(old, old.replace('"runs"', "")) == [
        ("changed", 2, 2, "FF 1111 2222 3333 - a a a: its description changed")]
    assert _kinds(old, old) == []


def test_a_removed_and_an_added_hand_that_read_sixty_percent_alike_are_one_change():
    # difflib reads `FF 1111 2222 3333 - a a a` and `FF 1111 NNNN SSSS - a - -` exactly 0.6
    # alike (ALIKE), `FFFF 2026 22 22 - a b c` a little less (0.58)
    old = 'card "T"\nFF 1111 2222 3333 - a a a · concealed 25\n'
    alike = 'card "T"\nFF 1111 NNNN SSSS - a - - 30\n'
    assert _kinds(old, alike) == [("changed", 2, 2, "FF 1111 2222 3333 - a a a became FF 1111 NNNN SSSS - a - -, "
                                   "25 → 30 points; no longer `concealed`")]
    unlike = 'card "T"\nFFFF 2026 22 22 - a b c 25\n'
    assert _kinds(old, unlike) == [  # at one line, an added hand is listed before a removed one (KINDS)
        ("added", 0, 2, "new hand FFFF 2026 22 22 - a b c (25 points)"),
        ("removed", 2, 0, "no hand FF 1111 2222 3333 - a a a · concealed (25 points)")]


def test_a_new_hand_is_paired_with_the_removed_one_it_reads_most_like():
    # both removed hands read alike enough (0.85 and 0.97 by difflib): the nearer one is paired
    old = 'card "T"\nNN EEE WWW SSSS 25\nNNNN EEEE WWWW SS 25\n'
    new = 'card "T"\nNNNN EEEE WWWW SSS 25\n'
    assert [k[:3] for k in _kinds(old, new)] == [("removed", 2, 0), ("changed", 3, 2)]


def test_between_two_equally_alike_hands_the_one_of_the_same_section_is_paired():
    old = 'card "T"\nsection "A"\nNN EEE WWW SSSS 25\nsection "B"\nNN EEE WWW SSSS 30\n'
    # both old lines are the same hand: each reads as alike as the other to the new one
    new = 'card "T"\nsection "B"\nNN EEE EEE SSSS 30\nsection "A"\nNN EEE EEE SSSS 25\n'
    assert _kinds(old, new) == [("changed", 5, 3, "NN EEE WWW SSSS became NN EEE EEE SSSS, 30 points"),
                                ("changed", 3, 5, "NN EEE WWW SSSS became NN EEE EEE SSSS, 25 points")]


def _many(n, start=0):
    """``n`` distinct hands, alike enough that any two would be paired."""
    hands = [f"{a}{a} {b}{b}{b}{b} {c}{c}{c}{c} NNNN 25" for a in range(1, 10) for b in range(1, 10)
             for c in range(1, 10)]
    return 'card "T"\n' + "\n".join(hands[start:start + n]) + "\n"


def test_past_twenty_thousand_pairs_to_compare_removed_and_added_hands_are_not_paired():
    # docs/security.md: at most 20,000 (removed, added) pairs are compared
    at_budget = {k[0] for k in _kinds(_many(100), _many(200, start=100))}
    assert "changed" in at_budget
    past = {k[0] for k in _kinds(_many(113), _many(177, start=113))}  # 113 x 177 = 20,001
    assert past == {"removed", "added"}


def test_a_much_more_alike_hand_in_another_section_is_paired_before_one_in_the_same_section():
    # the same section counts as a tenth of likeness: 0.97 elsewhere beats 0.85 + 0.1 here
    old = 'card "T"\nsection "A"\nNNNN EEEE WWWW SSS 25\n'
    new = 'card "T"\nsection "A"\nNN EEE WWW SSSS 25\nsection "B"\nNNNN EEEE WWWW SS 25\n'
    assert _kinds(old, new) == [
        ("added", 0, 3, "new hand NN EEE WWW SSSS (25 points in section 'A')"),
        ("changed", 3, 5, "NNNN EEEE WWWW SSS became NNNN EEEE WWWW SS, 25 points; moved from section 'A' to 'B'")]


def test_a_new_hand_taken_by_a_nearer_pair_leaves_the_next_pairs_to_be_made():
    # difflib: X-P 0.97, Y-P 0.91 (P taken), Y-Q 0.86, X-Q 0.80 (X taken): two changes
    old = 'card "T"\nNNNN EEEE WWWW SS 25\nNNN EEEE WWW SSSS 25\n'
    new = 'card "T"\nNNNN EEEE WWWW SSS 25\nFF NNN EEE WWW SSS 25\n'
    assert [k[:3] for k in _kinds(old, new)] == [("changed", 2, 2), ("changed", 3, 3)]
