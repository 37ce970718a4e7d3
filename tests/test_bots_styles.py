"""Playing styles as data: the style files load (and bad ones are refused by name), the
one engine plays every shipped ruleset through its legal actions in every style, the
styles differ where their files say they do, and the arena rotates the same walls.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import attrs
import numpy as np
import pytest

from mjdsl.bots import BOTS, make_bot
from mjdsl.bots.arena import _restricted_mean, run_arena, seatings
from mjdsl.bots.engine import StyleBot, _View
from mjdsl.bots.style import STYLES_DIR, load_style, style_names
from mjdsl.cli import main
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.diagnostics import InputError
from mjdsl.engine import actions as ACT
from mjdsl.engine import invariants
from mjdsl.engine.game import CHANCE, Game
from mjdsl.engine.chance import chance_action
from mjdsl.engine.run import play_hand

ROOT = Path(__file__).resolve().parent.parent
AMERICAN = str(ROOT / "rulesets" / "american.mj")
RULESETS = sorted(ROOT.glob("rulesets/*.mj")) + sorted(ROOT.glob("examples/**/*.mj"))
STYLES = ["mei", "auntie-rose", "rafi"]


@pytest.fixture(scope="module")
def american():
    return compile_ruleset(AMERICAN)


def test_the_regulars_ship_as_style_files_with_their_lines():
    assert set(STYLES) <= set(style_names()) and set(STYLES) <= set(BOTS)
    mei, rose, rafi = (load_style(STYLES_DIR / f"{n}.toml") for n in STYLES)
    assert (mei.name, rose.name, rafi.name) == ("Mei", "Auntie Rose", "Rafi")
    assert mei.tagline == "Always first to ready" and rose.tagline == "Keeps her seat safe"
    assert "Charleston! Pass me something good." in dict(mei.lines)["greet"]
    assert "A joker for the soap, dear." in dict(rose.lines)["swap"]
    assert "Which hand on the card is this?" in dict(rafi.lines)["greet"]
    # what the club page says, as the files say it
    assert rose.safety > mei.safety and rose.within < mei.within and rafi.mistake_rate > 0 == mei.mistake_rate


@pytest.mark.parametrize("text, field", [
    ('name = "X"\n[target]\nchoose = "slowest"\n', "target.choose"),
    ('name = "X"\n[calls]\neagerness = 2.0\n', "calls.eagerness"),
    ('name = "X"\n[calls]\nwithin = "near"\n', "calls.within"),
    ('name = "X"\n[mistakes]\nkinds = ["sneeze"]\n', "mistakes.kinds"),
    ('name = "X"\n[lines]\nsing = ["la"]\n', "lines.sing"),
    ('name = "X"\ncolour = "red"\n', "colour"),
    ('name = "X"\n[jokers]\nswap = "sometimes"\n', "jokers.swap"),
    ('name = "X"\n[safety]\nfold = 0.5\n', "safety.fold"),
    ('name = "X"\n[calls]\ngain = 5.0\n', "calls.gain"),
    ('name = "X"\n[target]\nlookahead = 1.5\n', "target.lookahead"),
    ('name = "X"\n[target]\nlook_at = 0\n', "target.look_at"),
    ('name = "X"\n[charleston]\nspread = "wide"\n', "charleston.spread"),
    ('name = "X"\n[target]\nmodel = "hunch"\n', "target.model"),
    ('name = "X"\n[calls]\nfill = 0.5\n', "calls.fill"),
    ('name = "X"\n[target]\nrelease = 5.0\n', "target.release"),
    ('name = "X"\n[target]\nlast_called = 1\n', "target.last_called"),
    ('name = "X"\n[safety]\ndeny = -1.0\n', "safety.deny"),
    ('name = "X"\n[safety]\ndeny_shown = 0\n', "safety.deny_shown"),
    ("name = \n", "not a style file"),
])
def test_a_bad_style_file_is_refused_naming_the_field(tmp_path, text, field):
    path, message = _refused(tmp_path, text)
    assert field in message and path in message


def _refused(tmp_path, text: str) -> tuple[str, str]:
    """A style file of ``text`` loaded: its path, and the message it is refused with."""
    f = tmp_path / "mine.toml"
    f.write_text(text)
    with pytest.raises(InputError) as e:
        load_style(f)
    return str(f), str(e.value)


@pytest.mark.parametrize("text, says", [
    # a misspelt field in a table was read as its default, unseen
    ('name = "X"\n[target]\nspred = 0.3\n', "unknown field target.spred; did you mean target.spread? [target] takes"),
    ('name = "X"\n[calls]\nbogus = 1\n', "unknown field calls.bogus; [calls] takes eagerness, within,"),
    ('name = "X"\n[charleston]\nstop = 2\n', "unknown field charleston.stop; did you mean charleston.stop_at?"),
    ('name = "X"\n[lines]\ngreat = ["hi"]\n', "unknown field lines.great; did you mean lines.greet? [lines] takes the "
                                              "moments greet,"),
    ('name = "X"\ntaglin = "y"\n', "unknown field 'taglin'; did you mean tagline?"),
])
def test_an_unknown_field_in_any_table_is_refused_with_the_nearest(tmp_path, text, says):
    path, message = _refused(tmp_path, text)
    assert message.startswith(f"{path}: {says}")


def test_every_field_a_shipped_style_sets_is_known():
    for name in style_names():
        load_style(STYLES_DIR / f"{name}.toml")


def test_bots_takes_a_style_file_named_by_its_stem(capsys, tmp_path, monkeypatch):
    # --bots ./mystyle.toml said "unknown bot": a style meant editing the installed package
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mystyle.toml").write_text('name = "Mine"\n[target]\nchoose = "flexible"\n')
    assert main(["arena", AMERICAN, "--bots", "./mystyle.toml,mei,rafi,greedy", "--hands", "4", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["bots"] == ["mystyle", "mei", "rafi", "greedy"] and "mystyle" in doc["styles"]
    assert main(["simulate", AMERICAN, "--games", "2", "--bots", "mystyle.toml", "--json"]) == 0
    assert set(json.loads(capsys.readouterr().out)["by_bot"]) == {"mystyle"}


@pytest.mark.parametrize("files, bots, says", [
    ({"bad.toml": 'name = "X"\n[target]\nspred = 0.3\n'}, "./bad.toml", "--bots: ./bad.toml: unknown field target.spred"),
    ({}, "./none.toml", "--bots: ./none.toml: no such style file"),
    ({"mei.toml": 'name = "Not Mei"\n'}, "./mei.toml", "'mei' is already a bot's name; rename the file"),
    ({"a/x.toml": 'name = "A"\n', "b/x.toml": 'name = "B"\n'}, "a/x.toml,b/x.toml,mei,rafi",
     "another style file of the line-up is named 'x' too"),
])
def test_a_style_file_bots_cannot_take_is_named(capsys, tmp_path, monkeypatch, files, bots, says):
    monkeypatch.chdir(tmp_path)
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(text)
    assert main(["simulate", AMERICAN, "--games", "1", "--bots", bots]) == 2
    err = capsys.readouterr().err
    assert says in err and len(err.strip().splitlines()) == 1


def test_a_style_file_needs_only_a_name(tmp_path):
    f = tmp_path / "plain.toml"
    f.write_text('name = "Plain"\n')
    s = load_style(f)
    assert s.key == "plain" and s.target == "fastest" and s.line("greet", random.Random(1)) is None


@pytest.mark.parametrize("path", RULESETS, ids=[str(p.relative_to(ROOT)) for p in RULESETS])
def test_every_style_plays_every_shipped_ruleset_through_its_legal_actions(path):
    auto = compile_ruleset(path)
    names = (STYLES + ["greedy"])[: auto.seats]
    bots = [make_bot(n) for n in names]
    offered: list[int] = []

    class Watch:
        """Wraps a bot: what it picks must be one of the legal actions."""

        def __init__(self, bot):
            self.bot = bot

        def choose(self, game, seat, legal, rng):
            a = self.bot.choose(game, seat, legal, rng)
            assert a in legal
            offered.append(a)
            return a

    for i in range(2 if auto.winning.card is not None else 1):  # shape hands are slower to judge
        rec = play_hand(auto, f"styles:{i}", [Watch(b) for b in bots], dealer=i % auto.seats, check=invariants.check)
        assert abs(sum(rec.returns)) < 1e-6
    assert offered


def _code_words(path: Path) -> str:
    """The names and string constants of a module, its docstrings and comments left out."""
    import ast

    tree = ast.parse(path.read_text())
    docs = {id(n.body[0].value) for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef)) and n.body
            and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    words = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs:
            words.append(n.value)
        elif isinstance(n, ast.Name):
            words.append(n.id)
        elif isinstance(n, ast.Attribute):
            words.append(n.attr)
    return "\n".join(words).lower()


def test_the_engine_names_no_claim_and_no_variant():
    """Claims are read from their specs (size, shape); the only set words in the bots are
    the hands library's shapes (``Meld`` kinds), never a ruleset's claim or a variant."""
    for path in (ROOT / "mjdsl" / "bots").glob("*.py"):
        if path.name in ("greedy.py", "random_bot.py"):
            continue
        words = _code_words(path)
        for word in ("quint", "sextet", "american", "classical", "dmjl", "bmja"):
            assert word not in words, (path.name, word)


def _game_at(auto, seed, until):
    """The first of a few seeded games, played by greedy bots, where ``until(game)`` holds
    at a seat's decision; that game, stopped there."""
    for k in range(8):
        g = _play_until(auto, f"{seed}:{k}", until)
        if g is not None:
            return g
    return None


