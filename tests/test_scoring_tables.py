"""What the scorer works out once per automaton (mjdsl/scoring/tables.py), tried
directly on classical.mj (136 tiles and eight bonus tiles: f1..f4, s1..s4, one per
seat) and small house rules over it: what a tile and a set are, the predicates
remembered per set and per tile (and extended when more are registered), the scoped
rules summed per set, the special hands' tile masks and who excludes whom."""

from __future__ import annotations

import functools
from pathlib import Path
from types import SimpleNamespace

import pytest

from mjdsl.frontend.compile import compile_ruleset
from mjdsl.scoring.tables import Tables, _excluded_by, could_be, tables_for

ROOT = Path(__file__).resolve().parent.parent


@functools.cache
def _classical():
    return compile_ruleset(ROOT / "rulesets" / "classical.mj")


@pytest.fixture
def dmjl():
    # compiled once per process, but no shared fixture: tools/mutate.py runs a test that
    # needs one after all the others, and these are the quick ones
    return _classical()


@pytest.fixture
def t(dmjl):
    """A Tables of its own (no cache another test filled)."""
    return Tables(dmjl)


def _i(t, code):
    return t.code_index[code]


def _fact(name):
    return lambda env: env.fact(name)


# -- the automaton's facts -----------------------------------------------------------

def test_the_tile_set_seats_and_groups(t, dmjl):
    assert t.size == 42 and t.zeros == (0,) * 42 and t.code_index["R"] == 31
    assert t.first_wind == _i(t, "E") and t.seat_winds == tuple(_i(t, w) for w in "ESWN")
    assert t.seat_of_wind == {_i(t, "E"): 1, _i(t, "S"): 2, _i(t, "W"): 3, _i(t, "N"): 4}
    assert t.suit_of[_i(t, "5c")] == "crak" and t.suit_of[_i(t, "E")] is None
    assert t.held[_i(t, "9d")] and t.held[_i(t, "0")] and not t.held[_i(t, "f1")]
    assert t.bonus_seat[_i(t, "s3")] == 3 and t.bonus_seat[_i(t, "5b")] is None
    assert t.classes["crak"] == frozenset(range(9, 18))
    assert t.classes["green"] == frozenset(_i(t, c) for c in ("2b", "3b", "4b", "6b", "8b", "G"))
    # the three suits have the same runs, the honours none: the first group alike
    assert t.group_kind == (0, 0, 0, 3) and t.group_spans == ((0, 9), (9, 18), (18, 27), (27, 34))


def test_no_seats_no_first_wind(dmjl):
    class Seatless:
        def __init__(self, auto):
            self._auto = auto
            self.seat_winds = ()

        def __getattr__(self, name):
            return getattr(self._auto, name)

    t = Tables(Seatless(dmjl))
    assert t.first_wind is None and t.seat_of_wind == {}


def test_the_rules_by_scope(t):
    by_scope = {s: tuple(i for i, r in enumerate(t.rules) if r.scope == s) for s in ("set", "pair", "bonus", None)}
    assert (t.set_rules, t.pair_rules, t.bonus_rules, t.hand_rules) == (by_scope["set"], by_scope["pair"],
                                                                       by_scope["bonus"], by_scope[None])
    assert [t.rules[i].name for i in t.pair_rules] == ["pair_own_wind", "pair_round_wind", "pair_dragon"]
    assert [t.rules[i].name for i in t.bonus_rules] == ["bonus_tile"]
    assert t.index_of_rule["bonus_tile"] == t.bonus_rules[0]
    assert t.scoped_when == frozenset() and t.excluded_by == {} and t.card is False


def test_a_scoped_rule_with_a_condition(tmp_path):
    path = tmp_path / "house.mj"
    path.write_text('extends "classical.mj"\nscoring {\n    rule a "A": 3 points per set where pung when won\n'
                    '    rule b "B": 1 point when won\n}\n', encoding="utf-8")
    t = Tables(compile_ruleset(path))
    assert t.scoped_when == frozenset({t.index_of_rule["a"]})


