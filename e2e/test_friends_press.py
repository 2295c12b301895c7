"""A press on the lobby is a click even when the lobby is drawn anew meanwhile.

A click is a pointer's press and release on one element; the lobby of a table with
friends is drawn anew when a friend comes (or a relay's state changes, on the
page's beat). Drawn in between, the button pressed would be gone and the browser
would send no click: the player's press did nothing (seen under a busy CPU as a
"Join" by code that did not act). Here a friend has joined through the relay; the
host presses "Join" (another table by code, a code that cannot be read) and holds
it while the friend gives their name: the drawing the name asks for on the host's
lobby waits (``data-held``), the release is a click (the code's notice), and then
the lobby names the friend.
"""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from e2e.conftest import OpenTable
from e2e.durak_driver import query
from e2e.friends_steps import CONNECT_TIMEOUT_MS, host_link, join, other_ways
from e2e.guard import PageGuard

SEED = 5
#: A code "Join" refuses with a notice (its letters are not base64url).
BAD_CODE = "AQAE" + "!" * 20


def test_a_press_held_while_a_friend_joins_is_still_a_click(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    host = open_table(query(SEED, ""))
    guest = join(browser, guard, host_link(host), 1)
    other_ways(host)
    host.locator("#friends-join-code").fill(BAD_CODE)
    host.locator("#friends-join-go").hover()
    host.mouse.down()
    guest.locator("#friends-name").fill("Ben")
    guest.locator("#friends-name-save").click()
    # The name reaches the host's lobby: drawn anew at once would replace the button
    # pressed; held (``data-held``), the lobby waits for the release.
    held = host.locator("#friends[data-held='1']")
    named = host.locator("#friends-seats", has_text="Ben")
    expect(held.or_(named)).to_have_count(1, timeout=CONNECT_TIMEOUT_MS)
    was_held = held.count() == 1 and named.count() == 0
    host.mouse.up()
    expect(host.locator("#notices")).to_contain_text("base64url")  # the click acted
    assert was_held, "the lobby was drawn anew under the press"
    expect(held).to_have_count(0)  # and the lobby, drawn anew, names the friend
    expect(host.locator("#friends-seats")).to_contain_text("Ben: 参加中")
