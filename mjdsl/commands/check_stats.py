"""``mjdsl check --stats`` for a ruleset: the variant count of each line of its card."""

from __future__ import annotations

from .. import ast as A


def ruleset_stats(ctx) -> list[tuple[str, int, str, int]]:
    """[(card file, line, canonical text, variants)] of the card the ruleset plays."""
    from ..cards.cache import checked_card
    from ..cards.compiled import variant_counts
    from ..check.winning import card_path
    from ..source import Source

    win = ctx.block(A.WinningBlock)
    ref = win.one(A.CardRef) if win is not None else None
    path = card_path(ref, ctx.ruleset) if ref is not None else None
    if path is None or ctx.tiles is None or not path.is_file():
        return []
    src = Source.from_file(path)
    checked = checked_card(src.text, src.path, ctx.tiles)
    rows = variant_counts(checked.compiled) if checked.compiled is not None else []
    return [(src.path, *r) for r in rows]
