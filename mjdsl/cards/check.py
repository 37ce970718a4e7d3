"""Card checks: what a card author needs to hear before printing a card.

Each check is a plain function ``check_x(compiled) -> Iterable[Diagnostic]`` listed
in :data:`CHECKS`; checks return diagnostics and never raise. :func:`check_card`
compiles the card against a tile set (which reports the patterns that cannot be read:
suit letters, unknown tiles) and runs them all, in a stable order. Overlaps between
lines (two lines that the same tiles make) live in ``overlap.py``.
"""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING, Iterable

import attrs

from ..diagnostics import Diagnostic, error, sort_key, warning
from ..tiles import TileSet
from . import ast
from .compiled import CompiledCard
from .expand import compile_card
from .choices import check_choices
from .overlap import check_overlaps
from .pattern import HAND_SIZE

if TYPE_CHECKING:
    from collections.abc import Callable

    #: a card check: diagnostics of a compiled card (``check_x`` below, :data:`CHECKS`)
    CardCheck = Callable[[CompiledCard], Iterable[Diagnostic]]


#: The wind letters of the notation.
WINDS = frozenset("NEWS")

#: A printed card has about 50-80 lines; far past that, comparing every pair of lines
#: (the overlap check) would take minutes, so a longer card is refused.
MAX_LINES = 300


def check_card(card: ast.Card, tiles: TileSet, checks: Iterable[CardCheck] | None = None, *, overlaps: bool = True
               ) -> tuple[CompiledCard, list[Diagnostic]]:
    """Compile ``card`` against ``tiles`` and run every check (or those of ``checks``);
    diagnostics sorted by place.

    ``overlaps=False`` leaves out the overlap check (warnings only): what ``match``,
    ``hint`` and ``render`` run before they use a card, refusing one with errors."""
    if len(card.lines) > MAX_LINES:
        # refused before expanding: a huge card is not compiled at all
        return compile_card(attrs.evolve(card, sections=()), tiles), [_too_long(card)]
    compiled = compile_card(card, tiles)
    diags = list(compiled.diagnostics)
    over_budget = any(d.code == "MJ272" for d in diags)
    # a card past its variant budget was not expanded in full: only the text checks apply
    chosen = CHECKS if checks is None else checks
    for check in (c for c in chosen if c in TILE_FREE) if over_budget else chosen:
        if not overlaps and check is check_overlaps:
            continue
        try:
            diags.extend(check(compiled))
        except Exception as e:  # a bug in one check must not hide the others' findings (as run_checks)
            diags.append(error("MJ299", f"internal error in {check.__name__}: {e!r}", card.span,
                               "please report this with the card that caused it"))
    return compiled, sorted(diags, key=sort_key)


def _too_long(card: ast.Card) -> Diagnostic:
    return error("MJ271", f"a card of {len(card.lines)} lines: a card holds at most {MAX_LINES}",
                 card.span, "split it, or check that a generator did not repeat its lines")


@attrs.frozen
class CardOnly:
    """A card not compiled (its tile set could not be had): what the tile-free checks read."""

    card: ast.Card
    lines: tuple


def check_card_without_tiles(card: ast.Card) -> list[Diagnostic]:
    """The checks that need no tile set (sizes, annotations, points, layout), for a card
    whose ``tiles`` ruleset is missing: one bad path does not hide the card's other errors."""
    if len(card.lines) > MAX_LINES:
        return [_too_long(card)]
    c = CardOnly(card, card.lines)
    return [d for check in TILE_FREE for d in check(c)]  # type: ignore[arg-type]


def check_size(c: CompiledCard) -> Iterable[Diagnostic]:
    """MJ250: every pattern is fourteen tiles."""
    for line in c.lines:
        for written in line.patterns:
            sizes = {s.size for s in written.spelled()}
            if len(sizes) > 1:
                continue  # a choice group whose alternatives differ in size: MJ297 says so
            p = attrs.evolve(written, groups=written.spelled()[0].groups)
            if p.size != HAND_SIZE:
                hint = "a hand on the card is 14 tiles, exposures included"
                if p.size + len(str(line.points)) == HAND_SIZE and len(line.patterns) == 1:
                    hint = f"is the points value missing? {line.points} was read as the points"
                tiles = f"{p.size} tile" + ("s" if p.size != 1 else "")
                yield error("MJ250", f"this hand is {tiles}, not {HAND_SIZE}", p.span, hint)


