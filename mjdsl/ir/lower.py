"""Lowering: a checked ruleset to an :class:`~mjdsl.ir.model.Automaton`.

One ``lower_*`` function per block (``lower_charleston`` for the ``charleston``
block, ...). The lowering may assume the checks found no errors. Options are
folded in: a step whose condition is off produces no state.
"""

from __future__ import annotations

from pathlib import Path

import attrs

from .. import ast as A
from ..check.flow import default_flow
from ..check.winning import card_path
from ..diagnostics import MjError, error
from . import model as M
from ..ast.lets import expand_lets, scoring_lets
from ..ast.text import expr_text
from .expr import compile_expr, const_value, is_const


class _Graph:
    """States being built, in order; each phase appends and links to the next."""

    def __init__(self):
        self.states: dict[str, M.State] = {}
        self.order: list[str] = []

    def add(self, state: M.State) -> str:
        self.states[state.id] = state
        self.order.append(state.id)
        return state.id

    def link(self, sid: str, *transitions: M.Transition) -> None:
        import attrs

        s = self.states[sid]
        # first match wins, so `always` goes last whatever order links were made in
        nxt = sorted(s.next + tuple(transitions), key=lambda t: t.guard == "always")
        self.states[sid] = attrs.evolve(s, next=tuple(nxt))


def lower(ctx) -> M.Automaton:
    """The automaton of a ruleset that checked clean."""
    rs = ctx.ruleset
    opts = ctx.options.values()
    tiles = ctx.tiles
    entry, states = lower_states(rs, opts)
    seats_b = rs.block(A.SeatsBlock)
    seats = seats_b.count if seats_b else 4
    winds_stmt = seats_b.one(A.SeatWinds) if seats_b else None
    seat_winds = tuple(tiles.index(w.text) for w in winds_stmt.codes) if winds_stmt else ()
    players_stmt = seats_b.one(A.SeatPlayers) if seats_b else None

    play = rs.block(A.PlayBlock)
    claims = lower_claims(rs, opts)
    auto = M.Automaton(
        name=rs.name or Path(rs.path).stem,
        hash=rs.source_hash(),
        tiles=tiles,
        seats=seats,
        seat_winds=seat_winds,
        players=players_stmt.count if players_stmt else seats,
        wall=lower_wall(rs, opts),
        indicates=lower_cycles(rs, tiles),
        no_discard=table_condition(play.one(A.NoDiscard).condition, opts) if play.one(A.NoDiscard) else None,
        no_discard_text=expr_text(play.one(A.NoDiscard).condition) if play.one(A.NoDiscard) else "",
        aborts=tuple(M.AbortSpec(a.title, compile_expr(a.condition, opts), expr_text(a.condition), a.span, a.point)
                     for a in play.all(A.Abort)),
        deal=tuple((s.who, s.count, s.times) for s in rs.block(A.DealBlock).all(A.DealStep)),
        states=states,
        start=entry,
        claims=claims,
        kongs=lower_kongs(rs),
        jokers=lower_jokers(rs, tiles, opts),
        winning=lower_winning(rs, ctx, opts),
        dead_causes=lower_dead_causes(rs),
        never_pass=tuple(sorted({tiles.index(c) for c in _never_passed(rs)})),
        dead_discards=_codes(tiles, [w for s in (rs.block(A.ClaimsBlock).all(A.DeadDiscard) if rs.block(A.ClaimsBlock) else []) for w in s.codes]),
        discard_live_until=(play.one(A.DiscardLive).until if play.one(A.DiscardLive) else "next turn"),
        wall_game_left=(play.one(A.WallGame).left if play.one(A.WallGame) else 0),
        announcements=tuple(M.AnnounceSpec(a.name.text, a.title, a.time, a.freezes, a.required, a.span,
                                           when=table_condition(a.condition, opts),
                                           when_text=expr_text(a.condition) if a.condition else "",
                                           when_expr=a.condition)
                            for a in play.all(A.Announce)
                            if const_value(compile_expr(a.condition, opts), True)),
        original_hand=play.one(A.OriginalHand) is not None,
        replacement_from=(play.one(A.ReplacementFrom).where if play.one(A.ReplacementFrom) else "dead wall"),
        bonus_kinds=_bonus_kinds(rs),
        scoring=lower_scoring(rs, opts),
        payments=lower_payments(rs, opts, tiles),
        session=lower_session(rs, opts),
        options=opts,
        tile_classes={k: tuple(tiles.index(c) for c in v) for k, v in ctx.tile_classes.items()},
    )
    from .dump import ruleset_hash

    return attrs.evolve(auto, hash=ruleset_hash(auto))


