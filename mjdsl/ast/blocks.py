"""Blocks: ``kind { ... }`` with their statements in order (read through ``one``/``all``)."""

from __future__ import annotations

from ..source import Span
from .expr import Expr, T, Word
from .make import node



@node
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


@node
class TilesBlock(Block):
    KIND = "tiles"


@node
class SeatsBlock(Block):
    count: int = 4
    KIND = "seats"


@node
class WallBlock(Block):
    KIND = "wall"


@node
class DealBlock(Block):
    KIND = "deal"


@node
class CharlestonBlock(Block):
    condition: Expr | None = None
    KIND = "charleston"


@node
class ReplacementBlock(Block):
    KIND = "replacement"


@node
class PlayBlock(Block):
    KIND = "play"


@node
class ClaimsBlock(Block):
    KIND = "claims"


@node
class KongsBlock(Block):
    KIND = "kongs"


@node
class JokersBlock(Block):
    tile: Word | None = None
    KIND = "jokers"


@node
class WinningBlock(Block):
    KIND = "winning"


@node
class DeadBlock(Block):
    KIND = "dead hand"


@node
class ScoringBlock(Block):
    KIND = "scoring"


@node
class PaymentsBlock(Block):
    KIND = "payments"


@node
class SessionBlock(Block):
    KIND = "session"


BLOCK_TYPES = (
    TilesBlock, SeatsBlock, WallBlock, DealBlock, CharlestonBlock, ReplacementBlock,
    PlayBlock, ClaimsBlock, KongsBlock, JokersBlock, WinningBlock, DeadBlock,
    ScoringBlock, PaymentsBlock, SessionBlock,
)
