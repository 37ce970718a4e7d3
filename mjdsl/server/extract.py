"""Babel extractors for the club's catalog: words the rule book prints that are data, not code.

The rule book says a fact by its meaning (``mjdsl.facts``: "the winning tile was robbed
from another player's added kong") and an option by the meaning its ruleset declares
(``option charleston = on "Charleston before play"``). Neither is a ``_()`` call, so
``pybabel extract`` would not see them; ``babel.cfg`` names these functions for
``mjdsl/facts.py`` and the shipped rulesets, and the rule book asks the catalog for
each meaning it prints (a meaning the catalog lacks stays as written).
"""

from __future__ import annotations


def facts(fileobj, keywords, comment_tags, options):
    """The meaning of every fact and wait shape (``mjdsl/facts.py``), as Babel extractors yield."""
    from .. import facts as F

    seen = set()
    for meaning in [f.meaning for f in F.FACTS.values()] + list(F.WAIT_SHAPES.values()):
        if meaning not in seen:
            seen.add(meaning)
            yield 0, None, meaning, []


def ruleset_options(fileobj, keywords, comment_tags, options):
    """The meaning of every option a ruleset file declares (a file that does not parse has none)."""
    from .. import ast as A
    from ..syntax.parse import parse_text

    program = parse_text(fileobj.read().decode("utf-8")).program
    for decl in program.all(A.OptionDecl) if program is not None else ():
        if decl.meaning:
            yield decl.span.line, None, decl.meaning, []