def lower_states(rs, opts) -> tuple[str | None, dict[str, M.State]]:
    """The first state and the states: each phase's, linked to the next, then the
    settlement and the end (the automaton's graph, which the reachability lint walks)."""
    g = _Graph()
    phases = [w.text for w in rs.flow.phases] if rs.flow else default_flow(rs)
    lowerers = {"deal": lower_deal, "charleston": lower_charleston, "replacement": lower_replacement,
                "play": lower_play}
    # Each phase returns (first state id, [dangling state ids to link to the next phase]).
    entry = None
    dangling: list[tuple[str, str]] = []
    for phase in phases:
        first, ends = lowerers[phase](rs, g, opts)
        if first is None:
            continue
        if entry is None:
            entry = first
        for sid, guard in dangling:
            g.link(sid, M.Transition(guard, first))
        dangling = ends
    pay = rs.block(A.PaymentsBlock) or rs.block(A.ScoringBlock)
    settle = g.add(M.State("settle", M.SYSTEM, "settle", {}, (M.Transition("always", "end"),),
                           pay.span if pay else None))
    for sid, guard in dangling:
        g.link(sid, M.Transition(guard, settle))
    session = rs.block(A.SessionBlock)
    g.add(M.State("end", M.TERMINAL, "end", {}, (), session.span if session else (pay.span if pay else None)))
    return entry, dict(g.states)


def lower_dead_causes(rs) -> tuple[str, ...]:
    """The causes of a dead hand the ruleset declares, in order."""
    return tuple(s.cause for s in (rs.block(A.DeadBlock).all(A.DeadCause) if rs.block(A.DeadBlock) else []))


def _codes(tiles, words) -> tuple[int, ...]:
    return tuple(sorted({tiles.index(w.text) for w in words}))


def _never_passed(rs) -> list[str]:
    """Codes no Charleston pass may give: the block's `never pass`, and the joker when
    the jokers block says `never passed` (seed: jokers may never be passed)."""
    codes = [w.text for s in _charleston_stmts(rs) if isinstance(s, A.NeverPass) for w in s.codes]
    jokers = rs.block(A.JokersBlock)
    if jokers is not None and jokers.one(A.JokerNeverPassed) is not None and jokers.tile.text not in codes:
        codes.append(jokers.tile.text)
    return codes


def _charleston_stmts(rs):
    b = rs.block(A.CharlestonBlock)
    if b is None:
        return []
    out = []
    for s in b.stmts:
        out.append(s)
        if isinstance(s, A.OptionalRound):
            out.extend(s.stmts)
    return out


def _bonus_kinds(rs) -> tuple[str, ...]:
    b = rs.block(A.ReplacementBlock)
    if b is None:
        return ()
    return tuple(k for s in b.all(A.ReplaceWhat) for k in s.kinds)


# -----------------------------------------------------------------------------
# Phases
# -----------------------------------------------------------------------------


def lower_deal(rs, g: _Graph, opts):
    wall = rs.block(A.WallBlock)
    deal = rs.block(A.DealBlock)
    first = g.add(M.State("setup.shuffle", M.CHANCE, "shuffle", {}, (), wall.span))
    prev = first
    for i, b in enumerate(wall.all(A.WallBreak), 1):
        sid = g.add(M.State(f"setup.dice.{b.part}", M.CHANCE, "dice",
                            {"part": b.part, "dice": b.dice, "thrown_by": b.thrown_by, "counting": b.counting}, (), b.span))
        g.link(prev, M.Transition("always", sid))
        prev = sid
    sid = g.add(M.State("setup.deal", M.SYSTEM, "deal", {}, (), deal.span))
    g.link(prev, M.Transition("always", sid))
    return first, [(sid, "always")]


