"""The special hands' search, on plain typed tables: compiled (``mjdsl/native.py``).

:mod:`.patterns` describes a special hand as attrs data and compiles it against a tile
set into bindings (``_Binding``); each binding's search tables are made here once, as a
:class:`Tables` of lists and tuples of ints, and its quick rejects as a :class:`Reject`.
The questions the engine asks at every discard (:func:`could_be_made`) and the searches
behind a special hand's win and its completing tiles read only these, so the compiled
build runs them without a generic attribute lookup or a Python frame. In a module of its
own because mypyc compiles neither the attrs classes of :mod:`.patterns` (their
``attrs.field`` defaults) nor what the IR pickles and hashes by their ``repr``.

A pick is ``(choice number, unit)``: :mod:`.patterns` turns the number back into the
binding's choice.
"""

from __future__ import annotations

#: one pick of a search: (the choice's number in its binding, the unit's tiles, sorted)
Pick = tuple[int, tuple[int, ...]]


class Reject:
    """:func:`could_be_made`'s masks of a compiled pattern.

    mixed: the pattern holds sets or pairs beside its parts (then a tile its parts do
        not hold may be in a set); held: the tiles some binding's parts can hold;
    common: the tiles every binding's fixed parts need; masks: per binding, (the tiles
        it can hold, the tiles its fixed parts need).
    """

    def __init__(self, mixed: bool, held: int, common: int, masks: list[tuple[int, int]]) -> None:
        self.mixed = mixed
        self.held = held
        self.common = common
        self.masks = masks


def could_be_made(r: Reject, present: int, missing: int = 0) -> bool:
    """Whether a hand holding the tiles of bit mask ``present`` can match some binding:
    it holds every tile the binding's fixed parts name, but ``missing`` of them
    (``missing=1``: one more tile may bring the last), and (a pattern of parts only) no
    tile its parts cannot hold. A necessary condition, cheap to ask first: the tiles
    every binding needs and those no binding can hold are tried before the bindings one
    by one."""
    mixed = r.mixed
    if not mixed and present & ~r.held:
        return False
    lacking = r.common & ~present
    if lacking and (not missing or lacking & (lacking - 1)):
        return False
    for mask, need in r.masks:
        if not mixed and present & ~mask:
            continue
        lacking = need & ~present
        if not lacking or missing and lacking & (lacking - 1) == 0:
            return True
    return False


class Tables:
    """One binding's search tables.

    fixed: the picks of the choices that offer a single unit (made up front);
    by_low: for each tile, the other choices' units whose lowest tile it is, as
        ``(choice number, unit number, unit)`` in that order;
    left: how many picks each choice makes beside the fixed ones;
    distinct: for each choice, whether a unit may be picked once only;
    size: how many tiles a matching hand holds; cap: for each tile, the most of it a
        matching hand can hold.
    """

    def __init__(self, fixed: list[Pick], by_low: list[list[tuple[int, int, tuple[int, ...]]]],
                 left: list[int], distinct: list[bool], size: int, cap: list[int]) -> None:
        self.fixed = fixed
        self.by_low = by_low
        self.left = left
        self.distinct = distinct
        self.size = size
        self.cap = cap

    def admits(self, counts: list[int]) -> bool:
        """No tile held more often than a matching hand holds it."""
        cap = self.cap
        for i in range(len(cap)):
            if counts[i] > cap[i]:
                return False
        return True


def search(b: Tables, rem: list[int], first: bool) -> list[tuple[Pick, ...]]:
    """Every pick of units from ``b`` that uses exactly the counts ``rem`` (restored after).

    The fixed picks are made first. Then the lowest tile left must be the lowest tile
    of the next unit picked (every tile below it is used up), so the search only
    tries units listed under that tile. Picks sharing a lowest tile are taken in
    (choice, unit) order, so each multiset of picks is met once.
    """
    for _, unit in b.fixed:
        for t in unit:
            rem[t] -= 1
    out: list[tuple[Pick, ...]] = []
    if min(rem) >= 0:
        _cover(b, rem, list(b.left), list(b.fixed), out, first, 0, -1, 0, 0)
    for _, unit in b.fixed:
        for t in unit:
            rem[t] += 1
    return out


def _cover(b: Tables, rem: list[int], left: list[int], picked: list[Pick], out: list[tuple[Pick, ...]],
           first: bool, low: int, prev_low: int, prev_choice: int, prev_unit: int) -> None:
    """:func:`search` from tile ``low`` on; the pick before was unit ``prev_unit`` of
    choice ``prev_choice``, listed under ``prev_low`` (-1: none)."""
    n = len(rem)
    while low < n and not rem[low]:
        low += 1
    if low == n:
        for k in left:
            if k:
                return
        out.append(tuple(picked))
        return
    distinct = b.distinct
    for ci, ui, unit in b.by_low[low]:
        if not left[ci]:
            continue
        if prev_low == low and (ci < prev_choice or ci == prev_choice and (
                ui < prev_unit or ui == prev_unit and distinct[ci])):
            continue
        ok = True
        for t in unit:
            rem[t] -= 1
            if rem[t] < 0:
                ok = False
        if ok:
            left[ci] -= 1
            picked.append((ci, unit))
            _cover(b, rem, left, picked, out, first, low, low, ci, ui)
            picked.pop()
            left[ci] += 1
        for t in unit:
            rem[t] += 1
        if first and out:
            return


