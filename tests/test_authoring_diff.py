"""``mjdsl diff A B``: each house rule's diff against its base names exactly what the
house rule changes, in a player's words, with the hash ``compile`` prints for each."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mjdsl.cli import main
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.authoring.diff import diff_rulesets

ROOT = Path(__file__).resolve().parent.parent
AMERICAN = ROOT / "rulesets" / "american.mj"
CLASSICAL = ROOT / "rulesets" / "classical.mj"
HOUSE = ROOT / "examples" / "house-rules"

#: Each house rule: its base and the (section, key) of every change it makes.
EXPECTED = {
    "no-charleston.mj": (AMERICAN, {("options", "charleston"), ("phases", "charleston")}),
    "no-blind-passes.mj": (AMERICAN, {("options", "blind_passes"), ("phases", "charleston")}),
    "no-courtesy-pass.mj": (AMERICAN, {("options", "courtesy_pass"), ("phases", "charleston")}),
    "jokerless-not-doubled.mj": (AMERICAN, {("options", "jokerless_double"), ("scoring", "jokerless")}),
    "first-charleston-only.mj": (AMERICAN, {("phases", "charleston")}),
    "discarder-pays-table.mj": (AMERICAN, {("payments", "pays")}),
    "garden-card.mj": (AMERICAN, {("card", "title")}),
    "no-joker-swaps.mj": (AMERICAN, {("options", "joker_swaps"), ("jokers", "swap")}),
    "classical-limit-1000-roof-off.mj": (CLASSICAL, {("options", "limit"), ("options", "roof_off"),
                                                     ("scoring", "limit"), ("scoring", "roof")}),
    "east-pays-as-others.mj": (CLASSICAL, {("payments", "settle losers"), ("payments", "dealer double")}),
    "five-players.mj": (AMERICAN, {("options", "session_hands"), ("session", "hands"), ("seats", "players")}),
}

#: Words each diff must say (a player reads these).
WORDS = {
    "no-charleston.mj": ["Charleston before play (`charleston`): on → off", "The Charleston: not played any more"],
    "no-blind-passes.mj": ['"everyone passes 3 tiles left (blind passing allowed)" becomes "everyone passes 3 tiles left"',
                           '"everyone passes 3 tiles right (blind passing allowed)" becomes "everyone passes 3 tiles right"'],
    "no-courtesy-pass.mj": ["no longer: courtesy pass across", "no longer: the offered tiles pass across"],
    "jokerless-not-doubled.mj": ["No jokers: no longer applies"],
    "first-charleston-only.mj": ["no longer: any player may stop here; otherwise the second round follows"],
    "discarder-pays-table.mj": ["now: discarder pays the winner 4 * value when by_discard",
                                "no longer: others pay the winner value when by_discard"],
    "garden-card.mj": ["the card: Club card 2026", "→ Garden card 2027"],
    "no-joker-swaps.mj": ["(`joker_swaps`): on → off", "swap: yes → no"],
    "classical-limit-1000-roof-off.mj": ["the limit: 500 → 1000", "no cap on a hand's score (the roof is off)"],
    "five-players.mj": ["players: one a seat → 5"],
    "east-pays-as-others.mj": ["the dealer no longer pays and receives double"],
}


def test_every_house_rule_has_its_expected_diff_and_a_line_in_the_docs():
    assert sorted(p.name for p in HOUSE.glob("*.mj")) == sorted(EXPECTED)
    doc = (ROOT / "docs" / "house-rules.md").read_text(encoding="utf-8")
    for name in EXPECTED:
        assert f"| `{name}` |" in doc, f"docs/house-rules.md does not list {name}"
        first = (HOUSE / name).read_text(encoding="utf-8").splitlines()[0]
        assert first.startswith("# House rule:"), f"{name} opens with a comment saying what it changes"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_diff_names_exactly_the_house_rules_changes(name):
    base, want = EXPECTED[name]
    d = diff_rulesets(base, HOUSE / name)
    got = {(c.section, c.key) for c in d.changes}
    assert got == want | {("ruleset", "name")}, "\n" + d.text()
    text = d.text()
    for w in WORDS[name]:
        assert w in text, f"{w!r} not in\n{text}"
    # the hashes are the compiled rulesets' own
    assert d.a.hash == compile_ruleset(base).hash
    assert d.b.hash == compile_ruleset(HOUSE / name).hash
    assert d.a.hash != d.b.hash
    assert f"hash {d.a.hash}" in text and f"hash {d.b.hash}" in text


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_diff_the_other_way_round_names_the_same_changes(name):
    base, _ = EXPECTED[name]
    forth = diff_rulesets(base, HOUSE / name)
    back = diff_rulesets(HOUSE / name, base)
    assert {(c.section, c.key) for c in forth.changes} == {(c.section, c.key) for c in back.changes}


def test_a_ruleset_against_itself_is_the_same():
    d = diff_rulesets(AMERICAN, AMERICAN)
    assert d.same and "No differences" in d.text()


def test_set_applies_to_both_sides():
    d = diff_rulesets(AMERICAN, HOUSE / "no-charleston.mj", [("charleston", "off")])
    assert {(c.section, c.key) for c in d.changes} == {("ruleset", "name")}


def test_very_different_rulesets_say_every_difference():
    d = diff_rulesets(AMERICAN, CLASSICAL)
    sections = {c.section for c in d.changes}
    assert {"options", "phases", "tiles", "wall", "claims", "jokers", "card", "patterns", "scoring", "payments",
            "session"} <= sections
    assert "other" not in sections, d.text()


def test_diff_command_text_json_and_exit_code(capsys):
    a, b = str(AMERICAN), str(HOUSE / "no-charleston.mj")
    assert main(["diff", a, b]) == 0
    assert "Charleston before play" in capsys.readouterr().out
    assert main(["diff", a, b, "--exit-code"]) == 1
    capsys.readouterr()
    assert main(["diff", a, a, "--exit-code"]) == 0
    capsys.readouterr()
    assert main(["diff", a, b, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["version"] == 1 and doc["a"]["hash"] and doc["b"]["hash"] and not doc["same"]
    assert {"section": "options", "key": "charleston"} == {k: doc["changes"][1][k] for k in ("section", "key")}


@pytest.mark.parametrize("args,words", [
    (["diff", "no/such.mj", str(AMERICAN)], "no such file"),
    (["diff", str(AMERICAN)], "Missing argument"),
    (["diff", str(AMERICAN), "BROKEN"], "MJ1"),
    (["diff", str(AMERICAN), str(AMERICAN), "--set", "charlestn=off"], "did you mean `charleston`?"),
    (["diff", str(AMERICAN), str(AMERICAN), "--set", "charleston"], "expected NAME=VALUE"),
])
def test_diff_bad_input_is_one_line_and_exit_2(tmp_path, capsys, args, words):
    broken = tmp_path / "broken.mj"
    broken.write_text('ruleset "A" "B"\n')
    args = [str(broken) if a == "BROKEN" else a for a in args]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err
    if "Missing argument" not in words:  # click's usage errors come with their usage line
        assert len(err.strip().splitlines()) == 1, err


def test_diff_says_its_counts_through_the_catalogs_plural_forms(monkeypatch):
    """Issue 10: the diff's counts (hands of a card, dice, a rule's points, doubles and
    limits) are the catalog's plural messages, as the rule books' are, not an English
    helper adding an "s"."""
    import gettext

    from mjdsl.render import words

    asked: list[str] = []

    class Recording(gettext.NullTranslations):
        def ngettext(self, one, many, n):
            asked.append(one)
            return super().ngettext(one, many, n)

    monkeypatch.setattr(words, "EN", Recording())
    monkeypatch.setattr(words.ngettext, "__defaults__", (words.EN,))
    monkeypatch.setattr(words.amount_text, "__defaults__", (words.EN,))
    text = diff_rulesets(AMERICAN, CLASSICAL).text()
    assert {"{n} hand", "{n} die"} <= set(asked), sorted(set(asked))
    assert "1 hands" not in text and "1 dice" not in text
    # a changed score rule is said by words.rule_text, its amount a plural message too
    from mjdsl.ast import ScoringBlock
    from mjdsl.source import Source
    from mjdsl.syntax.parse import parse_source

    program = parse_source(Source("x.mj", "scoring {\n    rule r: 1 point when won\n}\n")).program
    rule = next(b for b in program.stmts if isinstance(b, ScoringBlock)).stmts[0]
    assert words.rule_text(rule) == "r: 1 point when won" and "{n} point" in asked
