"""What differs between two rulesets, in words a player understands (``mjdsl diff``).

Both rulesets are compiled (options applied, overlays merged) and compared as the
table plays them: the options in force, the phases of a hand step by step, the
claims, the card's lines, the winning patterns, the score rules in force, the
payments, and the rest of the automaton (tiles, wall, deal, jokers, kongs,
session). Each difference is one :class:`Change`. A last pass compares the two
automata's JSON documents (the ones their hashes are taken over): any part that
differs and that no section has put in words is still reported, so two rulesets
with different hashes always show a difference.
"""

from __future__ import annotations

import difflib
from typing import Iterable

import attrs

from ..ir.dump import ir_document
from ..render.words import PHASE_TITLES, claim_text, in_force, ngettext, pay_text, rule_text, step_phrases

#: Sections in the order they are printed, with their headings.
SECTIONS = {
    "ruleset": "Ruleset",
    "options": "Options",
    "phases": "Phases of a hand",
    "tiles": "Tiles",
    "seats": "Seats",
    "wall": "The wall",
    "deal": "The deal",
    "play": "Play",
    "claims": "Claims",
    "kongs": "Kongs",
    "jokers": "Jokers",
    "card": "The card",
    "patterns": "Winning patterns",
    "dead hands": "Dead hands",
    "scoring": "Scoring",
    "payments": "Payments",
    "session": "The session",
    "other": "Other",
}


@attrs.frozen
class Change:
    """One difference: its section, what changed (an option, rule or line name), and a sentence."""

    section: str
    key: str
    text: str

    def to_json(self) -> dict:
        return {"section": self.section, "key": self.key, "text": self.text}


@attrs.frozen
class Side:
    """One ruleset compared: where it was read, its name, its hash, its options and automaton."""

    path: str
    name: str
    hash: str
    ctx: object  # the CheckContext: the merged ruleset and its options
    auto: object  # Automaton

    @property
    def options(self):
        return self.ctx.options

    def to_json(self) -> dict:
        return {"path": self.path, "name": self.name, "hash": self.hash}


@attrs.frozen
class RulesetDiff:
    a: Side
    b: Side
    changes: tuple[Change, ...]

    @property
    def same(self) -> bool:
        return not self.changes

    def sections(self) -> dict[str, list[Change]]:
        out: dict[str, list[Change]] = {}
        for c in self.changes:
            out.setdefault(c.section, []).append(c)
        return {k: out[k] for k in SECTIONS if k in out}

    def to_json(self) -> dict:
        return {"version": 1, "a": self.a.to_json(), "b": self.b.to_json(), "same": self.same,
                "changes": [c.to_json() for c in self.changes]}

    def text(self) -> str:
        lines = [f"A  {self.a.path}  \"{self.a.name}\"  hash {self.a.hash}",
                 f"B  {self.b.path}  \"{self.b.name}\"  hash {self.b.hash}", ""]
        if self.same:
            lines.append("No differences: both compile to the same automaton.")
        for section, changes in self.sections().items():
            lines.append(SECTIONS[section])
            lines += [f"  - {c.text}" for c in changes]
            lines.append("")
        return "\n".join(lines).rstrip("\n") + "\n"


def load_side(path, sets: Iterable[tuple[str, str]] = ()) -> Side:
    """Check and lower a ruleset (MjError if it has errors, InputError for bad --set)."""
    from ..frontend.checked import require
    from ..ir.lower import lower

    checked = require(path, sets)
    auto = lower(checked.ctx)
    return Side(str(path), auto.name, auto.hash, checked.ctx, auto)


def diff_rulesets(a, b, sets: Iterable[tuple[str, str]] = ()) -> RulesetDiff:
    """The differences between the rulesets at paths ``a`` and ``b`` (``--set`` applies to both)."""
    sets = list(sets)
    return diff_sides(load_side(a, sets), load_side(b, sets))


def diff_sides(a: Side, b: Side) -> RulesetDiff:
    out: list[Change] = []
    for section in _SECTION_DIFFS:
        out += section(a, b)
    out += _unexplained(a, b, {c.section for c in out})
    return RulesetDiff(a, b, tuple(out))


