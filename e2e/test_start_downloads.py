"""What a cold visit downloads while Python starts (the cold first
visit is no slower for the page shell).

PyScript asks for the game's wheel and then ``main.py`` only once the interpreter
is up; ``web/runtime.mjs`` downloads both while it starts and hands PyScript those
responses, so neither is fetched twice, and a failed early download is fetched
again when PyScript asks, as before.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, Route

from e2e.guard import PageGuard

#: What these tests list is a first visit's downloads: a pooled tab's warm cache would hide them.
pytestmark = pytest.mark.cold_cache

WHEEL = re.compile(r".*/napoleon-[^/]+-py3-none-any\.whl")
STDLIB = re.compile(r"/pyodide/python_stdlib(_first)?\.zip$")


def paths(guard: PageGuard) -> list[str]:
    return [urlsplit(u).path for u in guard.local_requests if u.startswith("http")]


def test_the_wheel_and_main_py_come_once_each_asked_for_before_python_has_started(
    open_table: Callable[[str], Page], guard: PageGuard
) -> None:
    """Both requests go out before the standard library's (which Python's start
    needs), and each file is requested once: PyScript's own requests are answered
    by the early downloads."""
    open_table("?seed=1")
    asked = paths(guard)
    wheels = [i for i, p in enumerate(asked) if WHEEL.fullmatch(p)]
    mains = [i for i, p in enumerate(asked) if p.endswith("/main.py")]
    stdlib = [i for i, p in enumerate(asked) if STDLIB.search(p)]
    assert len(wheels) == 1, asked
    assert len(mains) == 1, asked
    assert stdlib, asked
    assert wheels[0] < stdlib[0] and mains[0] < stdlib[0], asked
    guard.assert_clean()


def test_a_failed_early_download_is_fetched_again_when_pyscript_asks(
    open_table: Callable[[str], Page], page: Page, guard: PageGuard
) -> None:
    """The wheel's early download fails (the link drops): the page still starts,
    with the wheel PyScript then fetches itself."""
    failed: list[str] = []

    def fail_once(route: Route) -> None:
        if failed:
            route.fallback()
            return
        failed.append(route.request.url)
        route.abort("connectionreset")

    page.route(WHEEL, fail_once)
    open_table("?game=durak&seed=1")
    assert len(failed) == 1
    # The dropped early download, then PyScript's own (the guard hears both).
    assert len([p for p in paths(guard) if WHEEL.fullmatch(p)]) == 2, "the second request"
    # The dropped download is the browser's to report; nothing else may be.
    guard.console_errors = [e for e in guard.console_errors if "ERR_CONNECTION_RESET" not in e]
    guard.assert_clean()
