"""Write docs/diagnostics.md from the diagnostic registry (mjdsl.codes).

Every code, its title, its explanation and its wrong and right examples come from
the registry, so the page can't drift from what ``mjdsl check`` reports. Run it
after adding or changing a code:

    .venv/bin/python tools/gen_diagnostics_doc.py          # rewrite the page
    .venv/bin/python tools/gen_diagnostics_doc.py --check  # exit 1 if it is stale

tests/test_diagnostics_doc.py fails when the page is out of date.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "diagnostics.md"
COMMAND = ".venv/bin/python tools/gen_diagnostics_doc.py"

#: Families by the first digits of a code, in the order the page lists them.
FAMILIES = (
    ("MJ1", "Syntax errors (MJ1xx)",
     "The file could not be read as the rule language. Nothing is checked until these are fixed."),
    ("MJ2", "Check errors (MJ2xx)",
     "The file parses but describes a game that can't be played: wrong counts, unknown names, "
     "missing blocks. MJ250-MJ275 are the card checks."),
    ("MJ3", "Lint (MJ3xx)", "Warnings: the ruleset plays, but probably not as meant."),
    ("MJ4", "Engine errors (MJ4xx)", "Raised while a game is played or scored."),
)


def is_card_code(code: str) -> bool:
    """MJ15x-MJ18x (card syntax), MJ250-MJ275, MJ215 and MJ297-MJ298 (card checks): their
    examples are card text (MJ276 on is a ruleset's again: responsibility)."""
    n = int(code[2:])
    return 150 <= n < 200 or 250 <= n < 276 or n in (215, 297, 298)


def _fence(text: str, info: str) -> list[str]:
    body = text if text.endswith("\n") else text + "\n"
    skip = []
    if "\x00" in body:
        # A NUL byte (the MJ112 example) can't stand in a Markdown page: show it escaped,
        # and tell the doc runner (tests/docrun.py) that the page's text is not the example.
        body = body.replace("\x00", "\\x00")
        skip = ['<!-- skip: next "the page shows the NUL byte escaped; the registry test runs the real text" -->', ""]
    return [*skip, f"```{info}", *body.rstrip("\n").split("\n"), "```"]


def render() -> str:
    """The whole page, as text."""
    sys.path.insert(0, str(ROOT))
    from mjdsl.codes import CODES

    codes = CODES
    out = [
        "# Diagnostics",
        "",
        "Every problem `mjdsl check` reports has a code. This page lists each code with a",
        "mistake that produces it and the corrected text. It is generated from the registry",
        "(`mjdsl/codes.py`, the one table that points at each stage's own list:",
        "`syntax/codes.py`, `check/codes.py`, `check/lint_codes.py`, `cards/codes.py`,",
        "`engine/codes.py`): do not edit it by hand, regenerate it with",
        "",
        f"    {COMMAND}",
        "",
        "The test suite runs every wrong example and checks it gives its code, and every right",
        "example and checks it does not (`code=` in a block's info string names the code; a",
        "right card example also checks clean).",
        "",
    ]
    for prefix, heading, intro in FAMILIES:
        family = [c for k, c in sorted(codes.items()) if k.startswith(prefix)]
        if not family:
            continue
        out += [f"## {heading}", "", intro, ""]
        for c in family:
            out += [f"### {c.code}: {c.title}", ""]
            if c.explanation:
                out += [c.explanation, ""]
            lang = "card" if is_card_code(c.code) else "mj"
            if c.wrong:
                out += ["Wrong:", "", *_fence(c.wrong, f"{lang}-wrong code={c.code}"), ""]
            if c.right:
                out += ["Right:", "", *_fence(c.right, f"{lang} code={c.code}"), ""]
    return "\n".join(out).rstrip("\n") + "\n"


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        current = DOC.read_text(encoding="utf-8") if DOC.exists() else ""
        if current != text:
            print(f"{DOC.relative_to(ROOT)} is out of date: run {COMMAND}", file=sys.stderr)
            return 1
        return 0
    DOC.parent.mkdir(parents=True, exist_ok=True)
    DOC.write_text(text, encoding="utf-8")
    print(f"wrote {DOC.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
