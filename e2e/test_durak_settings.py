"""Durak's settings, address and game switch in the page, by clicks only.

Rules checked: docs/rules/durak.md §3 and §5 (every option and preset in the panel,
applied and saved under ``durak.prefs``), §7 "Settings: presets and all options;
applying starts a new game", and the page's own demands: the same handling of bad
query values and corrupt storage as Napoleon's (a visible notice, nothing breaks), a
menu entry switches games, the share button copies a link reproducing them, Japanese
and English, and the axe audit of the settings dialog at both sizes.  Deals are
seeded; waits are on the page's markers (``napoleon-first-decision``, ``#table[data-*]``).

The display choices (language, animation, level) are the dialog's first group and
apply as they are chosen; Close with rule changes not applied asks first.

``NAPOLEON_SHOTS=DIR`` saves screenshots of the settings dialog at 390×844 and
1280×800 into DIR (the axe audit runs at those sizes and the shared 375×667).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page, expect

from cardkit.ui_dom.browser import FIRST_DECISION_CLASS
from durak.rules import OPTIONS, PRESET_NAMES, Rules
from e2e.axe_audit import SIZES, audit, failing
from e2e.conftest import BOOT_TIMEOUT_MS, wait_until_ready
from e2e.guard import PageGuard
from e2e.offline_steps import site_build, wait_cached, watched_page, worker_context
from scripts.serve import start_server

KEY = "/napoleon/durak.prefs"
#: The screenshots' sizes: a phone and a desktop (besides the audit's own).
SHOT_SIZES = {"phone-tall": (390, 844), "desktop": (1280, 800)}
#: A seeded two-player deal at the easy level with no pauses.
QUERY = "?game=durak&seed=3&level=easy&anim=instant"


def wait_human(page: Page) -> None:
    """The human's decision is enabled (the page's own marker, never a sleep)."""
    expect(page.locator("html")).to_have_class(
        re.compile(rf"(^|\s){FIRST_DECISION_CLASS}(\s|$)"), timeout=BOOT_TIMEOUT_MS
    )
    expect(page.locator("#table")).to_have_attribute("data-to-act", "0", timeout=BOOT_TIMEOUT_MS)


def open_durak(page: Page, base_url: str, query: str = QUERY) -> Page:
    page.goto(base_url + query)
    wait_until_ready(page)
    wait_human(page)
    return page


def open_settings(page: Page) -> None:
    """Open the settings: the focus starts on the display group's first choice."""
    page.locator("#btn-settings").click()
    expect(page.locator("#settings")).to_be_visible()
    expect(page.locator("#set-language")).to_be_focused()


def notices(page: Page) -> list[str]:
    return [str(t) for t in page.locator("#notices .notice-text").all_inner_texts()]


def seats(page: Page) -> int:
    return page.locator("#table section[data-seat]").count()


def saved_match_rules(page: Page) -> str:
    """The rules of the match the page saved (``durak.match``): the game on the table."""
    raw = page.evaluate("localStorage.getItem('/napoleon/durak.match')")
    return str(json.loads(raw)["rules"])


