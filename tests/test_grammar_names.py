"""A grammar alias must not share its name with a rule: the builder has one method per
name, so a clash silently turns a statement into a keyword (it once dropped every
`replace flower season kong` statement)."""

from mjdsl.syntax.parse import parser


def test_no_alias_is_also_a_rule_name():
    p = parser()
    rules = {r.origin.name for r in p.rules}
    clashes = sorted({r.alias for r in p.rules if r.alias and r.alias in rules and r.alias != r.origin.name})
    assert clashes == []
