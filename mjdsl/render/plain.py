"""Conditions and amounts in plain words, for the rule book.

The scoring section used to print expressions as written (``1 double when
sets((pung or kong) and concealed) >= 3``); a player reads "when the hand has 3 or
more concealed pungs or kongs". :func:`plain` says an expression that way: counts of
sets, pairs, tiles and bonus tiles as quantities of a noun phrase built from the
predicate (shapes, then ``concealed``/``exposed``, then "of dragons"), facts by their
phrases here or, for a fact this table does not know, by its meaning in
:mod:`mjdsl.facts`. Whatever it can't phrase (a predicate of another shape, arithmetic
inside a count) it prints as written, so nothing is lost.

Every word is a message of the club's catalog (``server/locale``), the sentences with
places for the phrases they hold ("the hand has {count}", "{n} or more {noun}", "{state}
{noun}"), so the Chinese and Japanese rule books say them in their own order; without a
catalog (``tr`` is ``words.EN``) the words are the English above.
"""

from __future__ import annotations

from .. import ast as A
from .. import facts as F
from ..ast.text import expr_text
from .words import EN, N_, ngettext

#: Boolean facts: (what holds, what holds when not).
_FACT = {
    "won": (N_("the hand wins"), N_("the hand does not win")),
    "self_drawn": (N_("the winning tile is drawn from the wall"), N_("the winning tile is not drawn from the wall")),
    "by_discard": (N_("the hand wins on a discard"), N_("the hand does not win on a discard")),
    "dealer": (N_("the player is the dealer"), N_("the player is not the dealer")),
    "concealed_hand": (N_("the hand has no exposures"), N_("the hand has exposures")),
    "singles_pairs": (N_("the card line has no group of three or more"),
                      N_("the card line has a group of three or more")),
    # said without "kong box": a table with no dead wall replaces from the end of the wall
    "last_from_kong_box": (N_("the winning tile was the replacement for a kong"),
                           N_("the winning tile was not the replacement for a kong")),
    # issue 10: the state and history of the hand
    "discarded_a_wait": (N_("the player has discarded a tile that would complete its hand"),
                         N_("the player has discarded no tile that would complete its hand")),
    "passed_a_win": (N_("the player has let a winning discard go by since its own last discard"),
                     N_("the player has let no winning discard go by since its own last discard")),
    "own_discard": (N_("the discard is a tile the player has discarded before"),
                    N_("the discard is not a tile the player has discarded before")),
    "just_claimed": (N_("it is the tile just claimed"), N_("it is not the tile just claimed")),
    "claim_swap": (N_("it is the tile beyond the other end of the run just claimed (6 after claiming 3 for 4-5)"),
                   N_("it is not the tile beyond the other end of the run just claimed")),
}

#: Number facts, counted: (the sentence, a {count} place in it; singular; plural).
_NUMBER = {
    "jokers": (N_("the hand has {count}"), N_("joker"), N_("jokers")),
    "suits": (N_("the hand uses {count}"), N_("suit"), N_("suits")),
    "waits": (N_("{count} would have completed the hand"), N_("kind of tile"), N_("kinds of tile")),
    "dealer_streak": (N_("the dealer has won {count} in a row"), N_("hand"), N_("hands")),
    "set_points": (N_("the hand has {count}"), N_("point from sets and pairs"), N_("points from sets and pairs")),
    "wall_left": (N_("the live wall has {count} left"), N_("tile"), N_("tiles")),
    "discards": (N_("the players have made {count} this hand"), N_("discard"), N_("discards")),
    "claims": (N_("the players have claimed {count} this hand"), N_("discard"), N_("discards")),
    "kongs": (N_("the players have declared {count} this hand"), N_("kong"), N_("kongs")),
    "kong_seats": (N_("{count} have declared a kong this hand"), N_("player"), N_("players")),
    "win_claims": (N_("{count} have claimed mah jongg on the discard"), N_("player"), N_("players")),
    "tile_visible": (N_("the table shows {count} of the discard"), N_("copy"), N_("copies")),
    "points": (N_("the score rules gave {count}"), N_("point"), N_("points")),
    "doubles": (N_("the score rules gave {count}"), N_("double"), N_("doubles")),
    "limits": (N_("the score rules gave {count}"), N_("limit"), N_("limits")),
}

