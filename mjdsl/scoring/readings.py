"""The ways to read a hand for scoring: every split, every place for the last tile.

A winning hand is read every way it makes a winning shape of the ruleset (seed,
"four combinations ... and a pair"; the special hands): each split of its
concealed tiles into sets and a pair (:func:`mjdsl.hands.decompose.concealed_splits`,
memoised per suit shape), with the winning tile in each set or pair of the split
that holds it, and each special hand it matches. A set completed by another
player's tile (a discard, a robbed kong) counts as exposed. The scorer scores
every reading and keeps the best (the reference table: "score every way of
splitting the hand into sets and take the highest").

A hand that did not win is read once: its declared sets, and the pungs and
pairs it holds concealed (a pung scores more than a pair of the same tile, and
pairs only add, so taking every pung, then every pair, is the best reading).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..hands import Meld
from ..hands.decompose import still_needed
from ..hands.patterns import pattern_splits
from .env import Reading
from .splits import concealed_splits
from .waits import knitting_could_complete
from .model import HandInput
from .tables import Tables, could_be

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..ir.model import PatternSpec

_EXPOSED: dict = {}


def _exposed(m: Meld) -> Meld:
    e = _EXPOSED.get((m.kind, m.tile))
    if e is None:
        e = _EXPOSED[(m.kind, m.tile)] = Meld(m.kind, m.tile, False)
    return e


def _keys(melds, seat: int, round_: int) -> tuple:
    """The set keys of melds: a set's facts depend on the winds only through whether
    its tile is the seat's wind and the round's (a chow's tiles are never winds)."""
    return tuple((m.kind, m.tile, m.concealed, m.tile == seat, m.tile == round_) for m in melds)


def winner_readings(t: Tables, inp: HandInput, nz: Iterable[tuple[int, int]] | None = None) -> list[Reading]:
    """Every reading of a winning hand (empty when the tiles make no winning shape);
    ``nz``: the concealed ``(tile, count)`` pairs that are not zero, if known."""
    seat, round_ = inp.seat_wind, inp.round_wind
    if t.card:
        return [Reading(None, tuple(inp.melds), _keys(inp.melds, seat, round_), -1)]
    lst = list(inp.concealed)
    declared = tuple(inp.melds)
    w = inp.winning_tile
    expose = inp.by_discard
    chow_tiles = t.lay.chow_tiles
    out: list[Reading] = []
    dkeys = _keys(declared, seat, round_)
    for p in t.standard:
        # (Tables.standard holds the patterns whose sets are given: mypy cannot tell)
        need_sets, need_pairs, cap = still_needed(declared, p.sets, p.pairs, p.max_chows)  # type: ignore[arg-type]
        splits = concealed_splits(t, lst, need_sets, need_pairs, cap)
        for melds in splits:
            keys = dkeys + _keys(melds, seat, round_)
            out.extend(_placed(p.name, declared, melds, keys, w, expose, chow_tiles))
    if t.specials:
        out.extend(special_readings(t, lst, declared, seat, round_, nz))
    for p in t.mixed:
        out.extend(mixed_readings(t, p, lst, declared, w, expose, seat, round_))
    return out


def mixed_readings(t: Tables, p: PatternSpec, lst: list[int], declared: tuple, w: int | None, expose: bool, seat: int,
                   round_: int) -> list[Reading]:
    """The readings of a pattern of parts beside sets and pairs: for each way its parts
    take their tiles and the rest splits, the winning tile in each set or pair of the
    rest that holds it (exposed when it came from another player), or in the parts
    (no set completed: last -1) when they hold it."""
    if declared and p.concealed:
        return []
    out: list[Reading] = []
    dkeys = _keys(declared, seat, round_)
    chow_tiles = t.lay.chow_tiles
    for match in pattern_splits(p.special, lst, declared, t.tiles):
        melds = match.melds
        keys = dkeys + _keys(melds, seat, round_)
        if w is None or any(w in g.tiles for g in match.groups):
            out.append(Reading(p.name, declared + melds, keys, -1, True))
        out.extend(_placed(p.name, declared, melds, keys, w, expose, chow_tiles, True))
    return out


def _placed(name: str, declared: tuple, melds: tuple, keys: tuple, w, expose: bool, chow_tiles,
            *mixed: bool) -> list[Reading]:
    """A reading for each set of ``melds`` the winning tile may complete (one per kind
    and tile), that set exposed when the tile came from another player."""
    out: list[Reading] = []
    n = len(declared)
    seen = set()
    for j, m in enumerate(melds):
        holds = w in chow_tiles[m.tile] if m.kind == "chow" else m.tile == w
        if not holds or (m.kind, m.tile) in seen:
            continue
        seen.add((m.kind, m.tile))
        if expose:
            k = keys[n + j]
            out.append(Reading(name, declared + melds[:j] + (_exposed(m),) + melds[j + 1:],
                               keys[:n + j] + ((k[0], k[1], False, k[3], k[4]),) + keys[n + j + 1:], n + j, *mixed))
        else:
            out.append(Reading(name, declared + melds, keys, n + j, *mixed))
    return out


def special_readings(t: Tables, lst: list[int], declared: tuple, seat: int, round_: int,
                     nz: Iterable[tuple[int, int]] | None = None) -> list[Reading]:
    """A reading for each special hand the tiles make (no sets: the pattern is the shape)."""
    out = []
    present = 0
    total = 0
    for i, c in (nz if nz is not None else enumerate(lst)):
        if c:
            present |= 1 << i
            total += c
    for p, _, _, fits in t.specials:
        if declared and p.concealed:
            continue
        if not declared and (not could_be(fits, present, total) or not knitting_could_complete(t, p.special, lst, 0)):
            continue
        if pattern_splits(p.special, lst, declared, t.tiles):
            out.append(Reading(p.name, declared, _keys(declared, seat, round_), -1, True))
    return out


def loser_reading(t: Tables, inp: HandInput) -> Reading:
    """The one reading of a hand that did not win: declared sets, concealed pungs, pairs."""
    melds = list(inp.melds)
    held = t.held
    for i, c in enumerate(inp.concealed):
        if not held[i]:
            continue  # bonus tiles and jokers make no set
        if c >= 3:
            melds.append(Meld("pung", i, True))
        elif c == 2:
            melds.append(Meld("pair", i, True))
    sets = tuple(melds)
    return Reading(None, sets, _keys(sets, inp.seat_wind, inp.round_wind), -1)

