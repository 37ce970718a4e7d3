"""The automaton in a player's words: the steps of each phase, claims, rules, payments.

Shared by the rule book (:mod:`mjdsl.render.rulebook`) and ``mjdsl diff``, so that a
difference is named the way the rule book says it. Everything here reads the
lowered automaton (options already applied), never the ruleset text.
"""

from __future__ import annotations

import gettext

from ..ast.text import expr_text


def N_(message: str) -> str:
    """A heading for the club's catalog (``server/locale``), translated where it is printed."""
    return message


#: Phases of a hand (the first part of a state id), as headings.
PHASE_TITLES = {
    "setup": N_("Set-up"),
    "deal": N_("The deal"),
    "charleston": N_("The Charleston"),
    "replacement": N_("Replacing bonus tiles"),
    "play": N_("Play"),
    "settle": N_("Settling the hand"),
}

#: Which phase of the ``flow`` line each state's id prefix belongs to.
STATE_PHASE = {"setup": "deal", "charleston": "charleston", "replacement": "replacement", "play": "play",
               "settle": "play", "end": "play"}

#: how a pass direction reads (the Charleston's, the bonus tiles' replacement order)
DIRECTIONS = {"right": N_("right"), "left": N_("left"), "across": N_("across"),
              "counter clockwise": N_("counter clockwise"), "clockwise": N_("clockwise")}
#: the language's words for a courtesy pass's offer, a discard's life and an announcement's time
OFFER_RULES = {"smaller": N_("smaller"), "larger": N_("larger")}
LIVE_UNTIL = {"next draw": N_("next draw"), "next turn": N_("next turn")}
ANNOUNCE_TIMES = {"after first discard": N_("after first discard"), "after any discard": N_("after any discard"),
                  "on turn": N_("on turn")}
#: how the dice count off the wall (the language's ``counting from left [plus side]``)
COUNTING = {"counting from left": N_("counting from left"),
            "counting from left plus side": N_("counting from left plus side")}
_VOTE = {"any": N_("any player"), "all": N_("all players together"), "majority": N_("a majority of the players")}
_SEAT = {"any": N_("any player"), "left": N_("the player on the left"), "right": N_("the player on the right"),
         "across": N_("the player across"), "dealer": N_("the dealer"), "side owner": N_("the owner of that side")}

#: the words are English unless a catalog's translations are given (the club's)
EN = gettext.NullTranslations()


def plural(n, one: str, many: str | None = None) -> str:
    return f"{n:g} {one if n == 1 else (many or one + 's')}"


def ngettext(one: str, many: str, n, tr=EN) -> str:
    """``n`` with its noun in ``tr``'s language: the message ``one``/``many`` (with a
    ``{n}`` place) chosen by ``n`` and ``n`` put in."""
    whole = int(n) if float(n).is_integer() else 2  # a fraction (0.4 limits) takes the plural
    return tr.ngettext(one, many, whole).format(n=f"{n:g}")


def amount_text(n, unit: str, tr=EN) -> str:
    """``3 points``: a rule's amount in ``tr``'s language, through the catalog's plural
    forms (a unit the catalog has no words for, as written)."""
    one = unit.rstrip("s")
    if one == "point":
        return ngettext("{n} point", "{n} points", n, tr)
    if one == "double":
        return ngettext("{n} double", "{n} doubles", n, tr)
    if one == "limit":
        return ngettext("{n} limit", "{n} limits", n, tr)
    return plural(n, one)


def said(words: dict, key: str, tr=EN) -> str:
    """A word of a table above (``_SEAT``...) in ``tr``'s language; a key it lacks is the ruleset's own."""
    return tr.gettext(words[key]) if key in words else key


def wall_end(auto, where: str | None, tr=EN) -> str:
    """Where a replacement comes from, as the table sees it: the dead wall only when the
    ruleset keeps one (``dead wall N`` or loose tiles); else the end of the wall, where
    ``Game.draw_dead`` takes it."""
    if where == "wall":
        return tr.gettext("the wall")
    if auto is None or auto.wall.dead or auto.wall.loose:
        return tr.gettext("the dead wall")
    return tr.gettext("the end of the wall")


