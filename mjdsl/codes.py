"""The registry of diagnostic codes: one entry per code, with its long explanation.

``mjdsl explain CODE`` prints an entry; ``docs/diagnostics.md`` lists them all (a test
keeps the two in step). Families: ``MJ1xx`` syntax, ``MJ2xx`` checks (``MJ25x``-
``MJ27x`` card checks), ``MJ3xx`` lint, ``MJ4xx`` engine.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Code:
    """A diagnostic code: its id, a short title, a paragraph, a wrong and a right example."""

    code: str
    title: str
    explanation: str = ""
    wrong: str = ""
    right: str = ""


CODES: dict[str, Code] = {}


def register(*codes: Code) -> None:
    for c in codes:
        if c.code in CODES:
            raise ValueError(f"diagnostic code {c.code} registered twice")
        CODES[c.code] = c


def load_all() -> dict[str, Code]:
    """Import every stage that registers codes, then return the registry."""
    from . import syntax_codes, check_codes, lint_codes  # noqa: F401

    try:
        from .cards import codes as _cards  # noqa: F401
    except ImportError:  # the card library registers its MJ25x-MJ27x codes once it exists
        pass
    try:
        from .engine import codes as _engine  # noqa: F401
    except ImportError:  # the engine registers its own once it exists
        pass
    return CODES
