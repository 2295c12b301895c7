"""Friends' devices kept from one test to the next: each a context and tab of a
:class:`~e2e.page_pool.PagePool`, lent to a test's friend and given back as a new
one would be.

A friend's device of its own (a new context and tab) costs a new renderer and
Pyodide's WebAssembly compiled again: about 3.7 s of the machine's CPU before the
friend's Durak page is ready, against about 1.9 s for a load in a tab that held
the site before (``python3 -m bench.boot_cpu``). So a test's friends
(:func:`e2e.friends_steps.friend_page`) are lent the tabs of the test process's
earlier friends, one device per friend, of the friend's language. Given back,
each tab goes to ``about:blank`` (a table with friends never stops in place:
:mod:`cardkit.ui_dom.page_reset`), the site's origin forgets all it stored, the
pages the test opened beside it close and the routes and listeners the test added
go; a device the test spoiled (a clock, a
closed context) or a failed test's is dropped, and the next friend gets a new one.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page

from e2e.page_pool import PagePool

#: What a friend's context is made with beside its language: its own storage, no
#: service worker (a service worker's requests would bypass a test's routes).
DEVICE_ARGS: dict[str, Any] = {"service_workers": "block"}


class FriendDevices:
    """A test process's friends' devices, by language: ``lend(locale)`` one for a
    friend of the test, ``give_back(ok)`` all the test was lent."""

    def __init__(self, browser: Browser, origin: str) -> None:
        self.browser = browser
        self.origin = origin
        self._kept: dict[str, list[PagePool]] = {}
        self._lent: list[PagePool] = []

    def lend(self, locale: str) -> Page:
        """A tab for a friend whose browser speaks ``locale``, on ``about:blank`` with
        nothing stored for the site: one no other friend of this test holds."""
        kept = self._kept.setdefault(locale, [])
        pool = next((p for p in kept if p not in self._lent), None)
        if pool is None:
            pool = PagePool(self.browser, {**DEVICE_ARGS, "locale": locale}, self.origin)
            kept.append(pool)
        pool.lend()
        self._lent.append(pool)
        return pool.page

    def contexts(self) -> list[BrowserContext]:
        """The contexts lent to the test now (the guard leaves them open)."""
        return [pool.page.context for pool in self._lent]

    def give_back(self, ok: bool) -> None:
        """Every device lent to the test, made as a new one would be (or dropped if
        the test failed or spoiled it)."""
        lent, self._lent = self._lent, []
        for pool in lent:
            pool.give_back(ok)

    def close(self) -> None:
        for pools in self._kept.values():
            for pool in pools:
                pool.close()
        self._kept.clear()
