"""The Durak page's flow around the game in force, by clicks at phone size (390×844).

A reload never loses a game in progress: the address follows the game chosen in
the settings (so a reload continues it), an address naming another game asks
first and "keep" keeps the game in progress, a bad value gives its notice and
replaces nothing, New game after a move asks.  The settings open on the game's
choice and, after "Keep playing", show the rules in force.  Once the human is out,
"Finish the game" plays the rest at once and shows the result.  ``DURAK_SHOTS=DIR``
saves screenshots of the finish control and of the settings' first rows.
"""

from __future__ import annotations

import copy
import os
import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from durak.pile.options import PileRules
from e2e.axe_audit import audit, failing
from e2e.conftest import wait_until_ready
from e2e.durak_driver import STEP_TIMEOUT_MS, run_now
from e2e.mode_steps import DESKTOP, PHONE, control, expect_in_step
from e2e.test_durak_modes import mirror, next_step

OpenTable = Callable[[str], Page]
START = "?game=durak&mode=chinese&players=2&lang=en&level=easy&anim=instant"
HEAP_URL = re.compile(r"[?&]mode=heap(&|$)")
IDLE = 'html:not([data-busy]) #table[data-to-act="0"]'
PRIMARY = re.compile(r"(^|\s)primary(\s|$)")


def _shot(page: Page, name: str) -> None:
    shots = os.environ.get("DURAK_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{shots}/{name}.png")


def _move(page: Page) -> str:
    """The human's first enabled control, clicked; the table's action count after it."""
    expect(page.locator(IDLE)).to_have_count(1, timeout=STEP_TIMEOUT_MS)
    before = page.locator("#table").get_attribute("data-actions") or ""
    page.locator("#hand button:not([disabled]), #btn-take").first.click()
    moved = page.locator(f'{IDLE}:not([data-actions="{before}"])')
    expect(moved).to_have_count(1, timeout=STEP_TIMEOUT_MS)
    return page.locator("#table").get_attribute("data-actions") or ""


def _switch_to_heap(page: Page) -> str:
    """Chinese on the table, Heap chosen in the settings (no move yet: dealt at once),
    then one move: the Heap game is in progress.  Its action count."""
    page.set_viewport_size(PHONE)
    page.locator("#btn-settings").click()
    page.locator("#set-mode").select_option("heap")
    page.locator("#settings-apply").click()
    expect(page.locator("#table")).to_have_attribute("data-mode", "heap")
    expect(page).to_have_url(HEAP_URL)
    assert "chinese" not in page.url.lower()
    return _move(page)


def test_a_reload_after_switching_to_heap_continues_the_heap_game(
    open_table: OpenTable, page: Page
) -> None:
    open_table(START)
    actions = _switch_to_heap(page)
    page.reload()
    wait_until_ready(page)
    expect(page.locator("#table")).to_have_attribute("data-mode", "heap")
    expect(page.locator("#table")).to_have_attribute("data-actions", actions)
    assert "mode=heap" in page.url and "mode=chinese" not in page.url
    expect(page.locator("#ask")).to_have_count(0)


def test_a_stale_mode_in_the_address_asks_and_keep_restores_the_game_in_force(
    open_table: OpenTable, page: Page
) -> None:
    open_table(START)
    actions = _switch_to_heap(page)
    open_table(START)  # the old address, with mode=chinese
    # The default is keeping the game: focused, and the one drawn as the primary button.
    expect(page.locator("#ask-keep")).to_be_focused()
    expect(page.locator("#ask-keep")).to_have_class(PRIMARY)
    expect(page.locator("#ask-start")).not_to_have_class(PRIMARY)
    _shot(page, "ask-link-phone")
    page.set_viewport_size(DESKTOP)
    _shot(page, "ask-link-desktop")
    page.set_viewport_size(PHONE)
    expect(page.locator("#ask-text")).to_contain_text("Heap")
    expect(page.locator("#table")).to_have_attribute("data-mode", "heap")  # behind it
    page.locator("#ask-keep").click()
    expect(page.locator("#ask")).to_have_count(0)
    expect(page.locator("#table")).to_have_attribute("data-mode", "heap")
    expect(page.locator("#table")).to_have_attribute("data-actions", actions)
    expect(page).to_have_url(HEAP_URL)
    assert "chinese" not in page.url.lower()


