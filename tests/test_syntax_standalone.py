"""The ruleset parser is Lark's standalone parser (mjdsl/syntax/standalone.py, written by
tools/gen_parser.py): kept up to date with the grammar, read without importing Lark, and
made from Lark's own tables when the grammar changed and the module was not written again.
(tests/test_syntax_lexer.py compares what it reads with Lark's own parser.)"""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

from mjdsl.syntax import parse as P
from mjdsl.syntax import standalone as S

ROOT = Path(__file__).resolve().parent.parent


def test_the_standalone_module_is_up_to_date():
    """If this fails: python tools/gen_parser.py (after editing mjdsl.lark or updating Lark)."""
    assert S.GRAMMAR_SHA256 == hashlib.sha256(P.grammar_text().encode("utf-8")).hexdigest()
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "gen_parser.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_the_tool_finds_a_module_out_of_date(tmp_path, monkeypatch):
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import gen_parser
    finally:
        sys.path.remove(str(ROOT / "tools"))
    stale = tmp_path / "standalone.py"
    written = (ROOT / "mjdsl" / "syntax" / "standalone.py").read_text(encoding="utf-8")
    stale.write_text(written.replace(S.GRAMMAR_SHA256, "0" * 64), encoding="utf-8")
    monkeypatch.setattr(gen_parser, "OUT", stale)
    assert gen_parser.main(["--check"]) == 1
    stale.write_text(written, encoding="utf-8")
    assert gen_parser.main(["--check"]) == 0


def test_reading_a_ruleset_imports_no_lark():
    code = ("import sys\nfrom mjdsl.frontend.checked import check_file\n"
            f"check_file({str(ROOT / 'rulesets' / 'classical.mj')!r})\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('lark', 'interegular')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_an_edited_grammar_is_read_with_tables_lark_makes(monkeypatch):
    """The fallback: the module's tables are of another grammar, so Lark makes them, and the
    same standalone parser (the same classes the builder and the messages know) reads with them."""
    text = (ROOT / "rulesets" / "classical.mj").read_text(encoding="utf-8")
    broken = text.replace("tiles {", "tiles", 1)
    before = P.parse_text(text), P.parse_text(broken)
    P.parser.cache_clear()
    monkeypatch.setattr(S, "GRAMMAR_SHA256", "0" * 64)
    try:
        p = P.parser()
        assert isinstance(p, S.Lark) and p is not None
        after = P.parse_text(text), P.parse_text(broken)
    finally:
        P.parser.cache_clear()
    assert after[0].program == before[0].program and after[0].program is not None
    assert after[1].diagnostics == before[1].diagnostics and after[1].diagnostics
