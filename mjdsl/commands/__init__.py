"""The CLI's commands, one module per topic; ``ALL`` is what ``cli.py`` registers."""

from __future__ import annotations

import importlib

_MODULES = ("check", "cards", "compile", "play", "score", "authoring", "lsp", "arena", "table", "serve")


def _collect():
    out = []
    for name in _MODULES:
        try:
            mod = importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError as e:
            if e.name == f"{__name__}.{name}":
                continue  # a topic not written yet
            raise
        out.extend(mod.COMMANDS)
    return out


ALL = _collect()
