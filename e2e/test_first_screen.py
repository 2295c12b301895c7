"""The first screen in Chromium: Python in the page deals from the wheel.

Rules checked: the deal of docs/rules/napoleon.md §2.1 (53 cards, 10 to each of 5
players, 3 face down as the kitty; hands shown sorted by suit and rank) and
§7: the page shows only the human's hand (seat 0); the computers' cards and
the kitty are not in the page at all.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from e2e.guard import PageGuard
from napoleon.cards import card_text, deck_mask, parse_card, sorted_cards
from napoleon.match import Match
from napoleon.rules import Rules


def shown_cards(page: Page, selector: str) -> list[str]:
    texts = page.locator(f"{selector} [data-card]").evaluate_all(
        "cards => cards.map(c => c.dataset.card)"
    )
    return [str(t) for t in texts]


def test_seeded_deal_in_the_page_matches_the_engine_on_cpython(
    open_table: Callable[[str], Page], guard: PageGuard
) -> None:
    """Python 3.14 in the page deals exactly what CPython deals for the same seed."""
    page = open_table("?seed=7&level=easy")
    game = Match(Rules(), seed=7).game
    mine = [card_text(c) for c in sorted_cards(game.hands[0])]
    assert shown_cards(page, "#hand") == mine
    assert shown_cards(page, "body") == mine
    expect(page.locator("#table")).to_have_attribute("data-game", "1")
    expect(page.locator("#table .panel")).to_have_count(5)
    guard.assert_clean()


def test_unseeded_deal_shows_ten_distinct_cards_and_nothing_else(
    open_table: Callable[[str], Page],
) -> None:
    page = open_table("?level=easy")
    shown = [parse_card(t) for t in shown_cards(page, "body")]
    assert len(shown) == 10
    assert len(set(shown)) == 10
    assert set(shown) <= {c for c in range(54) if deck_mask(1) >> c & 1}
    assert shown == sorted_cards(sum(1 << c for c in shown))
