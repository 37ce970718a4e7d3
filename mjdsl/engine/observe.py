"""What one seat may see: the observation a bot or a person at the table gets.

A seat sees its own concealed tiles, everything on the table (exposures, bonus
tiles, discards, the discard that may be claimed), how many tiles are left in the
wall, the winds, the dealer, whose turn it is, what it has itself chosen in a
simultaneous step so far, and its legal actions as a mask over the catalogue. It
never sees another seat's concealed tiles, the order of the wall, or what the others
have chosen in a step still being collected (PettingZoo-style action mask).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game


def _set_codes(auto, e) -> list[str]:
    """A set's codes, a variant's copy in it (a red five) as its own."""
    out = [auto.tiles.kinds[t].code for t in e.tiles(auto.jokers.tile if auto.jokers else None)]
    for c in e.copies:
        plain = auto.tiles.kinds[auto.tiles.base(c)].code
        if plain in out:
            out[out.index(plain)] = auto.tiles.copy_code(c)
    return out


def observe(game: Game, seat: int) -> dict:
    st = game.st
    auto = game.auto
    codes = auto.tiles.copy_codes()  # by copy number: a red five's own code

    mine = st.pending.get(seat) if isinstance(st.pending, dict) else None
    own_choice = None
    if mine is not None:
        own_choice = {k: v for k, v in mine.items() if k in ("sel", "blind", "vote", "offer", "choice", "done")}
        if "sel" in own_choice:
            own_choice["sel"] = [codes[t] for t in own_choice["sel"]]
    actor = game.current_player()
    return {
        "seat": seat,
        "state": st.node,
        "to_act": actor,
        "dealer": st.dealer,
        "turn": st.turn,
        "seat_winds": [codes[w] for w in auto.seat_winds],
        "round_wind": codes[st.round_wind] if st.round_wind is not None else None,
        "hand": auto.tiles.held_codes(st.hands[seat], st.held_variants[seat]),
        "hand_sizes": [sum(h) for h in st.hands],
        "exposures": [[{"kind": e.kind, "tiles": _set_codes(auto, e),
                        "concealed": e.concealed} for e in exps] for exps in st.exposures],
        "bonus": [[codes[t] for t in b] for b in st.bonus],
        "discards": [[codes[t] for t in d] for d in st.discard_copies],  # the copies thrown
        # the discard on the table is the last its seat threw, as the copy it was (a red five)
        "live_discard": None if st.last_discard is None else {"seat": st.last_discard[0],
                                                               "tile": codes[st.discard_copies[st.last_discard[0]][-1]]},
        "wall_left": st.live_left() if st.wall else None,
        "dead": list(st.dead),
        "announced": [list(a) for a in st.announced],
        "my_choice": own_choice,
        "action_mask": game.action_mask(seat) if actor == seat else [False] * len(game.catalogue),
        "returns": list(st.returns),
    }
