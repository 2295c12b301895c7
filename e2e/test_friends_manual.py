"""Durak with friends and no relay: the offer and the answer copied by hand.

No relay is reachable: both devices' connections to the relay the page names are
closed at once (Playwright's WebSocket route; a refused connection is the only
console error allowed). The host asks
for a code ("Connect without a relay"); the guest's page, in another browser
context, takes the host's link (the text shown, which the QR code also holds) in
"Join another table by code" and shows its answer; the host pastes it; one data channel then
carries the same texts a relay's room does, and a whole game is played by clicks
against a CPython mirror of the same seed. In that game the guest's first text on
the new line (its hello) is lost, as on a line just made under a busy machine: the
guest says it again at its next beat and is seated all the same. The new panels pass axe, and on a
phone each reads in rows, its note whole, its labels above their fields."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from cardkit.ui_dom.strings_shell import STRINGS
from durak.rules import Rules
from e2e.axe_audit import audit, failing
from e2e.conftest import OpenTable, wait_until_ready
from e2e.durak_driver import Policy, query
from e2e.friends_steps import (
    CONNECT_TIMEOUT_MS,
    RECORD_ON_END,
    away_wait_passes,
    click_step,
    durak_mirror,
    durak_turns,
    friend_page,
    other_ways,
    play_together,
)
from e2e.guard import PageGuard
from e2e.mode_steps import PHONE

#: A short whole game (39 clicks with the tests' policy), the host to act first.
SEED = 26

#: The page's first text sent on a data channel is lost (said in the console).
LOSE_FIRST_TEXT = """(() => {
  const send = RTCDataChannel.prototype.send;
  let lost = false;
  RTCDataChannel.prototype.send = function (data) {
    if (!lost && typeof data === "string") {
      lost = true;
      console.info("test: the first text on the line is lost");
      return;
    }
    return send.call(this, data);
  };
})();"""


def cut_off(page: Page, relay: str) -> Page:
    """``page``'s device reaches no relay: each connection to it is closed at once."""
    page.context.route_web_socket(re.compile("^" + re.escape(relay)), lambda ws: ws.close())
    return page


def allow_no_relay(guard: PageGuard, relay: str) -> None:
    """The browser may report each connection to the relay that failed (and only that
    is allowed to be an error here)."""
    guard.console_errors[:] = [e for e in guard.console_errors
                               if not (relay in e and "WebSocket" in e)]


def exchange(relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard,
             clock: bool = False, lose_first: bool = False) -> tuple[Page, Page]:
    host = cut_off(open_table(query(SEED, ""), clock=clock), relay)
    assert not [u for u in guard.local_requests if "friends_manual.mjs" in u]
    play_together(host, "btn-friends")
    # No relay reached: "Other ways to connect" opens by itself, the way without one in it.
    expect(host.locator("#friends-more")).to_have_attribute("open", "",
                                                            timeout=CONNECT_TIMEOUT_MS)
    host.locator("#friends-manual").click()
    offer = host.locator("#friends-manual-offer")
    expect(offer).to_be_visible(timeout=CONNECT_TIMEOUT_MS)
    expect(host.locator("#friends-manual-qr")).to_be_visible()
    link = offer.input_value()
    assert re.search(r"\?game=durak#manual=[A-Za-z0-9_-]{100,200}$", link), link
    bad = failing(audit(host, "friends-manual-offer"))
    assert not bad, "\n".join(map(str, bad))

    guest = cut_off(friend_page(browser, guard), relay)
    if lose_first:
        guest.add_init_script(LOSE_FIRST_TEXT)
    guest.goto(link.split("#", 1)[0])
    wait_until_ready(guest)
    play_together(guest, "btn-friends")
    # A hostile code is refused with a notice naming what is wrong; nothing changes.
    other_ways(guest)
    guest.locator("#friends-join-code").fill("AQAE" + "!" * 20)
    guest.locator("#friends-join-go").click()
    expect(guest.locator("#notices")).to_contain_text("base64url")
    guest.locator("#friends-join-code").fill(link)
    guest.locator("#friends-join-go").click()  # the page reloads as that table's guest
    reply = guest.locator("#friends-manual-reply")
    expect(reply).to_be_visible(timeout=CONNECT_TIMEOUT_MS)
    expect(guest.locator("#friends-reply-qr")).to_be_visible()
    bad = failing(audit(guest, "friends-manual-reply"))
    assert not bad, "\n".join(map(str, bad))
    answer = reply.input_value()
    assert re.fullmatch(r"[A-Za-z0-9_-]{80,200}", answer), answer

    host.locator("#friends-manual-answer").fill(answer)
    host.locator("#friends-manual-connect").click()
    expect(guest.locator("#friends-seats")).to_contain_text("Seat 2 (you)",
                                                           timeout=CONNECT_TIMEOUT_MS)
    expect(host.locator("#friends-seats")).to_contain_text("参加中")
    expect(guest.locator("#friends-reply-box")).to_have_count(0)
    # Connected: the host's line no longer says it is connecting.
    expect(host.locator("#friends")).not_to_contain_text(
        STRINGS["friends.manual.connecting"]["ja"])
    return host, guest


