"""Where the renderer's memory goes during a match: the page's share and the
computers' worker's, by kind of mapping.

``bench.first_visit_link --memory-runs`` gives the renderer's private memory as one
figure; this splits it.  Each page is loaded in a fresh context (service workers
blocked, unthrottled, as that bench's memory pass does), sampled ``IDLE_S`` after
the human's first decision ("idle") and after ``--clicks`` of the human's moves
("match"), and the renderer's ``/proc/PID/smaps`` is summed by kind:

* ``wasm memory``: each interpreter's WebAssembly memory, the anonymous read-write
  mappings of at least 16 MiB that start on a 4 GiB boundary (where Chromium's V8
  places a 32-bit WebAssembly memory); one per interpreter, page's and worker's;
* ``executable``: anonymous executable mappings (compiled JavaScript and WebAssembly);
* ``other``: every other private (anonymous) byte: both threads' JavaScript heaps,
  array buffers (the runtime's WebAssembly bytes, Python's file system), Blink;
  the sizes of its largest mappings are printed for each run.

``--no-worker`` loads the pages with ``Worker`` refused (an init script makes its
constructor throw), so the figure is the page's own: the difference with a normal
load is the worker's share (the table then says it cannot reach the computers).

    flock /tmp/napoleon-bench.lock nice python3 -m diagnostics.memory_breakdown
        [--site site] [--pages napoleon,durak,bare] [--runs 2] [--clicks 12] [--no-worker]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Browser, CDPSession, sync_playwright

from bench.first_visit_link import (
    END_MARK,
    IDLE_S,
    PAGES,
    TIMEOUT_MS,
    play_durak,
    served_pages,
    wait_mark,
)
from bench.page_load import FORGET_MATCH_JS, play_napoleon
from scripts.build_site import DEFAULT_DEST
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS

#: A WebAssembly memory's mapping: at least this large, starting on a 4 GiB boundary.
WASM_MIN = 16 << 20
WASM_ALIGN = 1 << 32
#: How many of the largest other mappings are printed.
LARGEST = 8
NO_WORKER_JS = (
    "globalThis.Worker = function () { throw new Error('no worker (memory_breakdown)'); };"
)


@dataclass
class Mapping:
    start: int
    size: int
    perms: str
    path: str
    anonymous: int = 0  # bytes (smaps' Anonymous)


@dataclass
class Breakdown:
    private: int
    wasm: list[int]  # each WebAssembly memory's private bytes, largest first
    executable: int
    largest: list[int]  # the largest other mappings' private bytes, largest first

    @property
    def other(self) -> int:
        return self.private - sum(self.wasm) - self.executable


def mappings(pid: int) -> list[Mapping]:
    """The process's mappings from ``/proc/PID/smaps`` (``[]`` if it is gone)."""
    try:
        return parse_smaps(Path(f"/proc/{pid}/smaps").read_text())
    except OSError:
        return []


def parse_smaps(text: str) -> list[Mapping]:
    """The mappings of an ``smaps`` text: each header line, with its ``Anonymous`` size."""
    found: list[Mapping] = []
    for line in text.splitlines():
        fields = line.split()
        if not fields:
            continue
        if not fields[0].endswith(":") and "-" in fields[0] and len(fields) >= 5:
            low, _, high = fields[0].partition("-")
            start, end = int(low, 16), int(high, 16)
            found.append(Mapping(start, end - start, fields[1], " ".join(fields[5:])))
        elif fields[0] == "Anonymous:" and found and len(fields) >= 2:
            found[-1].anonymous = int(fields[1]) * 1024
    return found


def wasm_memory(mapping: Mapping) -> bool:
    """Whether the mapping looks like a WebAssembly memory (see the module's docstring)."""
    return (
        mapping.perms.startswith("rw")
        and mapping.size >= WASM_MIN
        and mapping.start % WASM_ALIGN == 0
    )


def breakdown(maps: list[Mapping]) -> Breakdown:
    wasm = sorted((m.anonymous for m in maps if wasm_memory(m)), reverse=True)
    executable = sum(m.anonymous for m in maps if "x" in m.perms)
    others = [m.anonymous for m in maps if "x" not in m.perms and not wasm_memory(m)]
    largest = sorted(others, reverse=True)[:LARGEST]
    return Breakdown(sum(m.anonymous for m in maps), wasm, executable, largest)


