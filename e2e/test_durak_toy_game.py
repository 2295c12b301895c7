"""A ninth game of the Durak family registered by its entry alone plays to its end by
clicks, at phone size, with the table's features: ``tests/toy_durak`` ("six-card
kurukuru"), in lockstep with a mirror on CPython (the page's own controller, same
rules, seed and ``easy`` computers, the toy registered there too).

The published site does not hold the toy (no part of the wheel, no module of the site
names it): this test adds its file to the page's own PyScript files for its visit
(the ``[files]`` table of ``pyscript.toml``, answered by routes), the worker's too,
and ``web/main.py`` and ``web/worker.py`` register its entry only where the module is
there; without it the same address is refused with a notice and the ordinary game is
dealt (the second test).

On the way: Hint shows the strong search's move for this view and seed; Undo takes a
move back to exactly the table before it; a reload mid-game finds the same table; at
the end the record in words in ja and en, the menu's Record screen, Statistics
counting the game under its name and the rules dialog naming it.  From the ordinary
game, Settings offer the toy by its name in ja and en and deal it when it is chosen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Page, expect

from durak.ai.pile_hint import hint
from durak.family.registry import registered
from durak.pile.actions import action_text
from durak.pile.options import PileRules
from durak.ui_dom import i18n
from durak.ui_dom.hint import strings_hint
from durak.ui_dom.hint.pile_hint_view import hint_seed
from durak.ui_dom.record.family_words import write_pile
from e2e import mode_steps
from e2e.axe_audit import Violation, failing
from e2e.conftest import wait_until_ready
from e2e.durak_driver import run_now
from e2e.family_steps import check_end, check_menu, lines_in, serve_toy, written_in
from e2e.mode_steps import PHONE, expect_in_step
from e2e.test_durak_family_hint_undo import THINK_TIMEOUT_MS, step_of, table_now
from e2e.test_durak_modes import mirror, next_step, query
from tests.toy_durak import ENTRY, MODE

OpenTable = Callable[[str], Page]


@pytest.fixture
def toy() -> Iterator[None]:
    """The toy registered on this side too (the mirror, the expected words)."""
    with registered(ENTRY):
        i18n.add_registered_words()
        yield
    for key in ("val.mode", "howto", "pile.take"):
        del i18n.catalog()[f"{key}.{MODE}"]


def test_the_toy_game_plays_to_its_end_with_hint_undo_reload_record_and_statistics(
        open_table: OpenTable, page: Page, toy: None) -> None:
    strings_hint.register()
    page.set_viewport_size(PHONE)
    serve_toy(page, "toy_durak")
    rules, seed = PileRules(mode=MODE, players=2), 5
    open_table(query(rules, seed, "ja"))
    c = mirror(rules, seed)
    expect_in_step(page, c)
    # Moves up to a decision with a choice, after a move of the human's.
    moved = False
    while not (moved and len(c.legal()) > 1):
        assert not c.over, "no choice in this game"
        mode_steps.click(page, c, next_step(c))
        moved = True
    # Hint: the strong search's move for this very view and seed.
    want = hint(c.view(), hint_seed(c))
    before = table_now(page)
    page.locator("#btn-hint").click()
    box = page.locator("#hint[data-action]")
    expect(box).to_be_visible(timeout=THINK_TIMEOUT_MS)
    expect(box).to_have_attribute("data-action", action_text(want.action))
    # The hinted move, then Undo: the table as it was.
    mode_steps.click(page, c, step_of(action_text(want.action)))
    page.locator("#btn-undo").click()
    run_now(c.handle("undo"))
    expect_in_step(page, c)
    assert table_now(page) == before
    # A reload mid-game finds the same table.
    mode_steps.click(page, c, next_step(c))
    assert not c.over
    before = table_now(page)
    page.reload()
    wait_until_ready(page)
    expect_in_step(page, c)
    assert table_now(page) == before
    mode_steps.play_to_end(page, c, next_step)
    expect(page.locator("#result")).to_be_visible()
    found: list[Violation] = []
    for lang in ("ja", "en"):
        if lang == "en":
            page.locator("#btn-lang").click()
            expect(page.locator("#btn-record")).to_have_text("Record")
        end = written_in(lang, lambda: write_pile(c.game, seed, c.number))
        check_end(page, lang, [x for _k, x in end.lines], end.notation, MODE, found)
        screen = lines_in(lang, lambda: write_pile(c.game, None, c.number, named=False))
        check_menu(page, lang, c.rules, screen, found)
    assert failing(found) == [], "\n".join(map(str, failing(found)))


def test_without_the_toy_module_its_address_is_refused_with_a_notice(
        open_table: OpenTable, page: Page) -> None:
    open_table(f"?game=durak&mode={MODE}&players=2&lang=en")
    notice = page.locator("#notices .notice-text")
    expect(notice.first).to_contain_text(MODE)
    expect(page.locator(f"#table.mode-{MODE}")).to_have_count(0)


def test_the_settings_offer_the_toy_by_its_name_and_deal_it_when_chosen(
        open_table: OpenTable, page: Page, toy: None) -> None:
    page.set_viewport_size(PHONE)
    serve_toy(page, "toy_durak")
    open_table("?game=durak&seed=3&level=easy&anim=instant&lang=ja")
    expect(page.locator("#table.dk-table #hand")).to_be_attached()  # the ordinary game
    page.locator("#btn-settings").click()
    choice = page.locator(f'#set-mode option[value="{MODE}"]')
    expect(choice).to_have_text(ENTRY.name_ja)
    expect(choice).to_be_enabled()
    page.locator("#set-mode").select_option(MODE)
    expect(page.locator("#set-transfer")).to_be_hidden()  # the ordinary game's rows go
    page.locator("#set-players").select_option("2")
    page.locator("#settings-apply").click()
    expect(page.locator("#table")).to_have_attribute("data-mode", MODE)
    expect(page.locator("#table .dk-seat")).to_have_count(2)
    expect(page.locator("#hand button")).to_have_count(6)  # six cards each
    expect(page.locator("#notices .notice")).to_have_count(0)
    # In English the chooser names it in English, the toy chosen.
    page.locator("#btn-lang").click()
    page.locator("#btn-settings").click()
    expect(page.locator("#set-mode")).to_have_value(MODE)
    expect(page.locator(f'#set-mode option[value="{MODE}"]')).to_have_text(ENTRY.name_en)
