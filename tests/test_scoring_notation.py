"""The ``mjdsl score`` input (mjdsl/scoring/notation.py): tile codes read to a
HandInput, each field as docs/cli.md ("Tile codes") says, and each mistake named in
its one-line InputError. Small direct calls: classical.mj (13 tiles, flowers and
seasons), riichi.mj (one red five of each suit: ``0m`` ``0p`` ``0s``)."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from mjdsl.diagnostics import InputError
from mjdsl.frontend.compile import compile_ruleset
from mjdsl.hands import Meld
from mjdsl.scoring.notation import hand_size, read_hand_input, read_set, read_table, read_variants
from mjdsl.tiles import Suit, TileKind, TileSet, Variant

ROOT = Path(__file__).resolve().parent.parent

#: a winning classical hand of 14 concealed tiles, self-drawn
WON = {"hand": "1b 2b 3b 4c 5c 6c 7d 8d 9d E E E N N", "win": "3b", "source": "wall", "seat": "S"}


@pytest.fixture(scope="module")
def dmjl():
    return compile_ruleset(ROOT / "rulesets" / "classical.mj")


@pytest.fixture(scope="module")
def riichi():
    return compile_ruleset(ROOT / "rulesets" / "riichi.mj")


def _index(auto, code):
    return auto.tiles.by_code[code].index


def _fails(auto, message, **kw):
    with pytest.raises(InputError) as e:
        read_hand_input(auto, **kw)
    assert message in str(e.value)
    return str(e.value)


# -- tile codes ------------------------------------------------------------------------

def test_concealed_tiles_are_counted_by_kind_commas_or_spaces(dmjl):
    inp = read_hand_input(dmjl, hand="1b,2b 3b, 4c 5c 6c 7d 8d 9d E E E N", seat="S")
    assert inp.concealed[_index(dmjl, "E")] == 3 and inp.concealed[_index(dmjl, "N")] == 1
    assert sum(inp.concealed) == 13 and len(inp.concealed) == dmjl.tiles.size
    assert inp.winning_tile is None and inp.source == "wall" and inp.table is None
    assert inp.melds == () and inp.bonus == () and inp.fed == () and inp.variants == ()


def test_an_unknown_code_is_named_with_the_ruleset_codes(dmjl):
    text = _fails(dmjl, "--hand: unknown tile code 'X'", hand="1b 2b X")
    assert "1b 2b 3b" in text and "s4" in text


def test_a_variant_code_is_a_copy_of_its_base_kind(riichi):
    inp = read_hand_input(riichi, hand="0m 5m 6m 1p 2p 3p 7s 8s 9s E E E S S", win="S", source="wall", seat="S")
    five = _index(riichi, "5m")
    assert inp.concealed[five] == 2 and sum(inp.concealed) == 14
    assert inp.variants == (1, 0, 0)


# -- variants: the red fives -------------------------------------------------------------

@pytest.mark.parametrize("hand, held", [
    ("5m 5m 5m 5p 5p 5p 5s 5s 5s 1m 1m 1m 9m", (0, 0, 0)),  # three plain copies of each
    ("5m 5m 5m 5m 5p 5p 5p 5s 5s 5s 1m 1m 1m", (1, 0, 0)),  # the fourth 5m is the red one
    ("5m 5m 5m 5p 5p 5p 5p 5s 5s 5s 1m 1m 1m", (0, 1, 0)),
    ("0m 5m 5m 5p 5p 5p 0s 5s 5s 5s 1m 1m 1m", (1, 0, 1)),  # written: no second red one
    ("0m 5m 5p 0p 5s 0s 1m 1m 1m 9m 9m 9m E", (1, 1, 1)),
])
def test_red_fives_held_are_those_written_and_those_past_the_plain_copies(riichi, hand, held):
    assert read_hand_input(riichi, hand=hand, seat="S").variants == held


def test_a_kong_of_fives_holds_the_red_one(riichi):
    inp = read_hand_input(riichi, kongs=["5p"], hand="1m 2m 3m 4m 5m 6m 7s 8s 9s E", seat="S")
    assert inp.variants == (0, 1, 0)
    assert inp.melds == (Meld("kong", _index(riichi, "5p"), True),)


def test_more_red_fives_than_the_set_holds(riichi):
    _fails(riichi, "too many 0m: 2 given, the set holds 1", hand="0m 0m 1p 2p 3p 7s 8s 9s E E E S S", seat="S")


def _two_golds() -> TileSet:
    """A suit of 1..9 x4 whose five has two variants: one red copy, then two gold ones."""
    suit = Suit("man", "m", tuple(range(1, 10)))
    kinds = tuple(TileKind(f"{r}m", r - 1, "suit", 4, suit="man", rank=r) for r in range(1, 10))
    return TileSet(kinds, (suit,), variants=(Variant("red", "0m", 4, 1, 9), Variant("gold", "gm", 4, 2, 10)))


@pytest.mark.parametrize("codes, fives, held", [
    ([], 1, (0, 0)),            # one plain five: the set has 4 - 1 - 2 = 1 plain copy
    ([], 2, (1, 0)),            # the copies past the plain ones: the first variant first
    ([], 3, (1, 1)),
    ([], 4, (1, 2)),
    (["gm"], 2, (0, 1)),        # a gold written: the second five may be the plain one
    (["gm gm"], 3, (0, 2)),
    (["0m", "gm"], 4, (1, 2)),  # the codes of every part are read
])
def test_the_copies_past_the_plain_ones_are_the_first_variants_first(codes, fives, held):
    tiles = _two_golds()
    seen = [0] * tiles.size
    seen[4] = fives
    assert read_variants(tiles, codes, seen) == held


def test_no_variants_no_counts(dmjl):
    assert read_variants(dmjl.tiles, ["5c 5c 5c 5c"], [4] * dmjl.tiles.size) == ()


# -- sets ------------------------------------------------------------------------------

@pytest.mark.parametrize("text, kind, first", [
    ("7c 7c 7c", "pung", "7c"),
    ("R R R R", "kong", "R"),
    ("4d 2d 3d", "chow", "2d"),  # a run in any order, named by its lowest tile
    ("7b,8b 9b", "chow", "7b"),
])
def test_an_exposed_set(dmjl, text, kind, first):
    assert read_set(dmjl.tiles, text) == Meld(kind, _index(dmjl, first), False)


@pytest.mark.parametrize("text", [
    "7c 7c", "7c 7c 7c 7c 7c", "7c 7c 8c", "1c 2c 4c", "1c 2c 3c 4c", "E S W", "R G 0", "8c 9c 1d", "3b 4c 5d",
    "2b 3b 3b",
])
def test_not_a_set(dmjl, text):
    with pytest.raises(InputError, match="is not a set: give three alike"):
        read_set(dmjl.tiles, text)


def test_a_bonus_tile_is_part_of_no_set(dmjl):
    with pytest.raises(InputError, match="f1 cannot be part of a set"):
        read_set(dmjl.tiles, "1c f1 2c")


def test_exposed_sets_in_one_flag_or_several_and_who_fed_them(dmjl):
    inp = read_hand_input(dmjl, exposed=["1c 1c 1c from W, 2b 3b 4b", "R R R R from N"], kongs=["E"],
                          hand="9d", seat="S")
    assert inp.melds == (Meld("pung", _index(dmjl, "1c"), False), Meld("chow", _index(dmjl, "2b"), False),
                         Meld("kong", _index(dmjl, "R"), False), Meld("kong", _index(dmjl, "E"), True))
    # per set, the seat wind whose discard made it; None for one made from the hand
    assert inp.fed == (_index(dmjl, "W"), None, _index(dmjl, "N"), None)


def test_no_feeder_named_no_feeders(dmjl):
    inp = read_hand_input(dmjl, exposed=["1c 1c 1c", "2b 3b 4b,"], hand="5c 5c 5c 9d 9d 9d N", seat="S")
    assert len(inp.melds) == 2 and inp.fed == ()


def test_a_set_is_not_fed_by_its_own_seat(dmjl):
    _fails(dmjl, "a set is claimed from another player's discard, not S's own", exposed=["1c 1c 1c from S"],
           hand="5c 5c 5c 9d 9d 9d 2b 3b 4b N", seat="S")
    _fails(dmjl, "from R: not a wind", exposed=["1c 1c 1c from R"], hand="5c 5c 5c 9d 9d 9d 2b 3b 4b N", seat="S")


def test_a_claimed_kong_scores_as_the_ruleset_says(dmjl, tmp_path):
    kw = {"claimed_kongs": ["9d"], "hand": "5c 5c 5c 1b 2b 3b E E E N", "seat": "S"}
    assert read_hand_input(dmjl, **kw).melds == (Meld("kong", _index(dmjl, "9d"), False),)
    path = tmp_path / "house.mj"
    path.write_text('extends "classical.mj"\nscoring {\n    claimed kongs count concealed\n}\n', encoding="utf-8")
    house = compile_ruleset(path)
    assert read_hand_input(house, **kw).melds == (Meld("kong", _index(dmjl, "9d"), True),)


@pytest.mark.parametrize("flag", ["kongs", "claimed_kongs"])
def test_a_bonus_tile_is_no_kong(dmjl, flag):
    _fails(dmjl, "f2 cannot be a kong", **{flag: ["f2"]}, hand="5c 5c 5c 1b 2b 3b E E E N", seat="S")


# -- counting the tiles ------------------------------------------------------------------

def test_bonus_tiles_are_set_aside(dmjl):
    inp = read_hand_input(dmjl, **WON, bonus="f2 s3")
    assert inp.bonus == (_index(dmjl, "f2"), _index(dmjl, "s3"))
    assert inp.concealed[_index(dmjl, "f2")] == 0
    _fails(dmjl, "--hand: f2 is a bonus tile; give it with --bonus", hand="f2 1b 2b 3b")
    _fails(dmjl, "--bonus: 5c is not a bonus tile", **WON, bonus="f1 5c")
    _fails(dmjl, "too many f1: 2 given, the set holds 1", **WON, bonus="f1 f1")


def test_a_card_hand_holds_its_flowers(dmjl):
    from mjdsl.scoring.model import CardWin

    inp = read_hand_input(dmjl, hand="f1 1b 2b 3b 4c 5c 6c 7d 8d 9d E E N", card=CardWin(25), seat="S")
    assert inp.concealed[_index(dmjl, "f1")] == 1 and inp.card == CardWin(25)


@pytest.mark.parametrize("kw, tile, held", [
    ({"exposed": ["5c 5c 5c"], "hand": "5c 1b 2b 3b 7d 8d 9d E E N"}, "5c", 1),
    ({"exposed": ["3c 4c 5c", "5c 5c 5c"], "hand": "1b 2b 3b E E N S"}, "5c", 0),
    ({"kongs": ["E"], "hand": "1b 2b 3b 4c 5c 6c 7d 8d 9d N"}, "E", 0),
])
def test_all_four_copies_of_a_kind_counting_the_sets(dmjl, kw, tile, held):
    # the set holds four of each: exactly four given is not too many
    assert read_hand_input(dmjl, **kw, seat="S").concealed[_index(dmjl, tile)] == held


@pytest.mark.parametrize("kw, code, n", [
    ({"exposed": ["5c 5c 5c"], "hand": "5c 5c 1b 2b 3b 7d 8d 9d E"}, "5c", 5),
    ({"exposed": ["3c 4c 5c", "5c 5c 5c"], "hand": "5c 1b 2b 3b E E N"}, "5c", 5),  # a chow's every tile
    ({"exposed": ["4c 5c 6c", "5c 5c 5c"], "hand": "5c 1b 2b 3b E E N"}, "5c", 5),
    ({"exposed": ["4c 5c 6c", "6c 6c 6c"], "hand": "6c 1b 2b 3b E E N"}, "6c", 5),
    ({"exposed": ["6c 7c 8c", "7c 8c 9c", "7c 7c 7c"], "hand": "1b 2b 3b N"}, "7c", 5),
    ({"kongs": ["E"], "hand": "E 1b 2b 3b 4c 5c 6c 7d 8d"}, "E", 5),
])
def test_too_many_copies_of_a_kind_counting_the_sets(dmjl, kw, code, n):
    _fails(dmjl, f"too many {code}: {n} given, the set holds 4", **kw, seat="S")


def test_the_number_of_tiles_kongs_counting_three(dmjl):
    assert hand_size(dmjl) == 13
    read_hand_input(dmjl, kongs=["E", "S"], exposed=["R R R R"], hand="1b 2b 3b 5c", seat="S")
    _fails(dmjl, "the hand has 14 tiles (kongs counting three); a hand that did not win has 13",
           hand="1b 2b 3b 4c 5c 6c 7d 8d 9d E E E N N", seat="S")
    _fails(dmjl, "the hand has 13 tiles (kongs counting three); a winning hand has 14",
           hand="1b 2b 3b 4c 5c 6c 7d 8d 9d E E E N", win="N", source="wall", seat="S")
    _fails(dmjl, "the hand has 15 tiles", kongs=["E", "S"], exposed=["R R R R"], hand="1b 2b 3b 5c 5c 5c",
           win="5c", source="wall", seat="S")


def test_a_partial_hand_has_at_most_a_hand_of_tiles(dmjl):
    inp = read_hand_input(dmjl, exposed=["R R R"], hand="5c", partial=True, seat="S")
    assert inp.melds == (Meld("pung", _index(dmjl, "R"), False),) and sum(inp.concealed) == 1
    read_hand_input(dmjl, hand="1b 2b 3b 4c 5c 6c 7d 8d 9d E E E N", partial=True, seat="S")
    _fails(dmjl, "the partial hand has 14 tiles (kongs counting three); a hand has at most 13",
           hand="1b 2b 3b 4c 5c 6c 7d 8d 9d E E E N N", partial=True, seat="S")
    _fails(dmjl, "--partial scores part of a hand that did not win: leave out --win", **WON, partial=True)


@pytest.mark.parametrize("deal, size", [
    ((("all", 4, 3), ("all", 1, 1)), 13),
    ((("dealer", 1, 1), ("others", 4, 3), ("others", 2, 2)), 16),  # the dealer's extra tile is not counted
    ((("dealer", 14, 1),), 13),  # no deal to a non-dealer: the usual 13
    ((), 13),
])
def test_hand_size_is_the_deal_to_a_non_dealer(deal, size):
    assert hand_size(SimpleNamespace(deal=deal)) == size


# -- the winning tile and where it came from -------------------------------------------------

def test_the_winning_tile_and_its_source(dmjl):
    inp = read_hand_input(dmjl, **{**WON, "source": "kong-box"})
    assert inp.winning_tile == _index(dmjl, "3b") and inp.source == "kong_box"
    assert read_hand_input(dmjl, **{**WON, "source": "last_of_wall"}).source == "last_of_wall"
    assert read_hand_input(dmjl, **{**WON, "source": "last-discard"}).source == "last_discard"
    text = _fails(dmjl, "--from sky: say one of wall, discard, kong-box", **{**WON, "source": "sky"})
    assert "robbed-kong" in text
    _fails(dmjl, "--win needs --from", **{**WON, "source": None})
    _fails(dmjl, "--from goes with --win", hand=WON["hand"][:-2], source="wall", seat="S")
    _fails(dmjl, "--win 9c: the winning tile must be one of the --hand tiles", **{**WON, "win": "9c"})
    _fails(dmjl, "--win takes one tile code, not 'N N'", **{**WON, "win": "N N"})


def test_a_red_five_wins_only_when_the_hand_holds_it(riichi):
    hand = "5m 5m 6m 7m 1p 2p 3p 7s 8s 9s E E E S"
    inp = read_hand_input(riichi, hand=hand, win="5m", source="wall", seat="S")
    assert inp.winning_tile == _index(riichi, "5m") and inp.variants == (0, 0, 0)
    _fails(riichi, "--win 0m: the winning tile must be one of the --hand tiles", hand=hand, win="0m", source="wall",
           seat="S")
    inp = read_hand_input(riichi, hand="0m " + hand[3:], win="0m", source="wall", seat="S")
    assert inp.winning_tile == _index(riichi, "5m") and inp.variants == (1, 0, 0)


def test_a_robbed_kong_leaves_one_copy_for_the_robber(dmjl):
    hand = "1b 2b 3b 4c 5c 6c 7d 8d 9d E E E N N"
    # the one 3b the kong of three left
    inp = read_hand_input(dmjl, hand=hand, win="3b", source="robbed-kong", seat="S", discarder="W")
    assert inp.source == "robbed_kong" and inp.discarder == _index(dmjl, "W")
    _fails(dmjl, "--from robbed-kong: the kong robbed holds three E, so this hand can hold only 1, not 3",
           hand=hand, win="E", source="robbed-kong", seat="S")
    _fails(dmjl, "not 2", hand="1b 2b 3b 4c 5c 6c 7d 8d 9d 1c 1c 1c N N", win="N", source="robbed-kong",
           seat="S")


@pytest.mark.parametrize("source", ["discard", "last-discard", "robbed-kong"])
def test_a_discarder_goes_with_a_tile_won_from_another(dmjl, source):
    assert read_hand_input(dmjl, **{**WON, "source": source}, discarder="N").discarder == _index(dmjl, "N")


@pytest.mark.parametrize("source", ["wall", "kong-box", "last-of-wall"])
def test_no_discarder_for_a_tile_drawn(dmjl, source):
    _fails(dmjl, f"--discarder goes with a tile won from a discard or a robbed kong, not from --from {source}",
           **{**WON, "source": source}, discarder="N")


# -- the player and the hand's facts ----------------------------------------------------------

def test_the_winds_and_the_facts_given(dmjl):
    inp = read_hand_input(dmjl, **WON, round_wind="W", dealer=False, announced=["standing"], original_hand=True,
                          earthly_hand=True, dealer_streak=2)
    assert (inp.seat_wind, inp.round_wind) == (_index(dmjl, "S"), _index(dmjl, "W"))
    assert inp.dealer is False and inp.discarder is None and inp.announcements == {"standing"}
    assert (inp.original_hand, inp.earthly_hand, inp.dealer_streak) == (True, True, 2)
    assert read_hand_input(dmjl, **{**WON, "seat": "E"}).seat_wind == _index(dmjl, "E")
    _fails(dmjl, "--round R: not a wind; the winds are E S W N", **WON, round_wind="R")
    _fails(dmjl, "--discarder 5c: not a wind", **{**WON, "source": "discard"}, discarder="5c")


def test_only_the_ruleset_announcements(dmjl, riichi):
    _fails(dmjl, "--announced riichi: this ruleset's announcements are standing", **WON, announced=["riichi"])
    text = _fails(riichi, "--announced standing: this ruleset's announcements are double_riichi, riichi",
                  hand="1m 2m 3m 4p 5p 6p 7s 8s 9s E E E S S", win="S", source="wall", seat="S",
                  announced=["standing"])
    assert text.endswith("double_riichi, riichi")


def test_no_announcements_in_a_ruleset_of_none():
    mcr = compile_ruleset(ROOT / "rulesets" / "mcr.mj")
    assert not mcr.announcements
    _fails(mcr, "--announced standing: this ruleset's announcements are none",
           hand="1b 2b 3b 4c 5c 6c 7d 8d 9d E E E N N", win="N", source="wall", seat="S", announced=["standing"])


# -- the facts of the table --------------------------------------------------------------

def test_table_facts_counters_and_functions_of_an_announcement(riichi):
    table = read_table(riichi, ["discards=12", "honba=2", "discards_since(riichi)=5", "concealed_hand=true",
                                "just_claimed=false", "wall_left=2.5"], announced=["riichi"])
    assert table["discards"] == 12 and isinstance(table["discards"], int)
    assert table["honba"] == 2 and table[("discards_since", "riichi")] == 5
    assert table["concealed_hand"] is True and table["just_claimed"] is False and table["wall_left"] == 2.5
    # a fact nobody gave, as env.untold says: discards_since of an announcement made counts
    # the tiles of the set, of one not made -1; any other fact 0
    assert table[("discards_since", "double_riichi")] == -1 and table["kongs"] == 0
    assert read_table(riichi, [], announced=["riichi"])[("discards_since", "riichi")] == riichi.tiles.total


def test_a_hand_told_its_table(riichi):
    inp = read_hand_input(riichi, hand="1m 2m 3m 4p 5p 6p 7s 8s 9s E E E S S", win="S", source="wall", seat="S",
                          announced=["riichi"], table=["discards=7"])
    assert inp.table["discards"] == 7 and inp.table[("discards_since", "riichi")] == riichi.tiles.total


@pytest.mark.parametrize("item", ["sky=1", "announced(riichi)=1", "discards_since(standing)=1",
                                  "discards_since(riichi=1", "kinds_held(sky)=1"])
def test_not_a_fact_of_the_table(riichi, item):
    with pytest.raises(InputError, match=r"not a fact of the table; they are .*wall_left.*discards_since\(NAME\)"):
        read_table(riichi, [item])


@pytest.mark.parametrize("item", ["discards=many", "discards=", "discards", "discards_since(riichi)=yes"])
def test_a_table_value_is_a_number_or_true_or_false(riichi, item):
    with pytest.raises(InputError, match=r"give NAME=NUMBER \(or =true, =false\)"):
        read_table(riichi, [item])
