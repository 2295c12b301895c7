"""What the memory snapshot costs and saves a first visit, by the speed of the link.

The snapshot (web/README.md, "How the page boots") is ~6.5 MB more to
download on a first visit and saves Python's start; ``web/runtime.mjs`` judges its download from its
first 250 ms and lets it go on a slow link.  This loads the table cold
(``?seed=1&anim=instant``, a fresh browser context per load, the service worker
blocked) from the built site and from a build without the snapshot (made here
with ``--no-snapshot`` unless ``--plain`` names one), alternated, under Chromium's
own network throttling (CDP ``Network.emulateNetworkConditions``, 20 ms
latency), and prints the median time to the human's first decision for each.

    flock /tmp/napoleon-bench.lock python3 -m bench.snapshot_links [--runs 2] [--site site]
        [--plain DIR] [--links 0,100,50,20,8]      (0: no throttling, localhost)
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

from scripts.build_site import DEFAULT_DEST, build_site
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS
from scripts.serve import start_server

QUERY = "?seed=1&anim=instant"
LATENCY_MS = 20
TIMEOUT_MS = 300_000


def first_decision_s(browser: Browser, url: str, mbit: float) -> float:
    """One cold load over a link of ``mbit`` Mbit/s (0: unthrottled)."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        if mbit > 0:
            cdp = context.new_cdp_session(page)
            cdp.send("Network.enable")
            rate = mbit * 1e6 / 8
            cdp.send(
                "Network.emulateNetworkConditions",
                {
                    "offline": False,
                    "latency": LATENCY_MS,
                    "downloadThroughput": rate,
                    "uploadThroughput": rate,
                },
            )
        page.goto(url + QUERY)
        page.wait_for_selector("html.napoleon-first-decision", timeout=TIMEOUT_MS)
        mark = page.evaluate(
            "performance.getEntriesByName('napoleon-first-decision')[0].startTime"
        )
        return float(mark) / 1000
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--site", type=Path, default=DEFAULT_DEST)
    parser.add_argument("--plain", type=Path, help="a site built with --no-snapshot")
    parser.add_argument("--links", default="0,100,50,20,8", help="Mbit/s, 0 = unthrottled")
    args = parser.parse_args(argv)
    links = [float(x) for x in args.links.split(",")]
    print(f"load average (1, 5, 15 min) before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    with ExitStack() as stack, sync_playwright() as pw:
        plain = args.plain
        if plain is None:
            plain = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "site"
            build_site(plain, snapshot=False)
        urls = {
            "snapshot": stack.enter_context(start_server(args.site)),
            "no snapshot": stack.enter_context(start_server(plain)),
        }
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for mbit in links:
            times: dict[str, list[float]] = {name: [] for name in urls}
            for _ in range(args.runs):
                for name, url in urls.items():
                    times[name].append(first_decision_s(browser, url, mbit))
            link = f"{mbit:g} Mbit/s" if mbit > 0 else "unthrottled"
            cells = "  ".join(
                f"{name} {statistics.median(t):.2f} s ({', '.join(f'{x:.2f}' for x in t)})"
                for name, t in times.items()
            )
            print(f"{link:>12}: {cells}", flush=True)
    print(f"load average (1, 5, 15 min) after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
