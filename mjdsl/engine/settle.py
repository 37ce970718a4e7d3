"""Settling a hand: the winner's score from the scoring spec, payments, returns.

The score and payments come from the ruleset (``scoring`` and ``payments`` blocks,
compiled to closures); this module only supplies the facts of the win and adds
the payments up so that every hand settles to zero. A wall game pays nothing.
"""

from __future__ import annotations


class WinEnv:
    """The facts of a win for the scoring and payment expressions (see mjdsl.facts)."""

    def __init__(self, game, seat: int, info: dict):
        self.game = game
        self.seat = seat
        st = game.st
        win = st.win
        self.values = {
            "won": True,
            "self_drawn": bool(win.get("self_drawn")),
            "by_discard": bool(win.get("by_discard")),
            "dealer": seat == st.dealer,
            "concealed_hand": not any(not e.concealed for e in st.exposures[seat]),
            "last_from_kong_box": win.get("source") == "kong box",
            "last_of_wall": bool(win.get("last_of_wall")),
            "robbed_kong": bool(win.get("robbed_kong")),
            "original_hand": bool(win.get("original_hand")),
            "earthly_hand": bool(win.get("earthly_hand")),
            "jokers": info.get("jokers", 0),
            "card_points": info.get("card_points", 0),
            "singles_pairs": bool(info.get("singles_pairs")),
            "dealer_streak": game.context.get("dealer_streak", 0),
            "points": 0,
            "doubles": 0,
        }

    def fact(self, name: str):
        try:
            return self.values[name]
        except KeyError:
            raise KeyError(f"fact {name!r} is not known for this win") from None

    def call(self, fn: str, arg):
        if fn == "pattern":
            return self.values.get("pattern") == arg
        if fn == "announced":
            return arg in self.game.st.announced[self.seat]
        if fn == "winning_tile":
            t = self.game.st.win.get("tile")
            return t is not None and self.game.auto.tiles.kinds[t].code == arg
        raise KeyError(f"{fn}() needs the scorer of mjdsl.scoring")


def score_win(game, seat: int) -> dict:
    """The winner's value and the rules that gave it."""
    try:
        from ..scoring.engine import score_for_engine
    except ImportError:
        score_for_engine = None
    if score_for_engine is not None:
        return score_for_engine(game, seat)
    info = game.rules.describe(game.st, seat)
    env = WinEnv(game, seat, info)
    env.values["pattern"] = info.get("pattern")
    spec = game.auto.scoring
    points = doubles = limits = 0.0
    fired = []
    for r in spec.rules:
        if r.scope is not None:
            continue
        if r.when is None or r.when(env):
            fired.append(r.name)
            if r.unit == "points":
                points += r.amount
            elif r.unit == "doubles":
                doubles += r.amount
            else:
                limits += r.amount
    env.values["points"], env.values["doubles"] = points, doubles
    value = spec.value(env) if spec.value is not None else points * 2**doubles
    if spec.limit is not None and not spec.roof_off:
        value = min(value, spec.limit)
    if limits and spec.limit is not None:
        value = max(value, limits * spec.limit)
    return {"value": value, "rules": fired, "hand": info.get("hand"), "line": info.get("line"),
            "jokers": info.get("jokers"), "env": env}


class Settle:
    """System: score the winner and move the payments; nothing for a wall game."""

    def run(self, game, state) -> None:
        st = game.st
        auto = game.auto
        if st.winner is None:
            st.result = {"winner": None, "wall_game": True, "value": 0}
            return
        seat = st.winner
        scored = score_win(game, seat)
        env = scored.pop("env", None)
        if "payments" in scored:  # the scorer settled the hand itself (losers among themselves too)
            pays = [float(x) for x in scored["payments"]]
        else:
            pays = self._pay(game, seat, scored["value"], env)
        for s in range(game.n):
            st.returns[s] += pays[s]
        keep = ("value", "rules", "hand", "line", "jokers")
        st.result = {"winner": seat, "wall_game": False, **{k: scored.get(k) for k in keep},
                     "self_drawn": bool(st.win.get("self_drawn")), "discarder": st.win.get("discarder")}

    @staticmethod
    def _pay(game, seat: int, value, env) -> list[float]:
        st = game.st
        auto = game.auto
        pays = [0.0] * game.n
        env.values["value"] = value
        discarder = st.win.get("discarder")
        for p in auto.payments.pays:
            if p.when is not None and not p.when(env):
                continue
            amount = float(p.amount(env))
            for s in range(game.n):
                if s == seat:
                    continue
                if p.payer == "discarder" and s != discarder:
                    continue
                if p.payer == "others" and s == discarder:
                    continue
                factor = 2 if auto.payments.dealer_double and (s == st.dealer or seat == st.dealer) else 1
                pays[s] -= amount * factor
                pays[seat] += amount * factor
        return pays


class End:
    pass


HANDLERS = {"settle": Settle(), "end": End()}
