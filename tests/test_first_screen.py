"""The first screen's deal and drawing (napoleon.ui_dom.first_screen), on CPython.

Rule checked: the deal of RULES.md §2.1 (seed 000, SdC manual): 53 cards (one
joker), 10 to each of 5 players, 3 face down as the kitty; with no joker, 52
cards and a kitty of 2; hands shown sorted by suit and rank.
"""

from __future__ import annotations

import random
import re

import pytest

from napoleon.cards import card_text, cards_of, count, deck_mask, sorted_cards
from napoleon.ui_dom.first_screen import deal_hands, table_view


@pytest.mark.parametrize(("jokers", "kitty_size"), [(1, 3), (0, 2)])
@pytest.mark.parametrize("seed", [0, 1, 2026])
def test_deal_gives_ten_cards_to_five_seats_and_the_rest_to_the_kitty(
    jokers: int, kitty_size: int, seed: int
) -> None:
    deal = deal_hands(random.Random(seed), jokers=jokers)
    assert [count(h) for h in deal.hands] == [10] * 5
    assert count(deal.kitty) == kitty_size
    union = deal.kitty
    for hand in deal.hands:
        assert union & hand == 0
        union |= hand
    assert union == deck_mask(jokers)


def test_the_same_seed_gives_the_same_deal_and_another_seed_another() -> None:
    assert deal_hands(random.Random(5)) == deal_hands(random.Random(5))
    assert deal_hands(random.Random(5)) != deal_hands(random.Random(6))


def test_the_deal_uses_only_the_injected_random() -> None:
    random.seed(1)
    first = deal_hands(random.Random(9))
    random.seed(2)
    assert deal_hands(random.Random(9)) == first


def test_the_view_shows_each_hand_sorted_and_hides_the_kitty() -> None:
    deal = deal_hands(random.Random(3))
    view = table_view(deal)
    shown = re.findall(r'data-card="([^"]+)"', view.top + view.centre + view.you)
    expected = [card_text(c) for s in (1, 2, 3, 4, 0) for c in sorted_cards(deal.hands[s])]
    assert shown == expected
    assert view.centre.count('class="card back"') == 3
    assert 'data-seat="0"' in view.you
    assert 'data-seat="0"' not in view.top
    kitty_texts = {card_text(c) for c in cards_of(deal.kitty)}
    assert not kitty_texts & set(shown)