def test_the_special_hands_and_their_tiles(t):
    names = [sp[0].name for sp in t.specials]
    assert names == ["thirteen_orphans", "nine_gates", "snake"] and [p.name for p in t.standard] == ["standard"]
    orphans = t.specials[0]
    ones_and_nines = {c for s in "bcd" for c in (f"1{s}", f"9{s}")}
    assert orphans[1] == sum(1 << _i(t, c) for c in (*ones_and_nines, "E", "S", "W", "N", "R", "G", "0"))
    assert orphans[2] == frozenset({14}) and orphans[3] == ((14, orphans[1]),)
    # nine gates: any one suit (a binding per suit), a set of 14
    assert t.specials[1][1] == (1 << 27) - 1 and {size for size, _ in t.specials[1][3]} == {14}
    assert len(t.specials[1][3]) == 3 and [m for _, m in t.specials[1][3]][1] == sum(1 << i for i in range(9, 18))
    # a hand with declared sets: not the concealed ones
    assert [sp[0].name for sp in t.open_specials] == ["thirteen_orphans"]
    assert t.mixed == ()


def test_could_be():
    fits = ((14, 0b0111), (13, 0b1100))
    assert could_be(fits, 0b0011, 14) and could_be(fits, 0b0111, 14)
    assert not could_be(fits, 0b1011, 14)  # a tile the binding of 14 cannot hold
    assert could_be(fits, 0b1000, 13) and not could_be(fits, 0b0001, 13)
    assert not could_be(fits, 0b0001, 12) and not could_be((), 0, 14)


# -- what a tile is ------------------------------------------------------------------

@pytest.mark.parametrize("code, facts", [
    ("5b", {"simple", "bam"}),
    ("1b", {"terminal", "bam"}),
    ("9d", {"terminal", "dot"}),
    ("2b", {"simple", "bam", "green"}),
    ("E", {"honour", "wind", "round_wind"}),
    ("S", {"honour", "wind", "own_wind"}),
    ("G", {"honour", "dragon", "green"}),
    ("f2", {"flower", "own"}),
    ("f1", {"flower"}),
    ("s2", {"season", "own"}),
    ("s4", {"season"}),
])
def test_the_facts_of_a_tile_for_south_in_the_east_round(t, code, facts):
    names = ("simple", "terminal", "honour", "wind", "dragon", "flower", "season", "own_wind", "round_wind", "own",
             "green", "bam", "crak", "dot")
    seat, round_ = _i(t, "S"), _i(t, "E")
    assert {n for n in names if t.tile_fact(n, _i(t, code), seat, round_)} == facts


def test_no_bonus_tile_is_its_own_for_a_seat_of_no_wind(t):
    # the seat wind -1 (a set whose tile is no wind) has no seat number: nothing is own
    assert not t.tile_fact("own", _i(t, "f1"), -1, -1) and not t.tile_fact("own", _i(t, "5b"), -1, -1)


def test_an_unknown_tile_fact(t):
    with pytest.raises(KeyError, match="`sky` is not a fact of a tile"):
        t.tile_fact("sky", 0, 27, 27)


# -- sets and their predicates ---------------------------------------------------------

def test_the_tiles_and_text_of_a_set(t):
    assert t.meld_tiles("chow", _i(t, "7c")) == (_i(t, "7c"), _i(t, "8c"), _i(t, "9c"))
    assert t.meld_tiles("pung", 3) == (3, 3, 3) and t.meld_tiles("kong", 3) == (3,) * 4
    assert t.meld_tiles("pair", 3) == (3, 3)
    assert t.describe_meld("chow", _i(t, "7c")) == "7c 8c 9c"
    assert t.describe_meld("chow", _i(t, "7c")) is t.describe_meld("chow", _i(t, "7c"))  # remembered
    assert t.describe_meld("kong", _i(t, "R")) == "R R R R"


