"""Whether two nodes say the same thing, wherever they were written.

Nodes compare equal only with their spans; an overlay's ``remove KIND { ... }``
names a base statement by writing it again, elsewhere, so it is found by
:func:`same_node`: every field alike, spans (and the spans of the words and
expressions inside) aside.
"""

from __future__ import annotations

import attrs


def same_node(a, b) -> bool:
    """True when ``a`` and ``b`` are the same statement (or value), spans ignored."""
    if type(a) is not type(b):
        return False
    if attrs.has(type(a)):
        return all(same_node(getattr(a, f.name), getattr(b, f.name))
                   for f in attrs.fields(type(a)) if f.name != "span")
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(same_node(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_node(a[k], b[k]) for k in a)
    return a == b
