"""The one path policy: where a file named by another file may be, and where it is found.

Every path a file names goes through :func:`resolve_named`: ``include`` and
``extends`` in a ruleset, ``card`` in a winning block, ``tiles`` in a card, and the
``ruleset`` a game log was played with. The rules:

1. the name is taken relative to the folder of the file that names it;
2. a file found there must lie inside the *tree* of the file that names it: the folder
   of the top-level file the command was given, or, for a file of the ruleset library,
   that library folder. Absolute paths, ``..`` and symlinks that leave the tree are
   refused (MJ208) unless the user passed ``--allow-outside``;
3. a name not found there is looked up in the ruleset library (``$MJDSL_PATH``, then
   the shipped ``rulesets/``), and must stay inside the library folder it is found in.

A game log is not in any ruleset's tree: the ruleset it names is looked for next to
the log, then relative to the current folder, then at the absolute path it recorded,
and must lie inside the log's folder, the current folder or the library
(:func:`resolve_log_ruleset`).

A refused or missing file is never opened, so nothing of its content can leak into a
message. The caller turns a :class:`Refused` into a diagnostic at its own span.
"""

from __future__ import annotations

import os
from pathlib import Path

import attrs


def library_paths() -> list[Path]:
    """The ruleset library, in search order: ``$MJDSL_PATH`` folders, then the shipped ``rulesets/``."""
    out = [Path(p) for p in os.environ.get("MJDSL_PATH", "").split(os.pathsep) if p]
    shipped = Path(__file__).resolve().parents[2] / "rulesets"
    if shipped.is_dir():
        out.append(shipped)
    return out


@attrs.frozen
class Refused:
    """Why a named path was not followed: a diagnostic code (MJ206 missing or unreadable,
    MJ208 outside the tree), the message and a hint."""

    code: str
    message: str
    hint: str


def inside(p: Path, root: Path) -> bool:
    """Whether ``p`` (resolved, links followed) lies in the folder tree ``root``."""
    try:
        p.resolve().relative_to(root.resolve())
        return True
    except (ValueError, OSError, RuntimeError):
        return False


def tree_of(path: Path, top_root: Path) -> Path:
    """The folder tree a file may reach into: the top-level file's folder, or the
    library folder the file lives in (a library file names its own neighbours, so
    ``rulesets/cards/club-2026.card`` may name ``../american.mj``); the wider of the two."""
    trees = [t.resolve() for t in (top_root, *library_paths()) if inside(path, t)]
    return min(trees, key=lambda t: len(t.parts)) if trees else top_root.resolve()


def resolve_named(name: str, including: Path, top_root: Path, *, allow_outside: bool = False,
                  what: str = "file") -> Path | Refused:
    """The file ``name`` written in ``including`` refers to, or why it is not followed."""
    try:
        return _resolve(name, Path(including), Path(top_root), allow_outside, what)
    except (OSError, RuntimeError, ValueError) as e:  # a symlink loop, a name the OS refuses
        return Refused("MJ206", f"cannot follow `{name}`: {getattr(e, 'strerror', None) or e}",
                       "check the path (a link that points back to itself?)")


def _resolve(name: str, including: Path, top_root: Path, allow_outside: bool, what: str) -> Path | Refused:
    if "\0" in name:
        return Refused("MJ206", f"`{name!r}` is not a file name", "remove the NUL character")
    root = tree_of(including, top_root)
    here = (including.parent / name).resolve()
    if here.exists():
        if allow_outside or inside(here, root):
            return here
        return Refused("MJ208", f"`{name}` is outside {display_folder(root)}, the folder tree "
                       f"{display(including)} may name files in",
                       f"move the {what} next to the file that names it, or allow it with --allow-outside")
    for lib in library_paths():
        cand = (lib / name).resolve()
        if cand.exists() and inside(cand, lib):
            return cand
    return Refused("MJ206", f"{what} not found: {name}",
                   f"looked next to {display(including)} and in the ruleset library")


def in_library(p: Path) -> bool:
    """Whether ``p`` lies in a folder of the ruleset library."""
    return any(inside(p, lib) for lib in library_paths())


def resolve_log_ruleset(name: str, recorded_abs: str | None, log_path: Path, *,
                        allow_outside: bool = False) -> Path | Refused:
    """The ruleset a game log names (see the module docstring); never a file outside the
    log's folder, the current folder and the library unless ``allow_outside``."""
    log = Path(log_path).resolve()
    trees = (log.parent, Path.cwd().resolve())
    tries = [log.parent / name, Path.cwd() / name] + ([Path(recorded_abs)] if recorded_abs else [])
    tries += [lib / name for lib in library_paths()] + [lib / Path(name).name for lib in library_paths()]
    refused = None
    for cand in tries:
        try:
            if not cand.is_file():
                continue
            if allow_outside or in_library(cand) or any(inside(cand, t) for t in trees):
                return cand.resolve()
        except (OSError, RuntimeError, ValueError):
            continue
        refused = refused or cand
    if refused is not None:
        return Refused("MJ208", f"its ruleset {name} is outside the log's folder, the current folder "
                       "and the ruleset library", "copy the ruleset next to the log, or allow it with "
                       "--allow-outside")
    return Refused("MJ206", f"its ruleset {name} is not found (looked next to the log, here, "
                   f"at {recorded_abs} and in the ruleset library)", "copy the ruleset next to the log")


def display_folder(p: Path) -> str:
    """A folder as messages show it, ending in ``/``: relative when that names it, else
    absolute (``.`` or ``..`` alone says nothing to a reader of the message)."""
    shown = display(p)
    if set(Path(shown).parts) <= {".", ".."}:
        shown = str(p)
    return shown.rstrip("/") + "/"


def display(p: Path) -> str:
    """A path as messages show it: relative to the current folder when that is shorter."""
    try:
        return os.path.relpath(p)
    except ValueError:  # pragma: no cover - another drive on Windows
        return str(p)
