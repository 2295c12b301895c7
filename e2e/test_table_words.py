"""By clicks: what a new player tripped on at Napoleon's table, in the page.

Display settings apply at once (no new-match question); each option's "?" opens the
rules at its paragraph, by a tap or a key; the table goes on by itself when asked
to (no NEXT click); the discard waits for 【捨てる】 after its last card; a call of
one's own card says what it did with a one-tap take-back; the phone's English hint
shows its options' words whole.  The match is mirrored on CPython (:mod:`e2e.table_driver`).

Screenshots at phone size (390×844) are saved in ``NAPOLEON_SHOTS`` (a folder)
when it is set.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, ViewportSize, expect

from e2e.axe_audit import audit, failing
from e2e.table_driver import (
    Controller,
    Policy,
    at_result,
    click,
    expect_in_step,
    find_seed,
    human_is,
    mirror,
    play_in_page,
    play_until,
    query,
)
from e2e.table_steps import open_settings
from napoleon.cards import sorted_cards
from napoleon.game import Phase
from napoleon.rules import OPTIONS
from napoleon.ui_dom.controller import HUMAN
from napoleon.ui_dom.i18n import tr

PHONE: ViewportSize = {"width": 390, "height": 844}
#: The worker boots (seconds) and the strong search thinks (up to a second).
THINK_TIMEOUT_MS = 60_000


def shot(page: Page, name: str) -> None:
    folder = os.environ.get("NAPOLEON_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def first_move(c: Controller) -> bool:
    return bool(c.match.decisions_of(HUMAN))


def test_display_settings_apply_at_once_without_a_question(
    open_table: Callable[[str], Page],
) -> None:
    """After the human's first decision, only the animation and the suits changed:
    【変更】 asks nothing and the match on the table goes on as it was."""
    policy = Policy()
    c = mirror(3)
    page = open_table(query(3))
    play_until(page, c, policy, first_move)
    open_settings(page)
    page.locator("#set-anim").select_option("fast")
    page.locator("#set-suit_style").select_option("elements")
    page.locator("#settings-apply").click()
    expect(page.locator("#settings")).to_be_hidden()
    expect(page.locator("#ask")).not_to_be_visible()
    expect_in_step(page, c)  # the same match, where it was
    saved = json.loads(page.evaluate("localStorage.getItem('/napoleon/napoleon.prefs')"))
    assert (saved["anim"], saved["suit_style"]) == ("fast", "elements")
    expect(page.locator("#hand .card").first).to_be_visible()


def test_each_option_has_a_help_button_reachable_by_tap_and_key(
    open_table: Callable[[str], Page],
) -> None:
    """A "?" beside each option (a button, not a tooltip) opens the rules at that
    option's paragraph, focused; Enter on it does the same."""
    page = open_table("?level=easy&anim=instant")
    page.set_viewport_size(PHONE)
    open_settings(page)
    expect(page.locator("#settings .setting-help")).to_have_count(len(OPTIONS))
    shot(page, "napoleon-settings-phone-ja")
    page.locator("#set-rank_same_two-help").click()
    item = page.locator("#rules-opt-rank_same_two")
    expect(item).to_be_focused()
    expect(item).to_contain_text(tr("ja", "help.rank_same_two"))
    shot(page, "napoleon-settings-help-phone-ja")
    page.keyboard.press("Escape")
    expect(page.locator("#rules")).to_be_hidden()
    page.locator("#set-siberia-help").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#rules-opt-siberia")).to_be_focused()


def test_the_table_goes_on_by_itself_when_asked_to(open_table: Callable[[str], Page]) -> None:
    """``auto=on`` (the settings' 「自動で進む」): a whole game and the way to the next
    one with no NEXT click (the mirror goes on by itself too, and the page follows)."""
    c = mirror(3)
    c.auto_next = True
    page = open_table(query(3) + "&auto=on")
    play_in_page(page, c, Policy(), games=1)
    assert c.match.game_number == 2
    expect(page.locator("#btn-next")).to_have_count(0)


def test_going_on_by_itself_chosen_in_the_dialog_is_in_force_after_close(
    open_table: Callable[[str], Page],
) -> None:
    """The settings' 「自動で進む」 is a display choice: chosen, then 閉じる, it is in
    force with no question (it used to be dropped by Close), so the tricks go on with
    no NEXT click and the game's result waits for NEXT.  Seed 3."""
    c = mirror(3)
    c.auto_next = True
    page = open_table(query(3))
    open_settings(page)
    page.locator("#set-auto_next").select_option("on")
    page.locator("#settings-close").click()
    expect(page.locator("#settings")).to_be_hidden()
    expect(page.locator("#ask")).not_to_be_visible()
    play_until(page, c, Policy(), at_result)
    expect(page.locator("#table")).to_have_attribute("data-phase", "result")
    expect(page.locator("#btn-next")).to_be_visible()


