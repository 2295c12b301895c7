"""Time from navigation to a playable screen, in headless Chromium on localhost.

Cold: a new browser profile (empty HTTP cache). Warm: a new tab in the same
profile once the cold load's service worker has cached the site (a returning
visit, served by it; the bare page of ``bench.table_vs_bare`` has none). The
end point is the User Timing mark ``napoleon-ready`` that
:func:`cardkit.ui_dom.browser.mark_ready` records when it sets the readiness
class, so the figure is measured by the page's own clock from navigation start.
No request routing here: routing disables the cache.

    python3 -m bench.page_load [--runs 5] [--site site]     (make bench-page)
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright

from cardkit.ui_dom.browser import FIRST_DECISION_CLASS, READY_CLASS
from scripts.build_site import DEFAULT_DEST, site_size
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS
from scripts.serve import start_server

BOOT_TIMEOUT_MS = 60_000
READY_JS = f"document.documentElement.classList.contains({READY_CLASS!r})"
#: Milliseconds from navigation start to the mark; milliseconds from the moment
#: main.py arrived (PyScript fetches it once the interpreter and the wheel are
#: ready) to the mark, i.e. the time our own Python takes; bytes over the network.
MEASURE_JS = f"""() => {{
  const ready = performance.getEntriesByName({READY_CLASS!r})[0].startTime;
  const resources = performance.getEntriesByType("resource");
  const main = resources.find(e => new URL(e.name).pathname.endsWith("/main.py"));
  const entries = [...performance.getEntriesByType("navigation"), ...resources];
  return [ready, ready - main.responseEnd,
          entries.reduce((sum, e) => sum + (e.transferSize || 0), 0)];
}}"""


@dataclass
class Load:
    ms: float
    own_python_ms: float
    transferred: int
    cpu_s: float
    #: Navigation -> the human's first decision enabled (the table only; ``bench.table_vs_bare``).
    decision_ms: float | None = None


#: The table marks the moment the human's first decision is enabled (a class and a mark).
DECISION_JS = f"document.documentElement.classList.contains({FIRST_DECISION_CLASS!r})"
DECISION_MS_JS = f"performance.getEntriesByName({FIRST_DECISION_CLASS!r})[0].startTime"
#: A returning visit of the decision bench starts the same seeded deal again, not the
#: match the previous visit saved (which would put the human to act at once).
FORGET_MATCH_JS = """Object.keys(localStorage)
  .filter(k => k.endsWith("napoleon.match") || k.endsWith("durak.match"))
  .forEach(k => localStorage.removeItem(k))"""


def browser_cpu_ticks(profile: str | None) -> dict[int, int]:
    """CPU ticks (user + system) of each process of the browser using ``profile``
    (``None``: every process this benchmark started, i.e. its descendants: one
    browser shared by fresh contexts, ``bench.table_vs_bare --mode contexts``)."""
    parent: dict[int, int] = {}
    ticks: dict[int, int] = {}
    roots: set[int] = set() if profile is not None else {os.getpid()}
    marker = f"--user-data-dir={profile}".encode()
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        pid = int(entry.name)
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:  # the process ended meanwhile
            continue
        fields = stat.rsplit(")", 1)[1].split()
        parent[pid] = int(fields[1])
        ticks[pid] = int(fields[11]) + int(fields[12])
        if profile is not None and marker in cmdline:
            roots.add(pid)
    tree = set(roots)
    grew = True
    while grew:
        children = {pid for pid, ppid in parent.items() if ppid in tree} - tree
        tree |= children
        grew = bool(children)
    return {pid: ticks[pid] for pid in tree if pid in ticks}


def cpu_seconds_since(profile: str | None, before: dict[int, int]) -> float:
    """CPU seconds the browser's processes used since ``before`` (``browser_cpu_ticks``).

    Counted per process: a process that ended meanwhile (the previous tab's
    renderer) would otherwise take its whole past CPU time off the sum.
    """
    after = browser_cpu_ticks(profile)
    used = sum(ticks - before.get(pid, 0) for pid, ticks in after.items())
    return used / os.sysconf("SC_CLK_TCK")


#: A page that keeps itself for offline play (``web/register-sw.js``) marks ``<html>``
#: with ``data-offline`` once its service worker has cached the whole site.
OFFLINE_JS = "document.documentElement.hasAttribute('data-offline')"
#: Whether the page registers a service worker at all (the bare page does not).
HAS_SW_JS = "!!document.querySelector('script[src$=\"register-sw.js\"]')"
SW_TIMEOUT_MS = 120_000


def load(
    context: BrowserContext,
    url: str,
    profile: str | None,
    *,
    settle: bool = False,
    linger_s: float = 0.0,
    decision: bool = False,
    play: Callable[[Page], None] | None = None,
) -> Load:
    """One navigation to the readiness mark.  ``settle``: then, before the tab
    closes, wait until the page's service worker (if it has one) has cached the
    site, so that the next (warm) load is a returning visit and the pre-caching
    of the first visit does not run during it.  ``linger_s``: then keep the tab
    open that long (see :func:`visits`).  ``decision``: the end point is the
    human's first decision enabled (``FIRST_DECISION_CLASS``), after the ready
    mark; the saved match is forgotten before the tab closes, so that the next
    visit plays the same seeded deal again.  ``play``: after all that, before the
    tab closes, the player's clicks (:func:`play_napoleon`), then ``linger_s`` again."""
    page = context.new_page()
    try:
        cpu_before = browser_cpu_ticks(profile)
        page.goto(url)
        page.wait_for_function(DECISION_JS if decision else READY_JS, timeout=BOOT_TIMEOUT_MS)
        cpu_s = cpu_seconds_since(profile, cpu_before)
        ms, own_python_ms, transferred = page.evaluate(MEASURE_JS)
        decision_ms = float(page.evaluate(DECISION_MS_JS)) if decision else None
        if settle and page.evaluate(HAS_SW_JS):
            page.wait_for_function(OFFLINE_JS, timeout=SW_TIMEOUT_MS)
        if linger_s:
            page.wait_for_timeout(linger_s * 1000)
        if play is not None:
            play(page)
            page.wait_for_timeout(LINGER_S * 1000)
        if decision:
            page.evaluate(FORGET_MATCH_JS)
        return Load(float(ms), float(own_python_ms), int(transferred), cpu_s, decision_ms)
    finally:
        page.close()


