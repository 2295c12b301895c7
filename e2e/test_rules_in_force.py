"""The rules in force are never ambiguous, by clicks in the page.

* The header's badge names the rules of the game on the table (Napoleon's preset,
  Durak's game) and opens the rules.
* A preset in the address (``?preset=mixi``) asks before replacing a Napoleon match
  the human has moved in; "keep" keeps the match and its rules (badge, settings).
* Back at the bare address after a preset link's match, the badge and the settings
  name the rules the match plays (not "(custom)" with the saved settings' values),
  and 【変更】 pressed at once replaces nothing.
* The address follows the match in force: after a link's match was started, a rule
  changed in the settings, the next game or the next match, a reload of the page's
  own address finds the same match with no question.
* A preset with a rule changed is named by that preset ("mixi (changed)", in the
  words Durak's page uses) on the badge and in the settings' preset chooser, and
  still after a reload.
* On a phone (390 x 844) Napoleon's title and badge share a row, and the menu (one
  play-together entry) takes one row in both languages and both games (English's on
  a 375 px phone too), its words whole and every entry a usable touch target, with
  the badge whole (screenshots into ``$NAPOLEON_SHOTS`` when set).
* A shared game link's game is in the Record screen once its review is closed.
* axe finds no serious violation with the badge, on a phone and a desktop
  (screenshots into ``$NAPOLEON_SHOTS`` when set).
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Locator, Page, expect

from e2e.axe_audit import audit_at_sizes
from e2e.conftest import wait_until_ready
from e2e.table_steps import (
    click_and_wait,
    notices,
    open_settings,
    phase,
    play_to_mid_trick,
    trick_cards,
    wait_human,
)
from napoleon.game import Game
from napoleon.playout import play_random_game
from napoleon.record import game_record
from napoleon.rules import Rules
from napoleon.ui_dom.i18n import tr
from napoleon.ui_dom.share_view import game_link

QUIET = "lang=en&level=easy&anim=instant"

#: The saved Napoleon match (its key may carry the site's path before ``napoleon.match``).
SAVED_JS = """() => {
  const key = Object.keys(localStorage).find(k => k.endsWith('napoleon.match'));
  return key ? localStorage.getItem(key) : '';
}"""


def saved_match(page: Page) -> dict[str, Any]:
    text = page.evaluate(SAVED_JS)
    saved: dict[str, Any] = json.loads(text) if text else {}
    return saved


def where(page: Page) -> str:
    """The table's position (game, phase, actions): any move changes it."""
    return str(page.locator("#table").evaluate(
        "t => [t.dataset.game, t.dataset.phase, t.dataset.actions].join('/')"))


def badge_says(page: Page, name: str) -> Locator:
    """The header's badge, once it shows ``name`` (English) and is named by it."""
    badge = page.locator("header.bar #rules-badge")
    expect(badge).to_have_text(name)
    expect(badge).to_have_accessible_name(f"{name} — open the rules in force")
    return badge


def test_the_badge_names_napoleons_preset_and_opens_the_rules(
    open_table: Callable[[str], Page],
) -> None:
    page = open_table(f"?preset=mixi&{QUIET}")
    badge = badge_says(page, "mixi")
    # It shows it can be tapped: an info mark before the name (not read aloud; the
    # name says it opens the rules) and a pointer.
    mark = badge.evaluate("b => getComputedStyle(b, '::before').content")
    assert "ⓘ" in mark, mark
    expect(badge).to_have_css("cursor", "pointer")
    wait_human(page)
    badge.click()
    rules = page.locator("#rules")
    expect(rules).to_be_visible()
    expect(rules).to_contain_text("mixi")
    page.keyboard.press("Escape")
    expect(rules).to_be_hidden()
    expect(badge).to_be_focused()  # the focus goes back to what opened the rules


def test_the_badge_names_durak_games_and_opens_their_rules(
    open_table: Callable[[str], Page],
) -> None:
    page = open_table("?game=durak&lang=en&level=easy&anim=instant")
    badge = page.locator("header.bar #rules-badge")
    expect(badge).to_have_text("Podkidnoy (throw-in)")
    page = open_table("?game=durak&mode=heap&players=3&lang=en&level=easy&anim=instant")
    expect(badge).to_have_text("Heap")
    badge.click()
    expect(page.locator("#rules")).to_be_visible()
    page.keyboard.press("Escape")
    page = open_table("?game=durak&players=3&lang=en&level=easy&anim=instant")
    expect(badge).to_have_text("Podkidnoy (throw-in) (changed)")


