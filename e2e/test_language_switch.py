"""Japanese and English (Japanese by default, the choice saved).

The language button switches every screen (the table's and the settings' and
record's strings), the choice survives a reload, and ``?lang=`` wins over it.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from e2e.table_steps import notices, open_settings, wait_human

QUERY = "?anim=instant&level=easy"


def test_japanese_by_default(open_table: Callable[[str], Page]) -> None:
    page = open_table(QUERY + "&siberia=x")
    wait_human(page)
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    assert "無視しました" in notices(page)[0]
    open_settings(page)
    expect(page.locator("#settings h2")).to_have_text("設定")
    expect(page.locator("#settings-apply")).to_have_text("【変更】")


def test_the_language_button_switches_saves_and_survives_a_reload(
    open_table: Callable[[str], Page],
) -> None:
    page = open_table(QUERY)
    wait_human(page)
    japanese_menu = page.locator("#btn-settings").inner_text()
    page.locator("#btn-lang").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#btn-settings")).not_to_have_text(japanese_menu)
    open_settings(page)
    expect(page.locator("#settings h2")).to_have_text("Settings")
    expect(page.locator("#set-language")).to_have_value("en")
    expect(page.locator("label[for='set-siberia']")).to_have_text("Siberia")
    assert '"language": "en"' in page.evaluate("localStorage.getItem('/napoleon/napoleon.prefs')")

    page.reload()
    wait_human(page)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    english_menu = page.locator("#btn-settings").inner_text()
    assert english_menu != japanese_menu
    open_settings(page)
    expect(page.locator("#settings-apply")).to_have_text("Change")

    # Back to Japanese with the button (the settings are a modal dialog: close it
    # first); the query string can also ask for a language.
    page.keyboard.press("Escape")
    page.locator("#btn-lang").click()
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    expect(page.locator("#btn-settings")).to_have_text(japanese_menu)
    page.goto(page.url.split("?")[0] + QUERY + "&lang=en")
    wait_human(page)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#btn-settings")).to_have_text(english_menu)
