"""No click is lost, the computers answer at once, a match is never thrown away
unasked, by clicks and keys in the page.

* NEXT right after a computer's last card of a trick, at the default (0.6 s)
  animation, each pause ended by the test (:mod:`e2e.pauses`): four times in a row,
  each acts (by click and by Enter).
* 「新しいマッチ」 and the settings' 【変更】 while a computer thinks: a real
  dialog asks first (the human has played), Esc keeps the match, confirming
  starts the new one at once; the old computer's late answer is ignored.
* A shared link naming other rules, opened while a match is saved: a dialog,
  both ways.
* The human's first decision comes without waiting for the computers' worker.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

from cardkit.ui_dom.browser import FIRST_DECISION_CLASS
from e2e.conftest import OpenTable, wait_until_ready
from e2e.pauses import wait_through_pauses
from e2e.table_driver import (
    Controller,
    Policy,
    act,
    click,
    control,
    expect_in_step,
    mirror,
    query,
    step_selector,
)
from e2e.table_steps import PLAY_TIMEOUT_MS, click_and_wait, open_settings, phase, wait_human
from napoleon.game import Phase
from napoleon.ui_dom.controller import HUMAN
from napoleon.ui_dom.i18n import tr

#: The human bids last on this deal (the first bidder is CPU1).
HUMAN_BIDS_LAST = 1


def last_card_was_a_computers(c: Controller) -> bool:
    g = c.match.game
    if not g.tricks:
        return False
    last = g.tricks[-1]
    return (last.leader + g.rules.players - 1) % g.rules.players != HUMAN


def test_next_right_after_a_computers_last_card_acts_four_times_in_a_row(
    open_table: OpenTable,
) -> None:
    """At the default animation, a computer's move stays 0.6 s before the next
    one's; NEXT, shown as soon as a computer completes the trick, must act at
    once (it was ignored during those 0.6 s: 4 of 6 immediate clicks lost, so four
    in a row, two clicks and two Enter presses).  The test ends each pause as the
    page marks it (:mod:`e2e.pauses`): the page keeps the default pace, the test
    does not wait it out, and NEXT is clicked while the page may still pause."""
    c = mirror(HUMAN_BIDS_LAST)
    page = open_table(f"?seed={HUMAN_BIDS_LAST}&level=easy")
    policy = Policy()
    paused = wait_through_pauses(page, step_selector(c))
    acted = 0
    while acted < 4:
        assert c.match.game_number <= 2, "four tricks ended by a computer within two games"
        step = ("next", None) if c.waiting_for_next() else policy.next_step(c)
        page.locator(control(page, step)).click()
        act(c, step)
        if step[0] != "next" and c.trick_pause and last_card_was_a_computers(c):
            # Act the moment NEXT shows (no wait for the computers' loop to end).
            paused += wait_through_pauses(page, "#btn-next:visible")
            next_button = page.locator("#btn-next")
            if acted % 2:
                next_button.press("Enter")
            else:
                next_button.click()
            act(c, ("next", None))
            acted += 1
        paused += wait_through_pauses(page, step_selector(c))
    assert paused, "the computers' moves came with no pause between them"


#: The bidding is over, or the human is asked again in it (the computers who still
#: bid after the human's DROP bid on the page's own thread, one per event-loop turn).
BIDDING_LEFT_TO_HUMAN_OR_OVER_JS = """() => {
  const table = document.getElementById('table');
  return table.dataset.phase !== 'bid' || (table.dataset.toAct === '0'
    && !document.documentElement.hasAttribute('data-busy'));
}"""


def human_drops_then_a_computer_thinks(page: Page) -> None:
    """DROP in the bidding (the human has played): the computers still in it finish
    it, then the first card of the play, a computer's at level strong, needs the
    worker, which has only just started to boot: a computer thinks for seconds.

    At seed 1 two computers go on raising after the human's DROP (12♠, 13♣): the
    wait is for the bidding's end, not for the human's next turn (which, in the
    play, would come after that computer's card)."""
    wait_human(page)
    while phase(page) == "bid":
        click_and_wait(page, "#btn-drop")
        page.wait_for_function(BIDDING_LEFT_TO_HUMAN_OR_OVER_JS, timeout=PLAY_TIMEOUT_MS)
    expect(page.locator("html[data-busy] #table:not([data-to-act='0'])")).to_have_count(1)


def dialog_asks(page: Page, key: str) -> None:
    """The dialog is a real modal named by its title, and the focus is inside it."""
    dialog = page.get_by_role("dialog", name=tr("ja", key))
    expect(dialog).to_be_visible()
    assert page.evaluate("document.getElementById('ask').matches(':modal')")
    assert page.evaluate("document.getElementById('ask').contains(document.activeElement)")


#: The saved match (its key may carry the site's path before ``napoleon.match``).
SAVED_JS = """Object.keys(localStorage).filter(k => k.endsWith("napoleon.match"))
  .map(k => localStorage.getItem(k))[0] || null"""


def saved_match(page: Page) -> dict[str, Any]:
    text = page.evaluate(SAVED_JS)
    saved: dict[str, Any] = json.loads(text) if text else {}
    return saved


def saved_seed(page: Page) -> int:
    seed: int = saved_match(page)["match_seed"]
    return seed


def test_a_new_match_while_a_computer_thinks_asks_then_starts_at_once(
    open_table: Callable[[str], Page],
) -> None:
    page = open_table(f"?seed={HUMAN_BIDS_LAST}&level=strong&anim=instant")
    human_drops_then_a_computer_thinks(page)
    # The status says it once: 「CPU1の番です…」, not 「CPU1の番です… …」.
    status = page.locator("#status")
    expect(status).to_have_text(re.compile(r"^[^…]*…$"))
    after = "getComputedStyle(document.getElementById('status'), '::after').content"
    assert page.evaluate(after) in ("none", "normal")

    # Esc keeps the match; the focus returns to the menu button.
    page.locator("#btn-new").click()
    dialog_asks(page, "ask.new.title")
    page.keyboard.press("Escape")
    expect(page.locator("#ask")).to_have_count(0)
    expect(page.locator("#btn-new")).to_be_focused()
    assert saved_seed(page) == HUMAN_BIDS_LAST

    # Confirmed: a new match at once, even if that computer is still thinking.
    page.locator("#btn-new").click()
    dialog_asks(page, "ask.new.title")
    page.locator("#ask-new").click()
    expect(page.locator("#table[data-game='1'][data-phase='bid']")).to_have_count(1)
    assert saved_seed(page) != HUMAN_BIDS_LAST
    wait_human(page)
    expect(page.locator("#table[data-phase='bid'][data-to-act='0']")).to_have_count(1)


def test_settings_change_while_a_computer_thinks_starts_the_new_rules_at_once(
    open_table: Callable[[str], Page],
) -> None:
    page = open_table(f"?seed={HUMAN_BIDS_LAST}&level=strong&anim=instant")
    human_drops_then_a_computer_thinks(page)
    open_settings(page)
    page.locator("#set-preset").select_option("four")
    page.locator("#set-level").select_option("easy")
    page.locator("#settings-apply").click()
    dialog_asks(page, "ask.new.title")
    page.locator("#ask-new").click()
    expect(page.locator("#table.players-4[data-game='1']")).to_have_count(1)
    wait_human(page)
    expect(page.locator("#seats-top .panel")).to_have_count(3)
    click_and_wait(page, "#btn-drop")
    assert saved_match(page)["rules"].startswith("preset=four")


def play_to_mid_trick(page: Page, c: Controller) -> None:
    policy = Policy()
    expect_in_step(page, c)
    while not (c.human_to_act() and c.match.game.phase is Phase.PLAY and c.match.game.trick):
        click(page, c, ("next", None) if c.waiting_for_next() else policy.next_step(c))


SEED = 3
LINK = "?preset=four&level=easy&anim=instant"
#: The address once the saved match is kept: its rules, the link's other settings.
KEPT_ADDRESS = re.compile(r"^(?=.*preset=sdc)(?=.*level=easy)(?!.*preset=four)(?!.*seed=)")


def test_a_link_with_other_rules_asks_and_continuing_keeps_the_saved_match(
    open_table: Callable[[str], Page],
) -> None:
    c = mirror(SEED)
    page = open_table(query(SEED))
    play_to_mid_trick(page, c)
    page.goto(page.url.split("?")[0] + LINK)
    wait_until_ready(page)
    dialog_asks(page, "ask.link.title")
    # Keeping the match is the default: focused, and drawn as the primary button.
    expect(page.locator("#ask-keep")).to_be_focused()
    expect(page.locator("#ask-keep")).to_have_class(re.compile(r"(^|\s)primary(\s|$)"))
    expect(page.locator("#ask-start")).not_to_have_class(re.compile(r"(^|\s)primary(\s|$)"))
    page.locator("#ask-keep").click()
    expect(page.locator("#ask")).to_have_count(0)
    expect_in_step(page, c)
    # The address names the match kept (its rules, no seed), not the link's: put
    # there once the question is answered, so waited for like the table.
    expect(page).to_have_url(KEPT_ADDRESS)
    # The choice is made: a reload continues without asking again.
    page.reload()
    wait_until_ready(page)
    expect_in_step(page, c)
    expect(page.locator("#ask")).to_have_count(0)
    click(page, c, Policy().next_step(c))


def test_a_link_with_other_rules_asks_and_starting_it_replaces_the_saved_match(
    open_table: Callable[[str], Page],
) -> None:
    c = mirror(SEED)
    page = open_table(query(SEED))
    play_to_mid_trick(page, c)
    page.goto(page.url.split("?")[0] + LINK)
    wait_until_ready(page)
    dialog_asks(page, "ask.link.title")
    # Until the player chooses, the saved match is kept.
    assert saved_seed(page) == SEED
    page.locator("#ask-start").click()
    expect(page.locator("#table.players-4[data-game='1']")).to_have_count(1)
    wait_human(page)
    click_and_wait(page, "#btn-drop")
    assert saved_match(page)["rules"].startswith("preset=four")


def test_the_first_decision_does_not_wait_for_the_computers_worker(
    open_table: Callable[[str], Page],
) -> None:
    """The human bids last at the default level: the four computers' bids are made
    on the page while the worker is not even started, and the readiness marker of
    the human's first decision is set once the bid controls are enabled."""
    page = open_table(f"?seed={HUMAN_BIDS_LAST}&anim=instant")
    expect(page.locator("html")).to_have_class(
        re.compile(rf"(^|\s){FIRST_DECISION_CLASS}(\s|$)"), timeout=PLAY_TIMEOUT_MS
    )
    expect(page.locator("#table[data-phase='bid'][data-to-act='0'][data-actions='4']")).to_have_count(1)
    expect(page.locator("#btn-drop")).to_be_enabled()
    assert page.evaluate(f"performance.getEntriesByName({FIRST_DECISION_CLASS!r}).length") == 1


#: Clicks 設定 in the very task that marks the page ready, before the menu's screens
#: are mounted (they come after the computers' first decisions).
CLICK_AT_READY_JS = """
new MutationObserver((_, observer) => {
  const html = document.documentElement;
  if (html && html.classList.contains("napoleon-ready")) {
    observer.disconnect();
    document.getElementById("btn-settings").click();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["class"]});
"""


def test_a_menu_click_before_its_screen_is_mounted_is_held_not_lost(
    page: Page, base_url: str
) -> None:
    """The settings form is mounted after the computers' first decisions; a click on
    設定 before that (here: at the readiness mark itself) opens it once it is there."""
    page.add_init_script(CLICK_AT_READY_JS)
    page.goto(base_url + f"?seed={HUMAN_BIDS_LAST}&anim=instant")
    wait_until_ready(page)
    expect(page.locator("#settings")).to_be_visible(timeout=PLAY_TIMEOUT_MS)
    expect(page.locator("#settings #set-preset")).to_have_count(1)
