"""What the table says to the person and asks of them: a mah jongg the hand does not
make is marked and confirmed before it is declared, tile examples from the ruleset's
own tile set, the rules view in the ruleset's words, and lines that fit the table.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mjdsl.engine import actions as ACT
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.tui.controller import Controller
from mjdsl.tui.guide import guided_seed, suggest
from mjdsl.tui.session import Session

from table_play import play

ROOT = Path(__file__).resolve().parent.parent
AMERICAN = str(ROOT / "rulesets" / "american.mj")
CLASSICAL = str(ROOT / "rulesets" / "classical.mj")
RIICHI = str(ROOT / "rulesets" / "riichi.mj")
REGULARS = ["mei", "auntie-rose", "rafi"]


def table(ruleset: str, seed: str = "3") -> tuple[Session, Controller]:
    s = Session(compile_ruleset(ruleset), ruleset, {}, seed, 0, REGULARS)
    c = Controller(s)
    c.advance()
    return s, c


def mahjong_number(s: Session, c: Controller) -> str | None:
    """The number mah jongg is listed under now, None if it is not a move."""
    cat = s.game.catalogue
    return next((str(i) for i, a in enumerate(c.moves(), 1) if cat[a].family == ACT.MAHJONG), None)


def to_a_turn_with_mahjong(s: Session, c: Controller) -> str:
    """Take the suggestions until the person may declare mah jongg on their turn."""
    while mahjong_number(s, c) is None:
        assert not s.over
        c.handle("ok")
    return mahjong_number(s, c)


@pytest.mark.parametrize(("ruleset", "cost"), [
    (AMERICAN, "declaring it now kills your hand"),
    (CLASSICAL, "declaring it now kills your hand and costs you 900 points"),
], ids=["american", "classical"])
def test_a_mahjong_the_hand_does_not_make_is_marked_and_asks_first(ruleset, cost):
    s, c = table(ruleset)
    number = to_a_turn_with_mahjong(s, c)
    moves = next(line for line in c.question() if line.startswith("Moves: "))
    assert f"{number}. mah jongg (your hand is not a winning hand: {cost})" in moves
    hand = list(s.game.st.hands[0])
    said = c.handle(number)
    assert said == [f"Your hand is not a winning hand: {cost}. Declare mah jongg anyway? Type yes to declare it; "
                    "anything else keeps your hand."]
    assert not s.game.st.dead[0] and list(s.game.st.hands[0]) == hand  # nothing happened yet
    said = c.handle("no")
    assert said[0] == "Mah jongg not declared." and not s.game.st.dead[0]
    assert c.handle(number)[0].startswith("Your hand is not a winning hand")
    said = c.handle("yes")  # declared: the ruleset's penalty, as the ruleset says
    assert said[0] == "You declared mah jongg: not mah jongg: your hand is dead", said


def test_a_winning_hand_is_declared_without_a_question():
    """The guided first hand goes out: where the suggestion is mah jongg, typing the
    move's number declares it at once, and the move is listed without a warning."""
    auto = compile_ruleset(AMERICAN)
    s = Session(auto, AMERICAN, {}, guided_seed(auto, REGULARS), 0, REGULARS, hands=1)
    c = Controller(s)
    c.advance()
    while s.game.catalogue[suggest(s)[0]].family != ACT.MAHJONG:
        assert not s.over
        c.handle("ok")
    number = mahjong_number(s, c)
    assert f"{number}. mah jongg" in " ".join(c.question()) and "not a winning hand" not in " ".join(c.question())
    said = c.handle(number)
    assert any(line.startswith("You went out with") for line in said), said


@pytest.mark.parametrize(("ruleset", "like"), [
    (AMERICAN, "5b, N, R, F, J"),
    (CLASSICAL, "5b, E, R, f1, s1"),
    (RIICHI, "5m, E, P (a red 5m is 0m)"),
], ids=["american", "classical", "riichi"])
def test_a_wrong_tile_is_answered_with_codes_from_the_rulesets_own_tile_set(ruleset, like):
    s, c = table(ruleset)
    said = c.handle("ZZ")
    assert said[0] == f"Not a move here: 'ZZ' is not a tile here; tiles are written like {like}", said


def test_the_rules_view_says_what_the_ruleset_says_in_its_words():
    s, c = table(AMERICAN)
    said = c.handle("r")
    text = "\n".join(said)
    assert "charleston = on" in text and "jokerless_singles_pairs = off" in text
    assert "True" not in text and "False" not in text
    # the card's lines as the card writes them, annotations and all
    assert any(line.split() == "FF 11 22 33 44 55 66 - a a a a a a · any run or number · concealed 50".split()
               for line in said), text
    assert any(line.split() == "FF 1111 1111 1111 - a b c · any run or number 25".split() for line in said)
    assert any(line.split() == "FF 2026 1111 1111 - a b c 25".split() for line in said)


