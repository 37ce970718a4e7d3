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
from ..hands.patterns import Singles
from .plain import many, noun, pattern_words, per_count, per_set, plain, plain_amount, sets_of
from .words import (ANNOUNCE_TIMES, EN, LIVE_UNTIL, N_, PHASE_TITLES, STATE_PHASE, claim_text, in_force, ngettext,
                    amount_text, said, simplify, step_text, wall_end)

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
    its headings, legends and sentences in ``translations``' language (see
    :func:`environment`); the ruleset's own words (names, tile codes) as written."""
    if fmt not in FORMATS:
        raise InputError(f"unknown format {fmt!r}; one of {', '.join(FORMATS)}")
    if not Path(path).is_file():
        raise InputError(f"no such file: {path}")
    from ..frontend.checked import require
    from ..ir.lower import lower

    checked = require(path, sets)
    book = rulebook_view(checked.ctx, lower(checked.ctx), str(path), translations or EN)
    lang = (translations.info().get("language") if translations is not None else None) or "en"
    return environment(translations).get_template(f"rulebook.{fmt}.j2").render(book=book, lang=lang)


def rulebook_view(ctx, auto, path: str, tr=EN) -> RuleBook:
    """The rule book's text, its sentences in ``tr``'s language (a ``gettext`` translations)."""
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
        tiles=tuple(_tiles(rs.block(A.TilesBlock), tr)),
        setup=tuple(_setup(rs, auto, tr)),
        phases=tuple(_phases(rs, auto, ctx, tr)),
        claims=tuple(_claims(rs, auto, tr)),
        jokers=tuple(_jokers(auto, tr)),
        winning=tuple(_winning(auto, tr)),
        dead_hands=tuple(_dead(rs, tr)),
        scoring=tuple(_scoring(rs, auto, tr, ctx.options.values())),
        rules=tuple(_rule_words(r, ctx.options.values(), _titles(auto), tr) for r in rules),
        rules_off=tuple(r.title or r.name.text for r in switched),
        payments=tuple(_payments(auto, pays, ctx.options.values(), tr)) + tuple(_feeds(rs, ctx.options.values(), tr)),
        session=tuple(_session(rs, auto, tr)),
        options=tuple(_options(ctx, tr)),
        terms=tuple(_terms(rs, rules, pays, tr)),
        card_title=getattr(card.card, "title", "") if card is not None else "",
        card_sections=sections,
    )


# -----------------------------------------------------------------------------
# Sections
# -----------------------------------------------------------------------------


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _codes(words) -> str:
    return " ".join(w.text for w in words)


def _tiles(block, tr) -> list[str]:
    _ = tr.gettext
    out = []
    for s in block.stmts if block else ():
        if isinstance(s, A.SuitDecl):
            places = dict(suit=s.name.text, letter=s.letter.text, low=s.low, high=s.high, copies=s.copies)
            if s.dragon:
                out.append(_("{suit} ({letter}): {low} to {high}, {copies} of each; its dragon is {dragon}").format(
                    dragon=s.dragon.text, **places))
            else:
                out.append(_("{suit} ({letter}): {low} to {high}, {copies} of each").format(**places))
        elif isinstance(s, (A.HonourDecl, A.BonusDecl)):
            places = dict(cls=_sentence(many(s.cls, tr)), codes=_codes(s.codes), copies=s.copies)
            link = s.link if isinstance(s, A.BonusDecl) else None
            if link == "interchangeable":
                out.append(_("{cls}: {codes}, {copies} of each, interchangeable").format(**places))
            elif link == "seat linked":
                out.append(_("{cls}: {codes}, {copies} of each, each linked to a seat").format(**places))
            else:
                out.append(_("{cls}: {codes}, {copies} of each").format(**places))
        elif isinstance(s, A.JokerDecl):
            out.append(_("jokers: {code}, {copies} of them").format(code=s.code.text, copies=s.copies))
        elif isinstance(s, A.ZeroDecl):
            out.append(_("{code} also serves as zero").format(code=s.code.text))
        elif isinstance(s, A.ClassDecl):
            out.append(_("\"{name}\" tiles: {codes}").format(name=s.name.text.replace("_", " "), codes=_codes(s.codes)))
        elif isinstance(s, A.VariantDecl):
            out.append(_("\"{name}\" {code}: {copies} of the copies of {base}, played as {base} and counted "
                         "by scoring").format(name=s.name.text, code=s.code.text, copies=s.copies,
                                              base=s.base.text))
    return out


