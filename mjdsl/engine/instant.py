"""Instant payments on a bonus tile set aside: ``on bonus MEMBER...: others pay N
points`` (Singapore's "bite": the cat with the mouse, a seat's own flower with its own
season). When the tile a seat sets aside completes a group, every other seat pays the
seat at once, whoever wins the hand; a group is paid once, when its last tile comes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game


def pay_bonus_groups(game: Game, seat: int, tile: int) -> None:
    """Every group the tile just set aside by ``seat`` completes is paid by the others."""
    pays = game.auto.payments.bonus_pays
    if not pays:
        return
    st = game.st
    pos = (seat - st.dealer) % game.n
    held = set(st.bonus[seat])
    for p in pays:
        need = p.need[pos]  # one set of tiles for each seat position (lower_bonus_pay)
        if need and tile in need and need <= held and st.bonus[seat].count(tile) == 1:
            for s in range(game.n):
                if s != seat:
                    st.returns[s] -= p.points
                    st.returns[seat] += p.points
