"""Durak's record screen by clicks (the record in words): opened from the
menu, every finished game bout by bout in the page's language with card symbols,
the machine form (docs/rules/durak.md §7) to copy, a pasted record imported (a tampered one
gets a notice, never an error), kept across a reload, and no axe violation."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from durak.record import text_record
from durak.rules import Rules
from durak.ui_dom.record.record_words import words
from e2e.axe_audit import SIZES, audit, failing
from e2e.durak_driver import Policy, mirror, play_in_page, query

OpenTable = Callable[[str], Page]
SEED = 3
NAMES = {"ja": ["あなた", "CPU1"], "en": ["You", "CPU1"]}


def open_record(page: Page) -> None:
    page.locator("#btn-record").click()
    expect(page.locator("dialog#record[open]")).to_have_count(1)


def close_record(page: Page) -> None:
    page.locator("#record-close").click()
    expect(page.locator("dialog#record[open]")).to_have_count(0)


def test_the_record_in_words_both_languages_copy_import_and_reload(
    open_table: OpenTable, page: Page
) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_table(query(SEED))
    expect(page.locator("#btn-record")).to_be_visible()
    expect(page.locator("#btn-record")).to_have_text("記録")
    # before any game ended: no hidden card is shown, only the import box
    open_record(page)
    expect(page.locator("#record-none")).to_be_visible()
    expect(page.locator("#record-words")).to_have_count(0)
    close_record(page)

    c = mirror(SEED, Rules())
    play_in_page(page, c, Policy())
    machine = text_record(c.game, None, None, c.number)
    open_record(page)
    assert page.locator("#record-text").text_content() == machine
    lines = page.locator("#record-words li").all_text_contents()
    assert lines == words(machine, NAMES["ja"], "ja")
    assert any("バウト" in line and "で攻撃" in line for line in lines)
    assert lines[-1].startswith("ドゥラーク: ") or lines[-1].startswith("引き分け")
    page.locator("#record-copy").click()
    expect(page.locator("#record-status")).to_have_text("コピーしました。")
    assert page.evaluate("navigator.clipboard.readText()") == machine
    for name, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        assert failing(audit(page, f"durak-record-{name}")) == []
    close_record(page)

    # English: the same game in English words
    page.locator("#btn-lang").click()
    expect(page.locator("#btn-record")).to_have_text("Record")
    open_record(page)
    assert page.locator("#record-words li").all_text_contents() == words(
        machine, NAMES["en"], "en")
    expect(page.locator("#record-words li").first).to_contain_text("Trump: ")

    # a tampered record: a notice, the screen unchanged
    page.locator("#record-paste").fill(machine.replace("b1 ", "b1 9>9 ", 1))
    page.locator("#record-load").click()
    expect(page.locator("#notices")).to_contain_text("Cannot read the record")
    expect(page.locator("#record-words")).to_have_count(1)
    # the machine form pasted back reads as the same words
    page.locator("#record-paste").fill(machine)
    page.locator("#record-load").click()
    expect(page.locator("#record h3").first).to_have_text("Imported record")
    assert page.locator("#record-words li").all_text_contents() == words(
        machine, NAMES["en"], "en")
    close_record(page)

    # a reload keeps the finished game's record
    page.reload()
    expect(page.locator("html.napoleon-ready")).to_have_count(1, timeout=60_000)
    open_record(page)
    assert page.locator("#record-text").text_content() == machine
