"""Cards as ints, hands as bitmasks: the words of docs/rules/napoleon.md §1.

Checks the deck of §1 and §2.1 (52 cards plus 0, 1 or 2 jokers), the 20 honor cards
(旗札: 10 J Q K A of each suit), the opposite suits (裏: ♠↔♣, ♥↔♦), the named
cards (Mighty ♠A, Yoromeki ♥Q, joker call card ♣3), and that every card and
hand text round-trips.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from napoleon import cards
from napoleon.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    HONORS_MASK,
    JOKER,
    JOKER2,
    SPADES,
    CardTextError,
    card_text,
    cards_of,
    count,
    deck_mask,
    hand_text,
    mask_of,
    parse_card,
    parse_hand,
    sorted_cards,
)

ALL_CARDS = list(range(54))


@pytest.mark.parametrize("c", ALL_CARDS)
def test_every_card_text_round_trips(c: int) -> None:
    assert parse_card(card_text(c)) == c
    assert parse_card(card_text(c).lower()) == c


def test_card_texts_are_the_54_distinct_names() -> None:
    texts = [card_text(c) for c in ALL_CARDS]
    assert len(set(texts)) == 54
    assert texts[:13] == [
        "S2",
        "S3",
        "S4",
        "S5",
        "S6",
        "S7",
        "S8",
        "S9",
        "S10",
        "SJ",
        "SQ",
        "SK",
        "SA",
    ]
    assert texts[52:] == ["JK", "JK2"]


@pytest.mark.parametrize("text", ["", "S", "S1", "S11", "X10", "HJK", "JK3", "10H"])
def test_a_text_that_names_no_card_is_refused(text: str) -> None:
    with pytest.raises(CardTextError):
        parse_card(text)


@pytest.mark.parametrize("c", [-1, 54, 100])
def test_a_number_that_is_no_card_has_no_text(c: int) -> None:
    with pytest.raises(CardTextError):
        card_text(c)


@given(st.sets(st.sampled_from(ALL_CARDS)))
def test_hand_text_round_trips_and_is_sorted_for_display(hand_cards: set[int]) -> None:
    hand = mask_of(hand_cards)
    assert parse_hand(hand_text(hand)) == hand
    assert sorted(cards_of(hand)) == sorted(hand_cards)
    assert count(hand) == len(hand_cards)
    shown = sorted_cards(hand)
    # §2.1: hands are shown sorted by suit (♠♥♦♣) and rank (high first), jokers last.
    keys = [(4, c) if c >= JOKER else (c // 13, -(c % 13)) for c in shown]
    assert keys == sorted(keys)


def test_a_hands_display_order_is_worked_out_once_and_each_caller_gets_its_own_list() -> None:
    """A drawing and a save ask for the same hands many times: the order and the
    text are made once per hand, and a caller changing its list changes no other's."""
    hand = mask_of([cards.parse_card(t) for t in ("C3", "SA", "H10", "JK", "D2")])
    first = cards.sorted_cards(hand)
    first.reverse()
    shown = [card_text(c) for c in cards.sorted_cards(hand)]
    assert shown == ["SA", "H10", "D2", "C3", "JK"]
    before = hand_text.cache_info().hits
    assert hand_text(hand) == hand_text(hand) == "SA H10 D2 C3 JK"
    assert hand_text.cache_info().hits >= before + 1
    with pytest.raises(CardTextError):
        hand_text(-1)


def test_a_card_named_twice_in_a_hand_is_refused() -> None:
    with pytest.raises(CardTextError, match="twice"):
        parse_hand("SA H10 SA")


@pytest.mark.parametrize(("jokers", "size"), [(0, 52), (1, 53), (2, 54)])
def test_the_deck_has_52_cards_and_0_1_or_2_jokers(jokers: int, size: int) -> None:
    deck = deck_mask(jokers)
    assert count(deck) == size
    assert count(deck & cards.JOKERS_MASK) == jokers
    assert deck >> JOKER & 1 == (jokers >= 1)
    assert deck >> JOKER2 & 1 == (jokers == 2)


@pytest.mark.parametrize("jokers", [-1, 3])
def test_a_deck_with_another_number_of_jokers_is_refused(jokers: int) -> None:
    with pytest.raises(ValueError, match="jokers"):
        deck_mask(jokers)


def test_the_twenty_honor_cards_are_10_j_q_k_a_of_each_suit() -> None:
    assert count(HONORS_MASK) == 20
    assert hand_text(HONORS_MASK).split() == [
        s + r for s in "SHDC" for r in ("A", "K", "Q", "J", "10")
    ]
    assert all(cards.is_honor(c) == (c in cards_of(HONORS_MASK)) for c in range(52))


def test_opposite_suits_are_the_same_colour() -> None:
    assert cards.opposite_suit(SPADES) == CLUBS
    assert cards.opposite_suit(CLUBS) == SPADES
    assert cards.opposite_suit(HEARTS) == DIAMONDS
    assert cards.opposite_suit(DIAMONDS) == HEARTS


def test_the_named_cards() -> None:
    assert card_text(cards.MIGHTY) == "SA"
    assert card_text(cards.YOROMEKI) == "HQ"
    assert card_text(cards.JOKER_CALL_CARD) == "C3"
