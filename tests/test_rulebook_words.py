"""The rule book in plain words (issue 10): score rules and payments said as a player
says them, not as expressions; kong replacements from the dead wall only when there
is one."""

from __future__ import annotations

from pathlib import Path

import pytest

import mjdsl.cards  # noqa: F401 (before the parser: syntax.card_build and cards import each other)
from mjdsl.render.rulebook import render_rulebook
from mjdsl.render.plain import per_set, plain, plain_amount
from mjdsl.syntax.parse import parse_source
from mjdsl.source import Source

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ROOT / "rulesets"


def expr(text: str):
    """The condition of a one-rule scoring block."""
    program = parse_source(Source("x.mj", f"scoring {{\n    rule r: 1 double when {text}\n}}\n")).program
    return program.stmts[0].stmts[0].condition


@pytest.mark.parametrize("text, words", [
    ("sets((pung or kong) and concealed) >= 3", "the hand has 3 or more concealed pungs or kongs"),
    ("sets(chow) == 0", "the hand has no chows"),
    ("pairs(dragon) == 1", "the hand has exactly 1 pair of dragons"),
    ("bonus(flower and own) == 1", "the player has set aside exactly 1 own flower"),
    ("tiles(honour) > 0", "the hand has at least one honour tile"),
    ("tiles(not green) == 0", "the hand has no tiles that are not green"),
    ("3 <= sets(kong)", "the hand has 3 or more kongs"),
    ("jokers == 0 and not section(\"Singles and pairs\")",
     "the hand has no jokers and the card line is not in the section “Singles and pairs”"),
    ("won and self_drawn", "the hand wins and the winning tile is drawn from the wall"),
    ("waits == 1", "exactly 1 kind of tile would have completed the hand"),
    ("last_in(pair and simple)", "the winning tile completes a pair of simples"),
    ("winning_tile(\"5d\")", "the winning tile is 5d"),
    ("robbed_kong", "the winning tile was robbed from another player's added kong"),  # a fact's own meaning
])
def test_conditions_in_plain_words(text, words):
    assert plain(expr(text)) == words


def test_what_the_words_do_not_cover_is_printed_as_written():
    # a set predicate of a shape the noun phrases lack (no shipped ruleset writes one)
    assert plain(expr("sets(pung or has(five)) >= 3")) == "sets(pung or has(five)) >= 3"
    assert plain(expr("not (sets(pung or has(five)) >= 3)")) == "not sets(pung or has(five)) >= 3"


@pytest.mark.parametrize("text, words", [
    # issue 10: what the Hong Kong, riichi and MCR books printed as written
    ("related(3 chow, same suit, ranks step 3) > 0", "the hand has at least one group of 3 chows of one suit, 3 ranks apart"),
    ("related(2 chow, same suit, same rank) == 1",
     "the hand has exactly 1 group of 2 chows of one suit, all of the same rank"),
    ("related(3 pung or kong, different suits, ranks step 1) > 0",
     "the hand has at least one group of 3 pungs or kongs, each of its own suit, 1 rank apart"),
    ("kinds(2) == 7", "the hand has exactly 7 kinds of tile it holds exactly 2 of"),
    ("kinds(4) - sets(kong) >= 1", "the number of kinds of tile the hand holds exactly 4 of minus the number of kongs "
                                   "is at least 1"),
    ("sets(pung) * 2 >= 3", "twice the number of pungs is at least 3"),
    ("sets(not has(five)) == 0", "the hand has no sets without a five tile"),
    ("sets(pung and has(honour)) >= 1", "the hand has at least one pung with an honour tile"),
    ("points - bonus(flower or season) >= 8",
     "the points minus the number of flower or season bonus tiles set aside is at least 8"),
    ("discards_since(riichi) < 4 and claims_since(riichi) == 0",
     "the players have made fewer than 4 discards since the player announced riichi and the players have claimed "
     "no discards since the player announced riichi"),
    ("calling_for(purity, all_pair_honours)",
     "one more tile drawn from the wall would complete the hand as purity or all pair honours"),
    ("wall_left * 2 > discards", "twice tiles left in the live wall is more than discards made so far this hand, by "
                                 "every player"),
])
def test_relations_counts_and_arithmetic_of_counts_in_words(text, words):
    assert plain(expr(text)) == words


