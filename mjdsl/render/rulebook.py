"""A ruleset as a rule book for the table (``mjdsl render RULESET --format html|md``).

The ruleset is compiled with the options in force (``--set`` included), then put
in words section by section: tiles, set-up and the deal, each phase of the flow
(the Charleston, replacing bonus tiles, play), claims, jokers, winning, dead
hands, scoring and payments, the session, and the options in force; a card of
hands, if the ruleset plays one, is attached. :func:`rulebook_view` builds that
plain view (:class:`RuleBook`); the templates ``rulebook.{html,md}.j2`` only lay
it out. The words for steps, claims and rules are :mod:`mjdsl.render.words`, the
same ``mjdsl diff`` uses.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

import attrs

from .. import ast as A
from .. import facts as F
from ..diagnostics import InputError
from ..source import BUILTIN
from . import environment
from .plain import per_set, plain, plain_amount
from .words import PHASE_TITLES, STATE_PHASE, claim_text, in_force, plural, simplify, step_text, wall_end

FORMATS = ("html", "md")


@attrs.frozen
class Phase:
    """A phase of the flow: its name (``charleston``), heading, steps, notes; played or not."""

    name: str
    title: str
    steps: tuple[str, ...]
    notes: tuple[str, ...] = ()
    played: bool = True


@attrs.frozen
class OptionRow:
    name: str
    value: str
    default: str
    meaning: str
    set_at: str  # "" for the default


@attrs.frozen
class RuleBook:
    """Everything the templates print, as plain text."""

    title: str
    path: str
    hash: str
    tiles_total: int
    tiles: tuple[str, ...]
    setup: tuple[str, ...]
    phases: tuple[Phase, ...]
    claims: tuple[str, ...]
    jokers: tuple[str, ...]
    winning: tuple[str, ...]
    dead_hands: tuple[str, ...]
    scoring: tuple[str, ...]
    rules: tuple[str, ...]
    rules_off: tuple[str, ...]
    payments: tuple[str, ...]
    session: tuple[str, ...]
    options: tuple[OptionRow, ...]
    terms: tuple[tuple[str, str], ...]
    card_title: str
    card_sections: tuple  # cards.render.SectionView, or ()


def render_rulebook(path, fmt: str, sets: Iterable[tuple[str, str]] = (), translations=None) -> str:
    """The rule book of the ruleset at ``path`` as ``html`` (a page to print) or ``md``;
    its headings and legends in ``translations``' language (see :func:`environment`)."""
    if fmt not in FORMATS:
        raise InputError(f"unknown format {fmt!r}; one of {', '.join(FORMATS)}")
    if not Path(path).is_file():
        raise InputError(f"no such file: {path}")
    from ..frontend.checked import require
    from ..ir.lower import lower

    checked = require(path, sets)
    book = rulebook_view(checked.ctx, lower(checked.ctx), str(path))
    lang = (translations.info().get("language") if translations is not None else None) or "en"
    return environment(translations).get_template(f"rulebook.{fmt}.j2").render(book=book, lang=lang)


def rulebook_view(ctx, auto, path: str) -> RuleBook:
    rs = ctx.ruleset
    card = auto.winning.card
    sections = ()
    if card is not None:
        from ..cards.render import card_view

        sections = card_view(card.card)
    rules, switched, pays = in_force(rs, auto)
    return RuleBook(
        title=auto.name,
        path=path,
        hash=auto.hash,
        tiles_total=ctx.tiles.total,
        tiles=tuple(_tiles(rs.block(A.TilesBlock))),
        setup=tuple(_setup(rs, auto)),
        phases=tuple(_phases(rs, auto, ctx)),
        claims=tuple(_claims(rs, auto)),
        jokers=tuple(_jokers(auto)),
        winning=tuple(_winning(auto)),
        dead_hands=tuple(_dead(rs)),
        scoring=tuple(_scoring(auto)),
        rules=tuple(_rule_words(r, ctx.options.values(), _titles(auto)) for r in rules),
        rules_off=tuple(r.title or r.name.text for r in switched),
        payments=tuple(_payments(auto, pays, ctx.options.values())),
        session=tuple(_session(auto)),
        options=tuple(_options(ctx)),
        terms=tuple(_terms(rs, rules, pays)),
        card_title=getattr(card.card, "title", "") if card is not None else "",
        card_sections=sections,
    )


# -----------------------------------------------------------------------------
# Sections
# -----------------------------------------------------------------------------


