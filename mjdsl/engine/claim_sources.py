"""Which seats' discards a claim may take: the ``from`` words of a ``claim`` statement.

``claim NAME ... from SEAT``: ``any`` is every other seat; ``left`` the seat that plays
just before the claimer (whose discard it would draw next: seed, classical, "a Chow
may only be made from the discard of the player on your left"); ``right`` the seat
that plays just after; ``across`` the seat opposite (a table of an even number of
seats); ``dealer`` the dealer's discards only. ``side owner`` names the wall's side,
not a seat that discards: such a claim is never made (lint MJ308 says so).
"""

from __future__ import annotations


def may_claim_from(source: str, seat: int, discarder: int, dealer: int, n: int) -> bool:
    """Whether ``seat`` may claim ``discarder``'s discard under the source word ``source``
    (``seat`` is another seat than the discarder: a claim window asks only the others)."""
    if source == "any":
        return True
    if source == "left":
        return discarder == (seat - 1) % n
    if source == "right":
        return discarder == (seat + 1) % n
    if source == "across":
        return n % 2 == 0 and discarder == (seat + n // 2) % n
    if source == "dealer":
        return discarder == dealer
    return False
