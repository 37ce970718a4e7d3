"""Card checks of the choices a card prints inside a line (issue 10: cards as card makers
print them): a choice group (``NNNN/SSSS``, MJ297), and the number, wind and staying
choices after ``·`` (``1-5 or 5-9``, ``N and S or E and W``, ``9999 stays``, MJ298;
MJ260 when one has nothing to act on).

Like every card check, :func:`check_choices` reads the compiled card and returns
diagnostics, never raising; it reads only the card's text, so it runs even when the
card's tiles cannot be had.
"""

from __future__ import annotations

from typing import Iterable

from ..diagnostics import Diagnostic, error, warning
from . import ast
from .compiled import CompiledCard
from .expand import number_choice_fits

Kind = ast.AnnotationKind

#: The annotations that move a line's numbers; a line says at most one of them.
_MOVES = (Kind.ANY_RUN, Kind.ANY_ODD, Kind.ANY_EVEN, Kind.NUMBER_CHOICE)
#: The annotations that choose a line's winds; a line says at most one of them.
_WINDS = (Kind.ANY_WIND, Kind.ANY_WIND_EACH, Kind.WIND_CHOICE)
_WIND_LETTERS = frozenset("NEWS")


def check_choices(c: CompiledCard) -> Iterable[Diagnostic]:
    """MJ297 a choice group that cannot stand in one place; MJ298 a choice after ``·``
    that does not fit its line; MJ260 a choice with nothing to act on."""
    for line in c.lines:
        for p in line.patterns:
            for g in p.groups:
                yield from _group_choice(g)
            if p.ways > ast.MAX_WAYS:
                yield error("MJ297", f"the choice groups of this pattern make {p.ways} ways to spell it: at most "
                            f"{ast.MAX_WAYS} are read", p.span,
                            "a printed card needs far fewer: split the line with `or`, or check the groups")
        yield from _both(line, _MOVES, "move the numbers")
        yield from _both(line, _WINDS, "choose the winds")
        for a in line.annotations:
            if a.kind is Kind.NUMBER_CHOICE:
                yield from _number_choice(a, line)
            elif a.kind is Kind.WIND_CHOICE:
                yield from _wind_choice(a, line)
            elif a.kind is Kind.STAYS:
                yield from _stays(a, line)


def _group_choice(g: ast.Group) -> Iterable[Diagnostic]:
    if not g.choices:
        return
    sizes = sorted({len(t) for t in g.choices})
    if len(sizes) > 1:
        yield error("MJ297", f"the alternatives of {g.text} are {' and '.join(map(str, sizes))} tiles: the "
                    "alternatives of one group are the same size", g.span,
                    "for a pung or a kong, write the whole pattern twice joined with `or`")
    twice = sorted({t for t in g.choices if g.choices.count(t) > 1})
    if twice:
        yield error("MJ297", f"{twice[0]} is written twice in {g.text}", g.span, f"write {twice[0]} once")


def _both(line: ast.HandLine, kinds: tuple[Kind, ...], what: str) -> Iterable[Diagnostic]:
    """MJ298 two annotations on one line that both say how to choose the same thing."""
    said = [a for a in line.annotations if a.kind in kinds]
    odd_run = {a.kind for a in said} <= {Kind.ANY_RUN, Kind.ANY_ODD, Kind.ANY_EVEN}
    if len({a.kind for a in said}) > 1 and not odd_run:  # any run with any odd number is MJ275
        yield error("MJ298", f"`{said[0].text}` and `{said[1].text}` on one line: both {what}", said[1].span,
                    f"keep one: `{said[0].text}` or `{said[1].text}`")


def _moving_numbers(line: ast.HandLine) -> list[set[int]]:
    """For every spelled pattern of the line, the numbers that move with it."""
    return [{int(ch) for g in p.groups if line.moves(g) for ch in g.text if ch in ast.RANK_LETTERS}
            for p in line.spelled]


def _number_choice(a: ast.Annotation, line: ast.HandLine) -> Iterable[Diagnostic]:
    printed = [n for n in _moving_numbers(line) if n]
    if not printed:
        yield warning("MJ260", f"`{a.text}` has no effect here: the line has no numbers to move "
                      "(a year and a staying group stay as printed)", a.span, "remove it")
        return
    for choice in a.choices:
        if not any(number_choice_fits(choice, n) for n in printed):
            numbers = sorted(printed[0])
            yield error("MJ298", f"`{'-'.join(choice)}` does not fit the line's numbers "
                        f"{' '.join(map(str, numbers))}: a choice names the lowest and the highest they become",
                        a.span, f"the numbers as printed are `{numbers[0]}-{numbers[-1]}`; a choice spans "
                        f"{numbers[-1] - numbers[0]} like them (`1-5 or 5-9` for a run of five)")
            return


def _wind_choice(a: ast.Annotation, line: ast.HandLine) -> Iterable[Diagnostic]:
    first = a.choices[0]
    written = {ch for p in line.spelled for g in p.groups for ch in g.text if ch in _WIND_LETTERS}
    missing = [w for w in first if w not in written]
    if missing:
        yield error("MJ298", f"`{a.text}` starts with {missing[0]}, a wind the line does not print: the first "
                    "choice is the winds as printed", a.span,
                    f"start with the line's winds ({' and '.join(sorted(written)) or 'none'})")
    for alt in a.choices:
        if len(alt) != len(first):
            yield error("MJ298", f"`{' and '.join(alt)}` names {_winds(len(alt))} and `{' and '.join(first)}` "
                        f"{len(first)}: each choice names as many winds", a.span,
                        "write each choice with one wind for each wind printed")
            return
        if len(set(alt)) != len(alt):
            yield error("MJ298", f"`{' and '.join(alt)}` names a wind twice: different winds stay different",
                        a.span, "name each wind of a choice once")
            return


def _winds(n: int) -> str:
    return f"{n} wind" + ("s" if n != 1 else "")


def _stays(a: ast.Annotation, line: ast.HandLine) -> Iterable[Diagnostic]:
    texts = {g.text for p in line.spelled for g in p.groups}
    for name in a.choices[0]:
        if name not in texts:
            yield error("MJ298", f"`{a.text}` names {name}, and the line has no such group", a.span,
                        "name a group as it is printed on the line")
        elif not any(ch in ast.RANK_LETTERS for ch in name):
            yield error("MJ298", f"{name} has no numbers: only numbers move, so it stays anyway", a.span,
                        "name a group of numbers, or remove the annotation")
    if not any(line.has(k) for k in _MOVES):
        yield warning("MJ260", f"`{a.text}` has no effect here: nothing on the line moves the numbers", a.span,
                      "add `any run or number` (or another choice of numbers), or remove it")
