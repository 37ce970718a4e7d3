"""The tiles block: building the tile set, and what can be wrong with it.

Rule of the seeds: every code is declared once; suits have ranks LO..HI; a suit's
dragon and the zero tile must be declared tiles; seat-linked bonus tiles come one
per seat.
"""

from __future__ import annotations

from .. import ast as A
from ..diagnostics import Diagnostic, error
from ..tiles import CLASSES, HAND_CLASSES, Suit, TileKind, TileSet, Variant


#: Bounds on a tile set: no real set is near them, and beyond them the tables grow absurd.
MAX_COPIES = 64
MAX_RANKS = 36


def build_tileset(block: A.TilesBlock) -> tuple[TileSet | None, dict, list[Diagnostic]]:
    """The tile set a tiles block declares, its named classes, and its problems (no
    tile set at all when a count is impossible: nothing downstream could use it)."""
    diags: list[Diagnostic] = []
    impossible = False
    kinds: list[TileKind] = []
    seen: dict[str, A.Word | object] = {}
    suits: list[Suit] = []
    decls: list[A.SuitDecl] = []  # the declaration of each suit kept, for its spans
    zero = None

    def add(code: A.Word, **kw) -> None:
        if code.text in seen:
            here, other = code.span, seen[code.text]
            if _written_by(other, block) and not _written_by(here, block):
                here, other = other, here  # an overlay's line that clashes with its base: point at the overlay
            diags.append(error("MJ203", f"tile `{code.text}` is defined twice", here,
                               f"it is also defined at {other}; remove one of them"))
            return
        if not code.text or any(ch.isspace() for ch in code.text):
            diags.append(error("MJ217", f"tile code {code.text!r} is empty or has spaces", code.span,
                               "a tile code is one word: \"1b\", \"N\", \"f1\""))
            return
        seen[code.text] = code.span
        kinds.append(TileKind(code=code.text, index=len(kinds), **kw))

    suit_names: dict[str, object] = {}  # every suit's name, its declaration valid or not, and where
    for s in block.stmts:
        if isinstance(s, A.VariantDecl):  # its copies are of a kind: judged with the variants (MJ290)
            continue
        if isinstance(s, A.SuitDecl):
            first = suit_names.setdefault(s.name.text, s.name.span)
            if first is not s.name.span:
                diags.append(error("MJ203", f"suit `{s.name.text}` is defined twice", s.name.span,
                                   f"the first is at {first}; give each suit its own name"))
                if any(x.name == s.name.text for x in suits):
                    continue  # the first is the suit; one refused, this one is read (its own problems too)
        copies = getattr(s, "copies", 1)
        if not 1 <= copies <= MAX_COPIES:
            diags.append(error("MJ217", f"{copies} copies of a tile: a set holds 1 to {MAX_COPIES} of each",
                               s.span, "write the copies as in a real set: x4, x8, x1"))
            impossible = True
            continue
        if isinstance(s, A.SuitDecl):
            if s.high - s.low + 1 > MAX_RANKS or s.high > 999:
                diags.append(error("MJ217", f"suit `{s.name.text}` has ranks {s.low}..{s.high}: at most {MAX_RANKS}",
                                   s.span, "a suit runs 1..9 in every shipped variant"))
                impossible = True
                continue
            if s.low > s.high or s.low < 0:
                diags.append(error("MJ217", f"suit `{s.name.text}` has ranks {s.low}..{s.high}", s.span,
                                   "write the lowest rank first: 1..9"))
                continue
            decls.append(s)
            suits.append(Suit(s.name.text, s.letter.text, tuple(range(s.low, s.high + 1)),
                              s.dragon.text if s.dragon else None))
            for r in range(s.low, s.high + 1):
                add(A.Word(f"{r}{s.letter.text}", s.letter.span), cls="suit", copies=s.copies, suit=s.name.text,
                    rank=r, name=f"{s.name.text} {r}")
        elif isinstance(s, A.HonourDecl):
            for c in s.codes:
                add(c, cls=s.cls, copies=s.copies, name=f"{s.cls} {c.text}")
        elif isinstance(s, A.BonusDecl):
            linked = s.link == "seat linked"
            for i, c in enumerate(s.codes, 1):
                add(c, cls=s.cls, copies=s.copies, seat=i if linked else None, name=f"{s.cls} {c.text}")
        elif isinstance(s, A.JokerDecl):
            add(s.code, cls="joker", copies=s.copies, name="joker")
        elif isinstance(s, A.ZeroDecl):
            zero = s
    codes = {k.code for k in kinds}
    # a suit's own declaration: an earlier, invalid one of the same name was not kept
    for su, decl in zip(suits, decls):
        if su.dragon and su.dragon not in codes:
            diags.append(error("MJ214", f"suit `{su.name}` pairs with dragon `{su.dragon}`, which is not a tile",
                               decl.dragon.span, "declare the dragon with `dragon \"R\" ... x4`"))
    if zero is not None and zero.code.text not in codes:
        diags.append(error("MJ214", f"zero tile `{zero.code.text}` is not a tile", zero.code.span,
                           "declare it first, or remove `zero`"))
    classes: dict[str, tuple[str, ...]] = {}
    # a kind of bonus tile added under its own name is also a class of its tiles, so
    # that scoring can count it (`bonus(animal)`); flowers and seasons are facts already
    for b in block.all(A.BonusDecl):
        if b.cls not in CLASSES:
            classes[b.cls] = classes.get(b.cls, ()) + tuple(w.text for w in b.codes)
    for c in block.all(A.ClassDecl):
        for w in c.codes:
            if w.text not in codes:
                diags.append(error("MJ214", f"class `{c.name.text}` names unknown tile `{w.text}`", w.span,
                                   "use codes declared in the tiles block"))
        if c.name.text in classes:
            diags.append(error("MJ202", f"class `{c.name.text}` is defined twice", c.name.span, "keep one"))
        classes[c.name.text] = tuple(w.text for w in c.codes)
    # issue 10: the cycles an indicator points along; a tile in two would point two ways
    cycled: set[str] = set()
    for c in block.all(A.CycleDecl):
        if c.suits:  # every suited tile, along its suit
            suited = {k.code for k in kinds if k.cls == "suit"}
            twice = sorted(suited & cycled)
            if twice:
                diags.append(error("MJ249", f"tile `{twice[0]}` is in two cycles: `cycle suits` takes every suited "
                                            "tile", c.span, "an indicator points at the one next tile: name each "
                                                            "tile in one cycle"))
            cycled |= suited
        for w in c.codes:
            if w.text not in codes:
                diags.append(error("MJ214", f"`cycle` names unknown tile `{w.text}`", w.span,
                                   "use codes declared in the tiles block"))
            elif w.text in cycled:
                diags.append(error("MJ249", f"tile `{w.text}` is in two cycles", w.span,
                                   "an indicator points at the one next tile: name each tile in one cycle"))
            cycled.add(w.text)
    variants = _variants(block, kinds, seen, diags)
    if not kinds or impossible:
        return None, classes, diags
    ts = TileSet(tuple(kinds), tuple(suits), zero.code.text if zero and zero.code.text in codes else None,
                 tuple(variants))
    return ts, classes, diags