_DEALT_TO = {"all": N_("everyone"), "dealer": N_("the dealer"), "others": N_("the others")}


def _setup(rs, auto, tr) -> list[str]:
    from ..check.wall import deal_sizes

    _ = tr.gettext
    w = auto.wall
    winds = " ".join(auto.tiles.kinds[i].code for i in auto.seat_winds)
    if auto.session_players > auto.seats:
        places = dict(players=auto.session_players, seats=auto.seats, next=auto.seats - 1, winds=winds)
        first = (_("{players} players for {seats} seats ({winds} in turn order): each hand the dealer and the next "
                   "{next} in turn play; the dealer of the hand before sits out, and who sat out comes back in the "
                   "seat before the dealer's") if winds else
                 _("{players} players for {seats} seats: each hand the dealer and the next {next} in turn play; the "
                   "dealer of the hand before sits out, and who sat out comes back in the seat before the dealer's"))
        out = [first.format(**places)]
    else:
        out = [(_("{seats} players, seated {winds} in turn order") if winds else _("{seats} players")).format(
            seats=auto.seats, winds=winds)]
    wall = _("the wall: {sides} sides of {length} stacks, {height} high ({size} tiles)").format(
        sides=w.sides, length=w.length, height=w.height, size=w.size)
    if w.dead:
        wall = tr.ngettext("{wall}; the last {dead} tile is the dead wall", "{wall}; the last {dead} tiles are the dead wall",
                           w.dead).format(wall=wall, dead=w.dead)
    if w.loose:
        wall = tr.ngettext("{wall}, with {loose} loose tile on top", "{wall}, with {loose} loose tiles on top",
                           w.loose).format(wall=wall, loose=w.loose)
    out.append(wall)
    if w.indicators:  # issue 10: dora
        out.append((_("the dead wall shows indicators face up: {n} from the start, one more after each kong; each "
                      "points at the next tile of its cycle") if w.indicators_per_kong else
                    _("the dead wall shows indicators face up: {n} from the start; each points at the next tile of "
                      "its cycle")).format(n=w.indicators))
        if w.under:
            out.append(_("the tiles under the indicators are turned up for a winner when {when}").format(
                when=plain(rs.block(A.WallBlock).one(A.WallUnder).condition, _titles(auto), tr))
                       if w.under_text else _("the tiles under the indicators are turned up for the winner"))
    steps = []
    for who, n, times in auto.deal:
        to = _(_DEALT_TO[who])
        steps.append(_("{who} {n} at a time, {times} times").format(who=to, n=n, times=times)
                     if times > 1 else _("{who} {n}").format(who=to, n=n))
    dealer, other = deal_sizes(rs.block(A.DealBlock), rs.block(A.PlayBlock), auto.seats)
    out.append(_("the deal: {steps} (the dealer starts with {dealer} tiles, the others with {other})").format(
        steps=_("; then ").join(steps), dealer=dealer, other=other))
    return out


