"""Abortive draws (issue 10): `abort "TITLE" [after claims | by choice] when COND` in play.

The hands played from walls laid out by hand are tests/scenarios/abort-*.txt (four
winds, four winds not alike, four riichi, four kongs by two players, triple ron and two
rons that stand, nine terminals taken and not offered after a claim); here, what the
checker refuses, recorded aborted hands replaying, the session reading an abort, the
bots choosing a declared abort by their measure, and a person declaring one at the
table and in the club.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from checking import codes_of
from mjdsl.bots import make_bot
from mjdsl.cli import main
from mjdsl.engine import actions as ACT
from mjdsl.engine.run import SessionClock
from mjdsl.frontend.compile import compile_ruleset

ROOT = Path(__file__).resolve().parent.parent
RULESETS = ROOT / "rulesets"


def _overlay(*lines: str) -> str:
    return 'extends "riichi.mj"\nplay {\n' + "".join(f"    {line}\n" for line in lines) + "}\n"


@pytest.mark.parametrize("line", [
    'abort "Kuikae" when just_claimed',            # the tile in question: none before a draw
    'abort "Seen" when tile_visible > 2',
    'abort "Always" when 1 == 1',                  # every hand would end at its first draw
    'abort "Never" when false',
    'abort "Ron" when win_claims == 3',            # no claims are made before a draw
    'abort "Ron" by choice when win_claims > 0',   # nor on a turn
    'abort "Kongs" after claims when kongs == 4',  # after claims, yet not of the claims
    'abort "Mine" by choice when own_discard',     # no tile in question on a turn
    'abort "Always" by choice when true',
])
def test_an_abort_that_cant_be_asked_or_tells_nothing_is_refused(line):
    assert "MJ277" in codes_of(_overlay(line))


def test_two_aborts_of_one_title_are_refused_and_riichis_are_not():
    assert "MJ277" in codes_of(_overlay('abort "Kongs" when kongs == 3', 'abort "Kongs" when kongs == 4'))
    assert "MJ277" not in codes_of('extends "riichi.mj"\n')
    assert "MJ204" in codes_of(_overlay('abort "X" when announcers(riichy) == 4'))


def test_a_recorded_aborted_hand_replays(tmp_path, capsys):
    logs = tmp_path / "logs"
    assert main(["simulate", str(RULESETS / "riichi.mj"), "--games", "14", "--seed", "1", "--logs", str(logs)]) == 0
    aborted = [p for p in sorted(logs.glob("*.json")) if '"aborted"' in p.read_text(encoding="utf-8")]
    assert aborted, "seed 1 aborts hand 13 on four kongs"
    assert json.loads(aborted[0].read_text(encoding="utf-8"))["result"]["aborted"] == "Four kongs (suukaikan)"
    capsys.readouterr()
    assert main(["replay", str(aborted[0])]) == 0


def test_the_dealer_keeps_the_deal_and_the_counter_counts_an_abort():
    auto = compile_ruleset(RULESETS / "riichi.mj")
    clock = SessionClock.begin(auto, "s")
    dealer = clock.dealer
    clock.advance(auto, {"winner": None, "wall_game": False, "aborted": "Four riichi (suucha riichi)", "value": 0})
    assert clock.dealer == dealer
    assert clock.counters["honba"] == 1
    clock.advance(auto, {"winner": None, "wall_game": True, "value": 0})  # the dealer not calling: the deal moves
    assert clock.dealer != dealer and clock.counters["honba"] == 2


def test_mjdsl_diff_says_an_abort_added(tmp_path, capsys):
    (tmp_path / "riichi.mj").write_text((RULESETS / "riichi.mj").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "more.mj").write_text(_overlay('abort "Three kongs" when kongs == 3',
                                               'abort "Give up" by choice when kongs == 3'), encoding="utf-8")
    main(["diff", str(tmp_path / "riichi.mj"), str(tmp_path / "more.mj")])
    out = capsys.readouterr().out
    assert "Three kongs when kongs == 3" in out and "differs (see" not in out
    assert "Give up by choice when kongs == 3" in out
    assert "Triple ron (sanchahou) after claims when" in out  # riichi's own, each said at its point


def test_the_table_says_the_hand_was_aborted_and_why():
    import scenario
    from mjdsl.tui.words import Words

    path = ROOT / "tests" / "scenarios" / "abort-four-winds.txt"
    game = scenario.run(path.read_text(encoding="utf-8"), lambda p: compile_ruleset(p))
    words = Words(game.auto, ["You", "Ann", "Bo", "Cy"])
    assert words.outcome(game) == ["The hand is aborted (Four winds (suufon renda)): nobody wins, nobody pays."]


def test_riichis_new_aborts_check_clean_and_say_their_point():
    assert "MJ277" not in codes_of(_overlay('abort "Ron" after claims when win_claims == 3',
                                            'abort "Nine" by choice when kinds_held(terminal or honour) >= 9'))
    auto = compile_ruleset(RULESETS / "riichi.mj")
    assert {a.title: a.point for a in auto.aborts}["Triple ron (sanchahou)"] == "claims"
    assert {a.title: a.point for a in auto.aborts}["Nine terminals (kyuushu kyuuhai)"] == "choice"
    # only the choice is a move: one action, last in the catalogue
    from mjdsl.engine.game import catalogue_of

    cat = catalogue_of(auto)
    assert cat[len(cat) - 1].family == ACT.ABORT and cat[len(cat) - 1].arg == "Nine terminals (kyuushu kyuuhai)"
    assert [a for a in cat.actions if a.family == ACT.ABORT] == [cat[len(cat) - 1]]


def _play(path: Path, auto):
    import scenario

    return scenario.run(path.read_text(encoding="utf-8"), lambda _p: auto)


def test_three_rons_with_the_head_bump_are_the_nearest_ones_win():
    """double_ron off: three rons on one discard are not an abort; the nearest wins alone."""
    import scenario

    auto = compile_ruleset(RULESETS / "riichi.mj", [("double_ron", "off")])
    text = (ROOT / "tests" / "scenarios" / "abort-triple-ron.txt").read_text(encoding="utf-8")
    settings, hands, rest = scenario.parse_header(scenario.lines_of(text))
    game = scenario.setup(settings, hands, lambda _p: auto)
    for no, line in rest:
        if line[0] == ">":
            scenario.move(game, line[1:].strip(), no)
    assert game.st.winner == 1 and not game.st.result.get("aborted") and not game.st.result.get("also_won")


# a ruleset whose nine terminals asks only five kinds, so a seeded deal soon offers it
_FIVE_KINDS = ('abort "Nine terminals (kyuushu kyuuhai)" by choice when discards < 4 and claims == 0 and '
               'kongs == 0 and kinds_held(terminal or honour) >= 5')


def _first_turn_position(auto, seat_hand: str):
    """Seat 1's first turn of a wall laid out by hand: the dealer discards, seat 1 draws W."""
    from engine_script import act, scripted

    g = scripted(auto, {0: "1m 1m 9m 3p 7p 7p 3s 9s E E S W N 4m", 1: seat_hand}, "W")
    act(g, 0, "discard 4m")
    while g.current_player() != 1 or g.st.node != "play.turn":
        act(g, g.current_player(), "no claim")
    return g


