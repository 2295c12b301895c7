"""The settings in the page: first the display choices, applied as they are chosen;
then the rules (SdC's ルール変更: 【呼出】 presets with 記憶 = the saved settings,
every option, 【変更】 applies and resets the game); Close never drops a rule change
unasked.

Rules checked: docs/rules/napoleon.md §4 (every option and preset; "a combination that cannot
be played is refused with a message naming the options, never half-applied"), and the
page's: the display group at the top in both languages, Close with rule changes not
applied asks (keep editing is the safe, focused answer), the axe audit of the dialog
and of that question.

``NAPOLEON_SHOTS=DIR`` saves screenshots of the dialog at 390×844 and 1280×800.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

from e2e.axe_audit import audit, failing
from e2e.conftest import wait_until_ready
from e2e.table_steps import notices, open_settings, wait_human
from napoleon.rules import OPTIONS, PRESETS, Rules

QUERY = "?level=easy&anim=instant"
KEY = "/napoleon/napoleon.prefs"
#: The display group's selects, top to bottom (the dialog's first rows).
DISPLAY = ["language", "anim", "auto_next", "suit_style", "level", "undo"]
#: The screenshots' sizes: a phone and a desktop.
SHOT_SIZES = {"phone": (390, 844), "desktop": (1280, 800)}


def shoot(page: Page, name: str) -> None:
    folder = os.environ.get("NAPOLEON_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def select_order(page: Page) -> list[str]:
    """The dialog's selects' names, top to bottom."""
    return list(page.locator("#settings select").evaluate_all("ss => ss.map(s => s.name)"))


def test_every_option_is_in_the_panel_with_the_current_values(
    open_table: Callable[[str], Page],
) -> None:
    page = open_table(QUERY)
    open_settings(page)
    for spec in OPTIONS:
        select = page.locator(f"#set-{spec.key}")
        assert select.locator("option").evaluate_all("os => os.map(o => o.value)") == list(
            spec.values
        )
        expect(select).to_have_value(Rules().option_text(spec.key))
        assert page.locator(f"#set-{spec.key}").evaluate("s => s.parentElement.title")
    presets = page.locator("#set-preset option").evaluate_all("os => os.map(o => o.value)")
    assert presets == ["remembered", *PRESETS, "custom"]
    expect(page.locator("#set-preset")).to_have_value("sdc")
    # An individual change makes the rules custom; changing it back names the preset again.
    page.locator("#set-siberia").select_option("on")
    expect(page.locator("#set-preset")).to_have_value("custom")
    page.locator("#set-siberia").select_option("off")
    expect(page.locator("#set-preset")).to_have_value("sdc")
    # Keyboard: the panel opens with the focus on its first choice (the language, at
    # the top of the display group); Escape closes it.
    page.locator("#set-preset").focus()
    page.keyboard.press("Escape")
    expect(page.locator("#settings")).to_be_hidden()
    expect(page.locator("#btn-settings")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#settings")).to_be_visible()
    expect(page.locator("#set-language")).to_be_focused()


def test_the_display_group_is_at_the_top_in_both_languages(
    open_table: Callable[[str], Page],
) -> None:
    """「自動で進む」 and the animation were below forty rule rows: the display choices
    are now the dialog's first group, under a title naming settings, not rules."""
    for lang, title, legends in (("ja", "設定", ["表示と対戦", "ルール"]),
                                 ("en", "Settings", ["Display and play", "Rules"])):
        page = open_table(f"{QUERY}&lang={lang}")
        open_settings(page)
        expect(page.locator("#settings-title")).to_have_text(title)
        expect(page.locator("#settings legend")).to_have_text(legends)
        order = select_order(page)
        assert order[: len(DISPLAY) + 1] == [*DISPLAY, "preset"]
        expect(page.locator("#settings .settings-group").first.locator("#set-auto_next")
               ).to_be_visible()


