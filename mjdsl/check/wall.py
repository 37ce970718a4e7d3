"""Tile arithmetic: the wall holds the set, the deal fits the wall and leaves the dead wall.

Seeds: American 152 tiles in four walls of 19 stacks two high; classical 144 tiles in
four sides of 18 two high, with a kong box of 14 (plus the two loose tiles).
"""

from __future__ import annotations

from .. import ast as A
from ..diagnostics import Diagnostic, error
from .lint_support import is_own


def deal_sizes(deal: A.DealBlock | None, play: A.PlayBlock | None, seats: int) -> tuple[int, int]:
    """(tiles the dealer starts play with, tiles each other seat starts with)."""
    dealer = other = 0
    for s in deal.all(A.DealStep) if deal else []:
        n = s.count * s.times
        if s.who in ("all", "dealer"):
            dealer += n
        if s.who in ("all", "others"):
            other += n
    if play is not None:
        for d in play.all(A.DealerDraws):
            dealer += d.count
    return dealer, other


def seat_count(ctx) -> int:
    """The ruleset's seats (four without a seats block)."""
    seats_b = ctx.block(A.SeatsBlock)
    return seats_b.count if seats_b else 4


def dealt_sizes(ctx, with_draws: bool = True) -> tuple[int, int]:
    """The ruleset's :func:`deal_sizes` (the dealer's, each other seat's); ``with_draws``:
    the dealer's first draws too."""
    return deal_sizes(ctx.block(A.DealBlock), ctx.block(A.PlayBlock) if with_draws else None, seat_count(ctx))


def live_after_deal(ctx, with_draws: bool = True) -> int | None:
    """Tiles the deal leaves in the live wall (below 0: the deal does not fit), or None
    without a wall, a deal or a tile set. ``with_draws``: the dealer's first draws too."""
    wall, deal = ctx.block(A.WallBlock), ctx.block(A.DealBlock)
    if wall is None or deal is None or ctx.tiles is None:
        return None
    settings = {s.key: s.value for s in wall.all(A.WallSetting)}
    seats = seat_count(ctx)
    dealer, other = dealt_sizes(ctx, with_draws)
    return ctx.tiles.total - settings.get("dead wall", 0) - settings.get("loose tiles", 0) - dealer - other * (seats - 1)


def check_wall(ctx) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    wall = ctx.block(A.WallBlock)
    seats_b = ctx.block(A.SeatsBlock)
    seats = seat_count(ctx)
    if seats_b is not None:
        if not 2 <= seats <= 8:
            out.append(error("MJ217", f"{seats} seats: a table has 2 to 8", seats_b.span, "write `seats 4 { ... }`"))
        players = seats_b.one(A.SeatPlayers)
        if players is not None and not seats <= players.count <= 8:
            out.append(error("MJ237", f"{players.count} players for {seats} seats: a session has as many players "
                             f"as seats, or more (at most 8), the others sitting out each hand", players.span,
                             f"write `players N` with N from {seats} to 8, or leave it out"))
        winds = seats_b.one(A.SeatWinds)
        if winds is not None and len(winds.codes) != seats:
            out.append(error("MJ242", f"{len(winds.codes)} seat winds for {seats} seats", winds.span,
                             "name one wind per seat, in turn order"))
        if winds is not None:
            seen: set = set()
            for w in winds.codes:
                if w.text in seen:
                    out.append(error("MJ242", f"seat wind `{w.text}` is named twice", w.span,
                                     "each seat has its own wind: name each wind once, in turn order"))
                seen.add(w.text)
        if winds is not None and ctx.tiles is not None:
            for w in winds.codes:
                k = ctx.tiles.by_code.get(w.text)
                if k is not None and k.cls != "wind":
                    out.append(error("MJ242", f"seat wind `{w.text}` is a {k.cls}, not a wind", w.span,
                                     "name wind tiles declared with `wind`"))
    out += _indicators(ctx, wall)
    for b in wall.all(A.WallBreak) if wall is not None else ():
        if not 1 <= b.dice <= 6:
            out.append(error("MJ217", f"{b.dice} dice: throw 1 to 6", b.span, "most tables throw 2 dice"))
        if b.part == "side" and b.thrown_by in ("any", "side owner"):
            # the side is counted from the thrower's seat; `side owner` is the side not yet chosen
            out.append(error("MJ233", f"the side to break is counted from the thrower: `thrown by {b.thrown_by}` "
                                      "names no one seat", b.span,
                             "throw `by dealer` (or `left`, `right`, `across` of the dealer)"))
        if b.thrown_by == "across" and seats % 2:
            out.append(error("MJ227", f"no seat sits across at a table of {seats}", b.span,
                             "throw `by dealer`, `left` or `right`"))
    if wall is None or ctx.tiles is None:
        return out
    settings = {s.key: s for s in wall.all(A.WallSetting)}
    for key in ("sides", "length", "height"):
        if key not in settings:
            out.append(error("MJ216", f"the wall block has no `{key}`", wall.span,
                             f"add `{key} N`: sides, length and height give the wall's size"))
    if any(k not in settings for k in ("sides", "length", "height")):
        return out
    sides, length, height = (settings[k].value for k in ("sides", "length", "height"))
    size = sides * length * height
    total = ctx.tiles.total
    if size != total:
        where, hint = settings["length"].span, f"a set of {total} tiles needs sides x length x height = {total}"
        tiles = ctx.block(A.TilesBlock)
        if tiles is not None and is_own(ctx, tiles.span) and not is_own(ctx, where):
            # an overlay changed the set its base's wall was built for: the change is the news
            where, hint = tiles.span, f"the wall at {settings['length'].span} holds {size}; " + hint
        out.append(error("MJ220", f"the wall holds {size} tiles ({sides} x {length} x {height}) but the set has {total}",
                         where, hint))
    dead = settings["dead wall"].value if "dead wall" in settings else 0
    loose = settings["loose tiles"].value if "loose tiles" in settings else 0
    if dead + loose > size:
        out.append(error("MJ222", f"the dead wall ({dead + loose} tiles) is larger than the wall ({size})",
                         settings["dead wall"].span if "dead wall" in settings else wall.span,
                         "make the dead wall smaller"))
        return out
    dealer, other = deal_sizes(ctx.block(A.DealBlock), ctx.block(A.PlayBlock), seats)
    dealt = dealer + other * (seats - 1)
    live = min(size, total) - dead - loose
    if dealt > live:
        deal = ctx.block(A.DealBlock)
        out.append(error("MJ221", f"the deal takes {dealt} tiles but the wall has {live} outside the dead wall",
                         deal.span if deal else wall.span,
                         f"deal fewer tiles (dealer {dealer}, others {other}) or enlarge the wall"))
    return out


