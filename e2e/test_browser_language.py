"""The page starts in the browser's language unless the player chose one
(not in Japanese whatever the browser's language).

``navigator.language`` ``ja``/``ja-JP`` → Japanese, anything else → English; a
language saved by the player (the language button, the settings) or asked for
with ``?lang=`` wins over the browser's.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from e2e.conftest import wait_until_ready
from e2e.guard import PageGuard

QUERY = "?anim=instant&level=easy"


@pytest.fixture
def english_browser(browser: Browser, base_url: str) -> Iterator[tuple[BrowserContext, Page]]:
    ctx = browser.new_context(locale="en-US", service_workers="block")
    watcher = PageGuard(base_url)
    watcher.watch_context(ctx)
    page = ctx.new_page()
    watcher.watch_page(page)
    yield ctx, page
    ctx.close()
    watcher.assert_clean()


def test_an_english_browser_gets_the_english_page(
    english_browser: tuple[BrowserContext, Page], base_url: str
) -> None:
    _ctx, page = english_browser
    page.goto(base_url + QUERY)
    wait_until_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#btn-settings")).to_have_text("Settings")


def test_the_players_saved_choice_wins_over_the_browser(
    english_browser: tuple[BrowserContext, Page], base_url: str
) -> None:
    _ctx, page = english_browser
    page.goto(base_url + QUERY)
    wait_until_ready(page)
    page.locator("#btn-lang").click()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    page.reload()
    wait_until_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("#btn-settings")).to_have_text("設定")


def test_a_japanese_browser_gets_the_japanese_page_and_lang_in_the_link_wins(
    page: Page, base_url: str
) -> None:
    page.goto(base_url + QUERY)
    wait_until_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    page.goto(base_url + QUERY + "&lang=en")
    wait_until_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "en")


@pytest.mark.parametrize(
    ("query", "label", "menu"),
    [
        ("?lang=en", "What happens", "Menu"),
        ("?game=durak&lang=en", "What happens", "Menu"),
        ("?game=durak&mode=heap&lang=en", "What happens", "Menu"),
        ("?game=durak&mode=suit_deal&lang=en", "What happens", "Menu"),
        ("?game=durak&lang=ja", "ゲームの進行", "メニュー"),
    ],
)
def test_the_screen_readers_log_and_the_menu_are_labelled_in_the_pages_language(
    page: Page, base_url: str, query: str, label: str, menu: str
) -> None:
    """The log region's and the menu's names follow the page's language in every game
    of the site, not only on Napoleon's table (the static frame's labels are Japanese)."""
    page.goto(base_url + query + "&anim=instant&level=easy")
    wait_until_ready(page)
    expect(page.locator("#announce")).to_have_attribute("aria-label", label)
    expect(page.locator("nav.menu")).to_have_attribute("aria-label", menu)
    if label == "What happens":
        page.locator("#btn-lang").click()
        expect(page.locator("#announce")).to_have_attribute("aria-label", "ゲームの進行")
        expect(page.locator("nav.menu")).to_have_attribute("aria-label", "メニュー")