def test_with_going_on_by_itself_the_result_waits_and_its_review_opens(
    open_table: Callable[[str], Page],
) -> None:
    """``auto=on``: the tricks go on by themselves, but a game's result waits for NEXT,
    so its 「レビュー」 is there to press (it used to leave after about two seconds,
    and the review with it).  Seed 3."""
    c = mirror(3)
    c.auto_next = True
    page = open_table(query(3) + "&auto=on")
    play_until(page, c, Policy(), at_result)
    expect(page.locator("#table")).to_have_attribute("data-phase", "result")
    page.locator("#btn-review").click()
    expect(page.locator("dialog#review")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("dialog#review")).to_be_hidden()
    # Still the result: nothing went on while the review was open, nor after.
    expect(page.locator("#table")).to_have_attribute("data-phase", "result")
    expect(page.locator("#btn-next")).to_be_visible()
    click(page, c, ("next", None))


def _napoleon_seed() -> int:
    return find_seed(lambda c: human_is(c, "napoleon"), Policy(bid_to=16))


def test_the_last_card_put_out_waits_for_discard_and_is_marked_apart_from_a_hint(
    open_table: Callable[[str], Page],
) -> None:
    """The discard is made by 【捨てる】, not by its last card: with three put out
    the table still waits, says so, and a tap takes a card back; a card put out
    wears a ✕ besides its orange ring (the hint's ring is a dashed gold one), and
    the legend says so in words."""
    policy = Policy(bid_to=16)
    seed = _napoleon_seed()
    c = mirror(seed)
    page = open_table(query(seed))
    play_until(page, c, policy, lambda c: c.phase_name() == "exchange" and c.human_to_act())
    hand = c.view().hand
    expect(page.locator("#btn-discard")).to_be_disabled()
    while policy.next_step(c)[0] == "put-out":
        click(page, c, policy.next_step(c))
    assert c.phase_name() == "exchange" and c.view().hand == hand and c.net is None
    expect(page.locator("#btn-discard")).to_be_enabled()
    expect(page.locator("#btn-discard")).to_be_focused()
    expect(page.locator("#status")).to_contain_text("【捨てる】")
    put_out = page.locator("#discards .put-out")
    expect(put_out).to_have_count(3)
    mark = put_out.first.evaluate("n => getComputedStyle(n, '::after').content")
    assert "✕" in mark, mark
    expect(put_out.first).not_to_have_css("outline-style", "dashed")
    expect(page.locator("#exchange-legend")).to_contain_text("✕印")
    assert not failing(audit(page, "exchange-full"))
    last = c.sel.discards[-1]
    click(page, c, ("take-back", str(last)))
    expect(put_out).to_have_count(2)
    expect(page.locator("#btn-discard")).to_be_disabled()
    click(page, c, ("put-out", str(last)))
    click(page, c, ("discard", None))
    assert c.phase_name() != "exchange"
    expect(page.locator("#net-note")).to_have_count(0)


def test_calling_a_card_of_ones_own_hand_is_said_before_and_after(
    open_table: Callable[[str], Page],
) -> None:
    """Before CALL: the card is yours, calling it plays alone; after: what was done,
    with a take-back (in English here)."""
    policy = Policy(bid_to=16)
    seed = _napoleon_seed()
    c = mirror(seed)
    page = open_table(query(seed) + "&lang=en")
    play_until(page, c, policy, lambda c: c.phase_name() == "call" and c.human_to_act())
    v = c.view()
    own = max(sorted_cards(v.hand))
    while True:
        step = policy._call_step(c, own)
        if step == ("call", None):
            break
        click(page, c, step)
    expect(page.locator("#call-alone")).to_contain_text("you play alone")
    click(page, c, ("call", None))
    expect(page.locator("#net-note")).to_contain_text("from your own hand")
    click(page, c, ("net-undo", None))
    assert c.phase_name() == "call"
    expect(page.locator("#btn-call")).to_be_visible()


def test_the_phone_english_hint_shows_whole_words(open_table: Callable[[str], Page]) -> None:
    """At 390×844 in English the hint's options wrap between words: none is cut off
    ("discard …", "K of Spa…")."""
    policy = Policy(bid_to=16)
    seed = _napoleon_seed()
    c = mirror(seed)
    page = open_table(query(seed) + "&lang=en")
    page.set_viewport_size(PHONE)
    play_until(page, c, policy, lambda c: c.phase_name() == "exchange" and c.human_to_act())
    assert c.view().phase is Phase.EXCHANGE
    page.locator("#btn-hint").click()
    expect(page.locator("#hint[data-action]")).to_be_visible(timeout=THINK_TIMEOUT_MS)
    page.locator("#hint").scroll_into_view_if_needed()
    shot(page, "napoleon-hint-phone-en")
    cut = page.locator("#hint .opt-action").evaluate_all(
        """spans => spans.filter(s => s.offsetParent !== null).map(s => {
             const css = getComputedStyle(s);
             return [s.textContent, s.scrollWidth > s.clientWidth + 1,
                     css.textOverflow, css.whiteSpace];
           })""")
    assert cut, "no option shown"
    for text, overflows, overflow, space in cut:
        assert not overflows and overflow != "ellipsis" and space != "nowrap", text