def _codes(words) -> str:
    return " ".join(w.text for w in words)


def _tiles(block) -> list[str]:
    out = []
    for s in block.stmts if block else ():
        if isinstance(s, A.SuitDecl):
            dragon = f"; its dragon is {s.dragon.text}" if s.dragon else ""
            out.append(f"{s.name.text} ({s.letter.text}): {s.low} to {s.high}, {s.copies} of each{dragon}")
        elif isinstance(s, A.HonourDecl):
            out.append(f"{s.cls}s: {_codes(s.codes)}, {s.copies} of each")
        elif isinstance(s, A.BonusDecl):
            link = {"interchangeable": ", interchangeable", "seat linked": ", each linked to a seat"}.get(s.link, "")
            out.append(f"{s.cls}s: {_codes(s.codes)}, {s.copies} of each{link}")
        elif isinstance(s, A.JokerDecl):
            out.append(f"jokers: {s.code.text}, {s.copies} of them")
        elif isinstance(s, A.ZeroDecl):
            out.append(f"{s.code.text} also serves as zero")
        elif isinstance(s, A.ClassDecl):
            out.append(f"\"{s.name.text}\" tiles: {_codes(s.codes)}")
    return out


def _setup(rs, auto) -> list[str]:
    from ..check.wall import deal_sizes

    w = auto.wall
    winds = " ".join(auto.tiles.kinds[i].code for i in auto.seat_winds)
    out = [f"{auto.seats} players" + (f", seated {winds} in turn order" if winds else "")]
    if auto.session_players > auto.seats:
        out[0] = (f"{auto.session_players} players for {auto.seats} seats"
                  + (f" ({winds} in turn order)" if winds else "")
                  + f": each hand the dealer and the next {auto.seats - 1} in turn play; the dealer of the hand "
                  "before sits out, and who sat out comes back in the seat before the dealer's")
    out.append(f"the wall: {w.sides} sides of {w.length} stacks, {w.height} high ({w.size} tiles)"
               + (f"; the last {w.dead} tiles are the dead wall" if w.dead else "")
               + (f", with {w.loose} loose tiles on top" if w.loose else ""))
    steps = []
    for who, n, times in auto.deal:
        to = {"all": "everyone", "dealer": "the dealer", "others": "the others"}[who]
        steps.append(f"{to} {n} at a time" + (f", {times} times" if times > 1 else "")
                     if times > 1 else f"{to} {n}")
    dealer, other = deal_sizes(rs.block(A.DealBlock), rs.block(A.PlayBlock), auto.seats)
    out.append("the deal: " + "; then ".join(steps)
               + f" (the dealer starts with {dealer} tiles, the others with {other})")
    return out


def _phases(rs, auto, ctx) -> list[Phase]:
    from ..check.flow import default_flow

    names = [w.text for w in rs.flow.phases] if rs.flow else default_flow(rs)
    from ..check.lint_reachable import walk

    reachable, _ = walk(auto)  # the play skeleton has states for features this table lacks
    steps: dict[str, list[str]] = {}
    for sid, state in auto.states.items():
        text = step_text(state, auto) if sid in reachable else None
        if text is not None:
            steps.setdefault(STATE_PHASE.get(sid.split(".")[0], "play"), []).append(text)
    out = []
    for name in names:
        notes: list[str] = []
        if name == "charleston" and auto.never_pass:
            notes.append("never passed: " + " ".join(auto.tiles.kinds[i].code for i in auto.never_pass))
        if name == "play":
            notes += _play_notes(auto)
        played = bool(steps.get(name))
        if not played:
            notes = [_why_not_played(rs, name, ctx)]
        out.append(Phase(name, PHASE_TITLES.get(name, name), tuple(steps.get(name, ())), tuple(notes), played))
    return out


def _why_not_played(rs, phase: str, ctx) -> str:
    b = rs.block(A.CharlestonBlock) if phase == "charleston" else None
    if b is not None and b.condition is not None:
        names = [n for n in (x.id for x in A.names_in(b.condition)) if n in ctx.options]
        shown = ", ".join(f"{n} = {ctx.options[n].describe_value()}" for n in names)
        return f"not played at this table ({shown})" if shown else "not played at this table"
    return "not played at this table"