#: Counts since an announcement (``discards_since(riichi) < 4``): (the sentence, singular, plural).
_SINCE = {"discards_since": (N_("the players have made {count} since the player announced {name}"),
                             N_("discard"), N_("discards")),
          "claims_since": (N_("the players have claimed {count} since the player announced {name}"),
                           N_("discard"), N_("discards")),
          "announcers": (N_("{count} have announced {name} this hand"), N_("player"), N_("players"))}

#: The same counts as amounts in arithmetic (``announcers(riichi) + announcers(double_riichi)``).
_SINCE_AMOUNT = {"discards_since": N_("the number of discards since the player announced {name}"),
                 "claims_since": N_("the number of claims since the player announced {name}"),
                 "announcers": N_("the number of players who have announced {name} this hand")}

#: ``related(N P, SUITS, RANKS)``: how the sets of a group stand to one another.
_RELATED_SUITS = {"same": N_("{noun} of one suit"), "different": N_("{noun}, each of its own suit"),
                  "any": "{noun}"}

#: Two amounts compared: ``value >= 2 ^ min_faan``.
_AS_MUCH = {"==": N_("{left} is exactly {right}"), ">=": N_("{left} is at least {right}"),
            "<=": N_("{left} is at most {right}"), ">": N_("{left} is more than {right}"),
            "<": N_("{left} is less than {right}"), "!=": N_("{left} is other than {right}")}

#: Amounts: facts as nouns.
_AMOUNT = {"value": N_("the hand's value"), "card_points": N_("the card points"), "points": N_("the points"),
           "doubles": N_("the doubles"), "jokers": N_("the jokers"),
           "set_points": N_("the points from sets and pairs"),
           "indicated": N_("the tiles of the hand the indicators point at"),
           "indicated_under": N_("the tiles of the hand the tiles under the indicators point at")}

#: nouns: (singular, plural)
_NOUNS = {"pung": (N_("pung"), N_("pungs")), "kong": (N_("kong"), N_("kongs")), "chow": (N_("chow"), N_("chows")),
          "pair": (N_("pair"), N_("pairs")), "set": (N_("set"), N_("sets")), "tile": (N_("tile"), N_("tiles")),
          "set or pair": (N_("set or pair"), N_("sets or pairs")), "bonus tile": (N_("bonus tile"), N_("bonus tiles")), "flower": (N_("flower"), N_("flowers")),
          "season": (N_("season"), N_("seasons")), "wind": (N_("wind"), N_("winds")),
          "dragon": (N_("dragon"), N_("dragons"))}
_SHAPES = ("pung", "kong", "chow", "pair")
_STATES = ("concealed", "exposed")
_CLASSES = {"simple": N_("simples"), "terminal": N_("terminals"), "honour": N_("honours"), "wind": N_("winds"),
            "dragon": N_("dragons"), "own_wind": N_("the seat's wind"), "round_wind": N_("the round's wind"),
            "flower": N_("flowers"), "season": N_("seasons")}
#: tile predicates as words before a tile noun ("honour tile", "own flower")
_TILE_WORDS = {"simple": N_("simple"), "terminal": N_("terminal"), "honour": N_("honour"), "wind": N_("wind"),
               "dragon": N_("dragon"), "own_wind": N_("own wind"), "round_wind": N_("round wind"), "own": N_("own")}
_QUANTITY = {"==": N_("exactly {n} {noun}"), ">=": N_("{n} or more {noun}"), "<=": N_("at most {n} {noun}"),
             ">": N_("more than {n} {noun}"), "<": N_("fewer than {n} {noun}"), "!=": N_("other than {n} {noun}")}
_FLIP = {"==": "==", "!=": "!=", ">": "<", "<": ">", ">=": "<=", "<=": ">="}
#: how the winning tile completed its set (``wait(SHAPE)``), as said after "a"/"an"
_WAITS = {"two_sided": N_("two-sided"), "closed": N_("closed"), "edge": N_("edge"), "pair": N_("pair"),
          "pung": N_("pung")}
#: a comparison denied: not (x >= 3) is x < 3
_OPPOSITE = {"==": "!=", "!=": "==", ">": "<=", "<": ">=", ">=": "<", "<=": ">"}


class _Unsaid(Exception):
    """An expression of a shape these words do not cover: it is printed as written."""


def plain(expr, titles: dict | None = None, tr=EN) -> str:
    """``expr`` (a condition) in words, in ``tr``'s language (the club's catalog);
    ``titles`` maps pattern, announcement and rule names to their titles."""
    try:
        return _cond(expr, titles or {}, tr)
    except _Unsaid:
        return expr_text(expr)