def lower_charleston(rs, g: _Graph, opts):
    b = rs.block(A.CharlestonBlock)
    if b is None or not const_value(compile_expr(b.condition, opts), True):
        return None, []
    never = _never_passed(rs)
    counter = iter(range(1, 1000))
    first = None
    dangling: list[tuple[str, str]] = []

    def attach(sid: str):
        nonlocal first, dangling
        if first is None:
            first = sid
        for d, guard in dangling:
            g.link(d, M.Transition(guard, sid))
        dangling = [(sid, "always")]

    def steps(stmts, prefix: str):
        for s in stmts:
            if isinstance(s, A.PassStep):
                if not const_value(compile_expr(s.condition, opts), True):
                    continue
                blind = s.blind and bool(const_value(compile_expr(s.blind_condition, opts), True))
                attach(g.add(M.State(f"{prefix}.{next(counter)}", M.SIMULTANEOUS, "pass",
                                     {"count": s.count, "direction": s.direction, "blind": blind,
                                      "never": never, "actors": "every live seat",
                                      "resolver": "blind forwarding" if blind else "all at once"}, (), s.span)))
            elif isinstance(s, A.OptionalRound):
                vote = g.add(M.State(f"{prefix}.{s.name.text}.vote", M.SIMULTANEOUS, "vote",
                                     {"rule": s.vote, "round": s.name.text, "actors": "every live seat",
                                      "resolver": f"stopped if {s.vote} vote to stop"}, (), s.span))
                attach(vote)
                steps(s.stmts, f"{prefix}.{s.name.text}")
                # a stopped round skips to whatever follows it
                dangling.append((vote, "stopped"))
            elif isinstance(s, A.CourtesyStep):
                if not const_value(compile_expr(s.condition, opts), True):
                    continue
                offer = g.add(M.State(f"{prefix}.courtesy.offer", M.SIMULTANEOUS, "offer",
                                      {"direction": s.direction, "low": s.low, "high": s.high, "rule": s.offer},
                                      (), s.span))
                attach(offer)
                attach(g.add(M.State(f"{prefix}.courtesy.pass", M.SIMULTANEOUS, "pass",
                                     {"count": "offer", "direction": s.direction, "blind": False, "never": never},
                                     (), s.span)))

    steps(b.stmts, "charleston")
    return first, dangling


def lower_replacement(rs, g: _Graph, opts):
    b = rs.block(A.ReplacementBlock)
    if b is None:
        return None, []
    kinds = tuple(k for s in b.all(A.ReplaceWhat) for k in s.kinds)
    order = b.one(A.ReplaceOrder)
    sid = g.add(M.State("replacement", M.SYSTEM, "replace_bonus",
                        {"kinds": kinds, "direction": order.direction if order else "counter clockwise",
                         "again_after_everyone": b.one(A.ReplaceAgain) is not None}, (), b.span))
    return sid, [(sid, "always")]


