"""TEMPORARY: the American tile set, built in code until rulesets can declare it.

The card library takes its tile set as an argument and never names one; this module
exists only so that ``mjdsl match/hint/render`` can read a ``.card`` file before
``mjdsl.load`` (the ruleset pipeline) exists. It is replaced by the ruleset's
``tiles`` block once ``mjdsl.load.load_tileset_and_card`` lands; the one caller is
``mjdsl.commands.cards._load_card_and_tiles``.
"""

from __future__ import annotations

from ..tiles import Suit, TileKind, TileSet


def standard_tileset() -> TileSet:
    """TEMPORARY: the 152-tile American set with the codes of contracts.md.

    Replaced by the ruleset's tiles block once ``mjdsl.load`` exists. Suits bam
    (``b``, green dragon), crak (``c``, red dragon), dot (``d``, the soap); winds
    N E W S; dragons R G 0 (0 also zero in a year); 8 flowers F; 8 jokers J.
    """
    suits = (
        Suit("bam", "b", tuple(range(1, 10)), "G"),
        Suit("crak", "c", tuple(range(1, 10)), "R"),
        Suit("dot", "d", tuple(range(1, 10)), "0"),
    )
    kinds: list[TileKind] = []

    def add(code: str, cls: str, copies: int = 4, **kw) -> None:
        kinds.append(TileKind(code, len(kinds), cls, copies, **kw))

    for s in suits:
        for r in s.ranks:
            add(f"{r}{s.letter}", "suit", suit=s.name, rank=r, name=f"{s.name} {r}")
    for code, name in (("N", "north"), ("E", "east"), ("W", "west"), ("S", "south")):
        add(code, "wind", name=f"{name} wind")
    for code, name in (("R", "red dragon"), ("G", "green dragon"), ("0", "white dragon (soap)")):
        add(code, "dragon", name=name)
    add("F", "flower", 8, name="flower")
    add("J", "joker", 8, name="joker")
    return TileSet(tuple(kinds), suits, zero="0")