def plain_amount(expr, tr=EN) -> str:
    """An amount (``card_points * 2 ^ doubles``, ``2 * value``) in words, in ``tr``'s
    language (the club's catalog)."""
    try:
        return _amount(expr, tr)
    except _Unsaid:
        return expr_text(expr)


def per_set(scope: str, where, tr=EN) -> str:
    """``per set where P`` as ``per exposed pung of simples``, in ``tr``'s language."""
    _ = tr.gettext
    noun = "bonus tile" if scope == "bonus" else scope
    if where is None:
        return _("per {noun}").format(noun=_noun(noun, tr)[0])
    try:
        one, _many = _tile_noun(where, noun, tr) if scope == "bonus" else _set_noun(where, noun, tr)
    except _Unsaid:
        return _("per {scope} where {condition}").format(scope=_noun(noun, tr)[0], condition=expr_text(where))
    return _("per {noun}").format(noun=one)


def per_count(count, tr=EN) -> str:
    """``per COUNT`` (a rule counted as often as the hand holds it) in words: ``per group
    of 2 chows of different suits, all of the same rank``, ``times the number of ...``."""
    _ = tr.gettext
    if isinstance(count, A.Related):
        return _("per {noun}").format(noun=_related(count, tr)[0])
    try:
        return _("times {count}").format(count=_amount(count, tr))
    except _Unsaid:
        return _("times {count}").format(count=expr_text(count))


def sets_of(where, tr=EN) -> str:
    """The sets a set predicate picks, in the plural (``pungs or kongs of dragons``)."""
    try:
        return _set_noun(where, "set", tr)[1]
    except _Unsaid:
        return tr.gettext("sets where {condition}").format(condition=expr_text(where))


def noun(name: str, tr=EN) -> str:
    """A noun of tiles (``flower``, ``season``, a ruleset's own ``animal``) in ``tr``'s language."""
    return _noun(name, tr)[0]


def many(name: str, tr=EN) -> str:
    """The plural of a noun of tiles (``wind``: "winds", a ruleset's own ``animal``: "animals")."""
    return _noun(name, tr)[1]


def _noun(name: str, tr) -> tuple[str, str]:
    """(singular, plural) of a noun in ``tr``'s language; a name the table lacks is the ruleset's own."""
    if name in _NOUNS:
        one, many = _NOUNS[name]
        return tr.gettext(one), tr.gettext(many)
    return name, name + "s"


def _a(phrase: str, tr, a: str, an: str) -> str:
    """``phrase`` after the article English gives it: ``a`` and ``an`` are messages with a {noun} place."""
    # "an honour": the h of honour and hour is not said
    return tr.gettext(an if phrase.startswith(("a", "e", "i", "o", "u", "honour", "hour")) else a).format(noun=phrase)


# -- conditions --------------------------------------------------------------------------


def _cond(e, titles: dict, tr, negated: bool = False) -> str:
    _ = tr.gettext
    if isinstance(e, A.BinOp) and e.op in ("and", "or"):
        if negated:
            # not (A and B and C): said as its parts, which read better held than denied
            said = [_cond(t, titles, tr) for t in _terms(e, e.op)]
            if len(said) == 2:
                two = N_("neither {left} nor {right}") if e.op == "or" else N_("not both {left} and {right}")
                return _(two).format(left=said[0], right=said[1])
            many = N_("not all of: {parts} and {last}") if e.op == "and" else N_("none of: {parts} and {last}")
            return _(many).format(parts=", ".join(said[:-1]), last=said[-1])
        joined = N_("{left} and {right}") if e.op == "and" else N_("{left} or {right}")
        return _(joined).format(left=_cond(e.left, titles, tr), right=_cond(e.right, titles, tr))
    if isinstance(e, A.Not):
        return _cond(e.operand, titles, tr, not negated)
    if isinstance(e, A.Bool):
        return _("always") if e.value != negated else _("never")
    if isinstance(e, A.Name):
        if e.id in _FACT:
            return _(_FACT[e.id][negated])
        fact = F.FACTS.get(e.id)
        if fact is not None and fact.type == "bool":
            # the facts' meanings are in the club's catalog too (server/extract.py)
            return _("not so: {meaning}").format(meaning=_(fact.meaning)) if negated else _(fact.meaning)
        # an option the table leaves open
        return (_("{option} is off") if negated else _("{option} is on")).format(option=e.id)
    if isinstance(e, A.Call):
        return _call(e, titles, negated, tr)
    if isinstance(e, A.BinOp) and e.op in _QUANTITY:
        return _compare(A.BinOp(_OPPOSITE[e.op], e.left, e.right, e.span) if negated else e, tr, titles)
    raise _Unsaid


