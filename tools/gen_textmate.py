"""Write the TextMate grammars of editors/vscode/syntaxes/ from mjdsl.highlight.textmate.

The grammars are built from the same patterns as the Pygments lexer and the keywords
of the Lark grammars, so they can't drift from the language. Run it after changing
a grammar or the patterns:

    .venv/bin/python tools/gen_textmate.py          # rewrite the files
    .venv/bin/python tools/gen_textmate.py --check  # exit 1 if one is stale

tests/test_highlight.py fails when a file is out of date.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SYNTAXES = ROOT / "editors" / "vscode" / "syntaxes"
COMMAND = ".venv/bin/python tools/gen_textmate.py"


def rendered() -> dict[Path, str]:
    """Each grammar file's path and the text it should hold."""
    from mjdsl.highlight.textmate import GRAMMARS

    return {SYNTAXES / name: json.dumps(build(), indent=2, ensure_ascii=False) + "\n" for name, build in GRAMMARS.items()}


def main(argv: list[str]) -> int:
    stale = [p for p, text in rendered().items() if not p.is_file() or p.read_text(encoding="utf-8") != text]
    if "--check" in argv:
        for p in stale:
            print(f"{p.relative_to(ROOT)} is out of date: run {COMMAND}", file=sys.stderr)
        return 1 if stale else 0
    SYNTAXES.mkdir(parents=True, exist_ok=True)
    for p, text in rendered().items():
        p.write_text(text, encoding="utf-8")
    print(f"wrote {len(rendered())} grammar(s) to {SYNTAXES.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
