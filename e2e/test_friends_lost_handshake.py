"""A reloaded host's page that loses the guest's opening handshake on their new line
(Trystero's room presence and readiness, the line's first two texts): its room never
counts the guest in and reads none of its texts, while the guest's page, which got
the host's, asks it to prove it is the host at every beat and hears nothing.  After
:data:`~cardkit.table_net.guest_session.REDIAL_BEATS` silent beats the guest's page
leaves the room and joins it again: the two rooms hand each other their presence and
readiness anew, this time heard, and the guest takes its seat back by itself, before
a computer would play it, and the game goes on by clicks in step with a CPython
mirror.  (Without the guest's redial the host's page never seats it: the table waits
out its guest, as a whole suite's run once saw.)

The loss is made in the host's reloaded page by an init script that drops the first
two texts any of its lines receives (as in that run: the host's line counted the
guest's question first, never its presence and readiness)."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from durak.rules import Rules
from e2e.conftest import OpenTable, wait_until_ready
from e2e.durak_driver import Policy, query
from e2e.friends_steps import (
    CONNECT_TIMEOUT_MS,
    click_step,
    durak_mirror,
    durak_turns,
    host_link,
    join,
)
from e2e.guard import PageGuard

#: A short whole game, the host to act first (as ``e2e/test_friends_durak.py``'s).
SEED = 26

#: The host's page drops the first two texts its lines receive (each line's data
#: channel reads its texts through ``onmessage``, Trystero's).
LOSE_FIRST_TEXTS = """
(() => {
  window.__lost = 0;
  const slot = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, "onmessage");
  Object.defineProperty(RTCDataChannel.prototype, "onmessage", {
    configurable: true,
    get() { return slot.get.call(this); },
    set(handler) {
      slot.set.call(this, handler && function (event) {
        if (window.__lost < 2) { window.__lost += 1; return undefined; }
        return handler.call(this, event);
      });
    },
  });
})();
"""


def test_a_guest_whose_handshake_the_reloaded_host_lost_redials_and_takes_its_seat_back(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    host = open_table(query(SEED))
    guest = join(browser, guard, host_link(host), 1)
    host.locator("#friends-start").click()
    c = durak_mirror(Rules(), SEED)
    pages = {0: host, 1: guest}
    policy = Policy()
    moves = 0
    for seat, page in durak_turns(c, pages):
        if moves == 3 and seat == 0:
            host.add_init_script(LOSE_FIRST_TEXTS)
            host.reload()
            wait_until_ready(host)
            seats = host.locator("#friends-seats")
            expect(seats).to_contain_text("参加中", timeout=CONNECT_TIMEOUT_MS)
            expect(seats).not_to_contain_text("代打ち中")
            assert host.evaluate("window.__lost") == 2  # the loss was made, and mended
            expect(guest.locator("#friends-seats")).to_contain_text("Seat 2 (you): playing")
        if moves == 8:
            break
        click_step(c, page, policy)
        moves += 1
    assert moves == 8