def test_a_display_choice_applies_at_once_and_close_keeps_it(
    open_table: Callable[[str], Page],
) -> None:
    """Chosen, then Close: saved and in force, no question (the display group's note
    says they apply at once, and they do)."""
    page = open_table(QUERY)
    wait_human(page)
    open_settings(page)
    page.locator("#set-anim").select_option("fast")
    page.locator("#set-suit_style").select_option("elements")
    page.locator("#settings-close").click()
    expect(page.locator("#settings")).to_be_hidden()
    expect(page.locator("#ask")).to_have_count(0)
    saved = json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))
    assert saved["anim"] == "fast" and saved["suit_style"] == "elements"
    assert saved.get("rules", "preset=sdc") == "preset=sdc"
    open_settings(page)
    expect(page.locator("#set-anim")).to_have_value("fast")
    # The language applies at once too: the dialog is redrawn in it, focus kept.
    page.locator("#set-language").select_option("en")
    expect(page.locator("#settings-title")).to_have_text("Settings")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#set-language")).to_be_focused()


def test_close_with_a_pending_rule_change_asks(open_table: Callable[[str], Page]) -> None:
    """A rule chosen but not applied: Close asks (keep editing, the safe answer, is
    primary and focused; Esc gives it); discard drops it, apply now applies it."""
    page = open_table(QUERY)
    wait_human(page)
    open_settings(page)
    page.locator("#set-siberia").select_option("on")
    page.locator("#settings-close").click()
    ask = page.locator("#ask")
    expect(ask).to_be_visible()
    expect(page.locator("#ask-edit")).to_be_focused()
    expect(page.locator("#ask-edit")).to_have_class("btn primary")
    expect(page.locator("#ask .ask-buttons button")).to_have_count(3)
    page.keyboard.press("Escape")
    expect(ask).to_have_count(0)
    expect(page.locator("#settings")).to_be_visible()
    expect(page.locator("#set-siberia")).to_have_value("on")
    # Esc on the settings asks the same question.
    page.locator("#set-siberia").focus()
    page.keyboard.press("Escape")
    expect(ask).to_be_visible()
    page.locator("#ask-discard").click()
    expect(page.locator("#settings")).to_be_hidden()
    assert page.evaluate(f"localStorage.getItem('{KEY}')") is None
    open_settings(page)
    expect(page.locator("#set-siberia")).to_have_value("off")
    page.locator("#set-siberia").select_option("on")
    page.locator("#settings-close-top").click()
    page.locator("#ask-apply").click()
    expect(page.locator("#settings")).to_be_hidden()
    wait_human(page)
    saved = json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))
    assert saved["rules"] == "preset=sdc&siberia=on"


def test_the_dialog_and_its_question_pass_axe_on_a_phone_and_a_desktop(
    open_table: Callable[[str], Page],
) -> None:
    found = []
    for lang in ("ja", "en"):
        page = open_table(f"{QUERY}&lang={lang}")
        wait_human(page)
        for size, (width, height) in SHOT_SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            open_settings(page)
            found += audit(page, f"napoleon settings {lang} {size}")
            shoot(page, f"napoleon-settings-{lang}-{size}")
            page.locator("#set-siberia").select_option("on")
            page.locator("#settings-close").click()
            expect(page.locator("#ask-edit")).to_be_focused()
            found += audit(page, f"napoleon settings close question {lang} {size}")
            shoot(page, f"napoleon-settings-ask-{lang}-{size}")
            page.locator("#ask-discard").click()
            expect(page.locator("#settings")).to_be_hidden()
    assert failing(found) == []


def test_change_applies_saves_and_survives_a_reload(open_table: Callable[[str], Page]) -> None:
    page = open_table(QUERY)
    open_settings(page)
    page.locator("#set-preset").select_option("guruguru")
    expect(page.locator("#set-scoring")).to_have_value("guruguru")
    page.locator("#set-siberia").select_option("on")
    page.locator("#set-level").select_option("strong")
    page.locator("#settings-apply").click()
    expect(page.locator("#settings")).to_be_hidden()
    # The new match is dealt (and saved) a moment after the panel closes, the old
    # table meanwhile still waiting for the human: the address names the new rules
    # once it is.
    expect(page).to_have_url(re.compile(r"^(?=.*preset=guruguru)(?=.*siberia=on)"))
    wait_human(page)
    saved = json.loads(page.evaluate("localStorage.getItem('/napoleon/napoleon.prefs')"))
    assert saved["rules"] == "preset=guruguru&siberia=on"
    assert saved["level"] == "strong"

    page.reload()
    wait_human(page)
    open_settings(page)
    expect(page.locator("#set-scoring")).to_have_value("guruguru")
    expect(page.locator("#set-pass")).to_have_value("unlimited")
    expect(page.locator("#set-siberia")).to_have_value("on")
    # The query string still says level=easy, and it wins over the saved level.
    expect(page.locator("#set-level")).to_have_value("easy")
    assert notices(page) == []

    page.goto(page.url.split("?")[0])
    wait_until_ready(page)
    open_settings(page)
    expect(page.locator("#set-siberia")).to_have_value("on")
    expect(page.locator("#set-level")).to_have_value("strong")


