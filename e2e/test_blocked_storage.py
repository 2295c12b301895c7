"""A browser that blocks the site's data still plays: Chromium set to let no site
save data (its content setting for cookies and site data, "blocked"), as a player
may set it.  There ``localStorage`` throws and IndexedDB refuses every database,
PyScript's own among them (its file system's, opened as it loads, and its package
cache, which it waits for as it starts Python, in the page and in the computers'
worker): ``web/runtime.mjs`` keeps those in memory, so Python starts all the same.
The page says that nothing is saved, and a game is played by clicks until a
computer's decision came from the worker; no error in the page or its console.
Such a browser also hosts a table with friends (the lobby, the link, a guest
seated from another browser) and joins one by its link, with moves both ways: what
a host keeps for a reload and a guest its seat's token by lives in memory only.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page, expect

from durak.rules import Rules
from e2e.conftest import BOOT_TIMEOUT_MS, OpenTable, wait_until_ready
from e2e.durak_driver import Policy, click_until_the_worker_answers, query
from e2e.friends_steps import (
    CONNECT_TIMEOUT_MS,
    click_step,
    durak_mirror,
    durak_turns,
    host_link,
    join,
    open_link,
)
from e2e.guard import PageGuard
from e2e.rtc_trace import RTC_TRACE

#: Chromium's profile preference that blocks every site's cookies and site data.
BLOCK_SITE_DATA = {"profile": {"default_content_setting_values": {"cookies": 2}}}
#: The page's notice that nothing is saved (Durak's, in Japanese).
NOTHING_SAVED = "ブラウザの保存領域が使えないため、設定とゲームは保存されません"
#: A Durak deal of two (the friends tests' own), the host to act first.
FRIENDS_SEED = 26


@pytest.fixture
def blocking(browser_type: BrowserType, browser_type_launch_args: dict[str, Any],
             browser_context_args: dict[str, Any], tmp_path: Path,
             guard: PageGuard) -> Iterator[BrowserContext]:
    """A browser of its own whose profile blocks site data (a preference of the
    profile, so a persistent context), watched by the test's guard; its WebRTC
    connections traced for a failed join's report, as every friend's page is
    (:data:`e2e.rtc_trace.RTC_TRACE`)."""
    (tmp_path / "Default").mkdir()
    (tmp_path / "Default" / "Preferences").write_text(json.dumps(BLOCK_SITE_DATA))
    context = browser_type.launch_persistent_context(
        tmp_path, **browser_type_launch_args, **browser_context_args)
    context.add_init_script(RTC_TRACE)
    guard.watch_context(context)
    try:
        yield context
    finally:
        context.close()


def blocked_page(blocking: BrowserContext, guard: PageGuard) -> Page:
    """The blocking browser's tab, watched by the guard."""
    page: Page = blocking.pages[0] if blocking.pages else blocking.new_page()
    guard.watch_page(page)
    return page


def test_with_site_data_blocked_the_page_says_nothing_is_saved_and_plays(
        blocking: BrowserContext, base_url: str, guard: PageGuard) -> None:
    page = blocked_page(blocking, guard)
    page.goto(base_url + "?game=durak&seed=5&level=normal&anim=instant&players=3")
    wait_until_ready(page)
    assert page.evaluate(
        "() => { try { localStorage.length; return 'read'; } catch (e) { return e.name; } }"
    ) == "SecurityError", "the profile did not block the site's data"
    expect(page.locator("#notices .notice").filter(has_text=NOTHING_SAVED)).to_have_count(1)
    click_until_the_worker_answers(page)
    expect(page.locator("html")).to_have_attribute("data-worker", "ready",
                                                   timeout=BOOT_TIMEOUT_MS)


def test_with_site_data_blocked_the_page_hosts_a_table_with_friends(
        blocking: BrowserContext, base_url: str, relay: str, browser: Browser,
        guard: PageGuard) -> None:
    host = blocked_page(blocking, guard)
    host.goto(base_url + query(FRIENDS_SEED))
    wait_until_ready(host)
    expect(host.locator("#notices .notice").filter(has_text=NOTHING_SAVED)).to_have_count(1)
    guest = join(browser, guard, host_link(host), 1)
    play_both_ways(host, guest)


def test_with_site_data_blocked_the_page_joins_a_table_with_friends(
        blocking: BrowserContext, open_table: OpenTable, relay: str,
        guard: PageGuard) -> None:
    host = open_table(query(FRIENDS_SEED))
    link = host_link(host)
    guest = blocked_page(blocking, guard)
    open_link(guest, link, "席2 (あなた)")  # (this browser's language is Japanese)
    play_both_ways(host, guest)


def play_both_ways(host: Page, guest: Page) -> None:
    """The host starts the seated table; moves both ways by clicks, the host's until
    the guest is to act, then the guest's."""
    expect(host.locator("#friends-seats")).to_contain_text("参加中")
    host.locator("#friends-start").click()
    expect(guest.locator('#table[data-friends="guest"]')).to_have_count(
        1, timeout=CONNECT_TIMEOUT_MS)
    c = durak_mirror(Rules(), FRIENDS_SEED)
    policy, moved = Policy(), set[int]()
    for seat, page in durak_turns(c, {0: host, 1: guest}):
        if moved == {0, 1}:
            break
        click_step(c, page, policy)
        moved.add(seat)
    assert moved == {0, 1}
