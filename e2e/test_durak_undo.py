"""Undo at the Durak table by clicks and keys: the Undo button and Ctrl+Z
take back the human's last decision and the computers' replies since, the table is
drawn exactly as before that decision, a reload keeps what can be taken back, a
refused undo says why, and axe finds no serious violation on the table with the
undo's notice.

The game runs in lockstep with its mirror on CPython (``e2e.durak_driver``), which
undoes too (the controller's ``undo`` act).
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from durak.rules import Rules
from durak.ui_dom.play.controller import HUMAN, Controller
from e2e.axe_audit import SIZES, audit, failing
from e2e.durak_driver import (
    STEP_TIMEOUT_MS,
    Policy,
    act,
    check_hand,
    click,
    expect_in_step,
    mirror,
    play_in_page,
    query,
)

OpenTable = Callable[[str], Page]

#: The table's parts an undo restores (the Undo row itself says what it did).
PARTS_JS = """() => ['seats-top', 'dk-play', 'controls', 'panel-you', 'hand'].map(
  id => { const n = document.getElementById(id); return n ? n.innerHTML : null; })"""


def parts(page: Page) -> list[str | None]:
    got: list[str | None] = page.evaluate(PARTS_JS)
    return got


def undo_by(page: Page, c: Controller, how: str) -> None:
    """Undo by the button or by Ctrl+Z, in the page and the mirror; wait for both."""
    if how == "button":
        page.locator("#btn-undo").click()
    else:
        page.keyboard.press("Control+z")
    act(c, ("undo", None))
    expect_in_step(page, c)


def test_undo_by_button_and_ctrl_z_then_reload_and_undo_again(
    open_table: OpenTable, page: Page
) -> None:
    """Any number of steps within the game, the table as before each
    decision; the save keeps the history across a reload; refused with a notice
    when nothing is left (seed 5, 3 players)."""
    seed, rules = 5, Rules(players=3)
    open_table(query(seed, "&players=3"))
    c = mirror(seed, rules)
    tables: dict[int, list[str | None]] = {}

    def remember(pg: Page, m: Controller) -> None:
        if m.human_to_act() and not m.sel:
            tables.setdefault(len(m.game.actions()), parts(pg))

    play_in_page(page, c, Policy(), on_step=remember,
                 stop=lambda m: (len(m.undoing.decisions_of(m.game, HUMAN)) >= 4
                                 and m.human_to_act()))
    assert not c.over
    expect(page.locator("#btn-undo")).to_be_enabled()
    expect(page.locator("#btn-undo")).to_have_attribute("aria-keyshortcuts", "Control+Z")

    for how in ("button", "ctrl-z"):
        undo_by(page, c, how)
        assert c.human_to_act() and c.undo_note == "done"
        assert parts(page) == tables[len(c.game.actions())]
        check_hand(page, c)
        expect(page.locator("#undo-note")).to_have_text(
            "最後の手を取り消しました。もう一度選んでください")
        expect(page.locator("#announce")).to_contain_text("最後の手を取り消しました")

    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        found = failing(audit(page, f"undo-{size}"))
        assert found == [], "\n".join(map(str, found))
    page.set_viewport_size({"width": 1280, "height": 800})

    # a reload continues the same game with the same history to take back
    page.reload()
    expect(page.locator("html.napoleon-ready")).to_have_count(1, timeout=STEP_TIMEOUT_MS * 2)
    c.undo_note = ""
    expect_in_step(page, c)
    undo_by(page, c, "button")
    assert parts(page) == tables[len(c.game.actions())]

    # the same decision again brings the same replies: play on by clicks
    click(page, c, Policy().next_step(c))
    while c.can_undo():
        undo_by(page, c, "ctrl-z")
        assert parts(page) == tables[len(c.game.actions())]
    expect(page.locator("#btn-undo")).to_be_disabled()
    page.keyboard.press("Control+z")
    act(c, ("undo", None))
    assert c.undo_note == "none"
    expect(page.locator("#undo-note")).to_have_text("このゲームで取り消せる手はまだありません")
    expect_in_step(page, c)


def test_undo_is_refused_at_the_games_end(open_table: OpenTable, page: Page) -> None:
    """Never across a game's end: the result shows no Undo button, as on every Durak
    page (``table.undo_offered``: it could only be disabled there, its reason a
    tooltip a phone never shows), and Ctrl+Z leaves the result as it is, saying why in
    the undo's note (seed 2, 2 players)."""
    seed = 2
    open_table(query(seed))
    c = mirror(seed, Rules())
    play_in_page(page, c, Policy())
    assert c.over
    expect(page.locator("#btn-undo")).to_have_count(0)
    expect(page.locator("#btn-next-game")).to_be_visible()
    page.keyboard.press("Control+z")
    act(c, ("undo", None))
    expect(page.locator("#undo-note")).to_have_text("ゲームが終わったので取り消せません")
    expect(page.locator("#result")).to_be_visible()
    expect_in_step(page, c)
