"""Reading the table (docs/bots.md): live copies counted by whether the other seats are
likely to let them go (``release``), the seat nearest to winning not fed (``deny``), the
last tile of a hand called from any discard (``last_called``). Each knob is off in a
style that does not name it, and each changes what it says and nothing else.
"""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import numpy as np
import pytest

from mjdsl.bots import make_bot
from mjdsl.bots.engine import StyleBot, _View
from mjdsl.bots.judge import CardJudge
from mjdsl.cards.hands import Exposure
from mjdsl.bots.style import STYLES_DIR, load_style
from mjdsl.engine import actions as ACT
from mjdsl.engine.game import CHANCE, Game
from mjdsl.engine.chance import chance_action
from mjdsl.frontend.compile import compile_ruleset

from test_bots_styles import _game_at

ROOT = Path(__file__).resolve().parent.parent
MEI = load_style(STYLES_DIR / "mei.toml")


@pytest.fixture(scope="module")
def american():
    return compile_ruleset(str(ROOT / "rulesets" / "american.mj"))


def _discarding(g):
    return g.current_player() >= 0 and any(g.catalogue[a].family == ACT.DISCARD for a in g.legal_actions())


def test_the_reading_knobs_are_off_unless_a_style_names_them(tmp_path):
    f = tmp_path / "plain.toml"
    f.write_text('name = "Plain"\n')
    s = load_style(f)
    assert (s.release, s.last_called, s.deny) == (0.0, False, 0.0)
    f.write_text('name = "R"\n[target]\nrelease = 1.5\nlast_called = true\n[safety]\ndeny = 2\ndeny_shown = 3\n')
    s = load_style(f)
    assert (s.release, s.last_called, s.deny, s.deny_shown) == (1.5, True, 2.0, 3)


def test_live_copies_count_by_how_likely_the_others_are_to_let_them_go(american):
    """``release``: of two tiles with as many live copies, the one the other seats' likely
    hands need less keeps at least as many; a joker's count is its live copies; with no
    ``release`` the counts are the live copies themselves."""
    def read(g):
        return _discarding(g) and sum(len(g.st.discards[s]) for s in range(g.n)) >= 12

    g = _game_at(american, "release", read)
    assert g is not None
    seat = g.current_player()
    plain = _View(g, seat, StyleBot(MEI)._judge(g))
    assert plain.released() is plain.live()
    view = _View(g, seat, StyleBot(attrs.evolve(MEI, release=2.0))._judge(g))
    live, released = view.live(), view.released()
    j = view.judge
    kept = np.zeros(len(live))
    for s in range(g.n):
        if s != seat:
            shown = tuple(Exposure(e.tile, e.size, e.jokers) for e in g.st.exposures[s])
            kept += j.wanted(j.likely(shown, g.st.discards[s]), shown)
    assert released[view.joker] == live[view.joker]
    assert ((released > 0) == (live > 0)).all()
    tiles = [t for t in range(len(live)) if t != view.joker and live[t] > 0]
    pairs = [(a, b) for a in tiles for b in tiles if live[a] == live[b] and kept[a] < kept[b] - 1e-9]
    assert pairs and all(released[a] >= released[b] for a, b in pairs)
    assert (released != live).any()  # some tile's count moved
    # the worth reads the counts: some rack is judged otherwise
    cand = sorted({t for t in range(len(live)) if view.rack[t] > 0 and t != view.joker})
    assert not np.allclose(view.worth_without(cand), plain.worth_without(cand))


def test_the_last_tile_of_a_hand_costs_no_more_for_being_a_natural_one(american):
    """``last_called``: a hand one tile away whose last tile is a pair's or a single's is
    worth what it would be with a joker's place open (the last tile may be called from any
    discard); further away, every natural slot but one still costs ``naturals``."""
    plain = CardJudge(american.winning.card, american.tiles, attrs.evolve(MEI, naturals=1.0, spread=0.01))
    last = CardJudge(american.winning.card, american.tiles,
                     attrs.evolve(MEI, naturals=1.0, spread=0.01, last_called=True))
    d = np.array([[1, 9], [3, 9], [3, 9], [0, 9]], dtype=np.int16)
    short = np.array([[1, 0], [3, 0], [1, 0], [0, 0]], dtype=np.float32)
    d = np.pad(d, ((0, 0), (0, american.winning.card.tables.size - 2)), constant_values=99)
    short = np.pad(short, ((0, 0), (0, american.winning.card.tables.size - 2)))
    slow = np.ones(d.shape)
    got, was = last.worth(d, None, None, slow, short), plain.worth(d, None, None, slow, short)
    assert got[0] == pytest.approx(was[0] + 1.0, abs=1e-3)  # the one natural slot, free
    assert got[1] == pytest.approx(was[1] + 1.0, abs=1e-3)  # three slots left: two still cost
    assert got[2] == pytest.approx(was[2], abs=1e-3)  # one natural slot, two joker places: as before
    assert got[3] == pytest.approx(was[3], abs=1e-3)  # nothing to come