def _call(e: A.Call, titles: dict, negated: bool, tr) -> str:
    _ = tr.gettext
    arg = e.args[0] if e.args else None
    if e.fn == "pattern" and isinstance(arg, A.Name):
        said = _("the hand is not won as {pattern}") if negated else _("the hand is won as {pattern}")
        return said.format(pattern=titles.get(arg.id, arg.id))
    if e.fn == "section" and isinstance(arg, A.Str):
        said = (_("the card line is not in the section “{section}”") if negated
                else _("the card line is in the section “{section}”"))
        return said.format(section=arg.value)
    if e.fn == "winning_tile" and isinstance(arg, A.Str):
        return (_("the winning tile is not {tile}") if negated else _("the winning tile is {tile}")).format(tile=arg.value)
    if e.fn == "announced" and isinstance(arg, A.Name):
        said = _("the player has not announced {name}") if negated else _("the player has announced {name}")
        return said.format(name=titles.get(arg.id, arg.id))
    if e.fn == "wait" and isinstance(arg, A.Name):
        shape = arg.id.replace("_", "-")
        if arg.id in _WAITS:
            shape = _(_WAITS[arg.id])
        if negated:
            return _a(shape, tr, N_("the winning tile does not complete a {noun} wait"),
                      N_("the winning tile does not complete an {noun} wait"))
        return _a(shape, tr, N_("the winning tile completes a {noun} wait"), N_("the winning tile completes an {noun} wait"))
    if e.fn == "calling_for" and e.args and all(isinstance(a, A.Name) for a in e.args):
        rules = [titles.get(a.id, a.id.replace("_", " ")) for a in e.args]
        names = rules[0] if len(rules) == 1 else _("{parts} or {last}").format(parts=", ".join(rules[:-1]),
                                                                                 last=rules[-1])
        said = (_("no tile drawn from the wall would complete the hand as {rules}") if negated
                else _("one more tile drawn from the wall would complete the hand as {rules}"))
        return said.format(rules=names)
    if e.fn == "last_in" and arg is not None and not negated:
        one, _many = _set_noun(arg, "set or pair", tr)
        return _a(one, tr, N_("the winning tile completes a {noun}"), N_("the winning tile completes an {noun}"))
    raise _Unsaid


def _compare(e: A.BinOp, tr, titles: dict | None = None) -> str:
    op, count, n = e.op, e.left, e.right
    if isinstance(count, A.Num):  # 3 <= sets(...): the count on the left
        op, count, n = _FLIP[op], e.right, e.left
    if not isinstance(n, A.Num):
        return _amounts(e, tr)
    if n.value < 0:
        raise _Unsaid
    k = n.value
    if isinstance(count, A.Call) and count.fn in ("sets", "pairs", "tiles", "bonus") and count.args:
        one, many = _counted(count, tr)
        sentence = N_("the player has set aside {count}") if count.fn == "bonus" else N_("the hand has {count}")
    elif isinstance(count, A.Call) and count.fn == "alike_discards" and len(count.args) == 1:
        one, many = _tile_noun(count.args[0], "tile", tr)
        sentence = N_("the players have discarded {count}, all of one kind, this hand")
    elif isinstance(count, A.Call) and count.fn == "kinds_held" and len(count.args) == 1:
        one, many = _tile_noun(count.args[0], "tile", tr)
        one, many = (tr.gettext(N_("kind of {noun}")).format(noun=one), tr.gettext(N_("kinds of {noun}")).format(noun=one))
        sentence = N_("the player holds {count}")
    elif isinstance(count, A.Name) and count.id in _NUMBER:
        sentence, one, many = _NUMBER[count.id]
        one, many = tr.gettext(one), tr.gettext(many)
    elif isinstance(count, A.Related):
        one, many = _related(count, tr)
        sentence = N_("the hand has {count}")
    elif isinstance(count, A.Call) and count.fn == "kinds" and len(count.args) == 1 and isinstance(count.args[0], A.Num):
        n_of = count.args[0].value
        one, many = (tr.ngettext("kind of tile it holds exactly {n} of", "kinds of tile it holds exactly {n} of",
                                 k).format(n=f"{n_of:g}") for k in (1, 2))
        sentence = N_("the hand has {count}")
    elif (isinstance(count, A.Call) and count.fn in _SINCE and len(count.args) == 1
          and isinstance(count.args[0], A.Name)):
        sentence, one, many = _SINCE[count.fn]
        one, many = tr.gettext(one), tr.gettext(many)
        name = (titles or {}).get(count.args[0].id, count.args[0].id)
        return tr.gettext(sentence).format(count=_quantity(op, k, one, many, tr), name=name)
    else:
        return _amounts(e, tr)  # arithmetic of counts: ``kinds(4) - sets(kong) >= 1``
    return tr.gettext(sentence).format(count=_quantity(op, k, one, many, tr))


