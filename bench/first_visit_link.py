"""A first visit over a phone's link: the table against a bare PyScript page.

Each load is a cold first visit: a fresh browser context (empty HTTP cache), the
page throttled by Chromium's own network emulation (CDP
``Network.emulateNetworkConditions``: ``--links`` Mbit/s down and up, ``--latency``
ms), both sites on the same plain static server (``scripts.serve``: Python's
``http.server``, which compresses nothing).  The pages, loaded in turn so that
machine load hits them alike: the Napoleon table (``?seed=1&anim=instant``, a
deal where the human bids last), the Durak table (``?game=durak&seed=1&anim=instant``)
and the bare PyScript page of ``bench.table_vs_bare`` (the same vendored runtime,
a one-function wheel).  For each it prints

* navigation -> the human's first decision (the mark ``napoleon-first-decision``
  the page benches use; the bare page: its readiness mark ``napoleon-ready``),
  and the ratio of the medians to the bare page's;
* the bytes received before that moment: the encoded bytes (headers and body, as
  they came over the wire) of every response the page's network stack reported
  up to the mark, from CDP ``Network.dataReceived``/``loadingFinished``
  timestamps (a download still running at the mark counts what had come).

Service workers are blocked: the throttling is set on the page's target and does
not reach a service worker's own fetches (its first install fetches the runtime's
WebAssembly, which the page then reads from it), so a page served by an
unthrottled worker would be measured faster than a phone sees it.  With them
blocked the page fetches everything itself, through the throttled link.

``--memory-runs N`` (default 2; 0 skips): then, unthrottled, each page again in a
fresh context, and the page's renderer process (the page's main thread and its
dedicated workers, i.e. the computers' worker, live in it) measured from
``/proc`` (its pid from CDP ``SystemInfo.getProcessInfo``): private memory
(``RssAnon``, close to what Chrome's task manager calls the memory footprint on
Linux) and resident size, with the main thread's JavaScript heap and array
buffers (CDP ``Runtime.getHeapUsage``).  The interpreters' WebAssembly memories
(one in the page, one in the computers' worker) are in the private memory, not
in the JavaScript heap.
"idle": ``IDLE_S`` after the first decision (the computers' worker has started);
"match": after ``--clicks`` of the human's moves.  The bare page has no match:
its idle figure is the reference for both.

    flock /tmp/napoleon-bench.lock nice python3 -m bench.first_visit_link [--runs 3]
        [--site site] [--links 20,8] [--latency 40] [--pages napoleon,durak,bare]
        [--memory-runs 2] [--clicks 12]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, CDPSession, Page, sync_playwright

from bench.page_load import FORGET_MATCH_JS, play_napoleon
from bench.table_vs_bare import DECISION_QUERIES, build_bare_site
from cardkit.ui_dom.browser import FIRST_DECISION_CLASS, READY_CLASS
from scripts.build_site import DEFAULT_DEST
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS
from scripts.serve import start_server

PAGES = ("napoleon", "durak", "bare")
TIMEOUT_MS = 300_000
#: Seconds the memory pass waits after the first decision before its "idle" sample.
IDLE_S = 6.0
#: Each page's end point: the human's first decision; the bare page's readiness.
END_MARK = {"napoleon": FIRST_DECISION_CLASS, "durak": FIRST_DECISION_CLASS, "bare": READY_CLASS}


@dataclass
class NetLog:
    """What the page's network stack reported (CDP ``Network`` events)."""

    #: requestId -> [(monotonic s, encoded bytes)] of its chunks.
    chunks: dict[str, list[tuple[float, int]]] = field(default_factory=dict)
    #: requestId -> (monotonic s, all encoded bytes, headers included) once it finished.
    finished: dict[str, tuple[float, int]] = field(default_factory=dict)
    #: requestId -> the URL asked for (the last one, after redirects).
    urls: dict[str, str] = field(default_factory=dict)
    #: Wall clock (epoch s) minus CDP's monotonic clock, from the first request.
    offset: float | None = None

    def watch(self, cdp: CDPSession) -> None:
        cdp.on("Network.requestWillBeSent", self._sent)
        cdp.on("Network.dataReceived", self._data)
        cdp.on("Network.loadingFinished", self._finished)

    def _sent(self, event: dict[str, Any]) -> None:
        request = event.get("request")
        if isinstance(request, dict) and "requestId" in event:
            self.urls[str(event["requestId"])] = str(request.get("url", "?"))
        if self.offset is None:
            self.offset = float(event["wallTime"]) - float(event["timestamp"])

    def _data(self, event: dict[str, Any]) -> None:
        got = (float(event["timestamp"]), int(event.get("encodedDataLength", 0)))
        self.chunks.setdefault(str(event["requestId"]), []).append(got)

    def _finished(self, event: dict[str, Any]) -> None:
        got = (float(event["timestamp"]), int(event["encodedDataLength"]))
        self.finished[str(event["requestId"])] = got

    def bytes_until(self, epoch_s: float) -> int:
        """Encoded bytes received up to wall-clock time ``epoch_s``."""
        return sum(self.assets_until(epoch_s).values())

    def assets_until(self, epoch_s: float) -> dict[str, int]:
        """Encoded bytes received up to wall-clock time ``epoch_s``, per URL (a URL
        asked for twice counts both)."""
        if self.offset is None:
            return {}
        until = epoch_s - self.offset
        assets: dict[str, int] = {}
        for rid in set(self.chunks) | set(self.finished):
            done = self.finished.get(rid)
            if done is not None and done[0] <= until:
                got = done[1]
            else:
                got = sum(n for t, n in self.chunks.get(rid, ()) if t <= until)
            url = self.urls.get(rid, "?")
            assets[url] = assets.get(url, 0) + got
        return assets


