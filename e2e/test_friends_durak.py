"""Durak with friends, each on their own device: two browser contexts through a
Nostr relay the test starts on 127.0.0.1, WebRTC between them, no STUN.

The host's page referees; the guest's page (in English, its own language) draws
only its own seat's view and sends its clicks' actions. A whole game is played by
clicks at a table behind a password and compared with a CPython mirror of the same
seed; the host's page reloads mid-game and its guest comes back by itself to finish
the game (one game holds both: each table with friends costs two page boots and a
lobby before its first move); a guest who leaves is replaced by a computer after
the wait everyone is shown and takes the seat back by reopening the link; a lost
host ends the table on the guest's page with what its seat saw, and that page, left,
deals its own game and starts its computers' worker for it; the guest asks a
hint at its own decision and is shown a move of its seat's (its page, where no
computer plays, has started no worker before); the guest's review of
the finished game judges its own seat, not the host's; a third party with the link
forging messages is refused, each with its reason, and the game does not move."""

from __future__ import annotations

import re
from urllib.parse import quote

from playwright.sync_api import Browser, Page, expect

from cardkit.table_net.guest_session import HOST_WAIT
from cardkit.ui_dom.strings_shell import STRINGS
from durak.actions import Action, parse_action
from durak.rules import Rules
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
    host_link,
    other_ways,
    take_seat_back,
    wait_at,
)
from e2e.guard import PageGuard

#: A short whole game (39 clicks with the tests' policy), the host to act first.
SEED = 26
#: The guest's worker boots (seconds), then the strong search thinks (under a second).
THINK_TIMEOUT_MS = 90_000



def seat_guest(relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard,
               rules: str = "", clock: bool = False) -> tuple[Page, Page, str]:
    """The host's page (in Japanese) and its guest's (in English), seated; with
    ``clock``, both pages' timers run on Playwright's clock (in real time until the
    test moves it on past a wait of the page's)."""
    host = open_table(query(SEED, rules), clock=clock)
    # Nothing of it is fetched before the player opens it; then the bridge is.
    assert not [u for u in guard.local_requests if "friends.mjs" in u or "/net/" in u]
    link = host_link(host)
    assert [u for u in guard.local_requests if u.endswith("/net/trystero-nostr.mjs")]
    assert "#table=" in link and f"relays={quote(relay, safe='')}" in link
    guest = friend_page(browser, guard)
    if clock:
        guest.clock.install()
    guest.goto(link)
    wait_until_ready(guest)
    # The guest's own language (English); the host's page is in Japanese.
    expect(guest.locator("#friends-seats")).to_contain_text("Seat 2 (you)",
                                                           timeout=CONNECT_TIMEOUT_MS)
    expect(host.locator("#friends-seats")).to_contain_text("参加中")
    return host, guest, link


def host_move_words(action: Action) -> str:
    """The host's move as the guest's page (in English) words it in its account (cards
    as symbols, as the recent moves write them)."""
    from durak.ui_dom import i18n
    from durak.ui_dom.table.announce import move_text
    from durak.ui_dom.table.card_words import card_symbol

    was = i18n.language()
    i18n.set_language("en")
    try:
        return move_text("Seat 1", action, card=card_symbol)
    finally:
        i18n.set_language(was)