@pytest.mark.parametrize("key, facts", [
    (("pung", "7c", False, False, False), {"pung", "exposed", "simple", "crak"}),
    (("kong", "9b", True, False, False), {"kong", "concealed", "terminal", "bam", "has_terminal"}),
    (("chow", "7c", True, False, False), {"chow", "concealed", "crak", "has_terminal"}),  # 9c: not every tile simple
    (("chow", "2b", False, False, False), {"chow", "exposed", "simple", "bam", "green", "has_green"}),
    (("pair", "S", True, True, False), {"pair", "concealed", "honour", "wind", "own_wind"}),
    (("pung", "E", False, False, True), {"pung", "exposed", "honour", "wind", "round_wind"}),
    (("pung", "2b", False, False, False), {"pung", "exposed", "simple", "bam", "green", "has_green"}),
])
def test_the_facts_of_a_set(t, key, facts):
    names = ("pung", "kong", "chow", "pair", "exposed", "concealed", "simple", "terminal", "honour", "wind",
             "own_wind", "round_wind", "green", "bam", "crak")
    preds = {n: _fact(n) for n in names}
    preds["has_terminal"] = lambda env: env.call("has", _fact("terminal"))
    preds["has_green"] = lambda env: env.call("has", _fact("green"))
    key = (key[0], _i(t, key[1]), *key[2:])
    assert {n for n, p in preds.items() if t.set_pred(p, key)} == facts


def test_a_chow_of_2_3_4_bam_is_green_but_one_of_3_4_5_has_green_only(t):
    green, has_green = _fact("green"), (lambda env: env.call("has", _fact("green")))
    assert t.set_pred(green, ("chow", _i(t, "2b"), False, False, False))
    assert not t.set_pred(green, ("chow", _i(t, "3b"), False, False, False))
    assert t.set_pred(has_green, ("chow", _i(t, "3b"), False, False, False))
    assert not t.set_pred(has_green, ("chow", _i(t, "5c"), False, False, False))


def test_a_set_of_a_tile_that_is_not_the_players_wind_reads_no_wind(t):
    # the key says the tile is not the seat's or the round's wind: no tile is (not 2b,
    # the tile of index 1)
    key = ("pung", _i(t, "2b"), False, False, False)
    assert not t.set_pred(_fact("own_wind"), key) and not t.set_pred(_fact("round_wind"), key)


def test_functions_other_than_has_are_refused(t):
    with pytest.raises(KeyError, match=r"sky\(\) cannot be used in a set predicate"):
        t.set_pred(lambda env: env.call("sky", None), ("pung", 0, False, False, False))
    with pytest.raises(KeyError, match=r"has\(\) cannot be used in a tile predicate"):
        t.tile_pred(lambda env: env.call("has", None), 0, 27, 27)


def test_predicates_registered_later_extend_what_a_set_remembers(t):
    key = ("pung", _i(t, "E"), True, True, True)
    pung, kong, wind, dragon = _fact("pung"), _fact("kong"), _fact("wind"), _fact("dragon")
    t.register_set_pred(pung)
    t.register_set_pred(kong)
    assert t.set_hits(key) == (pung,)
    t.register_set_pred(pung)  # once only
    t.register_set_pred(wind)
    t.register_set_pred(dragon)
    assert t.set_preds == [pung, kong, wind, dragon]
    assert t.set_hits(key) == (pung, wind)
    assert t.set_hits(key) is t.set_hits(key)  # remembered, not worked out again


def test_predicates_registered_later_extend_what_a_tile_remembers(t):
    seat, round_ = _i(t, "S"), _i(t, "E")
    flower, own, wind = _fact("flower"), _fact("own"), _fact("wind")
    t.register_tile_pred(flower)
    assert t.tile_hits(_i(t, "f2"), seat, round_) == (flower,)
    row = t.tile_row(seat, round_)
    assert len(row) == 42 and row[_i(t, "f1")] == (flower,) and row[_i(t, "5b")] == ()
    t.register_tile_pred(flower)
    t.register_tile_pred(own)
    t.register_tile_pred(wind)
    assert t.tile_preds == [flower, own, wind]
    assert t.tile_hits(_i(t, "f2"), seat, round_) == (flower, own)
    assert t.tile_hits(_i(t, "f2"), seat, round_) is t.tile_hits(_i(t, "f2"), seat, round_)
    row = t.tile_row(seat, round_)
    assert row[_i(t, "f2")] == (flower, own) and row[_i(t, "f1")] == (flower,) and row[_i(t, "N")] == (wind,)
    assert t.tile_row(seat, round_) is row
    assert t.tile_pred(own, _i(t, "s2"), seat, round_) and not t.tile_pred(own, _i(t, "s2"), _i(t, "W"), round_)


