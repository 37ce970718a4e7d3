"""Responsibility: who fed the set that completed a hand's sets of a kind.

``feeder of N sets where PRED pays [SHARE] for GROUP [when COND]`` (Hong Kong's
responsibility, Singapore's bao, riichi's pao) names the feeder: the player whose
discard the winner claimed, or won on, for the set that brought the winner's sets
matching PRED to N (the third dragon set of great three dragons, the fourth wind set
of great four winds). The sets are those of the best reading, counted in the order
they were made:

- a declared set when it was declared (claimed from a discard: its feeder; a
  concealed kong: nobody);
- a set concealed in the hand as soon as the hand held its tiles: by the engine's
  record of the concealed tiles after each declaration (``HandInput.held_at``); a
  hand scored on its own held them from the start;
- the set the winning tile completed last: on a discard its discarder fed it.

The feeder then takes on SHARE of what each loser of GROUP pays the winner
(:func:`take_on`): the payments stay zero-sum, and a feeder who is itself the loser
named pays what it paid before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

if TYPE_CHECKING:
    from ..ir.model import Automaton
    from .env import HandEnv
    from .tables import Pred


def _held(t, counts: Sequence[int] | None, key) -> bool:
    """Did the concealed tiles ``counts`` hold the set ``key`` (None: held all along)?"""
    if counts is None:
        return True
    need: dict[int, int] = {}
    for i in t.meld_tiles(key[0], key[1]):
        need[i] = need.get(i, 0) + 1
    return all(counts[i] >= n for i, n in need.items())


def feeder(env: HandEnv, count: int, where: Pred) -> int | None:
    """The seat wind of the player who fed the set that brought the winner's sets
    matching ``where`` to ``count``; None when the hand holds fewer, or when that set
    was made from the hand (or the wall)."""
    r = env.reading
    inp = env.inp
    if r is None or not inp.won:
        return None
    t = env.t
    keys = r.keys
    match = [k[0] != "pair" and t.set_pred(where, k) for k in keys]
    if sum(match) < count:
        return None
    declared = len(inp.melds)
    concealed = [i for i in range(declared, len(keys)) if match[i] and i != r.last]
    for j in range(declared):
        counts = inp.held_at[j] if j < len(inp.held_at) else None
        before = sum(match[:j]) + sum(1 for i in concealed if _held(t, counts, keys[i]))
        if before >= count:
            return None  # the hand held them before this set was declared
        if match[j] and before + 1 >= count:
            return inp.fed[j] if j < len(inp.fed) else None
    if sum(match[:declared]) + len(concealed) >= count:
        return None  # completed in the hand, after the last declaration
    if r.last >= 0 and match[r.last] and inp.by_discard:
        return inp.discarder
    return None


def take_on(out: list[float], feeder_seat: int, winner: int, share: float, group: str,
            discarder: int | None) -> None:
    """The feeder takes on ``share`` of each payment to the winner by the losers of
    ``group`` (``losers``, ``discarder``, ``others``), in ``out`` (per seat)."""
    for s in range(len(out)):
        if s in (winner, feeder_seat) or out[s] >= 0:
            continue
        if group == "discarder" and s != discarder or group == "others" and s == discarder:
            continue
        moved = out[s] * share
        out[s] -= moved
        out[feeder_seat] += moved


# env: the winner's HandEnv, typed Any because settle.pay_winner hands it over as
# getattr(winner_result, "context", winner_result), which mypy reads as a union
def apply_feeds(auto: Automaton, env: Any, out: list[float], winner: int, discarder: int | None,
                seat_of: Callable[[int], int | None]) -> None:
    """Apply every ``feeder ... pays`` statement whose condition holds to the winner's
    payments ``out``; ``seat_of`` turns a seat wind into a seat. (Which feeders paid,
    for ``mjdsl score``: :func:`mjdsl.scoring.report.feeders`.)"""
    for f in auto.payments.feeds:
        if f.when is not None and not f.when(env):
            continue
        wind = feeder(env, f.count, f.where)
        seat = seat_of(wind) if wind is not None else None
        if seat is None or seat == winner:
            continue
        take_on(out, seat, winner, f.share, f.group, discarder)
