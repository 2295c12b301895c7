"""The game record (譜) in the page: the game record after each game, with a
copy-to-clipboard button; export and import of the JSON record, and replaying an
imported game trick by trick (docs/rules/napoleon.md §6).  An imported record is
untrusted: script-ish strings in it stay inert.

The expected 譜 text is the engine's own (napoleon.record.text_record) for the
same game on CPython: the page must show exactly that.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from playwright.sync_api import BrowserContext, Dialog, FilePayload, Page, expect

from e2e.conftest import wait_until_ready
from e2e.table_driver import (
    Policy,
    at_result,
    check_record_at_result,
    mirror,
    play_in_page,
    play_until,
    query,
    shown_record,
)
from e2e.table_steps import notices
from napoleon.game import Game
from napoleon.playout import play_random_game
from napoleon.record import game_record, record_card, text_record, to_json
from napoleon.rules import Rules

QUERY = "?level=easy&anim=instant"
NAMES_JA = ["あなた", "CPU1", "CPU2", "CPU3", "CPU4"]


def random_game(seed: int, rules: Rules | None = None) -> Game:
    g = Game.new(rules or Rules(), seed)
    play_random_game(g, random.Random(seed))
    return g


def open_record(page: Page) -> None:
    # The record screen is mounted just after the table is ready: wait for it.
    expect(page.locator("#record #record-import")).to_have_count(1, timeout=60_000)
    page.locator("#btn-record").click()
    expect(page.locator("#record")).to_be_visible()


def paste_record(page: Page, text: str) -> None:
    page.locator("#record-paste").fill(text)
    page.locator("#record-load").click()


def test_after_a_game_the_record_is_the_engines_text_and_a_reload_keeps_it(
    open_table: Callable[[str], Page], context: BrowserContext
) -> None:
    """After a game, the record screen shows the engine's text, in either symbols,
    copies it and exports the JSON; after NEXT and a reload it still lists the
    game with Copy, Review and Share link."""
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    seed = 3
    c = mirror(seed)
    page = open_table(query(seed))
    play_in_page(page, c, Policy(), games=1)
    open_record(page)
    game = c.match.games[0]
    assert game.result is not None
    expected = text_record(game, NAMES_JA, "cards")
    expect(page.locator("#record-text")).to_have_text(expected.rstrip("\n"))
    assert page.locator("#record-text").text_content() == expected
    # The SdC symbols, by choice.
    page.locator("#record-symbols").select_option("record")
    assert page.locator("#record-text").text_content() == text_record(game, NAMES_JA, "record")
    # Copy to the clipboard.
    page.locator("#record-copy").click()
    expect(page.locator("#record-status")).to_have_text("コピーしました")
    assert page.evaluate("navigator.clipboard.readText()") == text_record(
        game, NAMES_JA, "record"
    )
    # The JSON export replays to the same game.
    with page.expect_download() as download:
        page.locator("#record-export").click()
    path = download.value.path()
    exported = json.loads(path.read_text(encoding="utf-8"))
    assert exported["format"] == "napoleon-match/1"
    assert exported["games"][0] == game_record(game)
    # Back to the card symbols (a choice that is kept), then a reload: the record
    # screen still lists the game with Copy, Review and Share link.
    page.locator("#record-symbols").select_option("cards")
    assert page.locator("#record-text").text_content() == expected
    page.reload()
    wait_until_ready(page)
    open_record(page)
    expect(page.locator("#record-symbols")).to_have_value("cards")
    assert page.locator("#record-text").text_content() == expected
    for node_id in ("record-copy", "record-review", "record-share"):
        expect(page.locator(f"#{node_id}")).to_be_visible()


def test_the_record_appears_by_itself_at_each_games_result_and_fits_a_phone(
    open_table: Callable[[str], Page], context: BrowserContext, page: Page
) -> None:
    """As in SdC (docs/rules/napoleon.md §7), the 譜 is shown after every game: it
    is on the table at the result without any click, with a copy button; it stays
    through the standings and leaves when the next game is dealt.  At phone size
    (375×667) the outcome, the points and NEXT are on the first screen at the
    result; the 譜 follows below NEXT, visible without a click."""
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.set_viewport_size({"width": 375, "height": 667})
    seed = 3
    c = mirror(seed)
    page = open_table(query(seed))
    expect(page.locator("#result-record")).to_be_hidden()
    play_until(page, c, Policy(), at_result)
    check_record_at_result(page, c)
    for selector in ("#result .outcome", "#result table.points", "#btn-next"):
        expect(page.locator(selector)).to_be_in_viewport()
    next_box = page.locator("#btn-next").bounding_box()
    record_box = page.locator("#result-record").bounding_box()
    assert next_box is not None and record_box is not None
    assert record_box["y"] >= next_box["y"] + next_box["height"]
    # Nothing wider than the screen: the 譜 scrolls inside its own box.
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    expected = shown_record(c)
    page.locator("#btn-copy-record").click()
    expect(page.locator("#result-record-status")).to_have_text("コピーしました")
    assert page.evaluate("navigator.clipboard.readText()") == expected
    # Still openable later from the button: the record screen shows the same game.
    page.locator("#btn-show-record").click()
    expect(page.locator("#record")).to_be_visible()
    assert page.locator("#record-text").text_content() == expected
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    page.locator("#record-close").click()
    # NEXT: the standings, with the 譜 of the game just played still there.
    play_until(page, c, Policy(), lambda c: c.phase_name() == "standings")
    assert page.locator("#result-record-text").text_content() == expected
    # NEXT: the next game is dealt and the 譜 leaves the table.
    play_until(page, c, Policy(), lambda c: c.phase_name() not in ("standings", "result"))
    expect(page.locator("#result-record")).to_be_hidden()
    expect(page.locator("#result-record-text")).to_have_count(0)


def test_an_imported_record_replays_trick_by_trick(open_table: Callable[[str], Page]) -> None:
    game = random_game(11)
    page = open_table(QUERY)
    open_record(page)
    paste_record(page, to_json(game_record(game)))
    assert notices(page) == []
    assert page.locator("#record-text").text_content() == text_record(game, NAMES_JA, "cards")
    expect(page.locator("#record-step")).to_have_text("第1巡の前")
    expect(page.locator("#record-prev")).to_be_disabled()
    for k, trick in enumerate(game.tricks, 1):
        page.locator("#record-next").click()
        expect(page.locator("#record-step")).to_have_text(f"第{k}巡 / 全10巡")
        for i, card in enumerate(trick.cards):
            seat = trick.seat_of(i, 5)
            mark = ""
            if seat == trick.leader:
                mark = "◎" if trick.winner == seat else "→"
            elif seat == trick.winner:
                mark = "○"
            cell = page.locator(f"#record-trick tr[data-seat='{seat}'] .record-card")
            expect(cell).to_have_text(record_card(card, "cards") + mark)
    expect(page.locator("#record-next")).to_be_disabled()
    expect(page.locator("#record-trick .record-hand").first).to_have_text("")
    page.locator("#record-first").click()
    expect(page.locator("#record-step")).to_have_text("第1巡の前")


def test_a_record_file_imports_too(open_table: Callable[[str], Page]) -> None:
    game = random_game(12, Rules.preset("napoleon_l"))
    page = open_table(QUERY)
    open_record(page)
    payload = FilePayload(
        name="game.json", mimeType="application/json", buffer=to_json(game_record(game)).encode()
    )
    page.locator("#record-file").set_input_files(files=[payload])
    expect(page.locator("#record-text")).to_have_text(
        text_record(game, NAMES_JA, "cards").rstrip("\n")
    )


def tampered(change: str, attack: str) -> str:
    rec = game_record(random_game(13))
    if change == "rules":
        rec["rules"] = attack
    elif change == "action":
        rec["actions"][3] = attack
    elif change == "format":
        rec["format"] = attack
    elif change == "extra key":
        rec[attack] = attack
    return attack if change == "not json" else json.dumps(rec)


def test_script_in_an_imported_record_stays_inert(
    open_table: Callable[[str], Page], page: Page
) -> None:
    attack = '<img src=x onerror="window.__pwned=1;alert(1)">'
    dialogs: list[str] = []

    def dismiss(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", dismiss)
    page = open_table(QUERY)
    open_record(page)
    refused = 0
    for change in ("rules", "action", "format", "not json", "extra key"):
        paste_record(page, tampered(change, attack))
        if change == "extra key":
            # A valid game with an extra key imports; the key is not carried to the export.
            expect(page.locator(".record-imported")).to_be_visible()
            assert attack not in page.locator("#record-json").input_value()
        else:
            refused += 1
            expect(page.locator("#notices .notice")).to_have_count(refused)
            assert "譜を読み込めませんでした" in notices(page)[-1]
    assert sum("<img src=x" in n for n in notices(page)) >= 2  # quoted back as text
    assert dialogs == []
    assert page.evaluate("window.__pwned === undefined")
    expect(page.locator("img[src='x']")).to_have_count(0)
    assert "<img" not in page.locator("#notices").inner_html()
    assert "<img" not in page.locator("#record").inner_html()
