"""Durak's review and shared games by clicks.

A 2-player game is played to its end by clicks (``e2e.durak_driver``); the end
screen's 【レビュー】 opens the review, which the page's worker computes decision by
decision: the moments it marks are the ones :mod:`durak.ai.review` marks on CPython
for the same record (fixed seeds), every bout is a step with both hands, and the
review reads in both languages.  The game's link, copied from the end screen, opens
the same review in a fresh browser context (nothing saved, another device); a
tampered link gets a notice and the normal table.  axe at 1280×800 and 390×844.

``DURAK_SHOTS=DIR`` saves screenshots of the review at both sizes into DIR.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, Page, expect

from durak.ai.review import decision_points, review_decision
from durak.rules import Rules
from e2e.axe_audit import audit, failing
from e2e.conftest import wait_until_ready
from e2e.durak_driver import Policy, mirror, play_in_page, query

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


def test_the_review_of_a_finished_game_its_link_and_a_tampered_link(
    open_table: OpenTable, page: Page, browser: Browser, base_url: str
) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_table(query(SEED))
    c = mirror(SEED, Rules())
    play_in_page(page, c, Policy())
    game = c.match.game
    assert game.result is not None
    plan = decision_points(game, 0)
    marked = sorted(m.index for m in (review_decision(game, 0, i) for i in plan) if m.costly)
    bouts = game.bout
    assert marked, "seed 3's game has moments the review marks (two on CPython)"

    # The end screen's review: the moments CPython marks, every bout with both hands.
    page.locator("#btn-review").click()
    wait_reviewed(page, len(plan))
    expect(page.locator("#review-title")).to_have_text("レビュー")
    shown = sorted(int(i) for i in page.locator("#review-costly button.costly").evaluate_all(
        "bs => bs.map(b => b.dataset.index)"))
    assert shown == marked[:8]
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
    # Back to the first step by keyboard, then every step.
    while page.locator("#review-prev").is_enabled():
        page.locator("#review-prev").focus()
        page.keyboard.press("Enter")
    walk_steps(page, bouts, 2)
    page.keyboard.press("Escape")
    expect(page.locator("dialog#review[open]")).to_have_count(0)

    # English, from the record screen of any finished game.
    page.locator("#btn-lang").click()
    page.locator("#btn-record").click()
    page.locator("#record-review").click()
    wait_reviewed(page, len(plan))
    expect(page.locator("#review-title")).to_have_text("Review")
    expect(page.locator("#review-step h3")).to_have_text("Bout 1")
    expect(page.locator("#review-costly button.costly").first).to_contain_text(
        "Chance of not being the durak: ")
    shot(page, "en-desktop")
    page.locator("#review-close").click()

    # The game's link, copied from the end screen.
    page.locator("#btn-share-game").click()
    link = page.locator("#share-url").input_value()
    assert link.startswith(base_url + "?game=durak#game="), link[:80]
    expect(page.locator("#copy-note")).to_have_text("Link copied.")
    assert page.evaluate("navigator.clipboard.readText()") == link

    # Opened on another device: a fresh context, nothing saved.
    other = browser.new_context(locale="ja-JP")
    try:
        fresh = other.new_page()
        errors: list[str] = []
        fresh.on("pageerror", lambda e: errors.append(str(e)))
        fresh.goto(link)
        wait_until_ready(fresh)
        wait_reviewed(fresh, len(plan))
        assert "#game=" not in fresh.url  # a reload shows the table, not the game again
        shown_there = sorted(int(i) for i in fresh.locator(
            "#review-costly button.costly").evaluate_all("bs => bs.map(b => b.dataset.index)"))
        assert shown_there == marked[:8]
        walk_steps(fresh, bouts, 2)
        expect(fresh.locator("#notices .notice-text")).to_have_count(0)
        fresh.keyboard.press("Escape")

        # A tampered link: a notice, never an error, and the normal table.
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