def check_feasible(c: CompiledCard) -> Iterable[Diagnostic]:
    """MJ256/MJ257: variants, or whole lines, that no tiles can make."""
    kept = {v.line for v in c.variants}
    by_line: dict[int, list] = {}
    for d in c.dropped:
        by_line.setdefault(d.variant.line, []).append(d)
    for i, drops in sorted(by_line.items()):
        line = c.lines[i]
        first = drops[0]
        suits = ", ".join(f"{x}={s}" for x, s in first.variant.suits)
        which = f" (e.g. {suits})" if suits else ""
        if i in kept:
            yield warning(
                "MJ256",
                f"{len(drops)} variant(s) of this line cannot be made{which}: {first.reason}",
                line.patterns[first.variant.pattern].span,
                "those variants are left out; change the line if they were meant to be playable",
            )
        else:
            yield error(
                "MJ257",
                f"no tiles can make this line: {first.reason}",
                line.patterns[first.variant.pattern].span,
                "pairs, singles, the year and NEWS take no jokers: use fewer natural copies of that tile",
            )


#: Idle alternatives reported one by one per line; the rest are counted in one warning.
MAX_IDLE_SHOWN = 3


def check_duplicates(c: CompiledCard) -> Iterable[Diagnostic]:
    """MJ259: a line that makes exactly the hands of an earlier one; MJ266: an idle alternative."""
    keys: dict[int, set] = {}
    patterns_made: dict[tuple[int, int], int] = {}
    for v in c.variants:
        keys.setdefault(v.line, set()).add(v.key())
        patterns_made[(v.line, v.pattern)] = patterns_made.get((v.line, v.pattern), 0) + 1
    seen: dict[frozenset, int] = {}
    for i in sorted(keys):
        k = frozenset(keys[i])
        if k in seen:
            earlier = c.lines[seen[k]]
            yield warning(
                "MJ259",
                f"this line makes the same hands as line {earlier.line} ({earlier.text})",
                c.lines[i].span,
                "remove one of them",
            )
        else:
            seen[k] = i
    broken = {d.span.line for d in c.diagnostics if d.is_error}
    for i, line in enumerate(c.lines):
        idle = [pattern for p, pattern in enumerate(line.patterns)
                if p and (i, p) not in patterns_made and pattern.span.line not in broken]
        for pattern in idle[:MAX_IDLE_SHOWN]:
            yield warning(
                "MJ266",
                "this alternative adds no hands: an earlier pattern of the line makes them all",
                pattern.span,
                "remove it, or change its suits or groups",
            )
        if len(idle) > MAX_IDLE_SHOWN:
            yield warning("MJ266", f"{len(idle) - MAX_IDLE_SHOWN} more alternatives of this line add no hands",
                          idle[MAX_IDLE_SHOWN].span, "the first ones are shown; remove them all")


def check_annotations(c: CompiledCard) -> Iterable[Diagnostic]:
    """MJ260 an annotation with no effect, MJ261 an unknown one, MJ265 one written twice."""
    known = sorted(ast.ANNOTATIONS)
    for line in c.lines:
        seen: set = set()
        for a in line.annotations:
            if a.kind is None:
                # a phrase cut short (`any run`) means the phrase it begins, not the nearest spelling
                close = [k for k in known if k.startswith(a.text)] or difflib.get_close_matches(a.text, known, n=1)
                hint = f"did you mean `{close[0]}`?" if close else "the annotations are " + ", ".join(known)
                if any(ch in "123456789NEWS" for w in a.words for ch in w):  # numbers or winds: a choice
                    hint = "a choice is written as printed: `1-5 or 5-9`, `N and S or E and W`, `9999 stays`"
                if a.words[-1].isdigit() and a.words[:-1] and " ".join(a.words[:-1]) in ast.ANNOTATIONS:
                    hint = (f"`{' '.join(a.words[:-1])}` then {a.words[-1]}: the points are the last number "
                            "on the line, once")
                yield error("MJ261", f"unknown annotation `{a.text}`", a.span, hint)
                continue
            if a.kind in seen:
                yield warning("MJ265", f"`{a.text}` is written twice on this line", a.span, "remove one")
            seen.add(a.kind)
            why = _no_effect(a.kind, line)
            if why:
                yield warning("MJ260", f"`{a.text}` has no effect here: {why}", a.span, "remove it")
            yield from _parity(a, line)


