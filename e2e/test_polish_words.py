"""Polish at phone size (390×844), in Japanese and English, by clicks: "Recent moves"
tells a turn from the talon as the screen reader's log does (the card drawn, whether
it beat, the card turned), after a reload too; and the record screen shows a pasted
polish record as the words of :mod:`durak.ui_dom.record.family_words`, its long piles in
sentences of bounded length.  Cards are written as symbols on the screen.

The page plays in lockstep with a mirror on CPython (the page's own controller with
the same rules, seed and ``easy`` computers).  ``DURAK_SHOTS=DIR`` saves both screens
at phone and desktop size.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from durak.pile.game import PileGame
from durak.pile.options import PileRules
from durak.pile.playout import play_random_game
from durak.pile.record import text_record
from durak.ui_dom.record.family_share import read_record
from durak.ui_dom.record.record_words import LINE_CHARS
from durak.ui_dom.table.account import pile_account
from e2e import durak_driver, mode_steps
from e2e.mode_steps import PHONE, shoot
from e2e.test_durak_modes import mirror as pile_mirror
from e2e.test_durak_modes import next_step as pile_next_step
from e2e.test_durak_modes import query as pile_query

OpenTable = Callable[[str], Page]
#: Polish at 3 players, seed 7: the talon is turned within the human's first moves.
RULES, SEED = PileRules(mode="polish", players=3), 7
#: A turn from the talon that tells its story (drew a card against the top one).
STORY = {"ja": re.compile(r"山札から(引いた)?\S+(を引いて|は)"),
         "en": re.compile(r" drew the \S+(, which did not beat| and beat| beat)")}


@pytest.mark.parametrize("mirror_lang", ["ja", "en"], indirect=True)
def test_polish_recent_moves_tell_a_talon_turn_on_a_phone_after_a_reload(
    open_table: OpenTable, page: Page, mirror_lang: str
) -> None:
    lang = mirror_lang
    page.set_viewport_size(PHONE)
    c = pile_mirror(RULES, SEED)
    open_table(pile_query(RULES, SEED, lang))
    for _ in range(30):
        mode_steps.expect_in_step(page, c)
        if any(STORY[lang].search(line) for line in pile_account(c).newest()):
            break
        step = pile_next_step(c)
        page.locator(durak_driver.control(step)).click()
        durak_driver.run_now(c.handle(*step))
    want = pile_account(c).newest()
    assert any(STORY[lang].search(line) for line in want), want
    page.locator("#account-summary").click()
    expect(page.locator("#account-list li")).to_have_text(want)
    # A reload continues the game from its save: the list still tells the story.
    page.reload()
    expect(page.locator("html.napoleon-ready")).to_have_count(1, timeout=60_000)
    mode_steps.expect_in_step(page, c)
    if page.locator("#dk-account[open]").count() == 0:
        page.locator("#account-summary").click()
    expect(page.locator("#account-list li")).to_have_text(want)
    shoot(page, f"account-polish-{lang}")


@pytest.mark.parametrize("mirror_lang", ["ja", "en"], indirect=True)
def test_a_polish_record_reads_in_bounded_sentences_on_a_phone(
    open_table: OpenTable, page: Page, mirror_lang: str
) -> None:
    """Polish at 3 players, seed 4, played by a seeded random player: its record pasted
    into the record screen reads as the family's words, no line longer than
    LINE_CHARS, a long pile going on in indented sentences."""
    lang = mirror_lang
    page.set_viewport_size(PHONE)
    game = play_random_game(PileGame.new(PileRules(mode="polish", players=3), seed=4),
                            random.Random(4))
    text = text_record(game)
    want = [line for _kind, line in read_record(text).lines]
    assert max(map(len, want)) <= LINE_CHARS
    open_table(pile_query(RULES, SEED, lang))
    page.locator("#btn-record").click()
    expect(page.locator("dialog#record[open]")).to_have_count(1)
    page.locator("#record-paste").fill(text)
    page.locator("#record-load").click()
    expect(page.locator("#record-words li")).to_have_text(want)
    assert page.locator("#record-words li.words-more").count() > 0
    shoot(page, f"record-polish-{lang}")