def _phases(rs, auto, ctx, tr) -> list[Phase]:
    from ..check.flow import default_flow

    names = [w.text for w in rs.flow.phases] if rs.flow else default_flow(rs)
    from ..check.lint_reachable import walk

    reachable, _ = walk(auto)  # the play skeleton has states for features this table lacks
    steps: dict[str, list[str]] = {}
    for sid, state in auto.states.items():
        text = step_text(state, auto, tr) if sid in reachable else None
        if text is not None:
            steps.setdefault(STATE_PHASE.get(sid.split(".")[0], "play"), []).append(text)
    out = []
    for name in names:
        notes: list[str] = []
        if name == "charleston" and auto.never_pass:
            notes.append(tr.gettext("never passed: {tiles}").format(
                tiles=" ".join(auto.tiles.kinds[i].code for i in auto.never_pass)))
        if name == "play":
            notes += _play_notes(auto, tr, rs, ctx.options.values())
        played = bool(steps.get(name))
        if not played:
            notes = [_why_not_played(rs, name, ctx, tr)]
        out.append(Phase(name, PHASE_TITLES.get(name, name), tuple(steps.get(name, ())), tuple(notes), played))
    return out


def _why_not_played(rs, phase: str, ctx, tr) -> str:
    b = rs.block(A.CharlestonBlock) if phase == "charleston" else None
    if b is not None and b.condition is not None:
        names = [n for n in (x.id for x in A.names_in(b.condition)) if n in ctx.options]
        shown = ", ".join(f"{n} = {ctx.options[n].describe_value()}" for n in names)
        if shown:
            return tr.gettext("not played at this table ({options})").format(options=shown)
    return tr.gettext("not played at this table")


#: an abortive draw in words, by its point (``abort ... [after claims | by choice]``)
_ABORT_SAID = {
    "draw": N_("before a draw from the wall, the hand ends with no winner and no payments ({title}) when {when}"),
    "claims": N_("when the claims on a discard are all in, before any stands, the hand ends with no winner and "
                 "no payments ({title}) when {when}"),
    "choice": N_("on their turn a player may end the hand with no winner and no payments ({title}) when {when}"),
}


def _play_notes(auto, tr, rs=None, values=None) -> list[str]:
    _ = tr.gettext
    out = [_("a discard may be claimed until the {until}").format(until=said(LIVE_UNTIL, auto.discard_live_until, tr))]
    out.append(_("the hand is a wall game when the live wall is used up") if auto.wall_game_left == 0
               else tr.ngettext("the hand is a wall game when {left} tile is left in the live wall",
                                "the hand is a wall game when {left} tiles are left in the live wall",
                                auto.wall_game_left).format(left=auto.wall_game_left))
    if auto.dead_discards:
        out.append(_("a discarded {tiles} is dead and can't be claimed").format(
            tiles=_(" or ").join(auto.tiles.kinds[i].code for i in auto.dead_discards)))
    k = auto.kongs
    if k["concealed"] or k["added"]:
        line = (_("concealed and added kongs may be declared on a turn") if k["concealed"] and k["added"]
                else _("concealed kongs may be declared on a turn") if k["concealed"]
                else _("added kongs may be declared on a turn"))
        if k["robbable"]:
            line = _("{line}, and an added kong may be robbed").format(line=line)
        if k["replacement"]:
            line = _("{line}; a kong is replaced from {where}").format(line=line,
                                                                      where=wall_end(auto, k["replacement"], tr))
        out.append(line)
    for a in auto.announcements:
        places = dict(name=a.title or a.name, time=said(ANNOUNCE_TIMES, a.time, tr))
        line = (_("a player may announce {name} {time}") if a.time == "on turn"
                else _("a player may announce {name} {time}, when the hand is calling")).format(**places)
        if a.freezes:
            line = _("{line}, which freezes the hand").format(line=line)
        if a.required:
            line = _("{line}; no mah jongg without it").format(line=line)
        out.append(line)
    if auto.original_hand:
        out.append(_("the dealer's original hand counts if it wins as dealt"))
    refused = rs.block(A.PlayBlock).one(A.NoDiscard) if rs is not None and auto.no_discard_text else None
    if refused is not None:  # issue 10: kuikae
        out.append(_("a tile may not be discarded when {when}").format(when=plain(refused.condition, tr=tr)))
    # issue 10: abortive draws, each said at its point
    play = rs.block(A.PlayBlock) if rs is not None else None
    # (the options in force folded in: an abort they switch off is not said)
    for a in play.all(A.Abort) if play is not None else ():
        when = simplify(a.condition, values or {})
        if not (isinstance(when, A.Bool) and not when.value):
            out.append(_(_ABORT_SAID[a.point]).format(title=a.title, when=plain(when, tr=tr)))
    # issue 10: announcements made only when the table allows
    titles = _titles(auto)  # one announcement's condition may name another (riichi's double riichi)
    out += [_("{name} may be announced only when {when}").format(name=a.title or a.name,
                                                                 when=_in_words(a, tr, titles))
            for a in auto.announcements if a.when_text]
    return out


