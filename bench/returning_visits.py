"""Where a returning visit's time goes, served by the service worker or not.

``bench.table_vs_bare`` gives one figure per visit (navigation -> the human's
first decision); this splits each visit of the table into its steps, from the
page's own clocks (Navigation and Resource Timing, the marks), and counts what
Chrome compiled (a trace of ``v8.wasm`` only, which costs little):

* ``html``     the navigation answered (``responseEnd``): with the service worker,
               its start and its fetch handler's ``cache.match()``;
* ``runtime``  the request for ``pyodide.asm.wasm`` starts (the page's scripts,
               PyScript and ``pyodide.mjs`` loaded), ``body`` its last byte;
* ``main.py``  arrives (the runtime booted, the wheel fetched);
* ``decision`` the human's first decision enabled (``napoleon-first-decision``);
* ``compiled`` functions the page's main thread compiled (``wasm.CompileLazy``),
               ``+D`` when it started from Chrome's cached code (``wasm.Deserialize``);
* ``cpu``      the browser's CPU seconds to the decision;
* ``--threads``  also each thread kind's CPU ms to the decision, from a fuller
               trace (``bench.cold_trace``'s categories; it costs a little): the
               page's main thread, V8's background compiles (Chrome's thread
               pool: on a returning visit, optimizing what Chrome's cached code
               did not hold), the service worker's thread, the browser's.

The visits are ``bench.table_vs_bare``'s (a new on-disk profile per run; the first
visit waits until the site is cached, then closes; each returning visit but the
last stays open ``LINGER_S``), and the runs alternate the service worker allowed
and blocked (``no-sw``: the returning visits come from the HTTP cache), so the
machine's load hits both alike.  Medians over ``--runs``; the load average is
printed before and after.

    flock /tmp/napoleon-bench.lock python3 -m bench.returning_visits [--runs 3] [--visits 4]
        [--site site] [--game napoleon|durak] [--sw-only] [--threads]
"""

from __future__ import annotations

import argparse
import collections
import os
import statistics
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Playwright, sync_playwright

from bench.cold_trace import CATEGORIES as THREAD_CATEGORIES
from bench.cold_trace import main_thread_events, thread_cpu
from bench.page_load import (
    BOOT_TIMEOUT_MS,
    DECISION_JS,
    FORGET_MATCH_JS,
    HAS_SW_JS,
    LINGER_S,
    OFFLINE_JS,
    SW_TIMEOUT_MS,
    browser_cpu_ticks,
    cpu_seconds_since,
    open_profile,
    traced,
)
from bench.table_vs_bare import DECISION_QUERIES
from cardkit.ui_dom.browser import FIRST_DECISION_CLASS
from scripts.build_site import DEFAULT_DEST
from scripts.serve import start_server

