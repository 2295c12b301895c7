"""Pass-and-play by clicks: two people share one device for a whole game of Durak.
Between their turns the page shows only the privacy screen (no card of anybody's
in the page); a tap shows the hand of the person to decide, and only theirs.

The table is set up through the menu's one 「みんなで遊ぶ」 entry and its choice;
the people name themselves in a short form first (a name typed there is the one on
the privacy screen, on the seats and at the end; a blank one is 「プレイヤーN」; a
refused one keeps the form open and says why), and axe finds nothing serious in the
choice or the form."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

from cardkit.ui_dom.pass_play import NAME_MAX, SHOW_ACT
from durak.rules import Rules
from durak.ui_dom.play.controller import Controller
from durak.ui_dom.play.family_controller import Hooks
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


def name_people(page: Page, names: dict[int, str]) -> None:
    """Through the menu's choice to the names form; type ``names`` (seat → name,
    the other seats left blank) and start."""
    play_together(page, "btn-pass-play")
    expect(page.locator("#pass-setup")).to_be_visible()
    for seat, name in names.items():
        page.locator(f"#pass-name-{seat}").fill(name)
    page.locator("#pass-setup-start").click()
    expect(page.locator("#pass-setup")).to_have_count(0)


def test_two_people_pass_the_phone_through_a_whole_game(open_table: OpenTable) -> None:
    page = open_table(query(SEED))
    name_people(page, {1: "  Aki "})
    c = Controller(Rules(), SEED, LEVEL, Hooks(think, no_pause, lambda: None), humans=(0, 1))
    run_now(c.start())
    policy = Policy()
    screens = 0
    expect_in_step(page, c)
    while not c.over:
        g = c.game
        if c.handover_due():
            screens += 1
            expect(page.locator("#pass-screen")).to_be_visible()
            who = "Aki" if g.player_of(g.to_act) == 1 else "プレイヤー1"
            expect(page.locator("#pass-screen")).to_have_text(re.compile(f"^{who} に渡して"))
            # No card of anybody's in the page behind the screen.
            assert page.locator("#table .card, #hand").count() == 0
            click(page, c, (SHOW_ACT, None))
            continue
        expect(page.locator("#pass-screen")).to_have_count(0)
        expect(page.locator(f'#hand[data-seat="{c.handover.holder}"]')).to_have_count(1)
        # The other person's seat is called by the name typed (trimmed).
        other = "プレイヤー1" if c.handover.holder == 1 else "Aki"
        expect(page.locator("#seats-top")).to_contain_text(other)
        check_hand(page, c)
        click(page, c, policy.next_step(c))
    expect_in_step(page, c)
    expect(page.locator("#result")).to_be_visible()
    assert screens >= 4
    # The end names the people as the table did.
    expect(page.locator("#table")).to_contain_text(
        "プレイヤー1" if c.handover.holder == 1 else "Aki")


def test_five_people_pass_the_phone_through_a_game_of_napoleon(open_table: OpenTable) -> None:
    """Napoleon's 「みんなで1台」: every seat a person; before each one's decision the
    privacy screen names them and nothing of any hand is in the page behind it."""
    from e2e import table_driver as nd
    from napoleon.rules import Rules as NapoleonRules
    from napoleon.ui_dom.controller import Controller as NapoleonController

    page = open_table(nd.query(SEED))
    names = {0: "アキ", 2: "Bo", 3: "Z" * NAME_MAX}
    name_people(page, names)
    c = NapoleonController(NapoleonRules(), SEED, nd.LEVEL, nd.think, nd.no_pause,
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
                names.get(seat, f"プレイヤー{seat + 1}"))
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
    # The end's scores name every person who is not holding the phone.
    result = page.locator("#result")
    for seat in range(5):
        if seat != c.handover.holder:
            expect(result).to_contain_text(names.get(seat, f"プレイヤー{seat + 1}"))
    # The menu's 譜 names them as the table does too, never "あなた" and "CPUn".
    page.locator("#btn-record").click()
    record = page.locator("#record")
    expect(record).to_be_visible()
    for seat in range(5):
        expect(record.locator("#record-trick")).to_contain_text(
            names.get(seat, f"プレイヤー{seat + 1}"))
        expect(record.locator("pre")).to_contain_text(names.get(seat, f"プレイヤー{seat + 1}"))
    expect(record).not_to_contain_text("CPU")
    expect(record).not_to_contain_text("あなた")


def test_the_names_form_refuses_a_bad_name_and_passes_axe(open_table: OpenTable) -> None:
    """The choice and the form by keyboard: Enter on the menu's entry, the first way
    focused; a name with a control character keeps the form open, marked, with the
    reason said; fixed, the table starts with the names, and the form comes back
    filled with them next time.  axe: nothing serious in the choice or the form."""
    from e2e.axe_audit import audit, failing

    page = open_table(query(SEED) + "&lang=en")
    page.locator("#btn-together").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#together")).to_be_visible()
    expect(page.locator("#btn-pass-play")).to_be_focused()
    expect(page.locator("#btn-pass-play-note")).to_have_text("One device, passed around")
    expect(page.locator("#btn-friends-note")).to_have_text("Each on their own device, by a link")
    assert not failing(audit(page, "together-choice"))
    page.keyboard.press("Escape")
    expect(page.locator("#together")).to_be_hidden()
    expect(page.locator("#btn-together")).to_be_focused()
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")  # the first way: pass-and-play
    form = page.locator("#pass-setup")
    expect(form).to_be_visible()
    expect(page.locator("#pass-name-0")).to_be_focused()
    expect(page.locator("#pass-name-1")).to_have_attribute("placeholder", "Player 2")
    assert not failing(audit(page, "pass-setup"))
    page.locator("#pass-name-0").fill("Aki")
    page.locator("#pass-name-1").fill("Bo")
    page.locator("#pass-name-1").evaluate("n => { n.value = 'B\\u0007o'; }")
    page.locator("#pass-setup-start").click()
    expect(page.locator("#pass-setup-error")).to_contain_text("Seat 2")
    expect(page.locator("#pass-name-1")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#pass-name-1")).to_be_focused()
    page.locator("#pass-name-1").fill("Bo")
    page.keyboard.press("Enter")
    expect(form).to_have_count(0)
    expect(page.locator("#table")).to_contain_text(re.compile("Aki|Bo"))
    play_together(page, "btn-pass-play")
    expect(page.locator("#pass-name-0")).to_have_value("Aki")
    expect(page.locator("#pass-name-1")).to_have_value("Bo")
    page.locator("#pass-setup-cancel").click()
    expect(form).to_have_count(0)
    # A bad saved name: a notice, its seat's default; the other name is kept.
    page.evaluate("""() => localStorage.setItem(
        location.pathname.replace(/[^/]*$/, '') + 'durak.pass.names',
        JSON.stringify({"0": "Aki", "1": "B\\u0007o"}))""")
    play_together(page, "btn-pass-play")
    expect(page.locator("#notices")).to_contain_text("A saved name (seat 1) cannot be used")
    expect(page.locator("#pass-name-0")).to_have_value("Aki")
    expect(page.locator("#pass-name-1")).to_have_value("")


def test_napoleons_people_keep_their_names_after_a_reload(open_table: OpenTable) -> None:
    """Napoleon's pass-and-play goes on after a reload, the names with it (kept in
    the page's storage beside the match)."""
    from e2e import table_driver as nd

    page = open_table(nd.query(SEED) + "&lang=en")
    name_people(page, {1: "Aki", 2: "Bo"})
    # This deal's first to bid is seat 2: the screen names Bo.
    screen = page.locator("#table[data-handover] #pass-screen")
    expect(screen).to_contain_text("Pass the phone to Bo")
    page = open_table(nd.query(SEED) + "&lang=en")  # the page again: a reload
    expect(screen).to_contain_text("Pass the phone to Bo")
    page.locator("#pass-show").click()
    expect(page.locator("#seats-top")).to_contain_text("Aki")


