"""Copies of a kind told apart (issue 10): riichi's red fives, ``variant red "0m" x1 of
"5m"`` in the tiles block. A red five plays as a five everywhere; the wall holds it
from the shuffle, a player chooses which copy to discard, a set takes plain copies
first, the log and the replay carry the copy, and scoring counts each red five held
(``variants(red)``) as a han of dora that is no yaku. The checker refuses variants of
no tile (MJ294) and more copies than the kind has (MJ290)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine_script import act, names, no_claims, scripted
from mjdsl.bots import GreedyBot, RandomBot, make_bot
from mjdsl.cli import main
from mjdsl.engine import invariants
from mjdsl.engine.game import CHANCE, Game
from mjdsl.engine.log import hand_log, replay
from mjdsl.engine.run import play_hand
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.scoring.engine import hand_from_game

ROOT = Path(__file__).resolve().parent.parent
RIICHI = ROOT / "rulesets" / "riichi.mj"


@pytest.fixture(scope="module")
def riichi():
    return compile_ruleset(RIICHI)


def _codes(game, seat):
    return sorted(game.auto.tiles.copy_code(c) for c in game.st.held_variants[seat])


# -- the wall ------------------------------------------------------------------------


def test_the_wall_holds_one_red_five_a_suit_and_the_same_seed_deals_the_same_copies(riichi):
    def wall(seed):
        g = Game(riichi)
        g.apply_action(seed)  # the shuffle
        return list(g.st.wall)

    w = wall(12345)
    tiles = riichi.tiles
    assert len(w) == 136
    assert sorted(tiles.copy_code(c) for c in w if c >= tiles.size) == ["0m", "0p", "0s"]
    assert wall(12345) == w
    # by kind it is the wall the set of 136 plain tiles gave: the shuffle moves copies, not kinds
    plain = [k.index for k in tiles.kinds for _ in range(k.copies)]
    random.Random(12345).shuffle(plain)
    assert [tiles.base(c) for c in w] == plain


# -- discards: the player chooses the copy -------------------------------------------


def test_holding_a_red_and_a_plain_five_both_discards_are_offered(riichi):
    g = scripted(riichi, {0: "0m 5m 1p 9p 1s 9s E S W N P F C 2m"})
    offered = set(names(g))
    assert {"discard 0m", "discard 5m"} <= offered
    act(g, 0, "discard 0m")
    assert g.st.discards[0] == [riichi.tiles.index("5m")]  # it lies there as a five
    assert [riichi.tiles.copy_code(c) for c in g.st.discard_copies[0]] == ["0m"]
    assert _codes(g, 0) == [] and g.st.hands[0][riichi.tiles.index("5m")] == 1


def test_holding_only_the_red_five_its_discard_names_it(riichi):
    g = scripted(riichi, {0: "0p 1m 9m 1s 9s E S W N P F C 2m 3m"})
    offered = set(names(g))
    assert "discard 0p" in offered and "discard 5p" not in offered


def test_the_greedy_bot_throws_the_plain_five_and_keeps_the_red_one(riichi):
    g = scripted(riichi, {0: "0m 5m 1p 1p 1p 9p 9p 9p E E E S S P"})
    cat = g.catalogue
    both = [cat.lookup("discard 5m"), cat.lookup("discard 0m")]
    assert set(both) <= set(g.legal_actions())
    for bot in (GreedyBot(), make_bot("mei"), make_bot("rafi")):
        # offered the two copies of the one kind it would throw, it keeps the red one
        thrown = {cat.name(bot.choose(g, 0, both, random.Random(i))) for i in range(10)}
        assert thrown == {"discard 5m"}, (bot, thrown)
    # with the whole turn offered, the red five is never what a greedy bot lets go
    legal = g.legal_actions()
    assert all(cat.name(GreedyBot().choose(g, 0, legal, random.Random(i))) != "discard 0m" for i in range(10))


# -- sets: plain copies first, the discard as the copy it is --------------------------


def test_a_chi_takes_the_plain_five_and_the_red_one_stays_in_the_hand(riichi):
    g = scripted(riichi, {0: "3m 1p 5p 9p 1s 5s 9s E S W N P F C",
                          1: "4m 0m 5m 6m 2p 2p 7p 8s 8s 1m 9m N S"})
    act(g, 0, "discard 3m")
    while g.current_player() != 1:
        act(g, g.current_player(), "no claim")
    act(g, 1, next(n for n in names(g) if n.startswith("claim chi") and "1 of 3" in n))  # 3m 4m 5m
    e = g.st.exposures[1][-1]
    assert e.copies == () and _codes(g, 1) == ["0m"]
    assert hand_from_game(g, 1).variants == (1, 0, 0)  # held in the hand, it still counts


def test_a_red_five_discarded_goes_into_the_pon_that_claims_it(riichi):
    g = scripted(riichi, {0: "0s 1m 9m 1p 9p E S W N P F C 2m 3m", 2: "5s 5s 4p 6p 7p 2s 2s 8s 1m 9m S W 8p"})
    act(g, 0, "discard 0s")
    while g.current_player() != 2:
        act(g, g.current_player(), "no claim")
    act(g, 2, next(n for n in names(g) if n.startswith("claim pon")))
    e = g.st.exposures[2][-1]
    assert [riichi.tiles.copy_code(c) for c in e.copies] == ["0s"]
    assert g.st.discards[0] == [] and g.st.discard_copies[0] == []
    assert hand_from_game(g, 2).variants == (0, 0, 1)
    invariants.check(g)


def test_every_seat_sees_the_red_five_thrown_and_in_the_pon_that_took_it(riichi):
    """What a bot or a person is shown (engine/observe.py): the red five by its own
    code on the table, in the discards and in the set that claimed it, and the winds."""
    from mjdsl.engine.observe import observe

    g = scripted(riichi, {0: "0s 1m 9m 1p 9p E S W N P F C 2m 3m", 2: "5s 5s 4p 6p 7p 2s 2s 8s 1m 9m S W 8p"})
    act(g, 0, "discard 0s")
    seen = observe(g, 3)
    assert seen["live_discard"] == {"seat": 0, "tile": "0s"} and seen["discards"][0] == ["0s"]
    assert seen["round_wind"] == "E" and seen["seat_winds"] == ["E", "S", "W", "N"]
    while g.current_player() != 2:
        act(g, g.current_player(), "no claim")
    act(g, 2, next(n for n in names(g) if n.startswith("claim pon")))
    for seat in range(4):
        o = observe(g, seat)
        assert o["exposures"][2] == [{"kind": "pon", "tiles": ["0s", "5s", "5s"], "concealed": False}]
        assert o["exposures"][0] == [] and o["live_discard"] is None and o["discards"][0] == []
    assert "0s" not in observe(g, 2)["hand"] and observe(g, 2)["hand"].count("5s") == 0


def test_a_concealed_kong_of_fives_takes_the_red_one(riichi):
    g = scripted(riichi, {0: "5p 5p 5p 0p 1m 9m 1s 9s E S W N P F"})
    act(g, 0, "concealed kong of 5p")
    e = g.st.exposures[0][-1]
    assert [riichi.tiles.copy_code(c) for c in e.copies] == ["0p"] and _codes(g, 0) == []


def test_the_red_fives_a_hand_holds_digest_alike_whatever_order_they_came_in(riichi):
    # the log's state digest says which copies are where: two hands holding the same
    # red fives are the same position, drawn in either order
    from mjdsl.engine.log import state_digest

    tiles = riichi.tiles
    red_m, red_p = tiles.copy_of("0m"), tiles.copy_of("0p")
    g = scripted(riichi, {0: "1m 9m 1p 9p 1s 9s E S W N P F C 2m"})
    one, other = g.clone(), g.clone()
    for copy in (red_m, red_p):
        one.give(0, copy)
    for copy in (red_p, red_m):
        other.give(0, copy)
    assert _codes(one, 0) == _codes(other, 0) == ["0m", "0p"]
    assert state_digest(one) == state_digest(other) != state_digest(g)


def test_a_red_five_added_to_a_pon_is_the_copy_a_robber_takes(riichi):
    """Seat 0 pons plain 5p and adds the red 0p it draws; seat 1, waiting on 5p, robs
    the kong (chankan): the red copy goes to the robber's hand, the pon left behind
    keeps none."""
    g = scripted(riichi, {0: "5p 5p 1m 9m 1s 9s S W N P F C 2m 8m",
                          1: "4p 6p 2m 3m 4m 4s 5s 6s 7s 8s 9s E E",
                          2: "5p 1m 9m 1s 9s 2s 3s S W N P F C"},
                 wall="9p 9p 9p 1p 1p 0p")
    for seat, tile in ((0, "8m"), (1, "9p")):
        act(g, seat, f"discard {tile}")
        no_claims(g)  # seat 1 makes no double riichi
    act(g, 2, "discard 5p")
    act(g, 3, "no claim")  # no chi
    act(g, 0, "claim pon")
    for seat, tile in ((0, "P"), (1, "9p"), (2, "1p"), (3, "1p")):
        act(g, seat, f"discard {tile}")
        no_claims(g)
    act(g, 0, "add 5p to a pung")
    assert g.st.kong_copy is not None and riichi.tiles.copy_code(g.st.kong_copy) == "0p"
    act(g, 1, "mah jongg")
    assert g.st.winner == 1 and g.st.win["robbed_kong"]
    assert "0p" in _codes(g, 1) and hand_from_game(g, 1).variants == (0, 1, 0)
    pon = g.st.exposures[0][-1]
    assert pon.size == 3 and all(riichi.tiles.copy_code(c) != "0p" for c in pon.copies)
    invariants.check(g)


# -- logs and replay carry the copy ---------------------------------------------------


def _hand_with_a_choice(auto):
    """A random hand in which some seat threw a red five while holding a plain one."""
    for i in range(200):
        rec = play_hand(auto, f"red-log:{i}", [RandomBot() for _ in range(4)])
        g = Game(auto, dealer=rec.dealer, round_wind=rec.round_wind)
        for step, a in enumerate(rec.actions):
            name = g.catalogue.name(a)
            if g.current_player() != CHANCE and name.startswith("discard 0"):
                plain = g.catalogue.lookup("discard 5" + name[-1])
                if plain in g.legal_actions():
                    return rec, step, plain
            g.apply_action(a)
    raise AssertionError("no hand threw a red five beside a plain one")


def test_the_log_records_which_copy_was_thrown_and_replay_checks_it(riichi, tmp_path):
    rec, step, plain = _hand_with_a_choice(riichi)
    data = json.loads(json.dumps(hand_log(riichi, rec, str(RIICHI), {})))
    ok, message = replay(riichi, data)
    assert ok, message
    # the same hand with the plain five thrown at that step: the same tile by kind, another copy
    data["actions"][step] = plain
    ok, message = replay(riichi, data)
    assert not ok, "the replay took the plain five for the red one"
    assert "differs" in message, message  # the digests tell the copies apart


def test_random_and_greedy_riichi_hands_keep_every_copy_accounted(riichi):
    for i in range(6):
        bots = [GreedyBot(), RandomBot(), GreedyBot(), RandomBot()]
        play_hand(riichi, f"red-inv:{i}", bots, dealer=i % 4, check=invariants.check)


# -- scoring ----------------------------------------------------------------------


def _score(capsys, *args):
    rc = main(["score", str(RIICHI), *args, "--json"])
    out = capsys.readouterr()
    return rc, out


def test_a_red_five_is_a_han_but_no_yaku(capsys):
    # an open hand of no yaku, with two red fives: no win
    rc, out = _score(capsys, "--exposed", "1m 2m 3m", "--hand", "0p 6p 7p 3s 4s 0s W W W 9m 9m", "--win", "9m",
                     "--from", "discard", "--seat", "S", "--discarder", "W")
    assert rc == 0, out.err
    doc = json.loads(out.out)
    assert doc["hand"]["variants"] == ["0p", "0s"] and doc["doubles"] == 0 and doc["goes_out"] is False


def test_red_fives_add_han_to_the_value(capsys):
    args = ["--hand", "2m 3m 4m 5p 6p 7p 3s 4s 5s 6s 7s 8s 8p 8p", "--win", "8s", "--from", "discard",
            "--seat", "S", "--discarder", "W"]
    plain = json.loads(_score(capsys, *args)[1].out)
    args[1] = "2m 3m 4m 0p 6p 7p 3s 4s 0s 6s 7s 8s 8p 8p"
    red = json.loads(_score(capsys, *args)[1].out)
    assert (plain["total"], red["total"]) == (480, 1920)  # 30 fu: 2 han, then 4
    assert red["doubles"] == plain["doubles"] == 2  # the yaku's alone


@pytest.mark.parametrize("args, says", [
    (["--hand", "0m 0m 2m 3m 4m 5p 6p 7p 3s 4s 5s 8p 8p 8p", "--win", "8p", "--from", "wall"], "too many 0m"),
    (["--hand", "2m 3m 4m 5p 6p 7p 3s 4s 5s 6s 7s 8s 8p 8p", "--win", "0s", "--from", "wall"],
     "must be one of the --hand tiles"),
    (["--hand", "0x 3m 4m 5p 6p 7p 3s 4s 5s 6s 7s 8s 8p 8p", "--win", "8p", "--from", "wall"], "unknown tile code"),
])
def test_bad_red_fives_are_input_errors(capsys, args, says):
    rc = main(["score", str(RIICHI), *args])
    err = capsys.readouterr().err
    assert rc == 2 and says in err and "Traceback" not in err


# -- the checker ----------------------------------------------------------------------


@pytest.mark.parametrize("lines, code", [
    ('variant red "0m" x5 of "5m"', "MJ290"),
    ('variant red "0m" x3 of "5m"\n    variant gold "Gm" x2 of "5m"', "MJ290"),
    ('variant red "0m" x0 of "5m"', "MJ290"),
    ('variant red "0z" x1 of "5z"', "MJ294"),
    ('variant red "0f" x1 of "f1"', "MJ294"),
    ('variant red "6m" x1 of "5m"', "MJ294"),
    ('variant red "0m" x1 of "5m"\n    variant red "0m" x1 of "5m"', "MJ294"),
    ('variant red "0m" x1 of "5m"\n    variant pink "00m" x1 of "0m"', "MJ294"),
])
def test_the_checker_refuses_variants_of_nothing(tmp_path, capsys, lines, code):
    path = tmp_path / "bad.mj"
    text = ('ruleset "R"\ntiles {\n    suit man "m" 1..9 x4\n    wind "E" "S" "W" "N" x4\n'
            f'    flower "f1" "f2" "f3" "f4" x1 seat linked\n    {lines}\n}}\n')
    path.write_text(text, encoding="utf-8")
    main(["check", str(path), "--format", "json"])
    out = capsys.readouterr().out
    assert code in out, out


def test_variants_of_an_unknown_name_is_refused(tmp_path, capsys):
    text = RIICHI.read_text(encoding="utf-8").replace("variants(red)", "variants(rouge)")
    path = tmp_path / "riichi.mj"
    path.write_text(text, encoding="utf-8")
    assert main(["check", str(path), "--format", "json"]) == 1
    out = capsys.readouterr().out
    assert "MJ294" in out and "rouge" in out


def test_riichi_without_red_fives_scores_fives_as_fives(tmp_path, capsys):
    text = RIICHI.read_text(encoding="utf-8")
    for s in "mps":
        text = text.replace(f'    variant red "0{s}" x1 of "5{s}"\n', "")
    text = text.replace(" + variants(red)", "")
    path = tmp_path / "riichi.mj"
    path.write_text(text, encoding="utf-8")
    rc = main(["score", str(path), "--exposed", "5m 5m 5m 5m", "--exposed", "7p 7p 7p 7p", "--kong", "2s",
               "--hand", "2m 3m 4m 9p 9p", "--win", "4m", "--from", "discard", "--seat", "S", "--discarder", "W",
               "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert rc == 0 and doc["total"] == 960 and "variants" not in doc["hand"]


# -- at the table: a person names the copy ----------------------------------------------


def test_a_person_at_the_table_throws_the_red_five_by_its_code(riichi):
    from mjdsl.tui.controller import Controller
    from mjdsl.tui.session import Session

    for seed in range(40):
        s = Session(riichi, RIICHI, {}, str(seed), 0, ["greedy", "greedy", "greedy"])
        c = Controller(s)
        c.advance()
        g = s.game
        if g.current_player() != 0 or not g.st.held_variants[0]:
            continue
        code = riichi.tiles.copy_code(g.st.held_variants[0][0])
        assert code in observe_hand(g)  # the person sees it as the red one
        said = c.handle(code)
        assert any(f"You discard {code}" in line for line in said), said
        assert riichi.tiles.copy_code(g.st.discard_copies[0][0]) == code
        return
    raise AssertionError("no seed dealt the person a red five on its first turn")


def observe_hand(game):
    from mjdsl.engine.observe import observe

    return observe(game, 0)["hand"]


def test_a_claim_is_judged_with_the_copy_offered(tmp_path):
    """A minimum that counts red fives (a house rule) offers the ron on the red 5s, not
    on a plain one: the claim is scored with the copy thrown."""
    text = RIICHI.read_text(encoding="utf-8").replace(
        "win only when doubles > 0 or limits > 0", "win only when doubles > 0 or limits > 0 or variants(red) > 0")
    path = tmp_path / "riichi-red-goes-out.mj"
    path.write_text(text, encoding="utf-8")
    auto = compile_ruleset(path)
    waiting = "1m 2m 3m 6p 7p 8p 2s 3s 4s W W W 5s"  # no yaku: only a red five lets it go out
    for thrown, offered in (("0s", True), ("5s", False)):
        g = scripted(auto, {0: f"{thrown} 1m 9m 1p 9p E S N P F C 2m 4p 9s", 1: waiting})
        act(g, 0, f"discard {thrown}")
        assert ("mah jongg" in names(g)) == offered, (thrown, names(g))


# -- a step handler taking a copy that is not there ---------------------------------------


def test_taking_a_copy_the_hand_does_not_hold_is_an_engine_error_and_takes_nothing(riichi):
    from mjdsl.diagnostics import MjError
    from mjdsl.source import BUILTIN

    tiles = riichi.tiles
    red_m, red_p = tiles.copy_of("0m"), tiles.copy_of("0p")
    assert tiles.size <= red_m < red_p  # the copies past the kinds: the first is the kinds' count
    plain = scripted(riichi, {0: "5m 1p 9p 1s 9s E S W N P F C 2m 3m"})
    holding = scripted(riichi, {0: "0p 5m 1p 9p 1s 9s E S W N P F C 2m"})
    for g, copy in ((plain, red_m), (plain, tiles.size), (holding, red_m)):
        before = (list(g.st.hands[0]), list(g.st.held_variants[0]))
        with pytest.raises(MjError) as e:
            g.take(0, copy)
        # a step handler's bug, not the ruleset's: the error points at no line of it
        assert e.value.diagnostics[0].code == "MJ405" and e.value.diagnostics[0].span == BUILTIN
        assert (list(g.st.hands[0]), list(g.st.held_variants[0])) == before
    assert holding.take(0, tiles.index("5m")) == [] and _codes(holding, 0) == ["0p"]  # the plain five goes
    assert holding.take(0, red_p) == [red_p] and _codes(holding, 0) == []
