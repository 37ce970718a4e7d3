"""What every check reads: the merged ruleset, its options, its tile set."""

from __future__ import annotations

from typing import Iterable

import attrs

from .. import ast as A
from ..diagnostics import Diagnostic
from ..options import OptionTable, option_table
from ..source import Span
from ..tiles import TileSet
from .tiles import build_tileset


@attrs.frozen
class CheckContext:
    """ruleset: the merged ruleset; options: its option registry; tiles: its tile set
    (None if the tiles block is missing or too broken to build)."""

    ruleset: object
    options: OptionTable
    tiles: TileSet | None
    tile_classes: dict

    def block(self, cls):
        return self.ruleset.block(cls)

    @property
    def ruleset_span(self) -> Span:
        return Span.point(self.ruleset.path, 1, 1)

    def known_code(self, code: str) -> bool:
        return self.tiles is not None and code in self.tiles.by_code


def make_context(ruleset, cli_sets: Iterable[tuple[str, str]] = ()) -> tuple[CheckContext, list[Diagnostic]]:
    options, diags = option_table(ruleset, cli_sets)
    tiles = None
    classes: dict = {}
    block = ruleset.block(A.TilesBlock)
    if block is not None:
        tiles, classes, tdiags = build_tileset(block)
        diags.extend(tdiags)
    return CheckContext(ruleset, options, tiles, classes), diags
