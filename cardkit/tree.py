"""The game-free core of an information-set tree search: nodes and how a walk picks.

Single-observer information-set MCTS (SO-ISMCTS, Cowling, Powley and Whitehouse
2012) grows **one** tree for every world drawn from a seat's view.  Its nodes are
keyed by the moves as the table sees them (a card game's plays are face up), so
the tree knows no more than the seat does.  What a game supplies is its walk:
how a world is played, which moves are offered at a node (the ones legal *in
this world*), who moved, and what that mover is credited with.  What is the same
for every game lives here:

* :class:`Node`: visits, the results credited to the player who moved into it,
  and availability (the parent's visits in which the move was legal).
* :func:`select`: the first offered move without a child gets one (expansion:
  the walk stops there); otherwise the best ``mean + explore·√(ln avail / visits)``
  among the offered children.  Availability counts keep a move legal in few
  worlds from being punished for the worlds it was absent from.
* :func:`follow_first`: the first offered move, the only one counted available
  (a game's walk uses it where it models a player by its rule of thumb).
* :func:`most_visited`: the move the search plays.

Used by :mod:`napoleon.ai.ismcts` and :mod:`durak.ai.ismcts`.  Nothing here draws
random numbers: a walk is decided by its worlds and their order.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from math import inf, log, sqrt
from typing import Generic, TypeVar

#: A move as the tree keys it: public, hashable (a Durak action, a Napoleon card and
#: its named suit).
M = TypeVar("M", bound=Hashable)


class Node(Generic[M]):
    """One public position: the statistics of the move into it, and its children."""

    __slots__ = ("avail", "children", "mover", "total", "visits")

    def __init__(self, mover: int) -> None:
        #: the player who made the move into this node (credited with its results)
        self.mover = mover
        self.visits = 0
        #: the sum of the results credited to ``mover`` over the visits
        self.total = 0.0
        #: the parent's visits in which this move was offered
        self.avail = 0
        self.children: dict[M, Node[M]] = {}

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


def select(node: Node[M], moves: Sequence[M], mover: int, explore: float) -> tuple[M, bool]:
    """The move to follow from ``node`` among ``moves`` (offered now), and whether it
    is new: the first one without a child gets one, made by ``mover`` (the others
    count as available); else the best UCB score (ties: the first)."""
    children = node.children
    for m in moves:
        if m not in children:
            for other in moves:
                if other in children:
                    children[other].avail += 1
            child = children[m] = Node(mover)
            child.avail = 1
            return m, True
    best, best_score = moves[0], -inf
    for m in moves:
        ch = children[m]
        ch.avail += 1
        score = ch.total / ch.visits + explore * sqrt(log(ch.avail) / ch.visits)
        if score > best_score:
            best, best_score = m, score
    return best, False


def follow_first(node: Node[M], moves: Sequence[M], mover: int) -> tuple[M, bool]:
    """``moves[0]`` from ``node``, and whether it is new.  Only that child counts as
    available: the others were not offered this time."""
    m = moves[0]
    child = node.children.get(m)
    if child is None:
        child = node.children[m] = Node(mover)
        child.avail = 1
        return m, True
    child.avail += 1
    return m, False


def most_visited(root: Node[M], moves: Sequence[M]) -> M:
    """The most visited of ``moves`` at ``root`` (ties: the better mean, then the first)."""

    def rank(i: int) -> tuple[int, float, int]:
        child = root.children.get(moves[i])
        if child is None:
            return (0, 0.0, -i)
        return (child.visits, child.mean(), -i)

    return moves[max(range(len(moves)), key=rank)]


def paths(root: Node[M]) -> set[tuple[M, ...]]:
    """Every node's key: the moves from the root (what the tree has seen)."""
    out: set[tuple[M, ...]] = set()
    stack: list[tuple[tuple[M, ...], Node[M]]] = [((), root)]
    while stack:
        key, node = stack.pop()
        out.add(key)
        stack.extend(((*key, m), child) for m, child in node.children.items())
    return out


__all__ = ["Node", "follow_first", "most_visited", "paths", "select"]
