"""Card to concrete variants: the compiler expands suits, runs and winds.

Nobody writes variants by hand. For each pattern of a line, every injective choice
of suits for its suit letters, every offset of an ``any run or number`` line (the
numbers move up together, staying in the suit's ranks; 0, D, winds, flowers and the
year stay),
every choice of winds for ``any wind`` and of dragons for ``any dragon`` gives a
variant. Identical variants are kept once; variants no tiles can make (more natural
copies of a tile than the set holds, more jokers than it has) are set aside with the
reason, for the checks.
"""

from __future__ import annotations

import itertools
from typing import Iterator

import numpy as np

from ..diagnostics import Diagnostic, error
from ..tiles import Suit, TileSet
from . import ast
from .compiled import CompiledCard, Dropped, Variant, VariantGroup, build_tables
from .pattern import Resolved, letter_tile, resolve


#: At most this many variants are generated for a whole card (the Club card 2026 makes
#: about 900); past it the card is refused (MJ272), so that expanding a hostile card and
#: comparing its variants pair by pair stays within seconds and a few hundred MB.
MAX_GENERATED = 8_000


def compile_card(card: ast.Card, tiles: TileSet) -> CompiledCard:
    """Expand every line of ``card`` against ``tiles``; never raises on a bad card."""
    lines = card.lines
    diags: list[Diagnostic] = []
    generated = 0
    kept: list[Variant] = []
    dropped: list[Dropped] = []
    copies = tiles.copies_vector()
    joker = tiles.joker
    jokers = joker.copies if joker is not None else 0
    for index, line in enumerate(lines):
        seen: set[tuple] = set()
        for p, resolved in _resolved(line, tiles, diags):
            for var in expand_pattern(resolved, line, index, p, tiles):
                generated += 1
                if generated > MAX_GENERATED:
                    break
                key = var.key()
                if key in seen:
                    continue
                seen.add(key)
                why = _infeasible(var, copies, jokers, tiles)
                if why is None:
                    kept.append(var)
                else:
                    dropped.append(Dropped(var, *why))
            if generated > MAX_GENERATED:
                break
        if generated > MAX_GENERATED:
            diags.append(error(
                "MJ272", f"the card makes more than {MAX_GENERATED} variants by this line: too many to check",
                line.span, "a printed card makes about a thousand; use fewer `any ...` annotations or lines"))
            break
    variants = tuple(kept)
    return CompiledCard(
        card=card,
        tiles=tiles,
        lines=lines,
        variants=variants,
        dropped=tuple(dropped),
        diagnostics=tuple(diags),
        tables=build_tables(variants, lines, tiles.size),
        joker=joker.index if joker is not None else None,
    )


def _resolved(line: ast.HandLine, tiles: TileSet, diags: list[Diagnostic]) -> Iterator[tuple[int, Resolved]]:
    """Each pattern of the line (by its index) resolved, once for every way of spelling its
    choice groups (``NNNN/SSSS``); the problems found are added to ``diags``, once each."""
    for p, written in enumerate(line.patterns):
        said = set()
        for pattern in written.spelled():
            resolved, problems = resolve(pattern, line, tiles)
            for d in problems:  # the same problem in every way: said once, at its place
                if (d.code, d.span) not in said:
                    said.add((d.code, d.span))
                    diags.append(d)
            if resolved is not None:
                yield p, resolved


def expand_pattern(r: Resolved, line: ast.HandLine, index: int, p: int, tiles: TileSet) -> Iterator[Variant]:
    """Every concrete variant of one resolved pattern (duplicates included)."""
    codes = tiles.by_code
    moving = [line.moves(slot.group) for slot in r.slots]  # once a pattern, not once a variant
    wind_maps = list(_wind_maps(r, line, tiles))
    dragon_maps = list(_dragon_maps(r, line, tiles))
    for suits in itertools.permutations(tiles.suits, len(r.letters)):
        by_letter = dict(zip(r.letters, suits))
        for offset in _offsets(r, line, by_letter):
            for winds in wind_maps:
                for dragons in dragon_maps:
                    need = np.zeros(tiles.size, dtype=np.int16)
                    natural = np.zeros(tiles.size, dtype=np.int16)
                    groups = []
                    for slot, slot_winds, moves in zip(r.slots, winds, moving):
                        suit = by_letter.get(slot.letter) if slot.letter else None
                        moved = offset if moves else 0
                        found = [_code(ch, suit, moved, slot_winds, dragons.get(slot.letter), tiles)
                                 for ch in slot.group.text]
                        if None in found:  # a rank this suit lacks: not a hand of this set
                            break
                        idx = tuple(codes[c].index for c in found)
                        np.add.at(need, list(idx), 1)
                        if not slot.jokers:
                            np.add.at(natural, list(idx), 1)
                        groups.append(VariantGroup(idx, slot.jokers, slot.group.text, slot.group.span))
                    else:
                        yield Variant(
                            line=index,
                            pattern=p,
                            need=need,
                            natural=natural,
                            groups=tuple(groups),
                            suits=tuple((x, s.name) for x, s in by_letter.items()),
                            offset=offset,
                        )


def _code(ch: str, suit: Suit | None, offset: int, winds: dict, dragon: str | None, tiles: TileSet) -> str | None:
    """The tile code one letter of a group stands for in this variant (None: no such tile)."""
    if ch in ast.RANK_LETTERS:
        assert suit is not None, "the card checks gave every numbered group a suit letter"
        kind = tiles.suited(suit.name, int(ch) + offset)
        return kind.code if kind is not None else None
    if ch == "D":
        return dragon if dragon is not None or suit is None else suit.dragon
    return winds.get(ch) or letter_tile(tiles, ch)


