"""The one way mjdsl writes a file: whole or not at all, and only where a file belongs.

Every output (``-o``, ``fmt``, ``simulate --logs``) goes through :func:`write_file`:

- a symlink is followed to its target, and the target is what gets written (so
  ``fmt`` on a link formats the real file and the link stays a link);
- only a regular file is replaced: a device (``/dev/full``), a FIFO, a socket or a
  folder is refused, never turned into a file;
- the text goes to a temporary file beside the target, is flushed to disk, then
  renamed over it: a reader sees the old file or the new one, never half of one;
- the new file keeps the old one's mode (a new file gets the usual ``0666 & ~umask``,
  not the ``0600`` of a temporary file);
- a target that is one of the run's inputs (``compile -o rulesets/american.mj``) is
  refused unless the command is meant to rewrite its input (``fmt``).

Problems are :class:`InputError` (one line, exit 2); nothing is left behind.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path
from typing import Iterable

from .diagnostics import InputError


def _umask_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


def real_target(path: str | os.PathLike) -> Path:
    """Where writing ``path`` really writes: a symlink's final target (it may not exist yet)."""
    p = Path(path)
    try:
        return p.resolve(strict=False) if p.is_symlink() or p.exists() else p.absolute()
    except (OSError, RuntimeError) as e:  # a symlink loop
        raise InputError(f"{path}: cannot follow the link ({getattr(e, 'strerror', None) or e})") from None


def _target(path: str | os.PathLike) -> tuple[Path, os.stat_result | None]:
    """The file writing ``path`` writes and its status (None: not there yet); InputError
    when it is not a regular file or its folder does not exist."""
    target = real_target(path)
    try:
        st = os.stat(target)
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise InputError(f"{path}: {e.strerror}") from None
    if st is not None and not stat.S_ISREG(st.st_mode):
        kind = "a folder" if stat.S_ISDIR(st.st_mode) else "not a regular file (a device, FIFO or socket)"
        raise InputError(f"{path}: is {kind}; mjdsl writes only regular files")
    if not target.parent.is_dir():
        raise InputError(f"{path}: folder {target.parent} does not exist")
    return target, st


def check_writable(path: str | os.PathLike) -> Path:
    """Where :func:`write_file` would write ``path``, checked before anything is done:
    a command that writes as it goes (``play``'s save) refuses a folder, a missing
    folder or one it may not write in at the start, not after it has begun."""
    target, _ = _target(path)
    if not os.access(target.parent, os.W_OK | os.X_OK):
        raise InputError(f"{path}: cannot write in {target.parent}: permission denied")
    return target


def write_file(path: str | os.PathLike, text: str, *, inputs: Iterable[str | os.PathLike] = ()) -> Path:
    """Write ``text`` to ``path`` all at once (see the module docstring); the path written.

    ``inputs`` are the files the run read: writing over one of them is refused.
    """
    target, st = _target(path)
    for src in inputs:
        try:
            same = Path(src).exists() and target.exists() and os.path.samefile(src, target)
        except OSError:
            same = False
        if same:
            raise InputError(f"{path}: is an input of this command; refusing to write over it "
                             "(give another output file)")
    folder = target.parent
    mode = stat.S_IMODE(st.st_mode) if st is not None else _umask_mode()
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".tmp")
    except OSError as e:
        raise InputError(f"{path}: cannot write in {folder}: {e.strerror}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except OSError as e:
        Path(tmp).unlink(missing_ok=True)
        raise InputError(f"{path}: cannot write: {e.strerror or e}") from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target