def lower_play(rs, g: _Graph, opts):
    """The turn loop. States for what the ruleset never mentions are not made: no kong
    replacement without kongs declared on a turn, no robbing window unless kongs may
    be robbed, no turn after a claim without claims for sets. (What it mentions but
    options switch off stays, and the lint reports it unreachable: MJ307.)"""
    p = rs.block(A.PlayBlock)
    kongs = lower_kongs(rs)
    declared = kongs["concealed"] or kongs["added"]
    sets = any(c.size is not None for c in lower_claims(rs))
    start = g.add(M.State("play.start", M.SYSTEM, "play_start",
                          {"dealer_draws": sum(s.count for s in p.all(A.DealerDraws)),
                           "dealer_opens": p.one(A.DealerOpens) is not None}, (), p.span))
    draw = g.add(M.State("play.draw", M.SYSTEM, "draw", {}, (), (p.one(A.DrawFrom) or p).span))
    claims_b = rs.block(A.ClaimsBlock)
    prio = claims_b.one(A.Priority) if claims_b else None
    several = claims_b.one(A.SeveralWin) if claims_b else None
    turn = g.add(M.State("play.turn", M.DECISION, "turn", {"actor": "the seat on turn"}, (), p.span))
    window = g.add(M.State("play.claims", M.SIMULTANEOUS, "claim_window", {
        "actors": "every live seat that can claim the discard, nearest after the discarder first",
        "resolver": "priority",
        "priority": [[w.text for w in level] for level in prio.levels] if prio else [],
        "ties": "next in turn after the discarder"
                + ("" if claims_b is not None and claims_b.one(A.TiesNextInTurn) else " (the default)"),
        # double ron: every mah jongg claimed on the discard stands, not the nearest only
        # (said only when so: the automaton, and its hash, stay as they were without it)
        **({"several_win": True} if several and const_value(compile_expr(several.condition, opts), True) else {}),
    }, (), claims_b.span if claims_b else p.span))
    after = g.add(M.State("play.after_claim", M.DECISION, "turn",
                          {"actor": "the seat that claimed", "after_claim": True}, (), p.span)) if sets else None
    replace = g.add(M.State("play.replacement", M.SYSTEM, "replacement", {}, (), p.span)) if declared else None
    rob = g.add(M.State("play.rob", M.SIMULTANEOUS, "rob_window", {
        "actors": "every live seat the added tile completes", "resolver": "next in turn after the seat adding"},
        (), p.span)) if kongs["robbable"] else None

    def link(sid, *pairs):
        g.link(sid, *(M.Transition(guard, target) for guard, target in pairs if target is not None))

    link(start, ("always", turn))
    link(draw, ("wall_game", "settle"), ("always", turn))
    # only an added kong can be robbed: robbing declared without added kongs opens nothing
    link(turn, ("won", "settle"), ("replace", replace), ("rob", rob if kongs["added"] else None),
         ("wall_game", "settle"), ("always", window))
    # an abort asked of a discard's claims (triple ron) ends the hand from the window;
    # only a ruleset with one has the way out (the others' automata stay as they were)
    aborts_at_claims = any(a.point == "claims" for a in p.all(A.Abort))
    link(window, ("won", "settle"), ("claimed", after), ("all_dead", "settle"),
         ("wall_game", "settle" if aborts_at_claims else None), ("always", draw))
    if after is not None:
        link(after, ("won", "settle"), ("replace", replace), ("always", window))
    if replace is not None:
        link(replace, ("wall_game", "settle"), ("always", turn))
    if rob is not None:
        link(rob, ("won", "settle"), ("always", replace))
    return start, []


# -----------------------------------------------------------------------------
# Specs
# -----------------------------------------------------------------------------


def lower_wall(rs, opts=None) -> M.WallSpec:
    w = rs.block(A.WallBlock)
    st = {s.key: s.value for s in w.all(A.WallSetting)}
    ind, under = w.one(A.WallIndicators), w.one(A.WallUnder)
    return M.WallSpec(st["sides"], st["length"], st["height"], st.get("dead wall", 0), st.get("loose tiles", 0),
                      tuple((b.part, b.dice, b.thrown_by, b.counting) for b in w.all(A.WallBreak)), w.span,
                      indicators=ind.count if ind else 0, indicators_per_kong=bool(ind and ind.per_kong),
                      under=bool(ind and under and _may_hold(under.condition, opts)),
                      under_when=table_condition(under.condition, opts) if under else None,
                      under_text=expr_text(under.condition) if under and under.condition else "")


def lower_cycles(rs, tiles) -> tuple[int, ...]:
    """What each tile points at as an indicator: the next of its cycle (``cycle suits``:
    each suit's ranks in order; ``cycle "E" "S" "W" "N"``), the last pointing at the first."""
    b = rs.block(A.TilesBlock)
    cycles = [c for c in b.all(A.CycleDecl)] if b is not None else []
    if not cycles:
        return ()
    out = [-1] * tiles.size
    for c in cycles:
        rings = ([[k.index for k in sorted((k for k in tiles.kinds if k.suit == su.name), key=lambda k: k.rank)]
                  for su in tiles.suits]
                 if c.suits else [[tiles.index(w.text) for w in c.codes]])
        for ring in rings:
            for i, t in enumerate(ring):
                out[t] = ring[(i + 1) % len(ring)]
    return tuple(out)


