"""Pass-and-play by clicks: two people share one device for a whole game of Durak.
Between their turns the page shows only the privacy screen (no card of anybody's
in the page); a tap shows the hand of the person to decide, and only theirs."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from cardkit.ui_dom.pass_play import SHOW_ACT
from durak.rules import Rules
from durak.ui_dom.controller import Controller
from durak.ui_dom.family_controller import Hooks
from e2e.durak_driver import (
    LEVEL,
    Policy,
    _no_pause,
    _think,
    check_hand,
    click,
    expect_in_step,
    query,
    run_now,
)

OpenTable = Callable[[str], Page]
SEED = 7


def test_two_people_pass_the_phone_through_a_whole_game(open_table: OpenTable) -> None:
    page = open_table(query(SEED))
    page.locator("#btn-pass-play").click()
    c = Controller(Rules(), SEED, LEVEL, Hooks(_think, _no_pause, lambda: None), humans=(0, 1))
    run_now(c.start())
    policy = Policy()
    screens = 0
    expect_in_step(page, c)
    while not c.over:
        g = c.match.game
        if c.handover_due():
            screens += 1
            expect(page.locator("#pass-screen")).to_be_visible()
            who = "プレイヤー2" if g.player_of(g.to_act) == 1 else "プレイヤー1"
            expect(page.locator("#pass-screen")).to_contain_text(who)
            # No card of anybody's in the page behind the screen.
            assert page.locator("#table .card, #hand").count() == 0
            click(page, c, (SHOW_ACT, None))
            continue
        expect(page.locator("#pass-screen")).to_have_count(0)
        expect(page.locator(f'#hand[data-seat="{c.handover.holder}"]')).to_have_count(1)
        check_hand(page, c)
        click(page, c, policy.next_step(c))
    expect_in_step(page, c)
    expect(page.locator("#result")).to_be_visible()
    assert screens >= 4


def test_five_people_pass_the_phone_through_a_game_of_napoleon(open_table: OpenTable) -> None:
    """Napoleon's 「みんなで1台」: every seat a person; before each one's decision the
    privacy screen names them and nothing of any hand is in the page behind it."""
    from e2e import table_driver as nd
    from napoleon.rules import Rules as NapoleonRules
    from napoleon.ui_dom.controller import Controller as NapoleonController

    page = open_table(nd.query(SEED))
    page.locator("#btn-pass-play").click()
    c = NapoleonController(NapoleonRules(), SEED, nd.LEVEL, nd._think, nd._no_pause,
                           lambda: None, humans=tuple(range(5)))
    nd.run_now(c.start())
    policy = nd.Policy(bid_to=13)
    screens = 0
    nd.expect_in_step(page, c)
    while c.phase_name() != "result":
        if c.handover_due():
            screens += 1
            seat = c.person_to_act()
            assert seat is not None
            expect(page.locator("#table[data-handover] #pass-screen")).to_contain_text(
                f"プレイヤー{seat + 1}")
            # No card of anybody's in the page behind the screen.
            assert page.locator("#table [data-card], #table .card").count() == 0
            nd.click(page, c, (SHOW_ACT, None))
            continue
        expect(page.locator("#pass-screen")).to_have_count(0)
        nd.check_hand(page, c)  # the hand of the person holding the phone, only theirs
        nd.check_nothing_hidden_shown(page, c)
        nd.click(page, c, ("next", None) if c.waiting_for_next() else policy.next_step(c))
    expect(page.locator("#result")).to_be_visible()
    assert screens >= 20
