"""One Durak game as a new player lives it, by clicks: it uses undo and
hint, reads the review, the record in both languages, opens the rules, the review
again from the record screen and the statistics, shares the game and opens the link,
then a tampered link, in a fresh browser context.

Seed 3, 2 players, podkidnoy (the default rules), ``anim=instant``.  The game runs in
lockstep with its mirror on CPython (``e2e.durak_driver``): on the way the human asks
for a hint twice (the worker's answer is the one CPython's strong computer gives for
the same view and seed) and takes a decision back twice (the Undo button, then
Ctrl+Z; the table is the mirror's again each time), then plays the game to its end.
After the last card: the end screen's review, which the page's worker computes
decision by decision: its marked moments are the ones :mod:`durak.ai.review` marks on
CPython, a marked moment opens its step, every bout is a step with both hands (red
and black suits as at the table), walked by keyboard too; axe at 1280×800 and
390×844.  Then the record in words in Japanese, the language button, the same record
in English; the rules page; the review in English from the record screen; the
statistics, which count this game, its two hints and its two undos; the game's link,
copied from the end screen and opened in a fresh browser context (nothing saved
there, another device), which shows the review of the same game; a tampered link gets
a notice and the normal table.  Every wait is on a marker the page sets (``expect``),
never a sleep.

``DURAK_SHOTS=DIR`` saves screenshots of the review at both sizes into DIR.
"""
from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from durak.actions import action_text
from durak.ai.hint import hint
from durak.ai.reader import reading_of
from durak.ai.review import decision_points, review_decision
from durak.record import text_record
from durak.rules import Rules
from durak.stats import Stats, count_game, count_hint, count_undo, game_facts, variant_of
from durak.ui_dom import i18n
from durak.ui_dom.hint.hint_view import hint_request
from durak.ui_dom.play.controller import HUMAN, Controller
from durak.ui_dom.record.record_words import words
from durak.ui_dom.stats import stats_view
from e2e.axe_audit import audit, failing
from e2e.conftest import wait_until_ready
from e2e.durak_driver import Policy, act, expect_in_step, mirror, play_in_page, query
from e2e.guard import PageGuard
from e2e.stats_steps import open_stats, shown_rows
from e2e.test_durak_hint import THINK_TIMEOUT_MS
from e2e.test_durak_record import NAMES, close_record, open_record

OpenTable = Callable[[str], Page]
SEED = 3
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
REVIEW_TIMEOUT_MS = 90_000


