"""The card library as the rest of mjdsl calls it: files in, diagnostics and cards out.

:func:`load_card_and_tiles` is the one seam between cards and rulesets: a card file
names, in its ``tiles`` header, the ruleset whose tile set it is read against.
:func:`check_card_file` is what ``mjdsl check FILE.card`` runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..diagnostics import Diagnostic, InputError, MjError, error, sort_key
from ..frontend.paths import Refused, display, library_paths, resolve_named
from ..source import Source
from ..tiles import TileSet
from . import ast
from ..syntax.card_build import looks_like_card, parse_card, read_card, read_card_source
from .check import check_card, check_card_without_tiles
from .compiled import CompiledCard, variant_counts

if TYPE_CHECKING:
    from collections.abc import Iterable

    from .check import CardCheck


def _ruleset_loader():
    from ..frontend.load import load_tileset_and_card

    return load_tileset_and_card


#: The ruleset a card without a ``tiles`` line is read against, found in the ruleset
#: library (the shipped rulesets/ folder and $MJDSL_PATH).
DEFAULT_TILES = "american.mj"


def resolve_tiles(card: ast.Card, card_path: Path, *, allow_outside: bool = False) -> Path | Refused:
    """The ruleset a card's ``tiles`` line names, by the one path policy (``mjdsl/frontend/paths.py``):
    next to the card and inside its folder tree, else in the ruleset library; a card with no
    ``tiles`` line reads ``american.mj`` from the library."""
    here = Path(card_path).resolve()
    name = card.tiles.path if card.tiles is not None else DEFAULT_TILES
    if card.tiles is None:
        found = [lib / DEFAULT_TILES for lib in library_paths() if (lib / DEFAULT_TILES).is_file()]
        if not found:
            return Refused("MJ270", f"the card names no ruleset for its tiles and {DEFAULT_TILES} "
                           "is not in the ruleset library", 'add `tiles "american.mj"` after the card\'s title')
        return found[0].resolve()
    got = resolve_named(name, here, here.parent, allow_outside=allow_outside, what="tiles ruleset")
    if isinstance(got, Refused) and got.code == "MJ206":
        return Refused("MJ270", f"tiles ruleset {name!r} does not exist",
                       f"the path is relative to the card file, or a ruleset of the library: "
                       f"`tiles \"{DEFAULT_TILES}\"`")
    if not isinstance(got, Refused) and not got.is_file():
        return Refused("MJ270", f"tiles ruleset {name!r} is not a file", "name a .mj ruleset")
    return got


def tiles_for(card: ast.Card, card_path: Path, *, allow_outside: bool = False) -> TileSet:
    """The tile set a card is read against (:func:`resolve_tiles`); InputError if there is none.

    A file that is not a readable ruleset is named, never quoted: what it holds is not
    echoed (it may be any file the card names)."""
    target = resolve_tiles(card, card_path, allow_outside=allow_outside)
    if isinstance(target, Refused):
        raise InputError(f"{card_path}: {target.message}")
    try:
        tiles, _ = _ruleset_loader()(str(target))
    except MjError as e:
        n = sum(d.is_error for d in e.diagnostics) or len(e.diagnostics)
        raise InputError(f"{card_path}: tiles ruleset {display(target)} cannot be read as a ruleset "
                         f"({n} error(s); run `mjdsl check {display(target)}`)") from None
    except InputError as e:
        raise InputError(f"{card_path}: tiles ruleset {display(target)}: {_first_clause(str(e))}") from None
    return tiles


def _first_clause(message: str) -> str:
    """The part of a loader message after the file name (``x.mj: the ruleset has no tiles block``)."""
    return message.split(": ", 1)[-1]


def load_card_and_tiles(path: str | Path) -> tuple[ast.Card, TileSet]:
    """The card and its tile set, for a ``.card`` file or a ``.mj`` ruleset that plays a card.

    InputError for a missing file or a ruleset that cannot be read; MjError with the
    diagnostic for a card that does not parse.
    """
    p = Path(path)
    if p.is_dir():
        raise InputError(f"{path}: is a folder, not a card file (.card) or a ruleset (.mj) that plays one")
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
    """:func:`load_card_and_tiles`, compiled and checked; MjError if the card has an error
    that ``mjdsl check`` reports (a line of 13 or 15 tiles is refused, not played)."""
    card, tiles = load_card_and_tiles(path)
    compiled, found = check_card(card, tiles, overlaps=False)
    errors = [d for d in found if d.is_error]
    if errors:
        raise MjError(errors)
    return compiled


def check_card_file(path: str | Path, text: str | None = None, *, allow_outside: bool = False
                    ) -> tuple[list[Diagnostic], dict[str, str], list[tuple[int, str, int]]]:
    """``mjdsl check`` on a card: (diagnostics, sources by path, ``variant_counts`` rows).

    ``text`` stands in for the file's content (an editor's unsaved document)."""
    diags, sources, compiled = check_card_source(path, text, allow_outside=allow_outside)
    return diags, sources, variant_counts(compiled) if compiled is not None else []


def check_card_source(path: str | Path, text: str | None = None, checks: Iterable[CardCheck] | None = None, *,
                      allow_outside: bool = False) -> tuple[list[Diagnostic], dict[str, str], CompiledCard | None]:
    """:func:`check_card_file`'s work, keeping the compiled card (None if it could not be
    compiled); ``checks`` (default every card check) picks the checks that run, as the
    language server runs ``cards.check.AS_YOU_TYPE`` while you type.

    A card whose tile set cannot be had (MJ270, MJ208) still gets every check that needs
    no tiles (sizes, annotations, points, layout), so one bad path hides nothing else."""
    if text is None:
        read, unreadable = read_card_source(path)
        if read is None:
            return [unreadable] if unreadable is not None else [], {}, None
        source = read
    else:
        source = Source(str(path), text)
    sources = {source.path: source.text}
    card, diags = parse_card(source.text, source.path)
    if card is None:
        # a file that is not a card (MJ158) is named, never quoted (docs/security.md)
        return diags, sources if looks_like_card(source.text) else {}, None
    p = Path(path)
    span = card.tiles.span if card.tiles is not None else card.span
    target = resolve_tiles(card, p, allow_outside=allow_outside)
    problem = None
    if isinstance(target, Refused):
        problem = error(target.code, target.message, span, target.hint)
    else:
        try:
            tiles = tiles_for(card, p, allow_outside=allow_outside)
        except InputError as e:
            problem = error("MJ270", _first_clause(str(e)), span,
                            f"name a ruleset that declares its tiles, e.g. `tiles \"{DEFAULT_TILES}\"`")
    if problem is not None:
        return sorted([problem, *check_card_without_tiles(card)], key=sort_key), sources, None
    compiled, found = check_card(card, tiles, checks)
    return found, sources, compiled
