"""The random bot: any legal action, uniformly. It finds rule bugs, not wins."""

from __future__ import annotations


class RandomBot:
    name = "random"

    def choose(self, game, seat: int, legal: list[int], rng) -> int:
        return legal[rng.randrange(len(legal))]
