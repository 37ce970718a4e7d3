"""The ruleset parser (Lark's standalone parser, mjdsl.syntax.standalone, whose lexer
mjdsl.syntax.lexer makes compile each terminal's pattern once for all parser states)
reads exactly what Lark itself reads with its own contextual lexer: the same trees,
the same tokens at the same places, the same errors at the same places."""

from __future__ import annotations

import re
from pathlib import Path

import lark
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjdsl.syntax import lexer as L
from mjdsl.syntax import standalone as S
from mjdsl.syntax.parse import grammar_text, parser
from strategies import every_alternative, mutated, programs

ROOT = Path(__file__).resolve().parent.parent
TEXTS = {p.name: p.read_text(encoding="utf-8")
         for p in sorted((ROOT / "rulesets").rglob("*.mj")) + sorted((ROOT / "examples").rglob("*.mj"))}


def _lark_own() -> lark.Lark:
    return lark.Lark(grammar_text(), parser="lalr", propagate_positions=True, maybe_placeholders=True)


OWN = _lark_own()


def _read(p: lark.Lark, text: str):
    """Everything a parse says: the tree with every token's type and place, or the error."""
    try:
        tree = p.parse(text)
    except (lark.exceptions.UnexpectedInput, S.UnexpectedInput) as e:
        expected = sorted(getattr(e, "expected", None) or getattr(e, "allowed", None) or ())
        token = getattr(e, "token", None)
        return ("error", type(e).__name__, e.line, e.column, expected,
                None if token is None else (token.type, str(token)), getattr(e, "state", None) is not None)
    return ("tree", _plain(tree))


def _plain(node) -> tuple:
    """A tree as plain data, every token with its type and place (the two parsers' trees
    and tokens are of two sets of classes)."""
    if hasattr(node, "data"):
        return (node.data, tuple(_plain(c) for c in node.children))
    if node is None:
        return (None,)
    t = node
    return (t.type, str(t), t.line, t.column, t.end_line, t.end_column, t.start_pos, t.end_pos)


def test_the_parser_scans_with_shared_patterns_and_the_strict_one_with_larks():
    contextual = parser().parser.lexer
    assert {type(lx) for lx in contextual.lexers.values()} == {L._SharedPatternLexer}
    assert type(contextual.root_lexer) is L._SharedPatternLexer
    assert {type(lx) for lx in OWN.parser.lexer.lexers.values()} == {lark.lexer.BasicLexer}
    assert isinstance(parser(), S.Lark) and not isinstance(parser(), lark.Lark)


def test_a_pattern_is_compiled_once_for_every_state():
    text = TEXTS["classical.mj"]
    p = L.share_patterns(S.Lark_StandAlone())
    L._pattern.cache_clear()
    p.parse(text)
    info = L._pattern.cache_info()
    terminals = {t.name for t in p.terminals}
    assert 0 < info.currsize <= len(terminals) and info.hits > info.currsize


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_every_shipped_ruleset_reads_the_same(name):
    assert _read(parser(), TEXTS[name]) == _read(OWN, TEXTS[name])


def test_every_alternative_of_every_rule_reads_the_same():
    for label, text in every_alternative():
        assert _read(parser(), text) == _read(OWN, text), label


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(TEXTS)).flatmap(lambda n: mutated(TEXTS[n])))
def test_broken_rulesets_fail_the_same_way(text):
    assert _read(parser(), text) == _read(OWN, text)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet='abnorx019."\\ \n\t#{}()-:=.,', max_size=200))
def test_random_text_fails_the_same_way(text):
    assert _read(parser(), text) == _read(OWN, text)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_generated_programs_read_the_same(text):
    assert _read(parser(), text) == _read(OWN, text)


def test_share_patterns_refuses_a_parser_already_used():
    p = S.Lark_StandAlone()
    p.parse('ruleset "r"\n')
    with pytest.raises(AssertionError, match=re.escape("before the first parse")):
        L.share_patterns(p)
