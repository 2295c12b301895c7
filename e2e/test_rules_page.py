"""The rules page (ja/en) for the rules in force, reachable from the menu: a modal dialog
drawn from the match's rules, opened by keyboard, closed with Escape, the match left as it
was.

Set ``NAPOLEON_SCREENSHOTS=DIR`` to keep screenshots of it at both sizes.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from e2e.table_steps import wait_human
from e2e.test_record_layout import DESKTOP, PHONE, shoot

QUERY = "?anim=instant&level=easy&seed=5"


def open_by_keyboard(page: Page) -> None:
    """Focus the menu button and press Enter (the dialog is wired after the table)."""
    expect(page.locator("#btn-rules")).to_be_visible()
    page.locator("#btn-rules").focus()
    page.keyboard.press("Enter")
    expect(page.locator("dialog#rules")).to_be_visible(timeout=60_000)
    expect(page.locator("#rules-close")).to_be_focused()


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_rules_page_describes_the_rules_in_force(
    open_table: Callable[[str], Page], page: Page, lang: str
) -> None:
    page.set_viewport_size(DESKTOP)
    page = open_table(f"{QUERY}&lang={lang}")
    wait_human(page)
    markers = page.locator("#table").evaluate("t => JSON.stringify(t.dataset)")
    open_by_keyboard(page)
    dialog = page.locator("dialog#rules")
    expect(dialog).to_have_attribute("lang", lang)
    order = page.locator("#rules-trick-order li")
    # SdC Standard: yoromeki first, then the Mighty, the jokers, 正J, 裏J, セイム2.
    expect(order.first).to_contain_text("よろめき" if lang == "ja" else "Yoromeki")
    expect(order.nth(1)).to_contain_text("マイティ" if lang == "ja" else "Mighty")
    expect(page.locator("#rules-scoring-table")).to_contain_text("+9")  # SdC: Napoleon wins
    shoot(page, f"rules-{lang}-desktop")
    for key in ("tricks", "scoring"):
        page.locator(f"[data-section='{key}'] h3").evaluate("h => h.scrollIntoView()")
        shoot(page, f"rules-{lang}-desktop-{key}")
    page.set_viewport_size(PHONE)
    page.locator("[data-section='scoring'] h3").evaluate("h => h.scrollIntoView()")
    shoot(page, f"rules-{lang}-phone-scoring")
    table_box = page.locator(".rules-table-wrap").bounding_box()
    assert table_box is not None and table_box["x"] + table_box["width"] <= PHONE["width"] + 1
    shoot(page, f"rules-{lang}-phone")
    # Escape closes it; the focus goes back to the menu; the match did not move.
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator("#btn-rules")).to_be_focused()
    assert page.locator("#table").evaluate("t => JSON.stringify(t.dataset)") == markers


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_an_option_off_is_not_described(open_table: Callable[[str], Page], lang: str) -> None:
    """With yoromeki=off the trick order says nothing of the ♥Q (the joker call, still
    on, is still described), and the options list says what changed from the preset."""
    page = open_table(f"{QUERY}&lang={lang}&yoromeki=off")
    wait_human(page)
    open_by_keyboard(page)
    order = page.locator("#rules-trick-order")
    expect(order.locator("li").first).to_contain_text("マイティ" if lang == "ja" else "Mighty")
    for word in ("よろめき", "Yoromeki", "♥Q"):
        expect(order).not_to_contain_text(word)
    expect(page.locator("[data-section='play']")).to_contain_text(
        "Jo請求" if lang == "ja" else "Joker call")
    options = page.locator("#rules-options")
    expect(options.locator("[data-option='yoromeki']")).to_be_visible()
    page.locator("#rules-close").click()
    expect(page.locator("dialog#rules")).to_be_hidden()
