"""Where a click's CPU goes in the browser: Chromium's trace over a game played by clicks.

    flock /tmp/napoleon-bench.lock python3 -m bench.click_trace [--site site]
        [--game durak|napoleon] [--seed 3] [--clicks 16] [--top 12]

The same seeded game as :mod:`bench.click_cpu`, played in lockstep with its mirror,
under Chromium's tracing (``devtools.timeline``, ``blink``, ``cc``, ``v8``,
``toplevel``).  For the renderer's main thread, its compositor thread and the
browser process's main thread, the events that took the most thread time,
per click: the time (ms), how often (per click) and the event's name.  Events nest
(a task holds the script it ran, the script the layout it forced), so the rows
overlap: read them as "of a click, this much was spent inside this".
"""

from __future__ import annotations

import argparse
import collections
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from bench.click_cpu import durak_game, napoleon_game
from scripts.build_site import DEFAULT_DEST
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS
from scripts.serve import start_server

#: The trace's categories.
CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8",
              "toplevel", "blink", "cc"]
#: The threads reported, by the names Chromium gives them.
THREADS = ("CrRendererMain", "Compositor", "CrBrowserMain")


def traced(site: Path, game: str, seed: int, clicks: int) -> tuple[list[dict[str, Any]], int]:
    """The trace's events over ``clicks`` clicks (after the page is ready), and the
    clicks made."""
    events: list[dict[str, Any]] = []
    ended: list[bool] = []
    with sync_playwright() as pw, start_server(site) as url:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(locale="ja-JP", viewport={"width": 1280, "height": 800})
            step = (durak_game if game == "durak" else napoleon_game)(page, url, seed)
            cdp = page.context.new_cdp_session(page)
            cdp.on("Tracing.dataCollected", lambda got: events.extend(got["value"]))
            cdp.on("Tracing.tracingComplete", lambda _got: ended.append(True))
            cdp.send("Tracing.start", {"traceConfig": {"includedCategories": CATEGORIES},
                                       "transferMode": "ReportEvents"})
            done = 0
            while done < clicks and step():
                done += 1
            cdp.send("Tracing.end")
            while not ended:
                page.wait_for_timeout(50)  # the trace's last chunks, then its end
        finally:
            browser.close()
    return events, done


def per_click(events: list[dict[str, Any]], clicks: int, top: int) -> list[str]:
    """The report's lines: each thread's ``top`` events by thread time per click."""
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    spent: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    count: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for e in events:
        if e.get("ph") != "X":
            continue
        thread = names.get((e["pid"], e["tid"]), "?")
        spent[thread][e["name"]] += e.get("tdur", e.get("dur", 0))
        count[thread][e["name"]] += 1
    n = max(clicks, 1)
    lines = []
    for thread in THREADS:
        lines.append(f"{thread}, per click over {clicks} clicks:")
        for name, micros in spent[thread].most_common(top):
            lines.append(f"  {micros / 1000 / n:8.2f} ms {count[thread][name] / n:7.1f}x  {name}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--site", type=Path, default=DEFAULT_DEST)
    ap.add_argument("--game", choices=("durak", "napoleon"), default="durak")
    ap.add_argument("--seed", type=int, default=None, help="durak 3, napoleon 1")
    ap.add_argument("--clicks", type=int, default=16)
    ap.add_argument("--top", type=int, default=12)
    args = ap.parse_args(argv)
    seed = args.seed if args.seed is not None else (3 if args.game == "durak" else 1)
    events, done = traced(args.site, args.game, seed, args.clicks)
    print("\n".join(per_click(events, done, args.top)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
