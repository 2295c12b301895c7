"""The four suits as both games number and write them (the card-text kit).

Napoleon's and Durak's cards both number the suits ``SPADES=0, HEARTS=1,
DIAMONDS=2, CLUBS=3`` and write them with the same letters and symbols; their
``cards`` modules re-export these names.  Constants only: ``napoleon.cards``
is imported at page start, so this stays one small module with no imports.

>>> SUIT_LETTERS[HEARTS], SUIT_SYMBOLS[CLUBS]
('H', '♣')
"""

from __future__ import annotations

from typing import Final

Suit = int

SPADES: Final = 0
HEARTS: Final = 1
DIAMONDS: Final = 2
CLUBS: Final = 3
SUITS: Final = (SPADES, HEARTS, DIAMONDS, CLUBS)

SUIT_LETTERS: Final = "SHDC"
SUIT_SYMBOLS: Final = "♠♥♦♣"
