"""The statistics of many hands, accumulated as the hands stream in.

A :class:`Tally` keeps counts and sums, never the hands themselves, so a run of a
million hands takes the memory of one (docs/performance.md, "Bounded memory"). Its
state is plain JSON (:meth:`Tally.state`, :meth:`Tally.from_state`): ``mjdsl analyze``
checkpoints it and resumes with the same final figures. Sums are added in the order
the hands come, which the seed fixes, so the figures are the same bytes on every
backend.

What it reads of a hand is the engine's result: the winner, the winning hand (a card
line, or the ruleset's pattern name), the scoring rules that applied (the hand's
scoring elements), jokers, turns, returns; nothing here names a variant.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from ..ir.model import Automaton
    from .run import HandRecord

SIMULATE_VERSION = 1


class Tally:
    """Counts and sums over the hands added so far.

    ``card_lines`` is ``[(file line, canonical text, section, points)]`` of the
    ruleset's card (empty without a card): every line gets a row, won or not.
    """

    def __init__(self, auto: Automaton, card_lines: Sequence[tuple] = ()) -> None:
        self.auto = auto
        self.card_lines = [tuple(c) for c in card_lines]
        self.hands = self.won = self.wall = self.dead = 0
        self.turns = self.decisions = 0
        self.value_sum = 0.0
        self.paid = 0.0
        self.zero_sum = True
        self.by_hand: Counter = Counter()
        self.elements: Counter = Counter()
        self.events: Counter = Counter()
        #: per seat: [hands won, returns summed, deal-ins]
        self.seats = [[0, 0.0, 0] for _ in range(auto.seats)]
        #: per bot name: [seats played, hands won, returns summed]
        self.bots: dict[str, list] = {}
        #: per card file line: [won, turns summed, jokerless wins, {bot: wins}]
        self.lines: dict[int, list] = {}
        #: per player of a session with more players than seats: [returns summed, hands sat out]
        self.players = [[0.0, 0] for _ in range(auto.session_players)] if auto.session_players > auto.seats else []

    # -- adding ----------------------------------------------------------------
    def add(self, rec: HandRecord, bots: Sequence[str]) -> None:
        """One finished hand, played by ``bots[p]`` for player p (player p sits at seat p,
        unless the session has more players than seats: then ``rec.players`` seats them)."""
        res = rec.result
        seated = rec.players or range(len(rec.returns))
        seat_bots = [bots[p] for p in seated]
        if self.players:
            for s, p in enumerate(seated):
                self.players[p][0] += float(rec.returns[s])
            for p in set(range(len(self.players))) - set(seated):
                self.players[p][1] += 1
        self.hands += 1
        winner = res.get("winner")
        for s, name in enumerate(seat_bots):
            b = self.bots.setdefault(name, [0, 0, 0.0])
            b[0] += 1
            b[2] += float(rec.returns[s])
            self.seats[s][1] += float(rec.returns[s])
        if winner is not None:
            self.won += 1
            self.by_hand[str(res.get("hand"))] += 1
            self.elements.update(str(r) for r in res.get("rules") or ())
            self.value_sum += float(res.get("value") or 0)
            self.seats[winner][0] += 1
            self.bots[seat_bots[winner]][1] += 1
            discarder = res.get("discarder")
            if not res.get("self_drawn") and discarder is not None and discarder != winner:
                self.seats[discarder][2] += 1
            if res.get("line") is not None:
                row = self.lines.setdefault(int(res["line"]), [0, 0, 0, {}])
                row[0] += 1
                row[1] += rec.turns
                row[2] += res.get("jokers") == 0
                row[3][seat_bots[winner]] = row[3].get(seat_bots[winner], 0) + 1
        else:
            self.wall += 1
        self.dead += sum(1 for d in rec.dead if d)
        self.events.update(dict(rec.events))
        self.turns += rec.turns
        self.decisions += rec.decisions
        self.paid += sum(x for x in rec.returns if x > 0)
        if abs(sum(rec.returns)) > 1e-6:
            self.zero_sum = False

    # -- checkpoints -------------------------------------------------------------
    _FIELDS = ("hands", "won", "wall", "dead", "turns", "decisions", "value_sum", "paid", "zero_sum", "seats",
               "players")

    def state(self) -> dict:
        """Everything added so far, as JSON-able data."""
        out = {f: getattr(self, f) for f in self._FIELDS}
        out.update(by_hand=dict(self.by_hand), elements=dict(self.elements), events=dict(self.events),
                   bots=self.bots, lines={str(k): v for k, v in self.lines.items()})
        return out

    @classmethod
    def from_state(cls, auto: Automaton, card_lines: Sequence[tuple], state: dict) -> Tally:
        t = cls(auto, card_lines)
        for f in cls._FIELDS:
            setattr(t, f, state[f])
        t.by_hand, t.elements, t.events = Counter(state["by_hand"]), Counter(state["elements"]), Counter(state["events"])
        t.bots = {k: list(v) for k, v in state["bots"].items()}
        t.lines = {int(k): list(v) for k, v in state["lines"].items()}
        return t

    # -- the figures ---------------------------------------------------------------
    def line_rows(self) -> list[dict]:
        """Every card line, in card order: how often won, by whom, the mean turn, jokerless share."""
        rows = []
        for line, text, section, points in self.card_lines:
            won, turns, jokerless, by_bot = self.lines.get(line, [0, 0, 0, {}])
            rows.append({"hand": text, "section": section, "line": line, "points": points, "won": won,
                         "share": round(won / self.won, 4) if self.won else 0.0,
                         "mean_turn": round(turns / won, 2) if won else None,
                         "jokerless": round(jokerless / won, 4) if won else None,
                         "by_bot": dict(sorted(by_bot.items()))})
        return rows

    def summary(self) -> dict:
        """The figures of ``mjdsl simulate --json`` (the contract's fields first)."""
        n = self.hands or 1
        out = {
            "version": SIMULATE_VERSION,
            "hash": self.auto.hash,
            "ruleset": self.auto.name,
            "hands": self.hands,
            "won": self.won,
            "wall_games": self.wall,
            "dead_hands": self.dead,
            "by_hand": _ranked(self.by_hand),
            "elements": _ranked(self.elements),
            "average_turns": round(self.turns / n, 3),
            "decisions": self.decisions,
            "events": dict(sorted(self.events.items())),
            "payments": {"total_paid": round(self.paid, 3),
                         "average_value": round(self.value_sum / self.won, 3) if self.won else 0,
                         "zero_sum": self.zero_sum},
            "by_seat": [{"seat": s, "won": w, "win_rate": round(w / n, 4), "average_return": round(r / n, 3),
                         "deal_ins": d} for s, (w, r, d) in enumerate(self.seats)],
            "by_bot": {name: {"seats": k, "won": w, "win_rate": round(w / k, 4) if k else 0.0,
                              "average_return": round(r / k, 3) if k else 0.0}
                       for name, (k, w, r) in sorted(self.bots.items())},
        }
        if self.players:
            out["players"] = {"returns": [round(r, 3) for r, _ in self.players],
                              "sat_out": [k for _, k in self.players]}
        if self.card_lines:
            rows = self.line_rows()
            out["card_lines"] = rows
            out["never_won"] = [r["hand"] for r in rows if not r["won"]]
        return out


def _ranked(c: Counter) -> dict:
    return dict(sorted(c.items(), key=lambda kv: (-kv[1], kv[0])))


def card_lines(auto: Automaton) -> list[tuple]:
    """``[(file line, canonical text, section, points)]`` of the ruleset's card, or ``[]``."""
    card = auto.winning.card
    if card is None:
        return []
    return [(ln.line, ln.text, ln.section, ln.points) for ln in card.lines]


#: rows of each table the text report shows unless asked for all
ROWS = 15


def report_lines(stats: dict, seed: str, bots: str, all_rows: bool = False) -> list[str]:
    """``mjdsl simulate``'s text report of a summary: totals, per seat and per bot, the
    winning hands (with their card line), the scoring elements, the card lines never won.
    A table cut to ``ROWS`` rows says so."""
    out = [f"{stats['ruleset']} (hash {stats['hash']}): {stats['hands']} hands, seed {seed}, bots {bots}",
           f"  won {stats['won']}, wall games {stats['wall_games']}, dead hands {stats['dead_hands']}, "
           f"average turns {stats['average_turns']}",
           f"  average winning value {stats['payments']['average_value']}, "
           f"settled to zero: {'yes' if stats['payments']['zero_sum'] else 'NO'}",
           f"  {'seat':>6s}  {'won':>6s}  {'win rate':>8s}  {'avg return':>10s}  {'deal-ins':>8s}"]
    for s in stats["by_seat"]:
        out.append(f"  {s['seat']:6d}  {s['won']:6d}  {100 * s['win_rate']:7.1f}%  {s['average_return']:+10.2f}  "
                   f"{s['deal_ins']:8d}")
    out.append(f"  {'bot':>12s}  {'seats':>6s}  {'won':>6s}  {'win rate':>8s}  {'avg return':>10s}")
    for name, b in stats["by_bot"].items():
        out.append(f"  {name:>12s}  {b['seats']:6d}  {b['won']:6d}  {100 * b['win_rate']:7.1f}%  "
                   f"{b['average_return']:+10.2f}")
    if "card_lines" in stats:
        # a card's wins by line (a line's alternatives together), most won first
        won = sorted((r for r in stats["card_lines"] if r["won"]), key=lambda r: (-r["won"], r["line"]))
        out.append(f"  card lines won ({len(won)} of {len(stats['card_lines'])}):")
        out += _table(won, all_rows, lambda r: f"  {r['won']:7d}  line {r['line']:4d}  {r['hand']}  "
                                               f"({r['section'] or 'no section'}, {r['points']} points)")
    else:
        hands = list(stats["by_hand"].items())
        out.append(f"  winning hands ({len(hands)} kinds):")
        out += _table(hands, all_rows, lambda kv: f"  {kv[1]:7d}  {kv[0]}")
    elements = list(stats["elements"].items())
    out.append(f"  scoring elements of the winning hands ({len(elements)}):")
    out += _table(elements, all_rows, lambda kv: f"  {kv[1]:7d}  {kv[0]}")
    if "never_won" in stats:
        rows = [r for r in stats["card_lines"] if not r["won"]]
        out.append(f"  card lines never won ({len(rows)} of {len(stats['card_lines'])}):")
        out += _table(rows, all_rows, lambda r: f"     line {r['line']:4d}  {r['hand']}  "
                                                f"({r['section'] or 'no section'}, {r['points']} points)")
    return out


def _table(rows: list, all_rows: bool, show) -> list[str]:
    """The rows shown, each through ``show``; when some are left out, a last line says
    how many and how to see them (the report never cuts a table silently)."""
    if all_rows or len(rows) <= ROWS:
        return [show(r) for r in rows]
    return [show(r) for r in rows[:ROWS]] + [f"           ({ROWS} of {len(rows)} rows shown; --all shows every row)"]
