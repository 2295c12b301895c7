"""A pile game's shared link and its series over a reload, by clicks at phone size
(390×844).

A heap game (2 players, ``easy``, no animation) is played to its end in lockstep with a
mirror on CPython (the page's own controller, same rules and seed); its link, taken from
the end's "Share" button, opens in a fresh browser context (another device, nothing
saved) on the record screen: the same game in words, headed as a shared game, with its
review (the pile games' own) a click away.  A tampered link gives a notice naming the
field and leaves the table as it was.  Back on the first page, the next game is dealt and
the page reloaded: the Record screen still lists the finished game (the save keeps the
series' finished games).  ``DURAK_SHOTS=DIR`` (or /work/notes/shots when it exists) keeps
phone screenshots of the opened link.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from cardkit.share_link import encode_link
from durak.pile.options import PileRules
from durak.pile.record import json_record
from durak.ui_dom import i18n
from durak.ui_dom.record.family_words import Written, write_pile
from e2e import mode_steps
from e2e.conftest import wait_until_ready
from e2e.guard import PageGuard
from e2e.mode_steps import PHONE, expect_in_step
from e2e.test_durak_modes import mirror, next_step, query

OpenTable = Callable[[str], Page]
NOTES_SHOTS = Path("/work/notes/shots")


def shot(page: Page, name: str) -> None:
    """A phone screenshot of what is on screen (the open dialog), when asked for."""
    folder = os.environ.get("DURAK_SHOTS") or (str(NOTES_SHOTS) if NOTES_SHOTS.is_dir()
                                               else "")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"share-{name}-phone.png"))


def lines_en(write: Callable[[], Written]) -> list[str]:
    i18n.set_language("en")
    try:
        return [text for _kind, text in write().lines]
    finally:
        i18n.set_language("ja")


def test_a_heap_games_link_opens_it_elsewhere_and_a_reload_keeps_it_in_record(
        open_table: OpenTable, page: Page, browser: Browser, base_url: str) -> None:
    page.set_viewport_size(PHONE)
    rules, seed = PileRules(mode="heap", players=2), 5
    open_table(query(rules, seed, "en"))
    c = mirror(rules, seed)
    expect_in_step(page, c)
    mode_steps.play_to_end(page, c, next_step)
    expect(page.locator("#result")).to_be_visible()
    want = lines_en(lambda: write_pile(c.game, None, c.number, named=False))

    # The end's link: the heap game's own record.
    page.locator("#btn-share-game").click()
    link = page.locator("#share-url").input_value()
    assert link.startswith(base_url + "?game=durak#game="), link[:80]

    other = browser.new_context(locale="en-US", service_workers="block",
                                viewport=PHONE)
    watcher = PageGuard(base_url)
    watcher.watch_context(other)
    try:
        fresh = other.new_page()
        watcher.watch_page(fresh)
        fresh.goto(link)
        wait_until_ready(fresh)
        expect(fresh.locator("dialog#record[open]")).to_have_count(1)
        expect(fresh).not_to_have_url(re.compile("#game="))  # a reload shows the table
        expect(fresh.locator("#record h3").first).to_have_text("Shared game: Heap, 2 players")
        # The "You" of its words is the sharer, said above them.
        expect(fresh.locator("#record-shared-note")).to_be_visible()
        assert fresh.locator("#record-words li").all_text_contents() == want
        expect(fresh.locator("#record-review")).to_be_in_viewport()  # not under the words
        expect(fresh.locator("#record-share")).to_be_visible()
        expect(fresh.locator("#notices .notice-text")).to_have_count(0)
        shot(fresh, "heap-record")
        fresh.locator("#record-review").click()  # the pile games' review of it
        expect(fresh.locator("dialog#review[open]")).to_have_count(1)
        expect(fresh.locator("#review .review-error")).to_have_count(0)
        shot(fresh, "heap-review")
        fresh.keyboard.press("Escape")
        expect(fresh.locator("dialog#review[open]")).to_have_count(0)

        # A tampered link (a number written as text): a notice naming the field, and
        # the table as it was.
        hand_before = fresh.locator("#hand").inner_text()
        bad = {**json_record(c.game, None, seed), "dealer": "1"}
        fresh.goto(f"{base_url}?game=durak#{encode_link(bad)}")
        wait_until_ready(fresh)
        notice = fresh.locator("#notices .notice-text")
        expect(notice).to_have_count(1, timeout=30_000)
        expect(notice).to_contain_text("Cannot open the shared game: dealer")
        expect(fresh.locator("dialog#record[open]")).to_have_count(0)
        assert fresh.locator("#hand").inner_text() == hand_before
        shot(fresh, "heap-bad-link")
    finally:
        other.close()
    watcher.assert_clean()

    # The series goes on; a reload keeps its finished game in the Record screen.
    mode_steps.click(page, c, ("next-game", None))
    assert c.number == 2
    page.reload()
    wait_until_ready(page)
    expect_in_step(page, c)
    page.locator("#btn-record").click()
    expect(page.locator("dialog#record[open]")).to_have_count(1)
    assert page.locator("#record-words li").all_text_contents() == want
    expect(page.locator("#record-share")).to_be_visible()  # its link from the Record too
