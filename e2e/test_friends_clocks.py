"""Friends whose devices' clocks differ: the host's page on a clock minutes ahead of
its guest's, or minutes behind, through the tests' Nostr relay.

Each Nostr event carries its publisher's time (``created_at``) and each
subscription asks for events from its own device's now on (``since``): the relay
compares the two clocks. The site's build widens the subscriptions' ``since``
(``scripts.friends_net.CLOCK_MARGIN``), so a guest still joins, and still finds its
host again after the host's page reloads (the seat's proof and token included)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import Browser, expect

from durak.rules import Rules
from e2e.conftest import wait_until_ready
from e2e.durak_driver import query
from e2e.friends_steps import (
    CONNECT_TIMEOUT_MS,
    durak_mirror,
    friend_page,
    host_link,
    open_link,
    wait_at,
)
from e2e.guard import PageGuard
from scripts.friends_net import CLOCK_MARGIN

#: A short game's seed (the host to act first).
SEED = 26
#: How far the host's clock is from its guest's: minutes, within the build's margin.
GAP = timedelta(minutes=5)


@pytest.mark.parametrize("gap", [GAP, -GAP], ids=["host-ahead", "host-behind"])
def test_devices_whose_clocks_differ_by_minutes_still_join_and_find_a_reloaded_host(
        gap: timedelta, relay: str, base_url: str, browser: Browser, guard: PageGuard) -> None:
    assert GAP.total_seconds() < CLOCK_MARGIN
    host = friend_page(browser, guard, locale="ja-JP")
    host.clock.install(time=datetime.now(UTC) + gap)  # then runs in real time
    host.goto(base_url + query(SEED))
    wait_until_ready(host)
    link = host_link(host)
    guest = friend_page(browser, guard)
    open_link(guest, link, "Seat 2 (you)")
    host.locator("#friends-start").click()
    c = durak_mirror(Rules(), SEED)
    wait_at(host, c)
    wait_at(guest, c)
    # The host's page reloads (a new peer on the relay, subscribing from its own
    # clock's now): its guest finds it again, has it prove itself, and is seated.
    host.reload()
    wait_until_ready(host)
    seats = host.locator("#friends-seats")
    expect(seats).to_contain_text("参加中", timeout=CONNECT_TIMEOUT_MS)
    expect(seats).not_to_contain_text("代打ち中")
    expect(guest.locator('#friends[data-ended="1"]')).to_have_count(0)
    wait_at(guest, c)