# -----------------------------------------------------------------------------
# Sections
# -----------------------------------------------------------------------------


def _ruleset(a: Side, b: Side) -> list[Change]:
    if a.name != b.name:
        return [Change("ruleset", "name", f"called \"{b.name}\" instead of \"{a.name}\"")]
    return []


def _options(a: Side, b: Side) -> list[Change]:
    out = []
    names = list(a.options.options) + [n for n in b.options.options if n not in a.options.options]
    for n in names:
        oa, ob = a.options.options.get(n), b.options.options.get(n)
        if oa is None:
            out.append(Change("options", n, f"new option: {ob.meaning} (`{n}`), {ob.describe_value()}"))
        elif ob is None:
            out.append(Change("options", n, f"no option {oa.meaning} (`{n}`) any more (it was {oa.describe_value()})"))
        elif (type(oa.value), oa.value) != (type(ob.value), ob.value):
            out.append(Change("options", n, f"{oa.meaning} (`{n}`): {oa.describe_value()} → {ob.describe_value()}"))
    return out


def _phases(a: Side, b: Side) -> list[Change]:
    pa, pb = step_phrases(a.auto), step_phrases(b.auto)
    out = []
    for phase in list(pa) + [p for p in pb if p not in pa]:
        title = PHASE_TITLES.get(phase, phase)
        sa, sb = pa.get(phase, []), pb.get(phase, [])
        if sa == sb:
            continue
        if not sb:
            out.append(Change("phases", phase, f"{title}: not played any more (it was: {'; '.join(sa)})"))
        elif not sa:
            out.append(Change("phases", phase, f"{title}: now played: {'; '.join(sb)}"))
        else:
            out += [Change("phases", phase, f"{title}: {t}") for t in _sequence(sa, sb)]
    return out


def _sequence(old: list[str], new: list[str]) -> list[str]:
    """A list of steps or lines changed, as sentences."""
    out = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        if op == "replace" and i2 - i1 == j2 - j1:
            out += [f"\"{x}\" becomes \"{y}\"" for x, y in zip(old[i1:i2], new[j1:j2])]
            continue
        if op in ("replace", "delete"):
            out += [f"no longer: {x}" for x in old[i1:i2]]
        if op in ("replace", "insert"):
            out += [f"now: {y}" for y in new[j1:j2]]
    return _counted(out)


def _counted(sentences: list[str]) -> list[str]:
    """Each sentence once, saying how often it came: the across pass of both Charlestons
    gone is "no longer: everyone passes 3 tiles across (twice)", not the same line twice."""
    times: dict[str, int] = {}
    for x in sentences:
        times[x] = times.get(x, 0) + 1
    return [x if n == 1 else f"{x} ({'twice' if n == 2 else f'{n} times'})" for x, n in times.items()]


def _claims(a: Side, b: Side) -> list[Change]:
    ca = {c.name: c for c in a.auto.claims}
    cb = {c.name: c for c in b.auto.claims}
    out = []
    for n in list(ca) + [n for n in cb if n not in ca]:
        x, y = ca.get(n), cb.get(n)
        if x is None:
            out.append(Change("claims", n, f"new claim: {claim_text(y)}"))
        elif y is None:
            out.append(Change("claims", n, f"no claim {n} any more (it was: {claim_text(x)})"))
        elif claim_text(x) != claim_text(y):
            out.append(Change("claims", n, f"\"{claim_text(x)}\" becomes \"{claim_text(y)}\""))
    oa, ob = _priority(a.auto.claims), _priority(b.auto.claims)
    if oa != ob and set(ca) & set(cb):
        out.append(Change("claims", "priority", f"priority: {oa} → {ob}"))
    return out


def _priority(claims) -> str:
    levels: dict[int, list[str]] = {}
    for c in claims:
        levels.setdefault(c.rank, []).append(c.name)
    return " > ".join(" ".join(v) for _, v in sorted(levels.items()))


