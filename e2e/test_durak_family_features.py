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

import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

from durak.pile.options import PileRules
from durak.pile.record import text_record
from durak.rules import Rules
from durak.ui_dom import i18n
from durak.ui_dom.card_words import seat_names
from durak.ui_dom.family_words import Written, write_pile, write_suit_deal
from e2e import mode_steps
from e2e.axe_audit import Violation, audit, failing
from e2e.mode_steps import PHONE, expect_in_step, shoot
from e2e.stats_steps import open_stats, shown_rows
from e2e.test_durak_modes import mirror as pile_mirror
from e2e.test_durak_modes import next_step as pile_step
from e2e.test_durak_modes import query as pile_query
from e2e.test_durak_suit_deal import mirror as suit_mirror
from e2e.test_durak_suit_deal import next_step as suit_step
from e2e.test_durak_suit_deal import query as suit_query

OpenTable = Callable[[str], Page]
#: Machine notation in what should be words: ``0:!``, ``1:7D``, ``b1 0>1``.
NOTATION = re.compile(r"\b\d:(!|@|[2-9TJQKA][SHDC])|\bb\d+ \d>\d")
GAME_NAMES = {("heap", "ja"): "山積み", ("heap", "en"): "Heap",
              ("suit_deal", "ja"): "印合わせ", ("suit_deal", "en"): "Suit deal"}


def written_in(lang: str, write: Callable[[], Written]) -> Written:
    """What ``write`` gives with the page's words in ``lang``."""
    i18n.set_language(lang)
    try:
        return write()
    finally:
        i18n.set_language("ja")


def lines_in(lang: str, write: Callable[[], Written]) -> list[str]:
    return [text for _kind, text in written_in(lang, write).lines]


def check_end(page: Page, lang: str, want: list[str], notation: str, mode: str,
              found: list[Violation]) -> None:
    """The end shows the record in words (no notation among them) and the notation
    folded under them, with its key; axe finds nothing on it."""
    words = page.locator("#game-words li").all_text_contents()
    assert words == want
    assert not any(NOTATION.search(w) for w in words), words[:3]
    notation_box = page.locator("#game-notation")
    expect(notation_box).not_to_have_attribute("open", "")
    expect(page.locator("#game-record")).to_be_hidden()
    assert page.locator("#game-record").text_content() == notation
    page.locator("#game-notation summary").click()
    expect(page.locator("#game-record")).to_be_visible()
    expect(page.locator("#game-notation-key")).to_contain_text("0:")
    found.extend(audit(page, f"{mode}-{lang}-end-phone"))
    shoot(page, f"family-{mode}-{lang}-end")
    page.locator("#game-notation summary").click()  # folded again


def check_menu(page: Page, lang: str, mode: str, want: list[str],
               found: list[Violation], name: str = "") -> None:
    """The menu's Record screen lists the game in words; Statistics count it under the
    game's name (``name``, else the post's game's); the rules dialog names it."""
    name = name or GAME_NAMES[(mode, lang)]
    page.locator("#btn-record").click()
    expect(page.locator("dialog#record[open]")).to_have_count(1)
    assert page.locator("#record-words li").all_text_contents() == want
    expect(page.locator("#record-key")).to_be_attached()
    found.extend(audit(page, f"{mode}-{lang}-record-phone"))
    shoot(page, f"family-{mode}-{lang}-record")
    page.locator("#record-close").click()
    expect(page.locator("dialog#record[open]")).to_have_count(0)

    open_stats(page)
    chosen = page.locator("#stats-preset option:checked")
    expect(chosen).to_contain_text(name)
    assert shown_rows(page)["games"] == "1"
    page.locator("#stats-close").click()

    page.locator("#btn-rules").click()
    expect(page.locator("#rules-sec-playing")).to_contain_text(name)
    mode_item = page.locator("#rules-opt-mode")
    expect(mode_item).to_contain_text(name)
    page.locator("#rules-close").click()


def test_a_heap_game_has_every_table_feature(open_table: OpenTable, page: Page) -> None:
    page.set_viewport_size(PHONE)
    rules, seed = PileRules(mode="heap", players=2), 5
    open_table(pile_query(rules, seed, "ja"))
    c = pile_mirror(rules, seed)
    expect_in_step(page, c)
    mode_steps.play_to_end(page, c, pile_step)
    expect(page.locator("#result")).to_be_visible()
    found: list[Violation] = []
    for lang in ("ja", "en"):
        if lang == "en":
            page.locator("#btn-lang").click()
            expect(page.locator("#btn-record")).to_have_text("Record")
        end = written_in(lang, lambda: write_pile(c.game, seed, c.number))
        assert end.notation == text_record(c.game, seat_names_in(lang), seed)
        check_end(page, lang, [x for _k, x in end.lines], end.notation, "heap", found)
        screen = lines_in(lang, lambda: write_pile(c.game, None, c.number, named=False))
        check_menu(page, lang, "heap", screen, found)
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
    for lang in ("ja", "en"):
        if lang == "en":
            page.locator("#btn-lang").click()
            expect(page.locator("#btn-record")).to_have_text("Record")
        end = written_in(lang, lambda: write_suit_deal(c.play_now(), seed, c.number))
        check_end(page, lang, [x for _k, x in end.lines], end.notation, "suit_deal", found)
        screen = lines_in(lang, lambda: write_suit_deal(c.play_now(), None, c.number,
                                                        named=False))
        check_menu(page, lang, "suit_deal", screen, found)
    assert failing(found) == [], "\n".join(map(str, failing(found)))



def seat_names_in(lang: str) -> list[str]:
    i18n.set_language(lang)
    try:
        return seat_names(2)
    finally:
        i18n.set_language("ja")
