"""The action catalogue: every move a seat can make, as a fixed integer with a name.

The catalogue is built from the automaton (its tile count and claim kinds), so the
same ruleset always numbers actions the same way; logs store these integers.
Families, in order: discard a tile, pass a tile (Charleston), forward k tiles
blind, vote on an optional round, offer k tiles (courtesy), declare mah jongg,
claim a discard (per claim kind and form), decline a claim, swap a joker, declare
a concealed or added kong, make an announcement; then the discards of a variant's
copy (``discard 0m``: a red five; its argument is the copy number); then the abortive
draws a player may declare (``abort "TITLE" by choice``; its argument is the title).
Each family has a role (``ROLES``):
what the bots read to choose, so they play any family a ruleset's steps offer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

import attrs

if TYPE_CHECKING:
    from ..ir.model import Automaton
    from ..tiles import TileSet

# (Final: the compiled modules read each name as its string, not from this module's dict)
DISCARD: Final = "discard"
PASS_TILE: Final = "pass"
BLIND: Final = "blind"
VOTE: Final = "vote"
OFFER: Final = "offer"
MAHJONG: Final = "mahjong"
CLAIM: Final = "claim"
NO_CLAIM: Final = "no_claim"
SWAP: Final = "swap"
KONG_CONCEALED: Final = "kong_concealed"
KONG_ADDED: Final = "kong_added"
ANNOUNCE: Final = "announce"
ABORT: Final = "abort"

# What each family is to a player: the bots choose by role, never by a family's (or a
# claim's, or an announcement's) name, so a family added here with its role is played
# by every bot. A family without a role is offered to bots only when nothing else is.
WIN: Final = "win"                  # go out: taken whenever legal (the bots' honest rule aside)
DECLARATION: Final = "declaration"  # a move on a turn that does not end it (swap, kong, announcement)
TAKE: Final = "claim"               # take a discard for a set
DECLINE: Final = "decline"          # let a discard go
THROW: Final = "discard"            # end the turn with a tile
GIVE: Final = "pass"                # a tile of a Charleston pass
FORWARD: Final = "blind"            # how many tiles to forward blind
ANSWER: Final = "vote"              # stop an optional round or not
BID: Final = "offer"                # how many tiles to offer in a courtesy pass
GIVE_UP: Final = "abort"            # end the hand with no winner (an abortive draw the player may declare)

ROLES = {DISCARD: THROW, PASS_TILE: GIVE, BLIND: FORWARD, VOTE: ANSWER, OFFER: BID, MAHJONG: WIN, CLAIM: TAKE,
         NO_CLAIM: DECLINE, SWAP: DECLARATION, KONG_CONCEALED: DECLARATION, KONG_ADDED: DECLARATION,
         ANNOUNCE: DECLARATION, ABORT: GIVE_UP}

#: The order a bot that makes every declaration it may tries them: a joker swap first
#: (it only gains a joker), then announcements, then kongs; families added later after.
DECLARATION_ORDER = (SWAP, ANNOUNCE, KONG_CONCEALED, KONG_ADDED)


@attrs.frozen
class Action:
    """One catalogue entry: its id, family and argument(s), and a readable name."""

    id: int
    family: str
    arg: Any  # a tile index, a (claim name, form) pair, a count, a name...
    name: str

    @property
    def role(self) -> str | None:
        """What the action is to a player (``ROLES``); None for a family without one."""
        return ROLES.get(self.family)


#: The catalogue always holds blind forwards of 0-3 tiles and offers of 0-6, so that
#: every ruleset within the seed's Charleston numbers its actions alike; a ruleset
#: with larger passes gets the larger counts too.
_BLIND_AT_LEAST, _OFFER_AT_LEAST = 3, 6


def _pass_sizes(auto) -> tuple[int, int]:
    """(the largest blind forward, the largest courtesy offer) the automaton's steps can ask."""
    blind, offer = _BLIND_AT_LEAST, _OFFER_AT_LEAST
    for state in auto.states.values():
        if state.step == "pass" and state.params.get("blind") and isinstance(state.params.get("count"), int):
            blind = max(blind, state.params["count"])
        elif state.step == "offer":
            offer = max(offer, state.params["high"])
    return blind, offer


