"""A shared game link by clicks: made in the record dialog, opened in a
fresh page (round trip), and a tampered one (a notice, the normal table)."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

from e2e.table_driver import Policy, mirror, play_in_page, query
from e2e.table_steps import notices, wait_human
from napoleon.ui_dom.card_words import suit_glyph

SEED = 11


def test_a_game_link_round_trip_and_a_tampered_link(
    open_table: Callable[[str], Page], base_url: str
) -> None:
    c = mirror(SEED)
    page = open_table(query(SEED))
    play_in_page(page, c, Policy(), games=1)
    game = c.match.games[0]
    page.locator("#btn-record").click()
    expect(page.locator("#record")).to_be_visible()
    page.locator("#record-share").click()
    link = page.locator("#record-share-url").input_value()
    assert link.startswith(base_url + "#game=")
    assert len(link) < 3_000

    # Opened in a page with nothing saved: the review screen shows that game.
    page.evaluate("localStorage.clear()")
    page.goto(link)
    wait_human(page)
    review = page.locator("#review")
    expect(review).to_be_visible(timeout=30_000)
    expect(page.locator("#review .review-error")).to_have_count(0)
    expect(page.locator("#review-step")).to_be_visible()
    assert notices(page) == []
    expect(page).not_to_have_url(re.compile("#game="))  # a reload shows the table
    # The game shown is the one shared: its contract (trump and bid) is on the screen.
    assert game.result is not None
    bid = f"{suit_glyph(game.trump, 'symbols')}{game.result.bid}"
    expect(page.locator("#review .review-contract")).to_contain_text(bid)
    page.keyboard.press("Escape")
    expect(review).to_be_hidden()

    # A tampered link: a notice, and the normal table.
    payload = link.split("#game=", 1)[1]
    middle = len(payload) // 2
    flipped = "A" if payload[middle] != "A" else "B"
    bad = f"{base_url}#game={payload[:middle]}{flipped}{payload[middle + 1:]}X"
    page.goto(base_url + "?lang=ja")
    wait_human(page)
    page.goto(bad)
    wait_human(page)
    expect(page.locator("#notices .notice-text")).to_have_count(1, timeout=30_000)
    assert notices(page)[0].startswith("共有されたゲームのリンクを開けませんでした")
    expect(page.locator("#record")).to_be_hidden()
    expect(page.locator("#review")).to_have_count(0)
    expect(page.locator("#hand [data-card]")).to_have_count(10)
