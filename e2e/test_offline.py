"""Offline after the first visit (issue 5: "open the page once and expect it to work
on the train afterwards"): the service worker caches the whole site on the first
visit, then the game starts and plays to the end with the network off and the
server stopped; and Chromium finds nothing that keeps it from being installed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect

from e2e.conftest import BOOT_TIMEOUT_MS, wait_until_ready
from e2e.guard import PageGuard
from e2e.offline_steps import (
    PLAIN,
    cache_name,
    cache_names,
    cached_urls,
    site_build,
    site_file_urls,
    wait_cached,
    watched_page,
    worker_context,
)
from e2e.table_driver import Policy, mirror, play_in_page, query
from scripts.serve import start_server

SEED = 11


def installability_errors(context: BrowserContext, page: Page) -> list[str]:
    """What Chromium says stands between the page and *Install* (add to home screen),
    and the manifest's parse errors. Playwright's contexts are incognito profiles,
    where nothing installs: that one reason is left out."""
    cdp = context.new_cdp_session(page)
    found: dict[str, Any] = cdp.send("Page.getInstallabilityErrors")
    manifest: dict[str, Any] = cdp.send("Page.getAppManifest")
    cdp.detach()
    errors = [e["errorId"] for e in found["installabilityErrors"]]
    errors += [str(e) for e in manifest.get("errors", [])]
    assert manifest["url"].endswith("/napoleon/manifest.webmanifest")
    return [e for e in errors if e != "in-incognito"]


def test_after_one_visit_a_whole_game_plays_with_the_network_off(
    browser: Browser, site_dir: Path
) -> None:
    build = site_build(site_dir)
    with worker_context(browser) as context:
        with start_server(site_dir) as url:
            guard = PageGuard(url)
            page = watched_page(context, guard)
            page.goto(url + PLAIN)
            wait_until_ready(page)
            wait_cached(page, build)
            assert cache_names(page) == [cache_name(build)]
            site_root = url.rstrip("/")
            expected = sorted(site_root + u[1:] for u in site_file_urls(site_dir))
            assert cached_urls(page, cache_name(build)) == expected
            assert installability_errors(context, page) == []
        # The server is stopped (its port refuses connections) and the network is off.
        context.set_offline(True)
        # A new match from a link with a query string: served by the cached index.html.
        page.goto(url + query(SEED))
        wait_until_ready(page)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        c = mirror(SEED)
        play_in_page(page, c, Policy())  # the human passes; ten tricks by clicks
        assert len(c.match.results) == 1, "the game was played to its end"
        guard.assert_clean()


def test_only_a_first_visit_ties_the_runtimes_compiled_code_to_the_cached_copy(
    browser: Browser, site_dir: Path
) -> None:
    """On a page the service worker did not serve, once the build is cached,
    web/code-cache.js fetches the runtime again as a client of the service worker
    (so from Cache Storage) and compiles it: Chrome then writes the page's compiled
    code beside that copy too (README, "Offline play and installing"). A page the
    service worker served compiled that very copy itself: it starts nothing."""
    build = site_build(site_dir)
    with worker_context(browser) as context, start_server(site_dir) as url:
        guard = PageGuard(url)
        first = watched_page(context, guard)
        first.goto(url + PLAIN)
        wait_until_ready(first)
        wait_cached(first, build)
        expect(first.locator("html")).to_have_attribute(
            "data-code-cache", "attached", timeout=BOOT_TIMEOUT_MS
        )
        second = watched_page(context, guard)
        second.goto(url + PLAIN)
        wait_until_ready(second)
        wait_cached(second, build)
        assert second.evaluate("navigator.serviceWorker.controller !== null")
        assert second.evaluate("'napoleonCodeCache' in window") is False
        assert second.locator("html").get_attribute("data-code-cache") is None
        guard.assert_clean()
