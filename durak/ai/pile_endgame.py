"""The pile games' exact endgame: two seats left, the talon gone, every card known.

With two seats holding cards and an empty talon, a seat knows the other
hand (the rest of the deck: the discard pile and the pile were played face
up), so the rest of the game is a game of perfect information between two
sides (:func:`durak.ai.pile_levels.known_state` builds that one state from a
seat's view).  :func:`solve` searches it to the end with alpha-beta over
the three values a game can have for the seat (1 not the durak, ½ a draw,
0 the durak), a transposition table and move ordering (the table's move,
then the baseline's, then the legal order), playing the mode's own
``legal``/``apply`` so every rule plays as at the table.

**Cycles.**  A take of a one-card pile discards nothing, so two seats can
hand a card back and forth; the engine ends such a game by §6.14's third
occurrence.  The search scores a position met again on its own path as a
draw and stores no value that rests on such a draw (as
:mod:`durak.ai.endgame` does for the default game), so a draw it finds is
one the seat can force or the other side can force.

:func:`solve` returns None when its node budget runs out; the caller then
searches as before (:func:`durak.ai.pile_levels.search`).
"""

from __future__ import annotations

import time
from typing import Final

from durak.ai.pile_baseline import Policy, policy
from durak.pile import dispatch
from durak.pile.actions import PileAction
from durak.pile.state import PileState, copy_state

EXACT, LOWER, UPPER = 0, 1, 2
#: Positions :func:`solve` searches at most by default.
DEFAULT_NODES: Final = 20_000

Key = tuple[int | bytes, ...]


class OutOfBudget(Exception):
    """The node budget ran out (caught inside :func:`solve`)."""


def outcome(st: PileState, seat: int) -> float:
    """A finished game's value for ``seat``."""
    return 0.5 if st.durak is None else 0.0 if st.durak == seat else 1.0


class _Solver:
    def __init__(self, st: PileState, seat: int, nodes: int, deadline: float | None) -> None:
        self.seat = seat
        self.budget = nodes
        self.deadline = deadline
        self.nodes = 0
        mode = dispatch.MODE_RULES[st.rules.mode]
        self.legal, self.apply = mode.legal, mode.apply
        self.pick: Policy = policy(st.rules, st.trump)
        self.table: dict[Key, tuple[float, int, PileAction]] = {}
        self.path: set[Key] = set()

    def search(self, st: PileState, alpha: float, beta: float,
               ) -> tuple[float, PileAction | None, bool]:
        """The value of ``st`` within (alpha, beta), the best move, and whether the value
        rests on a cycle's draw."""
        if st.over:
            return outcome(st, self.seat), None, False
        self.nodes += 1
        if self.nodes > self.budget or (self.deadline is not None and not self.nodes & 255
                                        and time.perf_counter() > self.deadline):
            raise OutOfBudget
        key: Key = (st.to_act, st.leader, int(st.must_beat), bytes(st.pile), *st.hands)
        if key in self.path:
            return 0.5, None, True
        hint: PileAction | None = None
        hit = self.table.get(key)
        if hit is not None:
            value, flag, hint = hit
            if flag == EXACT or (flag == LOWER and value >= beta) or (
                    flag == UPPER and value <= alpha):
                return value, hint, False
        legal = self.legal(st)
        first = hint if hint is not None else self.pick(len(st.pile), legal)
        moves = [first] + [a for a in legal if a != first]
        maxing = st.to_act == self.seat
        a0, b0 = alpha, beta
        best, best_i, tainted = (-1.0 if maxing else 2.0), 0, False
        self.path.add(key)
        try:
            for i, a in enumerate(moves):
                child = copy_state(st)
                self.apply(child, a)
                v, _, t = self.search(child, alpha, beta)
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


def solve(st: PileState, seat: int, nodes: int = DEFAULT_NODES,
          time_limit: float | None = None) -> tuple[float, PileAction] | None:
    """The exact value of ``st`` for ``seat`` (who must be to act, one of two seats left)
    and a move reaching it, or None when more than ``nodes`` positions would be searched
    or ``time_limit`` seconds pass.  Without a time limit the answer depends on ``st``,
    ``seat`` and ``nodes`` only."""
    if st.over or st.in_game.bit_count() != 2:
        raise ValueError("the exact endgame needs a game of two seats left")
    if st.to_act != seat:
        raise ValueError(f"seat {seat} is not to act (seat {st.to_act} is)")
    root = copy_state(st)
    root.history = []  # the record only: no rule reads it back
    s = _Solver(root, seat, nodes,
                None if time_limit is None else time.perf_counter() + time_limit)
    try:
        # Every value lies in [0, 1]: the window (0, 1) is exact and cuts at a sure win or loss.
        value, action, _ = s.search(root, 0.0, 1.0)
    except (OutOfBudget, RecursionError):
        return None
    assert action is not None  # the game is not over
    return value, action


__all__ = ["DEFAULT_NODES", "outcome", "solve"]