def _parity(a: ast.Annotation, line: ast.HandLine) -> Iterable[Diagnostic]:
    """MJ274 ``any odd number`` on a line printed with an even number (or the reverse);
    MJ275 a line that also says ``any run or number`` (which moves by one)."""
    odd = {ast.AnnotationKind.ANY_ODD: 1, ast.AnnotationKind.ANY_EVEN: 0}.get(a.kind) if a.kind else None
    if odd is None:
        return
    wrong = sorted({int(ch) for p in line.spelled for g in p.groups if line.moves(g)
                    for ch in g.text if ch in ast.RANK_LETTERS and int(ch) % 2 != odd})
    if wrong:
        lowest = "1" if odd else "2"
        yield error("MJ274", f"`{a.text}` on a line printed with {', '.join(map(str, wrong))}: the numbers move "
                    "by two and keep the oddness they are printed with", a.span,
                    f"print the {'odd' if odd else 'even'} numbers from the lowest (`{lowest}{lowest}{lowest}`)")
    if line.has(ast.AnnotationKind.ANY_RUN):
        yield error("MJ275", f"`any run or number` and `{a.text}` on one line: one says the numbers move by one, "
                    "the other by two", a.span, f"keep `{a.text}` for like {'odd' if odd else 'even'} numbers, "
                    "or `any run or number` for any")


def _no_effect(kind: ast.AnnotationKind, line: ast.HandLine) -> str:
    groups = [g for p in line.spelled for g in p.groups]
    text = "".join(g.text for g in groups)
    digits = [int(ch) for g in groups if line.moves(g) for ch in g.text if ch in ast.RANK_LETTERS]
    if kind in (ast.AnnotationKind.ANY_ODD, ast.AnnotationKind.ANY_EVEN) and not digits:
        return "the line has no numbers to move (a year stays as printed)"
    if kind is ast.AnnotationKind.ANY_RUN:
        if not digits:
            return "the line has no numbers to move (a year stays as printed)"
        # with `or`, the annotation counts if any one alternative can move
        movable = [p for p in line.spelled
                   if (ds := [int(ch) for g in p.groups if line.moves(g) for ch in g.text if ch in ast.RANK_LETTERS])
                   and max(ds) < 9]
        if not movable:
            return "its numbers already reach 9 and cannot move up"
    if kind in (ast.AnnotationKind.ANY_WIND, ast.AnnotationKind.ANY_WIND_EACH):
        windy = [g for g in groups if any(ch in WINDS for ch in g.text)]
        if not windy:
            return "the line has no winds"
        if all(set(g.text) >= WINDS and not g.same for g in windy):
            return "its only winds are NEWS, one of each, whichever wind each letter stands for"
    if kind is ast.AnnotationKind.ANY_DRAGON and "D" not in text:
        return "the line has no D group"
    if kind is ast.AnnotationKind.NO_JOKERS and not any(
        g.same and g.size >= 3 for p in line.spelled for g in p.groups
    ):
        return "no group of the line takes jokers anyway"
    return ""


def check_points(c: CompiledCard) -> Iterable[Diagnostic]:
    """MJ262 points outside the card's usual range; MJ263 a range that runs backwards."""
    rng = c.card.points
    if rng is None:
        return
    if rng.low > rng.high:
        yield error("MJ263", f"points range {rng.low}..{rng.high} runs backwards", rng.span,
                    f"write `points {rng.high}..{rng.low}`")
        return
    for line in c.lines:
        if not rng.low <= line.points <= rng.high:
            yield warning(
                "MJ262",
                f"{line.points} points is outside this card's usual {rng.low}..{rng.high}",
                line.points_span,
                "check the value, or widen the card's `points` range",
            )


def check_year(c: CompiledCard) -> Iterable[Diagnostic]:
    """MJ215: a year group that is not the card's ``year`` (last year's line, not updated)."""
    if c.card.year is None:
        return
    year = str(c.card.year.value)
    for line in c.lines:
        for g in dict.fromkeys(g for p in line.spelled for g in p.groups):
            if g.is_year and g.text != year:
                yield warning("MJ215", f"the year group {g.text} is not the card's year {year}", g.span,
                              f"write {year}, or change the card's `year` line")


def check_layout(c: CompiledCard) -> Iterable[Diagnostic]:
    """MJ264 repeated header statements, MJ267 empty sections, MJ268 a card with no lines."""
    for span in c.card.repeated:
        yield warning("MJ264", "this header statement is written twice; the first one counts", span,
                      "remove one of them")
    for s in c.card.sections:
        if not s.lines:
            yield warning("MJ267", f"section {s.title!r} has no hand lines", s.span,
                          "remove it or add its lines")
    if not c.lines:
        yield warning("MJ268", "this card has no hand lines", c.card.span, "add the card's hands")


#: Every card check, in the order they run.
CHECKS = (check_size, check_feasible, check_duplicates, check_annotations, check_choices, check_points, check_year,
          check_layout, check_overlaps)

#: The checks that read only the card's text, not its variants.
TILE_FREE = (check_size, check_annotations, check_choices, check_points, check_year, check_layout)

#: The checks quick enough for every pause in typing: all but the overlaps, which compare
#: every pair of lines (half a second on the club card); an editor runs those on save.
AS_YOU_TYPE = tuple(c for c in CHECKS if c is not check_overlaps)
