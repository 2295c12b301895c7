"""The page's menu at a table with friends: a control the page shows as available
always acts, and one that would put another game on the page leaves the table
first, asked.

Two browser contexts through a Nostr relay the test starts on 127.0.0.1. On a
guest's page, New game asks "Leave the table with friends?": staying keeps the
table; leaving, the host's panel shows the seat gone (then a computer plays it),
the guest's own table comes back and no view of the host's redraws it, the link
is out of its address. On the host's page, New game mid-table asks "End the table
for everyone?": ending it, the guest is told the host ended it, with what its seat
saw so far, and can play nothing more; its own New game then asks nothing. The
language switch keeps a guest's table; Record, Rules and Statistics on a guest's
page open its own screens without a fault. A Napoleon guest's New game asks too."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from e2e.durak_driver import query as durak_query
from e2e.friends_steps import CONNECT_TIMEOUT_MS, host_link, join, local_relay
from e2e.guard import PageGuard
from e2e.table_driver import query as napoleon_query

OpenTable = Callable[[str], Page]
SEED = 7
GUEST_TABLE = '#table[data-friends="guest"]'


@pytest.fixture(scope="module")
def relay() -> Iterator[None]:
    with local_relay():
        yield


def started(open_table: OpenTable, browser: Browser, guard: PageGuard,
            address: str) -> tuple[Page, Page]:
    """A host (in Japanese) and its guest (in English) at a started table of two."""
    host = open_table(address)
    guest = join(browser, guard, host_link(host), 1)
    expect(host.locator("#friends-seats")).to_contain_text("参加中")
    host.locator("#friends-start").click()
    expect(guest.locator(GUEST_TABLE)).to_have_count(1, timeout=CONNECT_TIMEOUT_MS)
    return host, guest


def asked(page: Page, title: str) -> None:
    page.locator("#btn-new").click()
    expect(page.locator("dialog#ask[open]")).to_have_count(1)
    expect(page.locator("#ask-title")).to_have_text(title)


def test_a_durak_guests_new_game_asks_then_leaves_the_table_and_the_host_sees_the_seat_gone(
        relay: None, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    host, guest = started(open_table, browser, guard, durak_query(SEED))
    # The language switch keeps the table (its panel in the page's new language).
    guest.locator("#btn-lang").click()
    expect(guest.locator("#friends-seats")).to_contain_text("席2 (あなた)")
    expect(guest.locator(GUEST_TABLE)).to_have_count(1)
    guest.locator("#btn-lang").click()
    expect(guest.locator("#friends-seats")).to_contain_text("Seat 2 (you)")
    expect(guest.locator(GUEST_TABLE)).to_be_visible()
    # The guest's own screens open without a fault (the guard fails on any error).
    for button in ("#btn-record", "#btn-rules", "#btn-stats"):
        guest.locator(button).click()
        expect(guest.locator("dialog[open]")).to_have_count(1)
        guest.keyboard.press("Escape")
        expect(guest.locator("dialog[open]")).to_have_count(0)
    expect(guest.locator(GUEST_TABLE)).to_be_visible()

    # Staying changes nothing.
    asked(guest, "Leave the table with friends?")
    guest.locator("#ask-stay").click()
    expect(guest.locator(GUEST_TABLE)).to_be_visible()
    expect(host.locator("#friends-seats")).to_contain_text("参加中")

    asked(guest, "Leave the table with friends?")
    guest.locator("#ask-leave").click()
    # The guest's own table, no panel, the link out of its address.
    expect(guest.locator("#friends")).to_have_count(0)
    expect(guest.locator("#table:not([data-friends])")).to_be_visible()
    assert "#table=" not in guest.url
    # The host sees the seat gone at once, then a computer playing it.
    seats = host.locator("#friends-seats")
    expect(seats).to_contain_text("接続が切れました", timeout=CONNECT_TIMEOUT_MS)
    expect(seats).to_contain_text("代打ち中", timeout=CONNECT_TIMEOUT_MS)
    # The table went on without it: no view of the host's came back to the guest.
    expect(guest.locator("#friends")).to_have_count(0)
    expect(guest.locator(GUEST_TABLE)).to_have_count(0)


def test_the_durak_hosts_new_game_mid_table_asks_then_ends_the_table_for_everyone(
        relay: None, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    host, guest = started(open_table, browser, guard, durak_query(SEED))
    asked(host, "全員のテーブルを終わりにしますか?")
    host.locator("#ask-stay").click()
    expect(host.locator("#friends-seats")).to_contain_text("参加中")

    asked(host, "全員のテーブルを終わりにしますか?")
    host.locator("#ask-leave").click()
    # The host's own new game, with no second question and no panel.
    expect(host.locator("dialog#ask[open]")).to_have_count(0)
    expect(host.locator("#friends")).to_have_count(0)
    expect(host.locator("#table:not([data-friends-over])")).to_be_visible()
    # The guest is told, with what its seat saw, and can play nothing more.
    note = guest.locator("#friends-note")
    expect(note).to_contain_text("The host ended the table.", timeout=CONNECT_TIMEOUT_MS)
    expect(note).to_contain_text("What your seat saw so far")
    expect(guest.locator('#friends[data-ended="1"]')).to_have_count(1)
    expect(guest.locator("#table[data-friends-over]")).to_have_count(1)
    expect(guest.locator("#status")).to_have_text("The table is over.")
    # Its own New game then asks nothing (nothing is lost) and brings its own table.
    guest.locator("#btn-new").click()
    expect(guest.locator("#friends")).to_have_count(0)
    expect(guest.locator("#table:not([data-friends]):not([data-friends-over])")).to_be_visible()


def test_a_napoleon_guests_new_game_asks_then_leaves_the_table(
        relay: None, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    host, guest = started(open_table, browser, guard, napoleon_query(SEED))
    asked(guest, "Leave the table with friends?")
    guest.locator("#ask-leave").click()
    expect(guest.locator("#friends")).to_have_count(0)
    expect(guest.locator("#table:not([data-friends])")).to_be_visible()
    expect(host.locator("#friends-seats")).to_contain_text("接続が切れました",
                                                           timeout=CONNECT_TIMEOUT_MS)