#: The steps of a visit, in milliseconds from navigation start (see the module's doc).
STEPS_JS = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const res = performance.getEntriesByType("resource");
  const find = (tail) => res.find(e => new URL(e.name).pathname.endsWith(tail));
  const wasm = find("/pyodide.asm.wasm"), main = find("/main.py");
  const decision = performance.getEntriesByName("napoleon-first-decision")[0];
  return {html: nav.responseEnd, runtime: wasm.startTime, body: wasm.responseEnd,
          main: main.responseEnd, decision: decision.startTime,
          delivery: wasm.deliveryType || "network"};
}"""
#: Trace categories: enough to count compilations, little overhead.
CATEGORIES = ["__metadata", "v8.wasm", "disabled-by-default-v8.wasm.detailed"]
STEPS = ("html", "runtime", "body", "main", "decision")
#: Thread kinds printed with ``--threads`` (``cpu <kind>`` as ``thread_cpu`` names them);
#: every other thread is summed as "other".
THREADS = ("CrRendererMain", "ThreadPoolForegroundWorker", "ServiceWorker thread", "CrBrowserMain")


@dataclass
class Visit:
    steps: dict[str, float]
    delivery: str
    compiled: int
    deserialized: bool
    cpu_s: float
    threads: dict[str, float]


def main_thread_counts(events: list[dict[str, object]]) -> tuple[int, bool]:
    """(functions compiled, whether cached code was deserialized) on the page's main thread.

    >>> meta = {"name": "thread_name", "tid": 1, "args": {"name": "CrRendererMain"}}
    >>> other = {"name": "thread_name", "tid": 2, "args": {"name": "DedicatedWorker thread"}}
    >>> lazy = [{"name": "wasm.CompileLazy", "tid": t} for t in (1, 1, 2)]
    >>> main_thread_counts([meta, other, *lazy, {"name": "wasm.Deserialize", "tid": 2}])
    (2, False)
    """
    names = {}
    for event in events:
        if event.get("name") == "thread_name":
            args = event.get("args")
            names[event.get("tid")] = args.get("name") if isinstance(args, dict) else None
    main = [event for event in events if names.get(event.get("tid")) == "CrRendererMain"]
    counts = collections.Counter(str(event.get("name")) for event in main)
    return counts["wasm.CompileLazy"], counts["wasm.Deserialize"] > 0


def thread_ms(events: list[dict[str, Any]]) -> dict[str, float]:
    """CPU ms of each of ``THREADS`` (and ``other``) from navigation to the decision mark."""
    _, start, end = main_thread_events(events, FIRST_DECISION_CLASS)
    cpu = thread_cpu(events, start, end)
    kept = {kind: cpu.get(f"cpu {kind}", 0.0) for kind in THREADS}
    kept["other"] = sum(cpu.values()) - sum(kept.values())
    return kept


def visit(
    context: BrowserContext,
    url: str,
    profile: str,
    *,
    first: bool,
    linger_s: float,
    threads: bool = False,
) -> Visit:
    page = context.new_page()
    categories = CATEGORIES + THREAD_CATEGORIES if threads else CATEGORIES
    try:
        with traced(context, page, categories) as events:
            cpu_before = browser_cpu_ticks(profile)
            page.goto(url)
            page.wait_for_function(DECISION_JS, timeout=BOOT_TIMEOUT_MS)
            cpu_s = cpu_seconds_since(profile, cpu_before)
            got = page.evaluate(STEPS_JS)
            if first and page.evaluate(HAS_SW_JS):
                page.wait_for_function(OFFLINE_JS, timeout=SW_TIMEOUT_MS)
            if linger_s:
                page.wait_for_timeout(linger_s * 1000)
            page.evaluate(FORGET_MATCH_JS)
    finally:
        page.close()
    compiled, deserialized = main_thread_counts(events)
    steps = {name: float(got[name]) for name in STEPS}
    by_thread = thread_ms(events) if threads else {}
    return Visit(steps, str(got["delivery"]), compiled, deserialized, cpu_s, by_thread)


def run(
    playwright: Playwright, url: str, count: int, *, service_worker: bool, threads: bool = False
) -> list[Visit]:
    """One profile's visits (``bench.table_vs_bare``'s way, see the module's doc)."""
    with tempfile.TemporaryDirectory(prefix="napoleon-bench-profile-") as profile:
        context = open_profile(playwright, profile, service_workers=service_worker)
        try:
            return [
                visit(
                    context,
                    url,
                    profile,
                    first=i == 0 and service_worker,
                    linger_s=LINGER_S if 0 < i < count - 1 else 0.0,
                    threads=threads,
                )
                for i in range(count)
            ]
        finally:
            context.close()


def line(label: str, visits: list[Visit]) -> str:
    steps = "  ".join(
        f"{name} {statistics.median(v.steps[name] for v in visits):6.0f}" for name in STEPS
    )
    compiled = "/".join(f"{v.compiled}{'+D' if v.deserialized else ''}" for v in visits)
    cpu = statistics.median(v.cpu_s for v in visits)
    text = f"  {label:<14} {steps}  cpu {cpu:5.2f}  compiled {compiled}  {visits[0].delivery}"
    if visits[0].threads:
        text += "\n" + " " * 17 + "CPU ms: " + "  ".join(
            f"{kind} {statistics.median(v.threads[kind] for v in visits):.0f}"
            for kind in (*THREADS, "other")
        )
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--visits", type=int, default=4)
    parser.add_argument("--site", type=Path, default=DEFAULT_DEST)
    parser.add_argument("--game", choices=tuple(DECISION_QUERIES), default="napoleon")
    parser.add_argument("--sw-only", action="store_true", help="no runs with the worker blocked")
    parser.add_argument(
        "--threads", action="store_true", help="each thread's CPU to the decision"
    )
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"no built site in {args.site}: run `make site` first", file=sys.stderr)
        return 1
    modes = (True,) if args.sw_only else (True, False)
    got: dict[bool, list[list[Visit]]] = {mode: [] for mode in modes}
    print("load average (1, 5, 15 min) before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    with start_server(args.site) as url, sync_playwright() as playwright:
        page_url = url + DECISION_QUERIES[args.game]
        print(f"{page_url}: {args.runs} runs of {args.visits} visits; ms from navigation start")
        for number in range(args.runs):
            for mode in modes:
                visits = run(
                    playwright, page_url, args.visits, service_worker=mode, threads=args.threads
                )
                got[mode].append(visits)
                print(f"run {number + 1} {'sw' if mode else 'no-sw'}: " + ", ".join(
                    f"{v.steps['decision']:.0f} ms ({v.compiled}{'+D' if v.deserialized else ''})"
                    for v in visits), flush=True)
    for i in range(args.visits):
        print(f"visit {i + 1} (medians; compiled per run)")
        for mode in modes:
            print(line("sw" if mode else "no-sw", [runs[i] for runs in got[mode]]))
    print("load average (1, 5, 15 min) after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
