"""Blocks: ``kind { ... }`` with their statements in order (read through ``one``/``all``)."""

from __future__ import annotations

import attrs

from ..source import Span
from .expr import Expr, T, Word



@attrs.frozen
class Block:
    """A ``kind { ... }`` block: its statements in order, and its span (the keyword)."""

    span: Span
    stmts: tuple = ()

    KIND = "block"

    def all(self, cls: type[T]) -> list[T]:
        return [s for s in self.stmts if isinstance(s, cls)]

    def one(self, cls: type[T]) -> T | None:
        """The last statement of a type (the checks report duplicates)."""
        found = self.all(cls)
        return found[-1] if found else None


@attrs.frozen
class TilesBlock(Block):
    KIND = "tiles"


@attrs.frozen
class SeatsBlock(Block):
    count: int = 4
    KIND = "seats"


@attrs.frozen
class WallBlock(Block):
    KIND = "wall"


@attrs.frozen
class DealBlock(Block):
    KIND = "deal"


@attrs.frozen
class CharlestonBlock(Block):
    condition: Expr | None = None
    KIND = "charleston"


@attrs.frozen
class ReplacementBlock(Block):
    KIND = "replacement"


@attrs.frozen
class PlayBlock(Block):
    KIND = "play"


@attrs.frozen
class ClaimsBlock(Block):
    KIND = "claims"


@attrs.frozen
class KongsBlock(Block):
    KIND = "kongs"


@attrs.frozen
class JokersBlock(Block):
    tile: Word | None = None
    KIND = "jokers"


@attrs.frozen
class WinningBlock(Block):
    KIND = "winning"


@attrs.frozen
class DeadBlock(Block):
    KIND = "dead hand"


@attrs.frozen
class ScoringBlock(Block):
    KIND = "scoring"


@attrs.frozen
class PaymentsBlock(Block):
    KIND = "payments"


@attrs.frozen
class SessionBlock(Block):
    KIND = "session"


BLOCK_TYPES = (
    TilesBlock, SeatsBlock, WallBlock, DealBlock, CharlestonBlock, ReplacementBlock,
    PlayBlock, ClaimsBlock, KongsBlock, JokersBlock, WinningBlock, DeadBlock,
    ScoringBlock, PaymentsBlock, SessionBlock,
)
