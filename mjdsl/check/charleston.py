"""The Charleston: passes fit the hand, and never ask for more tiles than a hand holds.

Seed (american-rulebook.txt): three tiles on every regular pass; the courtesy pass
is 0-3 tiles; blind passes only on the last pass of a round.
"""

from __future__ import annotations

from .. import ast as A
from ..diagnostics import Diagnostic, error
from .wall import dealt_sizes, seat_count


def check_charleston(ctx) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    ch = ctx.block(A.CharlestonBlock)
    if ch is None:
        return out
    _, hand = dealt_sizes(ctx)
    _check_steps(ch.stmts, hand, out, top=True)
    out += _passes_past_the_kept(ctx, ch, hand)
    n = seat_count(ctx)
    if n % 2:
        for s in _all_steps(ch.stmts):
            if isinstance(s, (A.PassStep, A.CourtesyStep)) and s.direction == "across":
                out.append(error("MJ227", f"a pass across at a table of {n} seats: no seat sits across", s.span,
                                 "pass right or left, or play with an even number of seats"))
    return out


def _all_steps(stmts):
    for s in stmts:
        yield s
        if isinstance(s, A.OptionalRound):
            yield from _all_steps(s.stmts)


def _check_steps(stmts, hand: int, out: list, top: bool) -> None:
    for s in stmts:
        if isinstance(s, A.PassStep):
            if s.count < 1 or (hand and s.count > hand):
                out.append(error("MJ243", f"a pass of {s.count} tiles from a hand of {hand}", s.span,
                                 "pass at least one tile and no more than a hand holds"))
        elif isinstance(s, A.CourtesyStep):
            if s.low > s.high or (hand and s.high > hand):
                out.append(error("MJ243", f"a courtesy pass of {s.low}..{s.high} tiles from a hand of {hand}",
                                 s.span, "write the range low..high, within the hand"))
        elif isinstance(s, A.OptionalRound):
            if not top:
                out.append(error("MJ217", "an optional round inside another optional round", s.span,
                                 "write optional rounds one after another"))
            if not any(isinstance(x, A.PassStep) for x in s.stmts):
                out.append(error("MJ243", f"optional round `{s.name.text}` has no pass", s.span,
                                 "put `pass N direction` lines in it"))
            _check_steps(s.stmts, hand, out, top=False)


def _never_passed(ctx, ch) -> tuple[int, set]:
    """How many tiles of the set no pass may give (``never pass``, jokers ``never
    passed``), and their codes."""
    codes = {w.text for s in _all_steps(ch.stmts) if isinstance(s, A.NeverPass) for w in s.codes}
    jokers = ctx.block(A.JokersBlock)
    if jokers is not None and jokers.tile is not None and jokers.one(A.JokerNeverPassed) is not None:
        codes.add(jokers.tile.text)
    held = sum(ctx.tiles.by_code[c].copies for c in codes if c in ctx.tiles.by_code) if ctx.tiles else 0
    return held, codes


def _passes_past_the_kept(ctx, ch, hand: int) -> list[Diagnostic]:
    """A pass no hand could always make: a hand may hold every tile it never passes, and
    then passes only what is left (found by the generated rulesets: a pass of 4 from a
    hand of 4 that held a joker gave 3 and took 4)."""
    kept, codes = _never_passed(ctx, ch)
    if not kept or hand <= 0:
        return []
    free = hand - min(hand, kept)
    shown = ", ".join(f"`{c}`" for c in sorted(codes))
    out = []
    for s in _all_steps(ch.stmts):
        if isinstance(s, A.PassStep) and 1 <= s.count <= hand and s.count > free:
            out.append(error("MJ243", f"a pass of {s.count} tiles from a hand of {hand} that may hold {min(hand, kept)} "
                                      f"tiles it never passes ({shown}): such a hand has only {free} to pass", s.span,
                             f"pass at most {free} tiles, or let the tiles be passed"))
        elif isinstance(s, A.CourtesyStep) and s.low <= s.high <= hand and s.low > free:
            out.append(error("MJ243", f"a courtesy pass of at least {s.low} tiles from a hand of {hand} that may hold "
                                      f"{min(hand, kept)} tiles it never passes ({shown})", s.span,
                             f"offer from {free} or fewer, or let the tiles be passed"))
    return out