@dataclass
class LinkLoad:
    seconds: float
    received: int
    #: The bytes received before the mark per file (its path from the site's root).
    assets: dict[str, int] = field(default_factory=dict)


def throttle(cdp: CDPSession, mbit: float, latency_ms: float) -> None:
    rate = mbit * 1e6 / 8  # bytes per second
    cdp.send(
        "Network.emulateNetworkConditions",
        {
            "offline": False,
            "latency": latency_ms,
            "downloadThroughput": rate,
            "uploadThroughput": rate,
        },
    )


def end_time(page: Page, mark: str) -> tuple[float, float]:
    """(seconds from navigation to ``mark``, the mark's wall-clock time in epoch s)."""
    ms, origin = page.evaluate(
        f"[performance.getEntriesByName({mark!r})[0].startTime, performance.timeOrigin]"
    )
    return float(ms) / 1000, (float(origin) + float(ms)) / 1000


def wait_mark(page: Page, mark: str) -> None:
    page.wait_for_function(
        f"document.documentElement.classList.contains({mark!r})", timeout=TIMEOUT_MS
    )


def link_load(browser: Browser, url: str, name: str, mbit: float, latency_ms: float) -> LinkLoad:
    """One cold first visit of ``url`` over the throttled link."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        log = NetLog()
        log.watch(cdp)
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": False})
        throttle(cdp, mbit, latency_ms)
        page.goto(url, timeout=TIMEOUT_MS)
        wait_mark(page, END_MARK[name])
        seconds, at = end_time(page, END_MARK[name])
        time.sleep(0.5)  # the events of the last chunks before the mark
        assets = log.assets_until(at)
        if name != "bare":
            page.evaluate(FORGET_MATCH_JS)
        root = url.split("?")[0].rsplit("/", 1)[0] + "/"
        named = {asset_name(u, root): n for u, n in assets.items() if n}
        return LinkLoad(seconds, sum(assets.values()), named)
    finally:
        context.close()


def asset_name(url: str, root: str) -> str:
    """A URL as a path of the site (``pyodide/pyodide.asm.wasm.gz``); ``index.html``
    for the page itself (its query string and all)."""
    if not url.startswith(root):
        return url
    path = url[len(root):].split("?")[0].split("#")[0]
    return path or "index.html"


def report_assets(loads: dict[str, list[LinkLoad]]) -> None:
    """Each file's bytes before the first decision, the median over the runs
    (a file not fetched in a run counts 0 there)."""
    for name, xs in loads.items():
        paths = sorted({p for x in xs for p in x.assets})
        rows = [(statistics.median(x.assets.get(p, 0) for x in xs), p) for p in paths]
        print(f"  {name} per file, medians:")
        for size, path in sorted(rows, reverse=True):
            if size >= 1000:
                print(f"    {size / 1e6:7.3f} MB  {path}")


# --- memory -------------------------------------------------------------------


@dataclass
class Memory:
    private: int  # the renderer's RssAnon (+ swap)
    resident: int  # the renderer's VmRSS
    js_heap: int  # the main thread's JavaScript heap, used
    buffers: int  # the main thread's ArrayBuffer backing stores (CDP's backingStorageSize)


def proc_status(pid: int) -> dict[str, int]:
    """``/proc/PID/status``'s sizes in bytes (``{}`` if the process is gone)."""
    try:
        text = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return {}
    sizes: dict[str, int] = {}
    for line in text.splitlines():
        key, _, value = line.partition(":")
        parts = value.split()
        if len(parts) == 2 and parts[1] == "kB":
            sizes[key] = int(parts[0]) * 1024
    return sizes


