"""A whole 5-game match from a seeded URL, by clicks only (docs/rules/napoleon.md
§2.7, §4 ``match_games``: points after each game, then the standings with ranks, and
after the 5th game the player's record of the match; §7: the 譜 shown after each
game).

The page is played in lockstep with its own driver on CPython
(``e2e.table_driver``): the same seed and clicks give the same match.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from e2e.table_driver import (
    Controller,
    Policy,
    check_record_at_result,
    mirror,
    play_in_page,
    query,
)
from napoleon.ui_dom.controller import HUMAN, Stage

SEED = 2026


def test_a_seeded_five_game_match_to_the_end(open_table: Callable[[str], Page]) -> None:
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
