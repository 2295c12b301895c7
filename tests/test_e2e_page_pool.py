"""The browser tests' page pool lends a pair again only when it could watch it.

``e2e/page_pool.py`` sees what a test changed through the calls Playwright sends
for the context and tab. These fakes stand for a Playwright whose objects have no
such channel, and for a test that asks for a pair of its own: in both cases the
next test must get a new pair, never one a test may have changed unseen; and
the pool's own pair, set aside while a test has a new one, is the next test's.
"""

from __future__ import annotations

from typing import Any

from e2e.page_pool import PagePool, origin_of


class FakePage:
    def __init__(self) -> None:
        self.closed = False

    def is_closed(self) -> bool:
        return self.closed


class FakeContext:
    def __init__(self) -> None:
        self.pages: list[FakePage] = []
        self.closed = False

    def new_page(self) -> FakePage:
        page = FakePage()
        self.pages.append(page)
        return page

    def close(self) -> None:
        self.closed = True


class FakeBrowser:
    def __init__(self) -> None:
        self.contexts: list[FakeContext] = []

    def new_context(self, **_: Any) -> FakeContext:
        context = FakeContext()
        self.contexts.append(context)
        return context


def pool() -> tuple[PagePool, FakeBrowser]:
    browser = FakeBrowser()
    return PagePool(browser, {}, "http://127.0.0.1:1"), browser  # type: ignore[arg-type]


def test_a_playwright_without_the_watched_channel_gets_a_new_pair_every_test() -> None:
    p, browser = pool()
    first = p.lend()
    p.give_back(ok=True)
    second = p.lend()
    p.give_back(ok=True)
    assert first is not second
    assert [c.closed for c in browser.contexts] == [True, True]


def test_a_test_that_asks_for_a_pair_of_its_own_gets_a_new_one_lent_to_no_other() -> None:
    p, browser = pool()
    p.lend()
    p.give_back(ok=False)
    own: Any = p.lend(fresh=True)
    p.give_back(ok=True)
    assert own is browser.contexts[-1]
    assert own.closed
    assert p.fresh == 2


class Channel:
    def _call(self, method: str, *args: Any, **kwargs: Any) -> None:
        return None


class Emitter:
    def __init__(self) -> None:
        self._channel = Channel()

    def event_names(self) -> list[str]:
        return []


class WatchedPage(FakePage):
    def __init__(self) -> None:
        super().__init__()
        self._impl_obj = Emitter()


class WatchedContext(FakeContext):
    def __init__(self) -> None:
        super().__init__()
        self._impl_obj = Emitter()

    def new_page(self) -> FakePage:
        page = WatchedPage()
        self.pages.append(page)
        return page


class WatchedBrowser(FakeBrowser):
    def new_context(self, **_: Any) -> FakeContext:
        context = WatchedContext()
        self.contexts.append(context)
        return context


def test_the_pools_pair_waits_aside_while_a_test_has_its_own_and_is_lent_next() -> None:
    browser = WatchedBrowser()
    p = PagePool(browser, {}, "http://127.0.0.1:1")  # type: ignore[arg-type]
    p._reset = lambda: True  # type: ignore[method-assign]  # (a tab given back clean)
    pooled = p.lend()
    p.give_back(ok=True)
    own = p.lend(fresh=True)
    assert own is not pooled and not pooled.closed  # type: ignore[attr-defined]
    p.give_back(ok=True)
    assert own.closed  # type: ignore[attr-defined]  # (lent to no other)
    assert p.lend() is pooled
    p.give_back(ok=False)
    p.close()
    assert all(c.closed for c in browser.contexts)
    assert p.fresh == 2


def test_the_origin_is_scheme_and_host_only() -> None:
    assert origin_of("http://127.0.0.1:8123/napoleon/?seed=1") == "http://127.0.0.1:8123"
