"""What a browser test's table costs the machine before it can be played, by how it opens.

    flock /tmp/napoleon-bench.lock python3 -m bench.boot_cpu [--site site]
        [--game durak|napoleon] [--rounds 4]

Four ways the e2e tests open a table, in headless Chromium with the tests' flags
(:data:`e2e.conftest.E2E_CHROMIUM_ARGS`), each ``--rounds`` times in turn:

* **a new context**: a new browser context and tab (a new renderer: Pyodide's
  WebAssembly compiled again, an empty HTTP cache);
* **a new tab** in a context that loaded the site before (its HTTP cache warm, a
  new renderer);
* **a load in the same tab** (``about:blank`` between): the renderer and its
  compiled WebAssembly reused, as the pool of tabs does for a test that routed
  requests;
* **started in place** (``napoleonStop()``, then ``napoleonRestart(url)``): Python
  and the computers' worker already up, as the pool does for most tests.

Each figure is the whole machine's busy CPU time (``/proc/stat``, all processes:
the browser, its renderers and their compiler threads, the server) from the
start until the table is drawn and the computers' worker is up, plus
:data:`SETTLE_S` for the work a boot leaves running; and the wall time. Run it on
a quiet machine: another program's CPU is counted too.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Final

from playwright.sync_api import Browser, Page, sync_playwright

from cardkit.ui_dom.browser import READY_CLASS
from cardkit.ui_dom.worker import WORKER_MARKER
from e2e.conftest import E2E_CHROMIUM_ARGS
from scripts.build_site import DEFAULT_DEST
from scripts.chromium import CHROMIUM
from scripts.serve import start_server

#: The tables opened, by game.
QUERIES: Final = {"durak": "?game=durak&seed=3&level=normal&anim=instant",
                  "napoleon": "?seed=1&level=normal&anim=instant"}
#: How long after the table is ready the machine's CPU is still counted (seconds).
SETTLE_S: Final = 0.3
#: The table drawn and the computers' worker not booting.
READY_JS: Final = (f"document.documentElement.classList.contains('{READY_CLASS}') && "
                   f"document.documentElement.getAttribute('{WORKER_MARKER}') !== 'starting'")
#: The ways, in the order they are taken each round.
WAYS: Final = ("a new context", "a new tab", "a load in the same tab", "started in place")


def busy_cpu_s() -> float:
    """The machine's busy CPU seconds so far (every core, every process)."""
    with open("/proc/stat") as f:
        ticks = [int(x) for x in f.readline().split()[1:]]
    return (sum(ticks) - ticks[3] - ticks[4]) / 100.0


def ready(page: Page) -> None:
    page.wait_for_function(READY_JS, timeout=120_000)


def timed(open_table: Callable[[], None]) -> tuple[float, float]:
    """CPU seconds and wall seconds of ``open_table``, with :data:`SETTLE_S` after."""
    cpu, wall = busy_cpu_s(), time.monotonic()
    open_table()
    time.sleep(SETTLE_S)
    return busy_cpu_s() - cpu, time.monotonic() - wall


def one_round(browser: Browser, url: str, figures: dict[str, list[tuple[float, float]]]) -> None:
    context = browser.new_context(service_workers="block", locale="ja-JP")
    page = context.new_page()

    def new_context() -> None:
        page.goto(url)
        ready(page)

    def new_tab() -> None:
        nonlocal page
        page.close()
        page = context.new_page()
        page.goto(url)
        ready(page)

    def same_tab() -> None:
        page.goto("about:blank")
        page.goto(url)
        ready(page)

    def in_place() -> None:
        page.evaluate("() => window.napoleonStop()")
        page.evaluate("u => window.napoleonRestart(u)", url)
        ready(page)

    for way, step in zip(WAYS, (new_context, new_tab, same_tab, in_place), strict=True):
        figures[way].append(timed(step))
    context.close()


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--site", type=Path, default=DEFAULT_DEST)
    ap.add_argument("--game", choices=tuple(QUERIES), default="durak")
    ap.add_argument("--rounds", type=int, default=4)
    args = ap.parse_args(argv)
    figures: dict[str, list[tuple[float, float]]] = {way: [] for way in WAYS}
    with start_server(args.site) as site, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=E2E_CHROMIUM_ARGS)
        try:
            for _ in range(args.rounds):
                one_round(browser, site + QUERIES[args.game], figures)
        finally:
            browser.close()
    print(f"{args.game}, {args.rounds} rounds: the machine's CPU s (wall s) until the "
          "table is ready, median [each]")
    for way, runs in figures.items():
        each = " ".join(f"{c:.2f}" for c, _ in runs)
        print(f"  {way:24} {statistics.median(c for c, _ in runs):5.2f} CPU s "
              f"({statistics.median(w for _, w in runs):.2f} s)  [{each}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
