"""Conditions and amounts in plain words, for the rule book.

The scoring section used to print expressions as written (``1 double when
sets((pung or kong) and concealed) >= 3``); a player reads "when the hand has 3 or
more concealed pungs or kongs". :func:`plain` says an expression that way: counts of
sets, pairs, tiles and bonus tiles as quantities of a noun phrase built from the
predicate (shapes, then ``concealed``/``exposed``, then "of dragons"), facts by their
phrases here or, for a fact this table does not know, by its meaning in
:mod:`mjdsl.facts`. Whatever it can't phrase (a predicate of another shape, arithmetic
inside a count) it prints as written, so nothing is lost.
"""

from __future__ import annotations

from .. import ast as A
from .. import facts as F
from ..ast.text import expr_text
from .words import EN, N_

#: Boolean facts: (what holds, what holds when not).
_FACT = {
    "won": ("the hand wins", "the hand does not win"),
    "self_drawn": ("the winning tile is drawn from the wall", "the winning tile is not drawn from the wall"),
    "by_discard": ("the hand wins on a discard", "the hand does not win on a discard"),
    "dealer": ("the player is the dealer", "the player is not the dealer"),
    "concealed_hand": ("the hand has no exposures", "the hand has exposures"),
    "singles_pairs": ("the card line has no group of three or more", "the card line has a group of three or more"),
    "just_claimed": ("it is the tile just claimed", "it is not the tile just claimed"),
    "claim_swap": ("it is the tile beyond the other end of the run just claimed (6 after claiming 3 for 4-5)",
                   "it is not the tile beyond the other end of the run just claimed"),
}

#: Number facts, counted: (the words before the quantity, singular, plural, the words after).
_NUMBER = {
    "jokers": ("the hand has ", "joker", "jokers", ""),
    "suits": ("the hand uses ", "suit", "suits", ""),
    "waits": ("", "kind of tile", "kinds of tile", " would have completed the hand"),
    "dealer_streak": ("the dealer has won ", "hand", "hands", " in a row"),
    "set_points": ("the hand has ", "point from sets and pairs", "points from sets and pairs", ""),
}

#: Amounts: facts as nouns.
_AMOUNT = {"value": N_("the hand's value"), "card_points": N_("the card points"), "points": N_("the points"),
           "doubles": N_("the doubles"), "jokers": N_("the jokers"),
           "set_points": N_("the points from sets and pairs")}

_SHAPES = {"pung": ("pung", "pungs"), "kong": ("kong", "kongs"), "chow": ("chow", "chows"), "pair": ("pair", "pairs")}
_STATES = ("concealed", "exposed")
_CLASSES = {"simple": "simples", "terminal": "terminals", "honour": "honours", "wind": "winds", "dragon": "dragons",
            "own_wind": "the seat's wind", "round_wind": "the round's wind", "flower": "flowers", "season": "seasons"}
_QUANTITY = {"==": "exactly {n}", ">=": "{n} or more", "<=": "at most {n}", ">": "more than {n}",
             "<": "fewer than {n}", "!=": "other than {n}"}
_FLIP = {"==": "==", "!=": "!=", ">": "<", "<": ">", ">=": "<=", "<=": ">="}
#: a comparison denied: not (x >= 3) is x < 3
_OPPOSITE = {"==": "!=", "!=": "==", ">": "<=", "<": ">=", ">=": "<", "<=": ">"}


class _Unsaid(Exception):
    """An expression of a shape these words do not cover: it is printed as written."""


def plain(expr, titles: dict | None = None) -> str:
    """``expr`` (a condition) in words; ``titles`` maps pattern, announcement and rule
    names to their titles."""
    try:
        return _cond(expr, titles or {})
    except _Unsaid:
        return expr_text(expr)


def plain_amount(expr, tr=EN) -> str:
    """An amount (``card_points * 2 ^ doubles``, ``2 * value``) in words, in ``tr``'s
    language (the club's catalog; the conditions of :func:`plain` are English)."""
    try:
        return _amount(expr, tr)
    except _Unsaid:
        return expr_text(expr)


def per_set(scope: str, where) -> str:
    """``per set where P`` as ``per exposed pung of simples``."""
    noun = "bonus tile" if scope == "bonus" else scope
    if where is None:
        return f"per {noun}"
    try:
        one, _ = _tile_noun(where, noun) if scope == "bonus" else _set_noun(where, noun)
    except _Unsaid:
        return f"per {scope} where {expr_text(where)}"
    return f"per {one}"


# -- conditions --------------------------------------------------------------------------


