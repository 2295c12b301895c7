"""Undo (待った) by clicks and keys, in lockstep with a CPython mirror.

Seed 3 (``?seed=3&level=easy``): the human passes, CPU4 is Napoleon and leads.
The page's computers are seeded by the game's state, so the mirror (the same
driver on CPython) says exactly what they answer after every undo.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from e2e.table_driver import (
    Controller,
    Policy,
    at_result,
    check_record_at_result,
    click,
    expect_in_step,
    mirror,
    play_until,
    query,
)
from e2e.table_steps import trick_cards
from napoleon.actions import Play
from napoleon.cards import card_text
from napoleon.game import Phase
from napoleon.ui_dom.controller import HUMAN

SEED = 3

#: The saved match's undo count per game (``undos`` in each game of the save).
UNDOS_JS = """JSON.parse(localStorage.getItem('/napoleon/napoleon.match'))
  .games.map(g => g.undos || 0)"""


def human_cards_played(c: Controller) -> int:
    return sum(1 for s, a in c.match.game.actions() if s == HUMAN and isinstance(a, Play))


def shown_trick(c: Controller) -> list[str]:
    """The cards ``#trick`` shows for the mirror: the paused trick, else the current one."""
    g = c.match.game
    cards = g.tricks[-1].cards if c.trick_pause else tuple(g.trick)
    return [card_text(x) for x in cards]


def test_undo_twice_then_a_different_card_and_the_computers_replay(
    open_table: Callable[[str], Page],
) -> None:
    c = mirror(SEED)
    page = open_table(query(SEED))
    policy = Policy()
    play_until(page, c, policy, lambda m: human_cards_played(m) == 3 and m.human_to_act())
    before = [(s, str(a)) for s, a in c.match.game.actions()]
    undo = page.locator("#btn-undo")
    expect(undo).to_be_enabled()
    # Twice: the human's third card and second card are taken back, with the
    # computers' answers after them.
    click(page, c, ("undo", None))
    click(page, c, ("undo", None))
    assert human_cards_played(c) == 1 and c.human_to_act()
    assert page.locator("#table").get_attribute("data-actions") == str(len(c.match.game.actions()))
    # The same second card again: the computers answer exactly as before.
    second = before[c.match.decisions_of(HUMAN)[-1] + 1 :]
    same = next(a for s, a in second if s == HUMAN)
    card = next(x for x in range(55) if str(Play(x)) == same)
    click(page, c, ("play", str(card)))
    assert trick_cards(page) == shown_trick(c)
    n = len(c.match.game.actions())
    assert [(s, str(a)) for s, a in c.match.game.actions()] == before[:n]
    # Take it back once more and play a different card: the page follows the mirror.
    if c.trick_pause:
        click(page, c, ("next", None))
    click(page, c, ("undo", None))
    legal = [a.card for a in c.view().legal_actions if isinstance(a, Play) and a.card != card]
    assert legal, "seed 3 leaves the human a choice at the second card"
    click(page, c, ("play", str(legal[0])))
    assert trick_cards(page) == shown_trick(c)
    assert str(c.match.game.actions()[n - 1][1]) != same or n > len(c.match.game.actions())
    # The 譜 at the game's end says undo was used (【待った】 3回).
    play_until(page, c, policy, at_result)
    check_record_at_result(page, c)
    expect(page.locator("#result-record-text")).to_contain_text("【待った】 3回")
    click(page, c, ("next", None))
    expect(page.locator("#undo-note")).to_contain_text("1")


def test_ctrl_z_takes_back_and_the_setting_off_hides_the_button(
    open_table: Callable[[str], Page],
) -> None:
    c = mirror(SEED)
    page = open_table(query(SEED))
    play_until(page, c, Policy(), lambda m: m.match.game.phase is Phase.PLAY and m.human_to_act())
    card = next(a.card for a in c.view().legal_actions if isinstance(a, Play))
    click(page, c, ("play", str(card)))
    if c.trick_pause:
        click(page, c, ("next", None))
    page.locator("#status").click()  # the focus on the page, not in a field
    page.keyboard.press("Control+z")
    c.undo()
    expect_in_step(page, c)
    assert c.human_to_act()
    # The saved match keeps the undone state (and the count) across a reload.
    page.reload()
    expect_in_step(page, c)
    assert page.evaluate(UNDOS_JS) == [1]
    # undo=off: no button, and Ctrl+Z does nothing.
    page = open_table(query(SEED + 1) + "&undo=off")
    expect(page.locator("#btn-undo")).to_be_hidden()