@pytest.mark.parametrize("text, words", [
    # a condition denied is said by its parts (it used to print as written)
    ("not (won and self_drawn)", "not both the hand wins and the winning tile is drawn from the wall"),
    ("not (self_drawn or dealer)",
     "neither the winning tile is drawn from the wall nor the player is the dealer"),
    ("not (concealed_hand and sets(chow) == 4 and wait(two_sided))",
     "not all of: the hand has no exposures, the hand has exactly 4 chows and the winning tile completes a "
     "two-sided wait"),
    ("not (sets(kong) >= 3)", "the hand has fewer than 3 kongs"),
    ("not (pairs(dragon) == 0)", "the hand has other than 0 pairs of dragons"),
])
def test_a_condition_under_not_is_said_in_words(text, words):
    assert plain(expr(text)) == words


def test_arithmetic_and_named_lets_are_said_in_words():
    def amount(text):
        block = parse_source(Source("x.mj", f"scoring {{\n    value {text}\n}}\n")).program
        return plain_amount(block.stmts[0].stmts[0].expr)

    assert amount("max(min(base, 2000), 2000 * mangan)") == "the larger of (the smaller of base and 2000) and 2000 times mangan"
    assert amount("round_up(points, 10) - 5 * (points - 1)") == \
        "the points rounded up to a multiple of 10 minus 5 times (the points minus 1)"
    assert amount("fu * 2 ^ (doubles + 2)") == "fu times 2 to the power of (the doubles plus 2)"
    assert amount("-points") == "minus the points"
    book = render_rulebook(RULESETS / "riichi.mj", "md")
    # the value by its lets' names, each let said after it; no formula as written
    assert "A hand is worth the larger of (the smaller of base and 2000) and" in book
    assert "Where base is fu times 2 to the power of (han plus 2)" in book
    assert ("Where han is the doubles plus the tiles of the hand the indicators point at plus the tiles of the hand "
            "the tiles under the indicators point at plus the red tiles held") in book
    assert "round_up(" not in book and "min(" not in book


def test_payments_by_seat_name_who_pays():
    book = render_rulebook(RULESETS / "riichi.mj", "md")
    assert "The dealer pays the winner twice the hand's value rounded up to a multiple of 100" in book
    assert "Every loser but the dealer pays the winner the hand's value" in book
    assert "Dealer the winner" not in book and "Non dealers the winner" not in book


def test_amounts_and_scopes_in_plain_words():
    value = parse_source(Source("x.mj", "scoring {\n    value card_points * 2 ^ doubles\n}\n")).program
    assert plain_amount(value.stmts[0].stmts[0].expr) == "the card points, doubled once for each double"
    assert per_set("set", expr("pung and exposed and simple")) == "per exposed pung of simples"
    assert per_set("bonus", None) == "per bonus tile"


def test_the_rule_books_scoring_reads_in_words():
    book = render_rulebook(RULESETS / "classical.mj", "md")
    assert "Three concealed pungs: 1 double when the hand has 3 or more concealed pungs or kongs" in book
    assert "sets((pung or kong)" not in book
    american = render_rulebook(RULESETS / "american-3p.mj", "md")
    assert "The discarder pays the winner twice the hand's value when the hand wins on a discard" in american


