"""The one table from a pile game's mode to its module, and the entry points over it.

>>> from durak.pile.options import MODES, PileRules
>>> MODE_RULES["chukhonsky"].__name__
'durak.pile.chukhonsky'

Every mode module offers ``start`` (a state from a dealt deal), ``deal``
(deal a shuffled deck), ``legal`` and ``apply``; a pile game has one phase
of play, so the mode is what the game dispatches on.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, Protocol

from durak.cards import Card, Hand
from durak.family.modes import CHINESE, CHUKHONSKY, CRUSADERS, HEAP, KURUKURU, POLISH
from durak.pile import chinese, chukhonsky, crusaders, heap, kurukuru, polish
from durak.pile.actions import (
    FromTalon,
    IllegalActionError,
    Lay,
    NotYourTurnError,
    PileAction,
    Take,
)
from durak.pile.options import MODES, PileRules
from durak.pile.state import PileState


class ModeRules(Protocol):
    """What every mode module offers."""

    def start(self, rules: PileRules, dealer: int, game: int, hands: list[Hand],
              talon: list[Card], trump_card: Card | None) -> PileState: ...

    def deal(self, rules: PileRules, deck: list[Card], dealer: int, game: int) -> PileState: ...

    def legal(self, st: PileState) -> list[PileAction]: ...

    def apply(self, st: PileState, action: PileAction) -> None: ...


_RULES: dict[str, ModeRules] = {
    KURUKURU: kurukuru,
    CHINESE: chinese,
    CHUKHONSKY: chukhonsky,
    HEAP: heap,
    CRUSADERS: crusaders,
    POLISH: polish,
}
#: Each pile game's mode module: the post's six, and any pile game registered beside
#: them (:func:`durak.family.registry.register` adds its entry's module here).
MODE_RULES: Final[Mapping[str, ModeRules]] = MappingProxyType(_RULES)


def add_mode(mode: str, rules: ModeRules) -> None:
    """Play ``mode`` by ``rules`` (a registered pile game's module); the post's six stay."""
    if mode in MODES:
        raise ValueError(f"mode {mode} is one of the post's games")
    _RULES[mode] = rules


def remove_mode(mode: str) -> None:
    """Forget a registered pile game's module (the post's six stay)."""
    if mode not in MODES:
        _RULES.pop(mode, None)


def legal_actions(st: PileState) -> list[PileAction]:
    """Every legal action of ``st.to_act`` (empty once the game is over)."""
    return [] if st.over else MODE_RULES[st.rules.mode].legal(st)


def apply(st: PileState, action: object, seat: int | None = None) -> None:
    """Perform ``action`` for ``st.to_act`` (first checking it is ``seat``'s turn)."""
    if st.over:
        raise IllegalActionError("the game is over")
    if seat is not None and seat != st.to_act:
        raise NotYourTurnError(f"it is seat {st.to_act}'s turn, not seat {seat}'s")
    if not isinstance(action, (Lay, Take, FromTalon)):
        raise IllegalActionError(f"not a move of the pile games: {str(action)[:60]}")
    MODE_RULES[st.rules.mode].apply(st, action)


__all__ = ["MODE_RULES", "ModeRules", "add_mode", "apply", "legal_actions", "remove_mode"]