def _cond(e, titles: dict, negated: bool = False) -> str:
    if isinstance(e, A.BinOp) and e.op in ("and", "or"):
        if negated:
            # not (A and B and C): said as its parts, which read better held than denied
            said = [_cond(t, titles) for t in _terms(e, e.op)]
            if len(said) == 2:
                return f"neither {said[0]} nor {said[1]}" if e.op == "or" else f"not both {said[0]} and {said[1]}"
            return ("not all of: " if e.op == "and" else "none of: ") + ", ".join(said[:-1]) + " and " + said[-1]
        return f"{_cond(e.left, titles)} {e.op} {_cond(e.right, titles)}"
    if isinstance(e, A.Not):
        return _cond(e.operand, titles, not negated)
    if isinstance(e, A.Bool):
        return "always" if e.value != negated else "never"
    if isinstance(e, A.Name):
        if e.id in _FACT:
            return _FACT[e.id][negated]
        fact = F.FACTS.get(e.id)
        if fact is not None and fact.type == "bool":
            return f"not so: {fact.meaning}" if negated else fact.meaning
        return f"{e.id} is {'off' if negated else 'on'}"  # an option the table leaves open
    if isinstance(e, A.Call):
        return _call(e, titles, negated)
    if isinstance(e, A.BinOp) and e.op in _QUANTITY:
        return _compare(A.BinOp(_OPPOSITE[e.op], e.left, e.right, e.span) if negated else e)
    raise _Unsaid


def _call(e: A.Call, titles: dict, negated: bool) -> str:
    arg = e.args[0] if e.args else None
    no = " not" if negated else ""
    if e.fn == "pattern" and isinstance(arg, A.Name):
        return f"the hand is{no} won as {titles.get(arg.id, arg.id)}"
    if e.fn == "section" and isinstance(arg, A.Str):
        return f"the card line is{no} in the section “{arg.value}”"
    if e.fn == "winning_tile" and isinstance(arg, A.Str):
        return f"the winning tile is{no} {arg.value}"
    if e.fn == "announced" and isinstance(arg, A.Name):
        return f"the player has{no} announced {titles.get(arg.id, arg.id)}"
    if e.fn == "wait" and isinstance(arg, A.Name):
        shape = arg.id.replace("_", "-")
        return f"the winning tile{' does not complete' if negated else ' completes'} {'an' if shape[0] in 'aeiou' else 'a'} {shape} wait"
    if e.fn == "last_in" and arg is not None and not negated:
        one, _ = _set_noun(arg, "set or pair")
        return f"the winning tile completes a {one}" if not one.startswith(("a", "e", "i", "o", "u")) \
            else f"the winning tile completes an {one}"
    raise _Unsaid


def _compare(e: A.BinOp) -> str:
    op, count, n = e.op, e.left, e.right
    if isinstance(count, A.Num):  # 3 <= sets(...): the count on the left
        op, count, n = _FLIP[op], e.right, e.left
    if not isinstance(n, A.Num) or n.value < 0:
        raise _Unsaid
    k = n.value
    if isinstance(count, A.Call) and count.fn in ("sets", "pairs", "tiles", "bonus") and count.args:
        one, many = _counted(count)
        before, after = ("the player has set aside " if count.fn == "bonus" else "the hand has "), ""
    elif isinstance(count, A.Name) and count.id in _NUMBER:
        before, one, many, after = _NUMBER[count.id]
    else:
        raise _Unsaid
    return f"{before}{_quantity(op, k, one, many)}{after}"


def _quantity(op: str, k: float, one: str, many: str) -> str:
    n = f"{k:g}"
    if k == 0 and op == "==":
        return f"no {many}"
    if (k == 0 and op == ">") or (k == 1 and op == ">="):
        return f"at least one {one}"
    noun = one if k == 1 and op in ("==", "<=", "!=") else many
    return f"{_QUANTITY[op].format(n=n)} {noun}"


def _counted(call: A.Call) -> tuple[str, str]:
    pred = call.args[0]
    if call.fn == "sets":
        return _set_noun(pred, "set")
    if call.fn == "pairs":
        return _set_noun(pred, "pair")
    return _tile_noun(pred, "bonus tile" if call.fn == "bonus" else "tile")


# -- noun phrases of predicates -----------------------------------------------------------


def _terms(e, op: str = "and") -> list:
    """The terms of a conjunction (or, with ``op="or"``, a disjunction): ``a and (b or c)
    and not d`` is [a, b or c, not d]."""
    if isinstance(e, A.BinOp) and e.op == op:
        return _terms(e.left, op) + _terms(e.right, op)
    return [e]


def _alternatives(e) -> list[str] | None:
    """``pung or kong`` as ["pung", "kong"]: names only, else None."""
    if isinstance(e, A.Name):
        return [e.id]
    if isinstance(e, A.BinOp) and e.op == "or":
        left, right = _alternatives(e.left), _alternatives(e.right)
        return left + right if left is not None and right is not None else None
    return None


