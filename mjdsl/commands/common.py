"""Options and helpers shared by the commands."""

from __future__ import annotations

from pathlib import Path

import click

from ..diagnostics import InputError
from ..options import parse_cli_sets


def set_option(f):
    """``--set NAME=VALUE`` (repeatable): an option's value for this run."""
    return click.option("--set", "sets", multiple=True, metavar="NAME=VALUE",
                        help="Give a ruleset option a value for this run (repeatable).")(f)


def seed_text(ctx, param, value: str | None) -> str | None:
    """A ``--seed``'s callback: any text a report can print on one line and a log keep,
    so no control characters (a tab, a newline, an escape)."""
    if value is not None:
        bad = next((c for c in value if not c.isprintable()), None)
        if bad is not None:
            raise click.BadParameter(f"{bad!r} in {value!r}: a seed is printed and logged, so it takes no "
                                     "control characters (tab, newline, escape)")
    return value


def allow_outside_option(f):
    return click.option("--allow-outside", is_flag=True,
                        help="Let includes reach outside the ruleset's folder tree.")(f)


def cli_sets(sets) -> list[tuple[str, str]]:
    return parse_cli_sets(sets)


def existing_path(path: str) -> Path:
    p = Path(path)
    if not p.exists():
        raise InputError(f"{path}: no such file or directory")
    return p


CARD_SUFFIX = ".card"


def input_file(path: str, kind: str) -> Path:
    """A file a command reads: it exists and is a regular file. InputError naming the
    path as the user gave it, and ``kind``, what the command takes, for a folder or a device."""
    p = existing_path(path)
    if p.is_dir():
        raise InputError(f"{path}: is a folder, not {kind}")
    if not p.is_file():
        raise InputError(f"{path}: not a regular file; this command takes {kind}")
    return p


def ruleset_path(path: str) -> Path:
    """A path a command reads as a ruleset: a file, and not a card (a card given to
    ``simulate`` would otherwise be parsed as a ruleset and give unrelated errors)."""
    p = input_file(path, "a ruleset file (.mj)")
    if p.suffix == CARD_SUFFIX:
        raise InputError(f"{path}: is a card; this command takes a ruleset (.mj) that plays it "
                         f"(`card \"{p.name}\"` in its winning block)")
    return p


#: what ``match``, ``hint`` and ``render`` take
CARD_OR_RULESET = "a card file (.card) or a ruleset (.mj) that plays one"


def output_folder(path: str, option: str) -> Path:
    """A folder a command writes files into (``--logs DIR``), made if missing; InputError
    for an existing file of that name, or a folder that cannot be made."""
    p = Path(path)
    if p.exists() and not p.is_dir():
        raise InputError(f"{option} {path}: is a file; {option} takes a folder (made if it does not exist)")
    try:
        p.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise InputError(f"{option} {path}: cannot make the folder: {e.strerror or e}") from None
    return p


#: what ``--bots`` takes, for the help of every command that has it
BOT_CHOICES = ("a bot is mei, auntie-rose, rafi, greedy, random, or a style file of your own: a path ending "
               "in .toml, named by its file's stem (docs/bots.md)")


def bot_names(spec: str) -> list[str]:
    """The bots a ``--bots`` option names, in order; InputError for a name that is no bot.
    An entry that is a path to a style file (:func:`mjdsl.bots.is_style_file`) is read,
    checked and named by its file's stem (:func:`mjdsl.bots.add_style_file`)."""
    from ..bots import BOTS, add_style_file, is_style_file

    names = []
    files: dict[str, Path] = {}  # the style files of the line-up, by bot name
    for b in (b.strip() for b in spec.split(",")):
        if not b:
            continue
        if is_style_file(b):
            try:
                key = add_style_file(b)
            except InputError as e:
                raise InputError(f"--bots: {e}") from None
            if files.setdefault(key, Path(b).resolve()) != Path(b).resolve():
                raise InputError(f"--bots: {b}: another style file of the line-up is named {key!r} too "
                                 f"({files[key]}); a style file's bot is named by its file's stem: rename one")
            names.append(key)
        elif b not in BOTS:
            raise InputError(f"--bots: unknown bot {b!r}; bots are: {', '.join(sorted(BOTS))}, "
                             "or a style file (a path ending in .toml)")
        else:
            names.append(b)
    return names


def seat_bots(spec: str, seats: int) -> list[str]:
    """``--bots`` for a table of ``seats`` (or a session's players, when some sit out):
    one bot for every seat, or one per seat."""
    names = bot_names(spec)
    if len(names) == 1:
        names = names * seats
    if len(names) != seats:
        raise InputError(f"--bots: give one bot for all seats or one per seat ({seats}), not {len(names)}")
    return names


def workers_options(f):
    """``--workers N``, ``--backend process|dask`` and ``--scheduler ADDRESS``: where the
    hands are played (mjdsl.engine.parallel); the results never depend on them."""
    f = click.option("--scheduler", metavar="ADDRESS",
                     help="With --backend dask: the scheduler of a running cluster (tcp://host:8786); "
                          "without it a LocalCluster is started.")(f)
    f = click.option("--backend", type=click.Choice(["process", "dask"]), default="process", show_default=True,
                     help="Where the workers run: processes of this machine, or Dask.")(f)
    return click.option("--workers", type=click.IntRange(1, 256), default=1, show_default=True,
                        help="Processes (or Dask workers) to play in; the results do not depend on it.")(f)


def warn(message: str) -> None:
    """A warning on stderr, as every command gives one."""
    click.echo(f"mjdsl: warning: {message}", err=True)


def echo_report(doc: dict, as_json: bool, text_lines) -> None:
    """A command's report on stdout: the JSON document, or ``text_lines(doc)``, one a line."""
    import json

    if as_json:
        click.echo(json.dumps(doc, indent=1))
    else:
        for line in text_lines(doc):
            click.echo(line)
