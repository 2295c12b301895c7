"""The built site in Chromium: Python boots from the site alone, under a sub-path.

These check the pipeline, not the table's look: whatever napoleon.ui_dom draws,
the page must reach the readiness marker with every request answered by the
local server (no CDN) under /napoleon/, and no console or page error (the
autouse ``guard``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, expect

from cardkit.ui_dom.browser import READY_CLASS
from e2e.guard import PageGuard

#: What these tests list is a first visit's downloads: a pooled tab's warm cache would hide them.
pytestmark = pytest.mark.cold_cache


def test_everything_comes_from_the_local_server_under_the_sub_path(
    open_table: Callable[[str], Page], guard: PageGuard, base_url: str
) -> None:
    """The runtime and the wheel are fetched from the site itself, never a CDN."""
    page = open_table("?seed=1")
    # The whole standard library comes in the background after the first decision is
    # on screen (web/runtime.mjs): its download is waited for, not raced.
    page.wait_for_function("""() => performance.getEntriesByType('resource').some(
        e => new URL(e.name).pathname.endsWith('/pyodide/python_stdlib.zip'))""")
    assert urlsplit(base_url).path == "/napoleon/"
    paths = [urlsplit(u).path for u in guard.local_requests if u.startswith("http")]
    assert all(p.startswith("/napoleon/") for p in paths), paths
    # No service worker here: the page fetches the runtime compressed.
    for needed in ("pyodide/pyodide.asm.wasm.gz", "pyodide/python_stdlib.zip", "pyscript/core.js"):
        assert f"/napoleon/{needed}" in paths
    assert any(re.fullmatch(r"/napoleon/napoleon-[^/]+-py3-none-any\.whl", p) for p in paths)
    guard.assert_clean()


def test_static_frame_is_painted_before_python_is_ready(page: Page, base_url: str) -> None:
    """The screen is never blank: title, table and a loading status come first."""
    page.goto(base_url, wait_until="commit")
    expect(page.locator("#status")).to_contain_text("Loading Python")
    expect(page.locator("html")).not_to_have_class(re.compile(READY_CLASS))
    expect(page.locator("#table")).to_be_visible()
    expect(page.locator("h1")).to_contain_text("Napoleon")
