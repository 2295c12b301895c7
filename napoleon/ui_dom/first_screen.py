"""The first screen: five dealt hands, sorted, and the kitty face down.

Pure functions (no browser): :func:`deal_hands` shuffles with an injected
``random.Random`` and :func:`table_view` turns a deal into HTML for the three
areas of the static frame in ``web/index.html``.
"""

from __future__ import annotations

import random
from html import escape
from typing import NamedTuple

from napoleon.cards import (
    JOKER,
    RANK_TEXTS,
    SUIT_LETTERS,
    SUIT_SYMBOLS,
    Card,
    Hand,
    card_text,
    cards_of,
    count,
    deck_mask,
    is_joker,
    mask_of,
    rank_of,
    sorted_cards,
    suit_of,
)

SEATS = 5
HAND_SIZE = 10
#: Seat 0 is the human, drawn along the bottom; the computers sit across the top (SdC).
SEAT_NAMES = ("You", "Computer 1", "Computer 2", "Computer 3", "Computer 4")


class Deal(NamedTuple):
    """One deal: a hand per seat and the kitty (後引札), all as card masks."""

    hands: tuple[Hand, ...]
    kitty: Hand


def deal_hands(rng: random.Random, jokers: int = 1) -> Deal:
    """Shuffle a deck with ``jokers`` jokers and give 10 cards to each of 5 seats.

    The cards left over (3 with one joker) are the kitty. Seat ``i`` gets the
    shuffled cards ``10*i .. 10*i+9``; the engine's own deal (dealer, first
    bidder) will replace this one.
    """
    deck = list(cards_of(deck_mask(jokers)))
    rng.shuffle(deck)
    hands = tuple(mask_of(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(SEATS))
    return Deal(hands=hands, kitty=mask_of(deck[SEATS * HAND_SIZE :]))


def card_html(c: Card) -> str:
    """A face-up card: its text form in ``data-card``, rank and suit symbol shown."""
    text = card_text(c)
    if is_joker(c):
        label = "Joker" if c == JOKER else "Joker 2"
        return f'<span class="card joker" data-card="{text}" title="{label}">{text}</span>'
    suit = suit_of(c)
    return (
        f'<span class="card suit-{SUIT_LETTERS[suit].lower()}" data-card="{text}" '
        f'title="{text}"><span class="rank">{RANK_TEXTS[rank_of(c)]}</span>'
        f'<span class="suit">{SUIT_SYMBOLS[suit]}</span></span>'
    )


def hand_html(hand: Hand) -> str:
    return "".join(card_html(c) for c in sorted_cards(hand))


def seat_html(seat: int, hand: Hand) -> str:
    name = escape(SEAT_NAMES[seat])
    return (
        f'<section class="seat" data-seat="{seat}" aria-label="{name}">'
        f'<h2 class="seat-name">{name}</h2>'
        f'<div class="hand">{hand_html(hand)}</div></section>'
    )


def kitty_html(kitty: Hand) -> str:
    """The kitty face down: its cards' identities are not in the page at all."""
    backs = '<span class="card back" aria-hidden="true"></span>' * count(kitty)
    return (
        f'<section class="kitty" aria-label="kitty, {count(kitty)} cards face down">'
        f'<h2 class="seat-name">Kitty</h2><div class="hand">{backs}</div></section>'
    )


class TableView(NamedTuple):
    """HTML for the areas of the static frame: top seats, centre, the human's seat."""

    top: str
    centre: str
    you: str


def table_view(deal: Deal) -> TableView:
    top = "".join(seat_html(s, deal.hands[s]) for s in range(1, SEATS))
    return TableView(top=top, centre=kitty_html(deal.kitty), you=seat_html(0, deal.hands[0]))