def test_a_preset_link_asks_and_keep_keeps_the_match_and_its_rules(
    open_table: Callable[[str], Page],
) -> None:
    page = open_table(f"?seed=3&{QUIET}")
    play_to_mid_trick(page)
    before = where(page)
    page = open_table(f"?preset=mixi&{QUIET}")
    ask = page.locator("#ask")
    expect(ask).to_be_visible()
    expect(page.locator("#ask-keep")).to_be_focused()
    page.locator("#ask-keep").click()
    expect(ask).to_have_count(0)
    wait_human(page)
    assert where(page) == before and saved_match(page)["match_seed"] == 3
    expect(page.locator("#rules-badge")).to_have_text("SdC Standard")
    # The settings show the rules kept, not the link's.
    open_settings(page)
    expect(page.locator("#set-preset")).to_have_value("sdc")
    page.locator("#settings-apply").click()
    expect(page.locator("#settings")).to_be_hidden()
    expect(ask).to_have_count(0)  # nothing to replace: no question, the match goes on
    assert where(page) == before
    assert notices(page) == []


def test_after_a_preset_links_match_the_bare_address_shows_its_rules_everywhere(
    open_table: Callable[[str], Page], base_url: str
) -> None:
    """The saved settings say SdC Standard (what a player had before opening a mixi
    link); the match on the table plays mixi: the settings open on mixi, and
    【変更】 pressed at once replaces nothing."""
    page = open_table(f"?{QUIET}")
    page.evaluate("""localStorage.setItem('/napoleon/napoleon.prefs', JSON.stringify(
        {version: 1, rules: 'preset=sdc&match_games=3', language: 'en'}))""")
    page = open_table(f"?seed=3&preset=mixi&{QUIET}")
    play_to_mid_trick(page)
    before = where(page)
    page = open_table(f"?{QUIET}")
    wait_human(page)
    assert where(page) == before
    expect(page.locator("#rules-badge")).to_have_text("mixi")
    open_settings(page)
    expect(page.locator("#set-preset")).to_have_value("mixi")
    for key, value in Rules.preset("mixi").options().items():
        expect(page.locator(f"#set-{key}")).to_have_value(value)
    page.locator("#settings-apply").click()
    expect(page.locator("#settings")).to_be_hidden()
    expect(page.locator("#ask")).to_have_count(0)
    assert where(page) == before
    expect(page.locator("#rules-badge")).to_have_text("mixi")
    # A new match deals the rules in force.
    page.locator("#btn-new").click()
    page.locator("#ask-new").click()
    page.wait_for_function(f"() => JSON.parse(({SAVED_JS})() || '{{}}').match_seed !== 3")
    wait_human(page)
    assert saved_match(page)["rules"].startswith("preset=mixi")


def play_into_game(page: Page, game: int, max_steps: int = 200) -> None:
    """Pass in the bidding, play the first card allowed, NEXT when asked, until the
    table deals game ``game`` and the human plays into a trick holding cards."""
    for _ in range(max_steps):
        wait_human(page)
        table = page.locator("#table")
        now = phase(page)
        if table.get_attribute("data-game") == str(game) and now == "play" and trick_cards(page) \
                and table.get_attribute("data-to-act") == "0":
            return
        if page.locator("#btn-next").count():
            click_and_wait(page, "#btn-next")
        elif now == "play" and table.get_attribute("data-to-act") == "0":
            click_and_wait(page, "#hand button:not([disabled])")
        elif now == "bid":
            click_and_wait(page, "#btn-drop")
        elif now == "match-over":
            raise AssertionError(f"the match ended before game {game}")
        else:
            raise AssertionError(f"the human must act in phase {now!r}: not scripted here")
    raise AssertionError(f"never reached the middle of a trick of game {game}")


def reload_finds_the_same_match(page: Page) -> None:
    """A reload of the page's own address: the same position, no question, no notice."""
    before, rules = where(page), saved_match(page)["rules"]
    assert "seed=" not in page.url
    page.reload()
    wait_until_ready(page)
    wait_human(page)
    expect(page.locator("#ask")).to_have_count(0)
    assert where(page) == before and saved_match(page)["rules"] == rules
    assert notices(page) == []


