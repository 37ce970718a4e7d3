"""``account once RULE...`` (issue 10, Chinese Official's "account once" principle): the
groups of sets several ``per related(...)`` rules count are chosen together, each group
sharing at most one set with the groups before it, and the choice worth most counts;
through the compiled conditions and the closures alike. The checker refuses what cannot
be accounted (MJ279) and lints a rule named twice (MJ315). Chinese Official's hands are
scored by hand in tests/scoring/mcr.txt."""

from __future__ import annotations

import json

import pytest

import mjdsl.cards  # noqa: F401 - first: main has an import circle card_build <-> cards (reported)
from checking import codes_of
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.ir.dump import ir_json
from mjdsl.scoring import score_hand
from mjdsl.scoring.notation import read_hand_input

RULES = '''extends "classical.mj"
scoring {
    rule straight "Mixed straight": 8 points per related(3 chow, different suits, ranks step 3) when won
    rule same "Same chow": 1 point per related(2 chow, different suits, same rank) when won
    rule short "Short straight": SHORT points per related(2 chow, same suit, ranks step 3) when won
    rule ends "Terminal chows": 1 point per related(2 chow, same suit, ranks step 6) when won
ACCOUNT}
'''
ACCOUNT = "    account once straight same\n        short ends\n"


def _auto(tmp_path_factory, text: str):
    p = tmp_path_factory.mktemp("account") / "over.mj"
    p.write_text(text, encoding="utf-8")
    return compile_ruleset(p)


@pytest.fixture(scope="module")
def accounted(tmp_path_factory):
    return _auto(tmp_path_factory, RULES.replace("SHORT", "1").replace("ACCOUNT", ACCOUNT))


@pytest.fixture(scope="module")
def alone(tmp_path_factory):
    """The same rules, each counting on its own (no account)."""
    return _auto(tmp_path_factory, RULES.replace("SHORT", "1").replace("ACCOUNT", ""))


def _counts(auto, hand, win, exposed=(), compiled=True):
    inp = read_hand_input(auto, hand=hand, exposed=exposed, win=win, source="discard", seat="S")
    r = score_hand(auto, inp, compiled=compiled)
    return {line.name: line.count for line in r.lines if line.name in ("straight", "same", "short", "ends")}, r


both = pytest.mark.parametrize("compiled", [True, False], ids=["compiled", "closures"])

#: 234b-567b and 234c-567c short straights, 234b-234c and 567b-567c the same chow: a ring
RING = "2b 3b 4b 5b 6b 7b 2c 3c 4c 5c 6c 7c 9d 9d"


@both
def test_a_ring_of_four_pairs_counts_three(accounted, alone, compiled):
    on_its_own, _ = _counts(alone, RING, "9d", compiled=compiled)
    together, _ = _counts(accounted, RING, "9d", compiled=compiled)
    assert on_its_own == {"same": 2, "short": 2}
    # the fourth pair would join two sets already combined; on a tie the rule written first
    assert together == {"same": 2, "short": 1}


@both
def test_a_set_beside_a_fan_of_three_combines_with_one_of_its_sets(accounted, alone, compiled):
    # mixed straight 123b 456c 789d; 789b the same chow as 789d and the terminal chow of 123b
    hand = "4c 5c 6c 7d 8d 9d 7b 8b 9b 5d 5d"
    on_its_own, _ = _counts(alone, hand, "5d", exposed=["1b 2b 3b"], compiled=compiled)
    together, _ = _counts(accounted, hand, "5d", exposed=["1b 2b 3b"], compiled=compiled)
    assert on_its_own == {"straight": 1, "same": 1, "ends": 1}
    assert together == {"straight": 1, "same": 1}


@both
def test_two_groups_may_share_one_set(accounted, alone, compiled):
    # 123b 456b 789b: 456b is in two short straights (and 123b 789b the terminal chows);
    # related(...) alone counts groups with no set in two of them
    hand = "4b 5b 6b 7b 8b 9b 3c 3c 3c 5d 5d"
    on_its_own, _ = _counts(alone, hand, "5d", exposed=["1b 2b 3b"], compiled=compiled)
    together, _ = _counts(accounted, hand, "5d", exposed=["1b 2b 3b"], compiled=compiled)
    assert on_its_own == {"short": 1, "ends": 1}
    assert together == {"short": 2}


@pytest.mark.parametrize("worth", ["3", "200"])
def test_the_choice_worth_most_counts(tmp_path_factory, worth):
    # short straights worth 3: the ring's two short straights and one same chow (7), not
    # the first-written rule's two (5). Worth 200 the search finds them too: what it may
    # still add, to stop a branch that cannot win, is the rules' amounts (2 x 200)
    auto = _auto(tmp_path_factory, RULES.replace("SHORT", worth).replace("ACCOUNT", ACCOUNT))
    for compiled in (True, False):
        counts, r = _counts(auto, RING, "9d", compiled=compiled)
        assert counts == {"same": 1, "short": 2}


def test_an_excluded_rule_takes_no_part(tmp_path_factory):
    # the terminal chows excluded by the straight: 789b then combines as the same chow
    text = RULES.replace("SHORT", "1").replace("ACCOUNT", "    account once straight same short ends\n"
                                                          "    rule straight excludes same\n")
    auto = _auto(tmp_path_factory, text)
    counts, r = _counts(auto, "4c 5c 6c 7d 8d 9d 7b 8b 9b 5d 5d", "5d", exposed=["1b 2b 3b"])
    assert counts == {"straight": 1, "ends": 1}
    # and the groups shown are chosen without it: the same chow 789b 789d would take
    # 789b from the terminal chows
    shown = {line.name: line.applied_to for line in r.lines}
    assert shown["ends"] == ("1b 2b 3b + 7b 8b 9b",)
    assert shown["straight"] == ("1b 2b 3b + 4c 5c 6c + 7d 8d 9d",)


