"""A small cache that forgets everything once it is full.

The engines build a few objects per rule set (a trick judge, the policy's
beater tables) and look them up in their hottest loops. A dict subclass with
``__missing__`` keeps a hit at the cost of a plain ``d[key]``; a miss builds
the value with ``make(key)``. Past ``limit`` entries the whole cache is
cleared before the new one goes in, so a long run over many rule sets (the
fuzzers, the arenas over every preset) cannot grow it without bound.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class ClearingCache(dict[K, V]):
    """``cache[key]`` is ``make(key)``, built once and kept until more than
    ``limit`` entries are held.

    >>> built = []
    >>> squares = ClearingCache(lambda n: built.append(n) or n * n, limit=2)
    >>> squares[3], squares[3], built
    (9, 9, [3])
    >>> _ = squares[4], squares[5]
    >>> len(squares)
    3
    >>> _ = squares[6]
    >>> sorted(squares)
    [6]
    """

    __slots__ = ("_limit", "_make")

    def __init__(self, make: Callable[[K], V], limit: int) -> None:
        super().__init__()
        self._make = make
        self._limit = limit

    def __missing__(self, key: K) -> V:
        if len(self) > self._limit:
            self.clear()
        value = self[key] = self._make(key)
        return value


Obj = TypeVar("Obj")
E = TypeVar("E", bound=Hashable)


class IdentityCache(Generic[Obj, E, V]):
    """``cache(obj, extra)`` is ``make(obj, extra)``, found first by ``obj``'s
    identity: for keys whose hash and equality cost more than the lookup is worth
    (a :class:`napoleon.rules.Rules` has 33 fields, and the playouts ask for its
    trick judge once per simulated contract).  An equal but distinct ``obj`` gets
    what ``make`` gives it (``make`` may be a cache by value); the entry holds
    ``obj``, so its id cannot be reused meanwhile.  Cleared past ``limit`` entries.

    >>> built = []
    >>> cache = IdentityCache(lambda o, k: built.append(k) or (len(o), k), limit=8)
    >>> key = ["a", "b"]
    >>> cache(key, 1), cache(key, 1), cache(["a", "b"], 1), built
    ((2, 1), (2, 1), (2, 1), [1, 1])
    """

    __slots__ = ("_entries", "_limit", "_make")

    def __init__(self, make: Callable[[Obj, E], V], limit: int) -> None:
        self._entries: dict[tuple[int, E], tuple[Obj, V]] = {}
        self._make = make
        self._limit = limit

    def __call__(self, obj: Obj, extra: E) -> V:
        hit = self._entries.get((id(obj), extra))
        if hit is not None and hit[0] is obj:
            return hit[1]
        if len(self._entries) > self._limit:
            self._entries.clear()
        value = self._make(obj, extra)
        self._entries[id(obj), extra] = (obj, value)
        return value