def test_after_a_links_match_and_a_rule_changed_in_the_settings_a_reload_continues(
    open_table: Callable[[str], Page],
) -> None:
    """A mixi link's match is started over the match in progress, then the settings
    change a rule (three games, not five): the address names mixi with three games,
    so a reload continues that match, and still after the next game."""
    page = open_table(f"?seed=3&{QUIET}")
    play_to_mid_trick(page)
    page = open_table(f"?preset=mixi&{QUIET}")
    page.locator("#ask-start").click()
    expect(page.locator("#ask")).to_have_count(0)
    expect(page.locator("#table.players-5")).to_have_count(1)
    play_to_mid_trick(page)
    open_settings(page)
    page.locator("#set-match_games").select_option("3")
    page.locator("#settings-apply").click()
    page.locator("#ask-new").click()
    page.wait_for_function(f"() => JSON.parse(({SAVED_JS})() || '{{}}').rules"
                           " === 'preset=mixi&match_games=3'")
    play_to_mid_trick(page)
    expect(page).to_have_url(re.compile(r"^(?=.*match_games=3)(?=.*lang=en)"))
    badge = page.locator("#rules-badge").inner_text()
    reload_finds_the_same_match(page)
    expect(page.locator("#rules-badge")).to_have_text(badge)
    play_into_game(page, 2)
    reload_finds_the_same_match(page)


def test_a_links_seed_does_not_ask_again_after_the_next_match(
    open_table: Callable[[str], Page],
) -> None:
    """A one-game mixi link with a seed: its match played out, the next match deals
    another seed; a reload continues that one, not the link's seed."""
    page = open_table(f"?preset=mixi&match_games=1&seed=5&{QUIET}")
    play_into_game(page, 1)
    reload_finds_the_same_match(page)
    for _ in range(40):
        wait_human(page)
        if phase(page) == "match-over":
            break
        if page.locator("#btn-next").count():
            click_and_wait(page, "#btn-next")
        else:
            click_and_wait(page, "#hand button:not([disabled])")
    page.locator("#btn-new-match").click()
    page.wait_for_function(f"() => JSON.parse(({SAVED_JS})() || '{{}}').match_seed !== 5")
    play_to_mid_trick(page)
    reload_finds_the_same_match(page)


def test_a_shared_games_record_is_in_the_record_screen_after_its_review(
    open_table: Callable[[str], Page], base_url: str
) -> None:
    game = Game.new(Rules.preset("mixi"), 17)
    play_random_game(game, random.Random(17))
    link = game_link(base_url + f"?{QUIET}", game_record(game))
    page = open_table(f"?{QUIET}")
    page.goto(link)
    wait_until_ready(page)
    review = page.locator("#review")
    expect(review).to_be_visible(timeout=30_000)
    page.keyboard.press("Escape")
    expect(review).to_be_hidden()
    page.locator("#btn-record").click()
    record = page.locator("#record")
    expect(record).to_be_visible()
    expect(record.locator(".record-none")).to_have_count(0)
    # (The link carries no settings: the page speaks the recipient's language.)
    expect(record.locator(".record-imported")).to_have_text(tr("ja", "record.shared"))
    expect(record.locator("#record-text")).to_be_visible()
    # Its replay steps through the shared game's tricks.
    expect(record.locator("#record-trick")).to_be_visible()


def test_axe_finds_nothing_serious_with_the_badge_on_a_phone_and_a_desktop(
    open_table: Callable[[str], Page],
) -> None:
    sizes = {"phone": (390, 844), "desktop": (1280, 800)}
    shots = os.environ.get("NAPOLEON_SHOTS")
    page = open_table(f"?preset=mixi&{QUIET}")
    wait_human(page)
    audit_at_sizes(page, "badge-napoleon", sizes, shots)
    page = open_table("?game=durak&players=3&lang=ja&level=easy&anim=instant")
    expect(page.locator("#rules-badge")).to_be_visible()
    audit_at_sizes(page, "badge-durak", sizes, shots)


CHANGED = "preset=mixi&match_games=3"


def test_a_changed_preset_is_named_by_that_preset_and_survives_a_reload(
    open_table: Callable[[str], Page],
) -> None:
    page = open_table(f"?{CHANGED}&{QUIET}")
    wait_human(page)
    badge = badge_says(page, "mixi (changed)")
    open_settings(page)
    chooser = page.locator("#set-preset")
    expect(chooser).to_have_value("custom")
    expect(chooser.locator("option[value=custom]")).to_have_text("mixi (changed)")
    page.keyboard.press("Escape")
    expect(page.locator("#settings")).to_be_hidden()
    play_to_mid_trick(page)
    page.goto(page.url.replace("lang=en", "lang=ja"))
    wait_until_ready(page)
    wait_human(page)
    expect(badge).to_have_text("mixi (変更あり)")
    expect(page.locator("#ask")).to_have_count(0)
    assert notices(page) == []


#: Every box of the header a player sees: the title, the badge, the menu's entries.
HEADER_BOXES_JS = """() => [...document.querySelectorAll(
    'header.bar h1, header.bar #rules-badge, header.bar .menu > .btn')]
  .filter(n => n.offsetParent !== null)
  .map(n => { const r = n.getBoundingClientRect();
              return {id: n.id || n.tagName, top: r.top, bottom: r.bottom, left: r.left,
                      right: r.right, whole: n.scrollWidth <= n.clientWidth + 1}; })"""


