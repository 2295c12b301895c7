"""Statistics (成績) by clicks: after a whole 5-game match, across a
reload, and with a corrupt stored entry.

The match is ``?seed=11&level=easy&anim=instant`` played by the driver's policy
(always DROP, then the first playable card), in lockstep with the CPython
mirror, which says what the statistics must hold.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from e2e.stats_steps import open_stats, shown_rows
from e2e.table_driver import Policy, mirror, play_in_page, query
from e2e.table_steps import notices, wait_human
from napoleon.stats import Stats, count_game
from napoleon.ui_dom import stats_view
from napoleon.ui_dom.controller import HUMAN

SEED = 11
STATS_KEY = "/napoleon/napoleon.stats"


def expected_rows(c_results: Stats) -> dict[str, str]:
    """The summary's lines for SdC Standard, which has no Siberia (§4 ``siberia``)."""
    rows = {key: value for key, _label, value in
            stats_view.summary_rows(c_results.presets["sdc"], "sdc")}
    assert "siberia" not in rows
    return rows




def test_statistics_after_a_five_game_match_and_across_a_reload(
    open_table: Callable[[str], Page],
) -> None:
    c = mirror(SEED)
    page = open_table(query(SEED))
    play_in_page(page, c, Policy(), games=5)
    assert c.match.is_over
    want = Stats()
    for number, result in enumerate(c.match.results, 1):
        count_game(want, "sdc", result, HUMAN, f"{SEED}:{number}")
    rows = expected_rows(want)
    assert rows["games"] == "5"
    open_stats(page)
    assert shown_rows(page) == rows
    record = c.match.record_of(HUMAN)
    assert rows["points"] == f"{record.points:+d}"
    page.keyboard.press("Escape")
    expect(page.locator("#stats")).to_be_hidden()

    page.reload()
    wait_human(page)
    open_stats(page)
    assert shown_rows(page) == rows
    assert notices(page) == []


def test_a_corrupt_statistics_entry_is_set_aside_with_a_notice(
    open_table: Callable[[str], Page],
) -> None:
    page = open_table(query(SEED))
    raw = '{"format": "napoleon-stats/1", "presets": {"sdc": {"games": "<b>5</b>"}}}'
    page.evaluate("([k, raw]) => localStorage.setItem(k, raw)", [STATS_KEY, raw])
    page.reload()
    wait_human(page)
    expect(page.locator("#notices .notice-text")).to_have_count(1, timeout=30_000)
    shown = notices(page)
    assert "napoleon.stats.corrupt" in shown[0]
    assert "<b>" not in page.locator("#notices").inner_html()
    assert page.evaluate("k => localStorage.getItem(k + '.corrupt')", STATS_KEY) == raw
    assert page.evaluate("k => localStorage.getItem(k)", STATS_KEY) is None
    open_stats(page)
    expect(page.locator("#stats-none")).to_be_visible()
    # The table plays on.
    expect(page.locator("#hand [data-card]")).to_have_count(10)


def test_reset_asks_first_and_export_offers_the_json(
    open_table: Callable[[str], Page],
) -> None:
    page = open_table(query(SEED))
    want = Stats()
    c = mirror(SEED)
    play_in_page(page, c, Policy(), games=1)
    count_game(want, "sdc", c.match.results[0], HUMAN, "x")
    open_stats(page)
    assert shown_rows(page) == expected_rows(want)
    href = page.locator("#stats-export").get_attribute("href") or ""
    assert href.startswith("data:application/json") and "napoleon-stats" in href
    page.locator("#stats-reset").click()
    page.locator("#ask-keep").click()  # kept
    expect(page.locator("#stats-summary")).to_be_visible()
    page.locator("#stats-reset").click()
    page.locator("#ask-reset").click()
    expect(page.locator("#stats-none")).to_be_visible()
    assert page.evaluate("k => localStorage.getItem(k)", STATS_KEY) is None