def test_a_style_that_denies_does_not_feed_the_seat_nearest_to_winning(american):
    """``deny``: the danger read is that of the seat showing the most tiles (at least
    ``deny_shown``) alone, the share of its likely hands each tile feeds; and a style that
    denies hard throws the tile that feeds it least."""
    def shown(g, s):
        return sum(e.size for e in g.st.exposures[s])

    def near(g):
        return _discarding(g) and max(shown(g, s) for s in range(g.n) if s != g.current_player()) >= 6

    g = _game_at(american, "deny", near)
    assert g is not None
    seat = g.current_player()
    view = _View(g, seat, StyleBot(MEI)._judge(g))
    tiles = list(range(american.tiles.size))
    most = max(shown(g, s) for s in range(g.n) if s != seat)
    assert not view.danger_from_nearest(tiles, most + 1).any()
    nearest = [s for s in range(g.n) if s != seat and shown(g, s) == most]
    first = min(nearest, key=lambda s: (s - seat) % g.n)
    fed = view.danger_from_nearest(tiles, 6)
    assert (fed == view._feeds(first, tiles)).all() and fed.max() > fed.min() >= 0
    legal = g.legal_actions()
    cat = g.catalogue
    held = [t for t in tiles if view.rack[t] > 0 and t != view.joker]
    pick = cat[StyleBot(attrs.evolve(MEI, deny=1e4)).choose(g, seat, legal, random.Random(1))].arg
    assert fed[pick] == pytest.approx(min(fed[t] for t in held), abs=1e-3)


def test_a_concealed_line_counts_every_tile_but_its_last_as_slower(american):
    """``concealed``: a line that takes no exposures gets every tile but its last by the
    seat's own draws, so each of them costs ``concealed`` more; an exposed line's distance
    is what it was, and so is a concealed line's last tile (any discard may be called for
    mah jongg)."""
    tables = american.winning.card.tables
    c = int(np.flatnonzero(tables.concealed)[0])
    x = int(np.flatnonzero(~tables.concealed)[0])
    plain = CardJudge(american.winning.card, american.tiles, attrs.evolve(MEI, naturals=0.0, spread=0.01))
    slow = CardJudge(american.winning.card, american.tiles,
                     attrs.evolve(MEI, naturals=0.0, spread=0.01, concealed=1.5))
    d = np.full((3, tables.size), 99, dtype=np.int16)
    d[0, c] = 3  # only the concealed line near: two of its three tiles cost 1.5 more each
    d[1, x] = 3  # only the exposed line
    d[2, c] = 1  # the concealed line's last tile
    got, was = slow.worth(d), plain.worth(d)
    assert got[0] == pytest.approx(was[0] - 3.0, abs=1e-3)
    assert got[1] == pytest.approx(was[1], abs=1e-3)
    assert got[2] == pytest.approx(was[2], abs=1e-3)
    assert MEI.concealed == 0.0  # off in a style that does not name it


def test_the_judges_dead_lines_and_one_racks_distance_are_what_the_batched_formulas_say(american):
    # CardJudge.dead (a packed OR of per-(tile, count) rows) against its definition: a line
    # is dead when its natural need of a tile exceeds the rack's copies plus those unseen
    # (every line when a count of unseen copies is below 0); CardJudge.distance_of (the
    # packed single-rack distance) against rack_needs' least, exposures ruling lines out
    from mjdsl.cards.distance import FAR, rack_needs

    card, tiles = american.winning.card, american.tiles
    judge = CardJudge(card, tiles, MEI)
    t, joker = card.tables, card.joker
    copies = tiles.copies_vector().astype(np.int16)
    rng = np.random.default_rng(1216)
    for trial in range(80):
        rack = np.zeros(tiles.size, np.int16)
        for tile in rng.choice(np.repeat(np.arange(tiles.size), copies), 13, replace=False):
            rack[tile] += 1
        seen = rng.integers(0, 3, tiles.size).astype(np.int16)
        if trial % 9 == 0:
            seen[rng.integers(0, tiles.size)] += 6  # more seen than there are: the counts disagree
        exposures = () if trial % 3 == 0 else (Exposure(int(rng.integers(0, tiles.size)), 3, int(trial % 2)),)
        own = rack.copy()
        for e in exposures:
            own[e.tile] += e.size - e.jokers
        own[joker] = 0
        unseen = copies - seen - own
        short = np.maximum(t.natural - np.minimum(rack, t.natural), 0)
        short[:, joker] = 0
        assert (judge.dead(rack, exposures, seen) == (short > unseen[None, :]).any(axis=1)).all()
        want = rack_needs(t, rack[None, :], [(e.tile, e.size) for e in exposures], joker)[0].min()
        assert judge.distance_of(rack, exposures) == want <= FAR
    east = next(k.index for k in tiles.kinds if k.code == "E")
    assert (east, 4) not in t.group_index  # no line has a kong of East: every line ruled out
    assert judge.distance_of(rack, (Exposure(east, 4, 0),)) == FAR


