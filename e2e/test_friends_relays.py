"""Relay health in the lobby of a table with friends: each relay's state is listed
(reached, failed with the browser's close code); a relay that stops mid-lobby is
said within 5 s, with the title no longer "ready" and "Connect without a relay"
at hand; a guest whose link names only relays that are down is told why it finds
no host (not left on "Joining the table…")."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Browser, Page, expect

from cardkit.ui_dom.strings_shell import STRINGS
from e2e.conftest import wait_until_ready
from e2e.durak_driver import query
from e2e.friends_steps import CONNECT_TIMEOUT_MS, friend_page, host_link, other_ways
from e2e.guard import PageGuard
from e2e.relay import local_relay

#: A share sheet that notes what it was given.
SHARE_SHEET = """navigator.share = (data) => {
  document.documentElement.dataset.shared = data.url;
  return Promise.resolve();
};"""

#: How soon the lobby says a relay went down (the page's beats: one a second).
TOLD_WITHIN_MS = 5_000


def words(key: str, lang: str) -> str:
    return STRINGS[key][lang]


def test_a_relay_that_stops_mid_lobby_is_said_at_once_and_a_guest_is_told_why(
        relay: str, spare_relay: str, page: Page, open_table: Callable[[str], Page],
        browser: Browser, guard: PageGuard) -> None:
    # A phone's share sheet, as the page sees it (the tests' Chromium has none).
    page.add_init_script(SHARE_SHEET)
    host = open_table(query(3))
    link = host_link(host)
    # The invitation: the link, Copy, Share (a phone's sheet gets the link) and a QR code.
    host.locator("#friends-share").click()
    expect(host.locator("html")).to_have_attribute("data-shared", link)
    expect(host.locator("#friends-qr")).to_have_count(1)
    states = host.locator("#friends-relay-states li")
    title = host.locator("#friends .friends-title")
    # The session's relay: reached, and the table is ready.
    expect(states).to_have_count(1, timeout=CONNECT_TIMEOUT_MS)
    expect(states.first).to_have_attribute("data-state", "reached", timeout=CONNECT_TIMEOUT_MS)
    expect(states.first).to_contain_text(relay)
    expect(title).to_have_text(words("friends.hosting", "ja"))
    # The invitation in front; the password, relays and codes folded under one line.
    expect(host.locator("#friends-more")).not_to_have_attribute("open", "")
    expect(host.locator("#friends-more > summary")).to_have_text(words("friends.more", "ja"))
    expect(host.locator("#friends-relays")).to_be_hidden()
    # Another relay, running now: the table moves to it, and it is reached.
    port = spare_relay.rsplit(":", 1)[1]
    with local_relay(int(port)):
        other_ways(host)
        host.locator("#friends-relays").fill(spare_relay)
        host.locator("#friends-apply").click()
        expect(states.first).to_contain_text(spare_relay, timeout=CONNECT_TIMEOUT_MS)
        expect(states.first).to_have_attribute("data-state", "reached",
                                               timeout=CONNECT_TIMEOUT_MS)
        link = host.locator("#friends-link").input_value()
    # It stops: said within seconds, the title says nobody can find the table, and the
    # way without a relay is there.
    expect(states.first).not_to_have_attribute("data-state", "reached",
                                               timeout=TOLD_WITHIN_MS)
    expect(title).to_have_text(words("friends.relay.none", "ja"), timeout=TOLD_WITHIN_MS)
    expect(host.locator("#friends-manual")).to_be_visible()
    # A guest with that link (its only relay down) is told why, not left joining.
    guest = friend_page(browser, guard)
    guest.goto(link)
    wait_until_ready(guest)
    expect(guest.locator("#friends-note")).to_have_text(
        words("friends.relay.no_relay", "en"), timeout=CONNECT_TIMEOUT_MS)
    # (with the close code the browser gave for it)
    expect(guest.locator("#friends-relay-states li").first).to_contain_text(
        re.compile(r": failed \(code \d+\)$"))
    # The browser reports each refused connection to the relay that is down.
    refused = [e for e in guard.console_errors if f"127.0.0.1:{port}" in e]
    assert refused and all("WebSocket" in e for e in refused)
    guard.console_errors = [e for e in guard.console_errors if e not in refused]


#: What the refusing relay says (a relay's own words, as public relays word theirs).
REFUSAL = "blocked: this relay does not carry such events"


def test_a_relay_that_refuses_the_tables_events_is_said_with_its_reason(
        spare_relay: str, relay: str, open_table: Callable[[str], Page], browser: Browser,
        guard: PageGuard) -> None:
    """A relay that is up but refuses every event carries nothing of the table's: the
    lobby says so with the relay's reason at once, the host's title is not "ready",
    and a guest with the link is told there is no relay (not left joining)."""
    host = open_table(query(3))
    host_link(host)
    states = host.locator("#friends-relay-states li")
    title = host.locator("#friends .friends-title")
    expect(states.first).to_have_attribute("data-state", "reached", timeout=CONNECT_TIMEOUT_MS)
    expect(host.locator("#friends-share")).to_have_count(0)  # no share sheet: no Share
    port = spare_relay.rsplit(":", 1)[1]
    with local_relay(int(port), refusal=REFUSAL):
        other_ways(host)
        host.locator("#friends-relays").fill(spare_relay)
        host.locator("#friends-apply").click()
        expect(states.first).to_have_attribute("data-state", "refused",
                                               timeout=CONNECT_TIMEOUT_MS)
        expect(states.first).to_contain_text(f"{spare_relay}: ")
        expect(states.first).to_contain_text(f"「{REFUSAL}」")
        expect(title).to_have_text(words("friends.relay.none", "ja"), timeout=TOLD_WITHIN_MS)
        expect(host.locator("#friends-manual")).to_be_visible()
        link = host.locator("#friends-link").input_value()
        guest = friend_page(browser, guard)
        guest.goto(link)
        wait_until_ready(guest)
        expect(guest.locator("#friends-note")).to_have_text(
            words("friends.relay.no_relay", "en"), timeout=CONNECT_TIMEOUT_MS)
        expect(guest.locator("#friends-relay-states li").first).to_contain_text(
            f'refused our messages ("{REFUSAL}")')
