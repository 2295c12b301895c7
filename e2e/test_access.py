"""Following the table without eyes or a mouse, and the smaller readability
fixes.

* Screen readers: ``#announce`` (``role="log"``, ``aria-live="polite"``) says every
  bid, every card played, each trick's winner and whose turn it is, once each.
* The bidding shows the bids and passes so far, in order.
* The exchange explains its outlines (a legend), and a kitty card says so in its name.
* The standings show each seat's match total, nothing of the next deal.
* Settings and record are modal dialogs: labelled, Escape closes, Tab stays inside,
  the focus goes back to the button that opened them.
* Several notices collapse so the table stays on a phone's screen; each and all
  can be dismissed.
* The record's file picker is a label in the page's language.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, ViewportSize, expect

from e2e.table_driver import Controller, Policy, find_seed, human_is, mirror, play_in_page, query
from e2e.table_steps import wait_human
from napoleon.actions import Bid
from napoleon.game import Phase
from napoleon.ui_dom.card_words import bid_text, card_label, seat_name
from napoleon.ui_dom.i18n import t
from napoleon.ui_dom.scene import scene_of
from napoleon.ui_dom.table import prompt

OpenTable = Callable[[str], Page]
PHONE: ViewportSize = {"width": 375, "height": 667}


def shot(page: Page, name: str) -> None:
    """A screenshot to look at, with ``NAPOLEON_SHOTS=DIR`` (see e2e/test_axe.py)."""
    where = os.environ.get("NAPOLEON_SHOTS")
    if where:
        Path(where).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(where) / f"access-{name}.png"))


def log_lines(page: Page) -> list[str]:
    """What the live region holds, read from the accessibility tree (role log)."""
    region = page.get_by_role("log")
    expect(region).to_have_attribute("aria-live", "polite")
    return [str(x) for x in region.locator("p").all_inner_texts()]


def test_plays_winners_and_turns_are_announced_and_the_bids_shown_in_order(
    open_table: OpenTable,
) -> None:
    policy = Policy(bid_to=16)
    seed = find_seed(lambda c: human_is(c, "napoleon"), policy)
    page = open_table(query(seed))
    c = mirror(seed)
    seen: set[str] = set()

    def look(page: Page, c: Controller) -> None:
        v = c.view()
        if c.human_to_act() and not c.waiting_for_next():
            # Whose turn: the last line is what the human is asked now.
            assert log_lines(page)[-1] == prompt(scene_of(c, "symbols"))
        if v.phase is Phase.BID and c.human_to_act():
            seen.add("bid")
            items = page.locator("#auction li[data-seat]")
            seats = items.evaluate_all("ls => ls.map(l => Number(l.dataset.seat))")
            words = [str(x) for x in items.locator(".what").all_inner_texts()]
            assert seats == [s for s, _ in v.auction]
            assert words == [
                bid_text(a, "symbols") if isinstance(a, Bid) else t("bid.pass")
                for _, a in v.auction
            ]
            for seat, action in v.auction:
                word = bid_text(action, "symbols") if isinstance(action, Bid) else t("bid.pass")
                assert t("announce.bid", name=seat_name(seat), bid=word) in log_lines(page)
        if v.phase is Phase.EXCHANGE and c.human_to_act() and not c.sel.discards:
            seen.add("exchange")
            legend = page.locator("#exchange-legend")
            expect(legend).to_be_visible()
            expect(legend).to_contain_text(t("legend.from_kitty"))
            kitty = page.locator("#hand .from-kitty")
            assert kitty.count() == 3
            for name in kitty.evaluate_all("cs => cs.map(c => c.getAttribute('aria-label'))"):
                assert t("legend.from_kitty") in name
        if v.phase is Phase.PLAY and c.human_to_act() and v.current_trick.cards:
            seen.add("play")
            lines = log_lines(page)
            trick = v.current_trick
            for i, card in enumerate(trick.cards):
                name = seat_name(trick.seat_of(i, 5))
                said = t("announce.play", name=name, card=card_label(card))
                assert any(line.startswith(said) for line in lines), (said, lines)
        if c.trick_pause:
            seen.add("won")
            last = v.tricks[-1]
            won = t("prompt.trick_won", name=seat_name(last.winner or 0), n=last.index + 1)
            assert won in log_lines(page)

    play_in_page(page, c, policy, on_step=look)
    assert {"bid", "exchange", "play", "won"} <= seen
    # The standings: each seat's match total, nothing of the next deal.
    expect(page.locator("#table")).to_have_attribute("data-phase", "standings")
    panels = page.locator("#table .panel")
    expect(panels).to_have_count(5)
    expect(page.locator("#table .panel[data-bid], #table .panel .hand-size")).to_have_count(0)
    for seat in range(5):
        total = str(c.match.totals[seat])
        expect(page.locator(f'#table .panel[data-seat="{seat}"] .count')).to_have_text(total)


def check_dialog(page: Page, opener: str, dialog_id: str, name: str) -> None:
    """Opened by keyboard: labelled, Tab stays inside, Escape closes, focus returns."""
    page.locator(opener).focus()
    page.keyboard.press("Enter")
    dialog = page.get_by_role("dialog", name=name)
    expect(dialog).to_be_visible()
    expect(dialog).to_have_attribute("id", dialog_id)
    inside = f"() => document.getElementById('{dialog_id}').contains(document.activeElement)"
    assert page.evaluate(inside)
    for _ in range(40):
        page.keyboard.press("Tab")
        # Tab may visit the browser's own controls, never the page behind the dialog.
        assert page.evaluate(
            f"() => document.activeElement === document.body || ({inside})()"
        )
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator(opener)).to_be_focused()


def test_settings_and_record_are_labelled_modal_dialogs(open_table: OpenTable) -> None:
    page = open_table("?anim=instant&level=easy")
    wait_human(page)
    expect(page.locator("#settings #set-preset")).to_have_count(1, timeout=60_000)
    check_dialog(page, "#btn-settings", "settings", "設定")
    expect(page.locator("#record #record-import")).to_have_count(1, timeout=60_000)
    check_dialog(page, "#btn-record", "record", "譜")
    # The file picker: a label in the page's language for a visually hidden input.
    page.locator("#btn-record").click()
    label = page.locator("label[for='record-file']")
    expect(label).to_be_visible()
    expect(label).to_have_text("ファイルを選ぶ")
    box = page.locator("#record-file").bounding_box()
    assert box is not None and box["width"] <= 1 and box["height"] <= 1
    expect(page.get_by_label("ファイルを選ぶ")).to_have_attribute("type", "file")


def test_several_notices_collapse_on_a_phone_and_can_all_be_dismissed(
    open_table: OpenTable,
) -> None:
    page = open_table("?anim=instant&level=easy&siberia=x&foo=1&bar=2&players=9")
    page.set_viewport_size(PHONE)
    wait_human(page)
    notices = page.locator("#notices .notice")
    assert notices.count() >= 3
    expect(notices.first).to_be_visible()
    expect(notices.nth(1)).to_be_hidden()
    more = page.locator("#notices-more")
    expect(more).to_have_attribute("aria-expanded", "false")
    expect(more).to_have_text(t("label.notices_more", n=notices.count() - 1))
    shot(page, "notices-collapsed-phone")
    # The hand is still on the first screen.
    hand = page.locator("#hand").bounding_box()
    assert hand is not None and hand["y"] + hand["height"] <= PHONE["height"], hand
    more.click()
    expect(more).to_have_attribute("aria-expanded", "true")
    expect(notices.nth(1)).to_be_visible()
    shot(page, "notices-expanded-phone")
    notices.first.locator(".notice-close").click()
    page.locator("#notices-clear").click()
    expect(notices).to_have_count(0)
    expect(page.locator("#notices-bar")).to_have_count(0)
