"""One browser context and one tab per test process, lent to each test in turn.

A test's first page load costs a renderer process and the compilation of
Pyodide's WebAssembly (about 1.7 s on a quiet 2-core machine); the next load in
the same tab reuses both (about 0.8 s). So the ``context`` and ``page`` every
e2e test gets are lent from this pool, and given back in the state a fresh one
would be in:

* the table in the tab stops once its computers' worker is up, if it was booting
  (``napoleonStop()``, :mod:`cardkit.ui_dom.page_reset`: no task of it runs on,
  nothing it listened to is heard), or the tab goes to ``about:blank`` where it
  holds no table that can stop (a table with friends, another page); then the
  site's origin forgets everything it stored (the stopped page's own
  ``localStorage.clear()``, and Chromium's ``Storage.clearDataForOrigin`` for the
  rest: its local storage too where no table stopped; IndexedDB, where the site
  stores nothing, is left to PyScript's package cache);
* the viewport goes back to the context's size, pages the test opened beside the
  tab close, and the routes and listeners the test added are removed (the guard's
  among them: each test's guard listens anew). Chromium's HTTP cache is kept: the
  files of the one build under test do not change during a run, so a test's
  page load may come from the cache as a returning player's does (the guard still
  hears every request, cached or not; a test that lists a first visit's downloads
  asks for a new pair, whose cache is empty).

What a test may change that cannot be undone this way *spoils* the pool, and the
next test gets a new context and tab: a clock installed, WebSocket routes, init
scripts, exposed functions, permissions, cookies, offline mode, extra headers,
emulated media, a DevTools session of its own (network conditions), the tab
closed or crashed, or the test failing (a rerun starts afresh).
The pool sees those changes as the calls Playwright sends to the browser for
the context and the tab (:data:`SPOILING`), so a helper deep in a driver is
seen as well as the test itself. Where this Playwright has no such call to
watch, nothing is lent twice: every test gets a new pair.

A test may also ask for a new pair of its own (``lend(fresh=True)``): the tests
of play with friends do, so a friend's first join is always to a table in a
renderer nothing ran in before. The pool's own pair waits aside meanwhile (its
table stopped, nothing stored) and is lent to the next test, so a new pair is
made for the test that asked, not also for the one after it.

The next test's table (``open_table``, :meth:`PagePool.open`) starts in place in
the stopped page (``napoleonRestart(url)``): Python and the computers' worker are
up already, so the test skips a page's boot (about 2 s of CPU: Pyodide restored
from its snapshot, the page's first screen, the worker's boot). A test that
spoiled the pair, or routed requests, gets a load; ``e2e/test_page_restart.py``
checks that a table started in place is the one a load draws.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from contextlib import suppress
from typing import Any, Final
from urllib.parse import urlsplit

from playwright.sync_api import Browser, BrowserContext, Error, Page, ViewportSize

#: Protocol calls on a context or a tab whose effect outlives the test.
SPOILING: Final = frozenset({
    "addCookies", "addInitScript", "exposeBinding", "grantPermissions",
    "setExtraHTTPHeaders", "setGeolocation", "setHTTPCredentials",
    "setWebSocketInterceptionPatterns", "setOffline", "newCDPSession",
    "setStorageState", "registerSelectorEngine", "setTestIdAttributeName",
    "clockInstall", "clockFastForward", "clockPauseAt", "clockResume", "clockRunFor",
    "clockSetFixedTime", "clockSetSystemTime", "emulateMedia", "registerLocatorHandler",
    "close",
})
#: Protocol calls after which the next table is loaded, not started in place: what
#: they change (the requests routed) applies to a page's load.
ROUTING: Final = frozenset({"setNetworkInterceptionPatterns"})
#: A call that changes the viewport, which the pool sets back.
RESIZE: Final = "setViewportSize"
#: Playwright's viewport for a context that names none.
DEFAULT_VIEWPORT: Final = ViewportSize(width=1280, height=720)
#: How long a table may take to stop (its tasks to end) before the tab is emptied.
STOP_MS: Final = 5_000
#: The table in the tab stopped, if it can be (``web/main.py``): whether it was.
STOP_TABLE: Final = """ms => typeof window.napoleonStop === 'function' && Promise.race([
  window.napoleonStop(), new Promise(done => setTimeout(() => done(false), ms))])"""
#: Whether the computers' worker is not booting (``data-worker`` is not ``starting``,
#: :mod:`cardkit.ui_dom.worker`), waited for up to ``ms``. A test may end while the
#: worker it asked for still boots; its boot reads the origin's IndexedDB (PyScript's
#: package cache) and the service worker's files, so the origin is cleared only once
#: it is up. A boot that does not end in time leaves the tab for ``about:blank``.
WORKER_SETTLED: Final = """ms => new Promise(done => {
  const html = document.documentElement;
  const settled = () => html.getAttribute('data-worker') !== 'starting';
  if (settled()) return done(true);
  const seen = new MutationObserver(() => {
    if (settled()) { seen.disconnect(); done(true); } });
  seen.observe(html, { attributes: true, attributeFilter: ['data-worker'] });
  setTimeout(() => { seen.disconnect(); done(settled()); }, ms);
})"""
#: The stopped table's own storage emptied in its renderer: whether it stays empty.
#: Emptied by the page itself, the renderer's copy and the browser's agree at once
#: (the next test's page read the last test's save when only the browser cleared it).
FORGET_STORAGE: Final = """() => { localStorage.clear(); sessionStorage.clear();
  return localStorage.length === 0 && sessionStorage.length === 0; }"""
#: What Chromium clears of the origin beside the storage a stopped page emptied itself.
#: Its local storage is left out: cleared from the browser process, the page's renderer
#: hears of it later, and that word could come after the next test's table, started in
#: place, stored its settings: they would vanish from the renderer's copy, which a
#: reload in the same renderer reads (seen as settings applied, saved and then lost).
#: IndexedDB is left too: the site stores nothing there, and PyScript's boot of each
#: interpreter opens its (empty) package cache in it; a clear racing with that open
#: aborts it, and the boot fails (seen once: the computers' worker reported the abort
#: as "DataCloneError: ... Event object could not be cloned" in the next test).
OTHER_STORAGE: Final = "cookies,file_systems,service_workers,cache_storage"
#: What Chromium clears where no table stopped (the tab is at ``about:blank``).
ALL_STORAGE: Final = OTHER_STORAGE + ",local_storage"
#: How long giving the tab back may take before the pool starts afresh instead.
GIVE_BACK_TIMEOUT_MS: Final = 10_000


class PagePool:
    """``lend()`` the context and its tab to a test, ``give_back(ok)`` after it."""

    def __init__(self, browser: Browser, context_args: dict[str, Any], origin: str) -> None:
        self.browser = browser
        self.context_args = context_args
        self.origin = origin
        self._context: BrowserContext | None = None
        self._page: Page | None = None
        self._spoiled = False
        self._watching = True
        self._resized = False
        self._resetting = False
        self._routed = False
        #: The tab holds the site's page, its table stopped (``napoleonStop``): the
        #: next table may start in place (:meth:`open`).
        self._stopped = False
        self._listeners: dict[int, dict[str, list[Callable[..., Any]]]] = {}
        #: The pool's pair (context, tab, table stopped) while a new one is lent.
        self._aside: tuple[BrowserContext, Page, bool] | None = None
        self.lent = 0
        self.fresh = 0
        self.in_place = 0

    @property
    def page(self) -> Page:
        assert self._page is not None, "the pool's tab is lent only between lend and give_back"
        return self._page

    def lend(self, *, fresh: bool = False) -> BrowserContext:
        """The context for a test, with its tab ready (a new pair if none, or if the
        test asks for one; that pair is not lent again)."""
        if fresh:
            self._set_aside()
        if self._context is None:
            self._open()
        assert self._context is not None and self._page is not None
        self._spoiled = fresh or not self._watching
        self._resized = self._routed = False
        if self._watching:
            self._listeners = {id(o): _listeners(o) for o in (self._context, self._page)}
        self.lent += 1
        return self._context

    def give_back(self, ok: bool) -> None:
        """Make the context and tab as a fresh pair would be, or drop them."""
        if not ok or self._spoiled or not self._reset():
            self._drop()
        if self._aside is not None:
            self._drop()
            context, page, stopped = self._aside
            self._aside = None
            if page.is_closed():
                with suppress(Error):
                    context.close()
            else:
                self._context, self._page, self._stopped = context, page, stopped

    def close(self) -> None:
        self._drop()
        if self._aside is not None:
            with suppress(Error):
                self._aside[0].close()
            self._aside = None
        if os.environ.get("PAGE_POOL_REPORT"):  # (a file the counts are added to)
            with open(os.environ["PAGE_POOL_REPORT"], "a") as out:
                out.write(f"lent {self.lent}, fresh pairs {self.fresh}, "
                          f"tables started in place {self.in_place}\n")

    # -- the pair's life --------------------------------------------------------

    def _open(self) -> None:
        context = self.browser.new_context(**self.context_args)
        page = context.new_page()
        for owner in (context, page):
            self._watch(owner)
        self._context, self._page = context, page
        self.fresh += 1

    def _watch(self, owner: BrowserContext | Page) -> None:
        """Note the protocol calls that spoil the pair or resize the tab."""
        channel: Any = getattr(getattr(owner, "_impl_obj", None), "_channel", None)
        call = getattr(channel, "_call", None)
        if call is None:  # another Playwright: unwatched, so never lent twice
            self._watching = False
            return

        def watched(method: str, *args: Any, **kwargs: Any) -> Any:
            if method in SPOILING and not self._resetting:
                self._spoiled = True
            elif method == RESIZE:
                self._resized = True
            elif method in ROUTING:
                self._routed = True
            return call(method, *args, **kwargs)

        channel._call = watched

    def _reset(self) -> bool:
        context, page = self._context, self._page
        if context is None or page is None or page.is_closed():
            return False
        self._resetting = True
        try:
            for other in context.pages:
                if other is not page:
                    other.close()
            for owner in (context, page):
                owner.unroute_all(behavior="ignoreErrors")
                _drop_listeners_since(owner, self._listeners.get(id(owner), {}))
            self._stopped = (page.url.startswith(self.origin + "/")
                             and bool(page.evaluate(WORKER_SETTLED, STOP_MS))
                             and bool(page.evaluate(STOP_TABLE, STOP_MS)))
            if self._stopped and not page.evaluate(FORGET_STORAGE):
                self._stopped = False  # (something stored again: the next test loads)
            if not self._stopped:
                page.goto("about:blank", timeout=GIVE_BACK_TIMEOUT_MS)
            if self._resized:
                page.set_viewport_size(self.context_args.get("viewport") or DEFAULT_VIEWPORT)
            cdp = context.new_cdp_session(page)
            try:
                cdp.send("Storage.clearDataForOrigin", {
                    "origin": self.origin,
                    "storageTypes": OTHER_STORAGE if self._stopped else ALL_STORAGE})
            finally:
                cdp.detach()
        except Error:
            return False
        finally:
            self._resetting = False
        return True

    def open(self, url: str) -> None:
        """Open ``url``'s table in the lent tab: started in place in the page the
        last test stopped (``web/main.py``'s ``napoleonRestart``: Python and the
        computers' worker are up already), else loaded.  A test that changed what a
        load would see (a route, a clock, an init script: the pair is spoiled) gets
        a load."""
        page = self.page
        if (self._stopped and not self._spoiled and not self._routed
                and url.startswith(self.origin + "/") and page.url.startswith(self.origin + "/")
                and page.evaluate("() => window.napoleonStopped === true")):
            self._stopped = False
            page.evaluate("u => window.napoleonRestart(u)", url)
            self.in_place += 1
        else:
            self._stopped = False
            page.goto(url)

    def _set_aside(self) -> None:
        """Keep the pool's pair for the test after this one (a new pair is lent)."""
        if self._context is None or self._page is None or self._aside is not None:
            self._drop()
            return
        self._aside = (self._context, self._page, self._stopped)
        self._context = self._page = None
        self._stopped = False

    def _drop(self) -> None:
        self._stopped = False
        context, self._context, self._page = self._context, None, None
        if context is not None:
            with suppress(Error):  # else the browser lost it already (a crash)
                context.close()


def origin_of(url: str) -> str:
    """``http://127.0.0.1:8123/napoleon/`` → ``http://127.0.0.1:8123``."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def _listeners(owner: BrowserContext | Page) -> dict[str, list[Callable[..., Any]]]:
    emitter = owner._impl_obj
    return {name: list(emitter.listeners(name)) for name in emitter.event_names()}


def _drop_listeners_since(owner: BrowserContext | Page,
                          before: dict[str, list[Callable[..., Any]]]) -> None:
    """Remove the listeners added to ``owner`` since ``before`` was taken."""
    emitter = owner._impl_obj
    for name in list(emitter.event_names()):
        kept = before.get(name, [])
        for listener in list(emitter.listeners(name)):
            if listener not in kept:
                emitter.remove_listener(name, listener)
