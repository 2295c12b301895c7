"""Cards as small ints and hands as int bitmasks.

A card is ``suit * 13 + rank_index`` where suits are ``SPADES=0, HEARTS=1,
DIAMONDS=2, CLUBS=3`` and ``rank_index`` runs 0 (the 2) .. 12 (the ace).
The jokers are 52 and 53.  A hand (or any set of cards) is an int with bit
``1 << card`` set for each card it holds, so following suit, counting honors
and sampling hidden hands are a few integer operations.

The encoding is chosen so the game's relations are cheap:

* the opposite suit (裏: ♠↔♣, ♥↔♦) is ``suit ^ 3``;
* the jack-hunt partner suit (♠↔♥, ♣↔♦) is ``suit ^ 1``;
* honors (10 J Q K A) are the rank indexes 8..12.

Text forms round-trip: ``SA``, ``H10``, ``DQ``, ``C3``, ``JK`` (first joker)
and ``JK2`` (second joker).

>>> parse_card("H10")
21
>>> card_text(parse_card("SA"))
'SA'
>>> hand_text(parse_hand("SA H10 JK"))
'SA H10 JK'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from types import MappingProxyType
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

#: SdC's record symbols: ♠ ▲, ♥ ▽, ♦ ◇, ♣ ★.
SUIT_RECORD_SYMBOLS: Final = "▲▽◇★"
#: SdC's elements: ♠ wind, ♥ fire, ♦ water, ♣ earth.
SUIT_ELEMENTS_JA: Final = ("風", "火", "水", "地")

RANK_TEXTS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_2: Final = 0
RANK_3: Final = 1
RANK_10: Final = 8
RANK_J: Final = 9
RANK_Q: Final = 10
RANK_K: Final = 11
RANK_A: Final = 12

JOKER: Final = 52
JOKER2: Final = 53
JOKERS_MASK: Final = (1 << JOKER) | (1 << JOKER2)

MIGHTY: Final = SPADES * 13 + RANK_A
YOROMEKI: Final = HEARTS * 13 + RANK_Q
JOKER_CALL_CARD: Final = CLUBS * 13 + RANK_3

SUIT_MASKS: Final = tuple(((1 << 13) - 1) << (13 * s) for s in SUITS)
#: The 20 honor cards (旗札): 10 J Q K A of every suit.
HONORS_MASK: Final = sum(((1 << 13) - (1 << RANK_10)) << (13 * s) for s in SUITS)
FULL_DECK_NO_JOKER: Final = (1 << 52) - 1


class CardTextError(ValueError):
    """Raised for a card or hand text that names no card."""


def is_suit(value: object) -> bool:
    """Is ``value`` one of the four suit numbers (not ``True``, not ``1.0``)?"""
    return type(value) is int and 0 <= value < 4


def in_deck(deck: Hand, value: object) -> bool:
    """Is ``value`` a card number that ``deck`` holds?"""
    return type(value) is int and 0 <= value < 54 and bool(deck >> value & 1)


def card(suit: Suit, rank_index: int) -> Card:
    """The card of ``suit`` and ``rank_index`` (0 = the 2 .. 12 = the ace)."""
    return suit * 13 + rank_index


def is_joker(c: Card) -> bool:
    return c >= JOKER


def suit_of(c: Card) -> Suit:
    """The printed suit of a non-joker card."""
    return c // 13


def rank_of(c: Card) -> int:
    """The rank index (0 = the 2 .. 12 = the ace) of a non-joker card."""
    return c % 13


def opposite_suit(s: Suit) -> Suit:
    """The suit of the same colour (裏): ♠↔♣, ♥↔♦."""
    return s ^ 3


def is_honor(c: Card) -> bool:
    return bool(HONORS_MASK >> c & 1)


#: Every card's text by its number, the two jokers last (``card_text`` looks them up).
CARD_TEXTS: Final = (*(SUIT_LETTERS[c // 13] + RANK_TEXTS[c % 13] for c in range(52)),
                     "JK", "JK2")
#: Every card by the text ``card_text`` writes (``parse_card``'s quick way, and the
#: views' readers' for the texts a view writes).
CARD_OF_TEXT: Final = MappingProxyType({t: c for c, t in enumerate(CARD_TEXTS)})


def card_text(c: Card) -> str:
    if not 0 <= c <= JOKER2:
        raise CardTextError(f"no card has the number {c}")
    return CARD_TEXTS[c]


def parse_card(text: str) -> Card:
    """The card written ``text`` (``SA``, ``H10``, ``JK``, ``JK2``; any case)."""
    c = CARD_OF_TEXT.get(text) if isinstance(text, str) else None
    if c is not None:
        return c
    t = text.strip().upper()
    if t in ("JK", "JK1"):
        return JOKER
    if t == "JK2":
        return JOKER2
    if len(t) >= 2 and t[0] in SUIT_LETTERS and t[1:] in RANK_TEXTS:
        return SUIT_LETTERS.index(t[0]) * 13 + RANK_TEXTS.index(t[1:])
    raise CardTextError(f"not a card: {text!r} (expected e.g. SA, H10, C3, JK)")


def mask_of(cards: Iterable[Card]) -> Hand:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: Hand) -> Iterator[Card]:
    """The cards of ``mask``, lowest number first.

    A negative mask (infinitely many bits) is refused rather than looped over:

    >>> list(cards_of(-1))
    Traceback (most recent call last):
    ...
    napoleon.cards.CardTextError: a set of cards cannot be negative (-1)
    """
    if mask < 0:
        raise CardTextError(f"a set of cards cannot be negative ({mask})")
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def count(mask: Hand) -> int:
    return mask.bit_count()


def display_order(c: Card) -> int:
    """Sort key for showing a hand: by suit ♠♥♦♣, high rank first, jokers last."""
    if c >= JOKER:
        return 100 + c
    return (c // 13) * 13 + (12 - c % 13)


#: How many hands' display orders and texts are kept (:func:`sorted_cards`,
#: :func:`hand_text`): a game's deal and the hands it leaves as cards are played.
HAND_CACHE_SIZE: Final = 1024


@lru_cache(maxsize=HAND_CACHE_SIZE)
def _display_sorted(mask: Hand) -> tuple[Card, ...]:
    return tuple(sorted(cards_of(mask), key=display_order))


def sorted_cards(mask: Hand) -> list[Card]:
    """The cards of ``mask`` in display order (a new list each time; the order is
    worked out once per hand: a drawing and a save ask for the same hands)."""
    return list(_display_sorted(mask))


@lru_cache(maxsize=HAND_CACHE_SIZE)
def hand_text(mask: Hand) -> str:
    """Space-separated card texts in display order (made once per hand)."""
    return " ".join(card_text(c) for c in _display_sorted(mask))


def parse_hand(text: str) -> Hand:
    m = 0
    for part in text.replace(",", " ").split():
        c = parse_card(part)
        if m >> c & 1:
            raise CardTextError(f"card {part!r} appears twice in {text!r}")
        m |= 1 << c
    return m


def deck_mask(jokers: int) -> Hand:
    """A full deck with 0, 1 or 2 jokers."""
    if jokers not in (0, 1, 2):
        raise ValueError(f"jokers must be 0, 1 or 2, not {jokers}")
    m = FULL_DECK_NO_JOKER
    if jokers >= 1:
        m |= 1 << JOKER
    if jokers == 2:
        m |= 1 << JOKER2
    return m