def test_two_friends_with_no_relay_exchange_codes_and_play_a_whole_game(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    host, guest = exchange(relay, open_table, browser, guard, lose_first=True)
    host.locator("#friends-start").click()
    c = durak_mirror(Rules(), SEED)
    pages = {0: host, 1: guest}
    policy = Policy()
    moves = {0: 0, 1: 0}
    for seat, page in durak_turns(c, pages):
        click_step(c, page, policy)
        moves[seat] += 1
    assert min(moves.values()) >= 5
    for page in pages.values():
        expect(page.locator("#result")).to_be_visible()
    expect(guest.locator("#friends-note")).to_contain_text(RECORD_ON_END)
    expect(guest.locator("#game-words")).to_be_visible()
    allow_no_relay(guard, relay)


def test_a_code_tables_host_reloads_and_its_guest_comes_back_by_a_new_code_in_its_tab(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    """Nothing finds a guest connected by a code again after the host's page reloads:
    the guest's table says so where it said whose turn it is, and takes no click; the
    host's panel says a new code is needed and counts the seat's away wait down (on
    the page's clock), then a computer plays it. The new code's link opened in the
    guest's tab (only the fragment changes) takes the seat back, and the guest's
    recent moves show the computer's move for it."""
    host, guest = exchange(relay, open_table, browser, guard, clock=True)
    host.locator("#friends-start").click()
    c = durak_mirror(Rules(), SEED)
    policy = Policy()
    for seat, page in durak_turns(c, {0: host, 1: guest}):
        if seat == 1 and len(c.game.actions()) > 2:
            break  # the guest is to act, having moved once
        click_step(c, page, policy)
    moves = len(c.game.actions())
    host.reload()
    wait_until_ready(host)
    expect(guest.locator("#status")).to_have_text(
        STRINGS["friends.manual.lost_status"]["en"], timeout=CONNECT_TIMEOUT_MS)
    expect(guest.locator("#table")).to_have_attribute("data-friends-wait", "1")
    guest.locator("#btn-lang").click()  # the table drawn anew says it still
    expect(guest.locator("#status")).to_have_text(STRINGS["friends.manual.lost_status"]["ja"])
    guest.locator("#btn-lang").click()
    expect(guest.locator("#table")).to_have_attribute("data-friends-wait", "1")
    expect(host.locator("#friends-note")).to_have_text(STRINGS["friends.resumed_by_hand"]["ja"])
    # No computer played the guest's seat at the reload: it waits its away wait.
    expect(host.locator(f'#table[data-actions="{moves}"]')).to_have_count(1)
    host.clock.fast_forward(4000)
    expect(host.locator("#friends-seats")).to_contain_text(re.compile(r"[1-6]秒後"))
    away_wait_passes(host)
    expect(host.locator("#friends-seats")).to_contain_text("代打ち中")
    expect(host.locator("html:not([data-busy]) #table[data-to-act]")).to_have_count(1)

    host.locator("#friends-manual").click()
    offer = host.locator("#friends-manual-offer")
    expect(offer).to_be_visible(timeout=CONNECT_TIMEOUT_MS)
    code = offer.input_value().split("#", 1)[1]
    guest.evaluate("fragment => { location.hash = fragment; }", code)
    reply = guest.locator("#friends-manual-reply")
    expect(reply).to_be_visible(timeout=CONNECT_TIMEOUT_MS)
    host.locator("#friends-manual-answer").fill(reply.input_value())
    host.locator("#friends-manual-connect").click()
    expect(host.locator("#friends-seats")).not_to_contain_text("代打ち中",
                                                              timeout=CONNECT_TIMEOUT_MS)
    expect(guest.locator("#table")).not_to_have_attribute("data-friends-wait", "1")
    # The computer's move for the guest's seat is the latest the guest is told of.
    expect(guest.locator("#account-latest")).to_have_text(re.compile(r"^You "))
    allow_no_relay(guard, relay)


#: Each of a manual box's notes read whole (not cut to a scroll), each label above
#: its field, and no two of its parts drawn over each other: [problems].
LAID_OUT = """box => {
  const bad = [];
  for (const note of box.querySelectorAll('.friends-note'))
    if (note.scrollHeight > note.clientHeight + 1) bad.push('note cut: ' + note.textContent);
  for (const label of box.querySelectorAll('label')) {
    const field = document.getElementById(label.htmlFor);
    if (label.getBoundingClientRect().bottom > field.getBoundingClientRect().top + 1)
      bad.push('label beside its field: ' + label.textContent);
  }
  const parts = [...box.children].map(c => [c, c.getBoundingClientRect()]);
  for (const [i, [a, r]] of parts.entries())
    for (const [b, q] of parts.slice(i + 1))
      if (r.left < q.right - 1 && q.left < r.right - 1 && r.top < q.bottom - 1
          && q.top < r.bottom - 1)
        bad.push('overlap: ' + (a.id || a.textContent) + ' / ' + (b.id || b.textContent));
  if (box.scrollWidth > box.clientWidth + 1) bad.push('wider than the panel');
  return bad;
}"""


def test_an_answer_opened_in_another_tab_of_the_host_reaches_its_table(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    host = cut_off(open_table(query(SEED, "")), relay)
    host.set_viewport_size(PHONE)
    play_together(host, "btn-friends")
    other_ways(host)
    host.locator("#friends-manual").click()
    offer = host.locator("#friends-manual-offer")
    expect(offer).to_be_visible(timeout=CONNECT_TIMEOUT_MS)
    # On a phone the host's panel reads in rows (its long Japanese note whole).
    assert host.locator("#friends-manual-box").evaluate(LAID_OUT) == []
    guest = cut_off(friend_page(browser, guard), relay)
    guest.set_viewport_size(PHONE)
    guest.goto(offer.input_value())
    wait_until_ready(guest)
    reply = guest.locator("#friends-manual-reply")
    expect(reply).to_be_visible(timeout=CONNECT_TIMEOUT_MS)
    assert guest.locator("#friends-reply-box").evaluate(LAID_OUT) == []
    answer_link = offer.input_value().split("#", 1)[0] + "#answer=" + reply.input_value()
    # The answer's QR code's link, opened on the host's device in another tab.
    tab = host.context.new_page()
    guard.watch_page(tab)
    tab.goto(answer_link)
    wait_until_ready(tab)
    expect(tab.locator("#friends-note")).to_contain_text("テーブルに渡しました",
                                                         timeout=CONNECT_TIMEOUT_MS)
    expect(guest.locator("#friends-seats")).to_contain_text("Seat 2 (you)",
                                                           timeout=CONNECT_TIMEOUT_MS)
    allow_no_relay(guard, relay)
