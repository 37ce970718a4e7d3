"""Simulating many hands: sessions played in order (or by a pool of processes), and
the statistics that ``mjdsl simulate`` prints.

Session ``i`` is seeded ``"S:i"`` and played whole; sessions are consumed in order
until N hands are in, so the same seed gives the same hands, and the same bytes of
JSON, whether one process plays them or several.
"""

from __future__ import annotations

import multiprocessing as mp
from collections import Counter
from typing import Callable, Iterator

from .run import HandRecord, play_session

# Worker processes compile the ruleset once each (an automaton holds closures).
_WORKER: dict = {}


def _init_worker(path: str, sets: list, bot_names: list) -> None:
    from ..bots import make_bot
    from ..frontend.compile import compile_ruleset

    _WORKER["auto"] = compile_ruleset(path, sets)
    _WORKER["bots"] = [make_bot(b) for b in bot_names]


def _worker_session(args) -> list[HandRecord]:
    seed, index, cap = args
    return play_session(_WORKER["auto"], f"{seed}:{index}", _WORKER["bots"], cap)


def sessions(auto, path: str, sets: list, bot_names: list, seed: str, games: int, workers: int = 1
             ) -> Iterator[HandRecord]:
    """Hands of sessions 0, 1, 2... in order, N of them in all."""
    done = 0
    if workers <= 1:
        from ..bots import make_bot

        bots = [make_bot(b) for b in bot_names]
        i = 0
        while done < games:
            for rec in play_session(auto, f"{seed}:{i}", bots, games - done):
                yield rec
                done += 1
            i += 1
        return
    ctx = mp.get_context("spawn")
    with ctx.Pool(workers, initializer=_init_worker, initargs=(path, sets, bot_names)) as pool:
        # every session capped at what could still be needed; extra ones are dropped
        def args() -> Iterator:
            i = 0
            while True:
                yield (seed, i, games)
                i += 1

        for recs in pool.imap(_worker_session, args(), chunksize=1):
            for rec in recs:
                if done >= games:
                    break
                yield rec
                done += 1
            if done >= games:
                pool.terminate()
                break


def summarize(auto, records: list[HandRecord]) -> dict:
    """The statistics of a run, as the JSON contract says (plus more)."""
    by_hand: Counter = Counter()
    events: Counter = Counter()
    won = wall = dead = 0
    turns = decisions = 0
    values = []
    paid = 0.0
    zero_sum = True
    for r in records:
        res = r.result
        if res.get("winner") is not None:
            won += 1
            by_hand[str(res.get("hand"))] += 1
            values.append(float(res.get("value") or 0))
        else:
            wall += 1
        dead += sum(1 for d in r.dead if d)
        events.update(dict(r.events))
        turns += r.turns
        decisions += r.decisions
        paid += sum(x for x in r.returns if x > 0)
        if abs(sum(r.returns)) > 1e-6:
            zero_sum = False
    n = len(records) or 1
    extra = {"players": _players(auto, records)} if auto.session_players > auto.seats else {}
    return {
        "version": 1,
        "hash": auto.hash,
        "ruleset": auto.name,
        "hands": len(records),
        "won": won,
        "wall_games": wall,
        "dead_hands": dead,
        "by_hand": dict(sorted(by_hand.items(), key=lambda kv: (-kv[1], kv[0]))),
        "average_turns": round(turns / n, 3),
        "decisions": decisions,
        "events": dict(sorted(events.items())),
        "payments": {"total_paid": round(paid, 3), "average_value": round(sum(values) / len(values), 3) if values else 0,
                     "zero_sum": zero_sum},
        **extra,
    }


def _players(auto, records: list[HandRecord]) -> dict:
    """What each player of a session with more players than seats won, and how many hands
    they sat out (``HandRecord.players``: the player at each seat)."""
    won = [0.0] * auto.session_players
    out = [0] * auto.session_players
    for r in records:
        for seat, p in enumerate(r.players):
            won[p] += r.returns[seat]
        for p in set(range(auto.session_players)) - set(r.players):
            out[p] += 1
    return {"returns": [round(x, 3) for x in won], "sat_out": out}


def run(auto, path: str, sets: list, bot_names: list, seed: str, games: int, workers: int = 1,
        on_hand: Callable | None = None) -> list[HandRecord]:
    out = []
    for rec in sessions(auto, path, sets, bot_names, seed, games, workers):
        out.append(rec)
        if on_hand is not None:
            on_hand(rec)
    return out