def _claims(rs, auto, tr) -> list[str]:
    _ = tr.gettext
    out = [claim_text(c, tr) for c in auto.claims]
    levels: dict[int, list[str]] = {}
    for c in auto.claims:
        levels.setdefault(c.rank, []).append(c.name)
    if len(levels) > 1:
        order = _(" beats ").join(_(" or ").join(v) for _k, v in sorted(levels.items()))
        out.append(_("when several claim one discard: {order}").format(order=order))
    b = rs.block(A.ClaimsBlock)
    if b is not None and b.one(A.TiesNextInTurn) is not None:
        out.append(_("between equal claims, the player next in turn wins"))
    window = auto.states.get("play.claims")
    if window is not None and window.params.get("several_win"):
        out.append(_("several players may win on one discard: each wins and is paid as if alone"))
    if auto.winning.concealed_calls_only:
        out.append(_("a concealed hand may call a discard only for {claims}").format(
            claims=auto.winning.concealed_calls_only))
    # issue 10: claims that read the table
    out += [_("{claim} only when {when}").format(claim=c.name, when=_in_words(c, tr)) for c in auto.claims if c.when_text]
    return out


def _in_words(spec, tr, titles: dict | None = None) -> str:
    """An announcement's or a claim's condition on the table in words, in ``tr``'s
    language (as written when the IR has no expression for it)."""
    return plain(spec.when_expr, titles, tr=tr) if spec.when_expr is not None else spec.when_text


def _jokers(auto, tr) -> list[str]:
    _ = tr.gettext
    j = auto.jokers
    if j is None:
        return []
    code = auto.tiles.kinds[j.tile].code
    out = [_("a joker ({code}) stands for any tile in a group of {n} or more, never in a pair or a single").format(
        code=code, n=j.min_group)]
    if j.swap:
        out.append(_("on your turn you may take a joker from any exposure by giving the tile it stands for"))
    if j.dead_when_discarded:
        out.append(_("a discarded joker is dead: nobody may call it"))
    if j.never_passed:
        out.append(_("jokers are never passed in the Charleston"))
    return out


def _winning(auto, tr) -> list[str]:
    _ = tr.gettext
    win = auto.winning
    out = []
    if win.card is not None:
        out.append(_("fourteen tiles, exposures included, that make a hand of the card ({card}), "
                     "worth the points printed beside it").format(card=_title(win.card, tr)))
    for p in win.patterns:
        described = pattern_words(p.special, tr) if p.special is not None else None
        if described is not None:
            shape = described  # seven pairs, thirteen orphans, nine gates, knitted tiles, singles: said in words
        elif p.sets is not None and (p.special is None or not p.special.mixed):
            shape = _("{sets} and {pairs}").format(sets=ngettext("{n} set", "{n} sets", p.sets, tr),
                                                   pairs=ngettext("{n} pair", "{n} pairs", p.pairs, tr))
        else:
            shape = _("a special hand")
        if p.max_chows is not None and p.max_chows < (p.sets or 0):
            shape = _("{shape}, at most {chows}").format(shape=shape,
                                                          chows=ngettext("{n} chow", "{n} chows", p.max_chows, tr))
        line = _("{pattern}: {shape}").format(pattern=p.title, shape=shape)
        out.append(_("{line}, concealed").format(line=line) if p.concealed else line)
    return out


