"""The statistics dialog (the shell's frame, both games) as the e2e tests read it."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def shown_rows(page: Page) -> dict[str, str]:
    """The summary table's values by their lines' ``data-key``."""
    rows = page.locator("#stats-summary tr[data-key]")
    keys = rows.evaluate_all("rs => rs.map(r => r.dataset.key)")
    values = page.locator("#stats-summary tr[data-key] td").all_inner_texts()
    return dict(zip((str(k) for k in keys), values, strict=True))


def open_stats(page: Page) -> None:
    """Open the dialog from the menu; the focus starts on its close button."""
    page.locator("#btn-stats").click()
    expect(page.locator("#stats")).to_be_visible()
    expect(page.locator("#stats-close")).to_be_focused()
