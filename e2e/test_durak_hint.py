"""The Durak hint by clicks: the Hint button asks the strong computer in the
worker (the page keeps working: a progress is shown), the hinted action is legal,
is the one the strong level's own search chooses here on CPython for the same
position and reading (its figure first, every other option after it), is
highlighted on the table with its reason in Japanese and English (read once in the
screen-reader log), pressing the highlighted card plays it, and axe finds no
serious violation with the hint shown at 1280×800 and 390×844.

The game runs in lockstep with its mirror on CPython (``e2e.durak_driver``).
``DURAK_SHOTS=DIR`` saves screenshots of the hint at both sizes into DIR.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable

from playwright.sync_api import Page, expect

from durak.actions import Attack, Cover, Throw, action_text
from durak.ai.hint import Hint, hint
from durak.ai.reader import reading_of
from durak.cards import card_text
from durak.ui_dom import i18n
from durak.ui_dom.hint import strings_hint
from durak.ui_dom.hint.hint_view import hint_request
from durak.ui_dom.hint.hint_words import reason_words
from durak.ui_dom.play.clicks import card_uses, set_of
from durak.ui_dom.play.controller import HUMAN, Controller
from e2e.axe_audit import audit_at_sizes
from e2e.durak_driver import Policy, act, click, expect_in_step, mirror, query

OpenTable = Callable[[str], Page]

#: The worker boots (seconds) and the strong computer thinks (under a second).
THINK_TIMEOUT_MS = 90_000
#: The sizes the hint is audited at: a desktop and a phone.
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}


def one_click_card(c: Controller, h: Hint) -> str | None:
    """The card a single click plays for the hinted action (one use, in no larger set)."""
    a = h.action
    if isinstance(a, Cover | Throw):
        card = a.card
    elif isinstance(a, Attack) and a.cards.bit_count() == 1:
        card = a.cards.bit_length() - 1
    else:
        return None
    legal = c.legal()
    bit = 1 << card
    if card_uses(legal, card) != [a] or any(set_of(b) & bit and set_of(b) != bit for b in legal):
        return None
    return card_text(card)


def words(lang: str, h: Hint) -> str:
    i18n.set_language(lang)
    try:
        return reason_words(h.to_dict()["reason"])
    finally:
        i18n.set_language("ja")


def shot(page: Page, name: str) -> None:
    audit_at_sizes(page, f"durak-{name}", SIZES, os.environ.get("DURAK_SHOTS"))
    page.set_viewport_size({"width": 1280, "height": 800})


def test_a_hint_is_highlighted_explained_in_both_languages_and_followed(
    open_table: OpenTable, page: Page
) -> None:
    strings_hint.register()
    seed = 4
    page = open_table(query(seed))
    c = mirror(seed)
    policy = Policy()
    expect_in_step(page, c)
    # Play by clicks to a decision with a choice whose hint one click follows.
    while True:
        assert not c.over, "no decision with a one-click hint in this game"
        if c.human_to_act() and not c.sel and len(c.legal()) > 1:
            # The page's request: the position's worlds, the seat's reading of the other.
            want = hint(c.acting_view(), reading=reading_of(json.loads(hint_request(c))))
            card = one_click_card(c, want)
            if card is not None and want.reason.kind != "search":
                break
        click(page, c, policy.next_step(c))

    page.locator("#btn-hint").click()
    expect(page.locator("#hint.thinking progress")).to_have_count(1)
    box = page.locator("#hint[data-action]")
    expect(box).to_be_visible(timeout=THINK_TIMEOUT_MS)
    # The worker's strong computer and CPython's agree: same view, same seed.
    assert box.get_attribute("data-action") == action_text(want.action)
    assert box.get_attribute("data-reason") == want.reason.kind
    assert want.action in c.legal()
    hinted = page.locator("#hand .hinted")
    expect(hinted).to_have_count(1)
    expect(hinted).to_have_attribute("data-card", card)
    expect(hinted).to_have_attribute("aria-describedby", "hint")
    expect(page.locator("#hint .hint-why")).to_have_text(words("ja", want))
    # The figure the search ranks by comes first; every other option it weighed after.
    expect(page.locator("#hint .hint-figures")).to_contain_text("%")
    expect(page.locator("#hint .hint-options li")).to_have_count(len(want.options) - 1)
    # In front, the chance in a player's words; the search's figures one tap away.
    expect(page.locator("#hint .hint-plain")).to_be_visible()
    expect(page.locator("#hint .hint-plain")).not_to_contain_text("%")
    expect(page.locator("#hint .hint-figures")).to_be_hidden()
    page.locator("#hint .hint-more > summary").click()
    expect(page.locator("#hint .hint-figures")).to_be_visible()
    # Read once in the screen-reader log.
    expect(page.locator("#announce p", has_text=words("ja", want))).to_have_count(1)
    shot(page, "hint-ja")

    page.locator("#btn-lang").click()
    expect(page.locator("#hint .hint-why")).to_have_text(words("en", want))
    expect(page.locator("#hint .hint-title")).to_contain_text("Hint:")
    expect(page.locator("#hand .hinted")).to_have_count(1)
    shot(page, "hint-en")

    # Following it: the highlighted card is played, and the hint goes with the decision.
    before = len(c.game.actions())
    page.locator("#hand .hinted").click()
    act(c, ("card", card))
    expect_in_step(page, c)
    # The hinted action is the human's next (a forced pass may follow it at once).
    assert c.game.actions()[before] == (HUMAN, want.action)
    expect(page.locator("#hint")).to_have_count(0)