def lower_claims(rs, opts=None) -> tuple[M.ClaimSpec, ...]:
    b = rs.block(A.ClaimsBlock)
    if b is None:
        return ()
    prio = b.one(A.Priority)
    rank = {}
    if prio is not None:
        for i, level in enumerate(prio.levels):
            for w in level:
                rank[w.text] = i
    out = []
    for c in b.all(A.ClaimDecl):
        if opts is not None and not const_value(compile_expr(c.condition, opts), True):
            continue  # switched off by an option
        out.append(M.ClaimSpec(c.name.text, c.size, c.shape, c.source, c.except_source,
                               c.except_for.text if c.except_for else None, rank.get(c.name.text, 0), c.span,
                               when=table_condition(c.condition, opts) if opts is not None else None,
                               when_text=expr_text(c.condition) if c.condition else "",
                               when_expr=c.condition))
    return tuple(sorted(out, key=lambda c: (c.rank, c.name)))


def _may_hold(e, opts) -> bool:
    """A condition read in play that the options do not make always false (none given: true)."""
    return e is None or opts is None or bool(const_value(compile_expr(e, opts), True))


def table_condition(e, opts):
    """A condition on the table read in play (a claim's, an announcement's): its
    closure, or None when the options make it always true (one they make always false
    stays, a constant that says so)."""
    f = compile_expr(e, opts)
    return None if is_const(f) and const_value(f, True) else f


def lower_kongs(rs) -> dict:
    b = rs.block(A.KongsBlock)
    out = {"concealed": False, "added": False, "robbable": False, "replacement": None}
    if b is None:
        return out
    for s in b.all(A.KongAllowed):
        out[s.kind] = True
        if s.robbable:
            out["robbable"] = True
    r = b.one(A.KongReplacement)
    if r is not None:
        out["replacement"] = r.where
    return out


def lower_jokers(rs, tiles, opts) -> M.JokerSpec | None:
    b = rs.block(A.JokersBlock)
    if b is None:
        return None
    stand = b.one(A.JokerStand)
    swap = b.one(A.JokerSwap)
    swaps = swap is not None and bool(const_value(compile_expr(swap.condition, opts), True))
    return M.JokerSpec(tiles.index(b.tile.text), stand.min_group if stand else 3, swaps,
                       b.one(A.JokerDead) is not None, b.one(A.JokerNeverPassed) is not None, b.span)


def lower_winning(rs, ctx, opts) -> M.WinSpec:
    b = rs.block(A.WinningBlock)
    card = None
    cpath = None
    ref = b.one(A.CardRef)
    if ref is not None:
        cpath = str(card_path(ref, rs))  # checked: check_winning refused a bad path
        card = compile_card_file(cpath, ctx.tiles, ref.span)
    patterns = []
    for p in b.all(A.PatternDecl):
        patterns.append(lower_pattern(p, opts))
    cc = b.one(A.ConcealedCalls)
    return M.WinSpec(card, cpath, tuple(patterns), cc.claim.text if cc else None)


def compile_card_file(path: str, tiles, span):
    from ..cards.cache import checked_card
    from ..source import Source

    src = Source.from_file(path)
    checked = checked_card(src.text, src.path, tiles)
    if checked.card is None:
        raise MjError(list(checked.diagnostics) or [error("MJ206", f"cannot read card {path}", span)])
    return checked.compiled