def _play_until(auto, seed, until):
    g = Game(auto)
    chance = random.Random(f"{seed}:chance")
    rngs = [random.Random(f"{seed}:{s}") for s in range(auto.seats)]
    bot = make_bot("greedy")
    while not g.is_terminal():
        p = g.current_player()
        if p == CHANCE:
            g.apply_action(chance_action(g, chance))
            continue
        if until(g):
            return g
        legal = g.legal_actions()
        g.apply_action(bot.choose(g, p, legal, rngs[p]))
    return None


def test_mei_never_stops_the_charleston_and_auntie_rose_stops_when_close(american):
    g = _game_at(american, "vote", lambda g: any(g.catalogue[a].family == ACT.VOTE for a in g.legal_actions()))
    assert g is not None
    seat = g.current_player()
    legal = g.legal_actions()
    mei = make_bot("mei")
    assert g.catalogue[mei.choose(g, seat, legal, random.Random(1))].arg is False
    rose = StyleBot(attrs.evolve(load_style(STYLES_DIR / "auntie-rose.toml"), stop_at=14))
    assert g.catalogue[rose.choose(g, seat, legal, random.Random(1))].arg is True


def test_a_discard_that_an_exposure_wants_is_dangerous(american):
    """Reading the table: a tile another seat's exposed hands still need is riskier than
    one none of them needs."""
    g = _game_at(american, "danger", lambda g: any(g.st.exposures[s] for s in range(g.n))
                 and any(g.catalogue[a].family == ACT.DISCARD for a in g.legal_actions()))
    assert g is not None
    seat = g.current_player()
    view = _View(g, seat, make_bot("auntie-rose")._judge(g))
    tiles = list(range(american.tiles.size))
    danger = view.danger(tiles)
    assert danger.max() > danger.min() >= 0