def step_text(state, auto=None, tr=EN) -> str | None:
    """One state as a step of the game, or None for the bookkeeping states (``auto``:
    the automaton, for where replacements come from; ``tr``: the language)."""
    p = state.params
    step = state.step
    _ = tr.gettext
    if step == "shuffle":
        return _("shuffle the tiles and build the wall")
    if step == "dice":
        by = said(_SEAT, p["thrown_by"], tr)
        what = _("the side to break") if p["part"] == "side" else _("where to break the wall")
        dice = ngettext("{n} die", "{n} dice", p["dice"], tr)
        if p.get("counting"):
            return _("{by} throws {dice} for {what}, {counting}").format(by=by, dice=dice, what=what,
                                                                         counting=said(COUNTING, p["counting"], tr))
        return _("{by} throws {dice} for {what}").format(by=by, dice=dice, what=what)
    if step == "deal":
        return _("deal the hands")
    if step == "pass":
        direction = said(DIRECTIONS, p["direction"], tr)
        if p["count"] == "offer":
            return _("the offered tiles pass {direction}").format(direction=direction)
        tiles = ngettext("{n} tile", "{n} tiles", p["count"], tr)
        if p.get("blind"):
            return _("everyone passes {tiles} {direction} (blind passing allowed)").format(tiles=tiles,
                                                                                          direction=direction)
        return _("everyone passes {tiles} {direction}").format(tiles=tiles, direction=direction)
    if step == "vote":
        return _("{who} may stop here; otherwise the {round} round follows").format(
            who=said(_VOTE, p["rule"], tr), round=p["round"])
    if step == "offer":
        return _("courtesy pass {direction}: each offers {low} to {high} tiles, "
                 "and the {rule} offer is what both pass").format(
            direction=said(DIRECTIONS, p["direction"], tr), low=p["low"], high=p["high"],
            rule=said(OFFER_RULES, p["rule"], tr))
    if step == "replace_bonus":
        from .plain import many  # plain builds on this module's words

        kinds = ", ".join(many(k, tr) for k in p["kinds"]) or _("bonus tiles")
        direction = said(DIRECTIONS, p["direction"], tr)
        if p.get("again_after_everyone"):
            return _("replace {kinds} dealt, dealer first, {direction}, again after everyone has had theirs").format(
                kinds=kinds, direction=direction)
        return _("replace {kinds} dealt, dealer first, {direction}").format(kinds=kinds, direction=direction)
    if step == "play_start":
        if p.get("dealer_opens"):
            return _("the dealer opens with a discard")
        return _("the dealer draws {tiles} and begins").format(
            tiles=ngettext("{n} tile", "{n} tiles", p.get("dealer_draws", 0), tr))
    if step == "draw":
        return _("draw a tile from the wall")
    if step == "turn":
        if p.get("after_claim"):
            return _("after a claim: expose the set and discard")
        return _("discard a tile, or go mah jongg")
    if step == "claim_window":
        return _("the others may claim the discard")
    if step == "replacement":
        return _("a declared kong is replaced from {where}").format(
            where=wall_end(auto, auto.kongs["replacement"] if auto else None, tr))
    if step == "rob_window":
        return _("the others may rob an added kong to go mah jongg")
    if step == "settle":
        return _("score and settle the hand")
    return None


def step_phrases(auto) -> dict[str, list[str]]:
    """The steps of each phase of a hand, in order: ``{"charleston": [...], ...}``."""
    out: dict[str, list[str]] = {}
    for sid, state in auto.states.items():
        text = step_text(state, auto)
        if text is not None:
            out.setdefault(sid.split(".")[0], []).append(text)
    return out


def claim_text(c, tr=EN) -> str:
    """A claim of a discard, as a player says it (``tr``: the language)."""
    _ = tr.gettext
    src = _("any discard") if c.source == "any" else _("a discard of {seat}").format(seat=said(_SEAT, c.source, tr))
    if c.widened:
        src = _("{source} (from {seat} too, for {claims})").format(source=src, seat=said(_SEAT, c.widened, tr),
                                                                  claims=c.widened_for)
    if c.size is None:
        return _("{claim}: go mah jongg on {source}").format(claim=c.name, source=src)
    if c.shape == "run":
        return _("{claim}: a run of {size} from {source}").format(claim=c.name, size=c.size, source=src)
    return _("{claim}: {size} alike from {source}").format(claim=c.name, size=c.size, source=src)


