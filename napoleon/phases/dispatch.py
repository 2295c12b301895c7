"""The one table from a phase to its module, and the two entry points over it.

>>> from napoleon.game import Game
>>> from napoleon.rules import Rules
>>> g = Game.new(Rules(), seed=7)
>>> PHASE_RULES[g.phase].__name__
'napoleon.phases.auction'
>>> legal_actions(g) == PHASE_RULES[g.phase].legal(g)
True

:func:`legal_actions` and :func:`apply` are what
:meth:`napoleon.game.Game.legal_actions` and :meth:`~napoleon.game.Game.apply`
run; :mod:`napoleon.view` uses :func:`legal_actions` too.  ``Phase.DEAL``
(passed through while constructing) has no module: nothing is legal in it.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, Protocol

from napoleon.actions import (
    Action,
    Bid,
    Call,
    Change,
    Discard,
    IllegalActionError,
    NotYourTurnError,
    Pass,
    Play,
    WrongPhaseError,
)
from napoleon.phases import auction, call, change, exchange, scoring, tricks
from napoleon.state import GameState, Phase, wrong_phase


class PhaseRules(Protocol):
    """What every phase module offers (see :mod:`napoleon.phases`)."""

    def legal(self, state: GameState) -> list[Action]: ...

    def apply(self, state: GameState, action: Action) -> None: ...


PHASE_RULES: Final[Mapping[Phase, PhaseRules]] = MappingProxyType({
    Phase.BID: auction,
    Phase.CALL: call,
    Phase.EXCHANGE: exchange,
    Phase.CHANGE: change,
    Phase.PLAY: tricks,
    Phase.RESULT: scoring,
})
"""Each phase's module (``legal`` and ``apply``); the game dispatches on this alone."""

_ACTION_KINDS: Final = (Bid, Pass, Call, Discard, Change, Play)


def legal_actions(state: GameState) -> list[Action]:
    """Every legal action of ``state.to_act`` (empty once the game is over)."""
    rules = PHASE_RULES.get(state.phase)
    return [] if rules is None else rules.legal(state)


def apply(state: GameState, action: Action, seat: int | None = None) -> None:
    """Perform ``action`` for ``state.to_act`` (or first check it is ``seat``'s turn).

    Refused, in this order: anything once the game is over, a ``seat`` that
    is not to act, an object that is no action, an action of another phase
    (:class:`WrongPhaseError`), then whatever the phase's module refuses.
    """
    phase = state.phase
    if phase is Phase.RESULT:
        raise WrongPhaseError("the game is over")
    if seat is not None and seat != state.to_act:
        raise NotYourTurnError(f"it is seat {state.to_act}'s turn, not seat {seat}'s")
    if not isinstance(action, _ACTION_KINDS):
        raise IllegalActionError(f"not an action: {action!r}")
    rules = PHASE_RULES.get(phase)
    if rules is None:
        raise wrong_phase(phase, action)
    rules.apply(state, action)


__all__ = ["PHASE_RULES", "PhaseRules", "apply", "legal_actions"]
