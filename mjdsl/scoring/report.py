"""A score explained: one line per rule, as text for people and as JSON for scripts.

Each rule line names the rule, what it gave (its amount times the sets it held
for), its title and the sets or bonus tiles it applied to, and the ruleset line
that writes it (``file:line``, from the rule's span), so a surprising score can
be traced to the rule that made it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .model import NO_WIND, HandInput, ScoreResult, _num
from .score import goes_out

if TYPE_CHECKING:
    from ..ir.model import Automaton


def _codes(auto, indices) -> list[str]:
    return [auto.tiles.kinds[i].code for i in indices]


def _melds(auto, result: ScoreResult) -> list[dict]:
    t = result.context.t
    out = []
    for j, m in enumerate(result.melds):
        out.append({"kind": m.kind, "tiles": _codes(auto, t.meld_tiles(m.kind, m.tile)),
                    "concealed": m.concealed, "last": j == result.last})
    return out


def _amount(value: float, unit: str) -> str:
    v = _num(value)
    word = unit[:-1] if v == 1 else unit
    return f"{v} {word}"


def _wind(auto, wind: int) -> str | None:
    """A wind's tile code; None when the ruleset's seats have no winds."""
    return auto.tiles.kinds[wind].code if wind != NO_WIND else None


def _seats(auto) -> list[str]:
    return [auto.tiles.kinds[w].code for w in auto.seat_winds]


def to_json(auto: Automaton, hand: HandInput, result: ScoreResult, card_line: dict | None = None) -> dict:
    """The docs/scoring.md JSON document of a score (``"version": 1``); ``card_line``: the
    card hand made (``mjdsl match --json``'s entry), for a card ruleset."""
    kinds = auto.tiles.kinds
    concealed = [kinds[i].code for i, c in enumerate(hand.concealed) for _ in range(c)]
    doc = {
        "version": 1,
        "ruleset": auto.name,
        "hash": auto.hash,
        "won": result.won,
        "pattern": result.pattern,
        "hand": {
            "concealed": concealed,
            "declared": [{"kind": m.kind, "tiles": _codes(auto, result.context.t.meld_tiles(m.kind, m.tile)),
                          "concealed": m.concealed} for m in hand.melds],
            "bonus": _codes(auto, hand.bonus),
            "winning_tile": kinds[hand.winning_tile].code if hand.winning_tile is not None else None,
            "from": hand.source.replace("_", "-") if result.won else None,
            "seat_wind": _wind(auto, hand.seat_wind),
            "round_wind": _wind(auto, hand.round_wind),
            "dealer": bool(result.context.hf["dealer"]),
        },
        "melds": _melds(auto, result),
        "rules": [line.to_json() for line in result.lines],
        "points": _num(result.points),
        "doubles": _num(result.doubles),
        "limits": _num(result.limits),
        "score": _num(result.score),
        "total": _num(result.total),
        "basis": result.basis,
        "payments": dict(zip(_seats(auto), (_num(p) for p in result.payments))),
    }
    fed = feeders(auto, result) if result.won else []
    if fed:  # responsibility moved payments: who fed the set, by which statement
        doc["responsibility"] = [{"feeder": who, "statement": text, "at": where} for who, text, where in fed]
    if auto.tiles.variants:  # the copies told apart the hand holds (riichi's red fives), one code each
        doc["hand"]["variants"] = _variant_codes(auto, hand)
    if result.won and auto.scoring.minimum is not None:
        doc["goes_out"] = goes_out(auto, result)
    if card_line is not None:
        doc["card"] = card_line
    return doc


def _variant_codes(auto, hand: HandInput) -> list[str]:
    return [v.code for v, n in zip(auto.tiles.variants, hand.variants) for _ in range(n)]


def to_text(auto: Automaton, hand: HandInput, result: ScoreResult, card_line: dict | None = None) -> str:
    """The score as lines for a terminal."""
    kinds = auto.tiles.kinds
    seat, round_ = _wind(auto, hand.seat_wind), _wind(auto, hand.round_wind)
    dealer = " (dealer)" if result.context.hf["dealer"] else ""
    if result.won:
        # (a hand that won has its winning tile: mypy cannot tell from result.won)
        how = f"won with {kinds[hand.winning_tile].code} from {hand.source.replace('_', ' ')}"  # type: ignore[index]
    else:
        how = "did not win"
    if seat is None:  # seats without winds
        out = [f"{auto.name}: {how}" + ("; dealer" if dealer else "")]
    else:
        out = [f"{auto.name}: {how}; seat {seat}{dealer}, round {round_}"]
    parts = []
    for m in _melds(auto, result):
        notes = [] if m["concealed"] else ["exposed"]
        if m["last"]:
            notes.append("last tile")
        parts.append(f"{m['kind']} {' '.join(m['tiles'])}" + (f" ({', '.join(notes)})" if notes else ""))
    if result.pattern and not parts:
        parts.append(f"the {result.pattern} hand")
    elif result.pattern and any(p.name == result.pattern and p.special is not None for p in auto.winning.patterns):
        parts.insert(0, f"the {result.pattern} hand")  # parts beside sets: the sets are the rest
    if hand.bonus:
        parts.append("bonus " + " ".join(_codes(auto, hand.bonus)))
    for name in dict.fromkeys(v.name for v in auto.tiles.variants):
        held = [v.code for v, n in zip(auto.tiles.variants, hand.variants) if v.name == name for _ in range(n)]
        if held:
            parts.append(f"{name} {' '.join(held)}")
    if card_line is not None:
        jokers = card_line.get("jokers", 0)
        parts.append(f"the card hand {card_line['hand']} [{card_line.get('section')}, line {card_line.get('line')}], "
                     f"{card_line['points']} points, {jokers} joker{'s' if jokers != 1 else ''}")
    if parts:
        out.append("  " + "; ".join(parts))
    lines = result.lines
    width = max((len(line.name) for line in lines), default=0)
    for line in lines:
        amount = _amount(line.value, line.unit)
        if line.count > 1:
            amount += f" ({line.count} x {_num(line.amount)})"
        title = line.title + (": " + ", ".join(line.applied_to) if line.applied_to else "")
        where = f"{line.span.path}:{line.span.line}" if line.span is not None else ""
        out.append(f"  {line.name:<{width}}  {amount:<22} {title}  [{where}]")
    if not lines:
        out.append("  no rule applied")
    out.append("  " + _total_text(auto, result))
    if result.won and not goes_out(auto, result):
        out.append(f"  below the minimum to go out ({auto.scoring.minimum_text}): at a table this is no win")
    if result.payments:
        pays = ", ".join(f"{s} {_num(p):+}" for s, p in zip(_seats(auto), result.payments))
        note = "; the dealer pays and receives double" if auto.payments.dealer_double else ""
        out.append(f"  payments (with the winner alone{note}): {pays}")
        out += [f"  responsibility: {who} fed the set, and takes on the payments ({text})  [{where}]"
                for who, text, where in feeders(auto, result)]
    return "\n".join(out)


def feeders(auto: Automaton, result: ScoreResult) -> list[tuple[str, str, str]]:
    """The ``feeder ... pays`` statements that moved payments in this win: (the feeder's
    seat wind, the statement, where the ruleset writes it)."""
    from .feeds import feeder

    env = result.context
    out = []
    for f in auto.payments.feeds:
        if f.when is not None and not f.when(env):
            continue
        wind = feeder(env, f.count, f.where)
        if f.group == "discarder" and wind == env.inp.discarder:
            continue  # the discarder fed it: it pays its own share as it was
        if wind is not None and wind != env.inp.seat_wind:
            where = f"{f.span.path}:{f.span.line}" if f.span is not None else ""
            out.append((auto.tiles.kinds[wind].code, f.text, where))
    return out


def _total_text(auto, result: ScoreResult) -> str:
    head = f"{_amount(result.points, 'points')}, {_amount(result.doubles, 'doubles')}"
    if result.context.t.card:
        return (f"total {_num(result.total)}: {_amount(result.context.hf['card_points'], 'card points')}, "
                f"{_amount(result.doubles, 'doubles')}")
    if result.basis == "limit":
        unit = "limit" if result.limits == 1 else "limits"
        return f"total {_num(result.total)}: {_num(result.limits)} {unit} ({head}: {_num(result.score)})"
    if result.basis == "capped":
        return f"total {_num(result.total)}: {head}: {_num(result.score)}, capped at the limit"
    return f"total {_num(result.total)}: {head}"
