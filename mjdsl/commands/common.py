"""Options and helpers shared by the commands."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import click

from ..diagnostics import InputError
from ..options import parse_cli_sets


def set_option(f):
    """``--set NAME=VALUE`` (repeatable): an option's value for this run."""
    return click.option("--set", "sets", multiple=True, metavar="NAME=VALUE",
                        help="Give a ruleset option a value for this run (repeatable).")(f)


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


def write_atomically(path: str, text: str) -> None:
    """Write a whole file or nothing: a temporary file in the same folder, then a rename."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise InputError(f"{path}: folder {folder} does not exist")
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