def test_a_seats_likely_hands_are_the_same_read_a_discard_at_a_time_or_all_at_once(american):
    """``likely``: each variant a seat's exposures allow, 0.35 to the power of the thrown tiles
    it needs. The counts are worked out from the seat's discards less its last where that is
    remembered (a seat throws one tile at a time), else afresh, and the powers read from a
    table of numpy's: the same floats as the formula, either way, thrown twice or not."""
    from mjdsl.cards.distance import allowed

    rose = load_style(STYLES_DIR / "auntie-rose.toml")
    j = CardJudge(american.winning.card, american.tiles, rose)
    needs = (j.tables.need > 0).astype(np.int16)
    rng = random.Random(12)
    keys = j.tables.group_keys
    for trial in range(12):
        shown = [Exposure(*keys[rng.randrange(len(keys))], 0)] if trial % 2 else []
        groups = [(e.tile, e.size) for e in shown]
        base = allowed(j.tables, groups).astype(np.float64) if groups else np.ones(j.tables.size)
        discards: list[int] = []
        for _ in range(14):  # one discard at a time (the memo keeps the set before each)
            discards.append(rng.randrange(j.size))
            thrown = sorted(set(discards))
            want = base * 0.35 ** needs[:, thrown].sum(axis=1)
            assert np.array_equal(j.likely(shown, discards), want)
        j._table_reads.memo.clear()  # afresh: no set before this one kept
        assert np.array_equal(j.likely(shown, discards), want)


def test_a_cards_reading_goes_with_its_tables():
    """The other seats' reading is kept per card's tables, weakly (``memo.ByObject``): it must
    not hold the tables itself, or no card's tables would ever go."""
    import gc
    import weakref

    from mjdsl.bots import judge as J

    class Tables:  # (what _TableReads reads of a card's tables)
        need = np.ones((3, 4), dtype=np.int16)

    tables = Tables()
    J._TABLE_READS.setdefault(tables, lambda: J._TableReads(tables))
    gone = weakref.ref(tables)
    del tables
    gc.collect()
    assert gone() is None


def test_a_views_seen_and_live_counts_are_the_tables_tiles_as_the_seat_sees_them(american):
    """The view counts the table once (as lists, for the C questions and the dead-line
    limits): seen is every discard and the other seats' exposed naturals, the joker not
    among them; live is each tile's copies less those seen, held and in the seat's own
    exposures, and for the joker less those held, exposed anywhere and thrown. Checked at
    each turn of seeded games with exposures (some with jokers in them) on the table."""
    joker = american.jokers.tile
    checked = exposed = thrown = 0
    for k in range(6):
        g = Game(american)
        chance = random.Random(f"counts:{k}:chance")
        rngs = [random.Random(f"counts:{k}:{s}") for s in range(american.seats)]
        bot = make_bot("mei" if k % 2 else "rafi")  # (Rafi's mistakes throw a joker now and then)
        while not g.is_terminal():
            p = g.current_player()
            if p == CHANCE:
                g.apply_action(chance_action(g, chance))
                continue
            legal = g.legal_actions()
            if _discarding(g):
                st = g.st
                view = _View(g, p, bot._judge(g))
                seen = [0] * american.tiles.size
                for s in range(g.n):
                    for t in st.discards[s]:
                        seen[t] += t != joker
                    for e in st.exposures[s] if s != p else ():
                        seen[e.tile] += e.naturals
                own = [0] * american.tiles.size
                for e in st.exposures[p]:
                    own[e.tile] += e.naturals
                jokers_out = sum(e.jokers for x in st.exposures for e in x) + sum(d.count(joker) for d in st.discards)
                live = [max(c - seen[t] - st.hands[p][t] - own[t], 0) for t, c in enumerate(american.tiles.copies_vector())]
                live[joker] = max(american.tiles.copies_vector()[joker] - st.hands[p][joker] - jokers_out, 0)
                assert view.seen().tolist() == seen and view.live().tolist() == live
                assert view.seen().dtype == view.live().dtype == np.int16
                checked += 1
                exposed += any(e.jokers for x in st.exposures for e in x)
                thrown += any(joker in d for d in st.discards)
            g.apply_action(bot.choose(g, p, legal, rngs[p]))
    assert checked > 100 and exposed > 5 and thrown > 5