def shot(page: Page, name: str) -> None:
    folder = os.environ.get("DURAK_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"review-{name}.png"), full_page=True)


def wait_reviewed(page: Page, decisions: int) -> None:
    expect(page.locator("dialog#review[open]")).to_have_count(1)
    expect(page.locator("#review-progress[data-done=true]")).to_have_count(
        1, timeout=REVIEW_TIMEOUT_MS)
    expect(page.locator("#review-progress")).to_contain_text(str(decisions))
    expect(page.locator("#review .review-error")).to_have_count(0)


def walk_steps(page: Page, bouts: int, players: int) -> None:
    """Every bout is a step showing every hand; « next » stops at the last one."""
    expect(page.locator("#review-prev")).to_be_disabled()
    for n in range(1, bouts + 1):
        expect(page.locator("#review-step")).to_have_attribute("data-step", str(n - 1))
        expect(page.locator("#review .review-hands tr[data-seat]")).to_have_count(players)
        expect(page.locator("#review .review-moves li.words-bout")).to_have_count(1)
        if n < bouts:
            page.locator("#review-next").click()
    expect(page.locator("#review-next")).to_be_disabled()


def at_decision(after: int) -> Callable[[Controller], bool]:
    """Stop once the human has made ``after`` decisions and faces a new one with a
    choice, nothing selected, something to take back."""
    def stop(c: Controller) -> bool:
        return (len(c.undoing.decisions_of(c.game, HUMAN)) >= after and c.human_to_act()
                and not c.sel and len(c.legal()) > 1 and c.can_undo())
    return stop


def ask_hint(page: Page, c: Controller) -> None:
    """The Hint button: the worker's answer is CPython's strong computer's for this view."""
    want = hint(c.acting_view(), reading=reading_of(json.loads(hint_request(c))))
    page.locator("#btn-hint").click()
    box = page.locator("#hint[data-action]")
    expect(box).to_be_visible(timeout=THINK_TIMEOUT_MS)
    expect(box).to_have_attribute("data-action", action_text(want.action))
    expect(box).to_have_attribute("data-reason", want.reason.kind)
    expect(page.locator("#hint .hint-why")).not_to_be_empty()


def undo(page: Page, c: Controller, how: str) -> None:
    """Take the last decision back by the button or Ctrl+Z, in the page and the mirror."""
    if how == "button":
        page.locator("#btn-undo").click()
    else:
        page.keyboard.press("Control+z")
    act(c, ("undo", None))
    assert c.undo_note == "done"
    expect_in_step(page, c)
    expect(page.locator("#undo-note")).to_have_text(
        "最後の手を取り消しました。もう一度選んでください")


def marked_moments(c: Controller) -> tuple[list[int], list[int]]:
    """The review's decisions and the ones it marks, as CPython reviews the game."""
    game = c.game
    plan = decision_points(game, HUMAN)
    marked = sorted(m.index for m in (review_decision(game, HUMAN, i) for i in plan)
                    if m.costly)
    return plan, marked


#: Whether the review's step title lies below the dialog's sticky head, in the dialog.
STEP_TITLE_IN_VIEW_JS = """() => {
  const box = document.getElementById('review').getBoundingClientRect();
  const head = document.querySelector('#review .dialog-head').getBoundingClientRect();
  const title = document.querySelector('#review-step .review-step-title')
    .getBoundingClientRect();
  return title.top >= head.bottom - 1 && title.bottom <= box.bottom;
}"""
#: The table's ink and red (web/style.css ``--ink``, ``--red``).
BLACK, RED = "rgb(29, 29, 29)", "rgb(198, 40, 40)"


def red_and_black(page: Page) -> dict[str, str]:
    """Each suit's colour among the review's hands (♥♦ red as at the table)."""
    got: dict[str, str] = page.locator("#review .review-hands .card[data-card]").evaluate_all(
        """cs => Object.fromEntries(cs.map(c => [c.dataset.card.slice(-1).toLowerCase(),
                                                 getComputedStyle(c).color]))""")
    return got


def shown_marks(page: Page) -> list[int]:
    found = page.locator("#review-costly button.costly").evaluate_all(
        "bs => bs.map(b => b.dataset.index)")
    return sorted(int(i) for i in found)


def test_one_game_with_hints_and_undos_then_review_record_rules_stats_and_links(
    open_table: OpenTable, page: Page, browser: Browser, base_url: str, guard: PageGuard
) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_table(query(SEED))
    c = mirror(SEED, Rules())
    policy = Policy()

    # During the game: a hint, an undo by the button, an undo by Ctrl+Z, a hint.
    play_in_page(page, c, policy, stop=at_decision(1))
    assert not c.over, "seed 3's game lasts past the human's first decision"
    ask_hint(page, c)
    play_in_page(page, c, policy, stop=at_decision(3))
    assert not c.over
    undo(page, c, "button")
    play_in_page(page, c, policy, stop=at_decision(5))
    assert not c.over
    undo(page, c, "ctrl-z")
    expect(page.locator("#hint")).to_have_count(0)  # no hint of a decision taken back
    ask_hint(page, c)
    play_in_page(page, c, policy)
    game = c.game
    assert game.result is not None

    # The end screen's review: the moments CPython marks, a marked moment's step,
    # axe at both sizes, then every bout with both hands, walked back by keyboard.
    plan, marked = marked_moments(c)
    assert marked, "seed 3's game has moments the review marks (two on CPython)"
    assert game.bout > 1, "seed 3's game has more than one bout to step through"
    page.locator("#btn-review").click()
    wait_reviewed(page, len(plan))
    expect(page.locator("#review-title")).to_have_text("レビュー")
    assert shown_marks(page) == marked[:8]
    assert red_and_black(page) == {"h": RED, "d": RED, "s": BLACK, "c": BLACK}
    first = page.locator("#review-costly button.costly").first
    expect(first).to_contain_text("ドゥラークにならない見込み: あなたの手で")
    step = first.get_attribute("data-step")
    first.click()
    expect(page.locator("#review-step")).to_have_attribute("data-step", str(step))
    expect(page.locator("#review-step")).to_be_focused()
    expect(page.locator("#review-step .review-decision.costly")).not_to_have_count(0)
    for name, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        shot(page, f"ja-{name}")
        assert failing(audit(page, f"durak-review-{name}")) == []
    page.set_viewport_size({"width": 1280, "height": 800})
    while page.locator("#review-prev").is_enabled():
        page.locator("#review-prev").focus()
        page.keyboard.press("Enter")
    walk_steps(page, game.bout, 2)
    page.keyboard.press("Escape")
    expect(page.locator("dialog#review[open]")).to_have_count(0)

    # The record in words: Japanese, then English by the language button.
    machine = text_record(c.game, None, None, c.number)
    open_record(page)
    assert page.locator("#record-words li").all_text_contents() == words(
        machine, NAMES["ja"], "ja")
    close_record(page)
    page.locator("#btn-lang").click()
    expect(page.locator("#btn-record")).to_have_text("Record")
    open_record(page)
    english = page.locator("#record-words li").all_text_contents()
    assert english == words(machine, NAMES["en"], "en")
    assert any(line.startswith("Bout 1") for line in english), english[:3]
    close_record(page)

    # The rules page, from the menu.
    page.locator("#btn-rules").click()
    expect(page.locator("dialog#rules")).to_be_visible()
    expect(page.locator("#rules-title")).to_have_text("Durak's rules")
    page.keyboard.press("Escape")
    expect(page.locator("dialog#rules")).to_be_hidden()

    # The review in English, from the record screen of any finished game.
    page.locator("#btn-record").click()
    page.locator("#record-review").click()
    wait_reviewed(page, len(plan))
    expect(page.locator("#review-title")).to_have_text("Review")
    expect(page.locator("#review-step h3")).to_have_text("Bout 1")
    assert shown_marks(page) == marked[:8]
    expect(page.locator("#review-costly button.costly").first).to_contain_text(
        "Chance of not being the durak: ")
    shot(page, "en-desktop")
    page.locator("#review-close").click()
    expect(page.locator("dialog#review[open]")).to_have_count(0)

    # The statistics: this game, its two hints and its two undos, counted at its end.
    rules = c.game.rules
    want = Stats()
    for _ in range(2):
        count_hint(want, rules)
        count_undo(want, rules)
    count_game(want, rules, game_facts(c.game, HUMAN), "x")
    tally = want.tallies[("preset=podkidnoy", 2)]
    assert (tally.games, tally.hints, tally.undos) == (1, 2, 2)
    open_stats(page)
    i18n.set_language("en")
    try:
        expected = {key: value for key, _label, value in stats_view.rows(tally, variant_of(rules))}
    finally:
        i18n.set_language("ja")
    assert shown_rows(page) == expected
    assert (expected["hints"], expected["undos"]) == ("2", "2")
    page.keyboard.press("Escape")
    expect(page.locator("#stats")).to_be_hidden()

    # The game's link, copied from the end screen.
    page.locator("#btn-share-game").click()
    link = page.locator("#share-url").input_value()
    assert link.startswith(base_url + "?game=durak#game="), link[:80]
    expect(page.locator("#copy-note")).to_have_text("Link copied.")
    assert page.evaluate("navigator.clipboard.readText()") == link

    # Opened in a fresh browser context: nothing saved there, the same game's review.
    other = browser.new_context(locale="ja-JP", service_workers="block")
    try:
        guard.watch_context(other)
        fresh = other.new_page()
        guard.watch_page(fresh)
        errors: list[str] = []
        fresh.on("pageerror", lambda e: errors.append(str(e)))
        fresh.goto(link)
        wait_until_ready(fresh)
        wait_reviewed(fresh, len(plan))
        expect(fresh).not_to_have_url(re.compile("#game="))  # a reload shows the table
        expect(fresh.locator("#review-title")).to_have_text("レビュー")
        assert shown_marks(fresh) == marked[:8]
        expect(fresh.locator("#review-costly button.costly").first).to_contain_text(
            "ドゥラークにならない見込み: あなたの手で")
        walk_steps(fresh, c.game.bout, 2)
        for width, height in ((1280, 800), (390, 844)):  # a marked moment: its step in view
            fresh.set_viewport_size({"width": width, "height": height})
            fresh.locator("#review-costly button.costly").first.click()
            expect(fresh.locator("#review-step")).to_be_focused()
            assert fresh.evaluate(STEP_TITLE_IN_VIEW_JS), (width, height)
        expect(fresh.locator("#notices .notice-text")).to_have_count(0)
        fresh.keyboard.press("Escape")

        # A tampered link: a notice, never an error (the guard hears every page
        # error), and the normal table.
        payload = link.split("#game=", 1)[1]
        middle = len(payload) // 2
        flipped = "A" if payload[middle] != "A" else "B"
        fresh.goto(f"{base_url}?game=durak#game={payload[:middle]}{flipped}"
                   f"{payload[middle + 1:]}")
        wait_until_ready(fresh)
        expect(fresh.locator("#notices .notice-text")).to_have_count(1, timeout=30_000)
        expect(fresh.locator("#notices .notice-text")).to_contain_text(
            "共有されたゲームを開けません")
        expect(fresh.locator("dialog#review[open]")).to_have_count(0)
        expect(fresh.locator("#hand [data-card]")).not_to_have_count(0)
        assert errors == []
    finally:
        other.close()
