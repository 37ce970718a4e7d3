"""The tile set of a ruleset, compiled to indices.

A ruleset declares its own tiles (the ``tiles`` block); lowering turns that block
into a :class:`TileSet`: every kind of tile gets a dense index, so that a hand is a
histogram (a numpy vector of counts) and matching is vector arithmetic. Nothing here
knows a variant: the codes come from the ruleset (the shipped ones use the codes of
docs/cli.md, "Tile codes").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence

import attrs

if TYPE_CHECKING:
    import numpy as np

from .diagnostics import InputError

#: Tile classes a ruleset can declare. ``bonus`` tiles (flowers, seasons) are set
#: aside and replaced when the ruleset says so; ``joker`` tiles stand in for others.
#: A ruleset may add kinds of bonus tile under names of its own (``bonus animal
#: "cat" ...``): every class that is not one of :data:`HAND_CLASSES` is a bonus kind.
CLASSES = ("suit", "wind", "dragon", "flower", "season", "joker")
#: the classes of tiles that are not bonus tiles
HAND_CLASSES = ("suit", "wind", "dragon", "joker")


@attrs.frozen
class Suit:
    """A suit: its name (``bam``), the letter of its codes (``b``), its ranks, its dragon."""

    name: str
    letter: str
    ranks: tuple[int, ...]
    dragon: str | None = None


@attrs.frozen
class TileKind:
    """One kind of tile.

    code: the tile's code (``1b``, ``N``, ``f1``, ``J``).
    index: its position in every histogram of this tile set.
    cls: one of :data:`CLASSES`, or the name of a kind of bonus tile the ruleset adds.
    copies: how many of it the set holds.
    suit, rank: for suit tiles.
    seat: for seat-linked bonus tiles, 1 = East ... 4 = North.
    name: a readable name (``bam 1``, ``north wind``).
    """

    code: str
    index: int
    cls: str
    copies: int
    suit: str | None = None
    rank: int | None = None
    seat: int | None = None
    name: str = ""

    @property
    def is_honour(self) -> bool:
        return self.cls in ("wind", "dragon")

    @property
    def is_bonus(self) -> bool:
        return self.cls not in HAND_CLASSES


@attrs.frozen
class Variant:
    """Copies of a kind told apart (``variant red "0m" x1 of "5m"``): they play as the
    kind ``base`` everywhere, and scoring counts them (``variants(red)``).

    name: the variant's name (``red``); several kinds may share it.
    code: how one copy is written (``0m``), in logs, at the table and in ``mjdsl score``.
    base: the index of the kind the copies are of; copies: how many of its copies.
    index: the copy's number where a tile's copy is told (the wall, a discard): past
    the kinds, ``size + position`` (see :meth:`TileSet.base`).
    """

    name: str
    code: str
    base: int
    copies: int
    index: int


@attrs.frozen
class TileSet:
    """All kinds of tile of a ruleset, in index order, with lookups.

    variants: copies of some kinds told apart (:class:`Variant`). A hand is counted by
    kind; where the copy matters (the wall, a discard, a set, what a hand holds) a tile
    is a *copy number*: the kind's index for a plain copy, a variant's ``index`` (past
    the kinds) for one of its copies.
    """

    kinds: tuple[TileKind, ...]
    suits: tuple[Suit, ...] = ()
    #: the code of the tile that also serves as zero in a year (the soap), if any
    zero: str | None = None
    variants: tuple[Variant, ...] = ()
    by_code: dict = attrs.field(init=False, eq=False, repr=False)
    #: variant code -> Variant
    by_variant_code: dict = attrs.field(init=False, eq=False, repr=False)
    #: (suit, rank) -> kind: the bots and the claim runs look suited tiles up in their
    #: inner loops (a linear search was a fifth of classical greedy play, issue 12)
    by_suit_rank: dict = attrs.field(init=False, eq=False, repr=False)
    #: :meth:`wall_tiles`, made once: every hand's shuffle starts from it
    _wall: tuple = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "by_code", {k.code: k for k in self.kinds})
        by_rank: dict = {}
        for k in self.kinds:
            by_rank.setdefault((k.suit, k.rank), k)  # the first of a (suit, rank), as the search found
        object.__setattr__(self, "by_suit_rank", by_rank)
        object.__setattr__(self, "by_variant_code", {v.code: v for v in self.variants})
        wall: list[int] = []
        for k in self.kinds:
            wall.extend([k.index] * self.plain_copies(k.index))
            for v in self.variants:
                if v.base == k.index:
                    wall.extend([v.index] * v.copies)
        object.__setattr__(self, "_wall", tuple(wall))

    # -- sizes ---------------------------------------------------------------
    @property
    def size(self) -> int:
        return len(self.kinds)

    @property
    def total(self) -> int:
        """How many tiles the whole set holds."""
        return sum(k.copies for k in self.kinds)

    def copies_vector(self) -> np.ndarray:
        import numpy as np  # here, not at the top: the checks need no numpy (start-up)

        return np.array([k.copies for k in self.kinds], dtype=np.int16)

    # -- lookups -------------------------------------------------------------
    def kind(self, code: str) -> TileKind:
        """The kind a code is of; a variant's code is of its base kind (it plays as it)."""
        try:
            return self.by_code[code]
        except KeyError:
            v = self.by_variant_code.get(code)
            if v is not None:
                return self.kinds[v.base]
            raise InputError(f"unknown tile code {code!r}; this ruleset's codes are {self.codes_summary()}") from None

    # -- copies (variants) ---------------------------------------------------
    def copy_of(self, code: str) -> int:
        """The copy number a code says: a variant's index, else the kind's (InputError if unknown)."""
        v = self.by_variant_code.get(code)
        return v.index if v is not None else self.kind(code).index

    def base(self, t: int) -> int:
        """The kind a copy number is of (itself for a plain copy)."""
        return t if t < len(self.kinds) else self.variants[t - len(self.kinds)].base

    def variant(self, t: int) -> Variant | None:
        """The variant of a copy number; None for a plain copy."""
        return self.variants[t - len(self.kinds)] if t >= len(self.kinds) else None

    def copy_code(self, t: int) -> str:
        """The code of a copy number: the variant's (``0m``) or the kind's."""
        return self.kinds[t].code if t < len(self.kinds) else self.variants[t - len(self.kinds)].code

    def copy_codes(self) -> list[str]:
        """Every code by copy number: the kinds', then the variants' (``codes[copy]``)."""
        return [k.code for k in self.kinds] + [v.code for v in self.variants]

    def held_codes(self, counts: Sequence[int], variants: Sequence[int] = ()) -> list[str]:
        """A hand's codes, kind by kind; of a kind, the variant copies it holds (copy
        numbers ``variants``) written as theirs: ``5m 0m`` for a plain and a red five."""
        out: list[str] = []
        for i, n in enumerate(counts):
            mine = [self.copy_code(c) for c in variants if self.base(c) == i] if variants else []
            out.extend([self.kinds[i].code] * (int(n) - len(mine)) + mine)
        return out

    def plain_copies(self, index: int) -> int:
        """How many copies of a kind are plain (not of a variant)."""
        return self.kinds[index].copies - sum(v.copies for v in self.variants if v.base == index)

    def wall_tiles(self) -> list[int]:
        """Every tile of the set once, as copy numbers, in index order (the shuffle's input):
        a kind's variant copies stand last among its copies. A new list each call."""
        return list(self._wall)

    def index(self, code: str) -> int:
        return self.kind(code).index

    def of_class(self, cls: str) -> tuple[TileKind, ...]:
        return tuple(k for k in self.kinds if k.cls == cls)

    def suit(self, name: str) -> Suit:
        for s in self.suits:
            if s.name == name:
                return s
        raise KeyError(name)

    def suited(self, suit: str, rank: int) -> TileKind | None:
        return self.by_suit_rank.get((suit, rank))

    @property
    def joker(self) -> TileKind | None:
        js = self.of_class("joker")
        return js[0] if js else None

    def examples(self) -> list[str]:
        """A few codes that show how this set's tiles are written: the middle rank of its
        first suit, then the first kind of every other class (a wind, a dragon, a flower,
        a joker...), in the set's order."""
        out: list[str] = []
        classes: set[str] = set()
        for k in self.kinds:
            if k.cls in classes:
                continue
            classes.add(k.cls)
            if k.cls == "suit" and self.suits:
                first = self.suits[0]
                middle = self.suited(first.name, first.ranks[len(first.ranks) // 2])
                k = middle if middle is not None else k
            out.append(k.code)
        return out

    def codes_summary(self) -> str:
        codes = [k.code for k in self.kinds] + [v.code for v in self.variants]
        return " ".join(codes) if len(codes) <= 50 else " ".join(codes[:50]) + " ..."

    # -- hands ---------------------------------------------------------------
    def parse(self, text: str | Sequence[str]) -> list[int]:
        """Tile codes separated by spaces (or a list of codes) to indices; InputError on a bad code."""
        codes = text.split() if isinstance(text, str) else list(text)
        return [self.index(c) for c in codes]

    def histogram(self, indices: Iterable[int]) -> np.ndarray:
        import numpy as np

        h = np.zeros(self.size, dtype=np.int16)
        for i in indices:
            h[i] += 1
        return h

    def check_copies(self, hist: np.ndarray) -> None:
        """InputError naming the first tile of which a hand holds more than the set has."""
        import numpy as np

        over = np.nonzero(hist > self.copies_vector())[0]
        if len(over):
            k = self.kinds[int(over[0])]
            raise InputError(f"too many {k.code}: {int(hist[over[0]])} given, the set holds {k.copies}")

    def codes(self, indices: Iterable[int]) -> list[str]:
        return [self.kinds[i].code for i in indices]

    def expand(self, hist: np.ndarray) -> list[str]:
        """A histogram back to sorted tile codes."""
        out: list[str] = []
        for i, n in enumerate(hist):
            out.extend([self.kinds[i].code] * int(n))
        return out


def indicated(indicates: Sequence[int], held: Sequence[int], indicators: Iterable[int]) -> int:
    """How many of the tiles ``held`` (counts by index) the ``indicators`` point at, each
    indicator counted on its own (two indicators of one tile count its tiles twice);
    ``indicates``: per tile, the tile it points at (-1: none), the automaton's ``indicates``."""
    return sum(held[indicates[i]] for i in indicators if indicates and indicates[i] >= 0)
