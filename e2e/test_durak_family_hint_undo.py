"""The hint and undo in the Durak family's other games, by clicks at phone size
(390×844), in lockstep with a mirror on CPython (the page's own controller with the
same rules, seed and ``easy`` computers):

* a heap game and a chinese game (2 players): Undo is disabled with its reason
  before the human's first move; at a decision with a choice, Hint asks the worker
  and shows the strong search's move (the one :func:`durak.ai.pile_hint.hint` gives
  here for the same view and seed), its figure and its reason, the move marked on
  the table; the hinted move is made, Undo brings back the table exactly as it
  was; Ctrl+Z does the same after another move;
* ``mode=suit_deal``'s dealing: Hint names the table card the strong level takes;
  Undo after the choice brings the dealing back as it stood.

axe audits the table with the hint shown.  ``/work/notes/shots/`` (or
``DURAK_SHOTS=DIR``) receives a phone-size screenshot of a pile game's hint.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from durak.ai.pile_hint import hint
from durak.ai.pile_levels import decide_json
from durak.cards import card_text
from durak.pile.actions import FROM_TALON, Lay, PileAction, action_text
from durak.pile.options import PileRules
from durak.rules import Rules
from durak.suit_deal.ai import deal_hint
from durak.suit_deal.ai import decide_json as suit_deal_decide_json
from durak.suit_deal.ui_dom.controller import SuitDealController
from durak.ui_dom import i18n
from durak.ui_dom.hint import strings_hint
from durak.ui_dom.hint.pile_hint_view import hint_seed, move_words, reason_words
from durak.ui_dom.i18n import t
from durak.ui_dom.play.family_controller import Hooks
from durak.ui_dom.play.pile_controller import PileController
from e2e.axe_audit import Violation, audit, failing
from e2e.durak_driver import run_now
from e2e.mode_steps import PHONE, click, control, expect_in_step

OpenTable = Callable[[str], Page]
LEVEL = "easy"
#: The worker boots (seconds) before its first answer; the search itself is quick.
THINK_TIMEOUT_MS = 90_000
SHOTS = os.environ.get("DURAK_SHOTS", "/work/notes/shots")


async def _pile_think(view_json: str, level: str, seed: int) -> str:
    return decide_json(view_json, level, seed)


async def _deal_think(view_json: str, level: str, seed: int) -> str:
    return suit_deal_decide_json(view_json, level, seed)


async def _no_pause() -> None:
    return None


def pile_mirror(rules: PileRules, seed: int) -> PileController:
    ctrl = PileController(rules, seed, LEVEL, Hooks(_pile_think, _no_pause, lambda: None))
    run_now(ctrl.start())
    return ctrl


def step_of(text: str) -> tuple[str, str | None]:
    """The table's control for a pile move's record text."""
    return ("take", None) if text == "!" else ("talon", None) if text == "@" else ("card", text)


def lowest(c: PileController) -> tuple[str, str | None]:
    if FROM_TALON in c.legal():
        return ("talon", None)
    lays = sorted(a.card for a in c.legal() if isinstance(a, Lay))
    return ("card", card_text(lays[0])) if lays else ("take", None)


def table_now(page: Page) -> dict[str, object]:
    """What the human sees of the table: the markers, the hand, the pile, the counts."""
    return {
        "markers": page.locator("#table").evaluate(
            "t => Object.fromEntries(Object.entries(t.dataset))"),
        "hand": page.locator("#hand button").evaluate_all(
            "bs => bs.map(b => [b.dataset.arg, b.disabled])"),
        "pile": page.locator("#dk-pile").inner_text(),
        "counts": page.locator("#table .dk-seat .count").all_inner_texts(),
    }


@pytest.mark.parametrize(("mode", "seed"), [("heap", 3), ("chinese", 5)])
def test_a_pile_games_hint_then_a_move_then_undo_gives_back_the_same_table(
        open_table: OpenTable, page: Page, mode: str, seed: int) -> None:
    strings_hint.register()
    page.set_viewport_size(PHONE)
    rules = PileRules(mode=mode, players=2)
    open_table(f"?game=durak&{rules.to_text()}&seed={seed}&level={LEVEL}&anim=instant"
               "&lang=en")
    c = pile_mirror(rules, seed)
    expect_in_step(page, c)
    i18n.set_language("en")
    try:
        # Nothing of the human's to take back yet: the button says why, not a dead control.
        undo = page.locator("#btn-undo")
        expect(undo).to_be_disabled()
        expect(undo).to_have_attribute("aria-description", t("undo.none"))
        expect(undo).to_have_attribute("title", t("undo.none"))
        # Moves up to a decision with a choice, after a move of the human's.
        moved = False
        while not (moved and len(c.legal()) > 1):
            assert not c.over, "no choice in this game"
            click(page, c, lowest(c))
            moved = True
        expect(undo).to_be_enabled()
        want = hint(c.view(), hint_seed(c))
        before = table_now(page)
        page.locator("#btn-hint").click()
        box = page.locator("#hint[data-action]")
        expect(box).to_be_visible(timeout=THINK_TIMEOUT_MS)
        expect(box).to_have_attribute("data-action", action_text(want.action))
        expect(box).to_have_attribute("data-reason", want.reason.kind)
        answer = want.to_dict()
        expect(box.locator(".hint-title")).to_have_text(
            t("hint.title", action=move_words(want.action)))
        expect(box.locator(".hint-why")).to_have_text(
            reason_words(want.reason.kind, dict(want.reason.args)))
        assert want.figure is not None
        expect(box.locator(".hint-figures")).to_contain_text(f"{round(100 * want.figure)}%")
        expect(page.locator("#table .hinted")).to_have_count(1)
        expect(page.locator("#announce")).to_contain_text(
            t("hint.title", action=move_words(want.action)))
        found: list[Violation] = audit(page, f"{mode}-hint-phone")
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SHOTS}/{mode}-hint-phone.png", full_page=True)
        assert failing(found) == [], "\n".join(map(str, failing(found)))
        assert answer["action"] == action_text(want.action)
        # The hinted move, then Undo: the table as it was, the hint gone with its move.
        click(page, c, step_of(action_text(want.action)))
        page.locator("#btn-undo").click()
        run_now(c.handle("undo"))
        expect_in_step(page, c)
        expect(page.locator("#undo-note")).to_have_text(t("undo.done"))
        assert table_now(page) == before
        # Another move, then Ctrl+Z: the same again.
        click(page, c, lowest(c))
        page.keyboard.press("Control+z")
        run_now(c.handle("undo"))
        expect_in_step(page, c)
        assert table_now(page) == before
    finally:
        i18n.set_language("ja")


def test_a_pile_games_review_at_its_end_uses_the_hints_figures(open_table: OpenTable,
                                                               page: Page) -> None:
    """A heap game played to its end by clicks; Review opens the dialog and the worker
    reviews each of the human's decisions with a choice: the first step's best move and
    figure are the hint's at that decision (same worlds, same seed)."""
    from durak.ai.pile_review import decisions

    strings_hint.register()  # the review's words are the hint's (this test may run alone)
    page.set_viewport_size(PHONE)
    rules, seed = PileRules(mode="heap", players=2), 3
    open_table(f"?game=durak&{rules.to_text()}&seed={seed}&level={LEVEL}&anim=instant"
               "&lang=en")
    c = pile_mirror(rules, seed)
    expect_in_step(page, c)
    first: tuple[str, float | None] | None = None
    while not c.over:
        if first is None and len(c.legal()) > 1:
            h = hint(c.view(), hint_seed(c))
            first = (action_text(h.action), h.figure)
        click(page, c, lowest(c))
    assert first is not None
    page.locator("#btn-review").click()
    expect(page.locator("#review-progress[data-done=true]")).to_have_count(
        1, timeout=THINK_TIMEOUT_MS)
    plan = decisions(c.game)
    expect(page.locator("#review-step")).to_be_visible()
    i18n.set_language("en")
    try:
        best = t("prev.strong", move=move_words(parse_pile(first[0])),
                 pct=f"{round(100 * (first[1] or 0))}%")
        same = t("prev.same")
    finally:
        i18n.set_language("ja")
    step = page.locator("#review-step").inner_text()
    assert best in step or same in step, (step, best)
    assert len(plan) >= 1
    found = audit(page, "heap-review-phone")
    Path(SHOTS).mkdir(parents=True, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/heap-review-phone.png", full_page=True)
    assert failing(found) == [], "\n".join(map(str, failing(found)))


def parse_pile(text: str) -> PileAction:
    from durak.pile.actions import parse_action

    return parse_action(text)


RULES = Rules(players=3, mode="suit_deal")


def deal_mirror(seed: int) -> SuitDealController:
    ctrl = SuitDealController(RULES, seed, LEVEL, Hooks(_deal_think, _no_pause, lambda: None))
    run_now(ctrl.start())
    return ctrl


def test_suit_deals_dealing_hint_names_the_card_to_take(open_table: OpenTable,
                                                          page: Page) -> None:
    strings_hint.register()
    page.set_viewport_size(PHONE)
    for seed in range(200):
        c = deal_mirror(seed)
        if c.human_to_act() and c.table is None and len(c.legal()) > 1:
            break
    else:
        raise AssertionError("no seed gives the human a dealing choice at once")
    open_table(f"?game=durak&mode=suit_deal&players=3&seed={seed}&level={LEVEL}"
               "&anim=instant&lang=en")
    expect_in_step(page, c)
    want = deal_hint(c.deal_view())
    page.locator("#btn-hint").click()
    box = page.locator("#hint[data-action]")
    expect(box).to_be_visible(timeout=THINK_TIMEOUT_MS)
    expect(box).to_have_attribute("data-action", str(want["action"]))
    expect(box).to_have_attribute("data-reason", "deal_highest")
    target = str(want["action"])[1:]
    expect(page.locator(control(("take", target)) + ".hinted")).to_have_count(1)
    found = audit(page, "suit_deal-hint-phone")
    Path(SHOTS).mkdir(parents=True, exist_ok=True)
    page.screenshot(path=f"{SHOTS}/suit_deal-hint-phone.png", full_page=True)
    assert failing(found) == [], "\n".join(map(str, failing(found)))
    # Nothing of the human's to take back before their first choice: said, not dead.
    if not c.human_choices():
        i18n.set_language("en")
        try:
            none = t("undo.none")
        finally:
            i18n.set_language("ja")
        expect(page.locator("#btn-undo")).to_be_disabled()
        expect(page.locator("#btn-undo")).to_have_attribute("aria-description", none)
    before = page.locator(".deal-table").inner_text()
    click(page, c, ("take", target))  # the hinted card takes it
    # Undo: the dealing as it stood at the choice, the choice offered again.
    page.locator("#btn-undo").click()
    run_now(c.handle("undo"))
    expect_in_step(page, c)
    assert page.locator(".deal-table").inner_text() == before
    expect(page.locator(control(("take", target)))).to_be_enabled()
