"""The record of one pile game, its deal and its beating tables (docs/rules/durak.md §3.6).

Every field of a game lives on :class:`PileState`; the rules of play are
functions over it in :mod:`durak.pile.table` (what the three games share)
and one module per game (:mod:`~durak.pile.kurukuru`,
:mod:`~durak.pile.chukhonsky`, :mod:`~durak.pile.chinese`, :mod:`~durak.pile.heap`).

Cards are :mod:`durak.cards` ints (36-card deck) and hands int bitmasks.
``pile`` lists the face-up pile bottom first; ``talon`` lists the face-down
talon in drawing order, next card last (``talon.pop()`` draws).

Interpretations [I] of the deal, named here and tested in
``tests/durak_modes/test_deal.py``:

* **Deal all, last card to the dealer** (kurukuru, chukhonsky,
  ``chinese_deal_all``): 35 cards go one at a time clockwise from the
  dealer's left, then the 36th to the dealer.  With 2, 3, 4 or 6 players
  every hand is equal; with 5 the dealer holds 8 and the others 7 (36 does
  not divide by 5; the dealer's extra card is the shown one).
* **Chinese with a talon**: 6 cards each, one at a time clockwise from the
  dealer's left, the rest is the talon (no card is turned: ♠ is trump).
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field
from typing import Final

from durak.cards import (
    CLUBS,
    DECK_36,
    DIAMONDS,
    RANK_10,
    RANKS,
    SPADES,
    Card,
    Hand,
    card,
    rank_of,
    suit_of,
)
from durak.pile.actions import PileAction
from durak.pile.options import PileRules

#: The ♦9 of ``d9`` (kurukuru).
NINE_OF_DIAMONDS: Final = card(DIAMONDS, 3)
#: Hand size of ``chinese`` with a talon (§2.10 refills to it).
CHINESE_HAND: Final = 6
#: Hand size of ``heap`` (docs/rules/durak.md §3.6).
HEAP_HAND: Final = 3
#: ``crusaders`` (§3.6): ♦ is trump, and the ♦6 holder plays first.
CRUSADERS_TRUMP: Final = DIAMONDS
SIX_OF_DIAMONDS: Final = card(DIAMONDS, 0)


class DealError(ValueError):
    """A deal (hands and talon) that is not one of the mode's deals."""


@functools.cache
def standard_beaters(trump: int) -> tuple[Hand, ...]:
    """For each top card, the cards that beat it: a higher card of its suit, or a trump
    on a card that is not a trump (§1)."""
    out = []
    for top in range(36):
        s, r = suit_of(top), rank_of(top)
        m = 0
        for c in range(36):
            if (suit_of(c) == s and rank_of(c) > r) or (suit_of(c) == trump != s):
                m |= 1 << c
        out.append(m)
    return tuple(out)


def chinese_strength(c: Card, ten: bool) -> int:
    """A card's rank in ``chinese``: 6 … A, with ``chinese_ten`` the 10 between K and A."""
    r = rank_of(c)
    if not ten:
        return r
    return 7 if r == RANK_10 else r - 1 if RANK_10 < r < RANKS - 1 else r


@functools.cache
def chinese_beaters(ten: bool, trump: int = SPADES) -> tuple[Hand, ...]:
    """For each top card, the cards that beat it in ``chinese`` (§3.6): ♠ is always
    trump and only a higher ♣ beats a ♣.  ``crusaders`` (§3.6) plays the same with ♦
    trump (``trump=DIAMONDS``)."""
    out = []
    for top in range(36):
        s, v = suit_of(top), chinese_strength(top, ten)
        m = 0
        for c in range(36):
            same = suit_of(c) == s and chinese_strength(c, ten) > v
            if same or (suit_of(c) == trump and s not in (trump, CLUBS)):
                m |= 1 << c
        out.append(m)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Crusade:
    """``crusaders``' dealing phase played out (:func:`durak.pile.crusaders.crusade`): who
    drew first, each draw, and the result."""

    #: The player dealt the highest face-up card, who draws first.
    first: int
    #: Each draw in order: (drawer, card, the seat whose pile took it, or None: the hand).
    draws: tuple[tuple[int, Card, int | None], ...]
    #: Each seat's pile, bottom (its face-up card) first.
    piles: tuple[tuple[Card, ...], ...]
    #: Each seat's hand at the end (its drawn cards and its pile).
    hands: tuple[Hand, ...]


