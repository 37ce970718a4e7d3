"""Bots: one generic engine steered by style files, and two baselines.

A bot is any object with ``choose(game, seat, legal, rng) -> action``; it sees the
game only through what its seat may see (its hand, the table, the legal actions).
``BOTS`` maps every name usable on the command line (``--bots mei,auntie-rose,rafi``)
to a factory: ``random`` and ``greedy`` are classes of their own; each style file in
``styles/`` (docs/bots.md) is played by :class:`~mjdsl.bots.engine.StyleBot`.

A user's own style file (``--bots ./mystyle.toml``) is checked as the shipped ones are
and joins ``BOTS`` under its file's stem (:func:`add_style_file`), the name results give
it. A run's :class:`~mjdsl.engine.parallel.Job` carries the text of each such file
(:func:`file_styles`), and each worker adds them (:func:`add_styles`) before it makes
its bots: every process plays the same file, wherever it runs.
"""

from __future__ import annotations

import os
from functools import partial
from pathlib import Path
from typing import Iterable

from .random_bot import RandomBot
from .greedy import GreedyBot


def _style_bot(name: str):
    from .engine import StyleBot
    from .style import STYLES_DIR, load_style

    return StyleBot(load_style(STYLES_DIR / f"{name}.toml"))


def _registry() -> dict:
    from .style import style_names

    bots = {"random": RandomBot, "greedy": GreedyBot}
    for name in style_names():
        bots[name] = partial(_style_bot, name)
    return bots


BOTS = _registry()

#: style files a user named, by bot name (the file's stem): (name, text, resolved path)
_FILE_STYLES: dict[str, tuple[str, str, str]] = {}


def is_style_file(spec: str) -> bool:
    """Whether a ``--bots`` entry names a style file rather than a bot: it ends in
    ``.toml`` or holds a path separator (``./mystyle.toml``, ``styles/aunt``)."""
    return spec.endswith(".toml") or "/" in spec or os.sep in spec


def add_style_file(path: str) -> str:
    """Read and check a user's style file (``--bots ./mystyle.toml``) and make it a bot
    named by the file's stem (replacing a file of that name named before); that name.
    InputError naming the file for a bad one, or for the name of a bot that is no file's
    (results name bots by it)."""
    from ..diagnostics import InputError
    from .style import read_style_text, style_from_text

    text = read_style_text(path)
    style = style_from_text(text, Path(path).stem, path)
    if is_shipped_bot(style.key):
        raise InputError(f"{path}: {style.key!r} is already a bot's name; rename the file "
                         "(a style file's bot is named by its file's stem)")
    add_styles([(style.key, text, str(Path(path).resolve()))])
    return style.key


def is_shipped_bot(name: str) -> bool:
    """Whether ``name`` is one of mjdsl's own bots (random, greedy, a shipped style), a
    name no user's style file may take."""
    return name in BOTS and name not in _FILE_STYLES


def add_styles(styles: Iterable[tuple[str, str, str]]) -> None:
    """Make bots of style files already read: ``(name, text, path)`` each, as
    :func:`file_styles` gives them (a worker adds a job's before it makes its bots; a
    file of the same name from an earlier job is replaced)."""
    for key, text, where in styles:
        _FILE_STYLES[key] = (key, text, where)
        BOTS[key] = partial(_file_style_bot, key)


def file_styles(names: Iterable[str]) -> tuple[tuple[str, str, str], ...]:
    """The style files among these bot names, ``(name, text, path)`` each, in order."""
    return tuple(_FILE_STYLES[n] for n in dict.fromkeys(names) if n in _FILE_STYLES)


def _file_style_bot(key: str):
    from .engine import StyleBot
    from .style import style_from_text

    _, text, where = _FILE_STYLES[key]
    return StyleBot(style_from_text(text, key, where))


def shipped_style_text(name: str) -> str | None:
    """The text of the shipped style file a bot of this name plays; None for the baselines,
    a user's file (:func:`file_styles` has its text) and an unknown name."""
    from .style import STYLES_DIR, read_style_text, style_names

    if name in _FILE_STYLES or name not in style_names():
        return None
    return read_style_text(STYLES_DIR / f"{name}.toml")


def make_bot(name: str):
    from ..diagnostics import InputError

    try:
        return BOTS[name]()
    except KeyError:
        raise InputError(f"unknown bot {name!r}; bots are: {', '.join(sorted(BOTS))}") from None


def style_of(bot):
    """The style a bot plays (None for the baselines), for its name and lines at the table."""
    return getattr(bot, "style", None)
