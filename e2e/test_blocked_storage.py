"""A browser that blocks the site's data still plays: Chromium set to let no site
save data (its content setting for cookies and site data, "blocked"), as a player
may set it.  There ``localStorage`` throws and IndexedDB refuses every database,
PyScript's own among them (its file system's, opened as it loads, and its package
cache, which it waits for as it starts Python, in the page and in the computers'
worker): ``web/runtime.mjs`` keeps those in memory, so Python starts all the same.
The page says that nothing is saved, and a game is played by clicks until a
computer's decision came from the worker; no error in the page or its console.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, BrowserType, Page, expect

from e2e.conftest import BOOT_TIMEOUT_MS, wait_until_ready
from e2e.durak_driver import click_until_the_worker_answers
from e2e.guard import PageGuard

#: Chromium's profile preference that blocks every site's cookies and site data.
BLOCK_SITE_DATA = {"profile": {"default_content_setting_values": {"cookies": 2}}}
#: The page's notice that nothing is saved (Durak's, in Japanese).
NOTHING_SAVED = "ブラウザの保存領域が使えないため、設定とゲームは保存されません"


@pytest.fixture
def blocking(browser_type: BrowserType, browser_type_launch_args: dict[str, Any],
             browser_context_args: dict[str, Any], tmp_path: Path,
             guard: PageGuard) -> Iterator[BrowserContext]:
    """A browser of its own whose profile blocks site data (a preference of the
    profile, so a persistent context), watched by the test's guard."""
    (tmp_path / "Default").mkdir()
    (tmp_path / "Default" / "Preferences").write_text(json.dumps(BLOCK_SITE_DATA))
    context = browser_type.launch_persistent_context(
        tmp_path, **browser_type_launch_args, **browser_context_args)
    guard.watch_context(context)
    try:
        yield context
    finally:
        context.close()


def test_with_site_data_blocked_the_page_says_nothing_is_saved_and_plays(
        blocking: BrowserContext, base_url: str, guard: PageGuard) -> None:
    page: Page = blocking.pages[0] if blocking.pages else blocking.new_page()
    guard.watch_page(page)
    page.goto(base_url + "?game=durak&seed=5&level=normal&anim=instant&players=3")
    wait_until_ready(page)
    assert page.evaluate(
        "() => { try { localStorage.length; return 'read'; } catch (e) { return e.name; } }"
    ) == "SecurityError", "the profile did not block the site's data"
    expect(page.locator("#notices .notice").filter(has_text=NOTHING_SAVED)).to_have_count(1)
    click_until_the_worker_answers(page)
    expect(page.locator("html")).to_have_attribute("data-worker", "ready",
                                                   timeout=BOOT_TIMEOUT_MS)