def _play_notes(auto) -> list[str]:
    out = [f"a discard may be claimed until the {auto.discard_live_until}"]
    out.append("the hand is a wall game when the live wall is used up" if auto.wall_game_left == 0
               else f"the hand is a wall game when {auto.wall_game_left} tiles are left in the live wall")
    if auto.dead_discards:
        out.append("a discarded " + " or ".join(auto.tiles.kinds[i].code for i in auto.dead_discards)
                   + " is dead and can't be claimed")
    k = auto.kongs
    if k["concealed"] or k["added"]:
        kinds = " and ".join(x for x in ("concealed", "added") if k[x])
        rob = ", and an added kong may be robbed" if k["robbable"] else ""
        from_ = f"; a kong is replaced from {wall_end(auto, k['replacement'])}" if k["replacement"] else ""
        out.append(f"{kinds} kongs may be declared on a turn{rob}{from_}")
    for a in auto.announcements:
        when = a.time if a.time == "on turn" else f"{a.time}, when the hand is calling"
        out.append(f"a player may announce {a.title or a.name} {when}" + (", which freezes the hand" if a.freezes else "")
                   + ("; no mah jongg without it" if a.required else ""))
    if auto.original_hand:
        out.append("the dealer's original hand counts if it wins as dealt")
    # issue 10: announcements made only when the table allows
    out += [f"{a.title or a.name} may be announced only when {a.when_text}" for a in auto.announcements if a.when_text]
    return out


def _claims(rs, auto) -> list[str]:
    out = [claim_text(c) for c in auto.claims]
    levels: dict[int, list[str]] = {}
    for c in auto.claims:
        levels.setdefault(c.rank, []).append(c.name)
    if len(levels) > 1:
        order = " beats ".join(" or ".join(v) for _, v in sorted(levels.items()))
        out.append(f"when several claim one discard: {order}")
    b = rs.block(A.ClaimsBlock)
    if b is not None and b.one(A.TiesNextInTurn) is not None:
        out.append("between equal claims, the player next in turn wins")
    if auto.winning.concealed_calls_only:
        out.append(f"a concealed hand may call a discard only for {auto.winning.concealed_calls_only}")
    # issue 10: claims that read the table
    out += [f"{c.name} only when {c.when_text}" for c in auto.claims if c.when_text]
    return out


def _jokers(auto) -> list[str]:
    j = auto.jokers
    if j is None:
        return []
    code = auto.tiles.kinds[j.tile].code
    out = [f"a joker ({code}) stands for any tile in a group of {j.min_group} or more, never in a pair or a single"]
    if j.swap:
        out.append("on your turn you may take a joker from any exposure by giving the tile it stands for")
    if j.dead_when_discarded:
        out.append("a discarded joker is dead: nobody may call it")
    if j.never_passed:
        out.append("jokers are never passed in the Charleston")
    return out


def _winning(auto) -> list[str]:
    win = auto.winning
    out = []
    if win.card is not None:
        out.append(f"fourteen tiles, exposures included, that make a hand of the card ({_title(win.card)}), "
                   "worth the points printed beside it")
    for p in win.patterns:
        shape = f"{plural(p.sets, 'set')} and {plural(p.pairs, 'pair')}" if p.sets is not None else "a special hand"
        capped = p.max_chows is not None and p.max_chows < (p.sets or 0)
        extra = f", at most {plural(p.max_chows, 'chow')}" if capped else ""
        out.append(f"{p.title}: {shape}{extra}" + (", concealed" if p.concealed else ""))
    return out


def _title(card) -> str:
    return getattr(card.card, "title", "") or "the card"


def _dead(rs) -> list[str]:
    b = rs.block(A.DeadBlock)
    if b is None:
        return []
    out = [f"a hand is dead on {s.cause}" for s in b.all(A.DeadCause)]
    if b.one(A.DeadRacked) is not None:
        out.append("a dead hand's tiles stay on its rack")
    if b.one(A.DeadPlayContinues) is not None:
        out.append("play goes on without the dead hand")
    return out


def _scoring(auto) -> list[str]:
    s = auto.scoring
    out = []
    if s.value_text:
        out.append(f"a hand is worth {plain_amount(s.value_expr) if s.value_expr is not None else s.value_text}")
    if s.limit is not None:
        out.append(f"the limit is {s.limit:g}" + (", but the roof is off: hands are not capped" if s.roof_off
                                                 else ": no hand scores more"))
    if s.best_split:
        out.append("every way of splitting the hand is scored and the best kept")
    # issue 10: the minimum to go out and the rules one implies
    if s.minimum_text:
        out.append(f"a hand goes out only when {s.minimum_text}: below that it is no win")
    titles = {r.name: r.title for r in s.rules}
    for name, names in s.excludes:
        out.append(f"{titles.get(name, name)} is not counted with " + ", ".join(titles.get(n, n) for n in names))
    return out