def test_a_guest_who_leaves_is_played_by_a_computer_and_takes_the_seat_back_then_the_host_leaves(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    host, guest, link = seat_guest(relay, open_table, browser, guard, clock=True)
    host.locator("#friends-start").click()
    expect(guest.locator('#table[data-friends="guest"]')).to_have_count(
        1, timeout=CONNECT_TIMEOUT_MS)
    c = durak_mirror(Rules(), SEED)
    policy = Policy()
    for seat, page in durak_turns(c, {0: host, 1: guest}):
        if seat == 1:  # the host plays until the guest is to act
            break
        click_step(c, page, policy)
    waited_at = c.markers()["actions"]
    wait_at(guest, c)
    context = guest.context
    guest.close()
    seats = host.locator("#friends-seats")
    expect(seats).to_contain_text("接続が切れました", timeout=CONNECT_TIMEOUT_MS)
    # ... and said once in the screen reader's log (the panel is redrawn, not live).
    said = host.locator("#announce")
    expect(said).to_contain_text("接続が切れました")
    # After the wait (moved past on the host's clock) a computer plays the seat: the
    # game goes on.
    away_wait_passes(host)
    expect(seats).to_contain_text("代打ち中", timeout=CONNECT_TIMEOUT_MS)
    expect(host.locator(f'#table:not([data-actions="{waited_at}"])')).to_have_count(
        1, timeout=CONNECT_TIMEOUT_MS)
    back = take_seat_back(context, guard, link, 1, host)
    expect(back.locator('#table[data-friends="guest"]')).to_have_count(
        1, timeout=CONNECT_TIMEOUT_MS)
    expect(said).to_contain_text("が戻りました", timeout=CONNECT_TIMEOUT_MS)
    # The host gone (and not back within the wait), the table ends for the guest with
    # a clear message and what its seat saw so far: its own hand, no other card. (The
    # guest's context runs on Playwright's clock: the wait is moved past, not waited.)
    host.close()
    note = back.locator("#friends-note")
    expect(note).to_contain_text("Lost the host", timeout=CONNECT_TIMEOUT_MS)
    expect(back.locator('#friends[data-ended="1"]')).to_have_count(0)
    back.clock.fast_forward(int(HOST_WAIT * 1000) + 1000)
    expect(note).to_contain_text("The host is gone", timeout=CONNECT_TIMEOUT_MS)
    expect(note).to_contain_text("What your seat saw so far")
    # In the page's words (its language, cards by name), not the record's notation.
    expect(note).to_contain_text(re.compile(r"Bout \d+ \(.+ → .+\): table .*; hand .+ of "))
    expect(note).not_to_contain_text("hand [")
    expect(back.locator('#friends[data-ended="1"]')).to_have_count(1)
    expect(back.locator("#friends .friends-title")).to_have_text(
        "The table with friends is over")
    # Nothing can be played any more: the line says so (not "Your turn…"), and the
    # table is drawn put away.
    expect(back.locator("#status")).to_have_text("The table is over.")
    expect(back.locator("#table[data-friends-over]")).to_have_count(1)
    # Left, the page deals its own game, whose computers (its level, normal) think in
    # the worker it starts now: nothing started it while it was a guest's.
    back.locator("#friends-leave").click()
    expect(back.locator("#table[data-friends]")).to_have_count(0)
    expect(back.locator("#table[data-friends-over]")).to_have_count(0)
    expect(back.locator("html")).to_have_attribute("data-worker", re.compile("starting|ready"))


def test_a_whole_game_by_clicks_behind_a_password_the_host_reloading_mid_game(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    host = open_table(query(SEED))
    first = host_link(host)
    expect(host.locator("#friends-qr")).to_be_visible()
    # A password (in the link's fragment only) and the relays, applied before sharing.
    other_ways(host)
    host.locator("#friends-password").fill("tea at five")
    host.locator("#friends-relays").fill(relay)
    host.locator("#friends-apply").click()
    field = host.locator("#friends-link")
    expect(field).to_have_value(re.compile(r"&pw=tea%20at%20five$"), timeout=CONNECT_TIMEOUT_MS)
    link = field.input_value()
    assert link.split("#")[1].split("&")[0] != first.split("#")[1].split("&")[0]  # a new room
    # A relay the page's policy does not allow is refused with a notice, nothing changed.
    host.locator("#friends-relays").fill("wss://relay.example")
    host.locator("#friends-apply").click()
    expect(host.locator("#notices")).to_contain_text("CSP")
    expect(field).to_have_value(link)
    guest = friend_page(browser, guard)
    guest.goto(link)
    wait_until_ready(guest)
    expect(guest.locator("#friends-seats")).to_contain_text("Seat 2 (you)",
                                                           timeout=CONNECT_TIMEOUT_MS)
    # The panel redrew as the friend came: what was typed is kept, to be mended.
    expect(host.locator("#friends-relays")).to_have_value("wss://relay.example")
    host.locator("#friends-relays").fill(relay)
    # With a friend seated, another password asks first: keeping it changes nothing.
    host.locator("#friends-password").fill("tea at six")
    host.locator("#friends-apply").click()
    expect(host.locator("dialog#ask[open] h2")).to_have_text(
        STRINGS["friends.room_change.title"]["ja"])
    host.locator("#ask-keep").click()
    expect(host.locator("dialog#ask[open]")).to_have_count(0)
    expect(field).to_have_value(link)
    # Changing it tells the friend why they left (not "the host is lost"), and the new
    # link seats them again.
    host.locator("#friends-apply").click()
    host.locator("#ask-change").click()
    expect(guest.locator("#friends-note")).to_have_text(STRINGS["friends.moved"]["en"],
                                                        timeout=CONNECT_TIMEOUT_MS)
    expect(field).to_have_value(re.compile(r"&pw=tea%20at%20six$"), timeout=CONNECT_TIMEOUT_MS)
    guest = friend_page(browser, guard)
    guest.goto(field.input_value())
    wait_until_ready(guest)
    expect(guest.locator("#friends-seats")).to_contain_text("Seat 2 (you)",
                                                           timeout=CONNECT_TIMEOUT_MS)
    host.locator("#friends-start").click()
    c = durak_mirror(Rules(), SEED)
    pages = {0: host, 1: guest}
    policy = Policy()
    moves = {0: 0, 1: 0}
    told = 0
    hinted = False
    reloaded = False
    for seat, page in durak_turns(c, pages):
        g = c.game
        if seat == 1 and told < 3 and g.actions() and g.actions()[-1][0] == 0:
            # The guest's "Recent moves" says what the host just did, in its words.
            expect(guest.locator("#account-list")).to_contain_text(
                host_move_words(g.actions()[-1][1]))
            told += 1
        if seat == 1 and not hinted and len(c.legal()) > 1:
            # The guest's page plays no computer: no worker until its first hint.
            assert guest.evaluate("() => document.documentElement.dataset.worker") is None
            # The guest's own hint, asked on its page of its seat's view: a move of its.
            guest.locator("#btn-hint").click()
            box = guest.locator("#hint[data-action]")
            expect(box).to_have_count(1, timeout=THINK_TIMEOUT_MS)
            expect(guest.locator("html")).to_have_attribute("data-worker", "ready")
            assert parse_action(str(box.get_attribute("data-action"))) in c.legal()
            hinted = True
        if not reloaded and seat == 0 and int(c.markers()["actions"]) >= 4:
            # The host's page reloads: the saved game and the kept table come back, the
            # guest's page finds the host again and takes its seat by itself.
            reloaded = True
            host.reload()
            wait_until_ready(host)
            seats = host.locator("#friends-seats")
            expect(seats).to_contain_text("参加中", timeout=CONNECT_TIMEOUT_MS)
            expect(seats).not_to_contain_text("代打ち中")
            expect(guest.locator('#friends[data-ended="1"]')).to_have_count(0)
            wait_at(page, c)
        click_step(c, page, policy)
        moves[seat] += 1
    assert reloaded and min(moves.values()) >= 5 and told == 3 and hinted
    for page in pages.values():
        expect(page.locator("#result")).to_be_visible()
    # The finished game's record goes to the guest too: its end screen shows it, and
    # its note says so (not the record's machine text).
    expect(guest.locator("#friends-note")).to_contain_text(RECORD_ON_END)
    expect(guest.locator("#game-words")).to_be_visible()
    # The guest's page never held a card of the host's hand the view hides.
    assert guest.locator('#table[data-friends="guest"]').count() == 1
    # Its review is of that record (every hand open now), judging the guest's own
    # seat as "you", never the host's seat 0; the host's judges seat 0.
    for page, seat in ((guest, 1), (host, 0)):
        page.locator("#btn-review").click()
        expect(page.locator("#review")).to_be_visible()
        mine = page.locator("#review-step tr.you")
        expect(mine).to_have_count(1)
        expect(mine).to_have_attribute("data-seat", str(seat))
        page.locator("#review-close").click()


FORGER = """async ({room, host, relays}) => {
  const m = await import(new URL('./friends.mjs', document.baseURI).href);
  window.__got = [];
  const r = m.open(room, '', relays, true, {
    message: (peer, text) => { if (peer === host) window.__got.push(JSON.parse(text)); },
    join: (peer) => { if (peer === host) window.__host = true; },
    leave: () => {},
  });
  window.__send = (text) => r.send(text, host);
}"""


def test_forged_messages_from_a_guest_are_refused_and_the_game_does_not_move(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard,
        base_url: str) -> None:
    host = open_table(query(SEED, "&players=3"))
    link = host_link(host)
    fragment = dict(p.split("=", 1) for p in link.split("#", 1)[1].split("&"))
    # The forger runs no table of its own: a document of the site's origin (the
    # bridge's text, not the page) imports the bridge, with no Pyodide to boot.
    # (A document with no icon of its own: the browser asks the server's root for one.)
    forger = friend_page(browser, guard)
    forger.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    forger.goto(base_url + "friends.mjs")
    forger.evaluate(FORGER, {"room": fragment["table"], "host": fragment["host"],
                             "relays": [relay]})
    forger.wait_for_function("window.__host === true", timeout=CONNECT_TIMEOUT_MS)
    forger.evaluate("""window.__send(JSON.stringify(
        {t: 'hello', v: 2, name: 'Mallory', lang: 'en', token: null}))""")
    forger.wait_for_function("window.__got.some(m => m.t === 'welcome')",
                             timeout=CONNECT_TIMEOUT_MS)
    host.locator("#friends-start").click()
    forger.wait_for_function("window.__got.some(m => m.t === 'view')",
                             timeout=CONNECT_TIMEOUT_MS)
    before = host.locator("#table").get_attribute("data-actions")
    forged = [
        '{"t": "act", "v": 2, "turn": 0, "action": "attack 2S"}',  # not its turn, no 2S
        '{"t": "act", "v": 2, "turn": true, "action": "pass"}',    # malformed
        '{"t": "act", "v": 2, "turn": 0, "action": "pass", "seat": 0}',  # another seat
        "[" * 5000,                                                # too long
        '{"t": "act", "v": 1, "turn": 0, "action": "pass"}',       # another protocol
    ]
    for text in forged:
        forger.evaluate("t => window.__send(t)", text)
    forger.wait_for_function(f"window.__got.filter(m => m.t === 'refused').length >= {len(forged)}",
                             timeout=CONNECT_TIMEOUT_MS)
    reasons = forger.evaluate(
        "window.__got.filter(m => m.t === 'refused').map(m => m.reason)")
    assert set(reasons) <= {"not-your-turn", "stale", "illegal", "malformed", "too-long",
                            "version"}
    assert "malformed" in reasons and "too-long" in reasons and "version" in reasons
    # No view the forger got names a card of another seat's hand: its own only.
    views = forger.evaluate("window.__got.filter(m => m.t === 'view').map(m => m.view.seat)")
    assert set(views) == {1}
    assert host.locator("#table").get_attribute("data-actions") == before
