"""The first screen in Chromium: Python in the page deals from the wheel.

Specific to the first renderer (napoleon.ui_dom.first_screen): replace these
when the table replaces it. Rules checked: the deal of RULES.md §2.1 (seed
000: 53 cards, 10 to each of 5 players, 3 face down as the kitty; hands shown
sorted by suit and rank).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

from e2e.guard import PageGuard
from napoleon.cards import card_text, deck_mask, parse_card, sorted_cards
from napoleon.ui_dom.first_screen import deal_hands


def shown_cards(page: Page, selector: str) -> list[str]:
    texts = page.locator(f"{selector} [data-card]").evaluate_all(
        "cards => cards.map(c => c.dataset.card)"
    )
    return [str(t) for t in texts]


def test_seeded_deal_in_the_page_matches_the_engine_on_cpython(
    open_table: Callable[[str], Page], guard: PageGuard
) -> None:
    """Python 3.14 in the page deals exactly what CPython deals for the same seed."""
    page = open_table("?seed=7")
    expected = deal_hands(random.Random(7))
    for seat, hand in enumerate(expected.hands):
        assert shown_cards(page, f'[data-seat="{seat}"]') == [
            card_text(c) for c in sorted_cards(hand)
        ]
    expect(page.locator(".kitty .card.back")).to_have_count(3)
    expect(page.locator(".kitty [data-card]")).to_have_count(0)
    expect(page.locator("#status")).to_have_text("Deal #7")
    guard.assert_clean()


def test_unseeded_deal_shows_fifty_distinct_cards_and_a_hidden_kitty(
    open_table: Callable[[str], Page],
) -> None:
    page = open_table("")
    shown = [parse_card(t) for t in shown_cards(page, ".table")]
    assert len(shown) == 50
    assert len(set(shown)) == 50
    assert set(shown) <= {c for c in range(54) if deck_mask(1) >> c & 1}
    expect(page.locator(".kitty .card.back")).to_have_count(3)
    expect(page.locator("#status")).to_have_text(re.compile(r"^Deal #\d+$"))
