"""The e2e suite reruns a browser test once for the browser's own faults, and for
nothing else (``BROWSER_FAULTS`` in ``e2e/guard.py``, used by ``e2e/conftest.py``)."""

from __future__ import annotations

import re

import pytest

from e2e.guard import BROWSER_FAULTS, PageGuard

#: The call log of a click stalled by the browser, as pytest-rerunfailures reads the error.
STALLED_CLICK = """TimeoutError: Locator.click: Timeout 30000ms exceeded.
Call log:
  - waiting for locator("#stats-reset")
    - locator resolved to <button class="btn" type="button" id="stats-reset">リセット</button>
  - attempting click action
    - waiting for element to be visible, enabled and stable
"""

#: What Playwright says of a disabled button (and, with "visible", of a hidden one).
DISABLED_CLICK = """TimeoutError: Locator.click: Timeout 1500ms exceeded.
Call log:
  - waiting for locator("#b")
    - locator resolved to <button disabled id="b">x</button>
  - attempting click action
    2 × waiting for element to be visible, enabled and stable
      - element is not enabled
    - retrying click action
      - waiting 500ms
"""


def rerun(failure: str) -> bool:
    return any(re.search(fault, failure) for fault in BROWSER_FAULTS)


@pytest.mark.parametrize(
    "failure",
    [
        "TargetClosedError: Page.wait_for_timeout: Page crashed",
        "AssertionError: Locator expected to have class ... Call log:\n  - Page crashed",
        "Error: Target crashed",
        STALLED_CLICK,
        STALLED_CLICK.rstrip("\n"),
    ],
)
def test_a_crashed_renderer_or_a_click_that_got_no_frame_reruns(failure: str) -> None:
    assert rerun(failure)


@pytest.mark.parametrize(
    "failure",
    [
        "AssertionError: assert 1 == 2",
        "AssertionError: console errors",
        DISABLED_CLICK,
        DISABLED_CLICK.replace("not enabled", "not visible"),
        # a page whose main thread is blocked never even finds the button
        'TimeoutError: Locator.click: Timeout 1500ms exceeded.\nCall log:\n'
        '  - waiting for locator("#c")\n',
        "Error: Page.goto: net::ERR_ABORTED; maybe frame was detached?",
        "AssertionError: waiting for element to be visible, enabled and stable",
    ],
)
def test_any_other_failure_does_not_rerun(failure: str) -> None:
    """A button the page shows but never lets act is the page's fault: it fails at once."""
    assert not rerun(failure)


def test_the_guards_own_crash_check_is_worded_to_rerun() -> None:
    watcher = PageGuard("http://127.0.0.1:1/napoleon/")
    watcher.crashed_pages.append("http://127.0.0.1:1/napoleon/?seed=1")
    with pytest.raises(AssertionError) as failure:
        watcher.assert_clean()
    assert rerun(f"AssertionError: {failure.value}")
