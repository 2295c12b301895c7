"""Damaged saves never brick a page, for both games.

Each kind of damaged entry checked here — a Durak match whose seat is ``"²"``
(``str.isdigit`` is true, ``int()`` fails) or a number of 5,000 digits, a match or
settings entry whose ``version`` is ``true`` (Napoleon's settings too), and
Napoleon's match and statistics with a field of the wrong type — is planted in
localStorage under the site's scope.  First visit: the page becomes ready, shows a
visible notice naming what was dropped (the ``.corrupt`` key it was moved to),
and still plays.  Second visit: no such notice, the page starts clean.  The guard
fixture fails the test on any error in the page.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from durak.rules import Rules
from e2e.conftest import wait_until_ready
from e2e.table_steps import PLAY_TIMEOUT_MS
from e2e.test_hostile_input import play_one_move
from lab.durak.match import Match, encode_match
from lab.napoleon.hostile_inputs import real_save

NAPOLEON = "?seed=1&level=easy&anim=instant"
DURAK = "?game=durak&seed=2&level=easy&anim=instant"


def durak_save(seat: str | None = None, **change: object) -> str:
    """A real Durak save (a few moves into a 3-player match), edited."""
    match = Match(Rules(players=3), seed=2)
    for _ in range(5):
        match.game.apply(match.game.legal_actions()[0])
    data = {**json.loads(encode_match(match, 2)), **change}
    if seat is not None:
        first = data["actions"][0]
        data["actions"][0] = seat + " " + first.partition(" ")[2]
    return json.dumps(data)


def napoleon_save(**change: object) -> str:
    return json.dumps({**json.loads(real_save(3, 12)), **change})


CASES = [
    (DURAK, "durak.match", durak_save(seat="²")),
    (DURAK, "durak.match", durak_save(seat="9" * 5000)),
    (DURAK, "durak.match", durak_save(version=True)),
    (DURAK, "durak.prefs", json.dumps({"version": True, "level": "easy"})),
    (NAPOLEON, "napoleon.prefs", json.dumps({"version": True, "level": "easy"})),
    (NAPOLEON, "napoleon.match", napoleon_save(scored=True)),
    (NAPOLEON, "napoleon.stats", json.dumps({"format": "napoleon-stats/1", "presets": {
        "sdc": {"games": True}}})),
]
IDS = ["durak-seat-superscript", "durak-seat-5000-digits", "durak-match-version-true",
       "durak-prefs-version-true", "napoleon-prefs-version-true", "napoleon-match-scored-true",
       "napoleon-stats-games-true"]

PLANT = """([key, raw]) => {
  const scope = location.pathname.replace(/[^/]*$/, '');
  localStorage.setItem(scope + key, raw);
}"""
READ = """key => {
  const scope = location.pathname.replace(/[^/]*$/, '');
  return [localStorage.getItem(scope + key), localStorage.getItem(scope + key + '.corrupt')];
}"""


def notice_texts(page: Page) -> list[str]:
    return [str(t) for t in page.locator("#notices .notice").all_inner_texts()]


@pytest.mark.parametrize(("query", "key", "raw"), CASES, ids=IDS)
def test_a_damaged_save_gives_a_notice_once_and_the_next_visit_is_clean(
    open_table: Callable[[str], Page], query: str, key: str, raw: str
) -> None:
    page = open_table(query)
    page.evaluate(PLANT, [key, raw])
    page.reload()
    wait_until_ready(page)
    if key == "napoleon.stats":  # read when the menu is mounted, after the first decision
        play_one_move(page)
    backup = key + ".corrupt"
    expect(page.locator("#notices .notice").filter(has_text=backup)).to_have_count(
        1, timeout=PLAY_TIMEOUT_MS)
    current, kept = page.evaluate(READ, key)
    assert kept == raw and current != raw  # moved aside, kept; the key is free (or new)
    if query == NAPOLEON and key != "napoleon.stats":
        play_one_move(page)  # the table plays on
    # The next visit: the damaged entry is out of the way, the page starts clean.
    page.reload()
    wait_until_ready(page)
    if key == "napoleon.stats":
        play_one_move(page)
    assert not any(backup in text for text in notice_texts(page))