def _title(card, tr) -> str:
    return getattr(card.card, "title", "") or tr.gettext("the card")


def _dead(rs, tr) -> list[str]:
    _ = tr.gettext
    b = rs.block(A.DeadBlock)
    if b is None:
        return []
    out = [_("a hand is dead on {cause}").format(cause=s.cause) for s in b.all(A.DeadCause)]
    if b.one(A.DeadRacked) is not None:
        out.append(_("a dead hand's tiles stay on its rack"))
    if b.one(A.DeadPlayContinues) is not None:
        out.append(_("play goes on without the dead hand"))
    return out


def _scoring(rs, auto, tr, values: dict) -> list[str]:
    _ = tr.gettext
    s = auto.scoring
    out = []
    if s.value_text:
        # the value as written, its lets by name, each let said after it (riichi's fu and base)
        block = rs.block(A.ScoringBlock)
        value = block.one(A.ScoreValue) if block is not None else None
        out.append(_("a hand is worth {value}").format(
            value=plain_amount(simplify(value.expr if value is not None else s.value_expr, values), tr)))
        out += [_("where {name} is {amount}").format(name=let.name.text.replace("_", " "),
                                                     amount=plain_amount(simplify(let.expr, values), tr))
                for let in (block.all(A.ScoreLet) if block is not None else ())]
    if s.limit is not None and s.limits_add and not s.roof_off:
        # issue 10: limits that add (riichi's double yakuman)
        out.append(_("the limit is {limit}: no hand scores more, but limit rules add up, each limit they give "
                     "worth {limit}").format(limit=f"{s.limit:g}"))
    elif s.limit is not None:
        out.append((_("the limit is {limit}, but the roof is off: hands are not capped") if s.roof_off
                    else _("the limit is {limit}: no hand scores more")).format(limit=f"{s.limit:g}"))
    if s.best_split:
        out.append(_("every way of splitting the hand is scored and the best kept"))
    # issue 10: the minimum to go out and the rules one implies
    if s.minimum_text:
        minimum = (plain(simplify(s.minimum_expr, values), _titles(auto), tr) if s.minimum_expr is not None
                   else s.minimum_text)
        out.append(_("a hand goes out only when {minimum}: below that it is no win").format(minimum=minimum))
    titles = {r.name: r.title for r in s.rules}
    for name, names in s.excludes:
        out.append(_("{rule} is not counted with {rules}").format(
            rule=titles.get(name, name), rules=", ".join(titles.get(n, n) for n in names)))
    for name, names in s.alone:
        out.append((_("{rule} counts only when no other rule applies, {rules} aside") if names
                    else _("{rule} counts only when no other rule applies")).format(
            rule=titles.get(name, name), rules=", ".join(titles.get(n, n) for n in names)))
    for names in s.accounts:
        # issue 10: Chinese Official's "account once" (two rules of one title said once)
        out.append(_("{rules} account once: a set already combined in one of them is combined once more only "
                     "with sets not combined yet, and the way of combining worth most counts").format(
            rules=", ".join(dict.fromkeys(titles.get(n, n) for n in names))))
    return out


def _titles(auto) -> dict:
    """Pattern, announcement and rule names with the titles the rule book says them by."""
    out = {r.name: r.title or r.name for r in auto.scoring.rules}
    out.update({p.name: p.title or p.name for p in auto.winning.patterns})
    out.update({a.name: a.title or a.name for a in auto.announcements})
    return out


def _amount(n, unit: str, tr) -> str:
    """``3 points``: a rule's amount in ``tr``'s language (:func:`amount_text`)."""
    return amount_text(n, unit, tr)


