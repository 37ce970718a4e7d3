"""Caches keyed weakly by an object: the answer for an automaton, a tile set, a card.

A dict keyed by ``id(obj)`` can hand an old answer to a new object that happens to
get a dead one's address, and it keeps every answer forever. :class:`ByObject` keys
by identity too (hashing a whole automaton or tile set would cost more than most
answers), but holds its key only weakly: the entry goes when the object does, before
its address can be used again, and a lookup checks that the entry is that object's.
A cached value must not refer to its key (or the key never goes): hold it weakly.
"""

from __future__ import annotations

import weakref
from typing import Callable, Generic, TypeVar

V = TypeVar("V")


class ByObject(Generic[V]):
    """Values by object identity, each kept while its object lives."""

    def __init__(self) -> None:
        self._entries: dict[int, tuple[weakref.ref, V]] = {}

    def get(self, obj: object) -> V | None:
        hit = self._entries.get(id(obj))
        if hit is not None and hit[0]() is obj:
            return hit[1]
        return None

    def put(self, obj: object, value: V) -> V:
        key = id(obj)
        entries = self._entries

        def forget(ref: weakref.ref, key: int = key) -> None:
            # the object is going: drop its entry (unless a newer one has replaced it)
            if entries.get(key, (None,))[0] is ref:
                del entries[key]

        entries[key] = (weakref.ref(obj, forget), value)
        return value

    def setdefault(self, obj: object, make: Callable[[], V]) -> V:
        """The value for ``obj``, made by ``make()`` the first time."""
        hit = self.get(obj)
        return self.put(obj, make()) if hit is None else hit

    def __len__(self) -> int:
        return len(self._entries)


#: how many answers a :class:`Kept` memo holds by default before it starts again
KEPT = 1 << 15


class Kept(dict):
    """A memo of at most ``limit`` answers: full, it starts again (empties itself).

    The memos of hand shapes (splits of a suit's counts, its waits) are keyed by what
    a hand holds, and a long run meets ever more shapes: unbounded, they grew with the
    number of hands (issue 12: ``simulate`` of a million hands under 200 MB). The
    common shapes come back at once after a restart; an LRU would cost a bookkeeping
    step on every hit, where this costs nothing until the memo is full. Reads are the
    dict's own; only a write of a new key checks the size.
    """

    __slots__ = ("limit",)

    def __init__(self, limit: int = KEPT) -> None:
        super().__init__()
        self.limit = limit

    def __setitem__(self, key, value) -> None:
        if len(self) >= self.limit and key not in self:
            self.clear()
        dict.__setitem__(self, key, value)

    def setdefault(self, key, default=None):  # through __setitem__, so it is bounded too
        if key in self:
            return self[key]
        self[key] = default
        return default

    def remember(self, key, compute: Callable[[], V]) -> V:
        """The answer for ``key``, made by ``compute()`` the first time (an answer of
        None is made again each time: it reads as not yet known)."""
        hit = self.get(key)
        if hit is None:
            hit = self[key] = compute()
        return hit
