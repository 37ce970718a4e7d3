"""Dumping an automaton: stable JSON (``--emit ir``), Graphviz (``--emit dot``), its hash.

The JSON lists the states (with their spans) and every spec in a fixed order, so a
diff of two dumps is a diff of two rulesets. The *hash* is taken over the same
document without spans: reformatting a file or moving a rule does not change it,
changing an option, a rule or a card line does.
"""

from __future__ import annotations

import hashlib
import json

IR_VERSION = 1


def _span(s, spans: bool):
    if not spans or s is None:
        return None
    return f"{s.path}:{s.line}:{s.column}"


def ir_document(auto, spans: bool = True) -> dict:
    tiles = auto.tiles
    code = lambda i: tiles.kinds[i].code  # noqa: E731
    states = []
    for sid, s in auto.states.items():
        params = {k: v for k, v in sorted(s.params.items()) if not k.startswith("_")}
        states.append({"id": sid, "kind": s.kind, "step": s.step, "params": params,
                       "next": [{"when": t.guard, "to": t.target} for t in s.next],
                       **({"span": _span(s.span, spans)} if spans else {})})
    card = auto.winning.card
    doc = {
        "version": IR_VERSION,
        "name": auto.name,
        "seats": auto.seats,
        **({"players": auto.players} if auto.players > auto.seats else {}),
        "seat_winds": [code(i) for i in auto.seat_winds],
        "tiles": [{"code": k.code, "class": k.cls, "copies": k.copies, **({"suit": k.suit, "rank": k.rank} if k.suit else {}),
                   **({"seat": k.seat} if k.seat else {})} for k in tiles.kinds],
        "wall": {"sides": auto.wall.sides, "length": auto.wall.length, "height": auto.wall.height,
                 "dead": auto.wall.dead, "loose": auto.wall.loose, "breaks": [list(b) for b in auto.wall.breaks],
                 # issue 10 (only where written, so the hashes of rulesets without them stay)
                 **({"indicators": auto.wall.indicators, "per_kong": auto.wall.indicators_per_kong,
                     "under": auto.wall.under, "under_when": auto.wall.under_text} if auto.wall.indicators else {})},
        **({"indicates": {code(i): code(t) for i, t in enumerate(auto.indicates) if t >= 0}}
           if auto.indicates else {}),
        "deal": [list(d) for d in auto.deal],
        "start": auto.start,
        "states": states,
        "claims": [{"name": c.name, "size": c.size, "shape": c.shape, "source": c.source, "rank": c.rank,
                    **({"or_from": c.widened, "for": c.widened_for} if c.widened else {}),
                    **({"when": c.when_text} if c.when is not None else {}),
                    **({"span": _span(c.span, spans)} if spans else {})} for c in auto.claims],
        "kongs": dict(sorted(auto.kongs.items())),
        "jokers": None if auto.jokers is None else {
            "tile": code(auto.jokers.tile), "min_group": auto.jokers.min_group, "swap": auto.jokers.swap,
            "dead_when_discarded": auto.jokers.dead_when_discarded, "never_passed": auto.jokers.never_passed},
        "winning": {
            "card": None if card is None else {
                "title": getattr(card.card, "title", ""),
                "lines": [ln.text + f" = {ln.points}" + (" concealed" if ln.concealed else "") for ln in card.lines],
                "variants": [sorted((code(i), int(n)) for i, n in enumerate(v.need) if n) for v in card.variants],
            },
            "patterns": [{"name": p.name, "sets": p.sets, "pairs": p.pairs, "max_chows": p.max_chows,
                          "special": repr(p.special) if p.special is not None else None, "concealed": p.concealed}
                         for p in auto.winning.patterns],
            "concealed_calls_only": auto.winning.concealed_calls_only,
        },
        "dead_causes": list(auto.dead_causes),
        "never_pass": [code(i) for i in auto.never_pass],
        "dead_discards": [code(i) for i in auto.dead_discards],
        "discard_live_until": auto.discard_live_until,
        "wall_game_left": auto.wall_game_left,
        "announcements": [{"name": a.name, "title": a.title, "when": a.time, "freezes": a.freezes,
                           "required": a.required, **({"if": a.when_text} if a.when is not None else {})}
                          for a in auto.announcements],
        "original_hand": auto.original_hand,
        **({"no_discard": auto.no_discard_text} if auto.no_discard_text else {}),
        **({"aborts": [{"title": a.title, "when": a.when_text, **({"at": a.point} if a.point != "draw" else {})}
                       for a in auto.aborts]} if auto.aborts else {}),
        "replacement_from": auto.replacement_from,
        "bonus_kinds": list(auto.bonus_kinds),
        "scoring": {
            "limit": auto.scoring.limit, "roof_off": auto.scoring.roof_off, "best_split": auto.scoring.best_split,
            "claimed_kongs_concealed": auto.scoring.claimed_kongs_concealed,
            "value": auto.scoring.value_text,
            "rules": [{"name": r.name, "title": r.title, "amount": r.amount, "unit": r.unit, "scope": r.scope,
                       "text": r.text, **({"span": _span(r.span, spans)} if spans else {})}
                      for r in auto.scoring.rules],
            # issue 10 (only where written, so the hashes of rulesets without them stay)
            **({"excludes": [[name, list(names)] for name, names in auto.scoring.excludes]}
               if auto.scoring.excludes else {}),
            **({"alone": [[name, list(names)] for name, names in auto.scoring.alone]}
               if auto.scoring.alone else {}),
            **({"accounts": [list(names) for names in auto.scoring.accounts]} if auto.scoring.accounts else {}),
            **({"minimum": auto.scoring.minimum_text} if auto.scoring.minimum_text else {}),
            **({"limits_add": True} if auto.scoring.limits_add else {}),
        },
        "payments": {"pays": [{"payer": p.payer, "text": p.text, **({"span": _span(p.span, spans)} if spans else {})}
                              for p in auto.payments.pays],
                     "settle_losers": auto.payments.settle_losers, "dealer_double": auto.payments.dealer_double,
                     "penalties": dict(sorted(auto.payments.penalties.items())),
                     # issue 10 (only when said, so the hashes of rulesets without them stay)
                     **({"deposits": dict(sorted(auto.payments.deposits.items()))} if auto.payments.deposits else {}),
                     **({"wall_game_pay": auto.payments.wall_game_pay} if auto.payments.wall_game_pay else {}),
                     **({"instant": dict(sorted(auto.payments.instant.items()))} if auto.payments.instant else {}),
                     **({"bonus_pays": [{"group": b.text, "need": [[code(i) for i in sorted(n)] for n in b.need],
                                         "points": b.points} for b in auto.payments.bonus_pays]}
                        if auto.payments.bonus_pays else {}),
                     **({"feeds": [{"text": f.text, **({"span": _span(f.span, spans)} if spans else {})}
                                   for f in auto.payments.feeds]} if auto.payments.feeds else {})},
        "session": {"hands": auto.session.hands, "rounds": auto.session.rounds,
                    "dealer_keeps": auto.session.dealer_keeps_text,
                    "dealer_rotates": auto.session.dealer_rotates, "round_wind_rotates": auto.session.round_wind_rotates,
                    "first_dealer_dice": auto.session.first_dealer_dice,
                    **({"counters": [f"{name} when {text}" for name, _, text in auto.session.counters]} if auto.session.counters else {})},
        "options": {k: auto.options[k] for k in sorted(auto.options)},
        "tile_classes": {k: [code(i) for i in v] for k, v in sorted(auto.tile_classes.items())},
    }
    return doc


def ir_json(auto, spans: bool = True) -> str:
    return json.dumps(ir_document(auto, spans), indent=1, sort_keys=False, default=str)


def ruleset_hash(auto) -> str:
    return hashlib.sha256(ir_json(auto, spans=False).encode()).hexdigest()[:16]


def dot(auto) -> str:
    """The states and transitions as a Graphviz digraph."""
    shape = {"chance": "diamond", "decision": "box", "simultaneous": "box3d", "system": "ellipse",
             "terminal": "doublecircle"}
    out = [f'digraph "{auto.name}" {{', "  rankdir=TB;", '  node [fontname="Helvetica", fontsize=10];']
    for sid, s in auto.states.items():
        label = f"{sid}\\n{s.step}"
        out.append(f'  "{sid}" [shape={shape.get(s.kind, "box")}, label="{label}"];')
    for sid, s in auto.states.items():
        for t in s.next:
            lab = "" if t.guard == "always" else f' [label="{t.guard}"]'
            out.append(f'  "{sid}" -> "{t.target}"{lab};')
    out.append("}")
    return "\n".join(out) + "\n"