def play_napoleon(clicks: int) -> Callable[[Page], None]:
    """A player's first clicks at the Napoleon table (pass in the bidding, the first
    playable card, NEXT when offered), each awaited until the table has moved on.

    A first visit is rarely left at its first decision, and what the page does
    after it matters to the next visit: Chrome writes the runtime's optimized code
    beside the service worker's copy each time the runtime has a chunk of newly
    optimized code (the boot's chunks since the first visit's runtime comes from
    that copy, web/runtime.mjs; the clicks make more).  The clicks come once the
    site is cached, as a player's come seconds after the table is drawn.
    """
    from e2e.table_steps import click_and_wait, phase, wait_human

    def play(page: Page) -> None:
        for _ in range(clicks):
            wait_human(page)
            if page.locator("#btn-next").count():
                click_and_wait(page, "#btn-next")
            elif phase(page) == "play":
                click_and_wait(page, "#hand button:not([disabled])")
            elif phase(page) == "bid":
                click_and_wait(page, "#btn-drop")
            else:
                return

    return play


def cold_and_warm(
    playwright: Playwright, url: str, *, service_workers: bool = True
) -> tuple[Load, Load]:
    """A first visit (new profile) and a returning visit (a new tab, same profile).

    See :func:`visits`.
    """
    first, second = visits(playwright, url, 2, service_workers=service_workers)
    return first, second


#: Seconds a returning visit's tab stays open after the readiness mark when a
#: later visit follows: Chrome writes the runtime's compiled WebAssembly to its
#: cache a few seconds after it has compiled it (a player stays longer than that).
LINGER_S = 8.0


def open_profile(
    playwright: Playwright,
    profile: str,
    *,
    service_workers: bool,
    env: dict[str, str | float | bool] | None = None,
) -> BrowserContext:
    """Headless Debian Chromium on a persistent profile (its HTTP cache and, when
    allowed, its service workers and Cache Storage last across the visits).
    ``env``: the browser's environment (e.g. ``FONTCONFIG_FILE``)."""
    return playwright.chromium.launch_persistent_context(
        profile,
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS,
        headless=True,
        service_workers="allow" if service_workers else "block",
        env=dict(env) if env is not None else None,
    )


