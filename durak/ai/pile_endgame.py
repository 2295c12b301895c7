"""The pile games' exact endgame: two seats left, the talon gone, every card known.

With two seats holding cards and an empty talon, a seat knows the other
hand (the rest of the deck: the discard pile and the pile were played face
up), so the rest of the game is a game of perfect information between two
sides (:func:`durak.ai.pile_levels.known_state` builds that one state from a
seat's view).  :func:`solve` searches it to the end with
:func:`durak.ai.exact.solve` — alpha-beta over the three values a game can
have for the seat (1 not the durak, ½ a draw, 0 the durak), a transposition
table and move ordering (the table's move, then the baseline's, then the
legal order) — playing the mode's own ``legal``/``apply`` so every rule plays
as at the table.

**Cycles.**  A take of a one-card pile discards nothing, so two seats can
hand a card back and forth; the engine ends such a game by §6.14's third
occurrence.  The search scores a position met again on its own path as a
draw and stores no value that rests on such a draw (the same search as
:mod:`durak.ai.endgame`'s for the default game), so a draw it finds is
one the seat can force or the other side can force.

:func:`solve` returns None when its node budget runs out; the caller then
searches as before (:func:`durak.ai.pile_levels.search`).
"""

from __future__ import annotations

import time
from operator import attrgetter
from typing import Final

from durak.ai.exact import ExactGame
from durak.ai.exact import solve as solve_exactly
from durak.ai.pile_baseline import Policy, policy
from durak.pile import dispatch
from durak.pile.actions import PileAction
from durak.pile.state import PileState, copy_state

#: Positions :func:`solve` searches at most by default.
DEFAULT_NODES: Final = 20_000

Key = tuple[int | bytes, ...]


def outcome(st: PileState, seat: int) -> float:
    """A finished game's value for ``seat``."""
    return 0.5 if st.durak is None else 0.0 if st.durak == seat else 1.0


def key(st: PileState) -> Key:
    """Every field that can shape the rest of the game (the record left out)."""
    return (st.to_act, st.leader, int(st.must_beat), bytes(st.pile), *st.hands)


def _exact_game(st: PileState, seat: int) -> ExactGame[PileState, Key, PileAction]:
    """``st``'s mode as :func:`durak.ai.exact.solve` searches it for ``seat``: the
    mode's own ``legal``/``apply``, the baseline's policy searched first."""
    mode = dispatch.MODE_RULES[st.rules.mode]
    legal, apply = mode.legal, mode.apply
    pick: Policy = policy(st.rules, st.trump)

    def moves(st: PileState, hint: PileAction | None) -> list[PileAction]:
        can = legal(st)
        first = hint if hint is not None else pick(len(st.pile), can)
        return [first] + [a for a in can if a != first]

    def play(st: PileState, a: PileAction) -> PileState:
        child = copy_state(st)
        apply(child, a)
        return child

    return ExactGame(value=lambda st: outcome(st, seat) if st.over else None, key=key,
                     moves=moves, play=play, side=attrgetter("to_act"), me=seat)


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
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    root = copy_state(st)
    root.history = []  # the record only: no rule reads it back
    found = solve_exactly(_exact_game(root, seat), root, nodes, deadline)
    return None if found is None else found[:2]


__all__ = ["DEFAULT_NODES", "outcome", "solve"]
