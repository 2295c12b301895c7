"""The guard every e2e test runs under: no outside requests, no errors in the page."""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, ConsoleMessage, Error, Page, Request

#: How Playwright words a crashed renderer, in the page's calls, in ``expect``'s call
#: log, and in the guard's own check. Chromium's renderer has crashed during a page's
#: boot in one test of a CI run (of ~5,400), after none in the ~20 CI runs before
#: it, and 0 times in 800 loads of that same page in a loop: not something a
#: test can reproduce or the page can catch. A crashed page cannot be used again, so
#: the test reruns, once, in a fresh page; the run's summary counts the rerun.
RENDERER_CRASHED = r"\b(Page|Target) crashed\b"

#: A click whose actionability check never came back: the locator resolved, then
#: "waiting for element to be visible, enabled and stable" is the call log's last
#: line for the whole timeout. Playwright's stability check waits for animation
#: frames, and headless Chromium now and then renders none (the click followed a
#: viewport resize; once in a clean-clone run, 0 in 13 more runs of that test).
#: A button that is hidden or disabled logs "element is not visible/enabled" and
#: retries, so it does not match: that is the page's fault and fails at once.
FRAMES_STALLED = (
    r"Timeout \d+ms exceeded\.[\s\S]*- waiting for element to be visible, enabled and "
    r"stable\s*\Z"
)
#: How many of a page error's stack frames the guard's report keeps.
STACK_FRAMES = 6
#: What an e2e test reruns for (once, in a fresh page): the browser's faults only.
BROWSER_FAULTS = (RENDERER_CRASHED, FRAMES_STALLED)


@dataclass
class PageGuard:
    """Records requests (local or not), console errors, page errors and crashes."""

    base_url: str
    local_requests: list[str] = field(default_factory=list)
    outside_requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    crashed_pages: list[str] = field(default_factory=list)
    #: The contexts it watched: a friend's device, another language's browser.
    contexts: list[BrowserContext] = field(default_factory=list)

    def is_local(self, url: str) -> bool:
        """Only the test server's origin, and URLs with no host (blob:, data:)."""
        parts, server = urlsplit(url), urlsplit(self.base_url)
        if parts.scheme in ("blob", "data"):
            return True
        return (parts.scheme, parts.netloc) == (server.scheme, server.netloc)

    def _request(self, request: Request) -> None:
        url = request.url
        (self.local_requests if self.is_local(url) else self.outside_requests).append(url)

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.console_errors.append(f"{message.text} ({message.location})")

    def _page_error(self, error: Error) -> None:
        # Where it was thrown too: an error raised in the computers' worker (Chromium
        # reports those to the page as well) names no file of ours in its message.
        frames = [line.strip() for line in (error.stack or "").splitlines()
                  if line.strip().startswith("at ")][:STACK_FRAMES]
        where = f" [{' < '.join(frames)}]" if frames else ""
        self.page_errors.append(f"{error.name}: {error.message}{where}")

    def _crash(self, page: Page) -> None:
        self.crashed_pages.append(page.url)

    def watch_context(self, context: BrowserContext) -> None:
        # Heard, not routed: a route would turn the context's HTTP cache off and
        # carry every request through this process, which made each page load
        # half a second slower. No request reaches another host anyway: the
        # tests' Chromium resolves no name but the local ones (``e2e/conftest.py``).
        context.on("request", self._request)
        self.contexts.append(context)

    def close_others(self, keep: BrowserContext) -> None:
        """Close every context it watched but ``keep`` (the test's own): a friend's
        page left open goes on talking to the relay, and its renderer lives on, for
        the rest of the run."""
        for context in self.contexts:
            if context is not keep:
                with suppress(Error):  # closed by the test, or lost with a crash
                    context.close()

    def watch_page(self, page: Page) -> None:
        page.on("console", self._console)
        page.on("pageerror", self._page_error)
        page.on("crash", self._crash)

    def assert_clean(self) -> None:
        # Worded as Playwright words it (RENDERER_CRASHED): a crash found here reruns too.
        crashed = self.crashed_pages
        assert crashed == [], f"Page crashed: Chromium's renderer, at {crashed}"
        assert self.outside_requests == [], "requests left the local server"
        assert self.console_errors == [], f"console errors {self.console_errors}"
        assert self.page_errors == [], f"page errors {self.page_errors}"
