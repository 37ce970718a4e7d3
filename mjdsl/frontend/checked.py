"""The front end in one call: load a ruleset, run every check, collect diagnostics.

Every command that reads a ruleset goes through :func:`check_file`, so that the same
problems are found the same way whether you `check`, `compile` or `simulate`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Mapping

import attrs

from ..check import run_checks
from ..check.context import CheckContext
from ..diagnostics import Diagnostic, MjError, sort_key
from .load import Loaded, load


@attrs.frozen
class Checked:
    """A loaded and checked ruleset: ``ctx`` is None when it could not be loaded."""

    loaded: Loaded
    ctx: CheckContext | None
    diagnostics: tuple[Diagnostic, ...]
    extra_sources: dict = attrs.field(factory=dict)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]

    @property
    def ok(self) -> bool:
        return self.ctx is not None and not self.errors

    @property
    def sources(self) -> dict:
        return {**self.loaded.sources, **self.extra_sources}


def check_file(path: str | Path, cli_sets: Iterable[tuple[str, str]] = (), *, allow_outside: bool = False,
               texts: Mapping[Path, str] | None = None) -> Checked:
    """Load and check ``path``; ``texts`` (resolved path -> text) stands in for files on disk."""
    loaded = load(path, allow_outside=allow_outside, texts=texts)
    diags = list(loaded.diagnostics)
    ctx = None
    extra = {}
    if loaded.ruleset is not None:
        from ..check.cards import card_sources, check_cards

        ctx, found = run_checks(loaded.ruleset, cli_sets)
        diags.extend(found)
        diags.extend(check_cards(ctx))
        extra = card_sources(ctx)
    return Checked(loaded, ctx, tuple(sorted(_unique(diags), key=sort_key)), extra)


def require(path: str | Path, cli_sets: Iterable[tuple[str, str]] = (), *, allow_outside: bool = False) -> Checked:
    """Like :func:`check_file`, but raise :class:`MjError` if there is any error."""
    checked = check_file(path, cli_sets, allow_outside=allow_outside)
    if not checked.ok:
        raise MjError(checked.errors or checked.diagnostics)
    return checked


def _unique(diags: list[Diagnostic]) -> list[Diagnostic]:
    seen = set()
    out = []
    for d in diags:
        key = (d.code, d.span, d.message)
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out