def lower_pattern(p: A.PatternDecl, opts) -> M.PatternSpec:
    from ..hands import patterns as HP

    sets = next((s.count for s in p.stmts if isinstance(s, A.PatSets)), None)
    pairs = next((s.count for s in p.stmts if isinstance(s, A.PatPairs)), 0)
    mc = next((s for s in p.stmts if isinstance(s, A.PatMaxChows)), None)
    max_chows = const_value(compile_expr(mc.limit, opts)) if mc else None
    concealed = any(isinstance(s, A.PatConcealed) for s in p.stmts)
    parts = []
    for s in p.stmts:
        if isinstance(s, A.PatEachOf):
            parts.append(HP.EachOf(_tile_class(s.tiles)))
        elif isinstance(s, A.PatExtraOf):
            parts.append(HP.OneOf(_tile_class(s.tiles)))
        elif isinstance(s, A.PatSuitCounts):
            parts.append(HP.SuitCounts(s.counts))
        elif isinstance(s, A.PatExtraSameSuit):
            ranks = tuple(range(s.ranks[0], s.ranks[1] + 1)) if s.ranks else None
            kinds = ("suited", *(w.text for w in s.also))
            parts.append(HP.OneOf(HP.TileClass(kinds, suit="a", ranks=ranks)))
        elif isinstance(s, A.PatPairsOf):
            parts.append(HP.PairsOf(s.count, _tile_class(s.tiles), s.distinct))
        elif isinstance(s, A.PatKnitted):
            parts.append(HP.Knitted(s.count, ("a", "b", "c")[: s.width], s.distinct))
        elif isinstance(s, A.PatSingles):
            parts.append(HP.Singles(s.count, _tile_class(s.tiles)))
    # parts beside sets or pairs: the parts take their tiles, the rest makes the sets
    special = HP.Pattern(p.name.text, tuple(parts), concealed, sets or 0, pairs,
                         int(max_chows) if max_chows is not None else None) if parts else None
    return M.PatternSpec(p.name.text, p.title or p.name.text, sets, pairs,
                         int(max_chows) if max_chows is not None else None, special, concealed, p.span)


def _tile_class(tc):
    from ..hands import patterns as HP

    if isinstance(tc, A.ClassUnion):
        # a knitted term's rank groups go to suit variables a, b, c... in order
        knit = tuple(zip("abcdefghij", tc.knitted.groups)) if tc.knitted is not None else ()
        return HP.TileClass(tuple(w.text for w in tc.names), knit=knit)
    raise MjError(error("MJ217", "explicit tile lists in patterns are not supported yet", tc.span,
                        "name classes: terminal, simple, honour, wind, dragon"))


def lower_scoring(rs, opts) -> M.ScoringSpec:
    b = rs.block(A.ScoringBlock)
    if b is None:
        return M.ScoringSpec(None, "", None, False, False, ())
    lets = scoring_lets(rs)
    v = b.one(A.ScoreValue)
    value = expand_lets(v.expr, lets) if v else None
    lim = b.one(A.ScoreLimit)
    roof = b.one(A.ScoreRoofOff)
    minimum = b.one(A.ScoreMinimum)
    at_least = expand_lets(minimum.condition, lets) if minimum else None
    rules = []
    for r in b.all(A.ScoreRule):
        when = expand_lets(r.condition, lets)
        times = expand_lets(r.times, lets)
        # the text (and so the hash) of a rule counted once is as it was before `per COUNT`
        per = f" per {expr_text(times)}" if times is not None else ""
        rules.append(M.RuleSpec(r.name.text, r.title or r.name.text, r.amount, r.unit, r.scope,
                                compile_expr(r.where, opts), compile_expr(when, opts), r.span,
                                f"where {expr_text(r.where)} when {expr_text(when)}{per}",
                                where_expr=r.where, when_expr=when,
                                times=compile_expr(times, opts) if times is not None else None, times_expr=times))
    return M.ScoringSpec(
        compile_expr(value, opts),
        expr_text(value) if v else "",
        const_value(compile_expr(lim.expr, opts)) if lim else None,
        bool(const_value(compile_expr(roof.condition, opts), False)) if roof else False,
        b.one(A.ScoreBestSplit) is not None,
        tuple(rules),
        value_expr=value,
        claimed_kongs_concealed=b.one(A.ScoreClaimedKongsConcealed) is not None,
        excludes=tuple((s.name.text, tuple(w.text for w in s.excluded)) for s in b.all(A.ScoreExcludes)),
        alone=tuple((s.name.text, tuple(w.text for w in s.unless)) for s in b.all(A.ScoreAlone)),
        accounts=tuple(tuple(dict.fromkeys(w.text for w in s.rules)) for s in b.all(A.ScoreAccount)),
        minimum=compile_expr(at_least, opts),
        minimum_text=expr_text(at_least),
        minimum_expr=at_least,
        limits_add=b.one(A.ScoreLimitsAdd) is not None,
    )


