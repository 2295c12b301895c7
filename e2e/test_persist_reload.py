"""The match in progress survives a reload or a closed tab: saved after
every action and restored exactly, to continue where you left off; a corrupt or
incompatible save is reported and set aside, never a broken page.

The page is driven in lockstep with a CPython mirror of the same match
(e2e.table_driver): after the reload the page must show exactly the mirror's
state, and the rest of the game must go on exactly as the mirror's does.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from e2e.conftest import wait_until_ready
from e2e.guard import PageGuard
from e2e.table_driver import Controller, Policy, click, expect_in_step, mirror, play_in_page
from e2e.table_steps import notices, table_state, wait_human
from napoleon.game import Phase

SEED = 3
PLAIN = "?level=easy&anim=instant"


def play_to_mid_trick(page: Page, c: Controller, policy: Policy) -> None:
    """Click (in lockstep with the mirror) until the human must play into a trick
    that already holds cards."""
    expect_in_step(page, c)
    for _ in range(200):
        g = c.match.game
        if c.human_to_act() and g.phase is Phase.PLAY and g.trick and g.tricks:
            return
        click(page, c, ("next", None) if c.waiting_for_next() else policy.next_step(c))
    raise AssertionError("never reached the middle of a trick")


def markers(page: Page) -> dict[str, Any]:
    attrs: dict[str, Any] = page.locator("#table").evaluate(
        "t => Object.fromEntries(Object.entries(t.dataset))"
    )
    return attrs


def test_reload_in_the_middle_of_a_trick_restores_exactly(
    open_table: Callable[[str], Page], context: BrowserContext, guard: PageGuard
) -> None:
    policy = Policy()
    c = mirror(SEED)
    page = open_table(f"?seed={SEED}&level=easy&anim=instant")
    play_to_mid_trick(page, c, policy)
    before = table_state(page), markers(page)
    assert before[0]["trick"], "the trick already holds cards"

    # The URL without the seed (a seed in the URL asks for that new match).
    page.goto(page.url.split("?")[0] + PLAIN)
    wait_until_ready(page)
    expect_in_step(page, c)
    assert (table_state(page), markers(page)) == before
    assert notices(page) == []

    # A true reload, and a closed tab (a new page of the same browser profile).
    page.reload()
    wait_until_ready(page)
    expect_in_step(page, c)
    assert (table_state(page), markers(page)) == before
    url = page.url
    page.close()
    tab = context.new_page()
    guard.watch_page(tab)
    tab.goto(url)
    wait_until_ready(tab)
    expect_in_step(tab, c)
    assert (table_state(tab), markers(tab)) == before

    # And the game goes on exactly as the mirror's, to its end.
    play_in_page(tab, c, policy, games=1)
    assert c.match.results


def test_reloading_a_seeded_link_keeps_the_match_in_progress(
    open_table: Callable[[str], Page], guard: PageGuard
) -> None:
    """A player who opened a shared ``?seed=N`` link and reloads mid-trick finds the
    same match, not a fresh deal of that seed: a match is never lost."""
    policy = Policy()
    c = mirror(SEED)
    page = open_table(f"?seed={SEED}&level=easy&anim=instant")
    play_to_mid_trick(page, c, policy)
    before = table_state(page), markers(page)
    page.reload()
    wait_until_ready(page)
    expect_in_step(page, c)
    assert (table_state(page), markers(page)) == before
    assert notices(page) == []


CORRUPT = [
    "{not json",
    json.dumps({"format": "napoleon-save/9", "games": []}),
    json.dumps({"format": "napoleon-save/1", "rules": "preset=sdc", "match_seed": 1,
                "games": [{"seed": 1, "first_bidder": 0, "actions": ["<b>bold</b>"]}],
                "scored": 0, "check": "x", "extra": {}}),
]


@pytest.mark.parametrize("raw", CORRUPT, ids=["not-json", "other-version", "bad-action"])
def test_a_corrupt_save_is_reported_set_aside_and_the_page_plays(
    open_table: Callable[[str], Page], raw: str
) -> None:
    page = open_table(PLAIN)
    page.evaluate("raw => localStorage.setItem('/napoleon/napoleon.match', raw)", raw)
    page.reload()
    wait_human(page)
    shown = notices(page)
    assert len(shown) == 1
    assert "napoleon.match.corrupt" in shown[0]
    assert "<b>" not in page.locator("#notices").inner_html()
    assert page.evaluate("localStorage.getItem('/napoleon/napoleon.match.corrupt')") == raw
    # A new match is on the table and playable.
    expect(page.locator("#hand [data-card]")).to_have_count(10)
    assert page.locator("#table").get_attribute("data-phase") in ("bid", "call", "exchange",
                                                                 "play")
    # The next reload is clean again (the bad save was moved aside, a new one written).
    page.reload()
    wait_human(page)
    assert notices(page) == []


def test_a_browser_without_storage_still_plays_and_says_so(
    open_table: Callable[[str], Page], page: Page
) -> None:
    page.add_init_script(
        """Object.defineProperty(window, 'localStorage', {
             get() { throw new DOMException('storage is disabled', 'SecurityError'); }
           });"""
    )
    page = open_table(PLAIN)
    wait_human(page)
    shown = notices(page)
    assert len(shown) == 1 and "保存" in shown[0]
    expect(page.locator("#hand [data-card]")).to_have_count(10)