def shoot(page: Page, name: str) -> None:
    folder = os.environ.get("NAPOLEON_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def test_every_option_and_preset_is_in_the_panel_and_change_applies_and_survives(
    page: Page, base_url: str
) -> None:
    open_durak(page, base_url)
    open_settings(page)
    for spec in OPTIONS:
        select = page.locator(f"#set-{spec.key}")
        values = select.locator("option").evaluate_all("os => os.map(o => o.value)")
        assert values == list(spec.values)
        expect(select).to_have_value(Rules().option_text(spec.key))
    presets = page.locator("#set-preset option").evaluate_all("os => os.map(o => o.value)")
    assert presets == ["remembered", *PRESET_NAMES, "custom"]
    expect(page.locator("#set-preset")).to_have_value("podkidnoy")
    # Every mode of §3.6 can be chosen (played in e2e/test_durak_modes.py,
    # e2e/test_durak_suit_deal.py).
    for mode in ("kurukuru", "chinese", "chukhonsky", "heap", "suit_deal", "crusaders",
                 "polish"):
        expect(page.locator(f'#set-mode option[value="{mode}"]')).to_be_enabled()
    # A preset fills the form; an individual change makes it custom, undoing names it again.
    page.locator("#set-preset").select_option("perevodnoy")
    expect(page.locator("#set-transfer")).to_have_value("on")
    page.locator("#set-players").select_option("3")
    expect(page.locator("#set-preset")).to_have_value("custom")
    page.locator("#set-level").select_option("normal")
    page.locator("#settings-apply").click()
    expect(page.locator("#settings")).to_be_hidden()
    # Nothing of the human's was played yet: the new game is dealt at once, for 3.
    wait_human(page)
    assert seats(page) == 3
    assert saved_match_rules(page) == "preset=perevodnoy&players=3"
    saved = json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))
    assert saved["rules"] == "preset=perevodnoy&players=3"
    assert saved["level"] == "normal"
    assert page.evaluate("localStorage.getItem('/napoleon/napoleon.prefs')") is None

    page.goto(base_url + "?game=durak&anim=instant")
    wait_until_ready(page)
    open_settings(page)
    expect(page.locator("#set-transfer")).to_have_value("on")
    expect(page.locator("#set-players")).to_have_value("3")
    expect(page.locator("#set-level")).to_have_value("normal")
    # 記憶 brings the saved rules back after another preset was loaded into the form.
    page.locator("#set-preset").select_option("championship")
    expect(page.locator("#set-deck")).to_have_value("32")
    page.locator("#set-preset").select_option("remembered")
    expect(page.locator("#set-deck")).to_have_value("36")
    expect(page.locator("#set-players")).to_have_value("3")
    # An unplayable combination is refused with the options named; nothing changes.
    page.locator("#set-players").select_option("6")
    page.locator("#set-deck").select_option("32")
    page.locator("#settings-apply").click()
    expect(page.locator("#notices .notice")).to_have_count(1)
    assert "players=6" in notices(page)[0] and "deck=32" in notices(page)[0]
    expect(page.locator("#settings")).to_be_visible()
    assert json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))["rules"] == (
        "preset=perevodnoy&players=3")


def test_a_game_in_progress_is_kept_unless_the_player_says_so(page: Page, base_url: str) -> None:
    open_durak(page, base_url)
    page.locator("#hand button:not([disabled])").first.click()
    expect(page.locator("#table")).not_to_have_attribute("data-actions", "0")
    wait_human(page)
    page.locator("#table[data-sel='0']").wait_for()
    actions = page.locator("#table").get_attribute("data-actions")
    open_settings(page)
    page.locator("#set-preset").select_option("prostoy")
    page.locator("#settings-apply").click()
    expect(page.locator("#ask")).to_be_visible()
    expect(page.locator("#ask-keep")).to_be_focused()
    page.keyboard.press("Escape")  # Esc keeps the game (it loses nothing)
    expect(page.locator("#ask")).to_have_count(0)
    # The same game goes on: a computer may have moved meanwhile (the human can
    # throw in while the defender thinks), but nothing was dealt again.
    moves = page.locator("#table").get_attribute("data-actions") or "0"
    assert int(moves) >= int(actions or "0") > 0
    assert saved_match_rules(page) == "preset=podkidnoy"
    # The settings show the rules in force, never a choice that was not applied;
    # choosing it again asks again.
    open_settings(page)
    expect(page.locator("#set-preset")).to_have_value("podkidnoy")
    page.locator("#set-preset").select_option("prostoy")
    page.locator("#settings-apply").click()
    page.locator("#ask-new").click()
    expect(page.locator("#ask")).to_have_count(0)
    wait_human(page)
    assert saved_match_rules(page) == "preset=prostoy"


def test_a_bad_address_and_corrupt_storage_give_notices_and_the_page_plays(
    page: Page, base_url: str
) -> None:
    page.goto(base_url + "?game=durak&anim=instant")
    wait_until_ready(page)
    page.evaluate(f"localStorage.setItem('{KEY}', '[' .repeat(100000))")
    page.goto(base_url + QUERY + "&players=9&transfer=<b>x</b>&colour=red")
    wait_until_ready(page)
    wait_human(page)
    shown = " ".join(notices(page))
    expect(page.locator("#notices .notice")).to_have_count(4)
    page.locator("#notices-more").click()
    for named in ("players=9", "transfer=<b>x</b>", "colour=red", "durak.prefs.corrupt"):
        assert named in shown, named
    assert page.locator("#notices b").count() == 0  # shown as text, never as markup
    assert page.evaluate(f"localStorage.getItem('{KEY}.corrupt')") == "[" * 100_000
    # The page plays: a card is played by a click.
    page.locator("#hand button:not([disabled])").first.click()
    expect(page.locator("#table")).not_to_have_attribute("data-actions", "0")
    # The next visit is clean.
    page.goto(base_url + QUERY)
    wait_until_ready(page)
    expect(page.locator("#notices .notice")).to_have_count(0)


