"""The card library as the rest of mjdsl calls it: files in, diagnostics and cards out.

:func:`load_card_and_tiles` is the one seam between cards and rulesets: a card file
names, in its ``tiles`` header, the ruleset whose tile set it is read against.
:func:`check_card_file` is what ``mjdsl check FILE.card`` runs.
"""

from __future__ import annotations

from pathlib import Path

from ..diagnostics import Diagnostic, InputError, MjError, error
from ..source import Source
from ..tiles import TileSet
from . import ast
from .build import parse_card, read_card
from .check import check_card
from .compiled import CompiledCard, variant_counts
from .expand import compile_card


def _ruleset_loader():
    """``mjdsl.load.load_tileset_and_card`` once the ruleset pipeline provides it, else None."""
    try:
        from ..load import load_tileset_and_card
    except ImportError:
        return None
    return load_tileset_and_card


def tiles_for(card: ast.Card, card_path: Path) -> TileSet:
    """The tile set a card is read against: its ``tiles`` ruleset's, or TEMPORARY the standard set.

    Until ``mjdsl.load.load_tileset_and_card`` exists, every card is read against
    ``cards.fallback.standard_tileset()``; that fallback goes once it does.
    """
    loader = _ruleset_loader()
    if card.tiles is not None and loader is not None:
        tiles, _ = loader(str(card_path.parent / card.tiles.path))
        return tiles
    from .fallback import standard_tileset  # TEMPORARY, until mjdsl.load

    return standard_tileset()


def load_card_and_tiles(path: str | Path) -> tuple[ast.Card, TileSet]:
    """The card and its tile set, for a ``.card`` file or a ``.mj`` ruleset that plays a card.

    InputError for a missing file or a ruleset that cannot be read; MjError with the
    diagnostic for a card that does not parse.
    """
    p = Path(path)
    if not p.is_file():
        raise InputError(f"no such file: {path}")
    if p.suffix == ".mj":
        loader = _ruleset_loader()
        if loader is None:
            raise InputError(f"{path}: rulesets cannot be read here yet; pass the .card file instead")
        tiles, card = loader(str(p))
        if card is None:
            raise InputError(f"{path}: this ruleset plays no card of hands")
        return card, tiles
    card = read_card(p)
    return card, tiles_for(card, p)


def load_compiled(path: str | Path) -> CompiledCard:
    """:func:`load_card_and_tiles`, compiled; MjError if a line cannot be read."""
    card, tiles = load_card_and_tiles(path)
    compiled = compile_card(card, tiles)
    errors = [d for d in compiled.diagnostics if d.is_error]
    if errors:
        raise MjError(errors)
    return compiled


def check_card_file(path: str | Path) -> tuple[list[Diagnostic], dict[str, str], list[tuple[int, str, int]]]:
    """``mjdsl check`` on a card: (diagnostics, sources by path, ``variant_counts`` rows)."""
    source = Source.from_file(path)
    sources = {source.path: source.text}
    card, diags = parse_card(source.text, source.path)
    if card is None:
        return diags, sources, []
    p = Path(path)
    if card.tiles is not None and not (p.parent / card.tiles.path).is_file():
        return [
            error(
                "MJ270",
                f"tiles ruleset {card.tiles.path!r} does not exist",
                card.tiles.span,
                "the path is relative to the card file, e.g. `tiles \"../american.mj\"`",
            )
        ], sources, []
    try:
        tiles = tiles_for(card, p)
    except (InputError, MjError) as e:
        why = e.diagnostics[0].message if isinstance(e, MjError) and e.diagnostics else str(e)
        return [error("MJ270", f"tiles ruleset {card.tiles.path!r} cannot be read: {why}", card.tiles.span,
                      "the ruleset must parse and declare its tiles")], sources, []
    compiled, found = check_card(card, tiles)
    return found, sources, variant_counts(compiled)
