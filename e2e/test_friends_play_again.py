"""Play again at the same table: three games of Durak in a row at one table with friends,
two browser contexts through a Nostr relay the test starts on 127.0.0.1. A short
series (two players, 32 cards, a seed whose games are short) played by clicks in
lockstep with a CPython mirror. After the first game the guest's page waits at the
table (its panel says the host may play again); the host's page reloads and comes
back to the finished table (Play again offered, the guest's page waiting again at
its seat); then the guest's person leaves, and the host's Play again deals the
series' second game to the same seats, the guest's a computer's from its first move
(the mirror's computer, the same seed: the same moves). After the second game Play
again deals the third (the end screen offers no Next game beside it: one way on),
and the guest comes back with its link (its seat token) before its first turn, takes
its seat and plays its moves of the series' third game by clicks."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from cardkit.ui_dom.pass_play import Handover
from cardkit.ui_dom.strings_shell import STRINGS
from durak.rules import Rules
from durak.ui_dom.play.controller import Controller
from e2e.conftest import OpenTable, wait_until_ready
from e2e.durak_driver import Policy, act, query
from e2e.friends_steps import (
    CONNECT_TIMEOUT_MS,
    click_step,
    durak_mirror,
    durak_turns,
    host_link,
    join,
    take_seat_back,
    wait_at,
)
from e2e.guard import PageGuard

RULES = Rules(deck=32)
#: A series whose three games are short, the host to act first in the third.
SEED = 13


def play_game(c: Controller, pages: dict[int, Page], policy: Policy,
              guest_clicks: int | None = None) -> None:
    """The mirror's game on the table played to its end by clicks on the page of the
    person to act (a computer's seats the mirror plays as the host's page does); with
    ``guest_clicks``, only until the guest's page has clicked that many times."""
    clicks = 0
    for seat, page in durak_turns(c, pages):
        if seat == 1 and clicks == guest_clicks:
            return
        click_step(c, page, policy)
        clicks += seat == 1
    for page in pages.values():
        wait_at(page, c)
        expect(page.locator("#result")).to_be_visible()


def test_three_games_in_a_row_at_one_table_the_guest_leaving_after_the_first_and_back_in_the_third(
        relay: str, open_table: OpenTable, browser: Browser, guard: PageGuard) -> None:
    host = open_table(query(SEED, f"&{RULES.to_text()}"))
    link = host_link(host)
    guest = join(browser, guard, link, 1)
    host.locator("#friends-start").click()
    c = durak_mirror(RULES, SEED)
    policy = Policy()
    play_game(c, {0: host, 1: guest}, policy)

    # The game is over, the table not: the guest waits, told the host may play again.
    note = guest.locator("#friends-note")
    expect(note).to_contain_text(STRINGS["friends.again_wait"]["en"], timeout=CONNECT_TIMEOUT_MS)
    expect(guest.locator("#friends .friends-title")).to_have_text(
        STRINGS["friends.game_over"]["en"])
    again = host.locator("#friends-again")
    expect(again).to_have_text(STRINGS["friends.again"]["ja"])
    # The host's page reloads between the games: the finished table comes back, its
    # Play again with it, and the waiting guest's page finds the host again by itself.
    host.reload()
    wait_until_ready(host)
    expect(again).to_have_text(STRINGS["friends.again"]["ja"], timeout=CONNECT_TIMEOUT_MS)
    expect(host.locator("#friends-seats")).to_contain_text("参加中",
                                                           timeout=CONNECT_TIMEOUT_MS)
    expect(note).to_contain_text(STRINGS["friends.again_wait"]["en"])
    expect(guest.locator('#friends[data-ended="1"]')).to_have_count(1)
    # The guest's person leaves; the host plays again: its seat is a computer's at once.
    context = guest.context
    guest.locator("#friends-leave").click()
    seats = host.locator("#friends-seats")
    expect(seats).to_contain_text("接続が切れました", timeout=CONNECT_TIMEOUT_MS)
    guest.close()
    again.click()
    act(c, ("next-game", None))
    c.handover = Handover((0,))
    expect(seats).to_contain_text("代打ち中")
    expect(again).to_have_count(0)
    expect(host.locator('#table[data-game="2"]')).to_have_count(1)
    play_game(c, {0: host}, policy)

    # Play again is the one way on (the end screen has no Next game beside it); the
    # guest's link takes its seat back before its first turn, and it plays the
    # series' third game.
    expect(host.locator("#btn-next-game")).to_have_count(0)
    again.click()
    act(c, ("next-game", None))
    c.handover = Handover((0, 1))
    g = c.game
    assert g.player_of(g.to_act) == 0
    wait_at(host, c)
    back = take_seat_back(context, guard, link, 1, host)
    expect(back.locator('#table[data-friends="guest"][data-game="3"]')).to_have_count(
        1, timeout=CONNECT_TIMEOUT_MS)
    play_game(c, {0: host, 1: back}, policy, guest_clicks=6)
    expect(host.locator("#friends-seats")).not_to_contain_text("代打ち中")
