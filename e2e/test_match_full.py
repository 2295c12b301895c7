"""A whole 5-game match from a seeded URL, by clicks only (docs/rules/napoleon.md
§2.7, §4 ``match_games``: points after each game, then the standings with ranks, and
after the 5th game the player's record of the match; §7: the 譜 shown after each
game), then the statistics (成績) of the match: what the CPython mirror counts,
also across a reload; their export offers the JSON, and their reset asks first.

The page is played in lockstep with its own driver on CPython
(``e2e.table_driver``): the same seed and clicks give the same match.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from e2e.stats_steps import open_stats, shown_rows
from e2e.table_driver import (
    Controller,
    Policy,
    check_record_at_result,
    mirror,
    play_in_page,
    query,
)
from e2e.table_steps import notices, wait_human
from e2e.test_stats import STATS_KEY, expected_rows
from napoleon.stats import Stats, count_game
from napoleon.ui_dom.controller import HUMAN, Stage

SEED = 2026


def test_a_seeded_five_game_match_to_the_end_and_its_statistics(
    open_table: Callable[[str], Page],
) -> None:
    page = open_table(query(SEED))
    c = mirror(SEED)
    standings_seen: list[int] = []
    results_seen: list[int] = []

    def look(page: Page, c: Controller) -> None:
        if c.stage is Stage.STANDINGS:
            standings_seen.append(len(c.match.results))
            rows = page.locator("#standings tbody tr")
            expect(rows).to_have_count(5)
            for i, st in enumerate(c.match.standings()):
                cells = rows.nth(i).locator("td")
                expect(cells.nth(0)).to_have_text(str(st.rank))
                expect(cells.nth(3)).to_have_text(str(st.points))
        if c.phase_name() == "result":
            results_seen.append(c.match.game_number)
            check_record_at_result(page, c)
            r = c.match.game.result
            assert r is not None
            expect(page.locator("#result tbody tr").nth(HUMAN).locator("td").nth(3)).to_have_text(
                f"{r.points[HUMAN]:+d}"
            )

    play_in_page(page, c, Policy(bid_to=14), games=5, on_step=look)
    # NEXT after the 5th game's standings: the record of the whole match.
    assert c.phase_name() == "standings"
    assert c.match.is_over
    play_in_page(page, c, Policy(bid_to=14), games=6, on_step=look)
    assert c.phase_name() == "match-over"
    expect(page.locator("#table")).to_have_attribute("data-phase", "match-over")
    expect(page.locator("#match-over .match-table tbody tr")).to_have_count(5)
    mine = next(st for st in c.match.standings() if st.seat == HUMAN)
    expect(page.locator("#match-over .final")).to_have_attribute("data-rank", str(mine.rank))
    assert standings_seen == [1, 2, 3, 4, 5]
    assert results_seen == [1, 2, 3, 4, 5]

    # The statistics of the match, as the mirror counts its five games.
    want = Stats()
    for number, result in enumerate(c.match.results, 1):
        count_game(want, "sdc", result, HUMAN, f"{SEED}:{number}")
    rows = expected_rows(want)
    assert rows["games"] == "5"
    open_stats(page)
    assert shown_rows(page) == rows
    assert rows["points"] == f"{c.match.record_of(HUMAN).points:+d}"
    page.keyboard.press("Escape")
    expect(page.locator("#stats")).to_be_hidden()

    # Across a reload: the same statistics, no notice.
    page.reload()
    wait_human(page)
    open_stats(page)
    expect(page.locator("#stats-summary")).to_be_visible()
    assert shown_rows(page) == rows
    assert notices(page) == []

    # The export offers the JSON; the reset asks first, then forgets them.
    href = page.locator("#stats-export").get_attribute("href") or ""
    assert href.startswith("data:application/json") and "napoleon-stats" in href
    page.locator("#stats-reset").click()
    page.locator("#ask-keep").click()  # kept
    expect(page.locator("#stats-summary")).to_be_visible()
    assert shown_rows(page) == rows
    page.locator("#stats-reset").click()
    page.locator("#ask-reset").click()
    expect(page.locator("#stats-none")).to_be_visible()
    assert page.evaluate("k => localStorage.getItem(k)", STATS_KEY) is None
    # A reset sets nothing aside and says nothing went wrong.
    assert page.evaluate("k => localStorage.getItem(k + '.corrupt')", STATS_KEY) is None
    assert notices(page) == []
