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
from typing import TypeVar

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