def renderer_pid(browser_cdp: CDPSession) -> int | None:
    """The renderer with the most private memory: the page's (one page is open)."""
    info = browser_cdp.send("SystemInfo.getProcessInfo")["processInfo"]
    pids = [int(p["id"]) for p in info if p.get("type") == "renderer"]
    sized = [(sum(m.anonymous for m in mappings(pid)), pid) for pid in pids]
    return max(sized)[1] if sized else None


def sample(browser: Browser, url: str, name: str, clicks: int, no_worker: bool) -> list[Breakdown]:
    """[idle] for the bare page, [idle, match] for a table."""
    context = browser.new_context(service_workers="block")
    browser_cdp = browser.new_browser_cdp_session()
    try:
        page = context.new_page()
        if no_worker:
            page.add_init_script(NO_WORKER_JS)
        cdp = context.new_cdp_session(page)
        page.goto(url, timeout=TIMEOUT_MS)
        wait_mark(page, END_MARK[name])
        page.wait_for_timeout(IDLE_S * 1000)
        stages = [0] if name == "bare" or no_worker else [0, clicks]
        got: list[Breakdown] = []
        for stage in stages:
            if stage:
                (play_napoleon(stage) if name == "napoleon" else play_durak(stage))(page)
                page.wait_for_timeout(1000)
            cdp.send("HeapProfiler.collectGarbage")
            pid = renderer_pid(browser_cdp)
            if pid is not None:
                got.append(breakdown(mappings(pid)))
        if name != "bare":
            page.evaluate(FORGET_MATCH_JS)
        return got
    finally:
        browser_cdp.detach()
        context.close()


def mb(sizes: list[int]) -> float:
    return statistics.median(sizes) / 1e6


def report(name: str, runs: list[list[Breakdown]]) -> None:
    for stage, i in (("idle", 0), ("match", 1)):
        got = [r[i] for r in runs if len(r) > i]
        if not got:
            continue
        count = max(len(b.wasm) for b in got)
        wasm = [mb([b.wasm[k] if k < len(b.wasm) else 0 for b in got]) for k in range(count)]
        print(
            f"  {name:<8} {stage:<5} private {mb([b.private for b in got]):6.1f} MB"
            f" = wasm memories {' + '.join(f'{w:.1f}' for w in wasm) or '0'}"
            f" + executable {mb([b.executable for b in got]):.1f}"
            f" + other {mb([b.other for b in got]):.1f} MB"
            f"  (runs {', '.join(f'{b.private / 1e6:.0f}' for b in got)})"
        )
        for b in got:
            sizes = ', '.join(f'{x / 1e6:.1f}' for x in b.largest)
            print(f"      largest other mappings: {sizes} MB")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--site", type=Path, default=DEFAULT_DEST)
    parser.add_argument("--pages", default=",".join(PAGES), help="of " + ",".join(PAGES))
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--clicks", type=int, default=12)
    parser.add_argument("--no-worker", action="store_true", help="refuse Worker: the page's share")
    args = parser.parse_args(argv)
    pages = [p for p in args.pages.split(",") if p]
    if not pages or any(p not in PAGES for p in pages):
        parser.error(f"--pages: a comma-separated choice of {', '.join(PAGES)}")
    if args.runs < 1 or args.clicks < 1:
        parser.error("--runs and --clicks must be positive")
    if not (args.site / "index.html").is_file():
        print(f"no built site in {args.site}: run `make site` first", file=sys.stderr)
        return 1
    with served_pages(args.site) as urls, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            runs: dict[str, list[list[Breakdown]]] = {p: [] for p in pages}
            for _ in range(args.runs):
                for name in pages:
                    got = sample(browser, urls[name], name, args.clicks, args.no_worker)
                    runs[name].append(got)
        finally:
            browser.close()
    worker = "refused (the page's own share)" if args.no_worker else "running"
    print(f"renderer's private memory by kind, medians of {args.runs} runs; worker {worker}")
    for name in pages:
        report(name, runs[name])
    return 0


if __name__ == "__main__":
    sys.exit(main())
