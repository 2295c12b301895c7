"""Whether each visit reuses Chrome's compiled code for the runtime's WebAssembly.

A returning visit is fast only when Chrome finds the compiled code it keeps
beside the response the runtime (``pyodide.asm.wasm``) came from: the trace
then shows ``wasm.Deserialize`` on that thread and few lazy compilations
(``wasm.CompileLazy``); otherwise the thread compiles thousands of functions
again (~1 s of CPU here).  For each visit (one profile: a first visit, then
new tabs) this prints the readiness time, those two trace counts for the page's
main thread and for the AI worker, and where each runtime file came from
(Resource Timing: ``deliveryType``, and with service worker static routes the
route's source and the source that answered).

``--mode contexts`` makes the visits in a fresh in-memory context of a
browser already running (``browser.new_context()``, as an independent probe
would) instead of a persistent on-disk profile; ``--bare`` visits the
bare page of :mod:`bench.table_vs_bare` instead of the table; ``--no-settle``
does not wait for the service worker's cache after the first visit;
``--no-linger`` closes each tab as soon as it is ready (Chrome stores compiled
code a few seconds after compiling it: a visit that follows at once finds none);
``--first-leaves`` closes only the first visit's tab as soon as the service
worker has cached the site, as :mod:`bench.table_vs_bare` does (an idle player
who leaves at once).

    python3 -m diagnostics.wasm_code_cache [--site site] [--visits 3] [--no-service-worker]
                                     [--mode profiles|contexts] [--bare] [--no-settle]
                                     [--no-linger] [--first-leaves] [--play CLICKS]
                                     [--query ?seed=1]

Each visit also prints a timeline (seconds from navigation): V8's chunks of
newly optimized code (``CompilationChunkFinished``, with the module's
compilation id), Chrome's serializations of the module for its code cache
(``cachedModule``: one per streaming compilation registered on the module), and
the page's marks (``ready``, ``first-decision``, ``code-cache``: when the page
heard from ``web/code-cache.js``; ``code-attached``: when that worker's
compilation of the service worker's copy came back, on its own thread).  A chunk
after ``code-attached`` is what writes the code beside the service worker's copy
(then two ``cachedModule`` at that chunk: one per response the module was compiled from).

With it, service worker static routes (``event.addRoutes``) for the runtime can be
tried: see web/README.md, "Offline play and installing".
"""

from __future__ import annotations

import argparse
import collections
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, sync_playwright

from bench.page_load import (
    BOOT_TIMEOUT_MS,
    HAS_SW_JS,
    LINGER_S,
    OFFLINE_JS,
    READY_JS,
    SW_TIMEOUT_MS,
    open_profile,
    play_napoleon,
    traced,
)
from bench.table_vs_bare import build_bare_site
from scripts.build_site import DEFAULT_DEST
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS
from scripts.serve import start_server

#: Trace events counted per thread.
COUNTED = ("wasm.Deserialize", "wasm.CompileLazy")
#: Trace events placed in time (seconds from navigation): V8's chunk of newly
#: optimized code (a caching event: every streaming compilation of the module
#: has Chrome serialize it then), Chrome's serialization of the module for the
#: code cache (``v8.wasm.cachedModule``: written beside the response that
#: compilation read), and the page's own marks.
TIMED = ("wasm.CompilationChunkFinished", "v8.wasm.cachedModule")
MARKS = (
    "napoleon-ready", "napoleon-first-decision", "napoleon-code-cache",
    "napoleon-code-attached", "napoleon-code-not-cached",
)
#: Where each runtime file (and the wheel, for comparison) came from.
SOURCES_JS = """performance.getEntriesByType("resource")
  .filter(e => /\\/pyodide\\/|\\.whl$/.test(new URL(e.name).pathname))
  .map(e => [new URL(e.name).pathname.split("/").pop(), e.deliveryType || "-",
             e.workerMatchedSourceType || "-", e.workerFinalSourceType || "-"])"""
READY_MS_JS = "performance.getEntriesByName('napoleon-ready')[0].startTime"


def thread_label(name: str) -> str:
    if name == "CrRendererMain":
        return "main thread"
    return "AI worker" if name.startswith("DedicatedWorker") else name