@contextmanager
def traced(
    context: BrowserContext, page: Page, categories: Sequence[str]
) -> Iterator[list[dict[str, Any]]]:
    """Chrome's trace of ``page`` (CDP ``Tracing``) while the block runs: the
    yielded list holds every event once the block has ended."""
    cdp = context.new_cdp_session(page)
    events: list[dict[str, Any]] = []
    done: list[bool] = []
    cdp.on("Tracing.dataCollected", lambda event: events.extend(event["value"]))
    cdp.on("Tracing.tracingComplete", lambda _event: done.append(True))
    cdp.send("Tracing.start", {"traceConfig": {"includedCategories": list(categories)}})
    yield events
    cdp.send("Tracing.end")
    while not done:
        page.wait_for_timeout(100)


def visits(
    playwright: Playwright,
    url: str,
    count: int,
    *,
    service_workers: bool = True,
    decision: bool = False,
    settle: bool = True,
    env: dict[str, str | float | bool] | None = None,
    linger_s: float = LINGER_S,
    first_play: Callable[[Page], None] | None = None,
) -> list[Load]:
    """``count`` visits in one profile: a first visit (new profile), then returning
    visits (a new tab each, the previous one closed).

    After the first, the first visit's service worker finishes caching the site
    (a page without one has nothing to wait for): a returning player's page is
    served by it, and its pre-caching (15 MB fetched and hashed) belongs to the
    first visit, after the page was ready, not to the second visit's start.
    ``settle=False`` does not wait for it (a player who leaves at once; the
    second visit may then come before the worker controls the page, or while it
    still fetches).  ``service_workers=False`` blocks them (the browser's HTTP
    cache serves the returning visits): the page's own cost, without offline play's.

    Why a third visit: the first returning visit that the service worker serves
    compiles the runtime's WebAssembly again (Chrome keeps compiled code beside
    the response it came from, and the first visit compiled the HTTP cache's copy,
    not the service worker's Cache Storage copy); Chrome then caches the code for
    that copy too, and the next visit reuses it (traces: ``wasm.Deserialize``).
    The third visit separates that one-time cost from the lasting one.  Each
    returning visit but the last keeps its tab open ``LINGER_S`` after the mark.
    """
    with tempfile.TemporaryDirectory(prefix="napoleon-bench-profile-") as profile:
        context = open_profile(playwright, profile, service_workers=service_workers, env=env)
        try:
            return series(
                context,
                url,
                profile,
                count,
                settle=settle and service_workers,
                decision=decision,
                linger_s=linger_s,
                first_play=first_play,
            )
        finally:
            context.close()


def series(
    context: BrowserContext,
    url: str,
    profile: str | None,
    count: int,
    *,
    settle: bool,
    decision: bool = False,
    linger_s: float = LINGER_S,
    first_play: Callable[[Page], None] | None = None,
) -> list[Load]:
    """The visits of :func:`visits` in an open context (a persistent profile, or a
    fresh context of a shared browser: ``profile=None``); ``first_play``: the
    player's clicks on the first visit (see :func:`load`)."""
    loads = [load(context, url, profile, settle=settle, decision=decision, play=first_play)]
    while len(loads) < count:
        last = len(loads) == count - 1
        loads.append(
            load(context, url, profile, linger_s=0.0 if last else linger_s, decision=decision)
        )
    return loads


def summary(name: str, loads: list[Load]) -> str:
    times = sorted(x.ms / 1000 for x in loads)
    mb = statistics.median(x.transferred for x in loads) / 1e6
    own = statistics.median(x.own_python_ms for x in loads)
    cpu = statistics.median(x.cpu_s for x in loads)
    return (
        f"{name:<5} median {statistics.median(times):.2f} s  "
        f"(min {times[0]:.2f}, max {times[-1]:.2f}; runs {', '.join(f'{t:.2f}' for t in times)})"
        f"  browser CPU {cpu:.2f} s  main.py -> ready {own:.0f} ms  transferred {mb:.2f} MB"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Navigation -> readiness marker, cold and warm.")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=Path, default=DEFAULT_DEST)
    args = parser.parse_args(argv)
    files, size = site_size(args.site)
    print(f"site {args.site}: {files} files, {size / 1e6:.1f} MB ({size} bytes)")
    cold: list[Load] = []
    warm: list[Load] = []
    with start_server(args.site) as url, sync_playwright() as playwright:
        print(f"{url}  headless {CHROMIUM}, {args.runs} runs")
        for _ in range(args.runs):
            c, w = cold_and_warm(playwright, url)
            cold.append(c)
            warm.append(w)
    print(summary("cold", cold))
    print(summary("warm", warm))
    print("load average (1, 5, 15 min): {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
