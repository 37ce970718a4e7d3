"""Kinds of bonus tile a ruleset adds under its own name (``bonus animal "cat" ...``)
and the groups of bonus tiles paid at once (``on bonus "cat" "mouse": others pay 1
points``) name things that exist: a kind's name is its own, a replaced kind is a
declared kind of bonus tile, a group's tiles are bonus tiles, and ``own`` asks of a
seat-linked kind.
"""

from __future__ import annotations

import difflib

from .. import ast as A
from .. import facts as F
from ..diagnostics import Diagnostic, error
from ..tiles import HAND_CLASSES


def check_bonus(ctx) -> list[Diagnostic]:
    tiles = ctx.block(A.TilesBlock)
    decls = list(tiles.all(A.BonusDecl)) if tiles is not None else []
    kinds = {d.cls: d for d in decls}
    return [*_names(ctx, decls), *_replaced(ctx, kinds), *_groups(ctx, kinds)]


def _names(ctx, decls) -> list[Diagnostic]:
    suits = {s.name for s in ctx.tiles.suits} if ctx.tiles else set()
    out = []
    for d in decls:
        taken = d.cls in HAND_CLASSES or d.cls in suits or d.cls == "kong"
        if taken or (d.cls in F.FACTS and d.cls not in ("flower", "season")):
            # `replace kong` replaces four alike dealt: a kind named kong could never be set aside
            what = ("a suit" if d.cls in suits else "a kind of tile" if d.cls in HAND_CLASSES
                    else "what `replace kong` replaces" if d.cls == "kong" else "a fact of a tile")
            out.append(error("MJ288", f"a kind of bonus tile named `{d.cls}`, which is already {what}", d.span,
                             "give the kind a name of its own: bonus animal \"cat\" ..."))
    return out


def _unknown(word: A.Word, kinds, what: str) -> Diagnostic:
    close = difflib.get_close_matches(word.text, sorted(kinds), n=1)
    return error("MJ289", f"{what} `{word.text}`, but the tiles block declares no such kind of bonus tile",
                 word.span, f"did you mean `{close[0]}`?" if close else
                 "declare it in tiles: bonus NAME \"code\"... x1 (or flower, season)")


def _replaced(ctx, kinds) -> list[Diagnostic]:
    block = ctx.block(A.ReplacementBlock)
    out = []
    for s in block.all(A.ReplaceWhat) if block is not None else ():
        for k in s.kinds:
            if k not in ("flower", "season", "kong") and k not in kinds:
                out.append(_unknown(A.Word(k, s.span), kinds, "replace"))
    return out


def _groups(ctx, kinds) -> list[Diagnostic]:
    pay = ctx.block(A.PaymentsBlock)
    out = []
    for p in pay.all(A.BonusPay) if pay is not None else ():
        for m in p.members:
            if m.how == "code":
                k = ctx.tiles.by_code.get(m.word.text) if ctx.tiles else None
                if ctx.tiles and (k is None or not k.is_bonus):
                    out.append(error("MJ289", f"`{m.word.text}` in a bonus group is not a bonus tile", m.word.span,
                                     "name flowers, seasons or a kind declared `bonus NAME ...`"))
            elif m.word.text not in kinds:
                out.append(_unknown(m.word, kinds, f"on bonus {m.how}"))
            elif m.how == "own" and kinds[m.word.text].link != "seat linked":
                out.append(error("MJ289", f"`own {m.word.text}`, but {m.word.text} tiles belong to no seat",
                                 m.word.span, f"write `all {m.word.text}`, or declare the kind `seat linked`"))
    return out