def _card(a: Side, b: Side) -> list[Change]:
    ka, kb = a.auto.winning.card, b.auto.winning.card
    if ka is None and kb is None:
        return []
    ta, tb = _card_title(ka), _card_title(kb)
    la, lb = _card_lines(ka), _card_lines(kb)
    if ka is None or kb is None or ta != tb:
        # another card altogether: say so once, not hand by hand
        common = sum(1 for t in la if t in lb)
        return [Change("card", "title", f"the card: {_card_size(ta, la)} → {_card_size(tb, lb)}, "
                                        f"{ngettext('{n} hand', '{n} hands', common)} in common")]
    out = []
    for text in list(la) + [t for t in lb if t not in la]:
        if text not in lb:
            out.append(Change("card", text, f"no hand {text} ({la[text]} points)"))
        elif text not in la:
            out.append(Change("card", text, f"new hand {text} ({lb[text]} points)"))
        elif la[text] != lb[text]:
            out.append(Change("card", text, f"{text}: {la[text]} → {lb[text]} points"))
    return out


def _card_size(title: str, lines: dict) -> str:
    return f"{title} ({ngettext('{n} hand', '{n} hands', len(lines))})" if title else "no card"


def _card_title(card) -> str:
    return "" if card is None else getattr(card.card, "title", "") or "untitled card"


def _card_lines(card) -> dict[str, int]:
    if card is None:
        return {}
    out = {}
    for ln in card.lines:
        notes = "".join(f" · {n.text}" for n in getattr(ln, "annotations", ()))
        out[f"{ln.text}{notes}"] = ln.points
    return out


def _patterns(a: Side, b: Side) -> list[Change]:
    pa = {p.name: p for p in a.auto.winning.patterns}
    pb = {p.name: p for p in b.auto.winning.patterns}
    out = []
    for n in list(pa) + [n for n in pb if n not in pa]:
        x, y = pa.get(n), pb.get(n)
        if x is None:
            out.append(Change("patterns", n, f"new winning pattern: {y.title}"))
        elif y is None:
            out.append(Change("patterns", n, f"no winning pattern {x.title} any more"))
        elif _pattern_key(x) != _pattern_key(y):
            out.append(Change("patterns", n, f"the pattern {y.title} is made differently"))
    return out


def _pattern_key(p) -> tuple:
    return (p.title, p.sets, p.pairs, p.max_chows, repr(p.special), p.concealed)


def _scoring(a: Side, b: Side) -> list[Change]:
    sa, sb = a.auto.scoring, b.auto.scoring
    out = []
    if sa.value_text != sb.value_text:
        out.append(Change("scoring", "value",
                          f"a hand is worth {sb.value_text or 'nothing'} instead of {sa.value_text or 'nothing'}"))
    if sa.limit != sb.limit:
        out.append(Change("scoring", "limit", f"the limit: {_num(sa.limit)} → {_num(sb.limit)}"))
    if sa.roof_off != sb.roof_off:
        out.append(Change("scoring", "roof", "no cap on a hand's score (the roof is off)" if sb.roof_off
                          else "a hand's score is capped at the limit again (the roof is on)"))
    if sa.best_split != sb.best_split:
        out.append(Change("scoring", "best split", "every split of a hand is scored and the best kept" if sb.best_split
                          else "the best split of a hand is no longer sought"))
    ina, offa, _ = in_force(a.ctx.ruleset, a.auto)
    inb, offb, _ = in_force(b.ctx.ruleset, b.auto)
    ra = {r.name.text: r for r in ina + offa}
    rb = {r.name.text: r for r in inb + offb}
    for n in list(ra) + [n for n in rb if n not in ra]:
        x, y = ra.get(n), rb.get(n)
        if x is None:
            out.append(Change("scoring", n, f"new rule: {rule_text(y)}"))
        elif y is None:
            out.append(Change("scoring", n, f"no rule {x.title or n} any more (it was: {rule_text(x)})"))
        elif rule_text(x) != rule_text(y):
            out.append(Change("scoring", n, f"\"{rule_text(x)}\" becomes \"{rule_text(y)}\""))
        elif (x in offa) != (y in offb):
            now = "no longer applies (the options switch it off)" if y in offb else "applies again (the options switch it on)"
            out.append(Change("scoring", n, f"{y.title or n}: {now}"))
    return out


def _num(v) -> str:
    return "none" if v is None else f"{v:g}"