def test_the_menu_switches_games_both_ways_in_the_current_language(
    page: Page, base_url: str
) -> None:
    page.goto(base_url + "?lang=en&level=easy&anim=instant")
    wait_until_ready(page)
    switch = page.locator("#btn-game")
    expect(switch).to_have_text("Play Durak")
    switch.click()
    wait_until_ready(page)
    assert "game=durak" in page.url
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(switch).to_have_text("Play Napoleon")
    expect(page.locator("#table [data-seat]").first).to_be_visible()
    switch.click()
    wait_until_ready(page)
    assert "game=durak" not in page.url
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(switch).to_have_text("Play Durak")


def test_the_language_switch_works_and_survives_a_reload(page: Page, base_url: str) -> None:
    open_durak(page, base_url, QUERY + "&lang=ja")
    expect(page.locator("html")).to_have_attribute("lang", "ja")
    page.locator("#btn-lang").click()
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator("#btn-game")).to_have_text("Play Napoleon")
    expect(page.locator("#btn-settings")).to_have_text("Settings")
    # The saved choice is not overridden at the reload.
    expect(page).not_to_have_url(re.compile("lang="))
    open_settings(page)
    expect(page.locator("#settings-title")).to_have_text("Durak settings")
    expect(page.locator("label[for=set-transfer]")).to_have_text("Transfer")
    page.keyboard.press("Escape")
    page.reload()
    wait_until_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "en")


def test_the_share_link_reproduces_game_and_rules(
    page: Page, base_url: str, context: BrowserContext
) -> None:
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_durak(page, base_url)
    open_settings(page)
    page.locator("#set-preset").select_option("team2")
    page.locator("#set-transfer").select_option("on")
    page.locator("#settings-apply").click()
    wait_human(page)
    open_settings(page)
    page.locator("#settings-share").click()
    url = page.locator("#settings-share-url").input_value()
    assert "?game=durak&preset=team2&transfer=on" in url
    expect(page.locator("#settings-share-status")).to_have_text("コピーしました")
    assert page.evaluate("navigator.clipboard.readText()") == url
    page.evaluate("localStorage.clear()")
    page.goto(url + "&seed=3&anim=instant")
    wait_until_ready(page)
    wait_human(page)
    assert seats(page) == 4
    open_settings(page)
    expect(page.locator("#set-teams")).to_have_value("2v2")
    expect(page.locator("#set-transfer")).to_have_value("on")


def test_the_share_link_carries_what_the_form_shows_before_change(
    page: Page, base_url: str
) -> None:
    """With Perevodnoy and 3 players chosen but 【変更】 not pressed, the link carries
    the form's rules, not the 2-player podkidnoy game in force."""
    open_durak(page, base_url)
    open_settings(page)
    page.locator("#set-preset").select_option("perevodnoy")
    page.locator("#set-players").select_option("3")
    page.locator("#settings-share").click()
    url = page.locator("#settings-share-url").input_value()
    assert "?game=durak&preset=perevodnoy&players=3" in url


def test_the_settings_dialog_passes_axe_on_a_phone_and_a_desktop(
    page: Page, base_url: str
) -> None:
    found = []
    for lang in ("ja", "en"):
        open_durak(page, base_url, f"{QUERY}&lang={lang}")
        for size, (width, height) in {**SIZES, **SHOT_SIZES}.items():
            page.set_viewport_size({"width": width, "height": height})
            open_settings(page)
            found += audit(page, f"durak settings {lang} {size}")
            shoot(page, f"durak-settings-{lang}-{size}")
            page.locator("#set-transfer").select_option("on")
            page.locator("#settings-close").click()
            expect(page.locator("#ask-edit")).to_be_focused()
            found += audit(page, f"durak settings close question {lang} {size}")
            shoot(page, f"durak-settings-ask-{lang}-{size}")
            page.locator("#ask-discard").click()
            expect(page.locator("#settings")).to_be_hidden()
            shoot(page, f"durak-table-{lang}-{size}")
    assert failing(found) == []


