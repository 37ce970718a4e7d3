"""Completion: the words that may come next, from the grammars and the checked ruleset.

Inside a quoted string, the tile codes of the ruleset's tile set. Elsewhere in a
ruleset: block words at the start of a top-level line, then every keyword, the
options (with their meaning), and the names the ruleset declares (claims, patterns,
scoring rules, announcements). In a card: its header words, ``or`` and the
annotation phrases.
"""

from __future__ import annotations

import re

from lsprotocol import types as T

from .. import ast as A
from ..syntax.words import card_keywords, ruleset_words
from .analysis import CARD, Analysis
from .text import in_string, line_text, prefix_at

K = T.CompletionItemKind


def completions(a: Analysis, line: int, col: int) -> list[T.CompletionItem]:
    prefix = prefix_at(a.text, line, col)
    if a.kind == CARD:
        items = _card_items()
    elif in_string(a.text, line, col):
        items = _tile_items(a)
    else:
        top = not line_text(a.text, line)[:col - len(prefix)].strip() and _depth(a.text, line) == 0
        items = _ruleset_items(a, top)
    return [i for i in items if i.label.startswith(prefix)]


def _depth(text: str, line: int) -> int:
    """Braces open before ``line`` (strings and comments are not counted)."""
    depth = 0
    for ln in text.split("\n")[:line]:
        code = re.sub(r'"(?:\\.|[^"\\])*"|#.*', "", ln)
        depth += code.count("{") - code.count("}")
    return max(depth, 0)


def _ruleset_items(a: Analysis, top: bool) -> list[T.CompletionItem]:
    words = ruleset_words()
    blocks = [T.CompletionItem(w, kind=K.Keyword, detail="block", sort_text=f"0{w}") for w in words.blocks]
    if top:
        return blocks
    items = []
    ctx = a.ctx
    if ctx is not None:  # the ruleset's own names first: `kong` is a claim before it is a keyword
        items += [T.CompletionItem(o.name, kind=K.Variable, detail=f"option ({o.type})", documentation=o.meaning,
                                   sort_text=f"1{o.name}") for o in ctx.options]
        for name, what in declared_names(ctx.ruleset):
            items.append(T.CompletionItem(name, kind=K.Reference, detail=what, sort_text=f"1{name}"))
    items += [T.CompletionItem(w, kind=K.Keyword, sort_text=f"2{w}") for w in words.keywords]
    items += [T.CompletionItem(w, kind=K.Value, sort_text=f"2{w}") for w in words.booleans + words.operators]
    return _unique(items)


def declared_names(ruleset) -> list[tuple[str, str]]:
    """(name, what it is) of every claim, pattern, scoring rule and announcement."""
    out = []
    kinds = ((A.ClaimsBlock, A.ClaimDecl, "claim"), (A.WinningBlock, A.PatternDecl, "pattern"),
             (A.ScoringBlock, A.ScoreRule, "scoring rule"), (A.PlayBlock, A.Announce, "announcement"))
    for block_cls, stmt_cls, what in kinds:
        block = ruleset.block(block_cls)
        for stmt in block.all(stmt_cls) if block is not None else ():
            out.append((str(stmt.name), what))
    return out


def _tile_items(a: Analysis) -> list[T.CompletionItem]:
    tiles = a.tiles
    if tiles is None:
        return []
    return [T.CompletionItem(k.code, kind=K.Constant, detail=k.name or k.cls, sort_text=f"{k.index:04d}")
            for k in tiles.kinds]


def _card_items() -> list[T.CompletionItem]:
    from ..cards.ast import ANNOTATIONS

    items = [T.CompletionItem(w, kind=K.Keyword) for w in card_keywords()]
    items += [T.CompletionItem(phrase, kind=K.Text, detail="annotation (after ·)") for phrase in ANNOTATIONS]
    return items


def _unique(items: list[T.CompletionItem]) -> list[T.CompletionItem]:
    seen: dict[str, T.CompletionItem] = {}
    for i in items:
        seen.setdefault(i.label, i)
    return list(seen.values())