#: The most kongs a hand's indicators count ("one more after each kong"): four, a hand's worth.
MOST_KONGS = 4


def dead_wall_draws(ctx) -> tuple[int, int]:
    """(bonus tiles, kongs) a hand may replace from the far end of the kong box, at most,
    the way ``Game.draw_dead`` takes them: every bonus tile of the kinds the replacement
    block replaces (those dealt always come from the kong box; those drawn in play too
    unless ``replacement from wall``), and up to :data:`MOST_KONGS` kongs, when kongs can
    be made and are replaced from the dead wall (``replacement from wall`` in the kongs
    block draws from the live wall; the kongs dealt are replaced from the kong box)."""
    rep = ctx.block(A.ReplacementBlock)
    what = rep.one(A.ReplaceWhat) if rep is not None else None
    kinds = what.kinds if what is not None else ()
    bonus = sum(k.copies for k in ctx.tiles.kinds if k.is_bonus and k.cls in kinds) if ctx.tiles else 0
    kongs_b, claims_b = ctx.block(A.KongsBlock), ctx.block(A.ClaimsBlock)
    where = kongs_b.one(A.KongReplacement) if kongs_b is not None else None
    declared = kongs_b is not None and kongs_b.one(A.KongAllowed) is not None
    claimed = claims_b is not None and any(c.size == 4 and c.shape == "same" for c in claims_b.all(A.ClaimDecl))
    # a claimed kong draws a replacement only when the kongs block says where from (steps_play)
    from_dead = (declared or claimed and where is not None) and (where is None or where.where != "wall")
    return bonus, MOST_KONGS if from_dead or "kong" in kinds else 0


def _indicators(ctx, wall) -> list[Diagnostic]:
    """Indicators lie in the kong box, each with a tile under it, from its live end on
    (``table_facts.indicator_tiles``); the replacements are drawn from its far end, and
    the box keeps its size by moving the end of the live wall: the box holds two tiles
    for each indicator and one for each replacement a hand may draw, else a replacement
    takes a tile shown as an indicator or lying under one (MJ287)."""
    ind = wall.one(A.WallIndicators) if wall is not None else None
    if ind is None:
        return []
    settings = {s.key: s.value for s in wall.all(A.WallSetting)}
    box = settings.get("dead wall", 0) + settings.get("loose tiles", 0)
    shown = ind.count + (MOST_KONGS if ind.per_kong else 0)
    bonus, kongs = dead_wall_draws(ctx)
    need = 2 * shown + bonus + kongs
    out = []
    if ind.count < 1:
        out.append(error("MJ287", f"`indicators {ind.count}` shows no indicator at the start of the hand",
                         ind.span, "at least one indicator is turned up when the wall is built: write "
                         "`indicators 1`, or delete the line for no indicators"))
    elif need > box:
        draws = " and ".join(x for x in (f"{bonus} bonus tile replacement(s)" if bonus else "",
                                         f"{kongs} kong replacement(s)" if kongs else "") if x)
        out.append(error("MJ287", f"{ind.count} indicator(s){' and one more per kong' if ind.per_kong else ''} "
                         f"{'with ' + draws + ' ' if draws else ''}need a dead wall of {need} tiles, not {box}",
                         ind.span, "each indicator and the tile under it lie in the dead wall (a kong adds one, "
                         "up to four), and each replacement is drawn from it: write `dead wall 14` for "
                         "`indicators 1 more after each kong` with four kong replacements"))
    tiles = ctx.block(A.TilesBlock)
    if tiles is not None and tiles.one(A.CycleDecl) is None:
        out.append(error("MJ287", "indicators point along the tiles' cycles, and the tiles block has none",
                         ind.span, 'say them in the tiles block: `cycle suits`, `cycle "E" "S" "W" "N"`'))
    return out
