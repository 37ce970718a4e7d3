"""The decorator every class of the typed tree is made with: a frozen attrs class, cheap to make.

Every ``mjdsl check`` makes the tree's 126 classes before it reads a line, and attrs
writes and compiles the source of four methods for each (``__init__``, ``__eq__``,
``__hash__``, ``__repr__``) and builds each class twice to give it slots: about 1 ms a
class, 0.1 s of a check's start-up (docs/performance.md, "Start-up"). :func:`node` lets
attrs write only ``__init__`` (and the frozen ``__setattr__``); ``__eq__``, ``__hash__``
and ``__repr__`` are the functions below, shared by every class and reading the class's
own fields, and the class keeps its ``__dict__``. They answer as attrs' would: equal when
the class is the same and every field is equal, a hash of the same fields, and
``Name(field=value, ...)``. ``attrs.fields``, ``attrs.evolve`` and ``attrs.has`` see an attrs
class as before.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, Callable, TypeVar, dataclass_transform

import attrs

C = TypeVar("C", bound=type)

_frozen = attrs.frozen(slots=False, repr=False, eq=False)


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple]:
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return attrgetter(*names) if names else (lambda obj: ())


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is not self.__class__:
        return NotImplemented
    values = self.__class__._node_eq
    return values(self) == values(other)


def _hash(self: Any) -> int:
    return hash((self.__class__.__qualname__, self.__class__._node_hash(self)))


def _repr(self: Any) -> str:
    fields = ", ".join(f"{name}={show(getattr(self, name))}" for name, show in self.__class__._node_repr)
    return f"{self.__class__.__qualname__.rsplit('>.', 1)[-1]}({fields})"


@dataclass_transform(frozen_default=True, field_specifiers=(attrs.field,))
def node(cls: C) -> C:
    """``@attrs.frozen`` for a class of the typed tree (see the module's docstring)."""
    cls = _frozen(cls)
    fields = attrs.fields(cls)
    shared = {
        "_node_eq": staticmethod(_getter(tuple(a.name for a in fields if a.eq))),
        "_node_hash": staticmethod(_getter(tuple(a.name for a in fields if a.hash or (a.hash is None and a.eq)))),
        "_node_repr": tuple((a.name, repr if a.repr is True else a.repr) for a in fields if a.repr is not False),
        "__eq__": _eq, "__hash__": _hash, "__repr__": _repr,
    }
    for name, value in shared.items():
        setattr(cls, name, value)
    return cls