def test_a_discard_no_one_claimed_is_safe_against_the_seat_that_let_it_go(american):
    """Reading the discards: the seat after this one let the next seat's last discard go
    with the hand it still holds (it could have called it for mah jongg), so against that
    seat the tile is safe, however much its exposed hands want it."""
    def ready(g):
        me, n = g.current_player(), g.n
        return (any(g.catalogue[a].family == ACT.DISCARD for a in g.legal_actions())
                and g.st.exposures[(me + 1) % n] and g.st.discards[(me + 1) % n] and g.st.discards[(me + 2) % n])

    g = _game_at(american, "let-go", ready)
    assert g is not None
    seat, n = g.current_player(), g.n
    g = g.clone()
    for x in range(n):  # only the seat after this one is read
        g.st.dead[x] = x not in (seat, (seat + 1) % n)
    let_go = g.st.discards[(seat + 2) % n][-1]
    view = _View(g, seat, make_bot("auntie-rose")._judge(g))
    danger = view.danger(list(range(american.tiles.size)))
    assert danger[let_go] == 0 and danger.max() > 0


def test_rafi_makes_the_mistakes_his_file_lists_and_mei_none(american):
    g = _game_at(american, "mistake", lambda g: any(g.catalogue[a].family == ACT.DISCARD
                                                      for a in g.legal_actions()))
    seat = g.current_player()
    legal = g.legal_actions()
    always = StyleBot(attrs.evolve(load_style(STYLES_DIR / "rafi.toml"), mistake_rate=1.0,
                                   mistakes=("discard_needed",)))
    picks = {always.choose(g, seat, legal, random.Random(i)) for i in range(30)}
    mei = make_bot("mei")
    best = {mei.choose(g, seat, legal, random.Random(i)) for i in range(30)}
    assert len(picks) > len(best)


