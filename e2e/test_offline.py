"""Offline after the first visit (open the page once and expect it to work on the
train afterwards): the service worker caches the whole site on the first
visit, then the game starts and plays to the end with the network off and the
server stopped; and Chromium finds nothing that keeps it from being installed.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, expect

from cardkit.ui_dom.worker import WORKER_MARKER
from e2e.conftest import BOOT_TIMEOUT_MS, wait_until_ready
from e2e.durak_driver import query as durak_query
from e2e.friends_steps import CONNECT_TIMEOUT_MS, other_ways, play_together
from e2e.guard import PageGuard
from e2e.offline_steps import (
    PLAIN,
    cache_name,
    cache_names,
    cached_urls,
    expected_caches,
    on_demand_urls,
    site_build,
    wait_cached,
    watched_page,
    worker_context,
)
from e2e.table_driver import Policy, mirror, play_in_page, query
from scripts.friends_net import on_demand
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
            # Everything the first visit loads is loaded: its AI worker, which the
            # service worker does not serve (the page was not served by it), too.
            expect(page.locator("html")).to_have_attribute(
                WORKER_MARKER, "ready", timeout=BOOT_TIMEOUT_MS
            )
            expected = expected_caches(site_dir, url)
            assert cache_names(page) == sorted(expected)
            for name, urls in expected.items():
                assert cached_urls(page, name) == urls
            assert installability_errors(context, page) == []
        # The server is stopped (its port refuses connections) and the network is off.
        context.set_offline(True)
        # A new match from a link with a query string: served by the cached index.html.
        page.goto(url + query(SEED))
        wait_until_ready(page)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        # Python restored from the cached memory snapshot, offline too.
        assert str(page.evaluate("window.napoleonSnapshot")).startswith("snapshot-")
        c = mirror(SEED)
        play_in_page(page, c, Policy())  # the human passes; ten tricks by clicks
        assert len(c.match.results) == 1, "the game was played to its end"
        guard.assert_clean()


#: Where the page's own request for the runtime's WebAssembly was answered from
#: (Resource Timing: "cache-storage" when the service worker answered from its cache).
RUNTIME_DELIVERY_JS = """() => performance
  .getEntriesByName(new URL("./pyodide/pyodide.asm.wasm", location.href).href)
  .map((entry) => entry.deliveryType)"""


def test_a_first_visit_already_compiles_the_runtime_from_the_service_workers_copy(
    browser: Browser, site_dir: Path
) -> None:
    """Chrome keeps compiled WebAssembly beside the response it came from, so the
    copy the next visits get (the service worker's, from Cache Storage) must be the
    one the first visit's boot compiles: its worker is registered as the page
    starts, caches the runtime alone, takes charge of the page, and only then does
    web/runtime.mjs let the page ask for the runtime (web/README.md, "Offline
    play and installing"). The next visit, served by the worker from the start, waits for
    nothing."""
    build = site_build(site_dir)
    with worker_context(browser) as context, start_server(site_dir) as url:
        guard = PageGuard(url)
        first = watched_page(context, guard)
        first.goto(url + PLAIN)
        wait_until_ready(first)
        assert first.evaluate(RUNTIME_DELIVERY_JS) == ["cache-storage"]
        assert first.evaluate("navigator.serviceWorker.controller !== null")
        assert first.evaluate("performance.getEntriesByName('napoleon-runtime-served').length") == 1
        wait_cached(first, build)
        second = watched_page(context, guard)
        second.goto(url + PLAIN)
        wait_until_ready(second)
        assert second.evaluate(RUNTIME_DELIVERY_JS) == ["cache-storage"]
        assert second.evaluate("'napoleonRuntimeServed' in window") is False
        wait_cached(second, build)
        guard.assert_clean()


def open_exchange_of_codes(page: Page) -> None:
    """"Play together", "Play with friends", then "Connect without a relay": its code
    is shown."""
    play_together(page, "btn-friends")
    other_ways(page)
    page.locator("#friends-manual").click()
    offer = page.locator("#friends-manual-offer")
    expect(offer).to_be_visible(timeout=CONNECT_TIMEOUT_MS)
    assert re.search(r"\?game=durak#manual=[A-Za-z0-9_-]{40,200}$", offer.input_value())


def test_after_one_use_the_exchange_of_codes_opens_with_the_network_off(
    browser: Browser, site_dir: Path, relay: str
) -> None:
    """A first visit fetches nothing of "Play with friends", not even once the build
    is cached; opened once online, each of its files is kept by the service worker
    as the page asks for it (checked against the build's hashes), so with the server
    stopped and the network off a reloaded page still opens "Connect without a
    relay" and shows its code (devices on one network, no relay: web/sw.js)."""
    build = site_build(site_dir)
    with worker_context(browser) as context:
        with start_server(site_dir) as url:
            root = url.rstrip("/") + "/"
            asked: list[str] = []
            context.on("request", lambda r: asked.append(r.url))  # the worker's own too
            guard = PageGuard(url)
            page = watched_page(context, guard)
            page.on("request", lambda r: asked.append(r.url))
            page.goto(url + durak_query(SEED, ""))
            wait_until_ready(page)
            wait_cached(page, build)

            def friends_files(urls: list[str]) -> set[str]:
                rels = (u.split("?")[0].removeprefix(root) for u in urls if u.startswith(root))
                return {rel for rel in rels if on_demand(rel)}

            assert friends_files(asked) == set()
            assert friends_files(cached_urls(page, cache_name(build))) == set()
            open_exchange_of_codes(page)
            assert "friends_manual.mjs" in friends_files(asked), "the requests are seen"
            kept = friends_files(cached_urls(page, cache_name(build)))
            assert {"friends.mjs", "friends_manual.mjs", "net/uqr.mjs"} <= kept
            assert kept <= {u[2:] for u in on_demand_urls(site_dir)}
        context.set_offline(True)
        page.goto(url + durak_query(SEED, ""))
        wait_until_ready(page)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        open_exchange_of_codes(page)
        # The relay the page names is unreachable (the only console error allowed).
        guard.console_errors[:] = [
            e for e in guard.console_errors if not (relay in e and "WebSocket" in e)
        ]
        guard.assert_clean()