@both
def test_an_account_none_of_whose_rules_apply_leaves_the_next_to_choose(tmp_path_factory, compiled):
    # the ring has no mixed straight and no terminal chows: the first account takes no
    # part, and the second still counts three of the ring's four pairs
    text = RULES.replace("SHORT", "1").replace("ACCOUNT", "    account once straight ends\n"
                                                          "    account once same short\n")
    counts, _ = _counts(_auto(tmp_path_factory, text), RING, "9d", compiled=compiled)
    assert counts == {"same": 2, "short": 1}


@both
def test_an_account_groups_only_the_sets_its_relation_names(accounted, compiled):
    # 555c is a pung, no chow: it makes no same chow with 567b (nor a short straight
    # with 234c), so the account has only the two pairs related(...) counts on its own
    counts, r = _counts(accounted, "2b 3b 4b 5b 6b 7b 2c 3c 4c 5c 5c 5c 9d 9d", "9d", compiled=compiled)
    assert counts == {"same": 1, "short": 1}
    assert {line.name: line.applied_to for line in r.lines}["same"] == ("2b 3b 4b + 2c 3c 4c",)


@both
def test_a_pair_is_no_set_of_an_accounts_groups(tmp_path_factory, compiled):
    # related(2 simple, ...) holds for simple sets: the pair 5d beside the pungs 5b and
    # 5c is no third twin, so 5b 5c counts once (docs/language.md, "Relations between sets")
    text = ('extends "classical.mj"\nscoring {\n'
            '    rule twins "Twins": 1 point per related(2 simple, different suits, same rank) when won\n'
            '    rule steps "Steps": 1 point per related(2 simple, same suit, ranks step 3) when won\n'
            '    account once twins steps\n}\n')
    auto = _auto(tmp_path_factory, text)
    inp = read_hand_input(auto, hand="5b 5b 5b 5c 5c 5c 2d 3d 4d 9b 9b 9b 5d 5d", win="9b", source="discard",
                          seat="S")
    r = score_hand(auto, inp, compiled=compiled)
    assert {line.name: line.applied_to for line in r.lines if line.name in ("twins", "steps")} == {
        "twins": ("5b 5b 5b + 5c 5c 5c",)}


def test_the_score_shows_the_groups_each_rule_counted(accounted):
    _, r = _counts(accounted, RING, "9d")
    shown = {line.name: line.applied_to for line in r.lines}
    assert shown["same"] == ("2b 3b 4b + 2c 3c 4c", "5b 6b 7b + 5c 6c 7c")
    assert shown["short"] == ("2b 3b 4b + 5b 6b 7b",)


def test_the_ir_names_accounts_only_where_written(accounted, alone):
    assert json.loads(ir_json(accounted))["scoring"]["accounts"] == [["straight", "same", "short", "ends"]]
    assert "accounts" not in json.loads(ir_json(alone))["scoring"]


_SNIPPET = 'extends "mcr.mj"\nscoring {\n    rule extra: 1 point per related(2 chow, same suit, ranks step 1) when won\n%s}\n'


@pytest.mark.parametrize("line, code", [
    ("    account once extra all_chows\n", "MJ279"),  # counted once, not per related
    ("    account once extra dragon_pung\n", "MJ279"),  # counted per set
    ("    account once extra tile_hog\n", "MJ279"),  # per a count that is not related(...)
    # a rule in two accounts (an overlay's accounts replace the base's)
    ("    account once extra pure_double_chow\n    account once pure_double_chow short_straight\n", "MJ279"),
    ("    account once extra no_such_rule\n", "MJ204"),
    ("    account once extra extra\n", "MJ315"),
])
def test_what_cannot_be_accounted_is_refused(line, code):
    assert code in codes_of(_SNIPPET % line)
    assert not {"MJ279", "MJ204", "MJ315"} & set(codes_of(_SNIPPET % "    account once extra\n"))


def test_a_penalty_and_rules_of_two_units_are_refused():
    neg = _SNIPPET.replace("1 point", "-1 point") % "    account once extra\n"
    assert "MJ279" in codes_of(neg)
    units = _SNIPPET.replace("1 point", "1 double") % "    account once extra short_straight_extra\n"
    units = units.replace("scoring {\n", "scoring {\n    rule short_straight_extra: 1 point per "
                                         "related(2 chow, same suit, ranks step 4) when won\n")
    assert "MJ279" in codes_of(units)


@pytest.mark.parametrize("lang, words", [("en", "account once: a set already combined"), ("zh", "套算一次"),
                                         ("ja", "一度だけ組み合わせて数える")])
def test_the_rule_book_says_the_account_in_each_language(lang, words):
    from mjdsl.frontend.checked import require
    from mjdsl.ir.lower import lower
    from mjdsl.render.rulebook import rulebook_view
    from mjdsl.render.words import EN
    from mjdsl.server import i18n

    ctx = require("rulesets/mcr.mj", ()).ctx
    book = rulebook_view(ctx, lower(ctx), "mcr.mj", EN if lang == "en" else i18n.translations(lang))
    said = [s for s in book.scoring if words in s]
    # the chow fan, each title once (pure shifted chows is two rules)
    assert len(said) == 1
    assert said[0].count("Pure shifted chows") == 1
