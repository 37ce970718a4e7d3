"""The vocabulary of expressions: the names a condition, amount or predicate may use.

An expression may name an option of the ruleset or a *fact*: something the engine
or the scorer knows when it evaluates the expression. Facts depend on where the
expression stands (its *context*): a payment knows the hand's ``value``, a
per-set score predicate knows whether the set is a ``pung``. Each fact is declared
once here, with its type and meaning; the checks reject any other name, and
``docs/language.md`` lists them. Tile classes declared with ``class`` in the
``tiles`` block, and suit names, are also usable where tiles are described.
"""

from __future__ import annotations

import attrs

# Contexts an expression can stand in.
SETUP = "setup"        # charleston, pass steps, claims: options only (and table facts)
SCORE = "score"        # a score rule's `when`, the `value` expression
SET = "set"            # a score rule's `per set|pair where` predicate, and sets(...)
TILE = "tile"          # tiles(...), bonus(...) and `per bonus where`
PAY = "pay"            # payments
SESSION = "session"    # the session block
PATTERN = "pattern"    # pattern statements (chows at most ...)
TABLE = "table"        # claim conditions and announcements' `if`: the table as it stands


@attrs.frozen
class Fact:
    """A name the engine defines in some contexts: its type (bool, number) and meaning."""

    name: str
    type: str
    contexts: frozenset
    meaning: str


def _facts(contexts, type_, items):
    return [Fact(n, type_, frozenset(contexts), m) for n, m in items]


_WIN = (SCORE, PAY)

FACTS: dict[str, Fact] = {
    f.name: f
    for f in [
        *_facts(_WIN, "bool", [
            ("won", "this player won the hand"),
            ("self_drawn", "the winning tile came from the wall (or the kong box)"),
            ("by_discard", "the winning tile was another player's discard"),
            ("singles_pairs", "the winning card line has no group of three or more (so no joker can stand in it)"),
            ("last_from_kong_box", "the winning tile was the replacement for a kong (from the kong box; from the end of the wall when there is none)"),
            ("last_of_wall", "the winning tile was the last tile of the live wall"),
            ("last_discard", "the winning tile was the last discard: from the end of the wall, discarded"),
            ("robbed_kong", "the winning tile was robbed from another player's added kong"),
            ("original_hand", "the dealer won with the fourteen tiles first dealt (heavenly hand)"),
            ("earthly_hand", "a player other than the dealer won on the dealer's first discard"),
        ]),
        *_facts(_WIN + (TABLE,), "bool", [
            ("dealer", "this player is the dealer (East)"),
            ("concealed_hand", "the hand has no exposures"),
            # issue 10: the state and history of the hand (engine/table_facts.py keeps them)
            ("discarded_a_wait", "a tile that would complete this player's hand is among its own discards "
                                 "(claimed ones too)"),
            ("passed_a_win", "since its own last discard this player let a discard that completed its hand go by"),
        ]),
        *_facts(_WIN + (TABLE,), "number", [
            ("wall_left", "tiles left in the live wall"),
            ("discards", "discards made so far this hand, by every player"),
            ("claims", "discards claimed so far this hand (chows, pungs, kongs; not the winning tile)"),
            # indicators (`indicators N` in the wall block): dora
            ("indicated", "tiles of this player's hand, exposed ones too, that a face-up indicator points at, "
                          "counted once for each indicator"),
            ("indicated_under", "the same for the tiles under the indicators, turned up at the end for a winner "
                                "as `under indicators` says (0 otherwise)"),
        ]),
        # a kong, concealed too, interrupts the first go-round as a claim does (riichi's
        # double riichi and earthly hand): the scorer reads it as well
        *_facts(_WIN + (TABLE,), "number", [
            ("kongs", "kongs declared so far this hand, by every player (concealed, claimed and added)"),
        ]),
        # issue 10: abortive draws (`abort "TITLE" when COND` in play): the whole table
        *_facts((TABLE,), "number", [
            ("kong_seats", "how many players have declared a kong this hand"),
            # `abort ... after claims when ...` (triple ron): asked when a discard's claims are all in
            ("win_claims", "the mah jongg claims made on the discard in question, by every player, when its "
                           "claims are all in (an abort `after claims`; 0 anywhere else)"),
        ]),
        *_facts((TABLE,), "bool", [
            ("own_discard", "the discard in question is a tile this player has discarded before this hand"),
            # `no discard when ...`: the tile this player would discard
            ("just_claimed", "the tile in question is of the kind this player has just claimed, on the turn of "
                             "its claim"),
            ("claim_swap", "the tile in question is one rank beyond the far end of the run this player has just "
                           "claimed (6 after claiming 3 for 4-5), on the turn of its claim"),
        ]),
        *_facts(_WIN + (TABLE,), "number", [
            ("tile_visible", "copies of the tile in question on the table, discarded or exposed: at a claim the "
                             "discard offered, this one included; when scoring the winning tile, itself not "
                             "counted (Chinese Official's last tile: 3 of them seen)"),
        ]),
        *_facts(_WIN, "number", [
            ("jokers", "jokers in the winning hand"),
            ("card_points", "the points printed for the winning card line"),
            ("points", "the points the score rules gave"),
            ("doubles", "the doubles the score rules gave"),
            ("set_points", "the points given by rules scored per set or pair"),
            ("suits", "how many suits the hand's suit tiles use"),
            ("waits", "how many kinds of tile would have completed the hand"),
            ("dealer_streak", "hands in a row the dealer has won"),
        ]),
        *_facts((PAY,), "number", [
            ("value", "the hand's value, from the scoring block"),
            ("limits", "the limits the score rules gave (the largest limit rule, their sum with `limits add`; 0 for none)"),
        ]),
        *_facts((SET,), "bool", [
            ("pung", "the set is a pung (three alike)"),
            ("kong", "the set is a kong (four alike)"),
            ("chow", "the set is a chow (a run of three)"),
            ("pair", "the set is a pair"),
            ("exposed", "the set was exposed (called, or an exposed kong)"),
            ("concealed", "the set was made in the hand"),
        ]),
        *_facts((SET, TILE), "bool", [
            ("simple", "a suit tile that is not a terminal (2-8 where suits run 1-9)"),
            ("terminal", "a suit tile of the lowest or highest rank"),
            ("honour", "a wind or a dragon"),
            ("wind", "a wind"),
            ("dragon", "a dragon"),
            ("own_wind", "the wind of this player's seat"),
            ("round_wind", "the wind of the round"),
        ]),
        *_facts((TILE,), "bool", [
            ("flower", "a flower"),
            ("season", "a season"),
            ("own", "a seat-linked bonus tile of this player's seat"),
        ]),
        *_facts((SESSION,), "bool", [
            ("dealer_won", "the dealer won the hand just played"),
            ("wall_game", "the hand just played ended with no winner"),
            ("dealer_calling", "the hand just played was a wall game and the dealer's hand was calling"),
            ("aborted", "the hand just played ended by an abortive draw (an abort of play)"),
        ]),
    ]
}


