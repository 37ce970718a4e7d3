"""Caches keyed weakly by object (mjdsl/memo.py): an answer lives as long as its object,
and a new object never gets another's answer."""

from __future__ import annotations

import gc
from pathlib import Path

import attrs
import pytest

from mjdsl.frontend.compile import compile_ruleset
from mjdsl.engine import game as game_module
from mjdsl.memo import ByObject, Kept
from mjdsl.scoring import tables as scoring_tables

ROOT = Path(__file__).resolve().parent.parent


class Thing:
    pass


def test_an_entry_goes_with_its_object():
    cache: ByObject[str] = ByObject()
    a, b = Thing(), Thing()
    cache.put(a, "a")
    cache.put(b, "b")
    assert (cache.get(a), cache.get(b), len(cache)) == ("a", "b", 2)
    del a
    gc.collect()
    assert len(cache) == 1 and cache.get(b) == "b"


def test_another_object_never_gets_an_answer_that_is_not_its_own():
    cache: ByObject[int] = ByObject()
    made = []
    for _ in range(50):  # addresses of dead objects are reused: each new one is asked afresh
        t = Thing()
        assert cache.get(t) is None
        assert cache.setdefault(t, lambda: len(made)) == len(made)
        made.append(1)
        del t
    assert len(cache) == 0


def test_an_entry_left_at_an_address_is_not_served_to_another_object():
    # the weak reference's callback drops a dead object's entry; should one still
    # stand at an address a new object gets, the lookup's identity check refuses it
    cache: ByObject[str] = ByObject()
    a, b = Thing(), Thing()
    cache.put(a, "a")
    cache._entries[id(b)] = cache._entries[id(a)]  # a's entry where b lives
    assert cache.get(b) is None
    assert cache.setdefault(b, lambda: "b") == "b" and cache.get(a) == "a"


def test_setdefault_makes_the_value_once():
    cache: ByObject[list] = ByObject()
    t = Thing()
    first = cache.setdefault(t, list)
    assert cache.setdefault(t, lambda: ["other"]) is first


def test_an_automatons_catalogue_and_score_tables_go_with_it():
    gc.collect()
    before = (len(game_module._CATALOGUES), len(scoring_tables._TABLES))
    auto = compile_ruleset(ROOT / "rulesets" / "classical.mj")
    game_module.catalogue_of(auto)
    scoring_tables.tables_for(auto)
    assert (len(game_module._CATALOGUES), len(scoring_tables._TABLES)) == (before[0] + 1, before[1] + 1)
    del auto
    gc.collect()
    assert (len(game_module._CATALOGUES), len(scoring_tables._TABLES)) == before


def test_a_kept_memo_never_holds_more_than_its_limit():
    from mjdsl.memo import Kept

    memo = Kept(limit=3)
    sizes = []
    for i in range(10):
        memo[i] = i * i
        assert memo[i] == i * i  # the answer just written is there, even right after a restart
        sizes.append(len(memo))
    assert max(sizes) == 3 and sizes[:4] == [1, 2, 3, 1]
    memo[9] = 0  # a key it holds is replaced, not a reason to start again
    assert len(memo) == sizes[-1] and memo[9] == 0
    memo.setdefault(10, "x")
    memo.setdefault(11, "y")
    assert len(memo) <= 3 and memo.setdefault(11, "z") == "y"


def test_the_shape_memos_of_a_long_run_are_bounded():
    """Every memo keyed by a hand's shapes (the scorer's splits and waits, the hand
    library's group splits) is a Kept, so a million hands cannot grow it without end."""
    from mjdsl.bots import make_bot
    from mjdsl.engine.game import Game
    from mjdsl.engine.run import play_session
    from mjdsl.hands.decompose import layout_of
    from mjdsl.memo import Kept

    auto = compile_ruleset(ROOT / "rulesets" / "classical.mj")
    play_session(auto, "bounded", [make_bot("random") for _ in range(auto.session_players)], 8)
    t = scoring_tables.tables_for(auto)
    shape_memos = [v for v in t.split_cache.values() if isinstance(v, dict)]
    shape_memos += [m for per_group in layout_of(auto.tiles).cache.values() for m in per_group]
    shape_memos.append(Game(auto).rules._reach)  # the engine's win questions' group splits
    assert shape_memos and all(isinstance(m, Kept) for m in shape_memos)
    assert isinstance(t.group_waits, Kept) and isinstance(t.receiver_waits, Kept)



def test_the_memos_of_a_played_hand_go_with_their_objects():
    """Issue 17: memos once keyed by id() (greedy's card distances, the catalogues, the
    score tables) hold an entry while its object lives and drop it after. A memo keyed
    by id() again never shrinks, and a value that refers to its key keeps it alive:
    either fails here."""
    from mjdsl.bots import greedy
    from mjdsl.bots import make_bot
    from mjdsl.engine.run import play_hand

    memos = {"distances": greedy._DIST_CACHE, "catalogues": game_module._CATALOGUES,
             "tables": scoring_tables._TABLES}
    gc.collect()
    before = {name: len(m) for name, m in memos.items()}
    auto = compile_ruleset(ROOT / "rulesets" / "american.mj")
    games = []  # the game kept past its hand (greedy's distances are per automaton)
    play_hand(auto, "memos", [make_bot("greedy") for _ in range(auto.seats)], check=games.append)
    gc.collect()
    during = {name: len(m) for name, m in memos.items()}
    assert all(during[name] > before[name] for name in memos), (before, during)
    del auto, games
    gc.collect()
    assert {name: len(m) for name, m in memos.items()} == before


