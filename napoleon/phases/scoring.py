"""The end of a game (phase ``RESULT``): sides' honors, outcome, points.

docs/rules/napoleon.md §2.6 and §5.

:func:`start` is called by :mod:`napoleon.phases.tricks` when the last trick
is taken.  Nothing is legal once the game is over.  The score tables
themselves (outcome, points per seat) are :mod:`napoleon.scoring`'s; this
module only adds up the sides' honors and records the result.
"""

from __future__ import annotations

from napoleon.actions import Action, WrongPhaseError
from napoleon.cards import HONORS_MASK
from napoleon.scoring import outcome_of, points_for
from napoleon.state import GameResult, GameState, Phase


def start(state: GameState) -> None:
    """Count the sides' honors and score the game; the game is over."""
    nap = state.napoleon
    assert nap is not None
    rules = state.rules
    adj = state.adjutant
    captured = state.captured
    french_mask = captured[nap] | (captured[adj] if adj is not None else 0)
    allied_mask = 0
    for seat in range(state.n):
        if seat != nap and seat != adj:
            allied_mask |= captured[seat]
    if rules.discard_honors == "allies":
        allied_mask |= state.discards & HONORS_MASK
    french = french_mask.bit_count()
    allies = allied_mask.bit_count()
    outcome, siberia = outcome_of(rules, state.bid, french, allies)
    state.result = GameResult(
        nap, adj, state.bid, state.trump, french, allies, outcome, siberia,
        points_for(rules, nap, adj, state.bid, outcome),
    )
    state.revealed = True
    state.phase = Phase.RESULT
    state.to_act = None


def legal(state: GameState) -> list[Action]:
    """Nothing: the game is over."""
    return []


def apply(state: GameState, action: Action) -> None:
    """Refuse every action: the game is over."""
    raise WrongPhaseError("the game is over")


__all__ = ["apply", "legal", "start"]