def test_an_unplayable_combination_is_refused_and_nothing_changes(
    open_table: Callable[[str], Page],
) -> None:
    page = open_table(QUERY)
    wait_human(page)
    open_settings(page)
    page.locator("#set-jokers").select_option("0")
    page.locator("#set-trim_deck").select_option("on")
    page.locator("#settings-apply").click()
    expect(page.locator("#notices .notice")).to_have_count(1)
    assert "trim_deck" in notices(page)[0] and "jokers" in notices(page)[0]
    expect(page.locator("#settings")).to_be_visible()
    assert page.evaluate("localStorage.getItem('/napoleon/napoleon.prefs')") is None


def test_the_remembered_preset_restores_the_saved_rules(
    open_table: Callable[[str], Page],
) -> None:
    page = open_table(QUERY)
    open_settings(page)
    page.locator("#set-preset").select_option("mixi")
    page.locator("#set-match_games").select_option("3")
    page.locator("#settings-apply").click()
    wait_human(page)
    open_settings(page)
    page.locator("#set-preset").select_option("four")
    expect(page.locator("#set-players")).to_have_value("4")
    page.locator("#set-preset").select_option("remembered")
    expect(page.locator("#set-players")).to_have_value("5")
    expect(page.locator("#set-min_bid")).to_have_value("12")
    expect(page.locator("#set-match_games")).to_have_value("3")


def test_the_share_link_reproduces_the_rules(
    open_table: Callable[[str], Page], context: BrowserContext
) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = open_table(QUERY)
    open_settings(page)
    page.locator("#set-preset").select_option("napoleon_l")
    page.locator("#set-siberia").select_option("on")
    page.locator("#settings-apply").click()
    wait_human(page)
    open_settings(page)
    page.locator("#settings-share").click()
    url = page.locator("#settings-share-url").input_value()
    assert "?preset=napoleon_l&siberia=on" in url
    expect(page.locator("#settings-share-status")).to_have_text("コピーしました")
    assert page.evaluate("navigator.clipboard.readText()") == url
    # A fresh visitor (nothing saved) opening the link gets the same rules.
    page.evaluate("localStorage.clear()")
    page.goto(url)
    wait_human(page)
    open_settings(page)
    expect(page.locator("#set-jokers")).to_have_value("2")
    expect(page.locator("#set-exchange_first")).to_have_value("on")
    expect(page.locator("#set-siberia")).to_have_value("on")


def test_corrupt_saved_settings_are_reported_kept_aside_and_the_page_plays(
    open_table: Callable[[str], Page],
) -> None:
    page = open_table(QUERY)
    bad = '{"version": 1, "rules": "preset=<b>x</b>", "language": "xx"'
    page.evaluate("raw => localStorage.setItem('/napoleon/napoleon.prefs', raw)", bad)
    page.reload()
    wait_human(page)
    shown = notices(page)
    assert len(shown) == 1 and "napoleon.prefs.corrupt" in shown[0]
    assert page.evaluate("localStorage.getItem('/napoleon/napoleon.prefs.corrupt')") == bad
    expect(page.locator("#hand [data-card]")).to_have_count(10)
    # Readable JSON with bad fields: each bad field is named, the good ones are used.
    page.evaluate(
        """localStorage.setItem('/napoleon/napoleon.prefs', JSON.stringify(
             {version: 1, rules: 'preset=mixi&siberia=<b>x</b>', language: 'xx',
              level: 'easy'}))"""
    )
    page.reload()
    wait_human(page)
    shown = notices(page)
    assert len(shown) == 2
    assert any("siberia=<b>x</b>" in n for n in shown)
    assert any("language=xx" in n for n in shown)
    assert "<b>" not in page.locator("#notices").inner_html()
    open_settings(page)
    # The panel opens on the rules in force (the match on the table, SdC); the saved
    # settings' good fields are kept: 記憶 loads mixi.
    expect(page.locator("#set-preset")).to_have_value("sdc")
    page.locator("#set-preset").select_option("remembered")
    expect(page.locator("#set-min_bid")).to_have_value("12")  # mixi kept