def test_the_claim_windows_runs_are_kept_per_tile_set_and_read_from_the_game():
    """The runs a tile can complete (engine/steps_play.py, once keyed by id()) are kept
    per tile set (a ByObject: its entries go with their objects, tested above): every
    hand of a tile set reads the same table from its game, a new tile set, even one
    equal to it, is asked afresh."""
    from mjdsl.engine import steps_play
    from mjdsl.engine.game import Game

    auto = compile_ruleset(ROOT / "rulesets" / "classical.mj")
    game = Game(auto)
    before = len(steps_play.RUNS)
    fresh = attrs.evolve(auto, tiles=attrs.evolve(auto.tiles))  # a tile set no other memo holds
    other = Game(fresh)
    assert len(steps_play.RUNS) == before + 1
    assert other.runs is not game.runs and Game(fresh).runs is other.runs and Game(auto).runs is game.runs
    five = auto.tiles.index("5b")
    assert [pos for pos, _ in steps_play.runs(other, 3, five)] == [0, 1, 2]
    assert (3, five) in other.runs  # answered once, then read


def _play_together(auto, seeds, bots):
    """Hands of ``seeds`` played a step of each in turn by the same bots; their actions."""
    import random

    from mjdsl.engine.chance import chance_action, chance_stream
    from mjdsl.engine.game import CHANCE, Game

    games = [Game(auto, dealer=0) for _ in seeds]
    chances = [chance_stream(s) for s in seeds]
    rngs = [[random.Random(f"{s}:seat{i}") for i in range(auto.seats)] for s in seeds]
    while not all(g.is_terminal() for g in games):
        for g, chance, rng in zip(games, chances, rngs):
            if not g.is_terminal():
                p = g.current_player()
                legal = [] if p == CHANCE else g.legal_actions()
                a = (chance_action(g, chance) if p == CHANCE
                     else bots[p].choose(g, p, legal, rng[p]) if len(legal) > 1 else legal[0])
                g.apply_action(a)
    return [tuple(g.st.history) for g in games]


@pytest.mark.parametrize("same_address", [False, True], ids=["apart", "one address"])
def test_a_greedy_bot_plans_each_hands_charleston_pass_apart(monkeypatch, same_address):
    """Greedy chooses a Charleston pass's tiles together at its first pick and hands
    them out one by one. The plan was one per bot, keyed by id() of the hand's state:
    a bot playing two hands at once (step by step in turn) lost one hand's plan to the
    other's and chose again, and a state at a dead one's address would read its plan.
    Each hand plays as it plays alone, even when every state has one address."""
    from mjdsl.bots import greedy, make_bot
    from mjdsl.engine.run import play_hand

    auto = compile_ruleset(ROOT / "rulesets" / "american.mj")
    alone = [play_hand(auto, seed, [make_bot("greedy") for _ in range(auto.seats)]).actions for seed in ("p1", "p2")]
    if same_address:
        monkeypatch.setattr(greedy, "id", lambda obj: 1, raising=False)
    assert _play_together(auto, ("p1", "p2"), [make_bot("greedy") for _ in range(auto.seats)]) == alone


def test_the_hand_librarys_memos_of_tile_sets_and_patterns_are_bounded():
    """Each ruleset compiled brings a new tile set and new patterns, and the hand
    library remembers a layout per tile set and a compiled form per pattern, keyed by
    id() and holding both; a process that compiles without end (a language server at
    every edit) must not keep every one: the memos are bounded."""
    from mjdsl.hands import decompose, patterns

    auto = compile_ruleset(ROOT / "rulesets" / "mcr.mj")
    assert isinstance(decompose._LAYOUTS, Kept) and isinstance(patterns._COMPILED, Kept)
    assert decompose._LAYOUTS.limit <= 64 and patterns._COMPILED.limit <= 1024
    for _ in range(decompose._LAYOUTS.limit + 1):
        decompose.layout_of(attrs.evolve(auto.tiles))  # a tile set each time, as a compile makes
    assert len(decompose._LAYOUTS) <= decompose._LAYOUTS.limit
    special = min((p.special for p in auto.winning.patterns if p.special is not None), key=lambda p: len(p.parts))
    for _ in range(patterns._COMPILED.limit + 1):
        patterns.compiled(attrs.evolve(special), auto.tiles)  # a pattern each time, as check/knitted.py makes
    assert len(patterns._COMPILED) <= patterns._COMPILED.limit
    # what a full memo forgot is made again, the same
    assert patterns.compiled(special, auto.tiles).bindings == patterns._compile(special, auto.tiles).bindings
