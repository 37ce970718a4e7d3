"""What differs between two cards, line by line, in words (``mjdsl diff OLD.card NEW.card``).

What a card author wants when the new year's card comes: which hands are new, which
are gone, which are worth other points (*re-pointed*), and which were changed (the
a similar hand: the year moved from 2026 to 2027, a pung became a kong, ``concealed``
was added). Lines are matched first by their hand (the canonical text, contracts:
groups and suit letters), then a removed and an added line that read alike are paired
as one change. Only the card text is
read (no tile set is needed), so two cards of different rulesets can be compared.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import attrs

from . import ast

#: Two lines of a section whose hands read at least this alike are one changed line.
ALIKE = 0.6

#: Past this many (removed, added) pairs to compare, lines are not paired (a budget:
#: two unrelated 300-line cards are listed as removed and added, quickly).
MAX_PAIRS = 20_000


@attrs.frozen
class LineChange:
    """One difference: ``kind`` (added, removed, re-pointed, changed, header), the card
    lines it is about (0 when there is none on that side), and a sentence."""

    kind: str
    old_line: int
    new_line: int
    text: str

    def to_json(self) -> dict:
        return {"kind": self.kind, "old_line": self.old_line, "new_line": self.new_line, "text": self.text}


@attrs.frozen
class CardDiff:
    old_path: str
    new_path: str
    old: ast.Card
    new: ast.Card
    changes: tuple[LineChange, ...]

    @property
    def same(self) -> bool:
        return not self.changes

    def to_json(self) -> dict:
        return {"version": 1, "a": {"path": self.old_path, "title": self.old.title, "hands": len(self.old.lines)},
                "b": {"path": self.new_path, "title": self.new.title, "hands": len(self.new.lines)},
                "same": self.same, "changes": [c.to_json() for c in self.changes]}

    def text(self) -> str:
        out = [f"A  {self.old_path}  \"{self.old.title}\"  {_hands(len(self.old.lines))}",
               f"B  {self.new_path}  \"{self.new.title}\"  {_hands(len(self.new.lines))}", ""]
        if self.same:
            out.append("No differences: the same hands for the same points.")
        counts = {k: sum(c.kind == k for c in self.changes) for k in KINDS}
        if not self.same:
            out.append(", ".join(f"{n} {k}" for k, n in counts.items() if n) + "")
        for c in self.changes:
            where = f"line {c.new_line}" if c.new_line else f"was line {c.old_line}"
            out.append(f"  - [{where}] {c.text}")
        return "\n".join(out).rstrip("\n") + "\n"


#: The kinds of change, in the order they are counted.
KINDS = ("header", "added", "removed", "re-pointed", "changed")


def _hands(n: int) -> str:
    return f"{n} hand" + ("" if n == 1 else "s")


def describe(line: ast.HandLine) -> str:
    """A line in words: its hand, its annotations, its points, its section."""
    notes = "".join(f" · {a.text}" for a in line.annotations)
    where = f" in section {line.section!r}" if line.section else ""
    return f"{line.text}{notes} ({line.points} points{where})"


def diff_cards(old: ast.Card, new: ast.Card, old_path: str = "A", new_path: str = "B") -> CardDiff:
    renamed = _renamed_sections(old, new)
    changes = _header(old, new) + [
        LineChange("header", next(s.span.line for s in old.sections if s.title == a),
                   next(s.span.line for s in new.sections if s.title == b), f"section {a!r} is now {b!r}")
        for a, b in renamed.items()]
    # a line of a renamed section is compared as if the section had its new title
    old = attrs.evolve(old, sections=tuple(
        attrs.evolve(sec, lines=tuple(attrs.evolve(ln, section=renamed.get(ln.section, ln.section)) for ln in sec.lines))
        for sec in old.sections))
    by_text_new: dict[str, list[ast.HandLine]] = {}
    for ln in new.lines:
        by_text_new.setdefault(ln.text, []).append(ln)
    gone: list[ast.HandLine] = []
    kept_new: set[int] = set()
    for ln in old.lines:
        twins = [m for m in by_text_new.get(ln.text, []) if id(m) not in kept_new]
        if not twins:
            gone.append(ln)
            continue
        twin = next((m for m in twins if m.section == ln.section), twins[0])
        kept_new.add(id(twin))
        changes += _same_hand(ln, twin)
    fresh = [ln for ln in new.lines if id(ln) not in kept_new]
    changes += _pair_alike(gone, fresh)
    changes.sort(key=lambda c: (c.new_line or c.old_line, KINDS.index(c.kind)))
    return CardDiff(old_path, new_path, old, new, tuple(changes))


def _renamed_sections(old: ast.Card, new: ast.Card) -> dict[str, str]:
    """Sections at the same place on both cards whose titles differ, neither title being
    on the other card: the yearly ``section "2026"`` that became ``section "2027"``."""
    titles_old = {s.title for s in old.sections}
    titles_new = {s.title for s in new.sections}
    return {a.title: b.title for a, b in zip(old.sections, new.sections)
            if a.title != b.title and a.title not in titles_new and b.title not in titles_old}


def _header(old: ast.Card, new: ast.Card) -> list[LineChange]:
    out = []
    if old.title != new.title:
        out.append(LineChange("header", old.span.line, new.span.line, f"title {old.title!r} → {new.title!r}"))
    oy, ny = (old.year.value if old.year else None), (new.year.value if new.year else None)
    if oy != ny:
        out.append(LineChange("header", old.year.span.line if old.year else 0, new.year.span.line if new.year else 0,
                              f"year {oy or 'none'} → {ny or 'none'}"))
    op = (old.points.low, old.points.high) if old.points else None
    np_ = (new.points.low, new.points.high) if new.points else None
    if op != np_:
        out.append(LineChange("header", old.points.span.line if old.points else 0,
                              new.points.span.line if new.points else 0,
                              f"points range {_range(op)} → {_range(np_)}"))
    return out


def _range(r) -> str:
    return f"{r[0]}..{r[1]}" if r else "none"


def _same_hand(a: ast.HandLine, b: ast.HandLine) -> list[LineChange]:
    out = []
    if a.points != b.points:
        out.append(LineChange("re-pointed", a.line, b.line, f"{a.text}: {a.points} → {b.points} points"))
    what = _differences(a, b)
    if what:
        out.append(LineChange("changed", a.line, b.line, f"{a.text}: " + "; ".join(what)))
    return out


def _differences(a: ast.HandLine, b: ast.HandLine) -> list[str]:
    """How two lines of the same hand differ, apart from their points."""
    out = []
    na, nb = [x.text for x in a.annotations], [x.text for x in b.annotations]
    for n in nb:
        if n not in na:
            out.append(f"now `{n}`")
    for n in na:
        if n not in nb:
            out.append(f"no longer `{n}`")
    if a.section != b.section:
        out.append(f"moved from section {a.section!r} to {b.section!r}")
    if (a.description or "") != (b.description or ""):
        out.append("its description changed")
    return out


def _pair_alike(gone: list[ast.HandLine], fresh: list[ast.HandLine]) -> list[LineChange]:
    """Removed and added lines; a removed and an added line that read alike (the most
    alike first, a line of the same section before another) are one changed line instead."""
    pairs = []
    if len(gone) * len(fresh) > MAX_PAIRS:
        gone_pairs: list = []
    else:
        gone_pairs = list(enumerate(gone))
    for i, a in gone_pairs:
        for j, b in enumerate(fresh):
            ratio = difflib.SequenceMatcher(None, a.text, b.text).ratio()
            if ratio >= ALIKE:
                pairs.append((-ratio - (0.1 if a.section == b.section else 0), i, j))
    used_a: set[int] = set()
    used_b: set[int] = set()
    out = []
    for _, i, j in sorted(pairs):
        if i in used_a or j in used_b:
            continue
        used_a.add(i)
        used_b.add(j)
        a, b = gone[i], fresh[j]
        extra = _differences(a, b)
        points = f", {a.points} → {b.points} points" if a.points != b.points else f", {b.points} points"
        out.append(LineChange("changed", a.line, b.line,
                              f"{a.text} became {b.text}{points}" + ("; " + "; ".join(extra) if extra else "")))
    out += [LineChange("removed", a.line, 0, f"no hand {describe(a)}") for i, a in enumerate(gone) if i not in used_a]
    out += [LineChange("added", 0, b.line, f"new hand {describe(b)}") for j, b in enumerate(fresh) if j not in used_b]
    return out


def diff_card_files(a: str | Path, b: str | Path) -> CardDiff:
    """Read two card files (MjError if one does not parse) and compare them."""
    from ..syntax.card_build import read_card

    return diff_cards(read_card(a), read_card(b), str(a), str(b))