def _payments(a: Side, b: Side) -> list[Change]:
    pa, pb = a.auto.payments, b.auto.payments
    la = [pay_text(p) for p in in_force(a.ctx.ruleset, a.auto)[2]]
    lb = [pay_text(p) for p in in_force(b.ctx.ruleset, b.auto)[2]]
    out = [Change("payments", "pays", t) for t in _sequence(la, lb)]
    out += [Change("payments", "responsibility", t)
            for t in _sequence([f.text for f in pa.feeds], [f.text for f in pb.feeds])]
    if pa.settle_losers != pb.settle_losers:
        out.append(Change("payments", "settle losers", "the losers settle among themselves" if pb.settle_losers
                          else "the losers no longer settle among themselves"))
    if pa.dealer_double != pb.dealer_double:
        out.append(Change("payments", "dealer double", "the dealer pays and receives double" if pb.dealer_double
                          else "the dealer no longer pays and receives double"))
    for n in sorted(set(pa.penalties) | set(pb.penalties)):
        x, y = pa.penalties.get(n), pb.penalties.get(n)
        if x != y:
            out.append(Change("payments", f"penalty {n}", f"penalty {n}: {_num(x)} → {_num(y)} points"))
    return out


def _fields(section: str, pairs: list[tuple[str, object, object]]) -> list[Change]:
    return [Change(section, label, f"{label}: {_show(x)} → {_show(y)}") for label, x, y in pairs if x != y]


def _show(v) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if v is None or v == "":
        return "none"
    if isinstance(v, (list, tuple)):
        return ", ".join(_show(x) for x in v) or "none"
    return f"{v:g}" if isinstance(v, float) else str(v)


def _players(auto) -> object:
    """A session's players, when some sit out each hand (else the seats say it)."""
    return auto.session_players if auto.session_players > auto.seats else "one a seat"


def _tiles(ta: dict, tb: dict) -> list[Change]:
    """Tiles gone, new or changed, tiles that change alike in one line (a suit taken out,
    every flower made interchangeable), each saying what changed about them."""
    alike: dict[str, list[str]] = {}  # what happened -> the codes it happened to, in order
    for code in list(ta) + [c for c in tb if c not in ta]:
        if code not in tb:
            what = "gone"
        elif code not in ta:
            what = f"new: {tb[code]['copies']} of each ({tb[code]['class']})"
        elif ta[code] != tb[code]:
            what = _tile_change(ta[code], tb[code])
        else:
            continue
        alike.setdefault(what, []).append(code)
    out = []
    for what, codes in alike.items():
        named = f"tile {codes[0]}" if len(codes) == 1 else f"tiles {' '.join(codes)}"
        text = f"no {named} any more" if what == "gone" else f"{named}: {what}"
        out.append(Change("tiles", " ".join(codes), text))
    return out


def _tile_change(x: dict, y: dict) -> str:
    """What changed about one tile: its copies, class, seat or place in a suit."""
    def seat(t):  # which seat only when both have one: the flowers unlinked change alike
        if not t.get("seat"):
            return "linked to no seat"
        return f"linked to seat {t['seat']}" if x.get("seat") and y.get("seat") else "linked to a seat"

    def place(t):
        return f"{t['suit']} {t['rank']}" if t.get("suit") else "in no suit"

    parts = [f"{a} → {b}" for a, b in ((f"{x['copies']} copies", f"{y['copies']} copies"),
                                       (x["class"], y["class"]), (seat(x), seat(y)), (place(x), place(y)))
             if a != b]
    return "; ".join(parts)