def matches(bindings: list[Tables], counts: list[int], first: bool) -> list[tuple[int, tuple[Pick, ...]]]:
    """The picks of every binding (by its number) that match ``counts`` exactly; with
    ``first``, the first found only."""
    total = sum(counts)
    found: list[tuple[int, tuple[Pick, ...]]] = []
    for i, b in enumerate(bindings):
        if b.size != total or not b.admits(counts):
            continue
        for picks in search(b, counts, first):
            found.append((i, picks))
        if first and found:
            break
    return found


def completing(bindings: list[Tables], counts: list[int], allowed: list[bool]) -> list[int]:
    """The tiles ``t``, in index order, with which ``counts`` plus ``t`` matches one of
    ``bindings`` exactly, among those ``allowed`` (a tile of which no copy is left to
    come is not). One search of each binding finds them all (:func:`_open`), where
    asking tile by tile searched it once for every tile it can hold one more of."""
    total = sum(counts) + 1
    found = [False] * len(counts)
    for b in bindings:
        if b.size != total or not b.admits(counts):
            continue
        _completing(b, counts, allowed, found)
    return [t for t in range(len(found)) if found[t]]


def _completing(b: Tables, rem: list[int], allowed: list[bool], found: list[bool]) -> None:
    """Mark in ``found`` the allowed tiles that complete ``rem`` to a match of ``b``
    (``rem`` restored after). After the fixed picks a tile short is the missing tile
    itself; two short, or one short twice, is no match."""
    for _, unit in b.fixed:
        for t in unit:
            rem[t] -= 1
    short = -1
    ok = True
    for t in range(len(rem)):
        if rem[t] < 0:
            if rem[t] < -1 or short >= 0:
                ok = False
                break
            short = t
    if ok:
        if short < 0:
            _open(b, rem, list(b.left), allowed, found, 0, -1, 0, 0)
        elif allowed[short] and not found[short]:
            rem[short] += 1
            found[short] = _fits(b, rem, list(b.left), 0, -1, 0, 0)
            rem[short] -= 1
    for _, unit in b.fixed:
        for t in unit:
            rem[t] += 1


def _open(b: Tables, rem: list[int], left: list[int], allowed: list[bool], found: list[bool], low: int,
          prev_low: int, prev_choice: int, prev_unit: int) -> None:
    """:func:`_cover` with one tile ``m`` still to come, any allowed tile not found yet:
    sets ``found[m]`` for each ``m`` with which ``rem`` plus ``m`` is matched.

    :func:`_cover` on ``rem`` plus ``m`` picks units under its lowest tile left, in
    order. Until a pick needs ``m``, those are picks of ``rem`` alone, made here as
    there. The pick that needs ``m`` is either a unit under the lowest tile left that
    holds ``m``, of which ``rem`` has none left, or (``m`` below the lowest tile left, so
    ``rem`` has none of it) a unit under ``m``, taken in :func:`_cover`'s order after the
    pick before it: that order is what keeps a distinct choice's units apart. From that
    pick on ``m`` is known, and :func:`_fits` asks for the rest."""
    n = len(rem)
    while low < n and not rem[low]:
        low += 1
    by_low = b.by_low
    distinct = b.distinct
    # the tile to come below every tile left: a unit under it is the next pick (not
    # under a tile below the pick before it; under the same tile, not before it)
    for m in range(max(prev_low, 0), low):
        if found[m] or not allowed[m]:
            continue
        for ci, ui, unit in by_low[m]:
            if not left[ci]:
                continue
            if prev_low == m and (ci < prev_choice or ci == prev_choice and (
                    ui < prev_unit or ui == prev_unit and distinct[ci])):
                continue
            rem[m] += 1
            ok = True
            for t in unit:
                rem[t] -= 1
                if rem[t] < 0:
                    ok = False
            if ok:
                left[ci] -= 1
                found[m] = _fits(b, rem, left, low, m, ci, ui)
                left[ci] += 1
            for t in unit:
                rem[t] += 1
            rem[m] -= 1
            if found[m]:
                break
    if low == n:
        return
    for ci, ui, unit in by_low[low]:
        if not left[ci]:
            continue
        if prev_low == low and (ci < prev_choice or ci == prev_choice and (
                ui < prev_unit or ui == prev_unit and distinct[ci])):
            continue
        short = -1  # the tile this unit holds and rem has none of: the tile to come
        ok = True
        for t in unit:
            rem[t] -= 1
            if rem[t] < 0:
                if rem[t] < -1 or short >= 0 and short != t:
                    ok = False  # two tiles short, or one twice
                short = t
        if ok:
            left[ci] -= 1
            if short < 0:
                _open(b, rem, left, allowed, found, low, low, ci, ui)
            elif allowed[short] and not found[short]:
                rem[short] += 1
                found[short] = _fits(b, rem, left, low, low, ci, ui)
                rem[short] -= 1
            left[ci] += 1
        for t in unit:
            rem[t] += 1


def _fits(b: Tables, rem: list[int], left: list[int], low: int, prev_low: int, prev_choice: int,
          prev_unit: int) -> bool:
    """Whether :func:`_cover` finds a match (it stops at the first; its picks not kept)."""
    out: list[tuple[Pick, ...]] = []
    _cover(b, rem, left, [], out, True, low, prev_low, prev_choice, prev_unit)
    return bool(out)