def test_a_bad_mode_gives_a_notice_and_keeps_the_game_in_progress(
    open_table: OpenTable, page: Page
) -> None:
    open_table(START)
    actions = _switch_to_heap(page)
    open_table("?game=durak&mode=Chinese&lang=en&anim=instant")
    expect(page.locator("#notices .notice")).to_have_count(1)
    assert "mode=Chinese" in page.locator("#notices .notice-text").first.inner_text()
    expect(page.locator("#ask")).to_have_count(0)
    expect(page.locator("#table")).to_have_attribute("data-mode", "heap")
    expect(page.locator("#table")).to_have_attribute("data-actions", actions)
    expect(page).to_have_url(HEAP_URL)
    assert "chinese" not in page.url.lower()


def test_new_game_after_a_move_asks_and_keep_keeps_it(
    open_table: OpenTable, page: Page
) -> None:
    open_table(START)
    page.set_viewport_size(PHONE)
    actions = _move(page)
    page.locator("#btn-new").click()
    expect(page.locator("#ask-keep")).to_be_focused()
    page.locator("#ask-keep").click()
    expect(page.locator("#ask")).to_have_count(0)
    expect(page.locator("#table")).to_have_attribute("data-mode", "chinese")
    expect(page.locator("#table")).to_have_attribute("data-actions", actions)
    page.locator("#btn-new").click()
    page.locator("#ask-new").click()
    expect(page.locator("#table")).not_to_have_attribute("data-actions", actions)
    expect(page.locator("#table")).to_have_attribute("data-mode", "chinese")


def test_the_settings_open_on_the_game_and_show_the_rules_in_force_after_keep(
    open_table: OpenTable, page: Page
) -> None:
    open_table(START)
    page.set_viewport_size(PHONE)
    _move(page)
    page.locator("#btn-settings").click()
    # The rules group (after the display choices) starts with the game.
    first = page.locator("#settings .settings-group").nth(1).locator(".setting-row").first
    expect(first.locator("#set-mode")).to_have_count(1)
    expect(page.locator("#set-preset option:checked")).to_have_text("Chinese")
    expect(page.locator("#set-language")).to_be_focused()
    _shot(page, "settings-first-rows")
    page.locator("#set-mode").select_option("chukhonsky")
    page.locator("#set-players").select_option("3")
    page.locator("#settings-apply").click()
    page.locator("#ask-keep").click()
    expect(page.locator("#table")).to_have_attribute("data-mode", "chinese")
    for reload in (False, True):
        if reload:
            page.reload()
            wait_until_ready(page)
        page.locator("#btn-settings").click()
        expect(page.locator("#set-mode")).to_have_value("chinese")
        expect(page.locator("#set-players")).to_have_value("2")
        page.locator("#settings-close").click()
    # A preset changed names the preset it came from.
    page.locator("#btn-settings").click()
    page.locator("#set-mode").select_option("durak")
    page.locator("#set-preset").select_option("perevodnoy")
    page.locator("#set-players").select_option("4")
    expect(page.locator("#set-preset option:checked")).to_have_text(
        "Perevodnoy (transfer) (changed)")
    assert not failing(audit(page, "settings"))


def test_finish_the_game_once_the_human_is_out(open_table: OpenTable, page: Page) -> None:
    """A 4-player Heap game at easy and instant animation: the human (lowest card
    first) goes out; "Finish the game", reached by the keyboard, plays the rest at
    once and shows the result, the same end as the computers' game move by move."""
    rules, seed = PileRules(mode="heap", players=4), 116
    page.set_viewport_size(PHONE)
    open_table(f"?game=durak&{rules.to_text()}&seed={seed}&level=easy&anim=instant&lang=en")
    c = mirror(rules, seed)
    expect_in_step(page, c)
    while not c.over:
        step = next_step(c)
        probe = copy.deepcopy(c)
        run_now(probe.handle(*step))
        if probe.over:
            # The human's last card: at instant animation the computers would play the
            # rest before a click could land, so the settings switch the animation to
            # normal first (applied at once to the game on the table, no new deal).
            page.locator("#btn-settings").click()
            page.locator("#set-anim").select_option("normal")
            page.locator("#settings-apply").click()
            expect(page.locator("#ask")).to_have_count(0)
        page.locator(control(step)).click()
        run_now(c.handle(*step))  # the mirror plays on to the end once the human is out
        if not c.over:
            expect_in_step(page, c)
    assert c.game.state.durak != 0 and c.human_to_act() is False
    finish = page.locator("#btn-finish")
    expect(finish).to_be_visible()
    expect(finish).to_have_text("Finish the game")
    _shot(page, "finish-control")
    assert not failing(audit(page, "finish"))
    finish.focus()
    page.keyboard.press("Enter")
    expect_in_step(page, c)
    expect(page.locator("#table")).to_have_attribute("data-phase", "over")
    expect(finish).to_be_hidden()
