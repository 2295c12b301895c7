"""Steps for the tests about the service worker (e2e/test_offline.py, test_sw_update.py).

These tests need a browser context that lets service workers run (the shared
``context`` fixture blocks them), and their own server (its port, hence its
origin, gives each test a registration of its own; stopping it proves that
nothing more comes from the network). The guard is attached by hand, as
e2e/conftest.py says.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, expect

from e2e.conftest import BOOT_TIMEOUT_MS
from e2e.guard import PageGuard
from scripts.offline import RUNTIME, integrity

#: A URL without a seed: the first visit only needs to load the page.
PLAIN = "?level=easy&anim=instant"


def site_build(site: Path) -> str:
    """The build version that scripts/offline.py wrote into ``site/sw.js``."""
    text = (site / "sw.js").read_text(encoding="utf-8")
    match = re.search(r'^const BUILD = "([0-9a-f]+)";$', text, re.M)
    assert match is not None, "site/sw.js names no build"
    return match.group(1)


def _listed(site: Path, name: str) -> list[str]:
    text = (site / "sw.js").read_text(encoding="utf-8")
    block = re.search(rf"^const {name} = \[\n(.*?)^\];$", text, re.M | re.S)
    assert block is not None, f"site/sw.js lists no {name}"
    return re.findall(r'^  \["(\./[^"]+)", "sha256-[^"]+"\],$', block.group(1), re.M)


def site_file_urls(site: Path) -> list[str]:
    """The relative URLs the service worker of ``site`` precaches."""
    return _listed(site, "FILES")


def on_demand_urls(site: Path) -> list[str]:
    """The relative URLs the service worker of ``site`` caches on first use only
    ("Play with friends")."""
    return _listed(site, "ON_DEMAND")


@contextmanager
def worker_context(browser: Browser) -> Iterator[BrowserContext]:
    """A fresh context (empty caches and storage) where service workers run."""
    context = browser.new_context(service_workers="allow")
    try:
        yield context
    finally:
        context.close()


def watched_page(context: BrowserContext, guard: PageGuard) -> Page:
    guard.watch_context(context)
    page = context.new_page()
    guard.watch_page(page)
    return page


def wait_cached(page: Page, build: str) -> None:
    """Wait until the service worker of ``build`` is active and every file is cached."""
    expect(page.locator("html")).to_have_attribute("data-offline", build, timeout=BOOT_TIMEOUT_MS)


def cache_name(build: str) -> str:
    """The service worker's cache of ``build`` for the site at /napoleon/ (web/sw.js)."""
    return f"napoleon /napoleon/ {build}"


def runtime_cache_name(site: Path) -> str:
    """The runtime's own cache for the site at /napoleon/, named after its hash (web/sw.js)."""
    return f"napoleon /napoleon/ runtime {integrity(site / RUNTIME[2:])}"


def expected_caches(site: Path, url: str) -> dict[str, list[str]]:
    """What a complete cache of ``site`` (served at ``url``) holds, cache by cache:
    every file of the build in the build's cache, with its completion mark, but
    the runtime, alone in its own, and the gzip copies of files of the build and
    the standard library's first part (a first visit's downloads, not kept: web/sw.js)."""
    root = url.rstrip("/")
    files = [root + u[1:] for u in site_file_urls(site)]
    runtime = root + RUNTIME[1:]
    copies = {f for f in files if f.endswith(".gz") and f[:-3] in files}
    copies.add(root + "/pyodide/python_stdlib_first.zip")
    build = [f for f in files if f != runtime and f not in copies] + [root + "/.complete"]
    return {cache_name(site_build(site)): sorted(build), runtime_cache_name(site): [runtime]}


def cache_names(page: Page) -> list[str]:
    names: list[str] = page.evaluate("caches.keys()")
    return sorted(names)


def cached_urls(page: Page, name: str) -> list[str]:
    urls: list[str] = page.evaluate(
        "async name => (await (await caches.open(name)).keys()).map(r => r.url)", name
    )
    return sorted(urls)
