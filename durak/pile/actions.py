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
from durak.cards import Card, Hand, card_text, parse_card


@dataclass(frozen=True, slots=True, repr=False)
class Lay:
    """Lay ``card`` face up on top of the pile."""

    card: Card

    def __repr__(self) -> str:
        return f"Lay(parse_card({card_text(self.card)!r}))"


PileAction = Lay | Take | FromTalon

#: The shared :class:`Lay` of each card, by card number.
LAYS: Final = tuple(Lay(c) for c in range(36))


def lay(c: Card) -> Lay:
    """The shared :class:`Lay` of card ``c`` (0..35)."""
    return LAYS[c]


#: The lays of every 9-card block's subsets, lowest card first: :func:`lays_of` reads
#: a hand in four look-ups instead of a loop over its cards (the random players' and
#: the search's hot path).
_BLOCK: Final = 9
_BLOCKLAYS: Final[tuple[tuple[tuple[PileAction, ...], ...], ...]] = tuple(
    tuple(tuple(LAYS[base + i] for i in range(_BLOCK) if m >> i & 1) for m in range(1 << _BLOCK))
    for base in range(0, 36, _BLOCK)
)


def lays_of(mask: Hand) -> list[PileAction]:
    """The shared :class:`Lay` of every card of ``mask`` (a 36-card hand), lowest card
    first, as :func:`durak.cards.cards_of` orders them.

    >>> lays_of(0b101) == [lay(0), lay(2)]
    True
    """
    b0, b1, b2, b3 = _BLOCKLAYS
    return [*b0[mask & 511], *b1[mask >> 9 & 511], *b2[mask >> 18 & 511], *b3[mask >> 27 & 511]]


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
    return LAYS[c]


__all__ = ["FROM_TALON", "LAYS", "TAKE", "FromTalon", "IllegalActionError", "Lay",
           "NotYourTurnError", "PileAction", "Take", "action_text", "lay", "lays_of",
           "parse_action"]
