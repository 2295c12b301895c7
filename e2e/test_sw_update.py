"""A new deployment replaces the cached one cleanly: the cache is versioned
per build, so a new deployment replaces the old one cleanly and never mixes files
of two builds; a second build with a changed file replaces the cached one.

Build B is build A with one changed file (style.css) and the service worker the
build step (scripts/offline.py) writes for it, in the very folder being served;
build C changes it again, while a second tab opens the game.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Final, Literal

from playwright.sync_api import Browser, Page, expect

from e2e.conftest import BOOT_TIMEOUT_MS, wait_until_ready
from e2e.guard import PageGuard
from e2e.offline_steps import (
    PLAIN,
    cache_name,
    cache_names,
    cached_urls,
    expected_caches,
    runtime_cache_name,
    site_build,
    wait_cached,
    watched_page,
    worker_context,
)
from scripts.offline import write_service_worker
from scripts.serve import start_server

#: How far a navigation that may get the handover page (web/sw.js: a page that
#: loads the game again once the new worker is active, web/handover.js) is
#: awaited before waiting for the ready marker: its first response. Under load,
#: waiting for the handover page's load event timed out now and then (the second
#: tab, about 1 run in 9).
#:
#: The handover page does not reload itself at once (``Refresh: 0``): under load a
#: reload made while the new worker was still activating now and then got no
#: answer at all (Chromium stopped the old worker under it: "targetCrashed" in the
#: protocol log), and the page stayed blank — this test then failed or hung (1 run
#: in about 20 alone on a loaded machine, 2 of 2 full-suite runs).
HANDOVER_WAIT: Final[Literal["commit"]] = "commit"

#: The changed file of build B sets this CSS property on <html>.
MARKER = "--napoleon-test-build"


def marker(page: Page) -> str:
    value: str = page.evaluate(
        "name => getComputedStyle(document.documentElement).getPropertyValue(name).trim()",
        MARKER,
    )
    return value


def deploy(site: Path, name: str) -> str:
    """A new build in ``site``: style.css sets the marker to ``name``; a new worker."""
    with (site / "style.css").open("a", encoding="utf-8") as css:
        css.write(f'\n:root {{ {MARKER}: "{name}"; }}\n')
    return write_service_worker(site)


def test_a_second_build_replaces_the_cached_one(
    browser: Browser, site_dir: Path, tmp_path: Path
) -> None:
    served = tmp_path / "site"
    shutil.copytree(site_dir, served)
    build_a = site_build(served)
    with worker_context(browser) as context, start_server(served) as url:
        guard = PageGuard(url)
        page = watched_page(context, guard)
        page.goto(url + PLAIN)
        wait_until_ready(page)
        wait_cached(page, build_a)
        assert marker(page) == ""

        # Deploy build B into the same folder: one changed file, a new service worker.
        build_b = deploy(served, "B")
        assert build_b != build_a

        # The next load finds B and caches it aside; this page is still all of A.
        page.reload()
        wait_until_ready(page)
        html = page.locator("html")
        expect(html).to_have_attribute("data-update", build_b, timeout=BOOT_TIMEOUT_MS)
        assert marker(page) == ""
        runtime = runtime_cache_name(served)
        assert cache_names(page) == sorted([cache_name(build_a), cache_name(build_b), runtime])

        # The load after that is B's, from B's cache alone; A's cache is gone.
        # A's worker answers it with the handover page, which loads the game again
        # once B is active: wait for the first response only, then for
        # the game's ready marker (a load event of a handover page is no sign).
        page.reload(wait_until=HANDOVER_WAIT)
        wait_until_ready(page)
        wait_cached(page, build_b)
        assert marker(page) == '"B"'
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        # The runtime did not change: its cache, and the code Chrome keeps beside
        # it, outlive the deployment.
        expected = expected_caches(served, url)
        assert cache_names(page) == sorted(expected) == sorted([cache_name(build_b), runtime])
        for name, urls in expected.items():
            assert cached_urls(page, name) == urls

        # Build C, found by this page (of B); then the game opens in a second tab:
        # C takes over there, and this page, whose worker was replaced, reloads
        # itself into C rather than go on with files of two builds.
        build_c = deploy(served, "C")
        page.reload()
        wait_until_ready(page)
        expect(html).to_have_attribute("data-update", build_c, timeout=BOOT_TIMEOUT_MS)
        other = context.new_page()
        guard.watch_page(other)
        other.goto(url + PLAIN, wait_until=HANDOVER_WAIT)
        wait_until_ready(other)
        wait_cached(other, build_c)
        assert marker(other) == '"C"'
        wait_cached(page, build_c)
        wait_until_ready(page)
        assert marker(page) == '"C"'
        assert cache_names(page) == sorted([cache_name(build_c), runtime])
        guard.assert_clean()
