"""One whole game with the keyboard alone (accessibility; the
SdC screen of docs/rules/napoleon.md §7): every control is a real button, the focus lands on
the control the table waits for, arrow keys move along the hand, Enter acts.

The page runs in lockstep with its driver on CPython (``e2e.table_driver``);
which act a key press made is read from the focused button's ``data-act``.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page

from e2e.table_driver import (
    act,
    at_result,
    check_nothing_hidden_shown,
    check_record_at_result,
    expect_in_step,
    human_turn,
    mirror,
    query,
)
from napoleon.game import Phase

SEED = 11
FOCUSED_JS = """() => {
  const a = document.activeElement;
  return a && a.dataset.act ? [a.dataset.act, a.getAttribute('data-arg')] : ['', null];
}"""


def focused(page: Page) -> tuple[str, str | None]:
    name, arg = page.evaluate(FOCUSED_JS)
    return str(name), None if arg is None else str(arg)


def press(page: Page, key: str) -> tuple[str, str | None]:
    """Press ``key`` and say which control had the focus when it was pressed."""
    before = focused(page)
    page.keyboard.press(key)
    return before


def test_one_game_by_keyboard_only(open_table: Callable[[str], Page]) -> None:
    page = open_table(query(SEED))
    c = mirror(SEED)
    arrows = 0
    records = 0
    expect_in_step(page, c)
    while human_turn(c) and not c.match.results:
        check_nothing_hidden_shown(page, c)
        v = c.view()
        if c.waiting_for_next():
            if at_result(c):
                # The 譜 is shown by itself; the focus still waits on NEXT.
                check_record_at_result(page, c)
                records += 1
            step = press(page, "Enter")
            assert step[0] == "next"
        elif v.phase is Phase.BID:
            for _ in range(6):  # Tab along the bidding controls to DROP
                if focused(page)[0] == "drop":
                    break
                page.keyboard.press("Tab")
            step = press(page, "Enter")
            assert step[0] == "drop"
        elif v.phase is Phase.PLAY and page.locator("#hand button:not([disabled])").count() > 1:
            first = focused(page)
            page.keyboard.press("ArrowRight")
            assert focused(page) != first
            arrows += 1
            step = press(page, "Enter")
            assert step[0] == "play"
        else:
            step = press(page, "Enter")
        assert step[0], "the focus must be on a control when the table waits"
        act(c, step)
        expect_in_step(page, c)
    assert c.match.results, "the game was played to its end"
    assert arrows >= 3
    assert records == 1
