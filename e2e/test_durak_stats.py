"""Durak's statistics (成績) by clicks: a game played to its end with an
undo is counted at once (nothing pressed after its last card), reset asks first,
a corrupt stored entry is set aside with a notice and the page plays on, and axe
finds no violation in the dialog on a desktop (1280×800) and a phone (390×844).

The game runs in lockstep with its mirror on CPython (``e2e.durak_driver``); what
the dialog must show is counted from the mirror by :mod:`durak.stats` itself.
``DURAK_SHOTS=DIR`` saves a screenshot of the dialog at both sizes into DIR.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from durak.rules import Rules
from durak.stats import Stats, count_game, count_undo, game_facts, variant_of
from durak.ui_dom.play.controller import HUMAN, Controller
from durak.ui_dom.stats import stats_view
from e2e.axe_audit import audit
from e2e.durak_driver import (
    STEP_TIMEOUT_MS,
    Policy,
    act,
    expect_in_step,
    mirror,
    play_in_page,
    query,
)
from e2e.stats_steps import open_stats, shown_rows
from e2e.table_steps import notices

OpenTable = Callable[[str], Page]
SEED = 3
#: The stored entry's key as the page writes it (the site's path in front).
KEY_JS = "location.pathname.replace(/[^/]*$/, '') + 'durak.stats'"
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}




def stored(page: Page, suffix: str = "") -> str | None:
    value: str | None = page.evaluate(f"() => localStorage.getItem({KEY_JS} + {suffix!r})")
    return value


def undo_once(page: Page, c: Controller) -> None:
    page.locator("#btn-undo").click()
    act(c, ("undo", None))
    expect_in_step(page, c)


def test_a_game_with_an_undo_is_counted_at_its_end_then_reset_asks_first(
    open_table: OpenTable, page: Page
) -> None:
    rules = Rules()
    open_table(query(SEED))
    c = mirror(SEED, rules)
    play_in_page(page, c, Policy(), stop=lambda c: len(c.game.actions()) >= 6
                 and c.human_to_act() and c.can_undo())
    undo_once(page, c)
    play_in_page(page, c, Policy(take=True))  # takes whenever it defends: cards taken
    assert c.over
    want = Stats()
    count_undo(want, rules)
    count_game(want, rules, game_facts(c.game, HUMAN), "x")
    tally = want.tallies[("preset=podkidnoy", 2)]
    assert tally.games == 1 and tally.undos == 1 and tally.taken > 0

    # Counted at the game's end: nothing pressed since its last card.
    expect(page.locator("#btn-stats")).to_have_text("成績")
    open_stats(page)
    # Podkidnoy has no transfers: the dialog lists no transfers made.
    want_rows = {key: value for key, _label, value in stats_view.rows(tally, variant_of(rules))}
    assert "transfers" not in want_rows
    assert shown_rows(page) == want_rows
    expect(page.locator("#stats-preset")).to_have_value("2:preset=podkidnoy")
    expect(page.locator("#stats-summary caption")).to_have_text(
        "ポドキドノイ (飛び入り)・2人の成績")
    href = page.locator("#stats-export").get_attribute("href") or ""
    assert href.startswith("data:application/json")

    shots = os.environ.get("DURAK_SHOTS")
    found = []
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        found.extend(audit(page, f"durak-stats-{size}"))
        if shots:
            Path(shots).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=f"{shots}/durak-stats-{size}.png")
    page.set_viewport_size({"width": 1280, "height": 800})
    assert found == [], "\n".join(map(str, found))

    page.locator("#stats-reset").click()
    page.locator("#ask-keep").click()  # kept
    expect(page.locator("#stats-summary")).to_be_visible()
    assert stored(page) is not None
    page.locator("#stats-reset").click()
    page.locator("#ask-reset").click()
    expect(page.locator("#stats-none")).to_be_visible()
    expect(page.locator("#stats-status")).to_have_text("リセットしました")
    assert stored(page) is None
    page.keyboard.press("Escape")
    expect(page.locator("#stats")).to_be_hidden()
    expect(page.locator("#btn-stats")).to_be_focused()


def test_a_corrupt_entry_is_set_aside_with_a_notice_and_the_page_plays_on(
    open_table: OpenTable, page: Page
) -> None:
    open_table(query(SEED))
    raw = '{"version": 1, "tallies": [{"rules": "<b>x</b>", "players": 2, "games": "5"}]}'
    page.evaluate(f"raw => localStorage.setItem({KEY_JS}, raw)", raw)
    page.reload()
    expect(page.locator("#notices .notice-text")).to_have_count(1, timeout=STEP_TIMEOUT_MS)
    assert "durak.stats.corrupt" in notices(page)[0]
    assert "<b>" not in page.locator("#notices").inner_html()
    assert stored(page, ".corrupt") == raw and stored(page) is None
    open_stats(page)
    expect(page.locator("#stats-none")).to_be_visible()
    page.keyboard.press("Escape")
    # The table plays on: the same game as before the reload, by clicks.
    c = mirror(SEED, Rules())
    play_in_page(page, c, Policy(), stop=lambda c: len(c.game.actions()) >= 4)
    expect(page.locator("#hand [data-card]").first).to_be_visible()
