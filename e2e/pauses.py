"""The computers' pauses (``anim=normal``) ended by the test, not sat out.

Each pause between two computers' moves (:meth:`cardkit.ui_dom.page_shell.PageApp.pause`)
marks the page ``html[data-pause="N"]`` while it lasts. :func:`wait_through_pauses`
waits for what the test wants and, each time a new pause is marked instead, ends
that pause through the page's own seam on its timer (``window.napoleonEndPause(N)``,
:func:`cardkit.ui_dom.page_shell.end_pause`), as if its 0.6 s had passed. The page
draws and pauses exactly as at the normal pace; the test waits out none of it, and
its table still starts in place in the pool's tab (a clock installed would outlive
the test in its context).
"""

from __future__ import annotations

import time

from playwright.sync_api import Page

from e2e.durak_driver import STEP_TIMEOUT_MS

#: The number of the pause the page marks now ("" if none).
PAUSE_NOW = "() => document.documentElement.getAttribute('data-pause') || ''"
#: End the pause numbered ``n`` if it is still under way.
END_PAUSE = "n => window.napoleonEndPause(n)"


def wait_through_pauses(page: Page, selector: str) -> int:
    """Wait until ``selector`` is in the page, ending each pause the page marks on the
    way (each once); the number of pauses ended."""
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
            page.evaluate(END_PAUSE, now)