def traced_visit(
    context: BrowserContext,
    url: str,
    *,
    first: bool,
    settle: bool,
    linger: bool = True,
    clicks: int = 0,
) -> None:
    """One visit, traced; prints its figures.  ``clicks``: on the first visit,
    once its service worker has cached the site, the player's first clicks
    (:func:`bench.page_load.play_napoleon`)."""
    page = context.new_page()
    categories = [
        "v8.wasm", "disabled-by-default-v8.wasm.detailed", "__metadata",
        "disabled-by-default-devtools.timeline", "blink.user_timing",
    ]
    try:
        with traced(context, page, categories) as events:
            page.goto(url)
            page.wait_for_function(READY_JS, timeout=BOOT_TIMEOUT_MS)
            if first and settle and page.evaluate(HAS_SW_JS):
                page.wait_for_function(OFFLINE_JS, timeout=SW_TIMEOUT_MS)
            if first and clicks:
                play_napoleon(clicks)(page)
            # Chrome writes the compiled code a few seconds after compiling it.
            if linger:
                page.wait_for_timeout(LINGER_S * 1000)
            ready_ms = float(page.evaluate(READY_MS_JS))
            sources = page.evaluate(SOURCES_JS)
    finally:
        page.close()
    names = {e["tid"]: e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    counts = collections.Counter(
        (thread_label(names.get(e["tid"], "?")), e["name"]) for e in events if e["name"] in COUNTED
    )
    print(f"  ready {ready_ms / 1000:.2f} s")
    print_timeline(events, names)
    for thread in sorted({t for t, _ in counts}):
        figures = ", ".join(f"{name} {counts[thread, name]}" for name in COUNTED)
        print(f"    {thread:<12} {figures}")
    for file, delivery, matched, final in sources:
        print(f"    {file:<34} delivery {delivery:<14} route {matched} -> {final}")


def print_timeline(events: list[dict[str, Any]], names: dict[int, str]) -> None:
    """When the chunks, the serializations and the page's marks came, in seconds
    from the navigation (the trace's ``navigationStart``), one line."""
    starts = [e["ts"] for e in events if e.get("name") == "navigationStart"]
    if not starts:
        return
    zero = min(starts)
    moments = []
    for e in events:
        name = e.get("name", "")
        if name in TIMED:
            who = thread_label(names.get(e["tid"], "?"))
            module = e.get("args", {}).get("id")
            label = name.split(".")[-1] + (f"#{module}" if module is not None else "")
            moments.append((e["ts"], f"{label}[{who}]"))
        elif name in MARKS and e.get("ph") in ("R", "I", "n", "b"):
            moments.append((e["ts"], name.removeprefix("napoleon-")))
    line = "  ".join(f"{label} {(ts - zero) / 1e6:.2f}" for ts, label in sorted(moments))
    print(f"    timeline (s): {line}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--site", type=Path, default=DEFAULT_DEST)
    parser.add_argument("--visits", type=int, default=3)
    parser.add_argument("--no-service-worker", action="store_true")
    parser.add_argument("--mode", choices=("profiles", "contexts"), default="profiles")
    parser.add_argument("--bare", action="store_true", help="the bare page instead of the table")
    parser.add_argument("--no-settle", action="store_true")
    parser.add_argument(
        "--no-linger", action="store_true", help="close each tab at once (no time to store code)"
    )
    parser.add_argument(
        "--first-leaves", action="store_true",
        help="close the first visit's tab once the site is cached (bench.table_vs_bare's way)",
    )
    parser.add_argument(
        "--play", type=int, default=0, metavar="CLICKS",
        help="the Napoleon table's first visit: the player's first CLICKS clicks once the "
        "site is cached (Chrome writes optimized code at the runtime's next chunk of it)",
    )
    parser.add_argument("--query", default="", help="appended to the page's URL (e.g. ?seed=1)")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"no built site in {args.site}: run `make site` first", file=sys.stderr)
        return 1
    sw = not args.no_service_worker
    settle = sw and not args.no_settle
    with (
        tempfile.TemporaryDirectory(prefix="napoleon-bench-profile-") as profile,
        sync_playwright() as playwright,
    ):
        site = build_bare_site(Path(profile) / "bare") if args.bare else args.site
        with start_server(site) as url:
            browser = None
            if args.mode == "contexts":
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
                )
                context = browser.new_context(service_workers="allow" if sw else "block")
            else:
                context = open_profile(playwright, str(Path(profile) / "p"), service_workers=sw)
            try:
                for visit in range(args.visits):
                    print(f"visit {visit + 1}")
                    traced_visit(
                        context,
                        url + args.query,
                        first=visit == 0,
                        settle=settle,
                        linger=not (args.no_linger or (args.first_leaves and visit == 0)),
                        clicks=args.play,
                    )
            finally:
                context.close()
                if browser is not None:
                    browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
