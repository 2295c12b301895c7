"""A TURN server in the lobby, and a connection that cannot be made, at a table with
friends: the setting is checked in place (a bad address named, nothing typed lost)
and goes to no relay and no friend; two devices that find each other but cannot
connect are told so on both pages, with what to try, within the wait
(:data:`cardkit.ui_dom.friends_route.ROUTE_WAIT`, moved on with Playwright's clock)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, WebSocket, expect

from cardkit.ui_dom.friends_route import ROUTE_WAIT
from cardkit.ui_dom.strings_shell import STRINGS
from e2e.axe_audit import audit, failing
from e2e.conftest import wait_until_ready
from e2e.durak_driver import query
from e2e.friends_steps import (
    CONNECT_TIMEOUT_MS,
    capture_messages,
    friend_page,
    host_link,
)
from e2e.guard import PageGuard
from e2e.mode_steps import shoot
from e2e.relay import free_port
from e2e.route_steps import failed_note, set_turn, t_of
from e2e.turn_server import CREDENTIAL as TURN_CREDENTIAL
from e2e.turn_server import USER as TURN_USER
from e2e.turn_server import local_turn, turnserver

#: The bridge's ICE configuration made one that cannot work on this machine: relayed
#: candidates only, and the only TURN server one nothing answers on. The two pages
#: then find each other through the relay and never connect (no candidate at all).
RELAY_ONLY = ("config.rtcPolyfill = watchedConnection(on);",
              "config.rtcPolyfill = watchedConnection(on);\n"
              "  config.rtcConfig = { ...config.rtcConfig, iceTransportPolicy: \"relay\" };")


def relay_only(page: Page) -> None:
    def patch(route: Route) -> None:
        body = route.fetch().text()
        assert RELAY_ONLY[0] in body
        route.fulfill(body=body.replace(*RELAY_ONLY), content_type="text/javascript")

    page.route("**/friends.mjs", patch)


def test_devices_that_find_each_other_but_cannot_connect_are_told_on_both_pages(
        relay: str, open_table: Callable[..., Page], browser: Browser,
        guard: PageGuard) -> None:
    """Rule: a connection seen and never made (here no candidate at all: ICE never even
    fails) is said as under way on the guest's page meanwhile, then as failed on the
    host's page and the guest's within the wait, with what to try, "Other ways to
    connect" open on the TURN server's form."""
    nobody = f"turn:127.0.0.1:{free_port()}"
    page = open_table(query(3), clock=True)
    relay_only(page)
    link = host_link(page)
    set_turn(page, nobody, "ann", "secret")  # the real setting (the same room)
    expect(page.locator("#friends-turn-saved")).to_have_text(STRINGS["friends.turn.saved"]["ja"])
    expect(page.locator("#friends-link")).to_have_value(link)
    guest = friend_page(browser, guard)
    guest.clock.install()
    relay_only(guest)
    guest.goto(link)
    wait_until_ready(guest)
    # Both found the other through the relay: an answer came, no connection yet.
    for p in (page, guest):
        expect(p.locator("#friends:not([data-connecting='0'])")).to_have_count(
            1, timeout=CONNECT_TIMEOUT_MS)
    # The guest is told the table was found and is being connected (progress), not
    # that the link may be old, however long the connection takes.
    expect(guest.locator("#friends-note")).to_have_text(STRINGS["friends.relay.found"]["en"])
    shoot(guest, "friends-connecting-guest", env="FRIENDS_SHOTS")
    for p in (page, guest):  # the wait passes on the pages' clocks
        p.clock.fast_forward(int(ROUTE_WAIT * 1000) + 1000)
    expect(guest.locator("#friends-note")).to_have_text(failed_note("en", hosting=False),
                                                        timeout=CONNECT_TIMEOUT_MS)
    expect(page.locator("#friends-note")).to_have_text(failed_note("ja", hosting=True),
                                                       timeout=CONNECT_TIMEOUT_MS)
    expect(guest.locator("#friends-more > summary")).to_have_text(
        STRINGS["friends.more.guest"]["en"])  # a guest's fold: the TURN server only
    expect(guest.locator("#friends-password")).to_have_count(0)
    for p, name in ((page, "host"), (guest, "guest")):  # the setting it points at, open
        expect(p.locator("#friends-more")).to_have_attribute("open", "")
        expect(p.locator("#friends-turn-url")).to_be_visible()
        bad = failing(audit(p, f"friends-route-failed-{name}"))
        assert not bad, "\n".join(map(str, bad))
        shoot(p, f"friends-route-failed-{name}", env="FRIENDS_SHOTS")
    expect(page.locator("#friends-seats")).to_contain_text("空席")  # nobody sat down


#: A TURN server's user and credential the test looks for in everything sent.
USER, CREDENTIAL = "ann-turn-user-7f3", "cred-9d1e-secret"


