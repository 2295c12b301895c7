"""Every game of the Durak family has the table's features by clicks, at phone size
(390×844): a heap game (2 players) and a suit deal played to their end in lockstep
with a mirror on CPython (the page's own controller, same rules, seed and ``easy``
computers), then the end's record in words in Japanese and English with the notation
folded behind its key, the menu's Record screen listing the game in words, the game
counted in Statistics under its own name, and the rules dialog naming the game on
the table; axe audits the end and the record screen.
``DURAK_SHOTS=DIR`` saves screenshots of the end and the record screen.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from durak.pile.options import PileRules
from durak.pile.record import text_record
from durak.rules import Rules
from durak.ui_dom import i18n
from durak.ui_dom.table.card_words import seat_names
from e2e import mode_steps
from e2e.axe_audit import Violation, failing
from e2e.family_steps import check_records, end_written, written_in
from e2e.mode_steps import PHONE, expect_in_step
from e2e.test_durak_modes import mirror as pile_mirror
from e2e.test_durak_modes import next_step as pile_step
from e2e.test_durak_modes import query as pile_query
from e2e.test_durak_suit_deal import mirror as suit_mirror
from e2e.test_durak_suit_deal import next_step as suit_step
from e2e.test_durak_suit_deal import query as suit_query

OpenTable = Callable[[str], Page]


def test_a_heap_game_has_every_table_feature(open_table: OpenTable, page: Page) -> None:
    page.set_viewport_size(PHONE)
    rules, seed = PileRules(mode="heap", players=2), 5
    open_table(pile_query(rules, seed, "ja"))
    c = pile_mirror(rules, seed)
    expect_in_step(page, c)
    mode_steps.play_to_end(page, c, pile_step)
    expect(page.locator("#result")).to_be_visible()
    for lang in ("ja", "en"):  # the notation is the pile record's, seats named in lang
        end = written_in(lang, lambda: end_written(c))
        assert end.notation == text_record(c.game, seat_names_in(lang), seed)
    found: list[Violation] = []
    check_records(page, c, found)
    assert failing(found) == [], "\n".join(map(str, failing(found)))


def test_a_suit_deal_has_every_table_feature(open_table: OpenTable, page: Page) -> None:
    page.set_viewport_size(PHONE)
    seed = 3
    rules = Rules(players=2, mode="suit_deal")
    open_table(suit_query(seed, "ja", rules))
    c = suit_mirror(seed, rules)
    expect_in_step(page, c)
    mode_steps.play_to_end(page, c, suit_step)
    expect(page.locator("#result")).to_be_visible()
    found: list[Violation] = []
    check_records(page, c, found)
    assert failing(found) == [], "\n".join(map(str, failing(found)))


def seat_names_in(lang: str) -> list[str]:
    i18n.set_language(lang)
    try:
        return seat_names(2)
    finally:
        i18n.set_language("ja")
