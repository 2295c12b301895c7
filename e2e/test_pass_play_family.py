"""Pass-and-play at the Durak family's other tables by clicks at phone size: a pile
game (chukhonsky) and suit_deal, two people sharing one phone through the menu's
「みんなで遊ぶ」 choice and the names form.  Between their turns the page shows only
the privacy screen (no card of anybody's in the page), naming the person to take the
phone; a tap shows that person's hand, and only theirs.  suit_deal's dealing goes
round with no screen (every card a seat takes is face up; the talon's order is hidden
from all alike): the device is the chooser's and the status names them.  A reload
comes back behind the screen with the people and their names; the statistics count
no game of pass-and-play; axe finds nothing serious on the privacy screen."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from cardkit.ui_dom.pass_play import SHOW_ACT
from durak.family.modes import CHUKHONSKY, SUIT_DEAL
from durak.pile.options import PileRules
from durak.rules import Rules
from durak.suit_deal.ui_dom.controller import SuitDealController
from durak.ui_dom.kinds import Hooks
from durak.ui_dom.play.pile_controller import PileController
from e2e.durak_driver import STEP_TIMEOUT_MS, run_now
from e2e.mode_steps import PHONE, click, expect_in_step
from e2e.stats_steps import open_stats, shown_rows
from e2e.test_durak_modes import _think as pile_think
from e2e.test_durak_modes import next_step as pile_step
from e2e.test_durak_modes import query as pile_query
from e2e.test_durak_suit_deal import _think as suit_deal_think
from e2e.test_durak_suit_deal import next_step as suit_deal_step
from e2e.test_durak_suit_deal import query as suit_deal_query
from e2e.test_pass_play import name_people

OpenTable = Callable[[str], Page]
NAMES = {0: "Aki", 1: "Bo"}
SEED = 7


async def _no_pause() -> None:
    return None


def see_screen(page: Page, seat: int) -> None:
    """The privacy screen alone, naming the person at ``seat``."""
    screen = page.locator("#table[data-handover] #pass-screen")
    expect(screen).to_contain_text(f"{NAMES[seat]} に渡して")
    # No card of anybody's in the page behind the screen.
    assert page.locator("#table .card, #hand").count() == 0


def tap_screen(page: Page, c: PileController | SuitDealController) -> None:
    click(page, c, (SHOW_ACT, None))
    expect(page.locator("#pass-screen")).to_have_count(0)


def test_two_people_play_a_whole_chukhonsky_game_through_the_privacy_screens(
        open_table: OpenTable) -> None:
    from e2e.axe_audit import audit, failing

    rules = PileRules.from_text(f"mode={CHUKHONSKY}&players=2")
    page = open_table(pile_query(rules, SEED))
    page.set_viewport_size(PHONE)
    name_people(page, NAMES)
    c = PileController(rules, SEED, "easy", Hooks(pile_think, _no_pause, lambda: None))
    c.seat_people((0, 1), NAMES)
    run_now(c.start())
    expect_in_step(page, c)
    screens = 0
    for _ in range(2000):
        if c.over:
            break
        seat = c.screen_seat()
        if seat is not None:
            screens += 1
            see_screen(page, seat)
            if screens == 1:
                assert not failing(audit(page, "pass-play-pile-screen-phone"))
            tap_screen(page, c)
            continue
        holder = c.handover.holder
        expect(page.locator(f'#hand[data-seat="{holder}"]')).to_have_count(1)
        # The other person is called by their name; "you" is the one holding the phone.
        expect(page.locator("#seats-top")).to_contain_text(NAMES[1 - holder])
        expect(page.locator("#btn-undo")).to_have_count(0)  # nobody takes a move back
        click(page, c, pile_step(c))
    assert c.over and screens >= 4
    expect(page.locator("#result")).to_be_visible()
    durak = c.game.state.durak
    if durak is not None and durak != c.handover.holder:
        expect(page.locator("#result")).to_contain_text(NAMES[durak])
    # The statistics are one player's: a game of pass-and-play is counted nowhere.
    open_stats(page)
    assert shown_rows(page).get("games", "0") == "0"
    page.locator("#stats-close").click()


def suit_deal_mirror(seed: int) -> SuitDealController:
    c = SuitDealController(Rules(players=2, mode=SUIT_DEAL), seed, "easy",
                           Hooks(suit_deal_think, _no_pause, lambda: None))
    c.seat_people((0, 1), NAMES)
    run_now(c.start())
    return c


def both_choose(seed: int) -> bool:
    """Whether both people choose in ``seed``'s dealing (the tests' player's choices)."""
    c = suit_deal_mirror(seed)
    choosers: set[int] = set()
    while c.table is None and not c.over:
        choosers.add(c.game.deal.to_act)
        run_now(c.handle(*suit_deal_step(c)))
    return choosers == {0, 1} and not c.over


