"""Pass-and-play's names read whole, by clicks, on a phone (390 x 844) and a desktop
(1280 x 800): the longest names the form takes (16 characters, the widest letters),
alike but for their last letter, each whole on its seat's panel (wrapping rather than
cut to the same first letters, which left nobody able to tell whose seat was whose)
and on the privacy screen, in a pile game (chukhonsky) and suit_deal, in English and
Japanese; the page never scrolls sideways."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from cardkit.ui_dom.pass_play import NAME_MAX
from durak.family.modes import CHUKHONSKY, SUIT_DEAL
from e2e.mode_steps import DESKTOP, PHONE
from e2e.test_pass_play import name_people

OpenTable = Callable[[str], Page]
PEOPLE = 4

#: Each seat panel's name: its box against its panel's, and whether it shows whole.
NAMES_JS = """() => [...document.querySelectorAll('#table .panel-name')].map(n => {
  const r = n.getBoundingClientRect(), p = n.closest('.panel').getBoundingClientRect();
  return {text: n.textContent, whole: n.scrollWidth <= n.clientWidth + 1,
          inside: r.left >= p.left - 1 && r.right <= p.right + 1}; })"""


def long_names(lang: str) -> dict[int, str]:
    """Seat → a name of NAME_MAX of the language's widest letters, the seats' names
    alike but for their last letter."""
    wide = "W" if lang == "en" else "龍"
    return {seat: wide * (NAME_MAX - 1) + str(seat + 1) for seat in range(PEOPLE)}


@pytest.mark.parametrize("mode", [CHUKHONSKY, SUIT_DEAL])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_longest_names_read_whole_on_the_seats_and_the_privacy_screen(
        open_table: OpenTable, mode: str, lang: str) -> None:
    names = long_names(lang)
    page = open_table(f"?game=durak&mode={mode}&players={PEOPLE}&seed=7&level=easy"
                      f"&anim=instant&lang={lang}")
    page.set_viewport_size(PHONE)
    name_people(page, names)
    screen = page.locator("#table[data-handover] #pass-screen")
    if mode == CHUKHONSKY:  # (suit_deal's dealing goes round with no screen)
        expect(screen).to_be_visible()
        assert any(name in screen.inner_text() for name in names.values())
        for size in (PHONE, DESKTOP):
            page.set_viewport_size(size)
            assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        page.set_viewport_size(PHONE)
        page.locator("#pass-show").click()
    expect(screen).to_have_count(0)
    expect(page.locator("#seats-top .panel-name")).to_have_count(PEOPLE - 1)
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        shown = page.evaluate(NAMES_JS)
        others = [box["text"] for box in shown if box["text"] in names.values()]
        assert len(others) == PEOPLE - 1, shown
        assert all(box["whole"] and box["inside"] for box in shown), (size, shown)
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
