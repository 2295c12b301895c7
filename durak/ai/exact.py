"""The one exact endgame search both Durak engines use, told the game by six functions.

A game of perfect information between two sides is searched to its end with
alpha-beta over the three values a game can have for one seat (1 not the
durak, ½ a draw, 0 the durak), a transposition table and move ordering (the
table's best move first, then the game's pick, then the legal order).  The
game comes in as an :class:`ExactGame`: its positions' key, its legal moves,
its pick among them, a copy of a position with a move made, its finished
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
    #: The legal moves, in a fixed order; never empty while the game lasts.
    legal: Callable[[S], list[A]]
    #: The move searched first when the table has none (one of ``legal``'s).
    pick: Callable[[S, list[A]], A]
    #: A copy of the position with the move made (the position itself unchanged).
    play: Callable[[S, A], S]
    #: Whether the seat's side is to act.
    maxing: Callable[[S], bool]


def solve(game: ExactGame[S, K, A], root: S, nodes: int,
          deadline: float | None = None) -> tuple[float, A, int] | None:
    """The exact value of ``root`` for the seat, a move reaching it and the nodes
    searched, or None when more than ``nodes`` nodes would be searched, the clock
    passes ``deadline`` (a :func:`time.perf_counter` reading) or the stack runs out.
    ``root`` must not be finished.  Without a deadline the answer depends only on
    ``game`` and ``root`` and ``nodes``."""
    value_of, key_of, legal_of, pick, play, maxing_of = (
        game.value, game.key, game.legal, game.pick, game.play, game.maxing)
    table: dict[K, tuple[float, int, A]] = {}
    path: set[K] = set()
    count = 0
    clock = time.perf_counter

    def search(st: S, alpha: float, beta: float) -> tuple[float, A | None, bool]:
        """The value of ``st`` within (alpha, beta), the best move, and whether the value
        rests on a cycle's draw."""
        nonlocal count
        end = value_of(st)
        if end is not None:
            return end, None, False
        count += 1
        if count > nodes or (deadline is not None and not count & 255
                             and clock() > deadline):
            raise OutOfBudget
        key = key_of(st)
        if key in path:
            return 0.5, None, True
        hint: A | None = None
        hit = table.get(key)
        if hit is not None:
            value, flag, hint = hit
            if flag == EXACT or (flag == LOWER and value >= beta) or (
                    flag == UPPER and value <= alpha):
                return value, hint, False
        legal = legal_of(st)
        first = hint if hint is not None else pick(st, legal)
        moves = [first] + [a for a in legal if a != first]
        maxing = maxing_of(st)
        a0, b0 = alpha, beta
        best, best_i, tainted = (-1.0 if maxing else 2.0), 0, False
        path.add(key)
        try:
            for i, a in enumerate(moves):
                v, _, t = search(play(st, a), alpha, beta)
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
            path.discard(key)
        if not tainted:
            flag = UPPER if best <= a0 else LOWER if best >= b0 else EXACT
            table[key] = (best, flag, moves[best_i])
        return best, moves[best_i], tainted

    try:
        # Every value lies in [0, 1]: the window (0, 1) is exact and cuts at a sure win or loss.
        value, action, _ = search(root, 0.0, 1.0)
    except (OutOfBudget, RecursionError):
        return None
    if action is None:
        raise ValueError("the game is over: there is no move to find")
    return value, action, count


__all__ = ["ExactGame", "OutOfBudget", "solve"]