def test_two_people_deal_and_play_suit_deal_and_a_reload_keeps_them(
        open_table: OpenTable) -> None:
    seed = next(s for s in range(1, 200) if both_choose(s))
    query = suit_deal_query(seed, "ja", Rules(players=2, mode=SUIT_DEAL))
    page = open_table(query)
    page.set_viewport_size(PHONE)
    name_people(page, NAMES)
    c = suit_deal_mirror(seed)
    expect_in_step(page, c)
    choices = 0
    while c.table is None:  # the dealing: no screen, the device is the chooser's
        assert c.human_to_act() and not c.handover_due()
        chooser = c.game.deal.to_act
        assert c.handover.holder == chooser
        expect(page.locator("#pass-screen")).to_have_count(0)
        expect(page.locator("#status")).to_contain_text(f"{NAMES[chooser]}の番")
        expect(page.locator(f'#hand[data-seat="{chooser}"]')).to_have_count(1)
        click(page, c, suit_deal_step(c))
        choices += 1
    assert choices >= 2
    # The play: the screen before each other person's move, a few moves made.
    moves = 0
    while moves < 6 or c.screen_seat() != 1:
        seat = c.screen_seat()
        if seat is not None:
            see_screen(page, seat)
            tap_screen(page, c)
            continue
        assert c.table is not None and not c.over
        expect(page.locator(f'#hand[data-seat="{c.handover.holder}"]')).to_have_count(1)
        click(page, c, suit_deal_step(c))
        moves += 1
    # Seat 1 (Bo) is to move, behind the screen: a reload comes back behind it, the
    # device its owner's again (the page cannot know who holds it).
    see_screen(page, 1)
    page = open_table(query)
    expect(page.locator("#table")).to_have_attribute("data-handover", "1",
                                                     timeout=STEP_TIMEOUT_MS)
    c.seat_people((0, 1), NAMES)
    assert c.handover.holder == 0 and c.screen_seat() == 1
    expect_in_step(page, c)
    see_screen(page, 1)
    tap_screen(page, c)
    expect(page.locator("#seats-top")).to_contain_text(NAMES[0])
    for _ in range(2000):  # and on to the end, through the screens
        if c.over:
            break
        seat = c.screen_seat()
        if seat is not None:
            see_screen(page, seat)
            tap_screen(page, c)
            continue
        click(page, c, suit_deal_step(c))
    assert c.over
    expect(page.locator("#result")).to_be_visible()
    # The end's reviews are both people's, each under their name, never seat 0's
    # alone: the dealing's choices, one part per person (when the dealing had any) …
    judged = page.locator("#deal-review .deal-review-person")
    expect(judged).to_have_count(2)
    for k, seat in enumerate((0, 1)):
        expect(judged.nth(k)).to_have_attribute("data-seat", str(seat))
        expect(judged.nth(k).locator("h4")).to_have_text(NAMES[seat])
    # … and the play's review names whose decisions it judges.
    if c.table_game().play is not None:
        page.locator("#btn-review").click()
        expect(page.locator("dialog#review[open] #review-people")).to_contain_text(NAMES[0])
        expect(page.locator("#review-people")).to_contain_text(NAMES[1])
