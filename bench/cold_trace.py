"""Where a cold page's main thread spends its time before the readiness mark.

Each run is a first visit (a new browser profile, service workers blocked unless
``--service-workers``: a player's first visit registers one as it starts) with
a Chrome trace; the renderer main thread's events between navigation and the
``napoleon-ready`` mark are summed by name (Layout, UpdateLayoutTree, ParseHTML,
EvaluateScript, FunctionCall, ...: self-contained wall time of the complete
events, nested events counted in their own line too), and the CPU time
(``tdur``) of every kind of thread of the browser over the same span ("cpu ..."
lines, top-level events only).  Medians over ``--runs``.
``--bare`` traces the bare page of :mod:`bench.table_vs_bare` in the same runs,
alternately, for comparison.  ``--layouts`` lists every Layout event of the
last run (start ms from navigation, duration).

``--no-cjk-too`` also traces every page with every CJK font hidden from the
browser (columns ``.../no-cjk``): what a Japanese font costs a first visit.

``--decision`` traces the table to the human's first decision instead (at
``bench.table_vs_bare.DECISION_QUERIES[--game]``: Napoleon's seeded deal where
the human bids last, or Durak's seeded deal, instant animation; the mark
``napoleon-first-decision``), the bare page still to its readiness mark: the
spans the speed target compares (:mod:`bench.table_vs_bare`).

    python3 -m bench.cold_trace [--runs 3] [--site site] [--bare] [--layouts] [--variant NAME=DIR]
                                [--no-cjk-too] [--decision [--game napoleon|durak]]
                                [--service-workers]

Trace overhead makes every figure larger than in an untraced load: compare
figures from this command with each other, not with bench.table_vs_bare.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Playwright, sync_playwright

from bench.page_load import BOOT_TIMEOUT_MS, DECISION_JS, READY_JS, open_profile, traced
from bench.table_vs_bare import DECISION_QUERIES, build_bare_site, font_env
from cardkit.ui_dom.browser import FIRST_DECISION_CLASS, READY_CLASS
from scripts.build_site import DEFAULT_DEST
from scripts.serve import start_server

CATEGORIES = [
    "__metadata",
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "blink",
    "loading",
    "toplevel",
    "v8",
    "blink.user_timing",
]
#: Event names summed per run (complete events on the renderer main thread).
NAMES = (
    "RunTask",
    "ParseHTML",
    "ParseAuthorStyleSheet",
    "UpdateLayoutTree",
    "Layout",
    "PrePaint",
    "Paint",
    "Layerize",
    "EvaluateScript",
    "v8.compileModule",
    "v8.evaluateModule",
    "FunctionCall",
    "TimerFire",
    "EventDispatch",
    "v8.compile",
    "v8.wasm.compileConsume",
    "MajorGC",
    "MinorGC",
    "V8.GC_MARK_COMPACTOR",
)


def traced_cold_visit(
    playwright: Playwright,
    url: str,
    env: dict[str, str | float | bool] | None = None,
    *,
    decision: bool = False,
    service_workers: bool = False,
) -> list[dict[str, Any]]:
    """One first visit to ``url`` in a new profile, traced until the readiness mark
    (``decision``: the first-decision mark; ``env``: the browser's environment, see
    ``bench.table_vs_bare.font_env``; ``service_workers``: allowed)."""
    with tempfile.TemporaryDirectory(prefix="napoleon-trace-profile-") as profile:
        context = open_profile(playwright, profile, service_workers=service_workers, env=env)
        try:
            page = context.new_page()
            with traced(context, page, CATEGORIES) as events:
                page.goto(url)
                page.wait_for_function(
                    DECISION_JS if decision else READY_JS, timeout=BOOT_TIMEOUT_MS
                )
            return events
        finally:
            context.close()


def main_thread_events(
    events: list[dict[str, Any]], mark: str = READY_CLASS
) -> tuple[list[dict[str, Any]], float, float]:
    """The renderer main thread's complete events, navigation start and the end
    point, the User Timing ``mark`` (µs)."""
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e["name"] == "thread_name"}
    ready = [e for e in events if e["name"] == mark]
    if not ready:
        raise RuntimeError(f"no {mark} mark in the trace")
    key = (ready[0]["pid"], ready[0]["tid"])
    if names.get(key) != "CrRendererMain":
        key = next(k for k, n in names.items() if n == "CrRendererMain" and k[0] == key[0])
    starts = [
        e["ts"]
        for e in events
        if (e["pid"], e["tid"]) == key and e["name"] in ("navigationStart", "markAsMainFrame")
    ]
    start = min(starts) if starts else min(e["ts"] for e in events if (e["pid"], e["tid"]) == key)
    end = ready[0]["ts"]
    mine = [
        e
        for e in events
        if (e["pid"], e["tid"]) == key and e.get("ph") == "X" and start <= e["ts"] <= end
    ]
    return mine, start, end


def thread_cpu(events: list[dict[str, Any]], start: float, end: float) -> dict[str, float]:
    """CPU ms (``tdur``) of each thread kind's top-level complete events in [start, end],
    all processes of the browser; thread names without their numbers."""
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e["name"] == "thread_name"}
    by_thread: dict[tuple[int, int], list[dict[str, Any]]] = collections.defaultdict(list)
    for e in events:
        if e.get("ph") == "X" and "tdur" in e and start <= e["ts"] <= end:
            by_thread[e["pid"], e["tid"]].append(e)
    cpu: dict[str, float] = collections.defaultdict(float)
    for key, items in by_thread.items():
        items.sort(key=lambda e: (e["ts"], -e.get("dur", 0)))
        busy_until = -1.0
        kind = "".join(c for c in names.get(key, "?") if not c.isdigit()).rstrip("/_ ")
        for e in items:
            if e["ts"] >= busy_until:  # not nested in the previous top-level event
                cpu[f"cpu {kind}"] += e["tdur"] / 1000
                busy_until = e["ts"] + e.get("dur", 0)
    return cpu


def summarize(
    events: list[dict[str, Any]], mark: str = READY_CLASS
) -> tuple[dict[str, float], list[tuple[float, float]]]:
    mine, start, end = main_thread_events(events, mark)
    sums: dict[str, float] = collections.defaultdict(float)
    for e in mine:
        if e["name"] in NAMES:
            sums[e["name"]] += e.get("dur", 0) / 1000
    sums["(navigation -> ready)"] = (end - start) / 1000
    sums.update(thread_cpu(events, start, end))
    layouts = [
        ((e["ts"] - start) / 1000, e.get("dur", 0) / 1000) for e in mine if e["name"] == "Layout"
    ]
    return sums, layouts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, default=DEFAULT_DEST)
    parser.add_argument("--bare", action="store_true", help="also trace the bare page")
    parser.add_argument("--layouts", action="store_true", help="list the last run's Layouts")
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME=DIR",
        help="also trace another built site (e.g. a trial change), in the same runs",
    )
    parser.add_argument(
        "--no-cjk-too",
        action="store_true",
        help="also trace each page with every CJK font hidden from the browser",
    )
    parser.add_argument(
        "--decision",
        action="store_true",
        help="trace the table to the human's first decision (the bare page to ready)",
    )
    parser.add_argument(
        "--game",
        choices=tuple(DECISION_QUERIES),
        default="napoleon",
        help="with --decision: which game's first decision (bench.table_vs_bare's seeded deal)",
    )
    parser.add_argument(
        "--service-workers",
        action="store_true",
        help="let the page register its service worker, as a player's first visit does",
    )
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"no built site in {args.site}: run `make site` first", file=sys.stderr)
        return 1
    results: dict[str, list[dict[str, float]]] = collections.defaultdict(list)
    layouts: dict[str, list[tuple[float, float]]] = {}
    with tempfile.TemporaryDirectory(prefix="napoleon-bare-") as tmp, sync_playwright() as pw:
        sites = {"table": args.site}
        if args.bare:
            sites["bare"] = build_bare_site(Path(tmp) / "site")
        for variant in args.variant:
            name, _, folder = variant.partition("=")
            sites[name] = Path(folder)
        envs: dict[str, dict[str, str | float | bool] | None] = {"": None}
        if args.no_cjk_too:
            envs["/no-cjk"] = font_env("no-cjk", Path(tmp))
        for _ in range(args.runs):
            for name, site in sites.items():
                for suffix, env in envs.items():
                    decision = args.decision and name != "bare"
                    mark = FIRST_DECISION_CLASS if decision else READY_CLASS
                    with start_server(site) as url:
                        page_url = url + DECISION_QUERIES[args.game] if decision else url
                        events = traced_cold_visit(
                            pw, page_url, env, decision=decision,
                            service_workers=args.service_workers,
                        )
                        sums, layouts[name + suffix] = summarize(events, mark)
                    results[name + suffix].append(sums)
    keys = sorted({k for runs in results.values() for r in runs for k in r})
    end = "first decision (bare: ready)" if args.decision else "ready"
    print(f"median ms over {args.runs} cold traced runs (main thread, navigation -> {end})")
    print(f"{'event':<28}" + "".join(f"{n:>14}" for n in results))
    for k in keys:
        row = [statistics.median(r.get(k, 0.0) for r in runs) for runs in results.values()]
        print(f"{k:<28}" + "".join(f"{v:>14.1f}" for v in row))
    if args.layouts:
        for name, items in layouts.items():
            listed = ", ".join(f"@{t:.0f} {d:.1f}" for t, d in items)
            print(f"{name} Layout events (last run): {listed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