def _table(a: Side, b: Side) -> list[Change]:
    """Tiles, seats, wall, deal, play, kongs, jokers, dead hands, session: field by field."""
    x, y = a.auto, b.auto
    da, db = ir_document(x, spans=False), ir_document(y, spans=False)
    out = _tiles({t["code"]: t for t in da["tiles"]}, {t["code"]: t for t in db["tiles"]})
    ca, cb = da["tile_classes"], db["tile_classes"]
    for name in list(ca) + [n for n in cb if n not in ca]:
        if ca.get(name) != cb.get(name):
            out.append(Change("tiles", f"class {name}",
                              f"the class {name}: {_show(ca.get(name))} → {_show(cb.get(name))}"))
    out += _fields("seats", [("seats", da["seats"], db["seats"]), ("seat winds", da["seat_winds"], db["seat_winds"]),
                             ("players", _players(x), _players(y))])
    wa, wb = dict(da["wall"]), dict(db["wall"])
    wa["breaks"], wb["breaks"] = _breaks(wa["breaks"]), _breaks(wb["breaks"])
    out += _fields("wall", [(k, wa[k], wb[k]) for k in wa])
    out += _fields("deal", [("deal", _deal(da["deal"]), _deal(db["deal"]))])
    out += _fields("play", [(k.replace("_", " "), da[k], db[k]) for k in
                            ("discard_live_until", "wall_game_left", "dead_discards", "never_pass", "original_hand",
                             "bonus_kinds", "replacement_from")])
    out += _fields("play", [("announcements", _announcements(da["announcements"]),
                             _announcements(db["announcements"]))])
    out += _fields("play", [("aborts", _aborts(da.get("aborts", [])), _aborts(db.get("aborts", [])))])
    out += _fields("kongs", [(k, da["kongs"][k], db["kongs"][k]) for k in da["kongs"]])
    ja, jb = da["jokers"], db["jokers"]
    if (ja is None) != (jb is None):
        out.append(Change("jokers", "jokers", "no jokers any more" if jb is None else f"jokers: {jb['tile']}"))
    elif ja is not None:
        out += _fields("jokers", [(k.replace("_", " "), ja[k], jb[k]) for k in ja])
    out += _fields("dead hands", [("dead hand when", da["dead_causes"], db["dead_causes"])])
    out += _fields("session", [(k.replace("_", " "), da["session"][k], db["session"][k]) for k in da["session"]])
    out += _fields("patterns", [("concealed hands call only for", da["winning"]["concealed_calls_only"],
                                 db["winning"]["concealed_calls_only"])])
    return out


def _breaks(breaks) -> list[str]:
    return [f"{part} by {by} with {ngettext('{n} die', '{n} dice', dice)}" + (f", {how}" if how else "")
            for part, dice, by, how in breaks]


def _deal(steps) -> list[str]:
    return [f"{who} {n}" + (f" x{times}" if times != 1 else "") for who, n, times in steps]


#: an abort's point, as its statement says it (before a draw: nothing)
_ABORT_AT = {"claims": " after claims", "choice": " by choice"}


def _aborts(items) -> list[str]:
    return [f"{a['title']}{_ABORT_AT.get(a.get('at', ''), '')} when {a['when']}" for a in items]


def _announcements(items) -> list[str]:
    return [f"{a['title'] or a['name']} ({a['when']}{', freezes the hand' if a['freezes'] else ''}"
            f"{', needed to go mah jongg' if a['required'] else ''})" for a in items]


#: The part of the automaton's document each section explains.
_COVERS = {"name": "ruleset", "options": "options", "states": "phases", "start": "phases", "claims": "claims",
           "tiles": "tiles", "seats": "seats", "seat_winds": "seats", "players": "seats", "wall": "wall", "deal": "deal",
           "kongs": "kongs", "jokers": "jokers", "dead_causes": "dead hands", "session": "session",
           "payments": "payments", "scoring": "scoring"}


def _unexplained(a: Side, b: Side, explained: set[str]) -> list[Change]:
    da, db = ir_document(a.auto, spans=False), ir_document(b.auto, spans=False)
    out = []
    for key in list(da) + [k for k in db if k not in da]:
        if da.get(key) == db.get(key):
            continue
        section = _COVERS.get(key)
        if key == "winning" and explained & {"card", "patterns"}:
            continue
        if key == "tile_classes":
            section = "tiles"
        if key in ("discard_live_until", "wall_game_left", "dead_discards", "never_pass", "original_hand",
                   "announcements", "aborts", "bonus_kinds", "replacement_from"):
            section = "play"
        if section is None or section not in explained:
            out.append(Change("other", key, f"{key.replace('_', ' ')} differs (see `mjdsl compile --emit ir`)"))
    return out


_SECTION_DIFFS = (_ruleset, _options, _phases, _table, _claims, _card, _patterns, _scoring, _payments)