def _related(e: A.Related, tr) -> tuple[str, str]:
    """(singular, plural) of the groups a ``related(...)`` counts: "group of 3 chows of one
    suit, 3 ranks apart"."""
    _ = tr.gettext
    sets = _set_noun(e.pred, "set", tr)[1]
    sets = _(_RELATED_SUITS[e.suits]).format(noun=sets)
    if e.step == 0:
        sets = _("{noun}, all of the same rank").format(noun=sets)
    elif e.step is not None:
        sets = tr.ngettext("{noun}, {n} rank apart", "{noun}, {n} ranks apart", e.step).format(noun=sets, n=e.step)
    # the forms for one group and for several (the quantity says how many): the sets in a group are {n}
    one, many = (tr.ngettext("group of {n} {noun}", "groups of {n} {noun}", k).format(n=e.count, noun=sets)
                 for k in (1, 2))
    return one, many


def _amounts(e: A.BinOp, tr) -> str:
    """Two amounts compared, ``the hand's value is at least 2 to the power min faan``."""
    return tr.gettext(_AS_MUCH[e.op]).format(left=_amount(e.left, tr), right=_amount(e.right, tr))


def _quantity(op: str, k: float, one: str, many: str, tr) -> str:
    _ = tr.gettext
    if k == 0 and op == "==":
        return _("no {noun}").format(noun=many)
    if (k == 0 and op == ">") or (k == 1 and op == ">="):
        return _("at least one {noun}").format(noun=one)
    noun = one if k == 1 and op in ("==", "<=", "!=") else many
    return _(_QUANTITY[op]).format(n=f"{k:g}", noun=noun)


def _counted(call: A.Call, tr) -> tuple[str, str]:
    pred = call.args[0]
    if call.fn == "sets":
        return _set_noun(pred, "set", tr)
    if call.fn == "pairs":
        return _set_noun(pred, "pair", tr)
    return _tile_noun(pred, "bonus tile" if call.fn == "bonus" else "tile", tr)


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


def _set_noun(pred, default: str, tr) -> tuple[str, str]:
    """(singular, plural) of the sets a set predicate picks: ``exposed pung of simples``."""
    _ = tr.gettext
    shapes: list[str] = []
    states: list[str] = []
    of: list[str] = []
    holds: list[str] = []
    for t in _terms(pred):
        names = _alternatives(t)
        if names and all(n in _SHAPES for n in names) and not shapes:
            shapes = names
        elif names and len(names) == 1 and names[0] in _STATES:
            # a set's state, not a hand's ("concealed" alone is a concealed hand in the catalog)
            states.append(tr.pgettext("set", "concealed") if names[0] == "concealed" else tr.pgettext("set", "exposed"))
        elif names:
            of.append(_(" or ").join(_class_noun(n, tr) for n in names))
        elif isinstance(t, A.Not) and isinstance(t.operand, A.Name) and t.operand.id not in (*_SHAPES, *_STATES):
            of.append(_("anything but {what}").format(what=_class_noun(t.operand.id, tr)))
        elif _has(t) is not None:
            holds.append(_has_words(t, tr))
        else:
            raise _Unsaid
    forms = [_noun(s, tr) for s in shapes] if shapes else [_noun(default, tr)]
    out = []
    for k in (0, 1):
        noun = _(" or ").join(f[k] for f in forms)
        if states:
            noun = _("{state} {noun}").format(state=" ".join(states), noun=noun)
        if of:
            noun = _("{noun} of {what}").format(noun=noun, what=_(" and ").join(of))
        for held in holds:
            noun = held.replace("{noun}", noun)
        out.append(noun)
    return out[0], out[1]


