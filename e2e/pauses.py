"""The computers' pauses (``anim=normal``) on Playwright's clock, not the real one.

A table opened with ``open_table(query, clock=True)`` runs its timers on Playwright's
clock. Each pause between two computers' moves (:meth:`cardkit.ui_dom.page_shell.PageApp.pause`)
marks the page ``html[data-pause="N"]`` while it lasts; :func:`wait_through_pauses`
waits for what the test wants and, each time a new pause is marked instead, moves
the clock on by the pause's whole length, so the pause ends as it would after that
time. The page draws and pauses exactly as at the normal pace; the test does not
sit out the 0.6 s of each pause.
"""

from __future__ import annotations

import time

from playwright.sync_api import Page

from cardkit.ui_dom.page_shell import ANIM_DELAY

#: One pause at the normal pace (ms).
PAUSE_MS = round(ANIM_DELAY["normal"] * 1000)
#: How long one step may take, its pauses not counted (ms).
STEP_TIMEOUT_MS = 30_000
#: The number of the pause the page marks now ("" if none).
PAUSE_NOW = "() => document.documentElement.getAttribute('data-pause') || ''"


def wait_through_pauses(page: Page, selector: str) -> int:
    """Wait until ``selector`` is in the page, moving the clock past each pause the
    page marks on the way (each once); the number of pauses moved past."""
    deadline = time.monotonic() + STEP_TIMEOUT_MS / 1000
    passed, count = "", 0
    while True:
        left = max(1.0, (deadline - time.monotonic()) * 1000)
        new_pause = f'html[data-pause]:not([data-pause="{passed}"])'
        page.wait_for_selector(f"{selector}, {new_pause}", state="attached", timeout=left)
        if page.locator(selector).count():
            return count
        now = page.evaluate(PAUSE_NOW)
        if now and now != passed:
            passed, count = now, count + 1
            page.clock.fast_forward(PAUSE_MS)
