"""Pass-and-play's setup at every game of the Durak family, by clicks: the number of
players (every size the game is played at) and a computer box on every seat but the
device owner's are offered at each of the eight games, and the table is dealt at the
size chosen, the people under their names and the computers' seats as computers."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from durak.family.modes import MODES
from durak.family.options import player_counts, rules_from_text
from e2e.durak_driver import LEVEL
from e2e.friends_steps import play_together
from e2e.test_pass_play_seats import set_table

OpenTable = Callable[[str], Page]
WAITS_FOR_A_PERSON = """() => !document.documentElement.hasAttribute('data-busy') && (
    document.getElementById('pass-screen') !== null
    || document.querySelector('#hand button:not([disabled]), .deal-table button:not([disabled]),'
                              + '#controls button:not([disabled]):not(#btn-hint):not(#btn-undo)')
       !== null)"""


@pytest.mark.parametrize("mode", MODES)
def test_every_game_sets_up_four_with_two_people_and_two_computers(
        open_table: OpenTable, mode: str) -> None:
    page = open_table(f"?game=durak&mode={mode}&seed=7&level={LEVEL}&anim=instant")
    counts = player_counts(rules_from_text(f"mode={mode}"))
    play_together(page, "btn-pass-play")
    expect(page.locator("#pass-setup-players option")).to_have_count(len(counts))
    expect(page.locator("#pass-cpu-0")).to_have_count(0)
    expect(page.locator("#pass-cpu-1")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(page.locator("#pass-setup")).to_have_count(0)
    set_table(page, {0: "Aki", 1: "Bo"}, computers=(2, 3), players=4)
    table = page.locator("#table")
    screen = page.locator("#pass-screen")
    # The computers before the first person's turn have moved: the table waits for a
    # person (the privacy screen, or a move of theirs to make), no computer thinking.
    page.wait_for_function(WAITS_FOR_A_PERSON)
    if screen.count():
        expect(screen).to_contain_text("Bo")  # only a person is handed the device
        page.locator("#pass-show").click()
        expect(screen).to_have_count(0)
    expect(table.locator("section[data-seat]")).to_have_count(4)
    for name in ("Aki", "Bo", "CPU2", "CPU3"):
        expect(table).to_contain_text(name)
    expect(table).to_contain_text("（あなた）")  # the holder: their name, (you) beside it