def test_the_arena_seats_every_bot_at_every_seat():
    rot = seatings(["a", "b", "c", "d", "e"], 4)
    assert len(rot) == 5
    for seat in range(4):
        assert sorted(r[seat] for r in rot) == [0, 1, 2, 3, 4]


def test_the_arena_is_the_same_for_the_same_seed(american):
    names = ["mei", "auntie-rose", "rafi", "random"]
    a = run_arena(american, names, 8, "t", make_bot)
    b = run_arena(american, names, 8, "t", make_bot)
    assert a == b and a["hands"] == 8 and a["walls"] == 2
    for s in a["styles"].values():
        assert s["hands"] == 8
        lo, hi = s["win_rate"]["low"], s["win_rate"]["high"]
        assert 0 <= lo <= s["win_rate"]["mean"] <= hi <= 1
    assert sum(s["win_rate"]["mean"] * s["hands"] for s in a["styles"].values()) == pytest.approx(a["won"])


def test_turns_to_go_out_count_the_hands_a_style_did_not_win_as_not_out_by_their_end():
    # all out at turn 10: the mean is 10, whatever the horizon
    assert _restricted_mean([(10, True)] * 4, 50)["mean"] == 10
    # one out at 10, one still in when its hand ended at 20: half are out at 10, and the
    # other half is not seen out again by the horizon 50 (Kaplan-Meier): 10 + 0.5 x 40
    assert _restricted_mean([(10, True), (20, False)], 50)["mean"] == 30
    # a hand that ended at 5 before anyone went out leaves the two still at risk
    r = _restricted_mean([(5, False), (10, True), (20, True)], 30)
    assert r["mean"] == 15 and r["low"] < 15 < r["high"]
    # winning only the quick hands is not going out soon: the plain mean over the won hands
    # would call this style the faster one
    quick_few = _restricted_mean([(20, True)] + [(40, False)] * 9, 100)["mean"]
    slow_many = _restricted_mean([(30, True)] * 8 + [(40, False)] * 2, 100)["mean"]
    assert slow_many < quick_few
    assert _restricted_mean([], 10)["mean"] is None


