"""The typed tree's classes are made by ``mjdsl.ast.make.node`` (start-up, issue 12), and answer
equality, hashing and ``repr`` exactly as the ``@attrs.frozen`` classes they replace."""

from __future__ import annotations

import inspect

import attrs
import pytest

from mjdsl import ast as A
from mjdsl.ast import make as N
from mjdsl.source import Span
from mjdsl.syntax.parse import parse_text

SPAN = Span.point("a.mj", 3, 4)


def _twin(cls: type) -> type:
    """The same class made by ``@attrs.frozen``: the answers to compare with."""
    fields = {a.name: attrs.field(kw_only=a.kw_only, default=a.default) for a in attrs.fields(cls)}
    return attrs.make_class(cls.__name__, fields, frozen=True, slots=True)


def _tree_classes() -> list[type]:
    return sorted({c for _, c in inspect.getmembers(A, inspect.isclass) if attrs.has(c) and c.__module__.startswith("mjdsl.ast.")}, key=lambda c: c.__name__)


def test_every_class_of_the_tree_is_made_by_node():
    classes = _tree_classes()
    assert len(classes) > 100
    assert [c.__name__ for c in classes if c.__eq__ is not N._eq or c.__repr__ is not N._repr] == []


def test_a_node_answers_as_its_attrs_twin():
    twin = _twin(A.Word)
    a, b, c = A.Word("x", SPAN), A.Word("x", SPAN), A.Word("y", SPAN)
    ta, tb, tc = twin("x", SPAN), twin("x", SPAN), twin("y", SPAN)
    assert repr(a) == repr(ta) == "Word(text='x', span=" + repr(SPAN) + ")"
    assert (a == b, a == c, a != b, a != c) == (ta == tb, ta == tc, ta != tb, ta != tc) == (True, False, False, True)
    assert hash(a) == hash(b) and len({a, b, c}) == 2
    assert a != ta and a.__eq__(ta) is NotImplemented  # another class is never equal, as with attrs
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        a.text = "z"  # type: ignore[misc]
    assert attrs.evolve(a, text="y") == c
    assert [f.name for f in attrs.fields(A.Word)] == ["text", "span"]


def test_a_keyword_only_field_a_default_and_a_subclass_of_a_block():
    opt = A.OptionDecl(A.Word("a", SPAN), A.Bool(True, SPAN), "m", span=SPAN)
    twin = _twin(A.OptionDecl)
    assert repr(opt) == repr(twin(opt.name, opt.default, "m", span=SPAN)) and "choices=()" in repr(opt)
    assert opt == attrs.evolve(opt, choices=()) and opt != attrs.evolve(opt, range=(1.0, 2.0))
    rs = parse_text('ruleset "r"\ntiles {\n  joker "J" x8\n}\n').program
    assert rs is not None
    block = rs.stmts[1]
    assert isinstance(block, A.Block) and type(block) is not A.Block
    again = parse_text('ruleset "r"\ntiles {\n  joker "J" x8\n}\n').program
    assert again == rs and hash(again) == hash(rs)
    assert repr(again) == repr(rs) and repr(block).startswith(type(block).__name__ + "(")
    assert rs != attrs.evolve(rs, path="other.mj")


def test_a_nodes_repr_is_its_twins_on_every_class_of_a_parsed_ruleset():
    """The ``repr`` of a whole parsed ruleset, node by node, against attrs' own."""
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "rulesets" / "classical.mj").read_text(encoding="utf-8")
    seen: dict[type, object] = {}

    def walk(x):
        if attrs.has(type(x)):
            seen.setdefault(type(x), x)
            for f in attrs.fields(type(x)):
                walk(getattr(x, f.name))
        elif isinstance(x, (tuple, list)):
            for y in x:
                walk(y)

    walk(parse_text(text, "classical.mj").program)
    assert len(seen) > 30
    for cls, obj in seen.items():
        twin = _twin(cls)
        values = {f.name: getattr(obj, f.name) for f in attrs.fields(cls)}
        assert repr(obj) == repr(twin(**values)), cls.__name__
