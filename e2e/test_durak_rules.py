"""Durak's rules page in the browser: in both languages, opened from the menu and
from a '?' beside each option; keyboard, touch, screen reader and phone size as for
the rest of the table; axe shows no violations on it.

Checked by keys and clicks on a seeded 2-player table: the menu's 「ルール」 opens
the dialog at its top (the default game step by step with card pictures, every
option of the schema, the presets, the games of docs/rules/durak.md §3.6), Escape closes it
and the focus goes back to the menu, the match untouched; a settings row's "?"
opens it at that option's paragraph, focused, and Escape returns to the "?" with
the settings still open; the options, preset and game in force are marked in
words; axe finds nothing in the dialog at 1280×800 and 390×844.

``NAPOLEON_SCREENSHOTS=DIR`` saves screenshots of the dialog at both sizes into DIR
(``durak-rules-*.png``).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from durak.rules import OPTIONS, PRESET_NAMES
from durak.ui_dom.rules.strings_rules import STEPS
from e2e.axe_audit import audit, failing, inject_axe
from e2e.test_durak_settings import open_durak, open_settings
from e2e.test_record_layout import shoot

QUERY = "?game=durak&seed=3&level=easy&anim=instant"
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 390, "height": 844}
MODES = next(spec for spec in OPTIONS if spec.key == "mode").values

#: axe on the dialog alone, every impact: no violations at all.
RUN_ON_DIALOG = """async () => {
  const result = await window.axe.run('#rules', {resultTypes: ['violations']});
  return result.violations.map(v => `${v.impact} ${v.id}: ${v.help} `
    + v.nodes.map(n => n.target.join(' ')).slice(0, 4).join(', '));
}"""


def dialog_violations(page: Page) -> list[str]:
    inject_axe(page)
    found: list[str] = page.evaluate(RUN_ON_DIALOG)
    return found


def open_rules_by_keyboard(page: Page) -> None:
    button = page.locator("#btn-rules")
    expect(button).to_be_visible()
    button.focus()
    page.keyboard.press("Enter")
    expect(page.locator("dialog#rules")).to_be_visible()
    expect(page.locator("#rules-close")).to_be_focused()


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_menu_opens_the_rules_and_escape_gives_the_focus_back(
    page: Page, base_url: str, lang: str
) -> None:
    page.set_viewport_size(DESKTOP)
    open_durak(page, base_url, f"{QUERY}&lang={lang}")
    expect(page.locator("#btn-rules")).to_have_text("ルール" if lang == "ja" else "Rules")
    markers = page.locator("#table").evaluate("t => JSON.stringify(t.dataset)")
    open_rules_by_keyboard(page)
    dialog = page.locator("dialog#rules")
    expect(dialog).to_have_attribute("lang", lang)
    expect(page.locator("#rules-title")).to_have_text(
        "ドゥラークのルール" if lang == "ja" else "Durak's rules")
    # §2 step by step, with small card pictures each named for screen readers.
    steps = page.locator("#rules-game-steps > li")
    expect(steps).to_have_count(len(STEPS))
    expect(steps.nth(2)).to_contain_text("♠")
    pictures = page.locator("#rules-game-steps .card[role='img']")
    assert pictures.count() >= 10
    expect(pictures.first).to_have_attribute("aria-label", "ハートのA" if lang == "ja"
                                             else "A of hearts")
    # Every option of the schema, every preset and every game of §3.6 in a sentence.
    for spec in OPTIONS:
        expect(page.locator(f"#rules-opt-{spec.key}")).to_have_attribute(
            "data-option", spec.key)
    expect(page.locator("[id^='rules-preset-']")).to_have_count(len(PRESET_NAMES))
    expect(page.locator("[id^='rules-mode-']")).to_have_count(len(MODES))
    # The default game: nothing changed, so the only marks are the preset and the game.
    marked = page.locator(".rules-in-force")
    expect(marked).to_have_count(2)
    expect(page.locator("#rules-preset-podkidnoy")).to_contain_text(
        "【適用中】" if lang == "ja" else "[In force]")
    expect(page.locator("#rules-mode-durak")).to_have_class("rules-in-force")
    shoot(page, f"durak-rules-{lang}-desktop")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator("#btn-rules")).to_be_focused()
    assert page.locator("#table").evaluate("t => JSON.stringify(t.dataset)") == markers


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_question_mark_in_the_settings_opens_the_rules_at_its_option(
    page: Page, base_url: str, lang: str
) -> None:
    open_durak(page, base_url, f"{QUERY}&lang={lang}")
    open_settings(page)
    ask = page.locator("#set-transfer-help")
    expect(ask).to_have_attribute("aria-label", "「たらい回し」の説明 (ルール)" if lang == "ja"
                                  else "“Transfer” in the rules")
    ask.focus()
    page.keyboard.press("Enter")
    target = page.locator("#rules-opt-transfer")
    expect(target).to_be_focused()
    expect(target).to_be_in_viewport()
    expect(target).to_contain_text("ペレヴォドノイ" if lang == "ja" else "Perevodnoy")
    # Escape closes the rules only: back at the "?" in the settings, still open.
    page.keyboard.press("Escape")
    expect(page.locator("dialog#rules")).to_be_hidden()
    expect(page.locator("#settings")).to_be_visible()
    expect(ask).to_be_focused()
    # Another row's "?" by touch lands on its own paragraph.
    page.locator("#set-deck-help").click()
    expect(page.locator("#rules-opt-deck")).to_be_focused()
    page.locator("#rules-close").click()
    expect(page.locator("#set-deck-help")).to_be_focused()


def test_the_options_preset_and_game_in_force_are_marked_in_words(
    page: Page, base_url: str
) -> None:
    """``?transfer=on`` plays Perevodnoy (§5): its option and preset are marked."""
    open_durak(page, base_url, f"{QUERY}&lang=en&transfer=on")
    open_rules_by_keyboard(page)
    transfer = page.locator("#rules-opt-transfer")
    expect(transfer).to_have_class("rules-in-force")
    expect(transfer.locator(".rules-badge")).to_have_text("[In force]")
    expect(transfer).to_contain_text("Now: On")
    expect(page.locator("#rules-preset-perevodnoy")).to_have_class("rules-in-force")
    expect(page.locator("#rules-preset-podkidnoy")).not_to_have_class("rules-in-force")
    expect(page.locator("#rules-opt-deck")).not_to_have_class("rules-in-force")
    # The contents move the focus to a section.
    page.locator(".rules-jump", has_text="Other games").click()
    expect(page.locator("#rules-sec-modes")).to_be_focused()


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_rules_pass_axe_on_a_desktop_and_a_phone(
    page: Page, base_url: str, lang: str
) -> None:
    open_durak(page, base_url, f"{QUERY}&lang={lang}")
    found: list[str] = []
    for name, size in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        open_rules_by_keyboard(page)
        found += dialog_violations(page)
        found += [str(v) for v in failing(audit(page, f"durak rules {lang} {name}"))]
        shoot(page, f"durak-rules-{lang}-{name}-top")
        page.locator("#rules-sec-modes").scroll_into_view_if_needed()
        shoot(page, f"durak-rules-{lang}-{name}-modes")
        width = page.evaluate("() => document.documentElement.clientWidth")
        box = page.locator("dialog#rules").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1
        page.keyboard.press("Escape")
        # The settings with their "?" buttons, and the rules opened from one of them.
        open_settings(page)
        found += [str(v) for v in failing(audit(page, f"durak settings {lang} {name}"))]
        shoot(page, f"durak-settings-{lang}-{name}")
        page.locator("#set-refill-help").click()
        expect(page.locator("#rules-opt-refill")).to_be_focused()
        found += dialog_violations(page)
        shoot(page, f"durak-rules-{lang}-{name}-refill")
        page.keyboard.press("Escape")
        page.keyboard.press("Escape")
        expect(page.locator("#settings")).to_be_hidden()
    assert not found, "\n".join(found)


def test_after_a_language_switch_the_rules_are_in_the_new_language(
    page: Page, base_url: str
) -> None:
    open_durak(page, base_url, f"{QUERY}&lang=ja")
    page.locator("#btn-lang").click()
    expect(page.locator("#btn-rules")).to_have_text("Rules")
    open_rules_by_keyboard(page)
    expect(page.locator("dialog#rules")).to_have_attribute("lang", "en")
    expect(page.locator("#rules-opt-deck")).to_contain_text("Now: 36 cards")
