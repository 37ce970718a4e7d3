"""The grammar itself: conflict-free, every rule built, and which keywords may be names.

mjdsl.lark is LALR with Lark's contextual lexer, so a fixed word is only a keyword
where the parser can take it: after `option`, `claim`, `rule`... only a name can
follow, and `pass`, `limit` or `from` are names there. Where a name and the same
word as a keyword could both stand, the keyword wins; RESERVED below records the
places where that bites.
"""

from __future__ import annotations

import attrs
import pytest

from mjdsl import ast as A
from mjdsl.syntax.build import Builder
from mjdsl.syntax.parse import parse_text, parser


def test_grammar_builds_in_strict_mode():
    """strict=True makes Lark fail on any shift/reduce conflict or terminal collision."""
    p = parser(strict=True)
    assert p.rules and p.terminals


def _rules_needing_a_method() -> set[str]:
    """Tree node names the parser can produce: rules, aliases, and `?rules` with 2+ children."""
    names = set()
    for r in parser().rules:
        origin = r.origin.name
        if r.alias:
            names.add(r.alias)
        elif origin.startswith("_"):
            continue  # inlined helpers (_open, repetitions)
        elif not r.options.expand1:
            names.add(origin)
        else:
            kept = [s for s in r.expansion if not (s.is_term and s.filter_out)]
            if len(kept) > 1:
                names.add(origin)
    return names


def test_every_rule_and_alias_has_a_builder_method():
    missing = sorted(n for n in _rules_needing_a_method() if not callable(getattr(Builder, n, None)))
    assert not missing, f"grammar rules with no Builder method: {missing}"


def test_every_builder_method_is_a_rule():
    """Names line up: a public Builder method that no rule calls is dead code or a typo."""
    rules = _rules_needing_a_method()
    for r in parser().rules:
        rules.add(r.origin.name)
    public = {n for n in vars(Builder) if not n.startswith("_") and callable(getattr(Builder, n))}
    helpers = {"transform"}
    assert sorted(public - rules - helpers) == []


# -- keywords as names ------------------------------------------------------------


def _words(node) -> set[str]:
    """Every name written in a parsed program (Word texts and expression Names)."""
    out: set[str] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, A.Word):
            out.add(n.text)
        elif isinstance(n, A.Name):
            out.add(n.id)
        elif isinstance(n, (tuple, list)):
            stack.extend(n)
        elif attrs.has(type(n)):
            stack.extend(getattr(n, f.name) for f in attrs.fields(type(n)))
    return out


#: (what, text, the keyword used as a name) that parse, with the word read as a name.
NAMES_OK = [
    ("option named pass", 'option pass = on "P"\nset pass = off\n', "pass"),
    ("option named limit, used as the limit", 'option limit = 500 "L"\nscoring {\n    limit limit\n}\n', "limit"),
    ("option named pass in a condition", 'option pass = on "P"\ncharleston when pass {\n    pass 3 right\n}\n', "pass"),
    ("option named when", 'option when = off "W"\ncharleston when when {\n}\n', "when"),
    ("option named and, after and", 'option a = off "A"\noption and = off "B"\ncharleston when a and and {\n}\n', "and"),
    ("option named or", 'option or = off "O"\ncharleston when or {\n}\n', "or"),
    ("claim named from", 'claims {\n    claim from 3 same from any\n    priority from\n}\n', "from"),
    ("claim named any, first in priority", 'claims {\n    claim any 3 same from any\n    priority any\n}\n', "any"),
    ("pattern named concealed", 'winning {\n    pattern concealed {\n        sets 4\n    }\n}\n'
                                'scoring {\n    rule a: 1 double when pattern(concealed)\n}\n', "concealed"),
    ("suit named dragon", 'tiles {\n    suit dragon "d" 1..9 x4\n}\n', "dragon"),
    ("class named wind in a pattern", 'tiles {\n    class wind "N"\n}\nwinning {\n    pattern p {\n'
                                      '        each of wind + dragon\n    }\n}\n', "wind"),
    ("score rule named limit", 'scoring {\n    rule limit: 1 limit\n}\n', "limit"),
    ("score rule named rule", 'scoring {\n    rule rule: 1 limit\n}\n', "rule"),
    ("announcement named after", 'play {\n    announce after after first discard\n}\n'
                                 'scoring {\n    rule a: 1 double when announced(after)\n}\n', "after"),
    ("optional round named pass", 'charleston {\n    optional pass stopped by any {\n        pass 3 left\n    }\n}\n', "pass"),
    ("penalty named limit", 'payments {\n    penalty limit: -10 points\n}\n', "limit"),
    ("choice named one, first", 'option style = one "S" one of one two\n', "one"),
    ("choice default that is a keyword", 'option mode = limit "M" one of limit roof\nset mode = roof\n', "roof"),
    ("removing names that are keywords", 'remove pass limit rule\n', "rule"),
]