def _titles(auto) -> dict:
    """Pattern, announcement and rule names with the titles the rule book says them by."""
    out = {p.name: p.title or p.name for p in auto.winning.patterns}
    out.update({a.name: a.title or a.name for a in auto.announcements})
    return out


def _rule_words(rule, values: dict, titles: dict) -> str:
    """A score rule in plain words: its title, amount, what it counts and when it applies."""
    amount = plural(rule.amount, rule.unit.rstrip("s"))
    scope = f" {per_set(rule.scope, simplify(rule.where, values))}" if rule.scope else ""
    cond = simplify(rule.condition, values)
    when = f" when {plain(cond, titles)}" if cond is not None and not (isinstance(cond, A.Bool) and cond.value) else ""
    return f"{rule.title or rule.name.text}: {amount}{scope}{when}"


_PAYER = {"discarder": "the discarder pays", "others": "the others pay", "everyone": "everyone pays",
          "losers": "the losers pay"}


def _pay_words(pay, values: dict) -> str:
    """A payment line in plain words: who pays the winner how much, and when."""
    cond = simplify(pay.condition, values)
    when = f" when {plain(cond)}" if cond is not None and not (isinstance(cond, A.Bool) and cond.value) else ""
    return f"{_PAYER.get(pay.payer, pay.payer)} the winner {plain_amount(simplify(pay.amount, values))}{when}"


def _payments(auto, pays, values) -> list[str]:
    p = auto.payments
    out = [_pay_words(x, values) for x in pays]
    if p.settle_losers:
        out.append("the losers settle the differences of their scores among themselves")
    if p.dealer_double:
        out.append("the dealer pays and receives double")
    out += [f"penalty for {n.replace('_', ' ')}: {v:g} points" for n, v in sorted(p.penalties.items())]
    # issue 10: payments outside the winner's settlement
    out += [f"announcing {n} puts {v:g} points into the pot: the next winner takes the pot, a wall game "
            "carries it on" for n, v in sorted(p.deposits.items())]
    if p.wall_game_pay:
        out.append(f"at a wall game the hands not calling pay {p.wall_game_pay:g} points in all to the calling "
                   "hands, shared equally on both sides")
    out += [f"a {k} kong is paid {v:g} points at once by every other player" for k, v in sorted(p.instant.items())]
    return out


def _session(auto) -> list[str]:
    s = auto.session
    out = []
    if s.first_dealer_dice:
        out.append(f"each player throws {plural(s.first_dealer_dice, 'die', 'dice')}: the highest deals first, "
                   "the tied throw again")
    if s.hands:
        out.append(f"a session is {plural(s.hands, 'hand')}")
    if s.rounds:
        out.append(f"a game is {plural(s.rounds, 'round')}")
    if s.dealer_rotates:
        out.append("the deal moves on after every hand")
    if s.dealer_keeps_text:
        out.append(f"the dealer keeps the deal when {s.dealer_keeps_text}")
    if s.round_wind_rotates:
        out.append("the round wind moves on after every round")
    out += [f"the counter {name} counts the hands in a row when {text}" for name, _, text in s.counters]
    return out


def _options(ctx) -> list[OptionRow]:
    out = []
    for o in ctx.options:
        where = "" if o.set_at is None else "--set" if o.set_at == BUILTIN else str(o.set_at)
        out.append(OptionRow(o.name, o.describe_value(), o.describe_value(o.default), o.meaning, where))
    return out


def _terms(rs, rules, pays) -> list[tuple[str, str]]:
    """The facts the value, the rules and the payments in force speak of, with their meanings."""
    exprs = [e for r in rules for e in (r.where, r.condition)] + [e for p in pays for e in (p.amount, p.condition)]
    scoring = rs.block(A.ScoringBlock)
    value = scoring.one(A.ScoreValue) if scoring else None
    if value is not None:
        exprs.append(value.expr)
    used = {n.id for e in exprs for n in A.names_in(e)}
    return [(name, f.meaning) for name, f in sorted(F.FACTS.items()) if name in used]


__all__ = ["render_rulebook", "rulebook_view", "RuleBook", "FORMATS"]
