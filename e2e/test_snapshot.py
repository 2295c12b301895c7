"""Python restored from the build's memory snapshot, in Chromium (web/runtime.mjs,
cardkit.snapshot; web/README.md, "How the page boots").

Both pages and the computers' worker start from the snapshot; every visit still
deals its own unseeded match (the snapshot's random generator is seeded again);
a snapshot that cannot be had leaves a page that starts Python as before, deals
the same seeded deal and shows no error.
"""

from __future__ import annotations

import gzip
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from cardkit.ui_dom.worker import WORKER_MARKER
from e2e.conftest import BOOT_TIMEOUT_MS, wait_until_ready
from e2e.guard import PageGuard
from e2e.test_first_screen import shown_cards
from napoleon.cards import card_text, sorted_cards
from napoleon.match import Match
from napoleon.rules import Rules

#: What these tests list is a first visit's downloads: a pooled tab's warm cache would hide them.
pytestmark = pytest.mark.cold_cache


def snapshot_file(site_dir: Path) -> str:
    (path,) = site_dir.glob("snapshot-*.gz")
    return path.name


def snapshot_requests(guard: PageGuard, name: str) -> int:
    return sum(url.endswith("/" + name) for url in guard.local_requests)


def snapshot_notes(page: Page) -> list[str]:
    """What the page's console will say of its snapshot (why it started without it)."""
    notes: list[str] = []
    page.on("console", lambda message: notes.append(message.text)
            if "snapshot" in message.text else None)
    return notes


def test_the_page_and_the_computers_worker_start_from_the_snapshot(
    open_table: Callable[[str], Page], guard: PageGuard, site_dir: Path, page: Page
) -> None:
    name = snapshot_file(site_dir)
    notes = snapshot_notes(page)
    page = open_table("?seed=7&anim=instant")
    assert page.evaluate("window.napoleonSnapshot") == name, notes
    game = Match(Rules(), seed=7).game
    assert shown_cards(page, "#hand") == [card_text(c) for c in sorted_cards(game.hands[0])]
    # Strong computers think in the worker: it is started, and restores the snapshot too.
    expect(page.locator("html")).to_have_attribute(WORKER_MARKER, "ready", timeout=BOOT_TIMEOUT_MS)
    assert snapshot_requests(guard, name) == 2  # routing disables the HTTP cache


def test_durak_starts_from_the_same_snapshot(
    open_table: Callable[[str], Page], site_dir: Path, page: Page
) -> None:
    notes = snapshot_notes(page)
    page = open_table("?game=durak&seed=3&anim=instant")
    assert page.evaluate("window.napoleonSnapshot") == snapshot_file(site_dir), notes
    expect(page.locator("#hand [data-card]").first).to_be_visible()


@pytest.fixture
def fresh_contexts(browser: Browser, base_url: str) -> Iterator[Callable[[], Page]]:
    """New browser contexts (no saved match), each under the guard."""
    contexts: list[BrowserContext] = []
    watcher = PageGuard(base_url)

    def new_page() -> Page:
        ctx = browser.new_context(service_workers="block", locale="ja-JP")
        contexts.append(ctx)
        watcher.watch_context(ctx)
        page = ctx.new_page()
        watcher.watch_page(page)
        return page

    yield new_page
    for ctx in contexts:
        ctx.close()
    watcher.assert_clean()


def test_every_visit_deals_its_own_unseeded_match(
    fresh_contexts: Callable[[], Page], base_url: str
) -> None:
    """The snapshot's random generator is the build's: seeded again in each page, two
    first visits without ?seed= are two deals (equal by chance: about 1 in 10^11)."""
    hands = []
    for _ in range(2):
        page = fresh_contexts()
        page.goto(base_url + "?level=easy&anim=instant")
        wait_until_ready(page)
        hands.append(shown_cards(page, "#hand"))
    assert len(hands[0]) == 10
    assert hands[0] != hands[1]


@pytest.mark.parametrize("failure", ["missing", "corrupt"])
def test_without_its_snapshot_the_page_starts_python_as_before(
    page: Page, base_url: str, guard: PageGuard, site_dir: Path, failure: str
) -> None:
    """A snapshot the server does not have, or one that is not Pyodide's: a warning in
    the console (no error), and the page the player gets is the same."""
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)

    def broken(route: Route) -> None:
        if failure == "missing":
            route.fulfill(status=404, body="gone")
        else:  # well compressed, but no snapshot of Pyodide's
            route.fulfill(status=200, body=gzip.compress(b"not a snapshot" * 1000))

    page.route(re.compile(re.escape(snapshot_file(site_dir)) + "$"), broken)
    page.goto(base_url + "?seed=7&anim=instant")
    wait_until_ready(page)
    assert page.evaluate("window.napoleonSnapshot ?? null") is None
    assert any(w.startswith("Python starts without its snapshot") for w in warnings), warnings
    game = Match(Rules(), seed=7).game
    assert shown_cards(page, "#hand") == [card_text(c) for c in sorted_cards(game.hands[0])]
    if failure == "missing":
        # Chromium's own line for any 404 ("Failed to load resource"), not the page's.
        name = snapshot_file(site_dir)
        browsers = [e for e in guard.console_errors if "404" in e and name in e]
        assert len(browsers) == 1, guard.console_errors
        guard.console_errors.remove(browsers[0])
    guard.assert_clean()