def lower_payments(rs, opts, tiles=None) -> M.PaymentsSpec:
    b = rs.block(A.PaymentsBlock)
    if b is None:
        return M.PaymentsSpec((), False, False, {})
    lets = scoring_lets(rs)
    pays = tuple(M.PaySpec(p.payer, compile_expr(expand_lets(p.amount, lets), opts),
                           compile_expr(expand_lets(p.condition, lets), opts), p.span,
                           f"{expr_text(expand_lets(p.amount, lets))} when {expr_text(expand_lets(p.condition, lets))}")
                 for p in b.all(A.Pay))
    # a penalty in limits is that many times the limit, so every penalty is in points
    limit = lower_scoring(rs, opts).limit or 0
    wall_pay = b.one(A.WallGamePay)
    return M.PaymentsSpec(pays, b.one(A.SettleLosers) is not None, b.one(A.DealerDouble) is not None,
                          {p.name.text: p.points * (limit if p.unit == "limits" else 1) for p in b.all(A.Penalty)},
                          deposits={d.name.text: d.points for d in b.all(A.Deposit)},
                          wall_game_pay=wall_pay.points if wall_pay else 0,
                          instant={i.event: i.points for i in b.all(A.InstantPay)},
                          bonus_pays=tuple(lower_bonus_pay(p, tiles, rs) for p in b.all(A.BonusPay)) if tiles else (),
                          feeds=tuple(lower_feed(f, lets, opts) for f in b.all(A.FeederPays)))


def lower_feed(f, lets, opts) -> M.FeedSpec:
    """``feeder of N sets where PRED pays [SHARE] for GROUP [when COND]``."""
    when = expand_lets(f.condition, lets)
    where = compile_expr(f.where, opts)
    assert where is not None
    share = f" {f.share:g}" if f.share != 1 else ""
    return M.FeedSpec(f.count, where, float(f.share), f.group, compile_expr(when, opts), f.span,
                      f"feeder of {f.count} sets where {expr_text(f.where)} pays{share} for {f.group}"
                      + (f" when {expr_text(when)}" if when is not None else ""))


def lower_bonus_pay(p, tiles, rs) -> M.BonusPaySpec:
    """The tiles an ``on bonus`` group needs, for each seat position from the dealer."""
    seats = rs.block(A.SeatsBlock)
    n = seats.count if seats is not None else 4

    def members(m, pos: int) -> set[int]:
        if m.how == "code":
            return {tiles.index(m.word.text)}
        of = tiles.of_class(m.word.text)
        return {k.index for k in of if m.how == "all" or k.seat == pos + 1}

    need = tuple(frozenset().union(*(members(m, pos) for m in p.members)) for pos in range(n))
    # the group in words, for the rule book: "cat and mouse", "their own flower and their own season", "every animal"
    text = " and ".join(m.word.text if m.how == "code" else f"their own {m.word.text}" if m.how == "own"
                        else f"every {m.word.text}" for m in p.members)
    return M.BonusPaySpec(need, p.points, p.span, text, tuple((m.how, m.word.text) for m in p.members))


def lower_session(rs, opts) -> M.SessionSpec:
    b = rs.block(A.SessionBlock)
    if b is None:
        return M.SessionSpec(1, None, None, "", True, False)
    hands = b.one(A.SessionHands)
    rounds = b.one(A.SessionRounds)
    keeps = b.one(A.DealerKeeps)
    return M.SessionSpec(
        int(const_value(compile_expr(hands.expr, opts))) if hands else None,
        int(const_value(compile_expr(rounds.expr, opts))) if rounds else None,
        compile_expr(keeps.condition, opts) if keeps else None,
        expr_text(keeps.condition) if keeps else "",
        b.one(A.DealerRotates) is not None,
        b.one(A.RoundWindRotates) is not None,
        b.one(A.FirstDealer).dice if b.one(A.FirstDealer) else 0,
        counters=tuple((c.name.text, compile_expr(c.condition, opts), expr_text(c.condition))
                       for c in b.all(A.SessionCounter)),
        reads_calling=any("dealer_calling" in A.names_in(e) for e in
                          [keeps.condition if keeps else None, *(c.condition for c in b.all(A.SessionCounter))]
                          if e is not None),
    )