def _rule_words(rule, values: dict, titles: dict, tr) -> str:
    """A score rule in plain words: its title, amount, what it counts and when it applies."""
    line = tr.gettext("{rule}: {amount}").format(rule=rule.title or rule.name.text,
                                                 amount=_amount(rule.amount, rule.unit, tr))
    if rule.scope:
        line = tr.gettext("{line} {per}").format(line=line, per=per_set(rule.scope, simplify(rule.where, values), tr))
    elif rule.times is not None:
        line = tr.gettext("{line} {per}").format(line=line, per=per_count(rule.times, tr))
    cond = simplify(rule.condition, values)
    if cond is not None and not (isinstance(cond, A.Bool) and cond.value):
        line = tr.gettext("{line} when {condition}").format(line=line, condition=plain(cond, titles, tr))
    return line


ON_OFF = {"on": N_("on"), "off": N_("off")}

_PAYER = {"discarder": N_("the discarder pays"), "others": N_("the others pay"), "everyone": N_("everyone pays"),
          "losers": N_("the losers pay"), "dealer": N_("the dealer pays"),
          "non dealers": N_("every loser but the dealer pays")}


def _pay_words(pay, values: dict, tr) -> str:
    """A payment line in plain words: who pays the winner how much, and when."""
    _ = tr.gettext
    payer = _(_PAYER[pay.payer]) if pay.payer in _PAYER else pay.payer
    line = _("{payer} the winner {amount}").format(payer=payer, amount=plain_amount(simplify(pay.amount, values), tr))
    cond = simplify(pay.condition, values)
    if cond is not None and not (isinstance(cond, A.Bool) and cond.value):
        line = _("{line} when {condition}").format(line=line, condition=plain(cond, tr=tr))
    return line


def _payments(auto, pays, values, tr) -> list[str]:
    _ = tr.gettext
    p = auto.payments
    out = [_pay_words(x, values, tr) for x in pays]
    if p.settle_losers:
        out.append(_("the losers settle the differences of their scores among themselves"))
    if p.dealer_double:
        out.append(_("the dealer pays and receives double"))
    out += [_("penalty for {offence}: {points}").format(offence=n.replace('_', ' '), points=_points(v, tr))
            for n, v in sorted(p.penalties.items())]
    # issue 10: payments outside the winner's settlement
    names = _titles(auto)
    out += [_("announcing {name} puts {points} into the pot: the next winner takes the pot, a wall game "
              "carries it on").format(name=names.get(n, n), points=_points(v, tr)) for n, v in sorted(p.deposits.items())]
    if p.wall_game_pay:
        out.append(_("at a wall game the hands not calling pay {points} in all to the calling "
                     "hands, shared equally on both sides").format(points=_points(p.wall_game_pay, tr)))
    out += [_("{kong} is paid {points} at once by every other player").format(kong=_(_KONG_EVENTS[k]), points=_points(v, tr))
            for k, v in sorted(p.instant.items())]
    out += [_("a player whose bonus tiles set aside come to hold {tiles} is paid {points} at once by "
              "every other player").format(tiles=_bonus_group(b, tr), points=_points(b.points, tr)) for b in p.bonus_pays]
    return out


#: whose payments a feeder takes on (``feeder ... pays for GROUP``)
_FEED_GROUPS = {"losers": N_("what every other loser pays"), "discarder": N_("what the discarder pays"),
                "others": N_("what the losers but the discarder pay")}


def _feeds(rs, values, tr) -> list[str]:
    """Responsibility in words: ``feeder of 3 sets where (pung or kong) and dragon pays for losers``."""
    _ = tr.gettext
    pay = rs.block(A.PaymentsBlock)
    out = []
    for f in pay.all(A.FeederPays) if pay is not None else ():
        cond = simplify(f.condition, values)
        if isinstance(cond, A.Bool) and not cond.value:
            continue
        group = _(_FEED_GROUPS[f.group])
        if f.share != 1:
            group = _("{share} of {what}").format(share=f"{f.share:g}", what=group)
        line = _("responsibility: the player whose discard let the winner make the set that brought their "
                 "{sets} to {count} pays {what}").format(sets=sets_of(f.where, tr), count=f.count, what=group)
        if cond is not None and not (isinstance(cond, A.Bool) and cond.value):
            line = _("{line} when {condition}").format(line=line, condition=plain(cond, tr=tr))
        out.append(line)
    return out


