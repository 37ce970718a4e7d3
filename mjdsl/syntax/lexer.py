"""The ruleset parser's lexer: Lark's contextual lexer, each terminal's pattern compiled once.

(Lark's lexer as the standalone parser, :mod:`.standalone`, holds it.)

Lark's contextual lexer gives each parser state a scanner for the terminals that state
accepts: one regular expression, the alternation of their patterns, compiled when the
state is first met. Reading ``classical.mj`` meets 134 states, and compiling their
alternations was about 0.03 s of every ``mjdsl check`` (docs/performance.md,
"Start-up"). :func:`share_patterns` gives the parser's state lexers a scanner that tries
the state's terminals one by one in Lark's order, each terminal's pattern compiled once
for every state. An alternation matches with the first of its alternatives that
matches at that position, and a terminal's pattern is the same inside it as alone, so
the tokens are the same (``tests/test_syntax_lexer.py`` compares them, positions and
errors included, with Lark's own lexer). Only the scanning changes: the keywords that
a name also matches (Lark's ``_create_unless``), the states, the error path are Lark's.
"""

from __future__ import annotations

import functools
from typing import Any

from .standalone import BasicLexer, ContextualLexer, Lark, Scanner, _create_unless


@functools.lru_cache(maxsize=None)
def _pattern(name: str, regexp: str, flags: int, re_module: Any, use_bytes: bool):
    source = f"(?P<{name}>{regexp})"
    return re_module.compile(source.encode("latin-1") if use_bytes else source, flags)


class _OneByOne(Scanner):
    """Lark's scanner, its alternation replaced by each terminal's own pattern, in order."""

    def _build_mres(self, terminals, max_size):
        return [_pattern(t.name, t.pattern.to_regexp(), self.g_regex_flags, self.re_, self.use_bytes)
                for t in terminals]


class _SharedPatternLexer(BasicLexer):
    """A state's lexer whose scanner is :class:`_OneByOne` (built when the state is first met, as Lark's)."""

    def _build_scanner(self) -> Scanner:
        assert not self.user_callbacks, "the ruleset parser has no lexer callbacks"
        terminals, self.callback = _create_unless(self.terminals, self.g_regex_flags, self.re, self.use_bytes)
        return _OneByOne(terminals, self.g_regex_flags, self.re, self.use_bytes)


def share_patterns(parser: Lark) -> Lark:
    """``parser`` (LALR, contextual lexer), its state lexers scanning with shared patterns."""
    contextual = parser.parser.lexer
    assert isinstance(contextual, ContextualLexer), type(contextual)
    for lexer in {id(lx): lx for lx in (*contextual.lexers.values(), contextual.root_lexer)}.values():
        assert type(lexer) is BasicLexer and lexer._scanner is None, "share_patterns before the first parse"
        lexer.__class__ = _SharedPatternLexer
    return parser
