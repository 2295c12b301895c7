"""Statistics (成績) with a corrupt stored entry: set aside with a notice, and the
table plays on.  The statistics of a whole match, across a reload, their export
and their reset are checked after the match of ``e2e/test_match_full.py``.
"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page, expect

from e2e.stats_steps import open_stats
from e2e.table_driver import query
from e2e.table_steps import notices, wait_human
from napoleon.stats import Stats
from napoleon.ui_dom import stats_view

SEED = 11
STATS_KEY = "/napoleon/napoleon.stats"


def expected_rows(c_results: Stats) -> dict[str, str]:
    """The summary's lines for SdC Standard, which has no Siberia (§4 ``siberia``)."""
    rows = {key: value for key, _label, value in
            stats_view.summary_rows(c_results.presets["sdc"], "sdc")}
    assert "siberia" not in rows
    return rows


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