def frames_sent(page: Page) -> list[str]:
    """Every text the page sends on a WebSocket (to the relays), kept as it goes."""
    sent: list[str] = []

    def opened(ws: WebSocket) -> None:
        def frame(payload: Any) -> None:
            sent.append(payload if isinstance(payload, str) else payload.decode("latin-1"))
        ws.on("framesent", frame)

    page.on("websocket", opened)
    return sent


def test_a_turn_server_is_checked_kept_and_sent_to_no_relay_and_no_friend(
        relay: str, open_table: Callable[..., Page], browser: Browser,
        guard: PageGuard) -> None:
    """Rule: the TURN server goes into the browser's ICE configuration only: no event to
    a relay and no message to a friend holds its address, user or credential."""
    url = f"turn:127.0.0.1:{free_port()}"
    page = open_table(query(3))
    to_relays = frames_sent(page)
    link = host_link(page)
    # A bad address: a notice names the field; what was typed stays, the page goes on.
    set_turn(page, "https://turn.example.org", USER, CREDENTIAL)
    t = t_of("ja")
    expect(page.locator(".notice")).to_contain_text(t("friends.turn.url"))
    expect(page.locator("#friends-turn-url")).to_have_value("https://turn.example.org")
    expect(page.locator("#friends-turn-credential")).to_have_value(CREDENTIAL)
    page.locator("#friends-turn-url").fill(url)
    page.locator("#friends-turn-save").click()
    expect(page.locator("#friends-turn-saved")).to_have_text(t("friends.turn.saved"))
    expect(page.locator("#friends-link")).to_have_value(link)  # the same room
    # The host selects what its TURN user field holds, to type over it ...
    user = page.locator("#friends-turn-user")
    user.evaluate("e => { e.focus(); e.setSelectionRange(0, e.value.length); }")
    # ... when a friend joins and is seated (the host's candidates on this machine still
    # work): the host's lobby is drawn anew meanwhile.
    guest_frames: list[str] = []
    guest = friend_page(browser, guard)
    guest.on("websocket", lambda ws: ws.on("framesent", lambda p: guest_frames.append(str(p))))
    capture_messages(guest)
    guest.goto(link)
    wait_until_ready(guest)
    expect(guest.locator("#friends-seats")).to_contain_text("Seat 2 (you)",
                                                           timeout=CONNECT_TIMEOUT_MS)
    expect(page.locator("#friends-seats")).not_to_contain_text("空席")
    # Rule: a redraw keeps the field typed in, its focus and what was selected in it,
    # so the keys typed next replace the selection, as they would have.
    page.keyboard.insert_text("ann")
    expect(user).to_have_value("ann")
    got: list[str] = guest.evaluate("window.__got || []")
    assert got, "the guest heard the host"
    secrets = (USER, CREDENTIAL, url.split(":", 1)[1])
    assert to_relays, "the host spoke to the relay"
    for text in [*to_relays, *got, *guest_frames]:
        assert not any(s in text for s in secrets), text[:200]


@pytest.mark.skipif(turnserver() is None, reason="no turnserver: `make deps` installs coturn")
def test_devices_with_relayed_candidates_only_connect_through_the_turn_server_set(
        relay: str, open_table: Callable[..., Page], browser: Browser,
        guard: PageGuard) -> None:
    """Rule: the TURN server set under "Other ways to connect" (the host's, and the
    guest's in its own lobby) is what the browsers connect through; the page's
    Content-Security-Policy needs nothing for it (ICE is no fetch). Only relayed
    candidates are allowed here, so no other path exists."""
    with local_turn() as url:
        page = open_table(query(3))
        relay_only(page)
        link = host_link(page)
        set_turn(page, url, TURN_USER, TURN_CREDENTIAL)
        expect(page.locator("#friends-turn-saved")).to_be_visible()
        # The friend set it on their own device first (a table of their own's lobby),
        # then opens the link: the page joins with it.
        guest = friend_page(browser, guard)
        relay_only(guest)
        guest.goto(link.split("#", 1)[0])
        wait_until_ready(guest)
        host_link(guest)
        set_turn(guest, url, TURN_USER, TURN_CREDENTIAL)
        expect(guest.locator("#friends-turn-saved")).to_be_visible()
        guest.goto("about:blank")
        guest.goto(link)
        wait_until_ready(guest)
        # (Seated, the guest's fold is gone: it may go before a test could read it.)
        expect(guest.locator("#friends-seats")).to_contain_text("Seat 2 (you)",
                                                               timeout=CONNECT_TIMEOUT_MS)
        assert url in guest.evaluate("JSON.stringify(localStorage)")  # kept
        expect(page.locator("#friends-seats")).not_to_contain_text("空席")
