"""The moves of a pile game: lay a card on the pile, take from it, or (``polish``) turn
the talon's top card with an empty hand.

>>> lay(parse_card("9S"))
Lay(parse_card('9S'))
>>> action_text(lay(parse_card("9S"))), action_text(TAKE)
('9S', '!')
>>> parse_action("!") is TAKE, parse_action("td") == Lay(parse_card("TD"))
(True, True)
>>> action_text(FROM_TALON), parse_action("@") is FROM_TALON
('@', True)

``Take`` is the default game's (:data:`durak.actions.TAKE`): which cards a
take picks up is the mode's rule (the bottom card, or the top one).
``FromTalon`` is the default game's too (:data:`durak.actions.FROM_TALON`,
token ``@``, §7's "card turned from the talon"): in ``polish`` a player
with no cards draws and turns talon cards, and what follows is the rule's,
not a choice.
:func:`lay` hands out one shared :class:`Lay` per card, so the random
players and the search allocate nothing per move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from durak.actions import (
    FROM_TALON,
    TAKE,
    ActionTextError,
    FromTalon,
    IllegalActionError,
    NotYourTurnError,
    Take,
)
from durak.cards import Card, card_text, parse_card


@dataclass(frozen=True, slots=True, repr=False)
class Lay:
    """Lay ``card`` face up on top of the pile."""

    card: Card

    def __repr__(self) -> str:
        return f"Lay(parse_card({card_text(self.card)!r}))"


PileAction = Lay | Take | FromTalon

_LAYS: Final = tuple(Lay(c) for c in range(36))


def lay(c: Card) -> Lay:
    """The shared :class:`Lay` of card ``c`` (0..35)."""
    return _LAYS[c]


def action_text(action: PileAction) -> str:
    """``9S`` for a card laid, ``!`` for a take, ``@`` for a turn from the talon (the
    record's tokens)."""
    if isinstance(action, Take):
        return "!"
    if isinstance(action, FromTalon):
        return "@"
    return card_text(action.card)


def parse_action(text: str) -> PileAction:
    """The move written ``text``: ``!``, ``@`` or a card of the 36-card deck."""
    if text == "!":
        return TAKE
    if text == "@":
        return FROM_TALON
    try:
        c = parse_card(text)
    except ValueError as e:
        raise ActionTextError(
            f"not a move: {text[:20]!r} (a card like 9S, ! to take, @ to turn from the talon)"
        ) from e
    if c >= 36:
        raise ActionTextError(f"not a move: {text[:20]!r} (the pile games use one deck)")
    return _LAYS[c]


__all__ = ["FROM_TALON", "TAKE", "FromTalon", "IllegalActionError", "Lay", "NotYourTurnError",
           "PileAction", "Take", "action_text", "lay", "parse_action"]