def test_kongs_are_replaced_from_the_dead_wall_only_when_there_is_one(tmp_path, monkeypatch):
    assert "a kong is replaced from the dead wall" in render_rulebook(RULESETS / "classical.mj", "md")
    (tmp_path / "open.mj").write_text('extends "classical.mj"\nwall {\n    dead wall 0\n'
                                      '    loose tiles 0 on wall\n}\n', encoding="utf-8")
    monkeypatch.setenv("MJDSL_PATH", str(RULESETS))
    book = render_rulebook(tmp_path / "open.mj", "md")
    assert "dead wall" not in book
    assert "A declared kong is replaced from the end of the wall" in book


def test_a_kong_replacement_win_is_said_without_the_kong_box(tmp_path, monkeypatch):
    """A table with no dead wall has no kong box: the condition says what happened."""
    (tmp_path / "open.mj").write_text('extends "classical.mj"\nwall {\n    dead wall 0\n'
                                      '    loose tiles 0 on wall\n}\n', encoding="utf-8")
    monkeypatch.setenv("MJDSL_PATH", str(RULESETS))
    book = render_rulebook(tmp_path / "open.mj", "md")
    assert "when the hand wins and the winning tile was the replacement for a kong" in book
    assert "replacement from the kong box" not in book


@pytest.mark.parametrize("text, words", [
    ("wall_left >= 4", "the live wall has 4 or more tiles left"),
    ("discards < 4", "the players have made fewer than 4 discards this hand"),
    ("claims == 0", "the players have claimed no discards this hand"),
    ("not discarded_a_wait", "the player has discarded no tile that would complete its hand"),
    ("doubles > 0 or limits > 0",
     "the score rules gave at least one double or the score rules gave at least one limit"),
    ("value >= 2 ^ min_faan", "the hand's value is at least 2 to the power of min faan"),
])
def test_conditions_on_the_table_in_plain_words(text, words):
    assert plain(expr(text)) == words


def test_claims_announcements_and_the_minimum_read_in_words():
    book = render_rulebook(RULESETS / "riichi.mj", "md")
    assert "Riichi may be announced only when the hand has no exposures and the live wall has 4 or more tiles left" \
        in book
    assert ("Ron only when the player has discarded no tile that would complete its hand and the player has let "
            "no winning discard go by since its own last discard") in book
    assert "wall_left" not in book and "discarded_a_wait" not in book
    hk = render_rulebook(RULESETS / "hong-kong.mj", "md")
    # the options put in: min_faan is 3 at this table
    assert "A hand goes out only when the hand's value is at least 8" in hk


def test_the_knitted_hands_are_said_in_words():
    """Chinese Official's knitted hands: their parts in words (before: "1 set and 1 pair"
    for the knitted straight, "a special hand" for the other two), and the words in the
    club's Chinese and Japanese."""
    from mjdsl.server import i18n

    book = render_rulebook(RULESETS / "mcr.mj", "md", {})
    knit = "the knitted tiles (1 4 7 of one suit, 2 5 8 of another suit, 3 6 9 of another suit)"
    assert f"- Knitted straight: one of each of {knit}, beside 1 set and 1 pair\n" in book
    assert f"- Lesser honours and knitted tiles: 14 different tiles of {knit} and the honours\n" in book
    assert f"- Greater honours and knitted tiles: one of each of the honours, 7 different tiles of {knit}\n" in book
    zh = render_rulebook(RULESETS / "mcr.mj", "md", {}, i18n.translations("zh"))
    assert "- Knitted straight：组合龙的牌（一门花色的1 4 7，另一门花色的2 5 8，另一门花色的3 6 9）各一张，另加1组面子加1对将\n" in zh
    ja = render_rulebook(RULESETS / "mcr.mj", "md", {}, i18n.translations("ja"))
    assert "- Greater honours and knitted tiles：字牌を各1枚、組合竜の牌（ある色の1 4 7、別の色の2 5 8、別の色の3 6 9）のうち互いに異なる7枚\n" in ja
    for text in (zh, ja):
        assert "knitted tiles (" not in text and "different tiles of" not in text
