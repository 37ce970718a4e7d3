"""Game logs: a hand as compact JSON (ruleset hash, options, dealer, the session
context the settlement reads, actions, result), and replaying one, checking every step.
"""

from __future__ import annotations

import json
import os
import zlib
from typing import TYPE_CHECKING, Callable

from ..diagnostics import InputError
from .game import CHANCE, Game, IllegalAction
from .log_check import validate_log
from .chance import chance_action, chance_stream

if TYPE_CHECKING:
    from ..ir.model import Automaton
    from .run import HandRecord

LOG_VERSION = 1
#: A digest of the state every this many steps lets replay name the step that differs.
DIGEST_EVERY = 10


def state_digest(game: Game) -> str:
    """A short checksum of everything on the table and in the hands, and of what the
    settlement reads besides (announcements made, frozen hands)."""
    st = game.st
    parts: tuple = (st.node, st.hands, [[(e.kind, e.tile, e.size, e.jokers) for e in x] for x in st.exposures],
             st.discards, st.bonus, st.head, st.tail, st.dead, st.returns,
             _canonical(st.pending), _canonical(st.offers), st.announced, st.frozen)
    if game.auto.tiles.variants:  # which copies are where (red fives): replay must agree on them too
        parts += (st.held_variants, [[e.copies for e in x] for x in st.exposures], st.discard_copies)
    return format(zlib.crc32(repr(parts).encode()), "08x")


def _canonical(x):
    """``x`` with every dict as its items sorted by the repr of the key, so the digest
    does not depend on insertion order. A simultaneous step keeps choices by seat, the
    turn keeps an offer (``"announce"``) by name: keys of mixed types sort by repr."""
    if isinstance(x, dict):
        return sorted(((repr(k), _canonical(v)) for k, v in x.items()), key=lambda kv: kv[0])
    if isinstance(x, (list, tuple)):
        return [_canonical(v) for v in x]
    return x


def hand_log(auto: Automaton, rec: HandRecord, ruleset_path: str, options_set: dict) -> dict:
    """The log of a hand played with its state digests (``run.play_hand``'s default)."""
    if not rec.digests:  # a played hand has at least the last step's: this one was played without
        raise ValueError("a hand played without state digests (play_hand(digests=False)) cannot be logged")
    return {
        "version": LOG_VERSION,
        "ruleset": ruleset_path,
        "ruleset_abs": os.path.abspath(ruleset_path),
        "hash": auto.hash,
        "set": options_set,
        "seed": rec.seed,
        "dealer": rec.dealer,
        "round_wind": auto.tiles.kinds[rec.round_wind].code if rec.round_wind is not None else None,
        # what the session carries into the hand (the dealer's streak): settlement reads it
        "context": dict(rec.context),
        "actions": list(rec.actions),
        "digests": list(rec.digests),  # taken as the hand was played (run.play_hand)
        "result": _jsonable(rec.result),
        "returns": list(rec.returns),
    }


def _jsonable(x):
    return json.loads(json.dumps(x, default=str))


#: No log of one hand is near this size; a bigger file is refused before it is read.
MAX_LOG_BYTES = 10_000_000


def read_json(path: str, what: str, missing: str) -> dict:
    """A JSON object from a file (a log, a saved game); InputError ``missing`` if there is
    none, "not a WHAT" if it is not one (not a regular file, too large, not JSON)."""
    try:
        if os.path.exists(path) and not os.path.isfile(path):
            raise InputError(f"{path}: not a {what} (not a regular file)")
        if os.path.getsize(path) > MAX_LOG_BYTES:
            raise InputError(f"{path}: not a {what} (larger than {MAX_LOG_BYTES // 1_000_000} MB)")
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except FileNotFoundError:
        raise InputError(f"{path}: {missing}") from None
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as e:
        raise InputError(f"{path}: not a {what} ({str(e)[:80]})") from None
    except OSError as e:
        raise InputError(f"{path}: cannot read the {what}: {e.strerror or e}") from None
    if not isinstance(data, dict):
        raise InputError(f"{path}: not a {what}")
    return data


def read_log(path: str) -> dict:
    """A game log, every field validated (``log_check.validate_log``); InputError if not."""
    return validate_log(read_json(path, "game log", "no such log file"), path, LOG_VERSION)


def replay(auto: Automaton, data: dict,
           on_step: Callable[[int, int, int, Game], object] | None = None) -> tuple[bool, str]:
    """Re-run a log; (True, summary) when every step checks, else (False, what failed).

    Everything the log says is checked: its deal is the one its seed gives (each chance
    outcome), every step is legal, the state matches each digest (none may be missing),
    and the hand ends where the log does with the result and settlement it records."""
    if data["hash"] != auto.hash:
        return False, f"the log was written with ruleset hash {data['hash']}, this ruleset is {auto.hash}"
    try:
        rw = auto.tiles.index(data["round_wind"]) if data["round_wind"] is not None else None
    except InputError as e:
        return False, str(e)
    game = Game(auto, dealer=data["dealer"], round_wind=rw, context=data.get("context") or {})
    digests = list(data["digests"])
    n = len(data["actions"])
    wanted = n // DIGEST_EVERY + (1 if n % DIGEST_EVERY else 0)
    if len(digests) != wanted:
        return False, (f"the log has {n} steps and {len(digests)} state digests, where {n} steps take {wanted}: "
                       "steps or digests were added or taken out")
    chance = chance_stream(data["seed"])
    for i, a in enumerate(data["actions"]):
        if game.is_terminal():
            return False, f"step {i + 1}: the hand is over but the log goes on"
        try:
            who = game.current_player()
            if who == CHANCE and a != chance_action(game, chance):
                return False, (f"step {i + 1}: the chance outcome {a} is not the one seed {data['seed']!r} deals "
                               "(the seed or the deal was changed)")
            game.apply_action(a)
        except IllegalAction as e:
            return False, f"step {i + 1}: {e.diagnostics[0].message}"
        if on_step is not None:
            on_step(i + 1, who, a, game)
        step = i + 1
        if step % DIGEST_EVERY == 0 or step == n:
            want = digests.pop(0)
            if state_digest(game) != want:
                first = max(1, step - DIGEST_EVERY + 1) if step % DIGEST_EVERY == 0 else step - step % DIGEST_EVERY + 1
                return False, (f"step {step}: the state differs from the log's "
                               f"(an action in steps {first}-{step} is not the one recorded)")
    if not game.is_terminal():
        return False, f"the log ends after {len(data['actions'])} steps, before the hand is over"
    if [round(x, 6) for x in game.returns()] != [round(x, 6) for x in data["returns"]]:
        return False, f"the hand settles to {game.returns()}, the log says {data['returns']}"
    if _jsonable(game.st.result) != data["result"]:
        return False, f"the hand's result is {_jsonable(game.st.result)}, the log says {data['result']}"
    return True, f"{len(data['actions'])} steps replayed; result {_jsonable(game.st.result)}"
