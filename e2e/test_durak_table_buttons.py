"""The Durak tables' buttons keep their words on one line: 「待った」 (Undo) is read
as one word, never 「待っ」 over 「た」, at phone (390×844) and desktop (1280×800)
size, in each of the six pile games (a game's controls beside the undo differ) and
in the ordinary game, whose table has the same lower row.

A word's lines are counted in the browser: the distinct tops of the line boxes of
the button's text (a ``Range`` over it).  ``DURAK_SHOTS=DIR`` saves each table.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from durak.pile.options import MODES, PileRules
from durak.rules import Rules
from e2e import durak_driver
from e2e.mode_steps import DESKTOP, PHONE, shoot
from e2e.test_durak_modes import query

OpenTable = Callable[[str], Page]

#: How many lines each of the table's buttons' text takes.
LINES_JS = """() => [...document.querySelectorAll('#table button.btn')].map(b => {
  const r = document.createRange();
  r.selectNodeContents(b);
  const tops = new Set([...r.getClientRects()].filter(x => x.width > 0)
                       .map(x => Math.round(x.top)));
  return [b.id || b.textContent, tops.size];
})"""

#: Each table's address: the pile games at 3 players, perevodnoy (the ordinary game
#: with Transfer among its buttons) at 2.
ADDRESSES = {**{mode: query(PileRules(mode=mode, players=3), 5, "ja") for mode in MODES},
             "perevodnoy": durak_driver.query(
                 27, f"&{Rules.preset('perevodnoy').replace(players=2).to_text()}&lang=ja")}


@pytest.mark.parametrize("table", list(ADDRESSES))
def test_undo_and_every_table_button_stay_on_one_line(open_table: OpenTable, page: Page,
                                                      table: str) -> None:
    page.set_viewport_size(DESKTOP)
    open_table(ADDRESSES[table])
    undo = page.locator("#btn-undo")
    expect(undo).to_have_text("待った")
    for size, view in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(view)
        expect(undo).to_be_visible()
        lines = dict(page.evaluate(LINES_JS))
        assert lines.get("btn-undo") == 1, (size, lines)
        assert all(n == 1 for n in lines.values()), (size, lines)
    shoot(page, f"table-buttons-{table}")