@dataclass(slots=True)
class PileState:
    """One pile game: the deal, what lies where, whose turn, and how it ended."""

    rules: PileRules
    dealer: int
    #: The game's number in a series (chukhonsky's ``chuk_first`` counts from game 2).
    game: int
    hands: list[Hand]
    #: Face-down talon, next card last (``chinese``, ``heap``).
    talon: list[Card]
    #: The trump suit, and the card that showed it (None: ``chinese``, ♠ without a card).
    trump: int
    trump_card: Card | None
    #: For each top card, the cards that may be laid on it.
    beaters: tuple[Hand, ...]
    first: int
    to_act: int
    #: Who laid the pile's first card (``chinese`` refills from them, §2.10); in
    #: ``heap`` the seat whose attack is next.
    leader: int
    pile: list[Card] = field(default_factory=list)
    #: ``heap``: the top card is an attack the seat to act must beat or take.
    must_beat: bool = False
    discard: Hand = 0
    #: Seats still in the game (bit per seat); a seat leaves when it goes out.
    in_game: int = 0
    out: list[int] = field(default_factory=list)
    over: bool = False
    #: The loser; None with ``over`` is a draw (only by §6.14's repetition here).
    durak: int | None = None
    repetition: bool = False
    #: The deal as it was (hands, talon) for records.
    dealt_hands: tuple[Hand, ...] = ()
    dealt_talon: tuple[Card, ...] = ()
    history: list[tuple[int, PileAction]] = field(default_factory=list)
    #: Per seat, the cards every player knows it holds: taken from the face-up pile, or
    #: the shown trump card (dealt to the dealer, or heap's drawn last), until laid again.
    known: list[Hand] = field(default_factory=list)
    #: §6.14: positions seen since the discard pile or the talon last changed.
    #: The key is (whose turn, who led, ``must_beat``, the pile's cards as bytes, *hands).
    seen: dict[tuple[int | bytes, ...], int] = field(default_factory=dict)
    epoch: tuple[int, int] = (0, 0)
    #: ``crusaders``: its dealing phase as it was played out (the views tell it).
    crusade: Crusade | None = None

    @property
    def n(self) -> int:
        return self.rules.players

    def holding(self) -> int:
        """How many seats are still in the game."""
        return self.in_game.bit_count()


def deal_all(deck: list[Card], n: int, dealer: int) -> list[Hand]:
    """Every card dealt, the last one to the dealer (see the module's [I])."""
    hands = [0] * n
    for i, c in enumerate(deck[:-1]):
        hands[(dealer + 1 + i) % n] |= 1 << c
    hands[dealer] |= 1 << deck[-1]
    return hands


def deal_with_talon(deck: list[Card], n: int, dealer: int, size: int) -> tuple[list[Hand],
                                                                              list[Card]]:
    """``size`` cards each from the dealer's left; the rest is the talon (next card last)."""
    hands = [0] * n
    for i, c in enumerate(deck[: n * size]):
        hands[(dealer + 1 + i) % n] |= 1 << c
    return hands, list(reversed(deck[n * size:]))


def shuffled_deck(rng: random.Random) -> list[Card]:
    """The 36 cards in the order ``rng`` shuffles them."""
    deck = [c for c in range(36) if DECK_36 >> c & 1]
    rng.shuffle(deck)
    return deck


def copy_state(st: PileState) -> PileState:
    """An independent copy (lists and the repetition count copied; the rest is immutable)."""
    return PileState(
        rules=st.rules, dealer=st.dealer, game=st.game, hands=list(st.hands),
        talon=list(st.talon), trump=st.trump, trump_card=st.trump_card, beaters=st.beaters,
        first=st.first, to_act=st.to_act, leader=st.leader, pile=list(st.pile),
        must_beat=st.must_beat,
        discard=st.discard, in_game=st.in_game, out=list(st.out), over=st.over,
        durak=st.durak, repetition=st.repetition, dealt_hands=st.dealt_hands,
        dealt_talon=st.dealt_talon, history=list(st.history), known=list(st.known),
        seen=dict(st.seen), epoch=st.epoch, crusade=st.crusade,
    )


__all__ = ["CHINESE_HAND", "CRUSADERS_TRUMP", "Crusade", "HEAP_HAND", "NINE_OF_DIAMONDS",
           "SIX_OF_DIAMONDS", "DealError", "PileState", "chinese_beaters", "chinese_strength",
           "copy_state", "deal_all", "deal_with_talon", "shuffled_deck", "standard_beaters"]
