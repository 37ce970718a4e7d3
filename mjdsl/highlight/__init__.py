"""Highlighting for editors and docs: one set of patterns, two engines.

``patterns.py`` holds the regular expressions both highlighters share (tile codes,
card groups, suit letters, the points at the end of a card line) and the keywords,
read from the grammars (:mod:`mjdsl.syntax.words`). ``pygments_lexer.py`` is the
Pygments lexer the docs use (registered as the ``mjdsl`` and ``mjcard`` entry points);
``textmate.py`` builds the TextMate grammars that ``tools/gen_textmate.py`` writes
into ``editors/vscode/syntaxes/`` for VS Code and other TextMate-grammar editors.
"""
