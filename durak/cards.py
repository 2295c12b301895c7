"""Durak's cards as small ints and sets of cards as int bitmasks.

A card is ``suit * 9 + rank`` with suits ``SPADES=0, HEARTS=1, DIAMONDS=2,
CLUBS=3`` and ranks 0 (the 6) .. 8 (the ace), so the 36-card deck is the
numbers 0..35 and a hand is an int with bit ``1 << card`` set per card.
The 32-card deck (``deck=32``) is the same numbers without the 6s.

The text form is the record's (docs/rules/durak.md §1): rank ``6789TJQKA`` then suit
``SHDC``; ``TD`` is the 10♦.  Lists are comma separated.

``deck=72`` (two decks, docs/rules/durak.md §3.1) numbers the second deck's cards 36..71
(``card + TWIN``) and writes them with a trailing ``2``: ``TD2`` is the other
10♦, its *twin*.  Rank and suit masks cover both decks.

>>> parse_card("TD")
22
>>> card_text(parse_card("as"))
'AS'
>>> hand_text(parse_hand("9H,6S,KD"))
'6S,9H,KD'
>>> card_label(parse_card("TD"))
'10♦'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

from cardkit.suits import CLUBS as CLUBS
from cardkit.suits import DIAMONDS as DIAMONDS
from cardkit.suits import HEARTS as HEARTS
from cardkit.suits import SPADES as SPADES
from cardkit.suits import SUIT_LETTERS as SUIT_LETTERS
from cardkit.suits import SUIT_SYMBOLS as SUIT_SYMBOLS
from cardkit.suits import SUITS as SUITS
from cardkit.suits import Suit as Suit

Card = int
Hand = int

SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")

RANK_LETTERS: Final = "6789TJQKA"
RANK_LABELS: Final = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_6: Final = 0
RANK_10: Final = 4
RANK_Q: Final = 6
RANK_A: Final = 8
RANKS: Final = 9

#: The second deck's number of a card (``deck=72``): ``card + TWIN``.
TWIN: Final = 36
#: Card numbers in use: 0..71 (two decks).
CARD_SPACE: Final = 72
#: Every card of one rank (four suits, both decks).
RANK_MASKS: Final = tuple(sum((1 << (s * RANKS + r)) * (1 | 1 << TWIN) for s in SUITS)
                          for r in range(RANKS))
#: Every card of one suit (both decks).
SUIT_MASKS: Final = tuple((((1 << RANKS) - 1) << (s * RANKS)) * (1 | 1 << TWIN) for s in SUITS)
DECK_36: Final = (1 << 36) - 1
DECK_32: Final = DECK_36 & ~RANK_MASKS[RANK_6]
DECK_72: Final = (1 << CARD_SPACE) - 1


class CardTextError(ValueError):
    """A card or card-list text that names no card (or a card twice)."""


def card(suit: Suit, rank: int) -> Card:
    return suit * RANKS + rank


def suit_of(c: Card) -> Suit:
    return c % TWIN // RANKS


def rank_of(c: Card) -> int:
    return c % RANKS


#: Every card's text by its number (``card_text`` and ``hand_text`` look them up).
CARD_TEXTS: Final = tuple(
    RANK_LETTERS[c % RANKS] + SUIT_LETTERS[c % TWIN // RANKS] + ("2" if c >= TWIN else "")
    for c in range(CARD_SPACE))
#: Every card by its own text (``parse_card``'s quick way for the texts it writes).
_CARD_OF_TEXT: Final = {t: c for c, t in enumerate(CARD_TEXTS)}
#: The texts of the cards of each byte of a hand, by the byte's place and value: a hand's
#: text is read eight cards at a time.
_BYTE_TEXTS: Final = tuple(
    tuple(tuple(CARD_TEXTS[8 * place + i] for i in range(8) if byte >> i & 1)
          for byte in range(256))
    for place in range(CARD_SPACE // 8))


def card_text(c: Card) -> str:
    if not 0 <= c < CARD_SPACE:
        raise CardTextError(f"no card has the number {c}")
    return CARD_TEXTS[c]


def card_label(c: Card) -> str:
    """The card for people: ``10♦``, ``A♠``."""
    return RANK_LABELS[c % RANKS] + SUIT_SYMBOLS[c % TWIN // RANKS]


def parse_card(text: str) -> Card:
    """The card written ``text`` (``TD``, ``6s``; ``10D`` is accepted for ``TD``)."""
    c = _CARD_OF_TEXT.get(text) if isinstance(text, str) else None
    if c is not None:
        return c
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    twin = len(t) == 3 and t[2] == "2"
    if (len(t) == 2 or twin) and t[0] in RANK_LETTERS and t[1] in SUIT_LETTERS:
        return SUIT_LETTERS.index(t[1]) * RANKS + RANK_LETTERS.index(t[0]) + TWIN * twin
    raise CardTextError(f"not a card: {text!r} (expected e.g. TD, 6S, AH; TD2 for a twin)")


def mask_of(cards: Iterable[Card]) -> Hand:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: Hand) -> Iterator[Card]:
    """The cards of ``mask``, lowest number first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def card_list(mask: Hand) -> list[Card]:
    """The cards of ``mask`` sorted for people: by suit ♠♥♦♣, low rank first."""
    return list(cards_of(mask))


def hand_text(mask: Hand) -> str:
    """``6S,9H,KD``: the cards of ``mask`` in card order, comma separated."""
    if not 0 <= mask <= DECK_72:  # no card's number: card_text says which
        return ",".join(card_text(c) for c in cards_of(mask))
    texts: list[str] = []
    place = 0
    while mask:
        byte = mask & 255
        if byte:
            texts += _BYTE_TEXTS[place][byte]
        mask >>= 8
        place += 1
    return ",".join(texts)


def cards_text(cards: Iterable[Card]) -> str:
    """A card sequence in its own order, comma separated."""
    return ",".join(card_text(c) for c in cards)


def parse_cards(text: str) -> list[Card]:
    """A comma or space separated card list, in order; a repeated card is an error."""
    if isinstance(text, str) and text:  # hand_text's texts by lookup; others the long way
        quick = [_CARD_OF_TEXT.get(t, -1) for t in text.split(",")]
        if -1 not in quick and len(set(quick)) == len(quick):
            return quick
    out: list[Card] = []
    seen = 0
    for part in text.replace(",", " ").split():
        c = parse_card(part)
        if seen >> c & 1:
            raise CardTextError(f"card {part!r} appears twice in {text!r}")
        seen |= 1 << c
        out.append(c)
    return out


def parse_hand(text: str) -> Hand:
    return mask_of(parse_cards(text))
