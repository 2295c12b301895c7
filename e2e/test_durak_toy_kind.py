"""A game of a kind of its own registered by its entry alone plays to its end by clicks,
at phone size, with the table's features: ``tests/toy_kind`` ("Climb": its own engine,
neither a pile game nor the ordinary game), in lockstep with a mirror on CPython (the
page's own table, same rules, seed and ``easy`` computers, the toy registered there
too).  Nothing of its page is its own: the family's table plays it through its
registry entry (:mod:`durak.ui_dom.play.family_table`) and draws its seat's view
(:mod:`durak.ui_dom.table.view_table`).

The published site does not hold the toy: this test adds its file to the page's own
PyScript files for its visit (as ``e2e/test_durak_toy_game.py`` does for the toy pile
game), the worker's too, and ``web/main.py`` and ``web/worker.py`` register its entry
only where the module is there.

On the way: Hint shows the entry's hint for this view and seed; Undo takes a move back
to exactly the table before it; a reload mid-game finds the same table; at the end the
record in words in ja and en, the menu's Record screen, Statistics counting the game
under its name and the rules dialog naming it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from cardkit.ui_dom.hint_frame import HINT_SALT
from cardkit.ui_dom.turn_loop import ai_seed
from durak.family.registry import registered
from durak.pile.options import PileRules
from durak.ui_dom import i18n
from durak.ui_dom.hint import strings_hint
from durak.ui_dom.hint.own_hint_view import hint_seed
from durak.ui_dom.i18n import t
from durak.ui_dom.play.family_table import FamilyTable
from durak.ui_dom.play.view_clicks import MOVE_ACT
from durak.ui_dom.record.family_words import write_moves
from durak.ui_dom.review import own_review_view
from durak.ui_dom.table.own_words import move_words
from e2e import mode_steps
from e2e.axe_audit import Violation, audit, failing
from e2e.conftest import wait_until_ready
from e2e.durak_driver import STEP_TIMEOUT_MS, run_now
from e2e.family_steps import check_end, check_menu, lines_in, serve_toy, written_in
from e2e.friends_steps import (
    CONNECT_TIMEOUT_MS,
    RECORD_ON_END,
    host_link,
    join,
)
from e2e.guard import PageGuard
from e2e.mode_steps import DESKTOP, PHONE, expect_in_step
from e2e.test_durak_family_hint_undo import SHOTS, THINK_TIMEOUT_MS
from tests.durak_family.test_toy_kind import first_move, make
from tests.toy_kind import ENTRY, MODE

OpenTable = Callable[[str], Page]
LEVEL = "easy"


@pytest.fixture
def toy() -> Iterator[None]:
    """The toy registered on this side too (the mirror, the expected words)."""
    with registered(ENTRY):
        i18n.add_registered_words()
        yield
    for key in ("val.mode", "howto", "pile.take"):
        del i18n.catalog()[f"{key}.{MODE}"]


def mirror(rules: PileRules, seed: int) -> FamilyTable:
    """The page's own table on CPython, started (the toy's ``easy`` computers)."""
    ctrl = make(seed, players=rules.players)
    run_now(ctrl.start())
    return ctrl


def table_now(page: Page) -> dict[str, object]:
    """What the human sees of the table: the markers, the hand, the middle, the counts."""
    return {
        "markers": page.locator("#table").evaluate(
            "t => Object.fromEntries(Object.entries(t.dataset))"),
        "hand": page.locator("#hand button").evaluate_all(
            "bs => bs.map(b => [b.dataset.arg, b.disabled])"),
        "middle": page.locator("#dk-pile").inner_text(),
        "counts": page.locator("#table .dk-seat .count").all_inner_texts(),
    }


def test_the_toy_of_a_new_kind_plays_to_its_end_with_hint_undo_reload_record_and_statistics(
        open_table: OpenTable, page: Page, toy: None) -> None:
    strings_hint.register()
    page.set_viewport_size(PHONE)
    serve_toy(page, "toy_kind")
    rules, seed = PileRules(mode=MODE, players=3), 5
    open_table(f"?game=durak&{rules.to_text()}&seed={seed}&level={LEVEL}&anim=instant"
               "&lang=ja")
    c = mirror(rules, seed)
    expect_in_step(page, c)
    expect(page.locator("#table .dk-seat")).to_have_count(3)
    # Moves up to a decision with a choice, after a move of the human's.
    moved = False
    while not (moved and len(c.legal()) > 1):
        assert not c.over, "no choice in this game"
        mode_steps.click(page, c, first_move(c))
        moved = True
    # Hint: the entry's hint for this very view and seed, its move marked.
    hint_json = ENTRY.computers.hint_json
    assert hint_json is not None
    want = json.loads(hint_json(c.view().to_json(), hint_seed(c)))["action"]
    before = table_now(page)
    page.locator("#btn-hint").click()
    box = page.locator("#hint[data-action]")
    expect(box).to_be_visible(timeout=THINK_TIMEOUT_MS)
    expect(box).to_have_attribute("data-action", want)
    expect(page.locator(f'#table [data-act="move"][data-arg="{want}"].hinted')).to_have_count(1)
    Path(SHOTS).mkdir(parents=True, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/toy-kind-hint-phone.png", full_page=True)
    # The hinted move, then Undo: the table as it was.
    mode_steps.click(page, c, (MOVE_ACT, want))
    page.locator("#btn-undo").click()
    run_now(c.handle("undo"))
    expect_in_step(page, c)
    assert table_now(page) == before
    # A reload mid-game finds the same table.
    mode_steps.click(page, c, first_move(c))
    assert not c.over
    before = table_now(page)
    page.reload()
    wait_until_ready(page)
    expect_in_step(page, c)
    assert table_now(page) == before
    # At desktop size the same table, every seat and the hand in view, nothing wider.
    page.set_viewport_size(DESKTOP)
    assert table_now(page) == before
    for where in ("#table", "#hand", "#dk-pile"):
        assert page.locator(where).evaluate("e => e.scrollWidth <= e.clientWidth + 1"), where
    page.screenshot(path=f"{SHOTS}/toy-kind-desktop.png", full_page=True)
    found: list[Violation] = list(audit(page, "toy-kind-desktop"))
    page.set_viewport_size(PHONE)
    mode_steps.play_to_end(page, c, first_move)
    expect(page.locator("#result")).to_be_visible()
    page.screenshot(path=f"{SHOTS}/toy-kind-end-phone.png", full_page=True)
    for lang in ("ja", "en"):
        if lang == "en":
            page.locator("#btn-lang").click()
            expect(page.locator("#btn-record")).to_have_text("Record")
        end = written_in(lang, lambda: write_moves(c.game, seed, c.number))
        check_end(page, lang, [x for _k, x in end.lines], end.notation, MODE, found)
        screen = lines_in(lang, lambda: write_moves(c.game, None, c.number, named=False))
        check_menu(page, lang, c.rules, screen, found)
    # Review: each of the human's decisions with a choice judged by the hint, with the
    # seed the hint used there; the first step's words are the hint's figures.
    page.locator("#result #btn-review").click()
    expect(page.locator("#review-progress[data-done=true]")).to_have_count(
        1, timeout=THINK_TIMEOUT_MS)
    expect(page.locator("#review .review-error")).to_have_count(0)
    first = own_review_view.decisions(ENTRY, c.game, 0)[0]
    at = json.loads(hint_json(own_review_view.before(ENTRY, c.game, first).view(0).to_json(),
                              ai_seed(seed, c.number, first) ^ HINT_SALT))
    played = ENTRY.engine.history(c.game)[first][1]
    figure = dict(map(tuple, at["ranked"]))[played]
    i18n.set_language("en")
    try:
        said = t("prev.you", move=move_words(MODE, played), pct=f"{round(100 * figure)}%")
    finally:
        i18n.set_language("ja")
    expect(page.locator("#review-step")).to_contain_text(said)
    found.extend(audit(page, "toy-kind-review-phone"))
    page.keyboard.press("Escape")
    # The game's link opens it in words, and its review, on a page that has the game.
    page.locator("#result #btn-share-game").click()
    link = page.locator("#share-url").input_value()
    assert "#game=" in link
    page.goto(link)
    wait_until_ready(page)
    expect(page.locator("dialog#record[open]")).to_have_count(1)
    assert page.locator("#record-words li").all_text_contents() == screen
    page.locator("#record-review").click()
    expect(page.locator("dialog#review[open]")).to_have_count(1)
    expect(page.locator("#review-progress[data-done=true]")).to_have_count(
        1, timeout=THINK_TIMEOUT_MS)
    expect(page.locator("#review .review-error")).to_have_count(0)
    assert failing(found) == [], "\n".join(map(str, failing(found)))


def test_two_friends_play_a_whole_game_of_a_kind_of_its_own_by_clicks(
        relay: str, open_table: OpenTable, page: Page, browser: Browser, guard: PageGuard,
        toy: None) -> None:
    """Play with friends, by the entry alone: the host's page (Japanese) referees the
    toy, the guest's (English, its own browser context, the toy served to it too)
    draws only its seat's view, the moves read from its views.  The whole game is
    played by clicks on the page of the seat to act, in lockstep with a mirror; every
    view the guest's page received is its seat's view at that moment; the finished
    game's record goes to the guest, whose end shows it in words."""
    serve_toy(page, "toy_kind")
    rules, seed = PileRules(mode=MODE, players=2), 6
    host = open_table(f"?game=durak&{rules.to_text()}&seed={seed}&level={LEVEL}"
                      "&anim=instant")
    host.set_viewport_size(PHONE)
    guest = join(browser, guard, host_link(host), 1, viewport=PHONE,
                 prepare=lambda page: serve_toy(page, "toy_kind"))
    host.locator("#friends-start").click()
    c = make(seed, players=rules.players)
    c.seat_people((0, 1), {})
    pages = {0: host, 1: guest}
    views = {0: json.loads(c.game.view(1).to_json())}
    audited = False
    while not c.over:
        seat = c.game.to_act
        c.handover.hand_to(seat)
        moves = c.engine.moves(c.game)
        on = pages[seat]
        expect(on.locator(f'html:not([data-busy]) #table[data-to-act="{seat}"]'
                          f'[data-actions="{moves}"]')).to_have_count(1, timeout=STEP_TIMEOUT_MS)
        if seat == 1 and not audited:
            found = failing(audit(guest, "friends-toy-kind-guest-phone"))
            assert found == [], "\n".join(map(str, found))
            audited = True
        step = first_move(c)
        on.locator(mode_steps.control(step)).click()
        run_now(c.handle(*step))
        views[c.engine.moves(c.game)] = json.loads(c.game.view(1).to_json())
    assert audited
    for on in pages.values():
        expect(on.locator("#result")).to_be_visible(timeout=STEP_TIMEOUT_MS)
    expect(guest.locator('#friends[data-ended="1"]')).to_have_count(1,
                                                                 timeout=CONNECT_TIMEOUT_MS)
    expect(guest.locator("#friends-note")).to_contain_text(RECORD_ON_END)
    expect(guest.locator("#game-words")).to_be_visible()
    expect(guest.locator('#table[data-friends="guest"]')).to_have_count(1)
    guest.screenshot(path=f"{SHOTS}/toy-kind-guest-end-phone.png", full_page=True)
    sent = [m for m in (json.loads(x) for x in guest.evaluate("window.__got"))
            if m["t"] == "view"]
    assert len(sent) >= 5
    for m in sent:
        assert m["view"] == views[m["turn"]], f"the guest's view at moment {m['turn']}"
