"""The browser tests' page pool lends a pair again only when it could watch it.

``e2e/page_pool.py`` sees what a test changed through the calls Playwright sends
for the context and tab. These fakes stand for a Playwright whose objects have no
such channel, and for a test that asks for a pair of its own: in both cases the
next test must get a new pair, never one a test may have changed unseen.
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


def test_the_origin_is_scheme_and_host_only() -> None:
    assert origin_of("http://127.0.0.1:8123/napoleon/?seed=1") == "http://127.0.0.1:8123"