class Catalogue:
    """All actions of an automaton, by id and by (family, arg)."""

    def __init__(self, auto: Automaton) -> None:
        tiles = auto.tiles
        self.actions: list[Action] = []
        self.index: dict[tuple, int] = {}

        def add(family, arg, name):
            a = Action(len(self.actions), family, arg, name)
            self.actions.append(a)
            self.index[(family, arg)] = a.id

        for k in tiles.kinds:
            add(DISCARD, k.index, f"discard {k.code}")
        for k in tiles.kinds:
            add(PASS_TILE, k.index, f"pass {k.code}")
        blind, offer = _pass_sizes(auto)
        for n in range(0, blind + 1):
            add(BLIND, n, f"forward {n} blind")
        add(VOTE, True, "stop the round")
        add(VOTE, False, "go on")
        for n in range(0, offer + 1):
            add(OFFER, n, f"offer {n}")
        add(MAHJONG, None, "mah jongg")
        for c in auto.claims:
            if c.size is None:
                continue
            for form in range(c.size):
                if c.shape == "run":
                    label = f"claim {c.name} (discard at {form + 1} of {c.size})"
                else:
                    label = f"claim {c.name}" + (f" ({form} joker{'s' if form != 1 else ''})" if auto.jokers else "")
                    if not auto.jokers and form:
                        continue
                add(CLAIM, (c.name, form), label)
        add(NO_CLAIM, None, "no claim")
        for k in tiles.kinds:
            add(SWAP, k.index, f"swap {k.code} for a joker")
        for k in tiles.kinds:
            add(KONG_CONCEALED, k.index, f"concealed kong of {k.code}")
        for k in tiles.kinds:
            add(KONG_ADDED, k.index, f"add {k.code} to a pung")
        for a in auto.announcements:
            add(ANNOUNCE, a.name, f"announce {a.title or a.name}")
        # issue 10: throwing a variant's copy (a red five) rather than a plain one of its
        # kind; last, so the actions before keep their numbers with or without variants
        for v in tiles.variants:
            add(DISCARD, v.index, f"discard {v.code}")
        # issue 10: the abortive draws a player may declare (nine terminals); last again
        for ab in auto.aborts:
            if ab.point == "choice":
                add(ABORT, ab.title, f"abort {ab.title}")
        #: the discard of each tile (a copy number: a kind's, a variant's) by tile
        self.discards: dict[int, int] = {arg: i for (family, arg), i in self.index.items() if family == DISCARD}

    def __len__(self) -> int:
        return len(self.actions)

    def id(self, family: str, arg: Any = None) -> int:
        return self.index[(family, arg)]

    def get(self, family: str, arg: Any = None) -> int | None:
        return self.index.get((family, arg))

    def __getitem__(self, i: int) -> Action:
        return self.actions[i]

    def name(self, i: int) -> str:
        return self.actions[i].name if 0 <= i < len(self.actions) else f"#{i}"

    def lookup(self, name: str) -> int | None:
        for a in self.actions:
            if a.name == name:
                return a.id
        return None


def by_role(catalogue: Catalogue, legal: list[int]) -> dict[str, list[int]]:
    """The legal actions grouped by role, each group in catalogue order; the
    declarations in ``DECLARATION_ORDER`` (families it does not list after, in
    catalogue order)."""
    out: dict[str, list[int]] = {}
    actions, roles = catalogue.actions, ROLES
    for a in legal:
        role = roles.get(actions[a].family)  # (Action.role, without its call)
        if role is not None:
            out.setdefault(role, []).append(a)
    if DECLARATION in out:
        rank = {f: i for i, f in enumerate(DECLARATION_ORDER)}
        out[DECLARATION].sort(key=lambda a: (rank.get(catalogue[a].family, len(rank)), a))
    return out


def throws_by_kind(catalogue: Catalogue, tiles: TileSet, actions: list[int]) -> dict[int, int]:
    """The discards among ``actions``, one for each kind of tile (its index): a plain
    copy's where one is offered, else a variant's. A variant's copy (a red five) plays
    as its kind and is told apart only for scoring to count it, so a player choosing by
    kind keeps it: the bots choose a kind to throw, then throw it by this table."""
    out: dict[int, int] = {}
    kinds = len(tiles.kinds)  # (TileSet.base inline: a plain copy is its own kind)
    for a in actions:
        t = catalogue[a].arg
        k = t if t < kinds else tiles.base(t)
        if k not in out or t == k:
            out[k] = a
    return out