@attrs.frozen
class Function:
    """A function usable in expressions: its name, contexts, argument kinds and meaning."""

    name: str
    contexts: frozenset
    args: tuple[str, ...]  # "set-pred", "tile-pred", "pattern", "tile", "name", "number", "wait", "variant"; "rules": one or more
    # rule names; "numbers": two or more numbers
    meaning: str


FUNCTIONS: dict[str, Function] = {
    f.name: f
    for f in [
        Function("sets", frozenset(_WIN), ("set-pred",), "how many sets (not pairs) of the split match"),
        Function("pairs", frozenset(_WIN), ("set-pred",), "how many pairs of the split match"),
        Function("tiles", frozenset(_WIN), ("tile-pred",), "how many tiles of the hand (bonus tiles aside) match"),
        Function("bonus", frozenset(_WIN), ("tile-pred",), "how many bonus tiles the player has set aside that match"),
        Function("last_in", frozenset(_WIN), ("set-pred",), "the winning tile completed a set or pair that matches"),
        Function("pattern", frozenset(_WIN), ("pattern",), "the hand was won with this pattern"),
        Function("winning_tile", frozenset(_WIN), ("tile",), "the winning tile is this tile"),
        Function("announced", frozenset(_WIN + (TABLE,)), ("name",), "the player made this announcement"),
        Function("discards_since", frozenset(_WIN + (TABLE,)), ("name",),
                 "discards made by every player since this player made the announcement, its own discard "
                 "with it not counted (-1: not made)"),
        Function("claims_since", frozenset(_WIN + (TABLE,)), ("name",),
                 "discards claimed since this player made the announcement (-1: not made)"),
        # issue 10: abortive draws: the whole table
        Function("announcers", frozenset({TABLE}), ("name",),
                 "how many players have made this announcement this hand (four riichi: announcers(riichi) == 4)"),
        Function("alike_discards", frozenset({TABLE}), ("tile-pred",),
                 "the most discards of one kind of tile matching this made this hand, by every player "
                 "(four winds: discards == 4 and claims == 0 and kongs == 0 and alike_discards(wind) == 4)"),
        # `abort ... by choice when ...` (nine terminals): what the seat on turn holds
        Function("kinds_held", frozenset({TABLE}), ("tile-pred",),
                 "how many different kinds of tile matching this the player holds in its hand, its exposed sets "
                 "aside (nine terminals: kinds_held(terminal or honour) >= 9)"),
        Function("section", frozenset(_WIN), ("section",),
                 "the winning card line is in the card's section of this title (section(\"Singles and pairs\"))"),
        Function("wait", frozenset(_WIN), ("wait",),
                 "the winning tile completed its set in this shape: two_sided, closed, edge, pair or pung"),
        Function("calling_for", frozenset(_WIN), ("rules",),
                 "one more tile (drawn from the wall) would complete the hand so that one of these score rules applies"),
        # issue 10 (Chinese Official): four of a kind without a kong, a tile in every set
        Function("kinds", frozenset(_WIN), ("number",),
                 "how many kinds of tile the hand holds exactly N of, declared sets included (tile hog: "
                 "kinds(4) - sets(kong))"),
        # issue 10: copies told apart (`variant red "0m" x1 of "5m"`): riichi's red fives
        Function("variants", frozenset(_WIN), ("variant",),
                 "how many copies of this variant the hand holds, concealed or in its sets, the winning tile "
                 "among them (variants(red): the red fives)"),
        Function("has", frozenset({SET}), ("tile-pred",),
                 "the set holds at least one tile that matches (a class alone describes a set only when all its "
                 "tiles are in it)"),
    ]
}