def test_the_display_group_is_at_the_top_in_both_languages(page: Page, base_url: str) -> None:
    """The language, the animation and the level come first, in their own group
    above the rules (the family's game first among them)."""
    for lang, legends in (("ja", ["表示と対戦", "ルール"]), ("en", ["Display and play", "Rules"])):
        open_durak(page, base_url, f"{QUERY}&lang={lang}")
        open_settings(page)
        expect(page.locator("#settings legend")).to_have_text(legends)
        order = page.locator("#settings select").evaluate_all("ss => ss.map(s => s.name)")
        assert order[:5] == ["language", "anim", "level", "mode", "preset"]


def test_a_display_choice_applies_at_once_and_close_keeps_it(page: Page, base_url: str) -> None:
    open_durak(page, base_url)
    open_settings(page)
    page.locator("#set-level").select_option("normal")
    page.locator("#settings-close").click()
    expect(page.locator("#settings")).to_be_hidden()
    expect(page.locator("#ask")).to_have_count(0)
    assert json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))["level"] == "normal"
    assert saved_match_rules(page) == "preset=podkidnoy"  # the game on the table goes on


def test_close_with_a_pending_rule_change_asks(page: Page, base_url: str) -> None:
    """A rule chosen but not applied: Close asks (keep editing, the safe answer, is
    primary and focused); discard drops it; apply now applies it (a new game, as
    nothing of the human's was played)."""
    open_durak(page, base_url)
    open_settings(page)
    page.locator("#set-transfer").select_option("on")
    page.locator("#settings-close").click()
    expect(page.locator("#ask")).to_be_visible()
    expect(page.locator("#ask-edit")).to_be_focused()
    expect(page.locator("#ask-edit")).to_have_class("btn primary")
    page.locator("#ask-edit").click()
    expect(page.locator("#ask")).to_have_count(0)
    expect(page.locator("#set-transfer")).to_have_value("on")
    page.locator("#settings-close-top").click()
    page.locator("#ask-discard").click()
    expect(page.locator("#settings")).to_be_hidden()
    open_settings(page)
    expect(page.locator("#set-transfer")).to_have_value("off")
    page.locator("#set-transfer").select_option("on")
    page.locator("#settings-close").click()
    page.locator("#ask-apply").click()
    expect(page.locator("#settings")).to_be_hidden()
    wait_human(page)
    assert saved_match_rules(page) == "preset=perevodnoy"


def test_a_bare_visit_opens_napoleon_with_a_link_to_durak(
    open_table: Callable[[str], Page],
) -> None:
    """Napoleon stays what a bare visit opens."""
    page = open_table("?anim=instant&level=easy")
    expect(page.locator("#btn-game")).to_have_attribute("href", "./?game=durak&lang=ja")
    assert "ナポレオン" in page.title()


def test_durak_plays_offline_after_a_first_visit(browser: Browser, site_dir: Path) -> None:
    """Durak plays offline after the first visit like Napoleon: the same
    service worker caches the one site; with the server stopped and the network off,
    a seeded Durak link starts, takes a click, and the menu switches to Napoleon."""
    build = site_build(site_dir)
    with worker_context(browser) as context:
        with start_server(site_dir) as url:
            guard = PageGuard(url)
            page = watched_page(context, guard)
            page.goto(url + "?game=durak&level=easy&anim=instant")
            wait_until_ready(page)
            wait_cached(page, build)
        context.set_offline(True)
        page.goto(url + QUERY)
        wait_until_ready(page)
        wait_human(page)
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        # Python restored from the cached memory snapshot, offline too.
        assert str(page.evaluate("window.napoleonSnapshot")).startswith("snapshot-")
        page.locator("#hand button:not([disabled])").first.click()
        expect(page.locator("#table")).not_to_have_attribute("data-actions", "0")
        page.locator("#btn-game").click()
        wait_until_ready(page)
        assert "game=durak" not in page.url
        guard.assert_clean()
