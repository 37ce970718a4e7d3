"""Scripted hands for engine tests: a fixed deal and wall, then actions by name.

``scripted(auto, hands, wall)`` plays the chance steps, then puts the given tiles in
each seat's hand and the given tiles at the front of the wall (the rest of the set
follows, in tile order), so a test states exactly the position it needs. A variant's
code (riichi's red ``0m``) puts that copy; a plain code a plain copy while there is one.
"""

from __future__ import annotations

from mjdsl.engine.game import CHANCE, Game


def scripted(auto, hands: dict, wall: str = "", dealer: int = 0, dead: str = "", **game_options) -> Game:
    game = Game(auto, dealer=dealer, **game_options)
    while game.current_player() == CHANCE:
        outs = game.chance_outcomes()
        game.apply_action(outs[0][0] if outs else 0)
    tiles = auto.tiles
    st = game.st
    # what the real deal set aside goes back: the position is the one given
    for s in range(auto.seats):
        st.bonus[s], st.exposures[s], st.kong_draws[s] = [], [], 0
    st.replacements = []
    left = {k.index: k.copies for k in tiles.kinds}
    named = hands or {}
    pool = tiles.wall_tiles()  # every copy, by copy number

    def copies(text: str) -> list[int]:
        out = []
        for code in text.split():
            c = tiles.copy_of(code)
            if c not in pool:  # a plain code with the plain copies gone: the variant's copy
                c = next(x for x in pool if tiles.base(x) == tiles.base(c))
            pool.remove(c)
            out.append(c)
        return out

    for s in range(auto.seats):
        if named:
            st.held_variants[s] = []
        else:  # every seat keeps what it was dealt, its copies with it
            for c in st.held_variants[s]:
                pool.remove(c)
            for t, n in enumerate(st.hands[s]):
                for _ in range(n - sum(1 for c in st.held_variants[s] if tiles.base(c) == t)):
                    pool.remove(t)
    for s, text in named.items():
        st.hands[s] = [0] * tiles.size
        for c in copies(text):
            st.hands[s][tiles.base(c)] += 1
            if c >= tiles.size:
                st.held_variants[s].append(c)
        st.held_variants[s].sort()
    front = copies(wall)
    back = copies(dead)  # the end of the wall (the kong box): its last tile is drawn first
    for s in range(auto.seats):
        if s in named or not named:  # with no hands named, every seat keeps what it was dealt
            for t, n in enumerate(st.hands[s]):
                left[t] -= n
    for t in front + back:
        left[tiles.base(t)] -= 1
    assert all(v >= 0 for v in left.values()), f"more tiles than the set has: {left}"
    # seats not named get single tiles of different kinds, no jokers: they can claim nothing
    joker = auto.jokers.tile if auto.jokers else None
    for s in range(auto.seats):
        if named and s not in named:
            st.hands[s] = [0] * tiles.size
            want = 14 if s == dealer else 13
            for t in sorted(left, key=lambda t: (-left[t], t)):
                if want and left[t] > 0 and t != joker:
                    st.hands[s][t] += 1
                    left[t] -= 1
                    want -= 1
                    c = copies(tiles.kinds[t].code)[0]  # a plain copy (a variant's when none is left)
                    if c >= tiles.size:
                        st.held_variants[s].append(c)
            assert want == 0, "not enough different tiles to fill a seat"
    rest = pool  # what is left of the set, in tile order
    st.wall = front + rest + back
    st.head, st.tail = 0, len(st.wall)
    game._legal = (-1, [])
    return game


def act(game: Game, seat: int, name: str) -> None:
    """Apply the action called ``name`` for ``seat`` (which must be the one to act)."""
    assert game.current_player() == seat, f"seat {game.current_player()} is to act, not {seat} (at {game.st.node})"
    a = game.catalogue.lookup(name)
    assert a is not None, f"no action named {name!r}"
    assert a in game.legal_actions(), f"{name!r} is not legal; legal: {names(game)}"
    game.apply_action(a)


def names(game: Game) -> list[str]:
    return [game.action_name(a) for a in game.legal_actions()]


def hand_codes(game: Game, seat: int) -> list[str]:
    return game.auto.tiles.expand(game.st.hands[seat])


def no_claims(game: Game) -> None:
    """Answer "no claim" for every seat asked in the claim window now open (and decline
    an announcement offered after a first discard)."""
    while "no claim" in names(game) and (game.st.node in ("play.claims", "play.rob")
                                         or game.st.pending.get("announce")):
        act(game, game.current_player(), "no claim")
