"""Hover: what the thing under the cursor is, in the words of the other commands.

On a diagnostic, its ``mjdsl explain`` text; on an option, what ``mjdsl options``
says of it (type, default, value, meaning, where the rules use it); on a card line,
its variant count, one hand it allows and its points; on a quoted tile code, the
tile (kind, suit and rank, copies in the set).
"""

from __future__ import annotations

from .analysis import CARD, Analysis, same_file
from .text import diagnostics_at, token_at


def hover_text(a: Analysis, line: int, col: int) -> str | None:
    """Markdown for the hover at 0-based ``line``/``col``, or None for nothing to say."""
    parts = [_diagnostic(d) for d in diagnostics_at(a.diagnostics, line, col)]
    tok = token_at(a.text, line, col)
    if a.kind == CARD:
        parts.append(_card_line(a, line))
    elif tok is not None:
        kind, text, _ = tok
        if kind == "name":
            parts.append(_option(a, text))
        elif kind == "string":
            parts.append(_tile(a, text[1:-1]))
    parts = [p for p in parts if p]
    return "\n\n---\n\n".join(parts) if parts else None


def _diagnostic(d) -> str:
    from ..commands.check import explain_text

    head = f"**{d.severity.value}[{d.code}]**: {d.message}" + (f"\n\nhint: {d.hint}" if d.hint else "")
    text = explain_text(d.code)
    return head + (f"\n\n```text\n{text}\n```" if text else "")


def _option(a: Analysis, name: str) -> str | None:
    ctx = a.ctx
    if ctx is None or name not in ctx.options:
        return None
    o = ctx.options[name]
    extra = (f", one of {', '.join(o.choices)}" if o.choices
             else f", range {o.range[0]:g}..{o.range[1]:g}" if o.range else "")
    used = ", ".join(f"line {s.line}" if same_file(s, a.path) else str(s) for s in o.used_at) or "nowhere (see MJ304)"
    return (f"**option {o.name}** ({o.type}{extra}): {o.meaning}\n\n"
            f"default `{o.describe_value(o.default)}`, in force `{o.describe_value()}`\n\nused at: {used}")


def _tile(a: Analysis, code: str) -> str | None:
    tiles = a.tiles
    if tiles is None or code not in tiles.by_code:
        return None
    k = tiles.by_code[code]
    what = k.name or code
    return f"**tile `{code}`**: {what} ({k.cls}), {k.copies} in the set"


def _card_line(a: Analysis, line: int) -> str | None:
    c = a.compiled
    if c is None:
        return None
    for i, hand in enumerate(c.lines):
        if hand.span.line == line + 1:
            variants = c.variants_of(i)
            text = f"**{hand.text}**: {hand.points} points, {len(variants)} variant{'s' if len(variants) != 1 else ''}"
            if hand.annotations:
                text += " (" + ", ".join(an.text for an in hand.annotations) + ")"
            if variants:
                text += f"\n\nfor example: `{' '.join(c.tiles.expand(variants[0].need))}`"
            return text
    return None
