"""What a node says, apart from where it was written.

Nodes compare equal only with their spans. The lints compare an overlay's statement
with its base's, and an overlay's ``remove KIND { ... }`` names a base statement by
writing it again, elsewhere: both read :func:`without_spans`.
"""

from __future__ import annotations

import attrs

from .top import Program


def without_spans(node):
    """A node as plain data, spans (and a program's file name) left out: what it says, not where."""
    if attrs.has(type(node)):
        return (type(node).__name__,) + tuple(
            (f.name, without_spans(getattr(node, f.name)))
            for f in attrs.fields(type(node))
            if f.name != "span" and not (f.name == "path" and isinstance(node, Program))
        )
    if isinstance(node, (tuple, list)):
        return tuple(without_spans(x) for x in node)
    if isinstance(node, str):
        return str(node)  # keyword words carry their span as an attribute
    return node


def same_node(a, b) -> bool:
    """True when ``a`` and ``b`` say the same thing, wherever each was written."""
    return without_spans(a) == without_spans(b)