def _set_noun(pred, default: str) -> tuple[str, str]:
    """(singular, plural) of the sets a set predicate picks: ``exposed pung of simples``."""
    shapes: list[str] = []
    states: list[str] = []
    of: list[str] = []
    for t in _terms(pred):
        names = _alternatives(t)
        if names and all(n in _SHAPES for n in names) and not shapes:
            shapes = names
        elif names and len(names) == 1 and names[0] in _STATES:
            states.append(names[0])
        elif names:
            of.append(" or ".join(_class_noun(n) for n in names))
        elif isinstance(t, A.Not) and isinstance(t.operand, A.Name) and t.operand.id not in (*_SHAPES, *_STATES):
            of.append(f"anything but {_class_noun(t.operand.id)}")
        else:
            raise _Unsaid
    one = " or ".join(_SHAPES[s][0] for s in shapes) if shapes else default
    many = " or ".join(_SHAPES[s][1] for s in shapes) if shapes else _plural(default)
    lead = " ".join(states) + " " if states else ""
    tail = " of " + " and ".join(of) if of else ""
    return f"{lead}{one}{tail}", f"{lead}{many}{tail}"


def _tile_noun(pred, default: str) -> tuple[str, str]:
    """(singular, plural) of the tiles a tile predicate picks: ``own flower``, ``tile
    other than green``."""
    kinds: list[str] = []
    adjectives: list[str] = []
    other: list[str] = []
    for t in _terms(pred):
        names = _alternatives(t)
        if names and len(names) == 1 and names[0] in ("flower", "season") and not kinds:
            kinds = names
        elif names and len(names) == 1 and names[0] not in _SHAPES:
            adjectives.append(names[0].replace("_", " "))
        elif names:
            adjectives.append(" or ".join(n.replace("_", " ") for n in names))
        elif isinstance(t, A.Not) and isinstance(t.operand, A.Name):
            other.append(t.operand.id.replace("_", " "))
        else:
            raise _Unsaid
    noun = kinds[0] if kinds else default
    lead = " ".join(adjectives) + " " if adjectives else ""
    tail = " that is not " + " or ".join(other) if other else ""
    tails = " that are not " + " or ".join(other) if other else ""
    return f"{lead}{noun}{tail}", f"{lead}{_plural(noun)}{tails}"


def _class_noun(name: str) -> str:
    return _CLASSES.get(name, name.replace("_", " "))


def _plural(noun: str) -> str:
    head, _, rest = noun.partition(" or ")
    return head + "s" + (" or " + _plural(rest) if rest else "")


# -- amounts -------------------------------------------------------------------------------


def _amount(e, tr) -> str:
    _ = tr.gettext
    if isinstance(e, A.Num):
        return f"{e.value:g}"
    if isinstance(e, A.Name):
        return _(_AMOUNT[e.id]) if e.id in _AMOUNT else e.id.replace("_", " ")
    if isinstance(e, A.BinOp) and e.op == "*":
        # X * 2 ^ doubles: the doubling rule of most tables
        for x, y in ((e.left, e.right), (e.right, e.left)):
            if (isinstance(y, A.BinOp) and y.op == "^" and isinstance(y.left, A.Num) and y.left.value == 2
                    and isinstance(y.right, A.Name)):
                each = _("double") if y.right.id == "doubles" else _amount(y.right, tr)
                return _("{amount}, doubled once for each {each}").format(amount=_amount(x, tr), each=each)
            if isinstance(x, A.Num) and x.value in (2, 3, 4):
                times = {2: N_("twice {amount}"), 3: N_("three times {amount}"), 4: N_("four times {amount}")}
                return _(times[int(x.value)]).format(amount=_grouped(y, tr))
        return _("{left} times {right}").format(left=_grouped(e.left, tr), right=_grouped(e.right, tr))
    if isinstance(e, A.BinOp) and e.op in ("+", "-", "/"):
        word = {"+": N_("{left} plus {right}"), "-": N_("{left} minus {right}"), "/": N_("{left} divided by {right}")}
        right = _grouped(e.right, tr) if e.op != "+" else _amount(e.right, tr)
        return _(word[e.op]).format(left=_amount(e.left, tr), right=right)
    if isinstance(e, A.BinOp) and e.op == "^":
        return _("{left} to the power of {right}").format(left=_grouped(e.left, tr), right=_grouped(e.right, tr))
    if isinstance(e, A.Neg):
        return _("minus {amount}").format(amount=_grouped(e.operand, tr))
    if isinstance(e, A.Call) and e.fn in ("min", "max") and len(e.args) == 2:
        word = N_("the smaller of {left} and {right}") if e.fn == "min" else N_("the larger of {left} and {right}")
        return _(word).format(left=_grouped(e.args[0], tr, True), right=_grouped(e.args[1], tr, True))
    if isinstance(e, A.Call) and e.fn == "round_up" and len(e.args) == 2:
        return _("{amount} rounded up to a multiple of {step}").format(amount=_grouped(e.args[0], tr),
                                                                      step=_amount(e.args[1], tr))
    raise _Unsaid


def _grouped(e, tr, listed: bool = False) -> str:
    """An operand in words, in brackets when it is a sum or difference of its own
    (``5 * (a - b)`` is "5 times (a minus b)", not "5 times a minus b"); ``listed``:
    one of min's or max's two, bracketed also when it is a min or max itself."""
    words = _amount(e, tr)
    nested = listed and isinstance(e, A.Call) and e.fn in ("min", "max")
    return f"({words})" if nested or isinstance(e, A.BinOp) and e.op in ("+", "-") else words