#: the kongs an instant payment is made on (``on concealed kong: others pay N points``)
_KONG_EVENTS = {"concealed": N_("a concealed kong"), "claimed": N_("a claimed kong"), "added": N_("an added kong")}


def _points(n, tr) -> str:
    """``1 point``, ``8 points``: a number of points in ``tr``'s language (its plural forms)."""
    return ngettext("{n} point", "{n} points", n, tr)


def _bonus_group(b, tr) -> str:
    """An ``on bonus`` group in words: "cat and mouse", "their own flower and their own season"."""
    _ = tr.gettext
    said = {"own": N_("their own {kind}"), "all": N_("every {kind}")}
    words = [w if how == "code" else _(said[how]).format(kind=noun(w, tr)) for how, w in b.words]
    return _(" and ").join(words)


def _session(rs, auto, tr) -> list[str]:
    _ = tr.gettext
    s = auto.session
    block = rs.block(A.SessionBlock)
    keeps = block.one(A.DealerKeeps) if block is not None else None
    counters = {c.name.text: c.condition for c in block.all(A.SessionCounter)} if block is not None else {}
    out = []
    if s.first_dealer_dice:
        out.append(_("each player throws {dice}: the highest deals first, the tied throw again").format(
            dice=ngettext("{n} die", "{n} dice", s.first_dealer_dice, tr)))
    if s.hands:
        out.append(_("a session is {hands}").format(hands=ngettext("{n} hand", "{n} hands", s.hands, tr)))
    if s.rounds:
        out.append(_("a game is {rounds}").format(rounds=ngettext("{n} round", "{n} rounds", s.rounds, tr)))
    if s.dealer_rotates:
        out.append(_("the deal moves on after every hand"))
    if s.dealer_keeps_text:
        out.append(_("the dealer keeps the deal when {when}").format(
            when=plain(keeps.condition, tr=tr) if keeps is not None else s.dealer_keeps_text))
    if s.round_wind_rotates:
        out.append(_("the round wind moves on after every round"))
    out += [_("the counter {name} counts the hands in a row when {when}").format(
        name=name, when=plain(counters[name], tr=tr) if name in counters else text) for name, _k, text in s.counters]
    return out


def _options(ctx, tr=EN) -> list[OptionRow]:
    """The options in force; their meanings (the shipped rulesets' are in the club's
    catalog: ``server/extract.py``) and on/off in ``tr``'s language."""
    def value(o, v=None) -> str:
        return tr.gettext(ON_OFF[o.describe_value(v)]) if o.type == "bool" else o.describe_value(v)

    out = []
    for o in ctx.options:
        where = "" if o.set_at is None else "--set" if o.set_at == BUILTIN else str(o.set_at)
        out.append(OptionRow(o.name, value(o), value(o, o.default), tr.gettext(o.meaning) if o.meaning else o.meaning, where))
    return out


def _terms(rs, rules, pays, tr=EN) -> list[tuple[str, str]]:
    """The facts the value, the rules and the payments in force speak of, with their
    meanings in ``tr``'s language (the facts' meanings are in the club's catalog)."""
    exprs = [e for r in rules for e in (r.where, r.condition)] + [e for p in pays for e in (p.amount, p.condition)]
    scoring = rs.block(A.ScoringBlock)
    value = scoring.one(A.ScoreValue) if scoring else None
    if value is not None:
        exprs.append(value.expr)
    used = {n.id for e in exprs for n in A.names_in(e)}
    return [(name, tr.gettext(f.meaning)) for name, f in sorted(F.FACTS.items()) if name in used]


__all__ = ["render_rulebook", "rulebook_view", "RuleBook", "FORMATS"]