def rule_text(rule, values: dict | None = None) -> str:
    """A score rule (the ruleset's ``ScoreRule``): its title, amount and when it applies;
    with ``values``, the options put in (:func:`simplify`)."""
    amount = amount_text(rule.amount, rule.unit)
    scope = f" per {rule.scope}" if rule.scope else f" per {_text(rule.times, values)}" if rule.times else ""
    where = f" where {_text(rule.where, values)}" if rule.where is not None else ""
    when = f" when {_text(rule.condition, values)}" if _applies(rule.condition, values) else ""
    return f"{rule.title or rule.name.text}: {amount}{scope}{where}{when}"


def pay_text(pay, values: dict | None = None) -> str:
    """A payment line (the ruleset's ``Pay``): who pays the winner how much, and when."""
    verb = "pay" if pay.payer in ("others", "losers", "non dealers") else "pays"
    when = f" when {_text(pay.condition, values)}" if _applies(pay.condition, values) else ""
    return f"{pay.payer} {verb} the winner {_text(pay.amount, values)}{when}"


def _text(expr, values) -> str:
    return expr_text(expr if values is None else simplify(expr, values))


def _applies(cond, values) -> bool:
    """Whether a condition is worth printing (not absent, not always true with these options)."""
    if cond is None:
        return False
    if values is None:
        return True
    s = simplify(cond, values)
    return not (type(s).__name__ == "Bool" and s.value)


def in_force(ruleset, auto) -> tuple[list, list, list]:
    """(score rules in force, rules the options switch off, payments in force) as the
    ruleset's statements: those whose compiled condition is not constant false."""
    from .. import ast as A
    from ..ir.expr import Const

    def off(f) -> bool:
        return isinstance(f, Const) and not f.value

    scoring = ruleset.block(A.ScoringBlock)
    payments = ruleset.block(A.PaymentsBlock)
    stmts = {r.name.text: r for r in scoring.all(A.ScoreRule)} if scoring else {}
    rules = [stmts[r.name] for r in auto.scoring.rules if r.name in stmts and not off(r.when)]
    switched = [stmts[r.name] for r in auto.scoring.rules if r.name in stmts and off(r.when)]
    # lowering keeps the payment lines in the order written
    pays = [p for p, spec in zip(payments.all(A.Pay) if payments else (), auto.payments.pays) if not off(spec.when)]
    return rules, switched, pays


def simplify(expr, values: dict):
    """An expression with the options' values put in and what they decide folded away:
    ``jokerless_double and jokers == 0`` at a table with it on reads ``jokers == 0``.
    Returns an expression node (a ``Bool`` or ``Num`` where the options fix the value)."""
    import operator

    import attrs

    from .. import ast as A
    from ..facts import ARITHMETIC

    def const(e):
        return e.value if isinstance(e, (A.Bool, A.Num)) else None

    def lit(v, span):
        return A.Bool(v, span) if isinstance(v, bool) else A.Num(v, span) if isinstance(v, (int, float)) else None

    if expr is None:
        return None
    if isinstance(expr, A.Name):
        v = values.get(expr.id)
        node = lit(v, expr.span) if expr.id in values else None
        return node if node is not None else expr
    if isinstance(expr, A.Not):
        inner = simplify(expr.operand, values)
        return A.Bool(not inner.value, expr.span) if isinstance(inner, A.Bool) else attrs.evolve(expr, operand=inner)
    if isinstance(expr, A.Call) and expr.fn in ARITHMETIC:  # min(doubles, max_tai): numbers, options among them
        return attrs.evolve(expr, args=tuple(simplify(a, values) for a in expr.args))
    if isinstance(expr, A.Neg):
        return attrs.evolve(expr, operand=simplify(expr.operand, values))
    if not isinstance(expr, A.BinOp):  # other calls' arguments are predicates of the hand, not options
        return expr
    left, right = simplify(expr.left, values), simplify(expr.right, values)
    if expr.op in ("and", "or"):
        for a, b in ((left, right), (right, left)):
            if isinstance(a, A.Bool):
                decides = a.value if expr.op == "or" else not a.value
                return A.Bool(a.value, expr.span) if decides else b
        return attrs.evolve(expr, left=left, right=right)
    ops = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv, "^": operator.pow,
           "==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
           ">=": operator.ge}
    lv, rv = const(left), const(right)
    if lv is not None and rv is not None and expr.op in ops:
        try:
            return lit(ops[expr.op](lv, rv), expr.span) or attrs.evolve(expr, left=left, right=right)
        except (ZeroDivisionError, OverflowError, TypeError):
            pass
    return attrs.evolve(expr, left=left, right=right)