def _has(t):
    """The tile predicate of ``has(P)`` or ``not has(P)``, else None."""
    inner = t.operand if isinstance(t, A.Not) else t
    if isinstance(inner, A.Call) and inner.fn == "has" and len(inner.args) == 1:
        return inner.args[0]
    return None


def _has_words(t, tr) -> str:
    """``has(five)`` as "{noun} with a five tile", ``not has(five)`` "{noun} without a five tile"."""
    one, _many = _tile_noun(_has(t), "tile", tr)
    if isinstance(t, A.Not):
        return _a(one, tr, N_("{{noun}} without a {noun}"), N_("{{noun}} without an {noun}"))
    return _a(one, tr, N_("{{noun}} with a {noun}"), N_("{{noun}} with an {noun}"))


def _tile_noun(pred, default: str, tr) -> tuple[str, str]:
    """(singular, plural) of the tiles a tile predicate picks: ``own flower``, ``tile
    other than green``."""
    _ = tr.gettext
    kinds: list[str] = []
    adjectives: list[str] = []
    other: list[str] = []
    for t in _terms(pred):
        names = _alternatives(t)
        if names and len(names) == 1 and names[0] in ("flower", "season") and not kinds:
            kinds = names
        elif names and len(names) == 1 and names[0] not in _SHAPES:
            adjectives.append(_tile_word(names[0], tr))
        elif names:
            adjectives.append(_(" or ").join(_tile_word(n, tr) for n in names))
        elif isinstance(t, A.Not) and isinstance(t.operand, A.Name):
            other.append(_tile_word(t.operand.id, tr))
        else:
            raise _Unsaid
    forms = _noun(kinds[0] if kinds else default, tr)
    out = []
    for k, but in ((0, N_("{noun} that is not {what}")), (1, N_("{noun} that are not {what}"))):
        noun = forms[k]
        if adjectives:
            noun = _("{state} {noun}").format(state=" ".join(adjectives), noun=noun)
        if other:
            noun = _(but).format(noun=noun, what=_(" or ").join(other))
        out.append(noun)
    return out[0], out[1]


def _tile_word(name: str, tr) -> str:
    return tr.gettext(_TILE_WORDS[name]) if name in _TILE_WORDS else name.replace("_", " ")


def _class_noun(name: str, tr) -> str:
    return tr.gettext(_CLASSES[name]) if name in _CLASSES else name.replace("_", " ")


# -- amounts -------------------------------------------------------------------------------


def _amount(e, tr) -> str:
    _ = tr.gettext
    if isinstance(e, A.Num):
        return f"{e.value:g}"
    if isinstance(e, A.Name):
        if e.id in _AMOUNT:
            return _(_AMOUNT[e.id])
        fact = F.FACTS.get(e.id)
        if fact is not None and fact.type == "number":
            return _(fact.meaning)  # a number fact's meaning is a noun phrase: "tiles left in the live wall"
        return e.id.replace("_", " ")  # a let or a counter of the ruleset, by its name
    if isinstance(e, A.Call) and e.fn in ("sets", "pairs", "tiles", "bonus") and e.args:
        said = N_("the number of {noun} set aside") if e.fn == "bonus" else N_("the number of {noun}")
        return _(said).format(noun=_counted(e, tr)[1])
    if isinstance(e, A.Call) and e.fn == "kinds" and len(e.args) == 1 and isinstance(e.args[0], A.Num):
        return _("the number of kinds of tile the hand holds exactly {n} of").format(n=f"{e.args[0].value:g}")
    if isinstance(e, A.Related):
        return _("the number of {noun}").format(noun=_related(e, tr)[1])
    if isinstance(e, A.Call) and e.fn in _SINCE_AMOUNT and len(e.args) == 1 and isinstance(e.args[0], A.Name):
        return _(_SINCE_AMOUNT[e.fn]).format(name=e.args[0].id.replace("_", " "))
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
    if isinstance(e, A.Call) and e.fn == "variants" and len(e.args) == 1 and isinstance(e.args[0], A.Name):
        return _("the {name} tiles held").format(name=e.args[0].id)  # riichi's red fives
    raise _Unsaid


