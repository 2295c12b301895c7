"""The browser tests' friends' devices: each friend of a test gets a device no
other friend of that test holds, in its own language; a device comes back to the
next test's friend only if the test before passed and left it as a new one would be.
"""

from __future__ import annotations

from typing import Any

import pytest

from e2e.friend_devices import FriendDevices
from e2e.page_pool import PagePool
from tests.test_e2e_page_pool import FakePage, WatchedContext, WatchedPage


class DevicePage(WatchedPage):
    def __init__(self, context: DeviceContext) -> None:
        super().__init__()
        self.context = context


class DeviceContext(WatchedContext):
    def __init__(self, **args: Any) -> None:
        super().__init__()
        self.args = args

    def new_page(self) -> FakePage:
        page = DevicePage(self)
        self.pages.append(page)
        return page


class DeviceBrowser:
    def __init__(self) -> None:
        self.contexts: list[DeviceContext] = []

    def new_context(self, **args: Any) -> DeviceContext:
        context = DeviceContext(**args)
        self.contexts.append(context)
        return context


@pytest.fixture
def devices(monkeypatch: pytest.MonkeyPatch) -> tuple[FriendDevices, DeviceBrowser]:
    monkeypatch.setattr(PagePool, "_reset", lambda self: True)  # (a tab given back clean)
    browser = DeviceBrowser()
    return FriendDevices(browser, "http://127.0.0.1:1"), browser  # type: ignore[arg-type]


def test_two_friends_of_one_test_hold_two_devices_each_in_its_language(
        devices: tuple[FriendDevices, DeviceBrowser]) -> None:
    kept, browser = devices
    first, second, third = kept.lend("en-US"), kept.lend("en-US"), kept.lend("ja-JP")
    assert len({id(first), id(second), id(third)}) == 3
    assert [c.args for c in browser.contexts] == [
        {"service_workers": "block", "locale": "en-US"},
        {"service_workers": "block", "locale": "en-US"},
        {"service_workers": "block", "locale": "ja-JP"}]
    assert [id(c) for c in kept.contexts()] == [id(c) for c in browser.contexts]


def test_the_next_tests_friends_are_lent_the_devices_a_passed_test_gave_back(
        devices: tuple[FriendDevices, DeviceBrowser]) -> None:
    kept, browser = devices
    first, second = kept.lend("en-US"), kept.lend("en-US")
    kept.give_back(ok=True)
    assert kept.contexts() == []
    assert {id(kept.lend("en-US")), id(kept.lend("en-US"))} == {id(first), id(second)}
    assert len(browser.contexts) == 2 and not any(c.closed for c in browser.contexts)


def test_a_failed_tests_devices_are_closed_and_never_lent_again(
        devices: tuple[FriendDevices, DeviceBrowser]) -> None:
    kept, browser = devices
    first = kept.lend("en-US")
    kept.give_back(ok=False)
    assert browser.contexts[0].closed
    assert kept.lend("en-US") is not first
    kept.give_back(ok=True)
    kept.close()
    assert all(c.closed for c in browser.contexts)


def test_a_device_the_test_spoiled_is_closed_and_never_lent_again(
        devices: tuple[FriendDevices, DeviceBrowser]) -> None:
    kept, browser = devices
    first: Any = kept.lend("en-US")
    first.context._impl_obj._channel._call("clockInstall")  # (as page.clock.install())
    kept.give_back(ok=True)
    assert browser.contexts[0].closed
    assert kept.lend("en-US") is not first
