"""Shared fixtures for the browser tests: Debian's Chromium, the built site served
on 127.0.0.1 under a sub-path, and guards against outside requests and errors.

Every e2e test gets, automatically:

* a fresh build of the site (from the current source) served at
  ``http://127.0.0.1:PORT/napoleon/`` — ``base_url``, on a free port; set
  ``NAPOLEON_TEST_SITE`` to test an already-built folder instead. What is served is
  a copy whose policy also names ``relay``: the tests' Nostr relay, started on a
  free port for the session (the published build names public relays only), so two
  checkouts run their suites side by side;
* ``context`` and ``page``: lent from the process's :class:`~e2e.page_pool.PagePool`
  (one context and tab, on ``about:blank`` with nothing stored for the site, as a
  fresh pair would be; a test that changes what cannot be undone, or fails, leaves
  a new pair to the next), so a test's page load reuses the renderer and Pyodide's
  compiled WebAssembly of the test before, and its HTTP cache as a returning
  player's browser would; a test with friends (:func:`wants_own_pair`), one
  marked ``cold_cache`` (it lists what a first visit downloads) and one marked
  ``own_page`` (it checks the computers' worker a page load starts) gets a new pair
  of its own;
* ``guard``: every request of the test's browser context is recorded; one to a
  host other than the local server fails in the browser (the tests' Chromium
  resolves no other name) and fails the test at teardown, as does every console
  error and page error.

Every ``expect(...)`` polls the page every 50 ms for as long as it waits
(:mod:`e2e.quick_expect`), not every 500 ms as Playwright's driver does after
its first steps.

Every e2e test also runs at most once more, only for a fault of the browser's
(``BROWSER_FAULTS`` in ``e2e/guard.py``): Chromium's renderer crashed under it, or
a click's check waited the whole timeout for an animation frame headless Chromium
never rendered. Any other failure fails at once, and a fault that comes back
fails the test.

Use ``open_table(query)`` to load the page and wait until Python has drawn it.
Tests that open their own context or page (e.g. offline mode) call
``guard.watch_context(ctx)`` and ``guard.watch_page(page)`` on them.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from cardkit.ui_dom import page_reset
from cardkit.ui_dom.browser import READY_CLASS
from e2e.guard import BROWSER_FAULTS, PageGuard
from e2e.page_pool import PagePool, origin_of
from e2e.quick_expect import install as poll_quickly
from e2e.relay import free_port, local_relay, trace_tail
from e2e.rtc_trace import RTC_TRACE, traces
from scripts.build_site import copy_with_relays, site_under_test
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS
from scripts.serve import start_server

E2E_DIR = Path(__file__).parent

#: Pyodide boots in seconds; the first wait gets a generous limit (never a sleep).
BOOT_TIMEOUT_MS = 60_000

#: The tests' Chromium compiles WebAssembly with V8's baseline compiler only. By
#: default V8 recompiles the runtime's hot functions with its optimizing compiler:
#: about 2.4 s of CPU per whole-game test on background threads, for code the tests
#: run too briefly to gain from, even where one Pyodide serves a process's tests
#: (a table started in place: the compiler's pool took twice the CPU, the page's
#: main thread none less; ``docs/benchmarks.md``). Without it the renderer's CPU for
#: those tests falls by about a third and, the CPU being the suite's bound on 2 cores,
#: groups of browser tests run 11-14% faster at ``-n 2`` (measured back to back). What
#: the page does is the same; its speed as players meet it is measured by ``bench/``,
#: with V8's defaults.
#: It also resolves no host name but the local ones: a request meant for another host
#: fails in the browser (the guard records it, and the test fails), none leaves the machine.
E2E_CHROMIUM_ARGS = [*CHROMIUM_ARGS, "--js-flags=--liftoff-only",
                     "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost"]


def pytest_configure(config: pytest.Config) -> None:
    poll_quickly()
    config.addinivalue_line(
        "markers", "cold_cache: the test lists what the page downloads, so it gets a new "
        "context and tab, whose HTTP cache holds nothing yet (a pooled one keeps its cache)")
    config.addinivalue_line(
        "markers", "own_page: the test checks where the computers think, so it gets a new "
        "context and tab: a table started in place joins the worker the last test's table "
        "started (and may have left busy), a page load starts its own")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every browser test gets one rerun, for the browser's faults only."""
    for item in items:
        if E2E_DIR in item.path.parents:
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=list(BROWSER_FAULTS)))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A failed test that asked for the relay reports the tail of every running relay's
    signalling (:func:`e2e.relay.trace_tail`): which message never came."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if (report.failed and isinstance(item, pytest.Function)
            and "relay" in inspect.signature(item.obj).parameters):
        report.sections.append(("relay trace", trace_tail()))
    guard = item.funcargs.get("guard") if isinstance(item, pytest.Function) else None
    if report.failed and report.when == "call" and isinstance(guard, PageGuard):
        report.sections.append(("webrtc trace", traces(guard.contexts)))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM,
            "args": E2E_CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    # A service worker's requests would bypass `route`: tests about it opt back in.
    # A Japanese browser: the page starts in the browser's language, and
    # most tests read the Japanese page; tests of English or of that choice say so.
    return {**browser_context_args, "service_workers": "block", "locale": "ja-JP"}


@pytest.fixture(scope="session")
def relay() -> Iterator[str]:
    """The URL of the session's local Nostr relay (``e2e/nostr_relay.mjs``)."""
    with local_relay() as url:
        yield url


