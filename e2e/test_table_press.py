"""A press on the table is a click even when the table is drawn anew meanwhile.

A click is a pointer's press and release on one element; the table is drawn anew
whole when a hint's answer comes, a computer moves or a friend's move arrives.
Drawn in between, the card pressed would be gone and the browser would send no
click: the player's press did nothing. Here the player presses a card, and the
hint asked for meanwhile (its button then says it is thinking) answers under the
press: the drawings wait (``data-held`` on the table), the release is a click on
the card (played or selected), and then the table is drawn with it.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from e2e.conftest import OpenTable
from e2e.durak_driver import query

SEED = 4
#: The worker may still be booting when the hint is asked for (seconds of CPU).
THINK_TIMEOUT_MS = 90_000


def test_a_card_pressed_while_the_hint_answers_is_still_a_click(
        open_table: OpenTable, page: Page) -> None:
    page = open_table(query(SEED))
    card = page.locator("#hand button.playable").first
    arg = card.get_attribute("data-arg")
    card.hover()
    page.mouse.down()
    # Asked for without a pointer (a press is on the card): its answer comes later.
    page.evaluate("() => document.querySelector('#table [data-act=hint]').click()")
    expect(page.locator("#announce")).to_contain_text("ヒント: ", timeout=THINK_TIMEOUT_MS)
    # The answer's drawing waits for the release (drawn at once, it would replace
    # the card pressed).
    held = page.locator("#table[data-held='1']")
    was_held = held.count() == 1
    page.mouse.up()
    # The click acted on the card pressed: played (gone from the hand) or selected.
    pressed = page.locator(f"#hand button[data-arg='{arg}']")
    expect(pressed.and_(page.locator("[aria-pressed='false']"))).to_have_count(0)
    assert was_held, "the table was drawn anew under the press"
    expect(held).to_have_count(0)
    expect(page.locator("#table [data-act=hint]")).to_be_visible()
