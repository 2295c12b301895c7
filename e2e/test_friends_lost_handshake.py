"""A line between a reloaded host's page and its guest's whose opening handshake
(Trystero's room presence and readiness, the line's first two texts) one side lost:
that side's room never counts the other in and reads none of its texts.

* The host lost the guest's: the guest's page, which got the host's, asks it to prove
  it is the host at every beat and hears nothing; after
  :data:`~cardkit.table_net.guest_session.REDIAL_BEATS` silent beats it leaves the
  room and joins it again, and the two rooms hand each other their presence and
  readiness anew, this time heard.
* The guest lost the host's: its room never meets the host, and gives up on the
  handshake (Trystero's ten seconds); the guest's page, with no host answered, leaves
  the room and joins it again.

Either way the guest takes its seat back by itself, before a computer would play
it, and the game goes on by clicks in step with a CPython mirror.  Without that the
host's page never seats it: the table waits out its guest (the first case, as a
whole suite's run once saw: the host's line counted the guest's question first,
never its presence and readiness).  The loss is made by an init script that drops
the first two texts of each line made once the page is armed."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

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

#: A page whose lines lose their first two texts once armed (``window.__armed``): a
#: line's data channel reads its texts through ``onmessage`` (Trystero's, set as the
#: line is made), and a line whose first text comes after the arming loses its first
#: two, on this page only (``window.__lost`` counts them).
LOSE_FIRST_TEXTS = """
(() => {
  window.__lost = 0;
  window.__armed = false;
  const slot = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, "onmessage");
  Object.defineProperty(RTCDataChannel.prototype, "onmessage", {
    configurable: true,
    get() { return slot.get.call(this); },
    set(handler) {
      const channel = this;
      slot.set.call(this, handler && function (event) {
        channel.__got = (channel.__got ?? (window.__armed ? 0 : 3)) + 1;
        if (channel.__got <= 2 && window.__lost < 2) { window.__lost += 1; return undefined; }
        return handler.call(this, event);
      });
    },
  });
})();
"""


def lose_when_armed(page: Page) -> None:
    """``page`` loses the first two texts of its lines made once it is armed."""
    page.add_init_script(LOSE_FIRST_TEXTS)


def reload_host_losing(host: Page, guest: Page, losing: Page) -> None:
    """A game by clicks in step with its mirror, the host's page reloading after the
    third move with ``losing``'s page armed to lose the new line's handshake: the guest
    takes its seat back by itself, before a computer would play it, and the game goes
    on for five more moves."""
    host.locator("#friends-start").click()
    c = durak_mirror(Rules(), SEED)
    pages = {0: host, 1: guest}
    policy = Policy()
    moves = 0
    for seat, page in durak_turns(c, pages):
        if moves == 3 and seat == 0:
            if losing is host:  # armed as the reloaded page starts
                host.add_init_script(LOSE_FIRST_TEXTS + "window.__armed = true;")
            else:
                losing.evaluate("window.__armed = true")
            host.reload()
            wait_until_ready(host)
            seats = host.locator("#friends-seats")
            expect(seats).to_contain_text("参加中", timeout=CONNECT_TIMEOUT_MS)
            expect(seats).not_to_contain_text("代打ち中")
            assert losing.evaluate("window.__lost") == 2  # the loss was made, and mended
            expect(guest.locator("#friends-seats")).to_contain_text("Seat 2 (you): playing")
        if moves == 8:
            break
        click_step(c, page, policy)
        moves += 1
    assert moves == 8


def test_a_guest_whose_handshake_the_reloaded_host_lost_redials_and_takes_its_seat_back(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    host = open_table(query(SEED))
    guest = join(browser, guard, host_link(host), 1)
    reload_host_losing(host, guest, losing=host)


def test_a_guest_that_lost_the_reloaded_hosts_handshake_joins_again_and_takes_its_seat_back(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    host = open_table(query(SEED))
    guest = join(browser, guard, host_link(host), 1, prepare=lose_when_armed)
    reload_host_losing(host, guest, losing=guest)
