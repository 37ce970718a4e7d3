"""Which build of the hot path runs: the mypyc-compiled modules or the pure Python ones.

``MJDSL_COMPILE=1 pip install -e .`` (``make compiled``) compiles the modules of
:data:`MODULES` with mypyc into extension modules beside their ``.py`` files (setup.py),
and records each source's SHA-256 in ``_mypyc_sources.json``. Python prefers an
extension module to a ``.py`` of the same name, so this module decides once, at the
first import of one of them, which build is used, and a finder placed first on
``sys.meta_path`` loads the ``.py`` files whenever the compiled build is not to be used:

- ``MJDSL_PURE=1`` is set (``tools/mutate.py`` sets it: it swaps the ``__code__`` of
  pure-Python functions, which compiled ones have not);
- a module's extension or the shared library is missing (no C compiler, no build);
- a source changed since the build (an edited or checked-out ``.py`` is never shadowed
  by a stale extension).

It is all or nothing: compiled modules call each other directly, so one module run from
source beside compiled ones would not be called by them. Nothing here imports a module
of :data:`MODULES`; ``mjdsl --version`` says which build is in use.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path

#: the modules compiled (the engine's step loop and its state, the win questions, the
#: special hands' search, the card distances, the honest bot's checks, the greedy bot, the
#: style bots' engine, their judge and the Python side of their C module, whose commonest
#: questions are ``bots/soft.py``'s, in C: :data:`C_MODULES`; docs/performance.md, "Bots",
#: eighth and ninth rounds).
#: Not here: modules that define attrs classes with ``attrs.field`` defaults
#: (``engine/run.py``; ``hands/patterns.py``, whose attrs classes are also the IR's, pickled
#: and hashed by their repr: its search is ``hands/search.py``, on plain tables) or classes
#: other code subclasses (the random bot): mypyc refuses both.
MODULES = (
    "mjdsl.memo",
    "mjdsl.engine.actions",
    "mjdsl.engine.aborts",
    "mjdsl.engine.claim_sources",
    "mjdsl.engine.driver",
    "mjdsl.engine.game",
    "mjdsl.engine.log",
    "mjdsl.engine.state",
    "mjdsl.engine.steps_charleston",
    "mjdsl.engine.steps_play",
    "mjdsl.engine.steps_setup",
    "mjdsl.engine.table_facts",
    "mjdsl.engine.winning",
    "mjdsl.hands.masks",
    "mjdsl.hands.search",
    "mjdsl.cards.distance",
    "mjdsl.bots.honest",
    "mjdsl.bots.greedy",
    "mjdsl.bots.soft",
    "mjdsl.bots.judge",
    "mjdsl.bots.engine",
)
#: modules written in C, compiled beside them (a sum mypyc's code runs several times slower:
#: docs/performance.md, "Bots", eighth round); the pure build does without them (numpy
#: answers their questions there): {module: its C source, from the package}
C_MODULES = {"mjdsl.bots._soft": "bots/_soft.c"}
#: the mypyc group: its shared library is ``mjdsl/_mypyc__mypyc*.so``
GROUP = "mjdsl._mypyc"
PACKAGE = Path(__file__).resolve().parent
#: written by setup.py after a build: {module: SHA-256 of its source}
RECORD = PACKAGE / "_mypyc_sources.json"

_decided: str | None = None

#: The classes of a compiled module are *native*: their attributes are fields of a C
#: struct, read and written without a dictionary, and fixed (declared in the class or
#: its ``__init__``; ``HandState`` declares the ones set later, ``shuffle_seed`` and
#: ``break_side``); no ``__dict__``, no subclass in Python, no weak reference. A copy is
#: made through ``__init__`` (``copy`` reads ``__getnewargs__``: ``Game.clone``,
#: ``HandState.clone``). Memos keyed weakly (``memo.ByObject``) key by the automaton, its
#: tile set or a card's tables, never by a game, its state or its ``WinRules``. (mypyc
#: gives a native class deriving from a Python class a weak-reference slot, but never
#: clears it when the object goes: a weak reference to one is left dangling.)


def source_path(module: str) -> Path:
    """The source of a module of this package: its ``.py`` file, or its C file (:data:`C_MODULES`)."""
    if module in C_MODULES:
        return PACKAGE / C_MODULES[module]
    return PACKAGE.joinpath(*module.split(".")[1:]).with_suffix(".py")


def digest(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


def _extension(module: str) -> Path | None:
    base = PACKAGE.joinpath(*module.split(".")[1:])
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = base.with_name(base.name + suffix)
        if path.exists():
            return path
    return None


def build() -> str:
    """``"compiled"`` or ``"pure"`` (decided once a process), and why when pure."""
    global _decided
    if _decided is None:
        _decided = _decide()
    return _decided


def _decide() -> str:
    if os.environ.get("MJDSL_PURE", "") not in ("", "0"):
        return "pure (MJDSL_PURE is set)"
    if _extension(GROUP + "__mypyc") is None:
        return "pure (not compiled: make compiled)"
    import json

    try:
        recorded = json.loads(RECORD.read_text())
    except (OSError, ValueError):
        return f"pure (no record of the compiled sources: {RECORD.name})"
    for module in (*MODULES, *C_MODULES):
        if _extension(module) is None:
            return f"pure ({module} is not compiled)"
        if not source_path(module).is_file():  # (an install without the source: nothing to vouch for the build)
            return f"pure ({module}'s source is missing: {source_path(module).name})"
        if recorded.get(module) != digest(source_path(module)):
            return f"pure ({module} changed since it was compiled: make compiled)"
    return "compiled"


def compiled() -> bool:
    return build() == "compiled"


class PureFinder:
    """Loads the ``.py`` of a module of :data:`MODULES` when the compiled build is not used."""

    @classmethod
    def find_spec(cls, fullname: str, path=None, target=None):
        if fullname not in _NAMES or compiled():
            return None
        return importlib.util.spec_from_file_location(fullname, source_path(fullname))


_NAMES = frozenset(MODULES)


def install() -> None:
    if PureFinder not in sys.meta_path:
        sys.meta_path.insert(0, PureFinder)  # type: ignore[arg-type]
