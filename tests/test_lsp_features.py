"""The language server's answers, asked directly (no protocol): the cases the editor
session in test_lsp.py does not walk through."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("lsprotocol")

from mjdsl.lsp.analysis import analyze  # noqa: E402
from mjdsl.lsp.complete import completions  # noqa: E402
from mjdsl.lsp.hover import hover_text  # noqa: E402
from mjdsl.lsp.navigate import definition, formatting, symbols  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
AMERICAN = ROOT / "rulesets" / "american.mj"


def _analysis(path: Path, text: str | None = None):
    return analyze(path, path.read_text(encoding="utf-8") if text is None else text, {})


def _find(text: str, needle: str) -> tuple[int, int]:
    for i, line in enumerate(text.splitlines()):
        if needle in line:
            return i, line.index(needle)
    raise AssertionError(needle)


def test_hover_on_a_tile_code_names_the_tile():
    a = _analysis(AMERICAN)
    line, col = _find(a.text, 'joker "J" x8')
    text = hover_text(a, line, col + 8)
    assert "tile `J`" in text and "(joker)" in text and "8 in the set" in text


def test_hover_on_nothing_says_nothing():
    a = _analysis(AMERICAN)
    assert hover_text(a, 0, 0) is None  # inside the first comment


def test_an_unsaved_text_is_checked_not_the_file():
    edited = _analysis(AMERICAN, AMERICAN.read_text(encoding="utf-8").replace('joker "J" x8', 'joker "J" x0'))
    new = {d.code for d in edited.diagnostics} - {d.code for d in _analysis(AMERICAN).diagnostics}
    assert new and all(Path(d.span.path).resolve() == AMERICAN.resolve() for d in edited.diagnostics)


def test_completion_offers_claim_and_pattern_names():
    a = _analysis(ROOT / "rulesets" / "classical.mj")
    line, _ = _find(a.text, "priority")
    details = {i.label: i.detail for i in completions(a, line, 4)}
    assert {details[n] for n in ("pung", "chow", "kong")} == {"claim"}
    assert details["thirteen_orphans"] == details["nine_gates"] == "pattern"


def test_completion_in_a_card_offers_its_words_and_annotations():
    a = _analysis(ROOT / "rulesets" / "cards" / "club-2026.card")
    labels = {i.label for i in completions(a, 8, 0)}
    assert {"section", "year", "points", "any run or number", "concealed"} <= labels


def test_definition_of_a_card_reference_opens_the_card():
    a = _analysis(AMERICAN)
    line, col = _find(a.text, '    card "')
    loc = definition(a, line, col + 7)
    assert loc is not None and loc.uri.endswith("/rulesets/cards/club-2026.card")


def test_symbols_of_a_ruleset_nest_the_names_inside_blocks():
    a = _analysis(ROOT / "rulesets" / "classical.mj")
    syms = {s.name: s for s in symbols(a)}
    claims = syms["claims"]
    assert {"pung", "chow"} <= {c.name for c in claims.children}
    for child in claims.children:  # a parent's range encloses its children
        assert (claims.range.start.line, claims.range.end.line) <= (child.range.start.line, claims.range.end.line)
        assert child.range.end.line <= claims.range.end.line


def test_formatting_a_file_that_does_not_parse_changes_nothing():
    a = _analysis(AMERICAN, "tiles {\n    suit bam\n")
    assert formatting(a) is None
    assert formatting(_analysis(AMERICAN)) == []  # the shipped file is already formatted


def test_mjdsl_lsp_without_pygls_says_how_to_install_it(monkeypatch, capsys):
    import builtins

    from mjdsl.cli import main

    real = builtins.__import__

    def no_pygls(name, *args, **kwargs):
        if name.startswith("pygls"):
            raise ImportError("No module named 'pygls'", name="pygls")
        return real(name, *args, **kwargs)

    import sys

    for mod in [m for m in sys.modules if m.startswith("mjdsl.lsp")]:
        monkeypatch.delitem(sys.modules, mod)
    monkeypatch.setattr(builtins, "__import__", no_pygls)
    assert main(["lsp"]) == 2
    assert "pip install 'mjdsl[lsp]'" in capsys.readouterr().err


def test_a_document_not_saved_yet_is_checked_from_its_text(tmp_path):
    a = analyze(tmp_path / "new.mj", 'extends "classical.mj"\nset limit = "high"\n', {})
    assert [d.code for d in a.diagnostics if d.is_error] and all(d.code != "MJ206" for d in a.diagnostics)
    assert a.ctx is not None and "limit" in a.ctx.options  # the base came from the ruleset library
