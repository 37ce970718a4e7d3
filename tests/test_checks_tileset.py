"""The tile set the checker builds from a tiles block (check/tiles.py), as play reads it.

The tiles block's diagnostics are pinned by tests/broken/; these pin what it makes
when it is right: seat-linked bonus tiles numbered by seat, East first, and the
classes scoring counts.
"""

from __future__ import annotations

from mjdsl import ast as A
from mjdsl.check.tiles import build_tileset
from mjdsl.frontend.load import load_text

TILES = '''ruleset "x"
tiles {
    suit bam "b" 1..9 x4
    flower "f1" "f2" "f3" "f4" x1 seat linked
    season "s1" "s2" "s3" "s4" x1
    bonus animal "a1" "a2" x1
    class low "1b" "2b" "3b"
}
'''


def tileset():
    loaded = load_text(TILES, "tiles.mj")
    tiles, classes, diags = build_tileset(loaded.ruleset.block(A.TilesBlock))
    assert not diags
    return tiles, classes


def test_seat_linked_flowers_are_numbered_by_seat_east_first():
    tiles, _ = tileset()
    assert [tiles.by_code[f"f{i}"].seat for i in range(1, 5)] == [1, 2, 3, 4]


def test_bonus_tiles_not_seat_linked_belong_to_no_seat():
    tiles, _ = tileset()
    assert {tiles.by_code[c].seat for c in ("s1", "s4", "a1")} == {None}


def test_a_bonus_kind_and_a_class_are_classes_of_their_tiles():
    _, classes = tileset()
    assert classes == {"animal": ("a1", "a2"), "low": ("1b", "2b", "3b")}


def test_each_variant_is_numbered_past_the_kinds_in_the_order_written():
    text = ('ruleset "x"\ntiles {\n    suit man "m" 1..9 x4\n    suit pin "p" 1..9 x4\n'
            '    variant red "0m" x1 of "5m"\n    variant red "0p" x1 of "5p"\n}\n')
    tiles, _, diags = build_tileset(load_text(text, "tiles.mj").ruleset.block(A.TilesBlock))
    assert not diags
    assert [(v.code, v.index) for v in tiles.variants] == [("0m", 18), ("0p", 19)]
    assert [tiles.base(v.index) for v in tiles.variants] == [tiles.by_code["5m"].index, tiles.by_code["5p"].index]


def _suits(text: str):
    tiles, _, diags = build_tileset(load_text(text, "tiles.mj").ruleset.block(A.TilesBlock))
    return tiles, [(d.code, d.span.line) for d in diags]


def test_a_suit_named_twice_is_the_first_declaration_when_that_one_stands():
    """The second ``bam`` is refused (MJ203) and is no suit of the set: its tiles are
    not made, the first's are."""
    tiles, found = _suits('ruleset "x"\ntiles {\n    suit bam "b" 1..9 x4\n    suit bam "c" 1..9 x4\n}\n')
    assert found == [("MJ203", 4)]
    assert [(s.name, s.letter) for s in tiles.suits] == [("bam", "b")]
    assert "1c" not in tiles.by_code and "1b" in tiles.by_code


def test_a_suit_named_twice_after_a_refused_first_is_read_as_the_suit():
    """The first ``bam`` is refused (its ranks run backwards), so the second is the
    suit, read with its own problems (a dragon that is no tile), whatever other suit
    stands before them."""
    tiles, found = _suits('ruleset "x"\ntiles {\n    suit dot "d" 1..9 x4\n    suit bam "b" 9..1 x4\n'
                          '    suit bam "c" 1..9 x4 dragon "G"\n}\n')
    assert ("MJ203", 5) in found and ("MJ217", 4) in found and ("MJ214", 5) in found
