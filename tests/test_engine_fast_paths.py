"""The engine's quick forms of a question agree with the plain forms they replaced.

Issue 12 made the claim window, the turn's legal actions and the win questions
cheaper by testing in another order or reading tables made once; each answer here is
compared with the plain computation, on the states of seeded hands of several
rulesets (and on smaller hands made from them, for the counts' edges).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from mjdsl.bots import make_bot
from mjdsl.engine import actions as ACT
from mjdsl.engine.game import CHANCE, Game
from mjdsl.engine.run import play_hand
from mjdsl.engine.steps_play import (
    _discardable,
    _joker,
    _offered_copy,
    runs,
    _takes,
    claim_options,
    discard_win,
    may_claim_from,
    may_win,
    meets_minimum,
)
from mjdsl.engine.table_facts import holds
from mjdsl.frontend.compile import compile_ruleset

ROOT = Path(__file__).resolve().parent.parent

#: classical with a condition on its set claims (no shipped ruleset has one)
WHEN = '''extends "classical.mj"
ruleset "Classical, sets claimed early only, pungs from the right"
remove chow pung
claims {
    claim early_chow 3 run from left or from any for mahjong when discards < 12
    claim early_pung 3 same from right when discards < 20
    priority mahjong > early_pung kong > early_chow
}
'''


@pytest.fixture(scope="module", params=["classical", "classical-bmja", "american", "riichi", "when"])
def auto(request, tmp_path_factory):
    if request.param != "when":
        return compile_ruleset(ROOT / "rulesets" / f"{request.param}.mj")
    path = tmp_path_factory.mktemp("when") / "when.mj"
    path.write_text(WHEN, encoding="utf-8")
    return compile_ruleset(path)


def reference_claim_options(game, seat: int, discarder: int, tile: int) -> list[int]:
    """claim_options as it was before issue 12's reordering: every test in the order
    the rules state them."""
    st = game.st
    auto = game.auto
    cat = game.catalogue
    out = []
    hand = st.hands[seat]
    joker = _joker(game)
    jokers = hand[joker] if joker is not None else 0
    held = hand[tile]
    frozen = st.frozen[seat]
    concealed = sum(hand)
    for c in auto.claims:
        allowed = may_claim_from(c.source, seat, discarder, st.dealer, game.n)
        if c.is_win:
            if allowed and may_win(game, seat) and (
                    game.allow_false_calls or game.rules.completes(st, seat, tile)
                    and _takes(game, seat, discarder, tile, held=False)
                    and meets_minimum(game, seat, discard_win(game, seat, discarder, tile),
                                      _offered_copy(game, discarder, tile))
            ) and holds(c.when, game, seat, tile):
                out.append(cat.id(ACT.MAHJONG))
            continue
        if frozen or not allowed or not holds(c.when, game, seat, tile):
            continue
        if concealed <= c.size - 1 and not (c.shape != "run" and c.size == 4 and auto.kongs["replacement"]):
            continue
        if c.shape == "run":
            for pos, need in runs(game, c.size, tile):
                if all(hand[t] for t in need):
                    out.append(cat.id(ACT.CLAIM, (c.name, pos)))
            continue
        allow_j = joker is not None and c.size >= auto.jokers.min_group and tile != joker
        if held + (jokers if allow_j else 0) < c.size - 1:
            continue
        for f in range(c.size if allow_j else 1):
            if held >= c.size - 1 - f and jokers >= f:
                aid = cat.get(ACT.CLAIM, (c.name, f))
                if aid is not None:
                    out.append(aid)
    return sorted(set(out))


def _small_hands(hand: list[int], tile: int, rng: random.Random) -> list[list[int]]:
    """Hands of 1 to 5 tiles from ``hand``, with one or two of ``tile`` and sometimes
    a tile around it: the counts at which a claim would take the whole hand."""
    near = [t for t in (tile - 2, tile - 1, tile + 1, tile + 2) if 0 <= t < len(hand)]
    out = []
    for _ in range(3):
        small = [0] * len(hand)
        small[tile] = rng.choice((1, 2, 3))
        held = [t for t, n in enumerate(hand) for _ in range(n)]
        for t in rng.sample(held, min(len(held), rng.randrange(0, 3))) + rng.sample(near, min(len(near), 1)):
            small[t] += 1
        out.append(small)
    return out


def _compare_claims(g, discarder: int, tile: int, rng: random.Random) -> tuple[int, int]:
    """claim_options against the reference for every other seat on a discard of ``tile``
    lying there (and for smaller hands, frozen or not): (questions, with a claim)."""
    st = g.st
    asked = offered = 0
    for s in range(g.n):
        if s == discarder:
            continue
        real, was = st.hands[s], st.frozen[s]
        for hand in [real] + _small_hands(real, tile, rng):
            st.hands[s] = hand
            for frozen in (False, True) if rng.random() < 0.2 else (was,):
                st.frozen[s] = frozen
                got = claim_options(g, s, discarder, tile)
                assert got == reference_claim_options(g, s, discarder, tile), (g.auto.name, s, tile)
                asked, offered = asked + 1, offered + bool(got)
        st.hands[s], st.frozen[s] = real, was
    return asked, offered


def test_claim_options_answer_as_every_test_in_the_rules_order(auto):
    # at every turn of seeded hands, the tile the seat throws (or another it holds)
    # lies as the discard, and every other seat is asked what it may claim
    rng = random.Random(12)
    asked = offered = 0
    bots = [make_bot("random") for _ in range(auto.seats)]
    for seed in ("f1", "f2"):
        rec = play_hand(auto, seed, bots)
        g = Game(auto, dealer=rec.dealer, round_wind=rec.round_wind, context=dict(rec.context))
        for a in rec.actions:
            st = g.st
            if g.current_player() != CHANCE and auto.states[st.node].step == "turn":
                seat = g.current_player()
                held = [t for t, n in enumerate(st.hands[seat]) if n]
                act = g.catalogue[a]
                tile = act.arg if act.family == ACT.DISCARD and act.arg < auto.tiles.size else rng.choice(held)
                last = st.last_discard
                taken = g.take(seat, tile)  # a variant's copy (a red five) when no plain one is left
                st.discards[seat].append(tile)
                st.discard_copies[seat].append(tile)
                st.last_discard = (seat, tile)
                n, k = _compare_claims(g, seat, tile, rng)
                asked, offered = asked + n, offered + k
                st.discards[seat].pop()
                st.discard_copies[seat].pop()
                g.give(seat, taken[0] if taken else tile)
                st.last_discard = last
            g.apply_action(a)
    assert asked > 200 and offered > 20


def test_the_discards_a_catalogue_reads_by_tile_are_its_discard_actions(auto):
    cat = Game(auto).catalogue
    tiles = list(range(auto.tiles.size)) + [v.index for v in auto.tiles.variants]
    assert cat.discards == {t: cat.id(ACT.DISCARD, t) for t in tiles}


def test_the_tiles_a_seat_may_discard_are_those_it_holds(auto):
    g = Game(auto)
    rng = random.Random(3)
    for _ in range(50):
        hand = [rng.choice((0, 0, 0, 1, 2, 4)) for _ in range(auto.tiles.size)]
        g.st.hands[1] = hand
        assert _discardable(g, 1) == [t for t, n in enumerate(hand) if n] or auto.no_discard is not None


@pytest.mark.pure_python
def test_an_action_is_checked_against_the_legal_actions_already_asked(auto, monkeypatch):
    # the driver and the bot ask for the legal actions before applying one: apply_action
    # reads that answer rather than asking again
    g = Game(auto)
    while g.current_player() == CHANCE:
        g.apply_action(g.chance_outcomes()[0][0] if g.chance_outcomes() else 0)
    legal = g.legal_actions()

    def asked_again(*args, **kwargs):
        raise AssertionError("legal_actions asked again")

    monkeypatch.setattr(g, "legal_actions", asked_again)
    g.apply_action(legal[-1])


def test_the_pattern_tables_are_made_once_for_every_game_of_an_automaton(auto):
    a, b = Game(auto).rules, Game(auto).rules
    if auto.winning.patterns:
        assert a._plan is b._plan and a._rejects is b._rejects and a._layout is b._layout
    else:
        assert not hasattr(a, "_plan")


@pytest.mark.parametrize("name, offered", [("classical", True), ("american", False)])
def test_a_concealed_kong_is_offered_on_turn_only_where_the_rules_declare_them(name, offered):
    # the turn looks for four alike only when the ruleset has concealed kongs
    # (american.mj has none: its kongs are exposed sets)
    auto = compile_ruleset(ROOT / "rulesets" / f"{name}.mj")
    g = Game(auto)
    while g.current_player() == CHANCE:
        g.apply_action(g.chance_outcomes()[0][0] if g.chance_outcomes() else 0)
    while auto.states[g.st.node].step != "turn":  # american: past the Charleston
        g.apply_action(g.legal_actions()[0])
    seat = g.current_player()
    tile = next(k.index for k in auto.tiles.kinds if k.suit is not None)
    g.st.hands[seat][tile] = 4
    g._legal = (-1, [])
    kong = g.catalogue.get(ACT.KONG_CONCEALED, tile)
    assert (kong in g.legal_actions()) is offered
    g.st.hands[seat][tile] = 3
    g._legal = (-1, [])
    assert kong not in g.legal_actions()


def _near_complete_hands(auto, rng: random.Random, n: int) -> list[tuple[list[int], tuple]]:
    """Hands of sets and a pair (or a few pairs), with exposures taken from them, then a
    tile moved, added or taken away about half the time: complete and not, at every
    count edge."""
    from mjdsl.hands import Meld
    from mjdsl.hands.decompose import layout_of

    lay = layout_of(auto.tiles)
    chow_starts = sorted(lay.chow_tiles)
    plain = [i for g in lay.groups for i in g.indices]
    out = []
    for _ in range(n):
        hand = [0] * auto.tiles.size
        melds = []
        for k in range(rng.choice((4, 4, 3, 2))):
            if chow_starts and rng.random() < 0.5:
                start = rng.choice(chow_starts)
                tiles, meld = lay.chow_tiles[start], Meld("chow", start, False)
            else:
                t = rng.choice(plain)
                tiles, meld = (t,) * 3, Meld("pung", t, False)
            if rng.random() < 0.3:
                melds.append(meld)  # an exposure, not in the concealed counts
            else:
                for t in tiles:
                    hand[t] += 1
        for _ in range(rng.choice((1, 1, 1, 2, 7))):
            t = rng.choice(plain)
            if rng.random() < 0.1:
                melds.append(Meld("pair", t, False))  # a pair on the table: none left to make
            else:
                hand[t] += 2
        if rng.random() < 0.5:
            held = [t for t, c in enumerate(hand) if c]
            change = rng.randrange(3)
            if change != 1 and held:
                hand[rng.choice(held)] -= 1
            if change != 0:
                hand[rng.randrange(auto.tiles.size)] += 1
        out.append((hand, tuple(melds)))
    return out


def test_a_sets_and_pairs_win_is_answered_as_the_hand_library_answers(auto):
    # WinRules._sets_complete reads what each group's splits use; is_complete builds the splits
    from mjdsl.hands.decompose import is_complete, still_needed

    rules = Game(auto).rules
    shapes = [p for p in auto.winning.patterns if p.special is None and p.sets is not None]
    if not shapes:
        pytest.skip("no sets-and-pairs pattern (a card)")
    rng = random.Random(7)
    answers = {True: 0, False: 0}
    for hand, melds in _near_complete_hands(auto, rng, 1500):
        for p in shapes:
            for max_chows in {p.max_chows, 0, 1, None}:
                want = is_complete(hand, auto.tiles, melds, sets=p.sets, pairs=p.pairs, max_chows=max_chows)
                got = rules._sets_complete(hand, still_needed(melds, p.sets, p.pairs, max_chows))
                assert got == want, (auto.name, hand, melds, p.name, max_chows)
                answers[want] += 1
    assert min(answers.values()) > 300, answers  # both answers, many times


def test_the_memo_of_the_groups_splits_is_bounded():
    import attrs

    from mjdsl.hands.decompose import is_complete, still_needed

    auto = attrs.evolve(compile_ruleset(ROOT / "rulesets" / "classical.mj"))  # its own tables
    rules = Game(auto).rules
    rules._reach.limit = 8
    seen = 0
    for hand, melds in _near_complete_hands(auto, random.Random(3), 200):
        want = is_complete(hand, auto.tiles, melds)
        assert rules._sets_complete(hand, still_needed(melds, 4, 1, None)) == want
        seen = max(seen, len(rules._reach))
        assert len(rules._reach) <= 8
    assert seen == 8  # it filled up, and started again


def test_needs_the_exposures_overspend_are_never_met():
    # still_needed goes below 0 when the exposures hold more sets, pairs or chows than the
    # pattern has: such a hand is never complete, an empty concealed hand included (with no
    # tile to split, only the check of the needs says so)
    from mjdsl.hands.decompose import is_complete, still_needed
    from mjdsl.hands import Meld

    auto = compile_ruleset(ROOT / "rulesets" / "classical.mj")
    rules = Game(auto).rules
    empty = [0] * auto.tiles.size
    chows = tuple(Meld("chow", auto.tiles.kind(code).index, False) for code in ("1b", "4b", "1c", "4c"))
    need = still_needed(chows, 4, 0, 3)  # four chows exposed where three are allowed
    assert need == (0, 0, -1)
    assert rules._sets_complete(empty, need) is False
    assert is_complete(empty, auto.tiles, chows, sets=4, pairs=0, max_chows=3) is False
    for need in ((0, -1, 4), (-1, 0, 4), (-1, -1, -1)):
        assert rules._sets_complete(empty, need) is False


JOKERS = '''extends "classical.mj"
ruleset "Classical with jokers in the wall, standing for nothing"
tiles {
    joker "J" x8
}
wall {
    length 19
}
'''


def test_a_tile_no_set_can_hold_makes_the_hand_incomplete(tmp_path):
    # a joker with no jokers block stands for nothing: a hand of the right count that
    # holds one is not complete (the hand library's strays), as is_complete says
    import shutil

    from mjdsl.hands.decompose import is_complete, still_needed

    shutil.copy(ROOT / "rulesets" / "classical.mj", tmp_path / "classical.mj")
    (tmp_path / "jokers.mj").write_text(JOKERS, encoding="utf-8")
    auto = compile_ruleset(tmp_path / "jokers.mj")
    rules = Game(auto).rules
    hand = [0] * auto.tiles.size
    for code, n in (("1b", 3), ("2b", 3), ("3b", 3), ("E", 3), ("R", 2)):
        hand[auto.tiles.kind(code).index] = n
    need = still_needed((), 4, 1, None)
    assert rules._sets_complete(hand, need) is True  # four sets and a pair
    hand[auto.tiles.kind("R").index] -= 1
    hand[auto.tiles.kind("J").index] += 1  # the pair's second tile a joker
    assert rules._sets_complete(hand, need) is False
    assert is_complete(hand, auto.tiles, ()) is False


def test_honours_declared_around_the_flowers_are_one_group_read_by_its_tiles(tmp_path):
    # the flowers declared between the winds and the dragons: the honours are one group
    # whose tiles are not one run of indices (no span), read tile by tile
    from mjdsl.hands.decompose import is_complete, layout_of, still_needed

    text = (ROOT / "rulesets" / "classical.mj").read_text(encoding="utf-8")
    winds = '    wind "E" "S" "W" "N" x4\n'
    dragons = '    dragon "R" "G" "0" x4\n'
    flowers = '    flower "f1" "f2" "f3" "f4" x1 seat linked  # 1 = East ... 4 = North\n'
    assert winds + dragons + flowers in text
    (tmp_path / "classical.mj").write_text(text.replace(winds + dragons + flowers, winds + flowers + dragons),
                                           encoding="utf-8")
    auto = compile_ruleset(tmp_path / "classical.mj")
    honours = [g for g in layout_of(auto.tiles).groups if g.suit is None]
    assert len(honours) == 1 and honours[0].span is None
    rules = Game(auto).rules
    hand = [0] * auto.tiles.size
    for code, n in (("1b", 3), ("2b", 3), ("3b", 3), ("R", 3), ("E", 2)):
        hand[auto.tiles.kind(code).index] = n
    need = still_needed((), 4, 1, None)
    assert rules._sets_complete(hand, need) is True is is_complete(hand, auto.tiles, ())
    hand[auto.tiles.kind("E").index] -= 1
    hand[auto.tiles.kind("G").index] += 1
    assert rules._sets_complete(hand, need) is False is is_complete(hand, auto.tiles, ())
