"""One open document, read and checked as `mjdsl check` reads it: what every feature asks.

:func:`analyze` runs the same front end as the command line (``frontend.check_file``
for a ruleset, ``cards.api.check_card_file`` for a card), with the editor's unsaved
documents standing in for their files, and keeps what hover, completion and the rest
need: the checked ruleset (options, tile set, claim and pattern names), the document's
own tree (for symbols and links), and for a card its compiled lines.
"""

from __future__ import annotations

from pathlib import Path
from typing import Mapping

import attrs

from ..diagnostics import Diagnostic, error
from ..source import Source, Span

RULESET = "ruleset"
CARD = "card"


@attrs.frozen(eq=False)
class Analysis:
    """A document read and checked.

    path: the document's file (resolved); text: its text as the editor has it.
    kind: ``ruleset`` or ``card``.
    diagnostics: every diagnostic whose span lies in this document.
    program: the document's own statements (a ruleset), None if it does not parse.
    checked: the front end's ``Checked`` (a ruleset): options, tile set, merged blocks.
    card: the parsed card (a card file); compiled: it compiled against its tile set.
    """

    path: Path
    text: str
    kind: str
    diagnostics: tuple[Diagnostic, ...] = ()
    program: object = None
    checked: object = None
    card: object = None
    compiled: object = None

    @property
    def ctx(self):
        return self.checked.ctx if self.checked is not None else None

    @property
    def tiles(self):
        if self.ctx is not None:
            return self.ctx.tiles
        return self.compiled.tiles if self.compiled is not None else None


def kind_of(path: Path) -> str:
    return CARD if path.suffix == ".card" else RULESET


def same_file(span: Span, path: Path) -> bool:
    """Does the span (whose path is as the loader displays it) lie in ``path``?"""
    try:
        return Path(span.path).resolve() == path
    except (OSError, ValueError):
        return False


def analyze(path: Path, text: str, open_texts: Mapping[Path, str], *, full: bool = True) -> Analysis:
    """Check ``path`` with ``text`` as its content; ``open_texts`` are the other open documents.

    ``full=False`` (while typing) leaves out a card's overlap checks, which compare every
    pair of its lines; a ruleset is always checked in full."""
    path = path.resolve()
    texts = {**open_texts, path: text}
    if kind_of(path) == CARD:
        return _analyze_card(path, text, full)
    from ..frontend.checked import check_file
    from ..syntax.parse import parse_source

    checked = check_file(path, texts=texts)
    program = parse_source(Source(str(path), text)).program
    mine = tuple(d for d in checked.diagnostics if same_file(d.span, path))
    return Analysis(path, text, RULESET, mine, program, checked)


def _analyze_card(path: Path, text: str, full: bool) -> Analysis:
    from ..cards.api import check_card_source
    from ..cards.check import AS_YOU_TYPE
    from ..diagnostics import InputError, MjError
    from ..syntax.card_build import parse_card

    try:
        diags, _, compiled = check_card_source(path, text, None if full else AS_YOU_TYPE)
    except (OSError, InputError, MjError) as e:  # the tiles ruleset (or its own card) cannot be read
        why = e.diagnostics[0].message if isinstance(e, MjError) and e.diagnostics else str(e)
        card, _ = parse_card(text, str(path))
        span = card.tiles.span if card is not None and card.tiles is not None else Span.point(str(path), 1, 1)
        diags, compiled = [error("MJ270", f"the card's tiles ruleset cannot be read: {why}", span,
                                 "fix the ruleset its `tiles` line names, or name another")], None
    card = compiled.card if compiled is not None else parse_card(text, str(path))[0]
    mine = tuple(d for d in diags if same_file(d.span, path))
    return Analysis(path, text, CARD, mine, card=card, compiled=compiled)