def test_packed_counts_put_one_in_the_field_of_each_predicate_that_holds(t):
    pung, simple, honour = _fact("pung"), _fact("simple"), _fact("honour")
    for p in (pung, simple, honour):  # as compile.py registers what it packs
        t.register_set_pred(p)
    t.set_slots = {pung: 0, simple: 6, honour: 12}
    assert t.set_packed(("pung", _i(t, "5b"), False, False, False)) == 1 + (1 << 6)
    assert t.set_packed(("chow", _i(t, "7b"), False, False, False)) == 0
    assert t.set_packed(("pung", _i(t, "R"), False, False, False)) == 1 + (1 << 12)
    flower, own = _fact("flower"), _fact("own")
    t.register_tile_pred(flower)
    t.register_tile_pred(own)
    t.tile_slots = {flower: 0, own: 6}
    row = t.tile_packed_row(_i(t, "S"), _i(t, "E"))
    assert len(row) == 42 and row[_i(t, "f2")] == 1 + (1 << 6) and row[_i(t, "f3")] == 1 and row[_i(t, "2b")] == 0
    assert t.tile_packed_row(_i(t, "S"), _i(t, "E")) is row


# -- scoped rules summed ---------------------------------------------------------------

def test_the_scoped_rules_that_hold_for_a_set_a_pair_a_bonus_tile(t):
    east, south = _i(t, "E"), _i(t, "S")
    names = lambda hits: [t.rules[i].name for i in hits]  # noqa: E731
    assert names(t.meld_hits(("pung", _i(t, "7c"), False, False, False))) == ["pung_exposed_simple"]
    assert names(t.meld_hits(("kong", south, True, True, False))) == ["kong_concealed_major", "own_wind_set"]
    assert names(t.meld_hits(("pair", east, True, True, True))) == ["pair_own_wind", "pair_round_wind"]
    assert names(t.meld_hits(("pair", _i(t, "R"), True, False, False))) == ["pair_dragon"]
    assert names(t.bonus_hits(_i(t, "f1"), south, east)) == ["bonus_tile"]
    # a pung of own wind: 4 points and a double, all of them the set's
    key = ("pung", south, False, True, False)
    assert t.meld_sums(key) == (4.0, 1.0, 0.0, 4.0)
    # a bonus tile's points are no set's
    assert t.bonus_sums(_i(t, "f1"), south, east) == (4.0, 0.0, 0.0, 0.0)
    # each remembered: one lookup the next time
    assert t.meld_hits(key) is t.meld_hits(key) and t.meld_sums(key) is t.meld_sums(key)
    assert t.bonus_hits(_i(t, "f1"), south, east) is t.bonus_hits(_i(t, "f1"), south, east)
    assert t.bonus_sums(_i(t, "f1"), south, east) is t.bonus_sums(_i(t, "f1"), south, east)


def _house(tmp_path, body):
    path = tmp_path / "house.mj"
    path.write_text(f'extends "classical.mj"\nscoring {{\n{body}}}\n', encoding="utf-8")
    return Tables(compile_ruleset(path))


@pytest.mark.parametrize("limits_add, limit", [(False, 0.5), (True, 0.75)])
def test_limits_of_a_set_add_or_the_largest_counts(tmp_path, limits_add, limit):
    t = _house(tmp_path, '    rule p "P": 0.25 limit per set where pung and dragon\n'
                         '    rule q "Q": 0.5 limit per set where dragon\n'
                         '    rule r "R": 3 points per set where dragon when won\n'
                         + ("    limits add\n" if limits_add else ""))
    # a dragon pung: classical's 4 points and a double, the two limits, not R (a condition)
    assert t.meld_sums(("pung", _i(t, "G"), False, False, False)) == (4.0, 1.0, limit, 4.0)
    assert t.index_of_rule["r"] in t.scoped_when


