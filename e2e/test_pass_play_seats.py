"""Pass-and-play's setup chooses the table's size and which seats are computers.

A new player found no player count in the setup (Durak offered 2 seats; the count
had to be changed in the settings first) and no way to give a seat to a computer
(Napoleon needs five people).  The form now has a 「人数」 choice where the game is
played at several sizes, and a 「CPU」 box on every seat but the first; the game is
dealt at that size, the computers' seats never get a privacy screen, and the game
plays to its end by clicks (a mirror of the page's controller on CPython)."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

from cardkit.ui_dom.pass_play import SHOW_ACT
from durak.rules import Rules
from durak.ui_dom.play.controller import Controller
from durak.ui_dom.play.family_controller import Hooks
from e2e.axe_audit import audit, failing
from e2e.durak_driver import (
    LEVEL,
    Policy,
    check_hand,
    click,
    expect_in_step,
    no_pause,
    query,
    run_now,
    think,
)
from e2e.friends_steps import play_together

OpenTable = Callable[[str], Page]
SEED = 7


def set_table(page: Page, names: dict[int, str], computers: tuple[int, ...] = (),
              players: int | None = None) -> None:
    """Through the menu's choice to the setup form: the size, the names, the computers."""
    play_together(page, "btn-pass-play")
    expect(page.locator("#pass-setup")).to_be_visible()
    if players is not None:
        page.locator("#pass-setup-players").select_option(str(players))
    for seat, name in names.items():
        page.locator(f"#pass-name-{seat}").fill(name)
    for seat in computers:
        page.locator(f"#pass-cpu-{seat}").check()
        expect(page.locator(f"#pass-name-{seat}")).to_be_disabled()
    page.locator("#pass-setup-start").click()
    expect(page.locator("#pass-setup")).to_have_count(0)


def test_three_at_a_durak_table_two_people_and_a_computer_by_clicks(
        open_table: OpenTable) -> None:
    page = open_table(query(SEED))
    play_together(page, "btn-pass-play")
    # The size: every size the game is played at, the rules' own chosen; seat 1 (the
    # device's owner) has no computer box, and the rows follow the size chosen.
    expect(page.locator("#pass-setup-players option")).to_have_count(5)
    expect(page.locator("#pass-setup-players")).to_have_value("2")
    expect(page.locator("#pass-cpu-0")).to_have_count(0)
    expect(page.locator("#pass-row-2")).to_be_hidden()
    page.locator("#pass-setup-players").select_option("3")
    expect(page.locator("#pass-row-2")).to_be_visible()
    assert not failing(audit(page, "pass-setup"))
    page.keyboard.press("Escape")
    expect(page.locator("#pass-setup")).to_have_count(0)

    set_table(page, {1: "Aki"}, computers=(2,), players=3)
    c = Controller(Rules(players=3), SEED, LEVEL, Hooks(think, no_pause, lambda: None),
                   humans=(0, 1))
    c.handover.name_people({1: "Aki"})
    run_now(c.start())
    policy = Policy()
    expect_in_step(page, c)
    screens = 0
    while not c.over:
        if c.handover_due():
            screens += 1
            g = c.game
            assert g.player_of(g.to_act) in (0, 1)  # never for the computer's seat
            expect(page.locator("#pass-screen")).to_be_visible()
            click(page, c, (SHOW_ACT, None))
            continue
        expect(page.locator("#pass-screen")).to_have_count(0)
        expect(page.locator(f'#hand[data-seat="{c.handover.holder}"]')).to_have_count(1)
        check_hand(page, c)
        click(page, c, policy.next_step(c))
    expect(page.locator("#result")).to_be_visible()
    assert screens >= 2
    # The size chosen is the game's now: the settings and a new game keep it.
    expect(page.locator("#table")).to_contain_text("CPU")


def test_napoleon_at_four_two_people_and_two_computers(open_table: OpenTable) -> None:
    """Napoleon is played at four, five or six: four chosen, two seats given to
    computers, the privacy screen names only the two people; the size is the
    settings' from then on."""
    from e2e import table_driver as nd
    from napoleon.rules import Rules as NapoleonRules
    from napoleon.ui_dom.controller import Controller as NapoleonController

    page = open_table(nd.query(SEED))
    play_together(page, "btn-pass-play")
    expect(page.locator("#pass-setup-players option")).to_have_count(3)
    expect(page.locator("#pass-setup-players")).to_have_value("5")
    page.keyboard.press("Escape")
    set_table(page, {0: "アキ", 1: "Bo"}, computers=(2, 3), players=4)
    c = NapoleonController(NapoleonRules().replace(players=4), SEED, nd.LEVEL, nd.think,
                           nd.no_pause, lambda: None, humans=(0, 1))
    nd.run_now(c.start())
    policy = nd.Policy(bid_to=13)
    screens = 0
    nd.expect_in_step(page, c)
    while c.phase_name() != "result":
        if c.handover_due():
            screens += 1
            seat = c.person_to_act()
            assert seat in (0, 1)
            expect(page.locator("#table[data-handover] #pass-screen")).to_have_text(
                re.compile(("アキ", "Bo")[seat]))
            nd.click(page, c, (SHOW_ACT, None))
            continue
        expect(page.locator("#pass-screen")).to_have_count(0)
        nd.check_hand(page, c)
        nd.click(page, c, ("next", None) if c.waiting_for_next() else policy.next_step(c))
    expect(page.locator("#result")).to_be_visible()
    assert screens >= 4
    page.locator("#btn-settings").click()
    expect(page.locator("#set-players")).to_have_value("4")
