"""The scorer seen from the interpreter: a seat's hand in a game, to a HandInput.

:func:`score_for_engine` is the hook :mod:`mjdsl.engine.settle` looks for. It reads
the seat's tiles, exposures, bonus tiles and announcements and the facts of the
win from the game state, scores every seat's hand, and settles the hand with
:func:`mjdsl.scoring.settle`. Seats are the engine's (0 .. n-1); seat ``s`` has
the wind ``seat_winds[(s - dealer) % n]``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.table_facts import TableFacts
from ..hands import Meld
from .model import NO_WIND, CardWin, HandInput
from ..diagnostics import InputError
from .score import goes_out, score_hand
from .settle import settle

if TYPE_CHECKING:
    from ..engine.game import Game

#: the engine's names for where a tile came from
_SOURCES = {"wall": "wall", "kong box": "kong_box", "dead wall": "kong_box", "discard": "discard",
            "robbed kong": "robbed_kong"}


def seat_wind(game: Game, seat: int) -> int:
    """The seat's wind tile; :data:`~mjdsl.scoring.model.NO_WIND` when the ruleset's
    seats have no winds."""
    winds = game.auto.seat_winds
    return winds[(seat - game.st.dealer) % game.n] if winds else NO_WIND


def round_wind(game: Game) -> int:
    """The round's wind tile, as :func:`seat_wind` gives a seat's."""
    wind = game.st.round_wind
    return wind if wind is not None else NO_WIND


def hand_from_game(game: Game, seat: int) -> HandInput:
    """The seat's hand as the scorer reads it (a winner's with the facts of the win)."""
    st = game.st
    auto = game.auto
    card = auto.winning.card is not None
    melds = []
    if not card:
        for e in st.exposures[seat]:
            if e.run:
                melds.append(Meld("chow", min(e.run), False))
            elif e.size >= 4:
                # a kong claimed onto a concealed pung (not one added to a claimed pung)
                claimed = e.source is not None and e.kind != "kong_added"
                melds.append(Meld("kong", e.tile, bool(e.concealed) or (claimed and auto.scoring.claimed_kongs_concealed)))
            elif e.size == 3:
                melds.append(Meld("pung", e.tile, False))
    won = st.winner == seat
    win = st.win if won else {}
    source = _SOURCES.get(win.get("source", "wall"), "wall")
    if won and win.get("robbed_kong"):
        source = "robbed_kong"
    if won and source == "wall" and win.get("last_of_wall"):
        source = "last_of_wall"
    if won and source == "discard" and win.get("last_of_wall"):
        source = "last_discard"  # the last tile of the wall, drawn and discarded
    cardwin = None
    if won and card:
        info = game.rules.describe(st, seat)
        cardwin = CardWin(info.get("card_points", 0), info.get("jokers", 0), bool(info.get("singles_pairs")),
                          info.get("section", ""))
    discarder = win.get("discarder")
    streak = game.context.get("dealer_streak", 0) + (1 if won and seat == st.dealer else 0)
    return HandInput(
        concealed=st.hands[seat],
        seat_wind=seat_wind(game, seat),
        round_wind=round_wind(game),
        melds=tuple(melds),
        bonus=tuple(st.bonus[seat]),
        winning_tile=win.get("tile") if won else None,
        source=source,
        dealer=seat == st.dealer,
        discarder=seat_wind(game, discarder) if discarder is not None else None,
        announcements=frozenset(st.announced[seat]),
        original_hand=bool(win.get("original_hand")),
        earthly_hand=bool(win.get("earthly_hand")),
        dealer_streak=streak,
        card=cardwin,
        variants=held_variants(game, seat),
        fed=tuple(seat_wind(game, e.source) if e.source is not None else None for e in st.exposures[seat])
        if auto.payments.feeds and not card else (),
        held_at=tuple(st.held_at[seat]) if auto.payments.feeds and not card else (),
        table=TableFacts(game, seat, win.get("tile") if won else None),
    )


def held_variants(game: Game, seat: int) -> tuple[int, ...]:
    """Per variant of the tile set, its copies the seat holds, concealed or in its sets."""
    tiles = game.auto.tiles
    if not tiles.variants:
        return ()
    out = [0] * len(tiles.variants)
    for c in [*game.st.held_variants[seat], *(c for e in game.st.exposures[seat] for c in e.copies)]:
        out[c - tiles.size] += 1
    return tuple(out)


def goes_out_in_game(game: Game, seat: int) -> bool:
    """Does the seat's hand, won as ``game.st.win`` says, meet the minimum to go out?"""
    from ..engine.settle import UNCOMPUTABLE, uncomputable

    try:
        return goes_out(game.auto, score_hand(game.auto, hand_from_game(game, seat)))
    except InputError:  # not a winning hand after all
        return False
    except UNCOMPUTABLE as e:  # a value that divides by a fact that is 0 in this hand: MJ420
        raise uncomputable(game.auto, e) from None


def score_for_engine(game: Game, seat: int) -> dict[str, Any]:
    """The winner's score, the rules that gave it, and the settlement of the hand.

    Returns plain data (it goes into the hand's result and its log): ``value``
    (the winner's total), ``rules`` (names), ``points``, ``doubles``, ``limits``,
    ``hand`` and ``line`` (the card line, or the winning pattern), ``jokers``,
    ``loser_totals`` (seat -> total) and ``payments`` (zero-sum, per seat, the
    losers' settlement among themselves included); and ``env``, the facts of the
    win for payment rules, which the caller pops.
    """
    st = game.st
    auto = game.auto
    result = score_hand(auto, hand_from_game(game, seat))
    losers = {}
    if auto.payments.settle_losers:
        for s in range(game.n):
            if s != seat and not st.dead[s]:
                losers[s] = score_hand(auto, hand_from_game(game, s))
    discarder = st.win.get("discarder") if not st.win.get("self_drawn") else None
    pays = settle(auto, result, losers, st.dealer, winner_seat=seat, discarder_seat=discarder, seats=game.n)
    info = {}
    if auto.winning.card is not None:
        info = game.rules.describe(st, seat)
    return {
        "value": result.total,
        "rules": list(result.rule_names),
        "points": result.points,
        "doubles": result.doubles,
        "limits": result.limits,
        "hand": info.get("hand", result.pattern),
        "line": info.get("line"),
        "jokers": info.get("jokers"),
        "loser_totals": {s: r.total for s, r in losers.items()},
        "payments": pays,
        "env": result.context,
    }
