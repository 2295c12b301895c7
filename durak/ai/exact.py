"""The one exact endgame search both Durak engines use, told the game by five functions.

A game of perfect information between two sides is searched to its end with
alpha-beta over the three values a game can have for one seat (1 not the
durak, ½ a draw, 0 the durak), a transposition table and move ordering (the
table's best move first, then the game's pick, then the legal order).  The
game comes in as an :class:`ExactGame`: its positions' key, its legal moves
in the order to search, a copy of a position with a move made, its finished
value and whose side is to act; :mod:`durak.ai.endgame` plays the default
game's engine this way and :mod:`durak.ai.pile_endgame` the pile games'.

**Cycles.**  A position met again on the search's own path scores a draw; a
value that rests on such a draw ("tainted") is not stored, so the table never
carries a path's accident into another path, and a draw the search finds is
one the seat can force or the other side can force.

**Budget.**  Every position searched that is not finished counts one node;
past ``nodes`` nodes, or past the deadline (read every 256 nodes), the search
gives up, as it does on running out of stack.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

S = TypeVar("S")  # a position
K = TypeVar("K", bound=Hashable)  # its key
A = TypeVar("A")  # a move

EXACT, LOWER, UPPER = 0, 1, 2


class OutOfBudget(Exception):
    """The node or time budget ran out (caught inside :func:`solve`)."""


@dataclass(frozen=True)
class ExactGame(Generic[S, K, A]):
    """What the search needs to know of a game, from one seat's side."""

    #: The finished position's value for the seat, or None while the game lasts.
    value: Callable[[S], float | None]
    #: Every field that can shape the rest of the game (equal keys, equal futures).
    key: Callable[[S], K]
    #: The legal moves in the order searched, given the table's best move if it has one:
    #: that move first, else the game's own pick, then the rest in the legal order;
    #: never empty while the game lasts.
    moves: Callable[[S, A | None], list[A]]
    #: A copy of the position with the move made (the position itself unchanged).
    play: Callable[[S, A], S]
    #: The side to act; the seat's side is ``me``.
    side: Callable[[S], Hashable]
    me: Hashable



class _Search(Generic[S, K, A]):
    """One search's table, path and count (an object, not a closure: a closure calling
    itself is a reference cycle, which would keep every table alive until the cyclic
    collector ran, and the collector then walks them all)."""

    def __init__(self, game: ExactGame[S, K, A], nodes: int, deadline: float | None) -> None:
        self.value, self.key, self.moves = game.value, game.key, game.moves
        self.play, self.side, self.me = game.play, game.side, game.me
        self.budget = nodes
        self.deadline = deadline
        self.nodes = 0
        self.table: dict[K, tuple[float, int, A]] = {}
        self.path: set[K] = set()

    def search(self, st: S, alpha: float, beta: float) -> tuple[float, A | None, bool]:
        """The value of ``st`` within (alpha, beta), the best move, and whether the value
        rests on a cycle's draw."""
        end = self.value(st)
        if end is not None:
            return end, None, False
        self.nodes += 1
        if self.nodes > self.budget or (self.deadline is not None and not self.nodes & 255
                                        and time.perf_counter() > self.deadline):
            raise OutOfBudget
        key = self.key(st)
        if key in self.path:
            return 0.5, None, True
        hint: A | None = None
        hit = self.table.get(key)
        if hit is not None:
            value, flag, hint = hit
            if flag == EXACT or (flag == LOWER and value >= beta) or (
                    flag == UPPER and value <= alpha):
                return value, hint, False
        moves = self.moves(st, hint)
        maxing = self.side(st) == self.me
        a0, b0 = alpha, beta
        best, best_i, tainted = (-1.0 if maxing else 2.0), 0, False
        self.path.add(key)
        try:
            for i, a in enumerate(moves):
                v, _, t = self.search(self.play(st, a), alpha, beta)
                tainted |= t
                if (v > best) if maxing else (v < best):
                    best, best_i = v, i
                if maxing:
                    alpha = max(alpha, v)
                else:
                    beta = min(beta, v)
                if alpha >= beta:
                    break
        finally:
            self.path.discard(key)
        if not tainted:
            flag = UPPER if best <= a0 else LOWER if best >= b0 else EXACT
            self.table[key] = (best, flag, moves[best_i])
        return best, moves[best_i], tainted


def solve(game: ExactGame[S, K, A], root: S, nodes: int,
          deadline: float | None = None) -> tuple[float, A, int] | None:
    """The exact value of ``root`` for the seat, a move reaching it and the nodes
    searched, or None when more than ``nodes`` nodes would be searched, the clock
    passes ``deadline`` (a :func:`time.perf_counter` reading) or the stack runs out.
    ``root`` must not be finished.  Without a deadline the answer depends only on
    ``game`` and ``root`` and ``nodes``."""
    s = _Search(game, nodes, deadline)
    try:
        # Every value lies in [0, 1]: the window (0, 1) is exact and cuts at a sure win or loss.
        value, action, _ = s.search(root, 0.0, 1.0)
    except (OutOfBudget, RecursionError):
        return None
    if action is None:
        raise ValueError("the game is over: there is no move to find")
    return value, action, s.nodes


__all__ = ["ExactGame", "OutOfBudget", "solve"]
