"""The query string sets a preset and options (``?preset=guruguru&siberia=on``);
a bad or unknown value never breaks the page — it falls back and says what it
ignored; and nothing from the URL reaches the page as HTML.

Rules checked: docs/rules/napoleon.md §4 (option keys in the query string, the presets).
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import quote

from playwright.sync_api import Dialog, Page, expect

from e2e.table_steps import notices, open_settings, wait_human
from napoleon.rules import PRESETS


def test_the_issue_example_sets_guruguru_with_siberia(open_table: Callable[[str], Page]) -> None:
    page = open_table("?preset=guruguru&siberia=on&anim=instant&level=easy")
    wait_human(page)
    assert notices(page) == []
    open_settings(page)
    for key, value in PRESETS["guruguru"].replace(siberia=True).options().items():
        expect(page.locator(f"#set-{key}")).to_have_value(value)


def test_the_query_wins_over_saved_settings_without_replacing_them(
    open_table: Callable[[str], Page],
) -> None:
    page = open_table("?anim=instant")
    page.evaluate(
        """localStorage.setItem('/napoleon/napoleon.prefs', JSON.stringify(
             {version: 1, rules: 'preset=mixi', language: 'en'}))"""
    )
    page.goto(page.url.split("?")[0] + "?preset=four&anim=instant&level=easy")
    wait_human(page)
    open_settings(page)
    expect(page.locator("#set-players")).to_have_value("4")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    assert '"preset=mixi"' in page.evaluate("localStorage.getItem('/napoleon/napoleon.prefs')")


BAD = [
    ("siberia=maybe", ["siberia=maybe"]),
    ("preset=nope&colour=blue", ["preset=nope", "colour=blue"]),
    ("seed=abc&level=godlike&anim=slow", ["seed=abc", "level=godlike", "anim=slow"]),
]


def test_bad_query_values_fall_back_with_notices_and_the_game_runs(
    open_table: Callable[[str], Page],
) -> None:
    query = "&".join(q for q, _ in BAD)
    # The good values come first: the bad level and anim are then also repeats.
    page = open_table(f"?anim=instant&level=easy&lang=en&{query}")
    wait_human(page)
    shown = notices(page)
    assert len(shown) == sum(len(named) for _, named in BAD)
    for _, named in BAD:
        for piece in named:
            assert any(piece in n for n in shown), piece
    expect(page.locator("#table")).to_have_attribute("data-phase", "bid")
    expect(page.locator("#hand [data-card]")).to_have_count(10)
    open_settings(page)
    expect(page.locator("#set-preset")).to_have_value("sdc")
    expect(page.locator("#set-level")).to_have_value("easy")


def test_an_unplayable_combination_in_the_query_is_refused_as_a_whole(
    open_table: Callable[[str], Page],
) -> None:
    page = open_table("?trim_deck=on&jokers=0&siberia=on&lang=en&anim=instant&level=easy")
    shown = notices(page)
    assert len(shown) == 1
    assert "trim_deck" in shown[0] and "jokers" in shown[0]
    open_settings(page)
    expect(page.locator("#set-jokers")).to_have_value("1")
    expect(page.locator("#set-siberia")).to_have_value("off")  # nothing half-applied


ATTACKS = [
    "<img src=x onerror=alert(1)>",
    '"><svg onload=alert(2)>',
    "<script>alert(3)</script>",
]


def test_markup_in_the_query_string_stays_inert_text(
    open_table: Callable[[str], Page], page: Page
) -> None:
    dialogs: list[str] = []

    def dismiss(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", dismiss)
    a, b, c = (quote(x) for x in ATTACKS)
    page = open_table(f"?preset={a}&{b}=1&lang={c}&siberia={a}&anim=instant&level=easy")
    wait_human(page)
    shown = notices(page)
    for attack in ATTACKS:
        assert any(attack in n for n in shown), (attack, shown)
    assert dialogs == []
    expect(page.locator("#notices img, #notices svg, #notices script")).to_have_count(0)
    expect(page.locator("body img[src='x'], body svg[onload]")).to_have_count(0)
    # The notice text is the literal attack string, not markup.
    html = page.locator("#notices").inner_html()
    assert "<img" not in html and "<svg" not in html and "<script" not in html