def renderer(browser_cdp: CDPSession) -> dict[str, int]:
    """The largest renderer process's sizes: the page's (one page is open at a
    time; Chromium may keep a spare renderer, which holds almost nothing)."""
    info = browser_cdp.send("SystemInfo.getProcessInfo")["processInfo"]
    sizes = [proc_status(int(p["id"])) for p in info if p.get("type") == "renderer"]
    return max(sizes, key=lambda s: s.get("RssAnon", 0), default={})


def measure(browser_cdp: CDPSession, cdp: CDPSession) -> Memory:
    cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")
    sizes = renderer(browser_cdp)
    return Memory(
        private=sizes.get("RssAnon", 0) + sizes.get("VmSwap", 0),
        resident=sizes.get("VmRSS", 0),
        js_heap=int(heap["usedSize"]),
        buffers=int(heap.get("backingStorageSize", 0)),
    )


def play_durak(clicks: int) -> Callable[[Page], None]:
    """The human's first ``clicks`` moves at the Durak table: each time the table
    waits for the human, the first enabled control of the table is clicked."""

    def play(page: Page) -> None:
        for _ in range(clicks):
            page.wait_for_function(
                "document.documentElement.classList.contains('napoleon-ready')"
                " && !document.documentElement.hasAttribute('data-busy')",
                timeout=TIMEOUT_MS,
            )
            control = page.locator("#table [data-act]:not([disabled])")
            if not control.count():
                return
            before = page.locator("#table").evaluate("t => JSON.stringify(t.dataset)")
            control.first.click()
            page.wait_for_function(
                "b => JSON.stringify(document.getElementById('table').dataset) !== b",
                arg=before,
                timeout=TIMEOUT_MS,
            )

    return play


def memory_load(browser: Browser, url: str, name: str, clicks: int) -> list[Memory]:
    """[idle] for the bare page, [idle, match] for a table, unthrottled."""
    context = browser.new_context(service_workers="block")
    browser_cdp = browser.new_browser_cdp_session()
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        page.goto(url, timeout=TIMEOUT_MS)
        wait_mark(page, END_MARK[name])
        page.wait_for_timeout(IDLE_S * 1000)
        samples = [measure(browser_cdp, cdp)]
        if name != "bare":
            (play_napoleon(clicks) if name == "napoleon" else play_durak(clicks))(page)
            page.wait_for_timeout(1000)
            samples.append(measure(browser_cdp, cdp))
            page.evaluate(FORGET_MATCH_JS)
        return samples
    finally:
        browser_cdp.detach()
        context.close()


# --- report -------------------------------------------------------------------


def spread(values: list[float], unit: str, digits: int) -> str:
    xs = sorted(values)
    runs = ", ".join(f"{x:.{digits}f}" for x in values)
    low, mid, high = (f"{x:.{digits}f}" for x in (xs[0], statistics.median(xs), xs[-1]))
    return f"{mid} {unit} (min {low}, max {high}; runs {runs})"


def report_link(mbit: float, latency_ms: float, loads: dict[str, list[LinkLoad]]) -> None:
    runs = len(next(iter(loads.values())))
    print(f"\n{mbit:g} Mbit/s, {latency_ms:g} ms latency, cold first visit, {runs} runs")
    bare = loads.get("bare")
    bare_s = statistics.median(x.seconds for x in bare) if bare else None
    for name, xs in loads.items():
        secs = [x.seconds for x in xs]
        ratio = ""
        if bare_s and name != "bare":
            ratio = f"  = {statistics.median(secs) / bare_s:.2f}x bare"
        print(f"  {name:<8} to first decision {spread(secs, 's', 2)}{ratio}")
        mbs = [x.received / 1e6 for x in xs]
        print(f"  {'':<8} received before it {spread(mbs, 'MB', 2)}")


