"""The e2e suite reruns a browser test once for a crashed renderer, and for nothing else."""

from __future__ import annotations

import re

import pytest

from e2e.guard import RENDERER_CRASHED, PageGuard


@pytest.mark.parametrize(
    "failure",
    [
        "TargetClosedError: Page.wait_for_timeout: Page crashed",
        "AssertionError: Locator expected to have class ... Call log:\n  - Page crashed",
        "Error: Target crashed",
    ],
)
def test_playwrights_words_for_a_crashed_renderer_rerun(failure: str) -> None:
    assert re.search(RENDERER_CRASHED, failure)


@pytest.mark.parametrize(
    "failure",
    [
        "AssertionError: assert 1 == 2",
        "AssertionError: console errors",
        "TimeoutError: Locator.click: Timeout 30000ms exceeded.",
        "Error: Page.goto: net::ERR_ABORTED; maybe frame was detached?",
    ],
)
def test_any_other_failure_does_not_rerun(failure: str) -> None:
    assert not re.search(RENDERER_CRASHED, failure)


def test_the_guards_own_crash_check_is_worded_to_rerun() -> None:
    watcher = PageGuard("http://127.0.0.1:1/napoleon/")
    watcher.crashed_pages.append("http://127.0.0.1:1/napoleon/?seed=1")
    with pytest.raises(AssertionError) as failure:
        watcher.assert_clean()
    assert re.search(RENDERER_CRASHED, f"AssertionError: {failure.value}")
