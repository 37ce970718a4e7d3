"""Knitted tiles and singles in a pattern: rank groups that can be bound, counts that can be met.

- ``knitted 147 258 369`` ties each group of digits to a different suit: every digit
  must be a rank of the suits, no digit twice in a group, and no more groups than
  the tile set has suits (no binding would exist, the pattern could never be made):
  MJ295;
- ``singles N of CLASS`` asks for N different tiles of the class: at least one, and
  no more than the class holds (the knitted terms bound to suits), else no hand makes
  it: MJ296.

The sizes a pattern makes against the dealt hand are MJ245 (:mod:`.winning`).
"""

from __future__ import annotations

from .. import ast as A
from ..diagnostics import Diagnostic, error


def _classes(stmt):
    tiles = getattr(stmt, "tiles", None)
    return (tiles,) if isinstance(tiles, A.ClassUnion) else ()


def check_knitted(ctx) -> list[Diagnostic]:
    win = ctx.block(A.WinningBlock)
    if win is None or ctx.tiles is None:
        return []
    suits = ctx.tiles.suits
    ranks = set.intersection(*(set(s.ranks) for s in suits)) if suits else set()
    out: list[Diagnostic] = []
    for p in win.all(A.PatternDecl):
        for s in p.stmts:
            for tc in _classes(s):
                if tc.knitted is not None:
                    out.extend(_knit_groups(tc.knitted, len(suits), ranks))
            if isinstance(s, A.PatSingles):
                out.extend(_singles(ctx, p, s))
    return out


def _knit_groups(k: A.KnitRanks, n_suits: int, ranks: set[int]) -> list[Diagnostic]:
    out = []
    if len(k.groups) > n_suits:
        out.append(error("MJ295", f"{len(k.groups)} knitted rank groups, but the tiles have {n_suits} suit(s): each "
                                  "group is in a different suit", k.span,
                         f"give at most {n_suits} groups (`knitted 147 258 369` for three suits)"))
    for g in k.groups:
        text = "".join(map(str, g))
        bad = sorted({r for r in g if r not in ranks})
        if bad:
            out.append(error("MJ295", f"knitted group {text}: {', '.join(map(str, bad))} is not a rank of every suit",
                             k.span, f"each digit is a rank the suits hold ({min(ranks, default=1)}.."
                                     f"{max(ranks, default=9)})"))
        elif len(set(g)) != len(g):
            out.append(error("MJ295", f"knitted group {text} names a rank twice", k.span,
                             "write each rank of a group once (`147`)"))
    return out


def _singles(ctx, p: A.PatternDecl, s: A.PatSingles) -> list[Diagnostic]:
    if s.count < 1:
        return [error("MJ296", f"`singles {s.count}`: a part of no tiles", s.span,
                      "ask for one single or more, or leave the line out")]
    from ..hands.patterns import Singles, compiled, Pattern
    from ..ir.lower import _tile_class

    try:
        part = Singles(s.count, _tile_class(s.tiles))
        probe = compiled(Pattern(p.name.text, (Singles(1, part.tiles),)), ctx.tiles)
    except Exception:  # noqa: BLE001 - codes or classes the other checks refuse
        return []
    held = max((len(c.units) for b in probe.bindings for c in b.choices), default=0)
    if held < s.count:
        return [error("MJ296", f"`singles {s.count}`: the class holds {held} different tile(s)", s.span,
                      f"ask for at most {held}, or name a larger class")]
    return []