def header_rows(page: Page) -> list[list[str]]:
    """The header's entries by row (boxes whose vertical middles are within a few
    pixels of one another share a row)."""
    rows: list[tuple[float, list[str]]] = []
    for box in sorted(page.evaluate(HEADER_BOXES_JS), key=lambda b: b["top"]):
        middle = (box["top"] + box["bottom"]) / 2
        for row_middle, names in rows:
            if abs(row_middle - middle) < 8:
                names.append(box["id"])
                break
        else:
            rows.append((middle, [box["id"]]))
    return [names for _m, names in rows]


def test_on_a_phone_the_badge_shares_the_titles_row_and_the_menu_one_row_in_both_languages(
    open_table: Callable[[str], Page],
) -> None:
    page = open_table(f"?{CHANGED}&{QUIET}")
    page.set_viewport_size({"width": 390, "height": 844})
    shots = os.environ.get("NAPOLEON_SHOTS")
    for lang, name in (("en", "mixi (changed)"), ("ja", "mixi (変更あり)")):
        page = open_table(f"?{CHANGED}&lang={lang}&level=easy&anim=instant")
        wait_human(page)
        badge = page.locator("#rules-badge")
        expect(badge).to_have_text(name)
        if shots:
            page.screenshot(path=f"{shots}/phone-napoleon-{lang}.png")
        beside_the_title(header_rows(page))
        menu_rows(header_rows(page), lang)
        header_fits(page)
    # The longest of Napoleon's preset names, changed, stays beside the title too.
    for lang in ("en", "ja"):
        page = open_table(f"?preset=sdc&match_games=3&lang={lang}&level=easy&anim=instant")
        expect(page.locator("#rules-badge")).to_contain_text("SdC")
        beside_the_title(header_rows(page))
        header_fits(page)
    # Durak's page (seven menu entries, longer names) keeps its badge whole and clear
    # of the game switch ("Play Napoleon" is wider than "Play Durak").
    for lang in ("en", "ja"):
        page = open_table(f"?game=durak&players=3&lang={lang}&level=easy&anim=instant")
        expect(page.locator("#rules-badge")).to_be_visible()
        if shots:
            page.screenshot(path=f"{shots}/phone-durak-{lang}.png")
        expect(page.locator("#btn-together")).to_be_visible()
        menu_rows(header_rows(page), lang)
        header_fits(page)
    # English's menu keeps to one row on a smaller phone (375 px) too, in both games.
    page.set_viewport_size({"width": 375, "height": 667})
    for game in ("", "game=durak&players=3&"):
        page = open_table(f"?{game}lang=en&level=easy&anim=instant")
        expect(page.locator("#btn-together")).to_be_visible()
        menu_rows(header_rows(page), "en")
        header_fits(page, 375)


def beside_the_title(rows: list[list[str]]) -> None:
    """The badge shares the title's row (never a row of its own), and the menu
    wraps into two rows at most."""
    assert {"H1", "rules-badge"} <= set(rows[0]), rows
    assert len(rows) <= 3, rows


def menu_rows(rows: list[list[str]], lang: str) -> None:
    """The menu (the game switch aside) has one play-together entry, and takes one row
    in both languages (two entries pushed 「English」 onto a row of its own; English's
    longer words pushed "Settings" and 「日本語」 onto a second row, which moved the
    table down a row further than in Japanese)."""
    menu = [[n for n in row if n.startswith("btn-") and n != "btn-game"] for row in rows]
    menu = [row for row in menu if row]
    assert "btn-together" in menu[0] and not any(
        n in ("btn-pass-play", "btn-friends") for row in menu for n in row), rows
    assert len(menu) == 1, (lang, rows)


def header_fits(page: Page, width: int = 390) -> None:
    """No label of the header cut, none outside the screen, none over another, and
    every entry at least 24 px each way (WCAG 2.2's smallest touch target)."""
    boxes = page.evaluate(HEADER_BOXES_JS)
    assert all(b["whole"] for b in boxes), boxes
    small = [b for b in boxes if b["id"] != "H1"
             and min(b["right"] - b["left"], b["bottom"] - b["top"]) < 24]
    assert not small, small
    assert max(b["right"] for b in boxes) <= width and min(b["left"] for b in boxes) >= 0
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            apart = (a["right"] <= b["left"] or b["right"] <= a["left"]
                     or a["bottom"] <= b["top"] or b["bottom"] <= a["top"])
            assert apart, (a, b)