def _offsets(r: Resolved, line: ast.HandLine, by_letter: dict[str, Suit]) -> range | list[int]:
    """How far the numbers may move: 0 only, unless ``any run or number`` (any distance
    up), ``any odd number`` / ``any even number`` (steps of two: the numbers keep the
    oddness they are printed with) or a number choice (``1-5 or 5-9``: each choice's
    lowest number is where the line's lowest moves to). A year and a staying group
    (``9999 stays``) do not move."""
    ranks = [(int(ch), by_letter[s.letter]) for s in r.slots
             if line.moves(s.group) and s.letter is not None  # numbered groups have suit letters (card checks)
             for ch in s.group.text if ch in ast.RANK_LETTERS]
    if not ranks:  # nothing to move (honours, a year, staying groups): the line as printed, once (MJ260)
        return [0]
    choice = line.annotation(ast.AnnotationKind.NUMBER_CHOICE)
    if choice is not None:
        printed = {n for n, _ in ranks}
        wanted = dict.fromkeys(int(c[0]) - min(printed) for c in choice.choices if number_choice_fits(c, printed))
        return [k for k in wanted if all(n + k in suit.ranks for n, suit in ranks)]
    parity = line.has(ast.AnnotationKind.ANY_ODD) or line.has(ast.AnnotationKind.ANY_EVEN)
    if not line.has(ast.AnnotationKind.ANY_RUN) and not parity:
        return [0]
    # the distances that fit are one unbroken stretch (a suit's ranks are low..high), which
    # starts past 1 when the suits start above the printed numbers (a set of 3..11)
    out: list[int] = []
    for k in range(0, max(suit.ranks[-1] for _, suit in ranks) + 1):
        if parity and k % 2:
            continue
        if all(n + k in suit.ranks for n, suit in ranks):
            out.append(k)
        elif out:
            break
    return out


def number_choice_fits(choice: tuple[str, ...], printed: set[int]) -> bool:
    """Whether one choice of ``1-5 or 5-9`` names the line's moving numbers (``printed``)
    moved: its first number the lowest, its last the highest, any between among them
    (MJ298 otherwise). Both callers ask only with numbers printed (``_offsets`` and
    ``choices._number_choice`` answer a line without them first), and a choice is never
    empty (the grammar reads at least one number)."""
    k = int(choice[0]) - min(printed)
    moved = {n + k for n in printed}
    return int(choice[-1]) == max(moved) and all(int(c) in moved for c in choice)


def _wind_maps(r: Resolved, line: ast.HandLine, tiles: TileSet) -> Iterator[tuple[dict[str, str], ...]]:
    """The winds each slot's wind letters stand for, one dict a slot. ``any wind``: any
    winds, different letters different winds; ``any wind each``: the same, group by
    group, each group choosing on its own; ``N and S or E and W``: the winds of the
    first choice become those of each choice in turn. Otherwise the winds as written."""
    n = len(r.slots)
    choice = line.annotation(ast.AnnotationKind.WIND_CHOICE)
    if choice is not None:
        for alt in dict.fromkeys(choice.choices):
            yield (dict(zip(choice.choices[0], alt)),) * n
        return
    winds = [k.code for k in tiles.of_class("wind")]
    if line.has(ast.AnnotationKind.ANY_WIND_EACH):
        per_slot = [list(_any_winds([s], winds)) for s in r.slots]
        yield from itertools.product(*per_slot)
        return
    if not line.has(ast.AnnotationKind.ANY_WIND):
        yield ({},) * n
        return
    for chosen in _any_winds(r.slots, winds):
        yield (chosen,) * n


def _any_winds(slots, winds: list[str]) -> Iterator[dict[str, str]]:
    """Every way to give the wind letters of ``slots`` winds, different letters different winds."""
    used = list(dict.fromkeys(ch for s in slots for ch in s.group.text if ch in winds))
    for chosen in itertools.permutations(winds, len(used)):
        yield dict(zip(used, chosen))


def _dragon_maps(r: Resolved, line: ast.HandLine, tiles: TileSet) -> Iterator[dict[str | None, str]]:
    """``any dragon``: each suit letter under a D group picks any dragon, different letters
    different dragons, instead of the dragon of its suit."""
    if not line.has(ast.AnnotationKind.ANY_DRAGON):
        yield {}
        return
    dragons = [k.code for k in tiles.of_class("dragon")]
    # a dragon group with no suit letter ("-") is keyed None: it still takes one dragon
    used: list[str | None] = list(dict.fromkeys(s.letter for s in r.slots if "D" in s.group.text))
    for chosen in itertools.permutations(dragons, len(used)):
        yield dict(zip(used, chosen))


def _infeasible(var: Variant, copies: np.ndarray, jokers: int, tiles: TileSet) -> tuple[str, int | None] | None:
    """Why no tiles can make this variant, or None when some can."""
    over = np.nonzero(var.natural > copies)[0]
    if len(over):
        t = int(over[0])
        return (f"needs {int(var.natural[t])} natural {tiles.kinds[t].code}, the set holds {int(copies[t])}", t)
    short = int(np.maximum(var.need - copies, 0).sum())
    if short > jokers:
        return (f"needs {short} jokers beyond the natural tiles, the set holds {jokers}", None)
    return None
