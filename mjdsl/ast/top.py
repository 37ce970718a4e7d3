"""Top-level statements: the ruleset's name, composition, options, the flow; and a Program."""

from __future__ import annotations

from typing import Any

import attrs

from ..source import Span
from .expr import T, Value, Word
from .make import node



@node
class RulesetDecl:
    name: str
    span: Span


@node
class Extends:
    """``extends "base.mj"``: this file is an overlay stating only its differences."""

    path: str
    span: Span


@node
class Include:
    """``include "part.mj"``: the statements of another file, in place."""

    path: str
    span: Span


@node
class OptionDecl:
    """``option NAME = DEFAULT "meaning" [one of ...] [range LO..HI]``."""

    name: Word
    default: Value
    meaning: str
    choices: tuple[Word, ...] = ()
    range: tuple[float, float] | None = None
    span: Span = attrs.field(kw_only=True)


@node
class SetOption:
    """``set NAME = VALUE``: an option's value in force (overlays, house rules)."""

    name: Word
    value: Value
    span: Span


@node
class Remove:
    """``remove NAME...``: drop named rules, patterns or claims of the base ruleset."""

    names: tuple[Word, ...]
    span: Span


@node
class RemoveBlock:
    """``remove KIND { ... }``: drop each statement written in the block from the base's
    block of that kind, wherever it stands there (the statement as the base writes it,
    spans aside; see :func:`mjdsl.ast.same.same_node`)."""

    block: Any
    span: Span


@node
class Flow:
    """``flow deal -> charleston -> play``: the phases of a hand, in order."""

    phases: tuple[Word, ...]
    span: Span


@node
class Program:
    """One parsed file: its statements in order. ``counts``: MJ239 diagnostics, counts
    written with a fraction (the tree is whole: the loader reports them, the formatter
    lays the file out all the same)."""

    path: str
    stmts: tuple
    span: Span
    counts: tuple = ()

    def all(self, cls: type[T]) -> list[T]:
        return [s for s in self.stmts if isinstance(s, cls)]
