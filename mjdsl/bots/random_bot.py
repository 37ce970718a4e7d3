"""The random bot: any legal action, uniformly (a false mah jongg aside: it knows
its hand, :mod:`.honest`). It finds rule bugs, not wins."""

from __future__ import annotations

from .honest import without_false_mahjong


class RandomBot:
    name = "random"

    def choose(self, game, seat: int, legal: list[int], rng) -> int:
        legal = without_false_mahjong(game, seat, legal)
        return legal[0] if len(legal) == 1 else legal[rng.randrange(len(legal))]
