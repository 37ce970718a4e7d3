"""The one table of diagnostic codes: every code, with its long explanation.

Each stage lists its own codes beside it (``syntax/codes.py`` MJ1xx, ``check/codes.py``
MJ2xx, ``check/lint_codes.py`` MJ3xx, ``cards/codes.py`` MJ15x and MJ250-MJ275,
``engine/codes.py`` MJ4xx) and knows nothing of this table; the table points at them,
in one direction only. ``mjdsl explain CODE`` prints an entry; ``docs/diagnostics.md``
lists them all (a test keeps the two in step).
"""

from __future__ import annotations

from .cards import codes as card_codes
from .check import codes as check_codes
from .check import lint_codes
from .diagnostics import Code
from .engine import codes as engine_codes
from .syntax import codes as syntax_codes


def _table(*stages: tuple[Code, ...]) -> dict[str, Code]:
    table: dict[str, Code] = {}
    for stage in stages:
        for c in stage:
            if c.code in table:
                raise ValueError(f"diagnostic code {c.code} listed twice")
            table[c.code] = c
    return table


CODES: dict[str, Code] = _table(
    syntax_codes.CODES, check_codes.CODES, lint_codes.CODES, card_codes.CODES, engine_codes.CODES
)


def titles() -> dict[str, str]:
    """Each code's short title, for reports that name the rule (SARIF)."""
    return {c.code: c.title for c in CODES.values()}
