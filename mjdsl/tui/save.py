"""The table's save file, checked field by field when it is read.

A save (``Session.to_json``) is the session's log: the ruleset's hash, the options,
the seed, the seat the person began at, the bots (and the text of any style file of
the user's they play, so a resumed game plays the same bots), the hand limit, every
seat change and every action. A save that was edited or damaged is refused as it is loaded, with
one line naming the file and the field, never half-way through a replay:
:func:`read_save` checks each field's shape, :func:`check_save` what depends on the
ruleset (its hash, its seats).
"""

from __future__ import annotations

import json
import os

from ..bots import BOTS
from ..diagnostics import InputError
from ..engine.log import read_json

SAVE_VERSION = 1
SAVE_KIND = "mjdsl table save"
#: the most hands ``--hands`` (and so a save's ``hands_limit``) may ask for
MAX_HANDS = 1000


def _whole(x, lo: int = 0) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and x >= lo


def _moves_in_order(moves) -> bool:
    """``[hand, seat]`` pairs, a hand from 1 on (the first hand is where the session began),
    each hand after the one before (a later request for a hand replaces the earlier)."""
    if not isinstance(moves, list) or not all(isinstance(m, list) and len(m) == 2 and _whole(m[0], 1)
                                              and _whole(m[1]) for m in moves):
        return False
    return all(a[0] < b[0] for a, b in zip(moves, moves[1:]))


#: every field of a save: (name, required, test, what it should be)
FIELDS = (
    ("ruleset", True, lambda x: isinstance(x, str), "the ruleset's path"),
    ("ruleset_abs", False, lambda x: isinstance(x, str), "the ruleset's absolute path"),
    ("hash", True, lambda x: isinstance(x, str), "the ruleset's hash"),
    ("set", False, lambda x: isinstance(x, dict) and all(isinstance(v, str) for v in x.values()),
     'the options set, {"NAME": "VALUE", ...}'),
    ("seed", True, lambda x: isinstance(x, str), "the seed, as text"),
    ("seat", True, _whole, "a seat number"),
    # (before the bots: the bots may name these)
    ("styles", False, lambda x: isinstance(x, list) and all(
        isinstance(t, list) and len(t) == 3 and all(isinstance(v, str) for v in t) for t in x),
     "the style files the bots play, [name, text, path] each"),
    ("bots", True, lambda x: isinstance(x, list) and all(isinstance(b, str) and b in BOTS for b in x),
     "a list of bots (random, greedy, a shipped style, or a style file the save holds)"),
    ("hands_limit", False, lambda x: x is None or _whole(x, 1) and x <= MAX_HANDS,
     f"null or a number of hands, 1 to {MAX_HANDS}"),
    ("guided", False, lambda x: isinstance(x, bool), "true or false"),
    ("hands", True, lambda x: isinstance(x, list) and all(isinstance(h, list) and all(_whole(a) for a in h)
                                                         for h in x),
     "a list of hands, each a list of actions (whole numbers from 0)"),
    ("seat_moves", False, _moves_in_order, "[hand, seat] pairs, hands from 1 in increasing order"),
    ("over", False, lambda x: isinstance(x, bool), "true or false"),
)


def _shown(value) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def read_save(path: str) -> dict:
    """A save file, every field checked for shape; InputError naming the file and the field."""
    data = read_json(path, "saved game", "no saved game here (start one with mjdsl play)")
    if data.get("kind") != SAVE_KIND:
        raise InputError(f"{path}: not a saved game")
    if data.get("version") != SAVE_VERSION:
        raise InputError(f"{path}: save version {data.get('version')} is not supported (this is {SAVE_VERSION})")
    for key, required, test, expected in FIELDS:
        if key not in data:
            if required:
                raise InputError(f"{path}: not a saved game (no {key!r})")
            continue
        if not test(data[key]):
            raise InputError(f"{path}: {key!r} is {_shown(data[key])}; it should be {expected}")
        if key == "styles":
            _add_styles(path, data[key])
    return data


def _add_styles(path: str, styles: list) -> None:
    """The style files a save's bots play (``--bots ./mystyle.toml``), as they were when the
    game began: each checked as a style file is, and made a bot of its name again."""
    from ..bots import add_styles, is_shipped_bot
    from ..bots.style import style_from_text

    for name, text, where in styles:
        if is_shipped_bot(name):
            raise InputError(f"{path}: 'styles' holds a file named {name!r}, a shipped bot's name")
        try:
            style_from_text(text, name, where)
        except InputError as e:
            raise InputError(f"{path}: 'styles' holds {name}'s style file, which is refused: {e}") from None
    add_styles([(name, text, where) for name, text, where in styles])


def check_save(data: dict, auto, path: str | None) -> None:
    """What a save (read by :func:`read_save`) must agree on with the ruleset it is
    resumed with: the hash, and seats and bots that fit its table."""
    where = f"{path}: " if path else ""
    if data["hash"] != auto.hash:
        raise InputError(f"{where}saved with ruleset hash {data['hash']}, the ruleset is now {auto.hash}")
    n = auto.seats
    if data["seat"] >= n:
        raise InputError(f"{where}'seat' is {data['seat']}; this ruleset's seats are 0 to {n - 1}")
    if len(data["bots"]) != n - 1:
        raise InputError(f"{where}'bots' names {len(data['bots'])} bots; this ruleset's table needs {n - 1}, "
                         "one for every seat but yours")
    for hand, seat in data.get("seat_moves", []):
        if seat >= n:
            raise InputError(f"{where}'seat_moves' has [{hand}, {seat}]; this ruleset's seats are 0 to {n - 1}")


def kept_game(path: str) -> dict | None:
    """What a new game saved at ``path`` would write over: None where there is no file,
    else the save there (only its kind checked: a finished game's save, or an
    unfinished one, which the caller keeps unless told to discard it). A file that is
    not a table's save is never written over: InputError."""
    if not os.path.lexists(path):
        return None
    try:
        data = read_json(path, "saved game", "no saved game here")
    except InputError:
        data = None
    if data is None or data.get("kind") != SAVE_KIND:
        raise InputError(f"{path}: is not a saved game, and a new game does not write over it; "
                         "give another file with --save")
    return data
