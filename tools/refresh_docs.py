"""Rewrite the shown output of the documentation's transcripts that no longer match.

    .venv/bin/python tools/refresh_docs.py                 # every document
    .venv/bin/python tools/refresh_docs.py docs/cli.md     # some of them
    .venv/bin/python tools/refresh_docs.py --check         # rewrite nothing, exit 1 if any is stale

Each document runs as tests/test_docs_run.py runs it (tests/docrun.py). A ```console
command whose shown output (or ``[exit N]``) differs from what it prints gets what it
printed; a transcript that still matches, ``...`` placeholders and all, is left as it is.
Read the changes before committing them (``git diff docs``): put ``...`` back where the
output really varies. Other kinds of block (a ruleset that no longer parses, a card with
errors) are reported, not rewritten.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import docrun  # noqa: E402  (tests/docrun.py, the runner the test suite uses)


def refreshed(text: str, outcomes: list[docrun.Outcome]) -> str:
    """``text`` with the stale transcripts' output replaced by what their commands printed."""
    for o in sorted((o for o in outcomes if o.kind == "console" and o.problem), key=lambda o: -o.region.start):
        fence = text[o.region.start:text.index("\n", o.region.start)]  # the ``` line, indented in a list
        prefix = fence[: len(fence) - len(fence.lstrip(" \t"))]
        content_start = text.index("\n", o.region.start) + 1
        content_end = text.rfind("\n", 0, o.region.end) + 1
        source = str(o.region.parsed)
        out, at = [], 0
        for cmd, ran in o.ran:
            out.append(source[at:cmd.out_start])
            ok = docrun.matches(cmd.expected, ran.output) and ran.status == cmd.status
            out.append(source[cmd.out_start:cmd.out_end] if ok else docrun.show(ran))
            at = cmd.out_end
        new = "".join(out) + source[at:]
        block = "".join(prefix + ln if ln.strip() else ln for ln in new.splitlines(keepends=True))
        text = text[:content_start] + block + text[content_end:]
    return text


def main(argv: list[str]) -> int:
    check = "--check" in argv
    names = [a for a in argv if not a.startswith("--")] or list(docrun.DOCUMENTS)
    stale = 0
    for name in names:
        path = ROOT / name
        text = path.read_text(encoding="utf-8")
        outcomes = docrun.run_document(name, text)
        others = [o for o in outcomes if o.problem and o.kind != "console"]
        for o in others:
            print(f"{name}:{o.line}: ```{o.kind}: {o.problem} (fix it by hand)", file=sys.stderr)
        new = refreshed(text, outcomes)
        if new != text:
            stale += 1
            if check:
                print(f"{name}: transcripts are stale", file=sys.stderr)
            else:
                path.write_text(new, encoding="utf-8")
                print(f"{name}: transcripts rewritten", file=sys.stderr)
        stale += bool(others)
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