def test_the_bonus_rules_of_each_bonus_tile(tmp_path):
    t = _house(tmp_path, '    rule own_one "Own one": 2 points per bonus where own\n'
                         '    rule lucky "Lucky": 1 double per bonus where own when won\n')
    south, east = _i(t, "S"), _i(t, "E")
    assert [t.rules[i].name for i in t.bonus_hits(_i(t, "f2"), south, east)] == ["bonus_tile", "own_one", "lucky"]
    assert [t.rules[i].name for i in t.bonus_hits(_i(t, "f3"), south, east)] == ["bonus_tile"]
    # South's own flower: 4 + 2 points, no set's; lucky has a condition, so is not summed
    assert t.bonus_sums(_i(t, "f2"), south, east) == (6.0, 0.0, 0.0, 0.0)
    assert t.bonus_sums(_i(t, "f3"), south, east) == (4.0, 0.0, 0.0, 0.0)
    assert t.bonus_sums(_i(t, "f3"), _i(t, "W"), east) == (6.0, 0.0, 0.0, 0.0)


def test_a_special_hand_of_honours_holds_no_suit_tile(tmp_path):
    path = tmp_path / "house.mj"
    path.write_text('extends "classical.mj"\nwinning {\n    pattern honour_pairs "Honour pairs" {\n'
                    '        pairs 7 of honour distinct\n    }\n}\n', encoding="utf-8")
    t = Tables(compile_ruleset(path))
    honours = next(sp for sp in t.specials if sp[0].name == "honour_pairs")
    assert honours[1] == sum(1 << i for i in range(27, 34)) and honours[2] == frozenset({14})


def test_a_group_of_tiles_not_in_one_run_of_indices(dmjl, tmp_path):
    # the winds declared before the suits: the honours are indices 0-3 and 31-33, no span
    text = (ROOT / "rulesets" / "classical.mj").read_text(encoding="utf-8")
    wind = '    wind "E" "S" "W" "N" x4\n'
    path = tmp_path / "winds-first.mj"
    path.write_text(text.replace(wind, "").replace('    suit bam "b"', wind + '    suit bam "b"'), encoding="utf-8")
    auto = compile_ruleset(path)
    t = Tables(auto)
    assert t.group_spans == ((4, 13), (13, 22), (22, 31), (-1, -1))
    from mjdsl.scoring import score_hand
    from mjdsl.scoring.notation import read_hand_input

    hand = {"hand": "E E E 2b 3b 4b 5c 6c 7c 8d 8d 8d R R", "win": "R", "source": "wall", "seat": "E"}
    ours, theirs = (score_hand(a, read_hand_input(a, **hand)) for a in (auto, dmjl))
    assert ours.total == theirs.total > 0 and ours.rule_names == theirs.rule_names


# -- exclusions ---------------------------------------------------------------------

def test_who_excludes_whom():
    index = {"a": 0, "b": 1, "c": 2, "d": 3, "x": 4, "y": 5}
    spec = SimpleNamespace(excludes=(("a", ("b", "c")), ("a", ("d",))), alone=(("x", ("y",)),))
    # every line of a's excludes; every rule but y (and x itself) drops x, which counts alone
    assert _excluded_by(index, spec) == {0: frozenset({1, 2, 3, 4}), 1: frozenset({4}), 2: frozenset({4}),
                                         3: frozenset({4})}
    assert _excluded_by(index, SimpleNamespace(excludes=(("b", ("a",)),))) == {1: frozenset({0})}


def test_the_tables_of_an_automaton_are_kept(dmjl):
    assert tables_for(dmjl) is tables_for(dmjl)
    assert tables_for(dmjl).compiled() is tables_for(dmjl).compiled()
