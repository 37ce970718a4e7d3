"""The largest numbers the two notations take, and how a number past them is told.

A number is never capped silently: one past the limit is refused where it is written
(MJ120 in a ruleset, MJ162 on a card, an input error for ``--set``), quoting it as
written, so ``99999999999999999999`` is never read as some other number.

- a ruleset takes numbers up to :data:`MAX_NUMBER` (10^18): far past anything a table
  counts or pays, and small enough for every check to reckon with exactly;
- a card takes numbers (points, its year, its points range) up to
  :data:`MAX_CARD_NUMBER` (10^9): the matcher keeps a line's points as a 32-bit integer.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

MAX_NUMBER = 10**18
MAX_CARD_NUMBER = 10**9

#: a number longer than this is quoted by its first digits and its length
_SHOWN_DIGITS = 40


def too_large(text: str, largest: int) -> bool:
    """Whether the number written ``text`` (digits, perhaps a fraction) is past ``largest``."""
    try:
        return Decimal(text) > largest
    except InvalidOperation:
        return False


def as_written(text: str) -> str:
    """A number as the user wrote it, for a message: cut, with its length told, when very long."""
    if len(text) <= _SHOWN_DIGITS:
        return text
    return f"{text[:20]}… ({len(text)} digits)"


def too_large_message(text: str, largest: int, what: str) -> str:
    """```99999999999999999999` is larger than the largest number a ruleset takes (1000000000000000000)``."""
    return f"`{as_written(text)}` is larger than the largest number {what} takes ({largest})"
