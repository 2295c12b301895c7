"""Each game of the Durak family has its own rules page, in the browser (docs/rules/durak.md
§3.6): the rules dialog of a pile game (Polish) and of the suit deal is titled by the
game's name, opens on its how-to and holds none of the ordinary game's book; the suit
deal, which plays the ordinary game's rules after its deal, links to that book, shown
in the same dialog with its title focused and a way back; axe finds nothing at a phone's
size and a desktop's, in both languages.

``NAPOLEON_SCREENSHOTS=DIR`` saves the dialogs at both sizes into DIR
(``durak-family-rules-*.png``).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from durak.family.modes import POLISH, SUIT_DEAL
from durak.family.registry import GAMES
from durak.ui_dom.rules.family_book import how_to
from e2e.axe_audit import audit as audit_page
from e2e.axe_audit import failing
from e2e.test_durak_rules import DESKTOP, PHONE, dialog_violations, open_rules_by_keyboard
from e2e.test_durak_settings import open_durak, open_settings
from e2e.test_record_layout import shoot

TITLES = {"ja": "{}のルール", "en": "The rules of {}"}
ORDINARY_TITLE = {"ja": "ドゥラークのルール", "en": "Durak's rules"}


def query(mode: str, lang: str) -> str:
    return f"?game=durak&mode={mode}&players=3&seed=5&level=easy&anim=instant&lang={lang}"


def title_of(mode: str, lang: str) -> str:
    entry = GAMES[mode]
    return TITLES[lang].format(entry.name_ja if lang == "ja" else entry.name_en)


def no_ordinary_book(page: Page) -> None:
    """None of the ordinary game's book: its steps, options, presets, list of games."""
    for part in ("#rules-sec-game", "#rules-game-steps", "[id^='rules-preset-']",
                 "[id^='rules-mode-']", "#rules-opt-deck", "#rules-opt-mode"):
        expect(page.locator(f"#rules {part}")).to_have_count(0)


def axe_clean(page: Page, name: str) -> list[str]:
    return dialog_violations(page) + [str(v) for v in failing(audit_page(page, name))]


@pytest.mark.parametrize("mode", [POLISH, SUIT_DEAL])
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_family_games_rules_are_its_own_page_titled_by_its_name(
        page: Page, base_url: str, mode: str, lang: str) -> None:
    """Every game's dialog was titled "Durak's rules" and held the ordinary game's whole
    book: it is the game's own page, its how-to first, a settings row's "?" landing on
    its own paragraph."""
    open_durak(page, base_url, query(mode, lang))
    found: list[str] = []
    for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(viewport)
        open_rules_by_keyboard(page)
        expect(page.locator("#rules-title")).to_have_text(title_of(mode, lang))
        first = page.locator("#rules section").first
        expect(first).to_have_attribute("data-section", "howto")
        expect(first.locator("li")).to_have_count(len(how_to(mode, lang)))
        no_ordinary_book(page)
        expect(page.locator("#rules .rules-link")).to_have_count(
            1 if GAMES[mode].plays_ordinary else 0)
        found += axe_clean(page, f"{mode} rules {lang} {size}")
        shoot(page, f"durak-family-rules-{mode}-{lang}-{size}")
        page.keyboard.press("Escape")
        expect(page.locator("dialog#rules")).to_be_hidden()
        expect(page.locator("#btn-rules")).to_be_focused()
    open_settings(page)
    page.locator("#set-players-help").click()
    expect(page.locator("#rules-opt-players")).to_be_focused()
    expect(page.locator("#rules-title")).to_have_text(title_of(mode, lang))
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_suit_deal_links_to_the_ordinary_book_and_back_in_the_same_dialog(
        page: Page, base_url: str, lang: str) -> None:
    """§3.6: the suit deal's play is the ordinary game's (§2): its page links to that
    book rather than holding it; the book opens in the same dialog, its title focused,
    with the way back; Escape closes the dialog to the menu, the match as it was."""
    open_durak(page, base_url, query(SUIT_DEAL, lang))
    page.set_viewport_size(PHONE)
    markers = page.locator("#table").evaluate("t => JSON.stringify(t.dataset)")
    open_rules_by_keyboard(page)
    page.locator("#rules .rules-link").click()
    title = page.locator("#rules-title")
    expect(title).to_have_text(ORDINARY_TITLE[lang])
    expect(title).to_be_focused()
    expect(page.locator("#rules-sec-from")).to_contain_text(GAMES[SUIT_DEAL].name_ja
                                                           if lang == "ja" else "Suit deal")
    expect(page.locator("#rules-game-steps")).to_be_visible()
    found = axe_clean(page, f"ordinary book from suit deal {lang} phone")
    shoot(page, f"durak-family-rules-linked-{lang}-phone")
    page.locator("#rules .rules-link").click()  # the way back
    expect(title).to_have_text(title_of(SUIT_DEAL, lang))
    expect(title).to_be_focused()
    no_ordinary_book(page)
    page.keyboard.press("Escape")
    expect(page.locator("dialog#rules")).to_be_hidden()
    expect(page.locator("#btn-rules")).to_be_focused()
    assert page.locator("#table").evaluate("t => JSON.stringify(t.dataset)") == markers
    assert not found, "\n".join(found)