@pytest.mark.parametrize("what,text,word", NAMES_OK, ids=[c[0] for c in NAMES_OK])
def test_keyword_works_as_a_name(what, text, word):
    parsed = parse_text(text)
    assert parsed.diagnostics == (), parsed.diagnostics
    assert word in _words(parsed.program)


#: (what, text, code or None) where a keyword can't be a name. None: it parses, as the keyword.
RESERVED = [
    # `not` starts an expression, so an option named `not` can be declared but never read
    ("option named not, in a condition", 'option not = off "N"\ncharleston when not {\n}\n', "MJ102"),
    # after `one more of` both a class name and `that suit` may follow: `that` is the keyword
    ("class named that", 'tiles {\n    class that "1b"\n}\nwinning {\n    pattern p {\n'
                         '        one more of that\n    }\n}\n', "MJ102"),
    # after the first choice, `range` may start the range clause
    ("choice named range", 'option style = fast "S" one of fast range\n', "MJ102"),
    # the words of a boolean are values wherever a value may stand: an option named
    # `on` or `yes` can be declared, but `when on` means true, not the option
    ("option named on, read as true", 'option on = off "O"\ncharleston when on {\n}\n', None),
    ("option named yes, read as true", 'option yes = off "Y"\nsession {\n    hands yes\n}\n', None),
]


@pytest.mark.parametrize("what,text,code", RESERVED, ids=[c[0] for c in RESERVED])
def test_keyword_that_cannot_be_a_name(what, text, code):
    parsed = parse_text(text)
    if code is not None:
        assert code in [d.code for d in parsed.diagnostics]
        return
    assert parsed.diagnostics == ()
    exprs = [s.condition for s in parsed.program.stmts if isinstance(s, A.CharlestonBlock)]
    exprs += [x.expr for s in parsed.program.stmts if isinstance(s, A.SessionBlock) for x in s.stmts]
    assert exprs and all(isinstance(e, A.Bool) and e.value is True for e in exprs)


def test_keywords_are_lower_case_only():
    parsed = parse_text('Ruleset "A"\n')
    assert [d.code for d in parsed.diagnostics] == ["MJ119"]


def test_numbers_are_not_names():
    """Counts are literal numbers: `all x` with an option x is a syntax error."""
    parsed = parse_text('option x = 4 "X"\ndeal {\n    all x\n}\n')
    assert [d.code for d in parsed.diagnostics] == ["MJ102"]


@pytest.mark.parametrize("text,word,column,close", [
    # where no name may stand, `any` is matched at the start of `anyone`: the error was
    # "expected `or`, `when` ... found `one`", a word the user never wrote
    ("claims {\n    claim pung 3 same from anyone\n}\n", "anyone", 28, "any"),
    ("claims {\n    claim pung 3 same from lefty\n}\n", "lefty", 28, "left"),
    ("claims {\n    claim pung 3 same from anyonewhatsoever\n}\n", "anyonewhatsoever", 28, None),
])
def test_a_word_the_lexer_split_is_told_whole_at_its_span(text, word, column, close):
    [d] = parse_text(text).diagnostics
    assert (d.code, d.span.line, d.span.column, d.span.end_column) == ("MJ104", 2, column, column + len(word))
    assert d.message == (f"unknown word `{word}`: did you mean `{close}`?" if close else f"unknown word `{word}` here")
    assert "`any`" in d.hint and "`left`" in d.hint
