"""A clean console: no load logs "Unable to use window or document in worker. This
requires SharedArrayBuffer support."; the worker is configured so that it does not
ask for what it does not use.

The computers' worker never touches the page (``sync_main_only``), so PyScript
must not warn that it cannot reach the page from the worker.  PyScript warns as
the worker starts, before its exports are up; each game is loaded and kept until
the worker is up (``data-worker="ready"``, set once its exports are), and the
page's and the worker's console messages are both read.
"""

from __future__ import annotations

from playwright.sync_api import ConsoleMessage, Page, Worker, expect

from cardkit.ui_dom.worker import WORKER_MARKER
from e2e.conftest import BOOT_TIMEOUT_MS, wait_until_ready
from e2e.table_driver import Policy, mirror, play_in_page, query

SEED = 11
#: Durak at a level whose computers think in the worker (at easy it never starts).
DURAK = "?game=durak&seed=7&level=normal&anim=instant"


def console_of(page: Page) -> list[str]:
    """Every console message of ``page`` and of its workers, from now on."""
    seen: list[str] = []

    def record(message: ConsoleMessage) -> None:
        seen.append(f"{message.type}: {message.text}")

    def watch_worker(worker: Worker) -> None:
        worker.on("console", record)

    page.on("console", record)
    page.on("worker", watch_worker)
    return seen


def wait_worker(page: Page) -> None:
    expect(page.locator("html")).to_have_attribute(WORKER_MARKER, "ready", timeout=BOOT_TIMEOUT_MS)


def asks_for_shared_array_buffer(seen: list[str]) -> list[str]:
    return [m for m in seen if "SharedArrayBuffer" in m]


def test_napoleon_a_whole_game_logs_no_shared_array_buffer_warning(
    page: Page, base_url: str
) -> None:
    """A clean console: Napoleon's worker starts after the first
    decisions; once it is up, the computers think in it to the game's end."""
    seen = console_of(page)
    page.goto(base_url + query(SEED))
    wait_until_ready(page)
    wait_worker(page)
    c = mirror(SEED)
    play_in_page(page, c, Policy())  # the human passes; ten tricks by clicks
    assert len(c.match.results) == 1, "the game was played to its end"
    assert asks_for_shared_array_buffer(seen) == []


def test_durak_logs_no_shared_array_buffer_warning(page: Page, base_url: str) -> None:
    """A clean console: Durak's worker (level normal) starts as the
    page does."""
    seen = console_of(page)
    page.goto(base_url + DURAK)
    wait_until_ready(page)
    wait_worker(page)
    assert asks_for_shared_array_buffer(seen) == []