def test_durak_pass_and_play_goes_on_after_a_reload_behind_the_screen(
        open_table: OpenTable) -> None:
    """A reload of a pass-and-play table keeps its people, by their names, not
    computers in their seats.  The page cannot know who holds the device then: it is
    its owner's (seat 0) again, so while another person is to act the privacy
    screen comes first and no card of anybody's is in the page; a tap shows that
    person's hand, and the game goes on to its end."""
    page = open_table(query(SEED))
    name_people(page, {1: "Aki"})
    c = Controller(Rules(), SEED, LEVEL, Hooks(think, no_pause, lambda: None), humans=(0, 1))
    c.handover.name_people({1: "Aki"})
    run_now(c.start())
    policy = Policy()
    expect_in_step(page, c)
    # On until Aki (seat 1) holds the phone, her hand on the screen, to decide.
    for _ in range(200):
        if c.handover_due():
            click(page, c, (SHOW_ACT, None))
            expect(page.locator(f'#hand[data-seat="{c.handover.holder}"]')).to_have_count(1)
        g = c.game
        if c.handover.holder == 1 and g.player_of(g.to_act) == 1 and not c.handover_due():
            break
        click(page, c, policy.next_step(c))
    assert c.handover.holder == 1
    expect(page.locator('#hand[data-seat="1"]')).to_have_count(1)
    page = open_table(query(SEED))  # the page again: a reload
    c.handover.holder = 0  # the device is its owner's again
    assert c.handover_due()
    expect_in_step(page, c)
    expect(page.locator("#table[data-handover] #pass-screen")).to_have_text(
        re.compile("^Aki に渡して"))
    assert page.locator("#table .card, #hand").count() == 0
    click(page, c, (SHOW_ACT, None))
    expect(page.locator('#hand[data-seat="1"]')).to_have_count(1)
    expect(page.locator("#seats-top")).to_contain_text("プレイヤー1")
    check_hand(page, c)
    screens = 0
    while not c.over:
        if c.handover_due():
            screens += 1
            expect(page.locator("#pass-screen")).to_be_visible()
            click(page, c, (SHOW_ACT, None))
            continue
        # The screen's tap changes no marker: wait for the hand it shows.
        expect(page.locator("#pass-screen")).to_have_count(0)
        expect(page.locator(f'#hand[data-seat="{c.handover.holder}"]')).to_have_count(1)
        check_hand(page, c)
        click(page, c, policy.next_step(c))
    expect(page.locator("#result")).to_be_visible()
    assert screens >= 1