def _variants(block: A.TilesBlock, kinds: list[TileKind], seen: dict, diags: list[Diagnostic]) -> list[Variant]:
    """The variants the block declares (``variant red "0m" x1 of "5m"``), each numbered
    past the kinds; MJ294 for one of no tile that plays or a code already taken, MJ290
    for more copies than the kind has."""
    by_code = {k.code: k for k in kinds}
    out: list[Variant] = []
    given: dict[int, int] = {}  # kind index -> variant copies declared so far
    for d in block.all(A.VariantDecl):
        base = by_code.get(d.base.text)
        if base is None:
            other = next((v for v in out if v.code == d.base.text), None)
            what = "another variant" if other is not None else "not a tile of this set"
            diags.append(error("MJ294", f"variant `{d.code.text}` is of `{d.base.text}`, {what}", d.base.span,
                               "name a tile the tiles block declares: variant red \"0m\" x1 of \"5m\""))
            continue
        if base.cls not in HAND_CLASSES or base.cls == "joker":
            diags.append(error("MJ294", f"variant `{d.code.text}` is of `{base.code}`, a {base.cls} tile",
                               d.base.span, "a variant plays as its tile in a hand: make it of a suited tile, "
                                            "a wind or a dragon"))
            continue
        if d.code.text in seen or any(v.code == d.code.text for v in out) or not d.code.text \
                or any(ch.isspace() for ch in d.code.text):
            diags.append(error("MJ294", f"variant code `{d.code.text}` is already a tile's code (or empty)",
                               d.code.span, "give the variant a code of its own: \"0m\" for a red 5m"))
            continue
        total = given.get(base.index, 0) + d.copies
        if not 1 <= d.copies or total > base.copies:
            diags.append(error("MJ290", f"variant `{d.code.text}` takes {d.copies} of the {base.copies} copies of "
                                        f"`{base.code}`" + (f", {given[base.index]} taken by other variants already"
                                                            if given.get(base.index) else ""),
                               d.span, f"give at most {base.copies - given.get(base.index, 0)} (x1: one red five)"))
            continue
        given[base.index] = total
        out.append(Variant(d.name.text, d.code.text, base.index, d.copies, len(kinds) + len(out)))
    return out


def _written_by(span, block: A.TilesBlock) -> bool:
    """Whether a statement comes from the file that wrote the (merged) block: an
    overlay's own line, where the base's lines it kept have the base's path."""
    return getattr(span, "path", None) == block.span.path


def check_tiles(ctx) -> list[Diagnostic]:
    """Seat-linked bonus tiles come one kind per seat."""
    out: list[Diagnostic] = []
    block = ctx.block(A.TilesBlock)
    seats = ctx.block(A.SeatsBlock)
    if block is None or seats is None:
        return out
    for b in block.all(A.BonusDecl):
        if b.link == "seat linked" and len(b.codes) != seats.count:
            out.append(error("MJ217", f"{len(b.codes)} seat-linked {b.cls}s for {seats.count} seats", b.span,
                             "give one code per seat, East first"))
    return out
