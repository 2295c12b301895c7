"""The two moves of a pile game: lay a card on the pile, or take from it.

>>> lay(parse_card("9S"))
Lay(parse_card('9S'))
>>> action_text(lay(parse_card("9S"))), action_text(TAKE)
('9S', '!')
>>> parse_action("!") is TAKE, parse_action("td") == Lay(parse_card("TD"))
(True, True)

``Take`` is the default game's (:data:`durak.actions.TAKE`): which cards a
take picks up is the mode's rule (the bottom card, or the top one).
:func:`lay` hands out one shared :class:`Lay` per card, so the random
players and the search allocate nothing per move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from durak.actions import TAKE, ActionTextError, IllegalActionError, NotYourTurnError, Take
from durak.cards import Card, card_text, parse_card


@dataclass(frozen=True, slots=True, repr=False)
class Lay:
    """Lay ``card`` face up on top of the pile."""

    card: Card

    def __repr__(self) -> str:
        return f"Lay(parse_card({card_text(self.card)!r}))"


PileAction = Lay | Take

_LAYS: Final = tuple(Lay(c) for c in range(36))


def lay(c: Card) -> Lay:
    """The shared :class:`Lay` of card ``c`` (0..35)."""
    return _LAYS[c]


def action_text(action: PileAction) -> str:
    """``9S`` for a card laid, ``!`` for a take (the record's tokens)."""
    return "!" if isinstance(action, Take) else card_text(action.card)


def parse_action(text: str) -> PileAction:
    """The move written ``text``: ``!`` or a card of the 36-card deck."""
    if text == "!":
        return TAKE
    try:
        c = parse_card(text)
    except ValueError as e:
        raise ActionTextError(f"not a move: {text[:20]!r} (a card like 9S, or ! to take)") from e
    if c >= 36:
        raise ActionTextError(f"not a move: {text[:20]!r} (the pile games use one deck)")
    return _LAYS[c]


__all__ = ["TAKE", "IllegalActionError", "Lay", "NotYourTurnError", "PileAction", "Take",
           "action_text", "lay", "parse_action"]
