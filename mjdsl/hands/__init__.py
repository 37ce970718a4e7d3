"""Classical hands: split a hand into sets, find its waits, match special patterns.

Nothing here knows a variant. How many sets and pairs a hand needs, whether chows
count and how many, which special hands exist: all of it comes in as arguments
(data), so a ruleset can state it and the engine can pass it on.

- :mod:`.decompose` splits a histogram into melds (:func:`split_hand`);
- :mod:`.patterns` describes special hands as data and matches them;
- :mod:`.waits` finds the tiles a hand waits on and its distance to complete.
"""

from .decompose import Meld, Split, is_complete, meld_tiles, split_hand
from .patterns import (
    EachOf,
    Knitted,
    OneOf,
    PairsOf,
    Pattern,
    PatternGroup,
    PatternMatch,
    SuitCounts,
    TileClass,
    match_pattern,
    pattern_splits,
)
from .waits import distance, is_calling, patterns_waits, waits

__all__ = [
    "EachOf",
    "Knitted",
    "Meld",
    "OneOf",
    "PairsOf",
    "Pattern",
    "PatternGroup",
    "PatternMatch",
    "Split",
    "SuitCounts",
    "TileClass",
    "distance",
    "is_calling",
    "is_complete",
    "match_pattern",
    "meld_tiles",
    "pattern_splits",
    "patterns_waits",
    "split_hand",
    "waits",
]
