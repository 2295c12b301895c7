"""One browser context and one tab per test process, lent to each test in turn.

A test's first page load costs a renderer process and the compilation of
Pyodide's WebAssembly (about 1.7 s on a quiet 2-core machine); the next load in
the same tab reuses both (about 0.8 s). So the ``context`` and ``page`` every
e2e test gets are lent from this pool, and given back in the state a fresh one
would be in:

* the tab goes to ``about:blank`` (the table's document unloads, and whatever it
  saves on leaving is saved), then the site's origin forgets everything it
  stored (Chromium's ``Storage.clearDataForOrigin``);
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
renderer nothing ran in before.
"""

from __future__ import annotations

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
#: A call that changes the viewport, which the pool sets back.
RESIZE: Final = "setViewportSize"
#: Playwright's viewport for a context that names none.
DEFAULT_VIEWPORT: Final = ViewportSize(width=1280, height=720)
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
        self._listeners: dict[int, dict[str, list[Callable[..., Any]]]] = {}
        self.lent = 0
        self.fresh = 0

    @property
    def page(self) -> Page:
        assert self._page is not None, "the pool's tab is lent only between lend and give_back"
        return self._page

    def lend(self, *, fresh: bool = False) -> BrowserContext:
        """The context for a test, with its tab ready (a new pair if none, or if the
        test asks for one; that pair is not lent again)."""
        if fresh:
            self._drop()
        if self._context is None:
            self._open()
        assert self._context is not None and self._page is not None
        self._spoiled = fresh or not self._watching
        self._resized = False
        if self._watching:
            self._listeners = {id(o): _listeners(o) for o in (self._context, self._page)}
        self.lent += 1
        return self._context

    def give_back(self, ok: bool) -> None:
        """Make the context and tab as a fresh pair would be, or drop them."""
        if not ok or self._spoiled or not self._reset():
            self._drop()

    def close(self) -> None:
        self._drop()

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
            page.goto("about:blank", timeout=GIVE_BACK_TIMEOUT_MS)
            if self._resized:
                page.set_viewport_size(self.context_args.get("viewport") or DEFAULT_VIEWPORT)
            cdp = context.new_cdp_session(page)
            try:
                cdp.send("Storage.clearDataForOrigin",
                         {"origin": self.origin, "storageTypes": "all"})
            finally:
                cdp.detach()
        except Error:
            return False
        finally:
            self._resetting = False
        return True

    def _drop(self) -> None:
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
