"""A first visit that starts Python without its snapshot (a slow link, or a
snapshot that cannot be had) gets the standard library in two parts
(scripts/stdlib_first.py, web/runtime.mjs): the first screen's part before the human's
first decision, the whole archive after it; a module only the whole archive
holds still imports."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect

from cardkit.ui_dom.browser import FIRST_DECISION_CLASS
from e2e.conftest import BOOT_TIMEOUT_MS
from e2e.guard import PageGuard

#: What these tests list is a first visit's downloads: a pooled tab's warm cache would hide them.
pytestmark = pytest.mark.cold_cache

#: A module of the rest (not imported by the first screen), and one of its packages'.
PROBE = (
    "import difflib, email.mime.text\n"
    "from js import document\n"
    "document.documentElement.dataset.probe = difflib.__file__ + ' ' + email.mime.text.__file__\n"
)


def start_without_snapshot(page: Page, guard: PageGuard, site_dir: Path, query: str) -> None:
    (snapshot,) = site_dir.glob("snapshot-*.gz")

    def gone(route: Route) -> None:
        route.fulfill(status=404, body="gone")

    page.route(re.compile(re.escape(snapshot.name) + "$"), gone)
    page.goto(query)
    expect(page.locator("html")).to_have_class(
        re.compile(rf"(^|\s){FIRST_DECISION_CLASS}(\s|$)"), timeout=BOOT_TIMEOUT_MS
    )
    # Chromium's own line for the 404, not the page's.
    errors = [e for e in guard.console_errors if "404" in e and snapshot.name in e]
    assert len(errors) == 1, guard.console_errors
    guard.console_errors.remove(errors[0])


def started(page: Page, name: str) -> list[float]:
    """When the page asked for each copy of pyodide/NAME (ms from navigation)."""
    times: list[float] = page.evaluate(
        "name => performance.getEntriesByType('resource')"
        ".filter(e => e.name.split('?')[0].endsWith('/pyodide/' + name)).map(e => e.startTime)",
        name,
    )
    return times


def test_the_first_part_before_the_first_decision_the_whole_after(
    page: Page, base_url: str, guard: PageGuard, site_dir: Path
) -> None:
    start_without_snapshot(page, guard, site_dir, base_url + "?seed=7&anim=instant")
    mark: float = page.evaluate(
        f"performance.getEntriesByName({FIRST_DECISION_CLASS!r})[0].startTime"
    )
    assert len(started(page, "python_stdlib_first.zip")) == 1
    page.wait_for_function(
        "performance.getEntriesByType('resource').some(e => e.name.endsWith('/python_stdlib.zip'))",
        timeout=BOOT_TIMEOUT_MS,
    )
    (whole,) = started(page, "python_stdlib.zip")
    assert whole >= mark, "the whole archive is asked for only after the first decision"


def test_a_module_only_the_whole_stdlib_holds_imports(
    page: Page, base_url: str, guard: PageGuard, site_dir: Path
) -> None:
    """The page's Python finds difflib (and email.mime.text, in a package whose
    __init__ the whole archive holds) there."""
    start_without_snapshot(page, guard, site_dir, base_url + "?game=durak&seed=3&anim=instant")
    page.evaluate(
        "code => { const s = document.createElement('script'); s.type = 'py';"
        " s.textContent = code; document.body.append(s); }",
        PROBE,
    )
    expect(page.locator("html")).to_have_attribute(
        "data-probe",
        "/lib/python_stdlib_whole.zip/difflib.py"
        " /lib/python_stdlib_whole.zip/email/mime/text.py",
        timeout=BOOT_TIMEOUT_MS,
    )