def _grouped(e, tr, listed: bool = False) -> str:
    """An operand in words, in brackets when it is a sum or difference of its own
    (``5 * (a - b)`` is "5 times (a minus b)", not "5 times a minus b"); ``listed``:
    one of min's or max's two, bracketed also when it is a min or max itself."""
    words = _amount(e, tr)
    nested = listed and isinstance(e, A.Call) and e.fn in ("min", "max")
    return f"({words})" if nested or isinstance(e, A.BinOp) and e.op in ("+", "-") else words


# -- special hands in words -----------------------------------------------------------

#: the built-in classes of a pattern's tiles (hands.patterns.CLASS_NAMES), as nouns
_PATTERN_CLASSES = {"terminal": N_("the terminals"), "simple": N_("the simples"), "honour": N_("the honours"),
                    "wind": N_("the winds"), "dragon": N_("the dragons"), "suited": N_("the suit tiles")}


def pattern_words(special, tr=EN) -> str | None:
    """A special hand's parts in words (``one of each of the honours, 7 different tiles
    of the knitted tiles (1 4 7 of one suit, 2 5 8 of another suit, 3 6 9 of another
    suit)``, ``7 pairs of ...``, ``1 1 1 2 3 4 5 6 7 8 9 9 9 of one suit, 1 more tile of
    that suit``), with the sets and pairs beside them; None for a pattern of parts these
    words do not cover (the rule book then says "a special hand")."""
    from ..hands.patterns import EachOf, OneOf, PairsOf, Singles, SuitCounts

    _ = tr.gettext
    said = []
    for part in special.parts:
        if isinstance(part, SuitCounts):
            # nine gates: the ranks held, each as many times as counted, in one suit
            ranks = " ".join(str(r) for r, n in enumerate(part.counts, 1) for _i in range(n))
            said.append(_("{ranks} of one suit").format(ranks=ranks))
            continue
        if not isinstance(part, (EachOf, Singles, OneOf, PairsOf)) or part.tiles.ranks is not None:
            return None
        if part.tiles.suit is not None:
            # a suit bound by an earlier part (nine gates' "one more of that suit")
            if not isinstance(part, OneOf) or part.tiles.kinds not in ((), ("suited",)):
                return None
            said.append(tr.ngettext("{n} more tile of that suit", "{n} more tiles of that suit",
                                    part.count).format(n=part.count))
            continue
        tiles = _pattern_class(part.tiles, tr)
        if isinstance(part, EachOf):
            said.append(_("one of each of {tiles}").format(tiles=tiles))
        elif isinstance(part, OneOf):
            said.append(tr.ngettext("{n} more tile of {tiles}", "{n} more tiles of {tiles}",
                                    part.count).format(n=part.count, tiles=tiles))
        elif isinstance(part, PairsOf):
            said.append((tr.ngettext("{n} different pair of {tiles}", "{n} different pairs of {tiles}", part.n)
                         if part.distinct else
                         tr.ngettext("{n} pair of {tiles}", "{n} pairs of {tiles}", part.n)).format(n=part.n,
                                                                                                 tiles=tiles))
        else:
            said.append(tr.ngettext("{n} different tile of {tiles}", "{n} different tiles of {tiles}",
                                    part.n).format(n=part.n, tiles=tiles))
    parts = _listed(said, tr)
    if not special.mixed:
        return parts
    rest = _("{sets} and {pairs}").format(sets=ngettext("{n} set", "{n} sets", special.sets, tr),
                                          pairs=ngettext("{n} pair", "{n} pairs", special.pairs, tr))
    return _("{parts}, beside {sets_and_pairs}").format(parts=parts, sets_and_pairs=rest)


def _pattern_class(cls, tr=EN) -> str:
    """A pattern's class of tiles as a noun: its knitted tiles first, then its classes."""
    _ = tr.gettext
    nouns = []
    if cls.knit:
        groups = [(_("{ranks} of one suit") if i == 0 else _("{ranks} of another suit")).format(
            ranks=" ".join(map(str, ranks))) for i, (_var, ranks) in enumerate(cls.knit)]
        nouns.append(_("the knitted tiles ({groups})").format(groups=_listed(groups, tr)))
    nouns += [_(_PATTERN_CLASSES[k]) for k in cls.kinds]
    out = nouns[0]
    for more in nouns[1:]:
        out = _("{tiles} and {more}").format(tiles=out, more=more)
    return out


def _listed(items: list[str], tr=EN) -> str:
    """Items one after the other, as the language lists them (``a, b, c``)."""
    out = items[0]
    for more in items[1:]:
        out = tr.gettext("{first}, {next}").format(first=out, next=more)
    return out
