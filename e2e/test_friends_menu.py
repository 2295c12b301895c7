"""The page's menu at a table with friends: a control the page shows as available
always acts, and one that would put another game on the page leaves the table
first, asked.

Two browser contexts through a Nostr relay the test starts on 127.0.0.1. On a
guest's page, New game asks "Leave the table with friends?", and so does the panel's
own Leave: staying keeps the table; leaving, the host's panel shows the seat gone
(then a computer plays it), the guest's own table comes back and no view of the
host's redraws it, the link is out of its address. On the host's page, New game mid-
table asks "End the table for everyone?": ending it, the guest is told the host
ended it, with what its seat saw so far, and can play nothing more; its own New game
then asks nothing. The language switch keeps a guest's table; Record, Rules and
Statistics on a guest's page open its own screens without a fault. A Napoleon
guest's New game asks too.

A guest's change of rules in Settings asks the same: staying keeps the table, whose
game goes on by clicks on both pages in lockstep with a CPython mirror (the host's
views keep coming). The switch to the site's other game asks too: staying keeps
the table; leaving, the guest's page goes to the other game with no table and the
host's panel shows the seat away, then a computer playing it. A Napoleon guest's
change of rules (Siberia) and its choice to play together on one device ask as
well; staying, its match with the host goes on by clicks against a mirror.

A Napoleon match played to its end by clicks ends the game for everyone: the
host's new match on its final standings then asks nothing and is its own, and the
guest, told the host may play again, is then told the table is over, not that the
host ended it; the guest's
result screen offers the review of that game, its own seat's."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Browser, Page, expect

from cardkit.ui_dom.strings_shell import STRINGS as SHELL
from durak.rules import Rules
from durak.ui_dom.play.controller import Controller
from e2e.conftest import OpenTable, wait_until_ready
from e2e.durak_driver import Policy
from e2e.durak_driver import query as durak_query
from e2e.friends_steps import (
    CONNECT_TIMEOUT_MS,
    NapoleonTable,
    away_wait_passes,
    click_step,
    durak_mirror,
    durak_turns,
    host_link,
    join,
    play_together,
)
from e2e.guard import PageGuard
from e2e.table_driver import query as napoleon_query
from napoleon.rules import Rules as NapoleonRules

SEED = 7
GUEST_TABLE = '#table[data-friends="guest"]'



def started(open_table: OpenTable, browser: Browser, guard: PageGuard,
            address: str, clock: bool = False) -> tuple[Page, Page]:
    """A host (in Japanese) and its guest (in English) at a started table of two;
    with ``clock``, the host's timers run on Playwright's clock."""
    host = open_table(address, clock=clock)
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
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    host, guest = started(open_table, browser, guard, durak_query(SEED), clock=True)
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

    # The panel's own Leave asks the same, and leaves.
    guest.locator("#friends-leave").click()
    expect(guest.locator("#ask-title")).to_have_text("Leave the table with friends?")
    guest.locator("#ask-leave").click()
    # The guest's own table, no panel, the link out of its address.
    expect(guest.locator("#friends")).to_have_count(0)
    expect(guest.locator("#table:not([data-friends])")).to_be_visible()
    expect(guest).not_to_have_url(re.compile("#table="))
    # The host sees the seat gone at once, then, after the wait (moved past on its
    # clock), a computer playing it.
    seats = host.locator("#friends-seats")
    expect(seats).to_contain_text("接続が切れました", timeout=CONNECT_TIMEOUT_MS)
    away_wait_passes(host)
    expect(seats).to_contain_text("代打ち中", timeout=CONNECT_TIMEOUT_MS)
    # The table went on without it: no view of the host's came back to the guest.
    expect(guest.locator("#friends")).to_have_count(0)
    expect(guest.locator(GUEST_TABLE)).to_have_count(0)


def test_the_durak_hosts_new_game_mid_table_asks_then_ends_the_table_for_everyone(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    host, guest = started(open_table, browser, guard, durak_query(SEED))
    # The panel's End asks first; staying changes nothing.
    host.locator("#friends-leave").click()
    expect(host.locator("#ask-title")).to_have_text("全員のテーブルを終わりにしますか?")
    host.locator("#ask-stay").click()
    expect(host.locator("#friends-seats")).to_contain_text("参加中")
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
    # Its panel offers the way back to its own table; its own New game asks nothing
    # (nothing is lost) and brings its own table.
    expect(guest.locator("#friends-leave")).to_have_text("Back to my own table")
    guest.locator("#btn-new").click()
    expect(guest.locator("#friends")).to_have_count(0)
    expect(guest.locator("#table:not([data-friends]):not([data-friends-over])")).to_be_visible()


def test_a_napoleon_guests_new_game_asks_then_leaves_the_table(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    host, guest = started(open_table, browser, guard, napoleon_query(SEED))
    asked(guest, "Leave the table with friends?")
    guest.locator("#ask-leave").click()
    expect(guest.locator("#friends")).to_have_count(0)
    expect(guest.locator("#table:not([data-friends])")).to_be_visible()
    expect(host.locator("#friends-seats")).to_contain_text("接続が切れました",
                                                           timeout=CONNECT_TIMEOUT_MS)


def play_until(c: Controller, pages: dict[int, Page], stop: Callable[[Controller], bool]) -> int:
    """Click the mirror's steps on the page of the seat to act (its page in step
    first) until ``stop`` holds; the number of steps clicked."""
    policy = Policy()
    for steps, (_seat, page) in enumerate(durak_turns(c, pages)):
        if stop(c):
            return steps
        assert steps < 200, "the stop never came"
        click_step(c, page, policy)
    raise AssertionError("the game ended before the stop")


def test_a_durak_guests_change_of_rules_asks_and_staying_keeps_the_table_going(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    host, guest = started(open_table, browser, guard, durak_query(SEED))
    c = durak_mirror(Rules(), SEED)
    # Other rules would deal another game on the guest's page: it is asked first.
    guest.locator("#btn-settings").click()
    expect(guest.locator("#settings")).to_be_visible()
    guest.locator("#set-preset").select_option("perevodnoy")
    guest.locator("#settings-apply").click()
    expect(guest.locator("dialog#ask[open]")).to_have_count(1)
    expect(guest.locator("#ask-title")).to_have_text("Leave the table with friends?")
    guest.locator("#ask-stay").click()
    # Staying keeps the table: still seated, the host still sees the seat playing.
    expect(guest.locator("dialog#ask[open]")).to_have_count(0)
    expect(guest.locator("#settings")).to_be_hidden()
    expect(guest.locator(GUEST_TABLE)).to_be_visible()
    expect(guest.locator("#friends-seats")).to_contain_text("Seat 2 (you)")
    assert "#table=" in guest.url
    expect(host.locator("#friends-seats")).to_contain_text("参加中")
    # The game goes on on both pages: the host's moves reach the guest's page (its
    # views keep coming), the guest's clicks reach the host's.
    def both_moved(c: Controller) -> bool:
        g = c.game
        by = [seat for seat, _ in g.actions()]
        return by.count(0) >= 2 and by.count(1) >= 2 and g.player_of(g.to_act) == 1

    assert play_until(c, {0: host, 1: guest}, both_moved) >= 4
    expect(host.locator("#friends-seats")).to_contain_text("参加中")
    expect(host.locator("#friends-seats")).not_to_contain_text("代打ち中")


def test_a_durak_guests_switch_to_napoleon_asks_then_leaves_and_the_host_sees_the_seat_away(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    host, guest = started(open_table, browser, guard, durak_query(SEED), clock=True)
    switch = guest.locator("#btn-game")
    expect(switch).to_have_text("Play Napoleon")
    # Staying keeps the table and the page.
    switch.click()
    expect(guest.locator("dialog#ask[open]")).to_have_count(1)
    expect(guest.locator("#ask-title")).to_have_text("Leave the table with friends?")
    guest.locator("#ask-stay").click()
    expect(guest.locator("dialog#ask[open]")).to_have_count(0)
    expect(guest.locator(GUEST_TABLE)).to_be_visible()
    assert "#table=" in guest.url and "game=durak" in guest.url
    expect(host.locator("#friends-seats")).to_contain_text("参加中")
    # Leaving: the page goes to Napoleon, with no table and the link out of its address.
    switch.click()
    expect(guest.locator("#ask-title")).to_have_text("Leave the table with friends?")
    guest.locator("#ask-leave").click()
    # The host sees the seat away at once (looked at before the guest's page has
    # started Napoleon: the host's clock runs in real time until the test moves it on,
    # and a slow start must not outlast the wait), then, after the wait (moved past on
    # its clock), a computer playing it.
    seats = host.locator("#friends-seats")
    expect(seats).to_contain_text("接続が切れました", timeout=CONNECT_TIMEOUT_MS)
    expect(guest).not_to_have_url(re.compile(r"game=durak"), timeout=CONNECT_TIMEOUT_MS)
    wait_until_ready(guest)
    expect(switch).to_have_text("Play Durak")
    expect(guest).not_to_have_url(re.compile("#table="))
    expect(guest.locator("#friends")).to_have_count(0)
    expect(guest.locator("#table:not([data-friends])")).to_be_visible()
    away_wait_passes(host)
    expect(seats).to_contain_text("代打ち中", timeout=CONNECT_TIMEOUT_MS)


def stayed(host: Page, guest: Page) -> None:
    """The guest asked whether to leave, and stays: its table and seat are kept."""
    expect(guest.locator("dialog#ask[open]")).to_have_count(1)
    expect(guest.locator("#ask-title")).to_have_text("Leave the table with friends?")
    guest.locator("#ask-stay").click()
    expect(guest.locator("dialog#ask[open]")).to_have_count(0)
    expect(guest.locator(GUEST_TABLE)).to_be_visible()
    expect(guest.locator("#friends-seats")).to_contain_text("Seat 2 (you)")
    assert "#table=" in guest.url
    expect(host.locator("#friends-seats")).to_contain_text("参加中")


def test_a_napoleon_guests_change_of_rules_and_way_to_play_ask_and_staying_plays_on(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    host, guest = started(open_table, browser, guard, napoleon_query(SEED))
    t = NapoleonTable(NapoleonRules(), SEED, {0: host, 1: guest})
    # Other rules would start another match on the guest's page: asked first.
    guest.locator("#btn-settings").click()
    expect(guest.locator("#settings")).to_be_visible()
    guest.locator("#set-siberia").select_option("on")
    guest.locator("#settings-apply").click()
    stayed(host, guest)
    expect(guest.locator("#settings")).to_be_hidden()
    # Playing together on one device would too.
    play_together(guest, "btn-pass-play")
    stayed(host, guest)
    # The match goes on by clicks on both pages, the host's views reaching the guest.
    assert t.play(lambda seat: seat == 1 and t.turn >= 8) == 1
    expect(host.locator("#friends-seats")).not_to_contain_text("代打ち中")


def test_the_napoleon_hosts_end_screen_new_match_after_the_match_asks_nothing_the_table_over(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    """The match's end is the game's, for everyone (each guest told the host may play
    again, the records kept): the host's new match on the final standings then asks
    nothing (a game that is over loses nothing) and brings its own match, and each
    guest is told the table is over, not that the host ended it mid-game.  The guest's
    result screen meanwhile offers the review of the game just finished, its own
    seat's."""
    host, guest = started(open_table, browser, guard, napoleon_query(SEED, "&match_games=1"))
    t = NapoleonTable(NapoleonRules(match_games=1), SEED, {0: host, 1: guest})
    assert t.play(lambda _seat: False) is None  # the match's last result
    note = guest.locator("#friends-note")
    expect(note).to_contain_text(SHELL["friends.again_wait"]["en"], timeout=CONNECT_TIMEOUT_MS)
    # The guest's result: the review of that game from the host's record, judging the
    # guest's seat (its row in the first trick), as a player alone's result offers it.
    expect(guest.locator("#result-record-text")).to_be_visible()
    guest.locator("#btn-review").click()
    expect(guest.locator("#review")).to_be_visible()
    guest.locator("#review-next").click()
    mine = guest.locator('#review-step[data-step="1"] tr.you')
    expect(mine).to_have_count(1)
    expect(mine).to_have_attribute("data-seat", "1")
    guest.locator("#review-close").click()

    # The host's final standings: its new match asks nothing and is its own.
    again = host.locator("#btn-new-match")
    expect(host.locator('#table[data-phase="match-over"]')).to_have_count(
        1, timeout=CONNECT_TIMEOUT_MS)
    again.click()
    expect(host.locator("#friends")).to_have_count(0)
    expect(host.locator("dialog#ask[open]")).to_have_count(0)
    expect(host.locator('#table:not([data-friends]):not([data-friends-over])')).to_be_visible()
    expect(host.locator('#table[data-game="1"][data-phase="bid"]')).to_have_count(1)
    # The guest's note says the table is over now, its records kept.
    expect(note).to_contain_text("The table is over.", timeout=CONNECT_TIMEOUT_MS)
    expect(note).not_to_contain_text(SHELL["friends.again_wait"]["en"])
    expect(note).not_to_contain_text("The host ended the table.")
    expect(guest.locator("#friends-records")).to_be_visible()
