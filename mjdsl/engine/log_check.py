"""Every field of a game log checked before replay uses it.

A log is input from anyone (a file mailed by a player), so nothing in it is trusted:
each field must be there, of its type and in its range, or the log is refused with a
one-line :class:`InputError` that names the field (exit 2). What a field *says* (the
deal, the result) is checked by the replay itself (``log.replay``): a log is
self-checking, and a missing ``digests``, ``result`` or ``seed`` is an error, not a
check switched off.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ..diagnostics import InputError

if TYPE_CHECKING:
    from ..ir.model import Automaton

#: At most this many actions in one hand's log (a hand has a few hundred).
MAX_ACTIONS = 100_000


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _is_number(x: Any) -> bool:
    return (_is_int(x) or isinstance(x, float)) and math.isfinite(x)


def _need(data: dict, key: str, ok, what: str, path: str):
    if key not in data:
        raise InputError(f"{path}: not a complete game log (no {key!r})")
    if not ok(data[key]):
        raise InputError(f"{path}: the log's {key!r} must be {what}, not {_short(data[key])}")
    return data[key]


def _short(x: Any) -> str:
    text = repr(x)
    return text if len(text) <= 40 else text[:37] + "..."


def validate_log(data: Any, path: str, log_version: int) -> dict:
    """``data`` if it has the shape of a game log; InputError naming the first bad field."""
    if not isinstance(data, dict):
        raise InputError(f"{path}: not a game log (a JSON object is expected)")
    version = _need(data, "version", _is_int, "an integer", path)
    if version != log_version:
        raise InputError(f"{path}: log version {version} is not supported (this is {log_version})")
    _need(data, "ruleset", lambda x: isinstance(x, str) and x and "\0" not in x, "a file name", path)
    if "ruleset_abs" in data and not (data["ruleset_abs"] is None or isinstance(data["ruleset_abs"], str)):
        raise InputError(f"{path}: the log's 'ruleset_abs' must be a file name, not {_short(data['ruleset_abs'])}")
    _need(data, "hash", lambda x: isinstance(x, str), "a string", path)
    _need(data, "seed", lambda x: isinstance(x, str), "a string", path)
    _need(data, "set", lambda x: isinstance(x, dict) and all(isinstance(k, str) and isinstance(v, str)
                                                             for k, v in x.items()),
          "an object of option names to values (strings)", path)
    _need(data, "dealer", lambda x: _is_int(x) and 0 <= x < 16, "a seat number", path)
    _need(data, "round_wind", lambda x: x is None or isinstance(x, str), "a tile code (null: the seats have no winds)", path)
    _need(data, "actions", lambda x: isinstance(x, list) and len(x) <= MAX_ACTIONS and all(_is_int(a) for a in x),
          f"a list of at most {MAX_ACTIONS} integers", path)
    _need(data, "digests", lambda x: isinstance(x, list) and all(isinstance(d, str) for d in x),
          "a list of state digests", path)
    _need(data, "result", lambda x: isinstance(x, dict), "an object", path)
    _need(data, "returns", lambda x: isinstance(x, list) and all(_is_number(r) for r in x),
          "a list of numbers", path)
    # the session the hand was played in (the dealer's streak), which its settlement reads
    context = data.get("context", {})
    if not isinstance(context, dict) or not all(isinstance(k, str) and _is_number(v) and v >= 0
                                                for k, v in context.items()):
        raise InputError(f"{path}: its context is not a table of counts (\"dealer_streak\": 0)")
    return data


def check_against(data: dict, auto: Automaton, path: str) -> None:
    """The fields whose range depends on the ruleset: the dealer is a seat, the round wind a wind."""
    if data["dealer"] >= auto.seats:
        raise InputError(f"{path}: the log's dealer {data['dealer']} is not a seat (this ruleset has "
                         f"seats 0 to {auto.seats - 1})")
    if len(data["returns"]) != auto.seats:
        raise InputError(f"{path}: the log's returns have {len(data['returns'])} entries, not one per seat "
                         f"({auto.seats})")
    wind = data["round_wind"]
    kind = auto.tiles.by_code.get(wind) if wind is not None else None
    if wind is not None and (kind is None or kind.cls != "wind"):
        winds = " ".join(k.code for k in auto.tiles.kinds if k.cls == "wind") or "none"
        raise InputError(f"{path}: the log's round wind {wind!r} is not a wind of this ruleset (its winds: {winds})")