@pytest.mark.parametrize("bot, hand, takes", [
    # nine kinds, six tiles from ready (one run, a partial, no pair): every style gives it up
    ("greedy", "1m 9m 1p 9p 1s 9s E S 2s 3s 4s 6m 7m", True),
    ("mei", "1m 9m 1p 9p 1s 9s E S 2s 3s 4s 6m 7m", True),
    ("auntie-rose", "1m 9m 1p 9p 1s 9s E S 2s 3s 4s 6m 7m", True),
    ("rafi", "1m 9m 1p 9p 1s 9s E S 2s 3s 4s 6m 7m", False),   # he plays on beyond 6
    # nine kinds four tiles from ready (two runs and a pair): Auntie Rose alone gives it up
    ("greedy", "1m 2m 3m 7p 8p 9p 9m 1p 1s 9s P S P", False),
    ("mei", "1m 2m 3m 7p 8p 9p 9m 1p 1s 9s P S P", False),
    ("auntie-rose", "1m 2m 3m 7p 8p 9p 9m 1p 1s 9s P S P", True),
])
def test_a_bot_declares_an_abort_when_its_hand_is_far_by_its_own_measure(bot, hand, takes):
    auto = compile_ruleset(RULESETS / "riichi.mj")
    g = _first_turn_position(auto, hand)
    legal = g.legal_actions()
    offered = [a for a in legal if g.catalogue[a].family == ACT.ABORT]
    assert offered, "nine kinds on a first turn: the abort is offered"
    import random

    chosen = make_bot(bot).choose(g, 1, legal, random.Random("t"))
    assert (chosen in offered) == takes
    if takes:
        g.apply_action(chosen)
        assert g.is_terminal() and g.st.result["aborted"] == "Nine terminals (kyuushu kyuuhai)"