def test_a_style_folds_as_much_as_its_file_says(american):
    g = _game_at(american, "rose", lambda g: any(g.st.exposures[s] for s in range(g.n))
                 and any(g.catalogue[a].family == ACT.DISCARD for a in g.legal_actions()))
    rose = load_style(STYLES_DIR / "auntie-rose.toml")
    assert load_style(STYLES_DIR / "mei.toml").fold == 2.0  # the default: safety doubles
    seat = g.current_player()
    legal = g.legal_actions()
    view = _View(g, seat, StyleBot(rose)._judge(g))
    cand = [g.catalogue[a].arg for a in legal if g.catalogue[a].family == ACT.DISCARD and g.catalogue[a].arg != view.joker]
    danger = view.danger(cand)
    safest = {cand[i] for i in np.flatnonzero(danger == danger.min())}
    assert len(safest) < len(set(cand))

    def picks(**how):
        bot = StyleBot(attrs.evolve(rose, safety=1.0, **how))
        return {g.catalogue[bot.choose(g, seat, legal, random.Random(i))].arg for i in range(5)}

    # not folding, she plays her hand; folding (at any distance), safety outweighs it all
    assert not picks(fold_at=99) <= safest
    assert picks(fold_at=0, fold=100.0) <= safest


def test_arena_json_and_its_input_errors(capsys):
    assert main(["arena", AMERICAN, "--bots", "mei,auntie-rose,rafi,greedy", "--hands", "4", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["version"] == 1 and set(doc["styles"]) == {"mei", "auntie-rose", "rafi", "greedy"}
    assert main(["arena", AMERICAN, "--bots", "mei,rafi"]) == 2
    assert "at least 4 bots" in capsys.readouterr().err
    assert main(["arena", AMERICAN, "--bots", "mei,mei,rafi,greedy"]) == 2
    assert main(["arena", AMERICAN, "--bots", "mei,zed,rafi,greedy"]) == 2
    assert "unknown bot 'zed'" in capsys.readouterr().err


def test_simulate_takes_the_regulars_by_name(capsys):
    code = main(["simulate", AMERICAN, "--games", "2", "--bots", "mei,auntie-rose,rafi,greedy", "--json"])
    assert code == 0 and json.loads(capsys.readouterr().out)["hands"] == 2


def test_the_arena_gives_the_same_bytes_whatever_the_hash_seed():
    import os
    import subprocess
    import sys

    outs = []
    for hs in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hs)
        r = subprocess.run([sys.executable, "-m", "mjdsl.cli", "arena", AMERICAN, "--hands", "5", "--json",
                            "--bots", "mei,auntie-rose,rafi,greedy,random"], capture_output=True, env=env, check=True)
        outs.append(r.stdout)
    assert outs[0] == outs[1] and json.loads(outs[0])["hands"] == 5


def test_a_tile_with_few_live_copies_left_comes_slower(american):
    """Expected turns, not tiles: with ``live`` a variant lacking a tile whose copies are
    all in sight counts slower; a variant that does not lack it is judged as before."""
    from mjdsl.bots.judge import CardJudge

    judge = CardJudge(american.winning.card, american.tiles, attrs.evolve(load_style(STYLES_DIR / "mei.toml"), live=1.0))
    need = american.winning.card.tables.need
    tile = int(np.argmax([(0 < need[:, t].astype(bool).mean() < 1) * need[:, t].astype(bool).sum()
                          for t in range(need.shape[1])]))
    rack = np.zeros((1, american.tiles.size), np.int16)
    d = judge.needs(rack, ())
    live = american.tiles.copies_vector()
    gone = live.copy()
    gone[tile] = 0
    before, after = judge.slowness(rack, (), d, live)[0], judge.slowness(rack, (), d, gone)[0]
    lacks = need[:, tile] > 0
    assert (after[lacks] > before[lacks]).all() and (after[~lacks] == before[~lacks]).all()
    worth = [float(judge.worth(d, None, rack, judge.slowness(rack, (), d, v))[0]) for v in (live, gone)]
    assert worth[1] < worth[0]


def _random_racks(american, n, seed):
    copies = american.tiles.copies_vector()
    wall = [t for t in range(american.tiles.size) for _ in range(int(copies[t]))]
    rng = random.Random(seed)
    racks = np.zeros((n, american.tiles.size), np.int16)
    for i in range(n):
        for t in rng.sample(wall, 13):
            racks[i, t] += 1
    return racks


def test_the_chance_model_counts_the_draws_left_and_the_live_tiles_a_hand_lacks(american):
    """``model = "chance"``: a hand is worth its chance of being made within the draws
    left. Fewer draws leave every hand worth less and a hand further behind further
    still; a tile whose live copies are gone makes the hands lacking it worth less and
    no other; a made hand is worth the most (its chance is 1); ``fill`` speeds only the
    places a joker may take."""
    from mjdsl.bots.judge import CardJudge
    from mjdsl.cards.distance import FAR

    mei = attrs.evolve(load_style(STYLES_DIR / "mei.toml"), model="chance")
    judge = CardJudge(american.winning.card, american.tiles, mei)
    racks = _random_racks(american, 12, 7)
    live = american.tiles.copies_vector().astype(np.int16) - racks.max(axis=0)
    live = np.maximum(live, 0)
    d, short, lacking = judge.measure(racks, (), live)

    def worth(draws):
        return judge.worth_by_chance(d, short, lacking, live, draws)

    early = worth(25)
    # one hand alive, two tiles away, each lacking tile at an ordinary tile's pace: worth
    # minus two tiles whatever the draws; at half that pace, less, and more so early on
    # (many draws make an ordinary tile nearly sure, a scarce one still not)
    alive = np.zeros((1, d.shape[1]), dtype=bool)
    alive[0, 0] = True
    two = np.full((1, d.shape[1]), 2, np.int16)
    pace = np.full_like(two, int(2 * judge.typical))
    for draws in (3, 25):
        assert judge.worth_by_chance(two, two, pace, live, draws, ~alive[0])[0] == pytest.approx(-2.0)
    slow = [judge.worth_by_chance(two, two, pace // 2, live, n, ~alive[0])[0] for n in (3, 25)]
    assert -2.0 > slow[0] > slow[1]

    need = american.winning.card.tables.need
    tile = int(np.argmax([(0 < need[:, t].astype(bool).mean() < 1) * need[:, t].astype(bool).sum()
                          for t in range(need.shape[1])]))
    gone = live.copy()
    gone[tile] = 0
    _, _, lack_gone = judge.measure(racks, (), gone)
    lacks = (need[None, :, tile] > racks[:, None, tile]) & (d < FAR)
    assert lacks.any(axis=1).sum() >= 3
    for i in np.flatnonzero(lacks.any(axis=1)):
        others_dead = ~lacks[i]  # judged by the hands lacking the tile alone
        kept = judge.worth_by_chance(d[i:i + 1], short[i:i + 1], lacking[i:i + 1], live, 25, others_dead)
        lost = judge.worth_by_chance(d[i:i + 1], short[i:i + 1], lack_gone[i:i + 1], gone, 25, others_dead)
        assert lost[0] < kept[0]
    untouched = ~lacks & (d < FAR)
    assert (lack_gone[untouched] == lacking[untouched]).all()

    made = np.zeros((1, d.shape[1]), np.int16)
    assert judge.worth_by_chance(made, made, made, live, 25, ~alive[0])[0] == pytest.approx(0.0)
    assert (early < 0.0).all()

    faster = CardJudge(american.winning.card, american.tiles, attrs.evolve(mei, fill=3.0))
    fast = faster.worth_by_chance(d, short, lacking, live, 25)
    assert (fast >= early - 1e-9).all() and (fast > early).any()
    naturals_only = faster.worth_by_chance(d, d, lacking, live, 25)  # no joker's place open
    assert naturals_only == pytest.approx(judge.worth_by_chance(d, d, lacking, live, 25))


def test_the_ways_a_hand_can_still_improve_are_the_live_tiles_that_bring_a_nearest_hand_closer(american):
    """``ways``: the live copies of every tile (or a joker) that, drawn, leave one of the
    rack's nearest variants a tile nearer, worked out by adding each tile in turn."""
    from mjdsl.bots.judge import CardJudge

    judge = CardJudge(american.winning.card, american.tiles, attrs.evolve(load_style(STYLES_DIR / "mei.toml"), ways=1.0))
    copies = american.tiles.copies_vector()
    wall = [t for t in range(american.tiles.size) for _ in range(int(copies[t]))]
    rng = random.Random(5)
    racks = []
    for _ in range(12):
        rack = np.zeros(american.tiles.size, np.int16)
        for t in rng.sample(wall, 13):
            rack[t] += 1
        racks.append(rack)
    racks = np.array(racks)
    live = np.array([rng.randrange(5) for _ in range(american.tiles.size)], np.int16)
    d, short, _ = judge.measure(racks, (), live)
    ways = judge.improving(racks, (), d, short, None, live)
    for i, rack in enumerate(racks):
        near = d[i] == d[i].min()
        more = np.repeat(rack[None, :], american.tiles.size, axis=0) + np.eye(american.tiles.size, dtype=np.int16)
        after = judge.needs(more, ())
        closer = (after[:, near] < d[i][near][None, :]).any(axis=1)
        assert ways[i] == live[closer].sum()
    assert ways.min() < ways.max()  # some racks have more ways than others


def test_a_discard_judged_by_the_next_draw_is_the_expected_worth_over_the_live_tiles(american):
    """``lookahead``: each of the ``look_at`` best discards is worth the mean, over every
    live tile drawn as often as its live copies, of the hand's worth with that tile added
    (worked out here one draw at a time); the choice is made among those discards only, and
    it differs from the worth as it stands on some turn of a seeded game."""
    mei = load_style(STYLES_DIR / "mei.toml")
    ahead = attrs.evolve(mei, lookahead=1.0, look_at=3)

    def discarding(g):
        return g.current_player() >= 0 and any(g.catalogue[a].family == ACT.DISCARD for a in g.legal_actions())

    g = _game_at(american, "ahead", discarding)
    assert g is not None
    seat = g.current_player()
    view = _View(g, seat, StyleBot(ahead)._judge(g))
    cand = sorted({t for t in range(american.tiles.size) if view.rack[t] > 0 and t != view.joker})
    worth = view.worth_without(cand)
    kept, judged = view.looking_ahead(cand, worth, 1.0, 3)
    assert len(kept) == 3 and sorted(worth, reverse=True)[:3] == [worth[cand.index(t)] for t in kept]
    live = view.live()
    for t, w in zip(kept, judged):
        total = 0.0
        for u in np.flatnonzero(live > 0):
            rack = view.rack.copy()
            rack[t] -= 1
            rack[u] += 1
            total += live[u] * view._worth(rack[None, :])[0]
        assert w == pytest.approx(total / live.sum())
    half = view.looking_ahead(cand, worth, 0.5, 3)[1]
    assert half == pytest.approx(0.5 * judged + 0.5 * np.array([worth[cand.index(t)] for t in kept]))

    # over a seeded hand played by greedy, judging by the next draw changes some discards
    picks = []

    def compare(g):
        if discarding(g):
            legal = g.legal_actions()
            picks.append([g.catalogue[StyleBot(s).choose(g, g.current_player(), legal, random.Random(3))].arg
                          for s in (mei, ahead)])
        return False

    _play_until(american, "ahead:all", compare)
    assert len(picks) > 20 and any(a != b for a, b in picks)


def test_a_charleston_spread_weighs_the_passes_and_nothing_else(american):
    """``charleston.spread``: the tiles of a pass are chosen with that spread (here nearly
    every hand counts alike), every other move with the target's: over seeded hands the
    passes differ and the discards do not."""
    mei = attrs.evolve(load_style(STYLES_DIR / "mei.toml"), pass_spread=None)  # (her own passes have one)
    wide = attrs.evolve(mei, pass_spread=0.9)
    passes, throws = [], []

    def compare(g):
        if g.current_player() < 0:
            return False
        legal = g.legal_actions()
        roles = ACT.by_role(g.catalogue, legal)
        into = passes if ACT.GIVE in roles else throws if ACT.THROW in roles and ACT.TAKE not in roles else None
        if into is not None:
            into.append([g.catalogue[StyleBot(s).choose(g, g.current_player(), legal, random.Random(3))].arg
                         for s in (mei, wide)])
        return False

    for k in range(2):
        _play_until(american, f"wide:{k}", compare)
    assert len(passes) > 20 and any(a != b for a, b in passes)
    assert len(throws) > 20 and all(a == b for a, b in throws)
    bot = StyleBot(wide)
    g = Game(american)
    assert bot._judge(g, charleston=True).log_base == pytest.approx(-np.log(0.9))
    assert bot._judge(g).log_base == pytest.approx(-np.log(mei.spread))


def test_a_call_judged_by_its_gain_is_made_when_the_worth_after_it_and_its_discard_gains_enough(american):
    """``calls.gain``: a call is weighed by the hand's worth after it and the best discard
    that follows (worked out here from the rack after the call), made when that is at least
    ``gain`` tiles above the worth now, the form worth most chosen (fewest jokers at a tie);
    over seeded hands some calls the distance alone would make, or not make, go the other way."""
    mei = load_style(STYLES_DIR / "mei.toml")
    assert mei.call_gain is None
    weighed = attrs.evolve(mei, call_gain=0.5)
    windows = []

    def compare(g):
        if g.current_player() < 0:
            return False
        legal = g.legal_actions()
        if ACT.TAKE not in ACT.by_role(g.catalogue, legal):
            return False
        seat = g.current_player()
        picks = [StyleBot(s).choose(g, seat, legal, random.Random(3)) for s in (mei, weighed)]
        view = _View(g, seat, StyleBot(weighed)._judge(g))
        tile = g.st.last_discard[1]
        worth = {}
        for a in legal:
            if g.catalogue[a].role != ACT.TAKE:
                continue
            name, form = g.catalogue[a].arg
            spec = american.claim(name)
            made = view._after_claim(spec, tile, form)
            if made is None or form > weighed.call_jokers:
                continue
            rack, exposures = made
            w = max(float(view._worth((rack - np.eye(len(rack), dtype=rack.dtype)[t])[None, :], exposures)[0])
                    for t in range(len(rack)) if rack[t] > 0 and t != view.joker)
            assert view.worth_after_claim(spec, tile, form) == pytest.approx(w)
            worth[a] = w
        best = max(worth.values(), default=None)
        if best is not None and best >= view.worth_now() + weighed.call_gain:
            assert worth[picks[1]] == pytest.approx(best)
        else:
            assert g.catalogue[picks[1]].role != ACT.TAKE
        windows.append([g.catalogue[p].role == ACT.TAKE for p in picks])
        return False

    for k in range(6):
        _play_until(american, f"gain:{k}", compare)
    assert len(windows) > 10 and any(a != b for a, b in windows)


@pytest.mark.parametrize("path", sorted(ROOT.glob("rulesets/*.mj")), ids=lambda p: p.name)
def test_calls_judged_by_their_gain_play_every_shipped_ruleset(path):
    """``calls.gain`` weighs a call by the worth after it, with a card or winning shapes
    alike: a seat playing it picks legal actions to the end of a hand (greedy elsewhere)."""
    auto = compile_ruleset(path)
    weighed = StyleBot(attrs.evolve(load_style(STYLES_DIR / "mei.toml"), call_gain=0.5))
    picked = []

    class Watch:
        def choose(self, game, seat, legal, rng):
            a = weighed.choose(game, seat, legal, rng)
            assert a in legal
            picked.append(game.catalogue[a].role)
            return a

    rec = play_hand(auto, "gain:rulesets", [Watch()] + [make_bot("greedy") for _ in range(auto.seats - 1)],
                    check=invariants.check)
    assert abs(sum(rec.returns)) < 1e-6 and ACT.THROW in picked