def report_memory(samples: dict[str, list[list[Memory]]]) -> None:
    print("\nmemory of the page's renderer (main thread + workers), unthrottled, medians")
    bare = samples.get("bare")
    bare_private = statistics.median(s[0].private for s in bare) if bare else None
    for name, runs in samples.items():
        for stage, i in (("idle", 0), ("match", 1)):
            got = [s[i] for s in runs if len(s) > i]
            if not got:
                continue
            private = statistics.median(m.private for m in got)
            resident = statistics.median(m.resident for m in got)
            heap = statistics.median(m.js_heap for m in got)
            buffers = statistics.median(m.buffers for m in got)
            ratio = ""
            if bare_private and name != "bare":
                ratio = f" = {private / bare_private:.2f}x bare"
            print(
                f"  {name:<8} {stage:<5} private {private / 1e6:6.0f} MB{ratio}  (runs "
                f"{', '.join(f'{m.private / 1e6:.0f}' for m in got)})"
                f"  resident {resident / 1e6:.0f} MB"
                f"  main thread: JS heap {heap / 1e6:.0f} MB, array buffers {buffers / 1e6:.0f} MB"
            )


@contextmanager
def served_pages(site: Path) -> Iterator[dict[str, str]]:
    """Each of :data:`PAGES` -> its URL: the tables from ``site``, the bare page from a
    site built beside it, both on a local plain server while in the block."""
    with (
        tempfile.TemporaryDirectory(prefix="napoleon-bare-") as tmp,
        start_server(site) as table_url,
        start_server(build_bare_site(Path(tmp) / "site")) as bare_url,
    ):
        yield {
            "napoleon": table_url + DECISION_QUERIES["napoleon"],
            "durak": table_url + DECISION_QUERIES["durak"],
            "bare": bare_url,
        }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, default=DEFAULT_DEST)
    parser.add_argument("--links", default="20,8", help="Mbit/s, comma-separated")
    parser.add_argument("--latency", type=float, default=40.0, help="ms")
    parser.add_argument("--pages", default=",".join(PAGES), help="of " + ",".join(PAGES))
    parser.add_argument("--memory-runs", type=int, default=2)
    parser.add_argument("--clicks", type=int, default=12, help="the human's moves before 'match'")
    parser.add_argument(
        "--assets", action="store_true", help="also each file's bytes before the first decision"
    )
    args = parser.parse_args(argv)
    pages = [p for p in args.pages.split(",") if p]
    if not pages or any(p not in PAGES for p in pages):
        parser.error(f"--pages: a comma-separated choice of {', '.join(PAGES)}")
    try:
        links = [float(x) for x in args.links.split(",")]
    except ValueError:
        parser.error("--links: numbers (Mbit/s), comma-separated")
    if args.runs < 1 or any(x <= 0 for x in links):
        parser.error("--runs and every link must be positive")
    if not (args.site / "index.html").is_file():
        print(f"no built site in {args.site}: run `make site` first", file=sys.stderr)
        return 1
    print("load average (1, 5, 15 min) before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    with served_pages(args.site) as urls, sync_playwright() as playwright:
        print(
            f"headless {CHROMIUM}; service workers blocked; "
            + "; ".join(f"{p} {urls[p]}" for p in pages)
        )
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            for mbit in links:
                loads: dict[str, list[LinkLoad]] = {p: [] for p in pages}
                for run in range(args.runs):
                    for name in pages:
                        got = link_load(browser, urls[name], name, mbit, args.latency)
                        loads[name].append(got)
                        print(
                            f"  {mbit:g} Mbit/s run {run + 1} {name:<8} {got.seconds:.2f} s "
                            f"{got.received / 1e6:.2f} MB",
                            flush=True,
                        )
                report_link(mbit, args.latency, loads)
                if args.assets:
                    report_assets(loads)
            if args.memory_runs > 0:
                samples: dict[str, list[list[Memory]]] = {p: [] for p in pages}
                for _ in range(args.memory_runs):
                    for name in pages:
                        samples[name].append(memory_load(browser, urls[name], name, args.clicks))
                report_memory(samples)
        finally:
            browser.close()
    print("load average (1, 5, 15 min) after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
