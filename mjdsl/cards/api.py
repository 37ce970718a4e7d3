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
from ..syntax.card_build import parse_card, read_card
from .check import check_card
from .compiled import CompiledCard, variant_counts
from .expand import compile_card


def _ruleset_loader():
    from ..load import load_tileset_and_card

    return load_tileset_and_card


#: The ruleset a card without a ``tiles`` line is read against, found in the ruleset
#: library (the shipped rulesets/ folder and $MJDSL_PATH).
DEFAULT_TILES = "american.mj"


def tiles_for(card: ast.Card, card_path: Path) -> TileSet:
    """The tile set a card is read against: that of the ruleset its ``tiles`` line names,
    or of ``american.mj`` in the ruleset library when it names none."""
    if card.tiles is not None:
        target = card_path.parent / card.tiles.path
    else:
        from ..load import library_paths

        found = [lib / DEFAULT_TILES for lib in library_paths() if (lib / DEFAULT_TILES).is_file()]
        if not found:
            raise InputError(f"{card_path}: the card names no ruleset for its tiles (`tiles \"../american.mj\"`) "
                             f"and {DEFAULT_TILES} is not in the ruleset library")
        target = found[0]
    tiles, _ = _ruleset_loader()(str(target))
    return tiles


def load_card_and_tiles(path: str | Path) -> tuple[ast.Card, TileSet]:
    """The card and its tile set, for a ``.card`` file or a ``.mj`` ruleset that plays a card.

    InputError for a missing file or a ruleset that cannot be read; MjError with the
    diagnostic for a card that does not parse.
    """
    p = Path(path)
    if not p.is_file():
        raise InputError(f"no such file: {path}")
    if p.suffix == ".mj":
        tiles, card = _ruleset_loader()(str(p))
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


def check_card_file(path: str | Path, text: str | None = None
                    ) -> tuple[list[Diagnostic], dict[str, str], list[tuple[int, str, int]]]:
    """``mjdsl check`` on a card: (diagnostics, sources by path, ``variant_counts`` rows).

    ``text`` stands in for the file's content (an editor's unsaved document)."""
    diags, sources, compiled = check_card_source(path, text)
    return diags, sources, variant_counts(compiled) if compiled is not None else []


def check_card_source(path: str | Path, text: str | None = None, checks=None
                      ) -> tuple[list[Diagnostic], dict[str, str], CompiledCard | None]:
    """:func:`check_card_file`'s work, keeping the compiled card (None if it could not be
    compiled); ``checks`` (default every card check) picks the checks that run, as the
    language server runs ``cards.check.AS_YOU_TYPE`` while you type."""
    source = Source.from_file(path) if text is None else Source(str(path), text)
    sources = {source.path: source.text}
    card, diags = parse_card(source.text, source.path)
    if card is None:
        return diags, sources, None
    p = Path(path)
    if card.tiles is not None and not (p.parent / card.tiles.path).is_file():
        return [
            error(
                "MJ270",
                f"tiles ruleset {card.tiles.path!r} does not exist",
                card.tiles.span,
                "the path is relative to the card file, e.g. `tiles \"../american.mj\"`",
            )
        ], sources, None
    try:
        tiles = tiles_for(card, p)
    except (InputError, MjError) as e:
        why = e.diagnostics[0].message if isinstance(e, MjError) and e.diagnostics else str(e)
        span = card.tiles.span if card.tiles is not None else card.span
        what = f"tiles ruleset {card.tiles.path!r} cannot be read: {why}" if card.tiles is not None else \
            "the card names no ruleset for its tiles"
        return [error("MJ270", what, span, "add `tiles \"../american.mj\"` (a ruleset that declares its tiles) "
                      "after the card's title")], sources, None
    compiled, found = check_card(card, tiles, checks)
    return found, sources, compiled