# issue 10: arithmetic, usable wherever a number is
_ALL = frozenset({SETUP, SCORE, SET, TILE, PAY, SESSION, PATTERN})
FUNCTIONS.update({
    f.name: f
    for f in [
        Function("min", _ALL, ("numbers",), "the smallest of two or more numbers: min(points, 10)"),
        Function("max", _ALL, ("numbers",), "the largest of two or more numbers: max(doubles, 1)"),
        Function("round_up", _ALL, ("number", "number"),
                 "the first number rounded up to a multiple of the second: round_up(points, 10)"),
    ]
})
#: The functions of numbers alone: worked out wherever they stand, once per hand in a value.
ARITHMETIC = frozenset({"min", "max", "round_up"})

#: The shapes ``wait(SHAPE)`` names: how the winning tile completed its set in the reading
#: (a chow's middle is closed; a chow's end is an edge when the chow's other end is a terminal).
WAIT_SHAPES: dict[str, str] = {
    "two_sided": "an end of a chow whose other end is not a terminal (4 on 5-6, 7 on 5-6)",
    "closed": "the middle of a chow (5 on 4-6)",
    "edge": "an end of a chow whose other end is a terminal (3 on 1-2, 7 on 8-9)",
    "pair": "a pair (a single tile waiting for its match)",
    "pung": "a pung, from a pair (one of two pairs waiting)",
}

#: Contexts whose names may also be the ruleset's tile classes and suit names.
TILE_CLASS_CONTEXTS = frozenset({SET, TILE})
#: Contexts whose names may also be the session's counters (``counter honba ...``).
COUNTER_CONTEXTS = frozenset({SCORE, PAY, TABLE, SESSION})


def fact_names(context: str) -> list[str]:
    return sorted(n for n, f in FACTS.items() if context in f.contexts)

#: The events a `penalty NAME` of the payments block may name: the interpreter raises
#: each of them, and the checks refuse any other name (nothing would trigger it).
PENALTY_EVENTS: dict[str, str] = {
    "false_mahjong": "a mah jongg declared on a hand that is not complete",
    # charged by the score library (scoring.penalty_payments) for a table of people:
    # the engine offers only claims a hand can make, so in play it never comes
    "false_claim": "a claim of a discard (chow, pung, kong) the hand cannot make",
}

#: The events of :data:`PENALTY_EVENTS` the interpreter raises in play
#: (steps_play.penalize_false); a penalty for another one is never paid in a game (MJ311).
PENALTIES_RAISED_IN_PLAY = ("false_mahjong",)