@pytest.fixture(scope="session")
def spare_relay() -> str:
    """A relay address the served page's policy allows, on a port nothing listens on
    unless a test starts a relay there (``local_relay(port_of(spare_relay))``): a
    relay that is down, or one the test stops mid-lobby."""
    return f"ws://127.0.0.1:{free_port()}"


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory, relay: str, spare_relay: str) -> Path:
    """The site under test (built now from the current source, or NAPOLEON_TEST_SITE),
    as a copy whose policy also allows the session's relay and the spare one."""
    scratch = tmp_path_factory.mktemp("e2e")
    return copy_with_relays(site_under_test(scratch), scratch / "served", (relay, spare_relay))


@pytest.fixture(scope="session")
def base_url(site_dir: Path) -> Iterator[str]:
    """The site's URL on the local server, under the sub-path /napoleon/."""
    with start_server(site_dir) as url:
        yield url


@pytest.fixture(scope="session")
def page_pool(browser: Browser, browser_context_args: dict[str, Any],
              base_url: str) -> Iterator[PagePool]:
    """This process's context and tab, lent to one test after another (``e2e/page_pool.py``)."""
    pool = PagePool(browser, browser_context_args, origin_of(base_url))
    yield pool
    pool.close()


def wants_own_pair(asked: tuple[str, ...], module: str, marked: bool) -> bool:
    """Whether a test gets a new context and tab of its own: a test with friends (it
    asks for a relay itself, or is one of the friends' modules) or one ``marked``
    ``cold_cache`` or ``own_page``.  Every test depends on the relay through the site
    it is served (the policy names it), so what counts is the test function's own
    fixtures (``asked``), not all it depends on: else no test would share the pool's
    tab.

    >>> wants_own_pair(("open_table", "base_url"), "test_table_flow.py", False)
    False
    >>> wants_own_pair(("relay", "open_table"), "test_offline.py", False)
    True
    >>> wants_own_pair(("open_table",), "test_friends_menu.py", False)
    True
    """
    return (marked or "relay" in asked or "spare_relay" in asked
            or module.startswith("test_friends"))


@pytest.fixture
def context(page_pool: PagePool, request: pytest.FixtureRequest) -> Iterator[BrowserContext]:
    """The pool's context, as a fresh one would be; the test's failure (or a change it
    made that cannot be undone) gives the next test a new one. A test with friends or
    one marked ``cold_cache`` (:func:`wants_own_pair`) gets a new pair, lent to no
    other test."""
    fresh = wants_own_pair(request.node._fixtureinfo.argnames, request.node.path.name,
                           any(request.node.get_closest_marker(m) is not None
                               for m in ("cold_cache", "own_page")))
    lent = page_pool.lend(fresh=bool(fresh))
    if fresh:  # lent to no other test: its connections are traced (e2e/rtc_trace.py)
        lent.add_init_script(RTC_TRACE)
    yield lent
    report = getattr(request.node, "rep_call", None)
    page_pool.give_back(ok=report is not None and report.passed)


@pytest.fixture
def page(context: BrowserContext, page_pool: PagePool) -> Page:
    """The pool's tab, on ``about:blank`` with nothing stored for the site."""
    return page_pool.page


@pytest.fixture(autouse=True)
def mirror_afresh() -> None:
    """The tests' mirrors name seats and cards with the page's own modules in this
    process, where a unit test run before may have left their page state (a team2
    table's dummy seat named "Dummy" at a later pile table's seat 3): each browser
    test starts them afresh, as the page does on a load or a restart in place."""
    page_reset.forget()


@pytest.fixture(autouse=True)
def guard(context: BrowserContext, page: Page, base_url: str) -> Iterator[PageGuard]:
    """Applied to every e2e test: fails it on outside requests or errors in the page."""
    watcher = PageGuard(base_url)
    watcher.watch_context(context)
    watcher.watch_page(page)
    yield watcher
    try:
        watcher.assert_clean()
    finally:
        watcher.close_others(keep=context)


def wait_until_ready(page: Page) -> None:
    """Wait for the marker Python sets once the first screen is drawn."""
    expect(page.locator("html")).to_have_class(
        re.compile(rf"(^|\s){READY_CLASS}(\s|$)"), timeout=BOOT_TIMEOUT_MS
    )


class OpenTable(Protocol):
    def __call__(self, query: str = "", *, clock: bool = False) -> Page: ...


@pytest.fixture
def open_table(page: Page, base_url: str, page_pool: PagePool) -> OpenTable:
    """``open_table("?seed=7")`` opens the page and waits until Python has drawn it:
    in the lent tab, started in place as a load would start it where the last test
    left the site's page (:meth:`e2e.page_pool.PagePool.open`), else loaded; with
    ``clock=True`` (always a load) the page's timers run on Playwright's clock (in
    real time until the test moves it on past a wait of the page's, as
    ``page.clock.fast_forward``)."""

    def open_(query: str = "", *, clock: bool = False) -> Page:
        if clock:
            page.clock.install()
        page_pool.open(base_url + query)
        wait_until_ready(page)
        return page

    return open_


@pytest.fixture
def mirror_lang(request: pytest.FixtureRequest) -> Iterator[str]:
    """A Durak mirror's words in the language a test is parametrized with
    (``indirect=["mirror_lang"]``), then the default again."""
    from durak.ui_dom import i18n

    lang = str(request.param)
    i18n.set_language(lang)
    yield lang
    i18n.set_language(i18n.DEFAULT_LANGUAGE)