def test_a_hand_aborted_at_the_claims_and_one_aborted_by_choice_replay(tmp_path, capsys):
    """Logs of bots' hands whose claims (any ron: an overlay) or a seat's choice ended them."""
    (tmp_path / "loose.mj").write_text(_overlay('abort "Triple ron (sanchahou)" after claims when win_claims >= 1',
                                                _FIVE_KINDS), encoding="utf-8")
    logs = tmp_path  # beside the ruleset: a replay reads no ruleset outside the log's folder
    assert main(["simulate", str(tmp_path / "loose.mj"), "--games", "12", "--seed", "2", "--bots", "greedy",
                 "--logs", str(logs)]) == 0
    capsys.readouterr()
    ended = {}
    for p in sorted(logs.glob("hand-*.json")):
        title = json.loads(p.read_text(encoding="utf-8"))["result"].get("aborted")
        if title:
            ended.setdefault(title, p)
    assert set(ended) == {"Triple ron (sanchahou)", "Nine terminals (kyuushu kyuuhai)"}
    for p in ended.values():
        assert main(["replay", str(p)]) == 0


def _loose_riichi(tmp_path) -> Path:
    path = tmp_path / "five-kinds.mj"
    path.write_text(_overlay(_FIVE_KINDS), encoding="utf-8")
    return path


def test_a_person_declares_an_abort_at_the_table_and_the_save_replays_it(tmp_path):
    from mjdsl.tui.controller import Controller
    from mjdsl.tui.save import read_save
    from mjdsl.tui.session import Session

    path = _loose_riichi(tmp_path)
    auto = compile_ruleset(path)
    name = "abort Nine terminals (kyuushu kyuuhai)"
    for seed in range(30):
        save = tmp_path / f"save-{seed}.json"
        s = Session(auto, str(path), {}, str(seed), 0, ["greedy", "greedy", "greedy"], save=str(save))
        c = Controller(s)
        said = c.advance()
        if s.game is None or s.game.current_player() != 0 or s.clock.hands != 0 or name not in \
                [s.game.action_name(a) for a in s.legal()]:
            continue
        moves = next(line for line in said if line.startswith("Moves: "))
        assert name in moves  # the table lists it with its title
        said = c.handle(name)
        assert any("The hand is aborted (Nine terminals (kyuushu kyuuhai))" in line for line in said), said
        assert "You: Abortive draw: Nine terminals (kyuushu kyuuhai)" in said  # the table says who ended it
        data = read_save(str(save))
        assert s.game is None or s.clock.hands == 1
        from mjdsl.engine.game import catalogue_of

        abort_id = catalogue_of(auto).id(ACT.ABORT, "Nine terminals (kyuushu kyuuhai)")
        assert data["hands"][0][-1] == abort_id  # the person's choice is in the log
        again = Session.resume(auto, data, None)  # replayed, the bots choosing again: the same hand
        assert again.results[0]["aborted"] == "Nine terminals (kyuushu kyuuhai)"
        return
    raise AssertionError("no seed offered the person the abort on its first turn")


def test_the_club_lists_a_declared_abort_by_its_title_in_the_seats_language(tmp_path):
    pytest.importorskip("starlette")
    from mjdsl.server.club import ClubTable
    from mjdsl.server.table import ClubGame

    auto = compile_ruleset(_loose_riichi(tmp_path))
    table = ClubTable("riichi", "Riichi", str(tmp_path / "five-kinds.mj"), (), ("mei", "mei", "mei"), auto)
    for seed in range(30):
        g = ClubGame(table, str(seed), ["visitor:a", None, None, None], ["mei"] * 4, langs=["ja", "en", "en", "en"])
        g.present.add(0)
        g.advance()
        if g.waiting_for() != 0 or g.clock.hands != 0:
            continue
        names = {m["name"]: m for m in g.view(0)["legal"]}
        mine = names.get("途中流局を宣言：Nine terminals (kyuushu kyuuhai)")
        if mine is None:
            continue
        assert mine["family"] == ACT.ABORT
        g.act(0, [mine["a"]], at=g.moves)
        g.advance()  # the hand settles, the next begins
        assert g.results[0]["aborted"] == "Nine terminals (kyuushu kyuuhai)"
        assert mine["a"] == g.log[0][-1]  # the person's choice is in the saved game
        return
    raise AssertionError("no seed offered the person the abort on its first turn")