def test_after_q_the_table_says_the_command_that_resumes_this_save(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("MJDSL_SAVES", str(tmp_path / "saves"))
    game = tmp_path / "game.json"
    code, out, err = play(capsys, monkeypatch, ["q"], AMERICAN, "--seed", "7", "--save", str(game))
    assert code == 0, err
    said = f"Saved. Resume with: mjdsl play {AMERICAN} --resume --save {game}"
    assert out.rstrip().endswith(said), out[-300:]
    code, out, err = play(capsys, monkeypatch, ["q"], *said.split()[5:])  # the command said resumes it
    assert code == 0 and "Resumed the saved game" in out, err
    code, out, err = play(capsys, monkeypatch, ["q"], AMERICAN, "--seed", "7")  # the default save: no --save
    assert code == 0 and out.rstrip().endswith(f"Saved. Resume with: mjdsl play {AMERICAN} --resume"), err


def test_a_guided_classical_game_speaks_of_the_ruleset_not_a_card(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("MJDSL_SAVES", str(tmp_path / "saves"))
    code, out, err = play(capsys, monkeypatch, ["ok"] * 300, CLASSICAL, "--guided", "--plain")
    assert code == 0, err
    assert "(finding a first hand that shows every step; once for this ruleset)" in err
    assert not re.search(r"\bcard\b", out + err), [line for line in (out + err).splitlines()
                                                   if re.search(r"\bcard\b", line)]
    assert "Guide: first, see how far your tiles are from the ruleset's winning hands" in out


@pytest.mark.parametrize("seed", [str(k) for k in range(8)])
def test_the_regulars_lines_fit_a_table_without_a_card(seed):
    """Rafi's lines about the card are said only at a table with one: at a classical
    table his style file's ``[lines.without_card]`` are said instead."""
    at_classical = Session(compile_ruleset(CLASSICAL), CLASSICAL, {}, seed, 0, REGULARS).events
    rafi = [e for e in at_classical if e.startswith("Rafi: ")]
    assert rafi and not any(re.search(r"\bcard\b", e) for e in rafi), rafi
    at_the_club = Session(compile_ruleset(AMERICAN), AMERICAN, {}, seed, 0, REGULARS).events
    assert any(e.startswith("Rafi: ") for e in at_the_club)


@pytest.mark.parametrize("ruleset", [CLASSICAL, str(ROOT / "examples" / "house-rules" / "no-charleston.mj")])
def test_mei_does_not_call_for_a_charleston_at_a_table_without_one(ruleset):
    """Mei greets with "Charleston! Pass me something good." at the club's table; at one
    that plays no Charleston (classical, or the American house rule without one) her style
    file's ``[lines.without_charleston]`` are said instead."""
    def mei_says(path, seed):
        events = Session(compile_ruleset(path), path, {}, seed, 0, REGULARS).events
        return [e for e in events if e.startswith("Mei: ")]

    without = [e for k in range(8) for e in mei_says(ruleset, str(k))]
    assert without and not any("Charleston" in e for e in without), without
    with_one = [e for k in range(8) for e in mei_says(AMERICAN, str(k))]
    assert any("Charleston" in e for e in with_one), with_one


def test_lines_without_a_card_come_before_lines_without_a_charleston(tmp_path):
    import random

    from mjdsl.bots.style import load_style

    f = tmp_path / "host.toml"
    f.write_text('name = "H"\n[lines]\ngreet = ["Card and Charleston!"]\nwin = ["Won!"]\n'
                 '[lines.without_card]\ngreet = ["No card."]\n'
                 '[lines.without_charleston]\ngreet = ["No Charleston."]\nwin = ["Won, no Charleston."]\n')
    style = load_style(f)
    rng = random.Random(1)
    assert style.line("greet", rng) == "Card and Charleston!"
    assert style.line("greet", rng, charleston=False) == "No Charleston."
    assert style.line("greet", rng, card=False) == "No card."
    assert style.line("greet", rng, card=False, charleston=False) == "No card."
    assert style.line("win", rng, card=False, charleston=False) == "Won, no Charleston."
    assert style.line("win", rng, card=False) == "Won!"


def test_style_lines_for_tables_without_a_card_are_read_and_checked(tmp_path):
    import random

    from mjdsl.bots.style import load_style
    from mjdsl.diagnostics import InputError

    f = tmp_path / "newcomer.toml"
    f.write_text('name = "N"\n[lines]\ngreet = ["This card!"]\nwin = ["Won!"]\n'
                 '[lines.without_card]\ngreet = ["These rules!"]\n')
    style = load_style(f)
    rng = random.Random(1)
    assert style.line("greet", rng) == "This card!" and style.line("greet", rng, card=False) == "These rules!"
    assert style.line("win", rng, card=False) == "Won!"  # a moment it has no such lines for: its lines
    for text, field in [('[lines.without_card]\nsing = ["la"]\n', "lines.without_card.sing"),
                        ('[lines.without_card]\ngreet = "hi"\n', "lines.without_card.greet"),
                        ('[lines]\nwithout_card = ["hi"]\n', "lines.without_card"),
                        ('[lines.without_charleston]\nsing = ["la"]\n', "lines.without_charleston.sing"),
                        ('[lines]\nwithout_charleston = ["hi"]\n', "lines.without_charleston")]:
        f.write_text('name = "N"\n' + text)
        with pytest.raises(InputError) as e:
            load_style(f)
        assert field in str(e.value) and str(f) in str(e.value)
