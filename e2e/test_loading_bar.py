"""The loading bar: from the first paint until the table is ready, what
is loading and how many bytes are left, in the page's language; then the table
takes its place.

The link is throttled (Chromium's own network emulation, as ``bench.first_visit_link``
does) so that the bar is seen while the files arrive.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from e2e.conftest import wait_until_ready
from e2e.guard import PageGuard

#: What these tests list is a first visit's downloads: a pooled tab's warm cache would hide them.
pytestmark = pytest.mark.cold_cache

#: Slow enough that the ~15 MB of a first visit take seconds, not minutes.
MBIT = 40

#: How long the bar may take to speak (ms): ``loading.js`` comes over the throttled
#: link and runs after it, which on a loaded machine takes more than the default 5 s.
SPEAKS = 30_000


def throttled(page: Page) -> None:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    rate = MBIT * 1e6 / 8
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 40, "downloadThroughput": rate, "uploadThroughput": rate},
    )


def bar_value(page: Page) -> tuple[float, float]:
    value, total = page.locator("#loading-bar").evaluate("b => [b.value, b.max]")
    return float(value), float(total)


def test_the_bar_counts_the_bytes_left_in_the_browsers_language_then_the_table_replaces_it(
    page: Page, base_url: str
) -> None:
    """A Japanese browser (the e2e default) reads the bar in Japanese: what loads
    and how many MB are left of the whole, as a progressbar with a name and a text
    value; its value grows; once the table is ready the bar is gone."""
    throttled(page)
    page.goto(base_url + "?seed=1", wait_until="commit")
    bar = page.locator("#loading-bar")
    expect(bar).to_have_attribute("aria-label", "読み込み", timeout=SPEAKS)
    left = re.compile(r"を読み込み中… 残り [0-9.]+ MB（全 [0-9.]+ MB）")
    expect(bar).to_have_attribute("aria-valuetext", left, timeout=SPEAKS)
    expect(page.locator("#loading-text")).to_have_text(re.compile("残り"))
    value, total = bar_value(page)
    assert 0 <= value < total
    page.wait_for_function("b => b.value > 0", arg=bar.element_handle(), timeout=60_000)
    wait_until_ready(page)
    expect(page.locator("#loading")).to_have_count(0)


def test_an_english_page_says_it_in_english_and_reduced_motion_sees_a_still_bar(
    page: Page, base_url: str
) -> None:
    """``?lang=en`` is the player's choice over the browser's language; the bar has
    no animation of its own (reduced-motion users see nothing move but the value)."""
    page.emulate_media(reduced_motion="reduce")
    throttled(page)
    page.goto(base_url + "?seed=1&lang=en", wait_until="commit")
    bar = page.locator("#loading-bar")
    expect(bar).to_have_attribute("aria-label", "Loading", timeout=SPEAKS)
    left = re.compile(r"MB left of [0-9.]+ MB")
    expect(bar).to_have_attribute("aria-valuetext", left, timeout=SPEAKS)
    moving = page.locator("#loading").evaluate(
        "box => [box, ...box.querySelectorAll('*')].some(e => {"
        " const s = getComputedStyle(e);"
        " const timed = s.transitionDuration.split(',').some(d => parseFloat(d) > 0);"
        " return s.animationName !== 'none' || timed; })"
    )
    assert not moving
    wait_until_ready(page)
    expect(page.locator("#loading")).to_have_count(0)


#: What the page says when a download it needs failed (Japanese, the e2e default).
FAILED = "読み込みに失敗しました"


@pytest.mark.parametrize("needed", ["napoleon-*.whl", "pyscript/core.js"])
def test_a_failed_download_says_so_and_its_button_loads_the_page_again(
    page: Page, base_url: str, guard: PageGuard, needed: str
) -> None:
    """The network fails for a file the first screen needs (the game's wheel, which
    Python fetches; PyScript's script, a module the page loads): instead of a bar
    stopped where it was, the status says the page could not load and the box offers
    to load it again; with the network back, that button brings the table."""
    page.route(f"**/{needed}", lambda route: route.abort("internetdisconnected"))
    page.goto(base_url + "?seed=1&anim=instant")
    expect(page.locator("html")).to_have_attribute("data-loading", "failed", timeout=60_000)
    expect(page.locator("#status")).to_have_text(FAILED)
    expect(page.locator("#loading-text")).to_have_attribute("role", "alert")
    again = page.locator("#loading-again")
    expect(again).to_be_visible()
    # Nothing else of the page that could never act looks as if it would.
    expect(page.locator("#loading-bar")).to_be_hidden()
    expect(page.locator("button:not([disabled])")).to_have_count(1)
    # The wheel's notice came with the page's early download of it; Python asks for
    # it once more as it starts, and a network back by then brings the table by
    # itself. Once that request failed too (PyScript's unhandled "Failed to fetch"),
    # nothing more comes but by the button.
    python_asked = any("Failed to fetch" in e for e in guard.page_errors)
    if needed.endswith(".whl") and not python_asked:
        page.wait_for_event("pageerror", lambda e: "Failed to fetch" in str(e), timeout=60_000)
    page.unroute(f"**/{needed}")
    again.click()
    wait_until_ready(page)
    expect(page.locator("#loading")).to_have_count(0)
    expect(page.locator("html")).not_to_have_attribute("data-loading", "failed")
    expect(page.locator("#hand [data-card]")).to_have_count(10)
    # Chromium's line for the failed request, and the rejection PyScript leaves
    # unhandled where its fetch failed: the network's failure, not the page's.
    guard.console_errors[:] = [e for e in guard.console_errors
                               if "net::ERR_INTERNET_DISCONNECTED" not in e]
    guard.page_errors[:] = [e for e in guard.page_errors if "Failed to fetch" not in e]
