"""Hostile page inputs in the real page: page errors, never-ready, frozen.

:mod:`lab.napoleon.hostile_inputs` runs thousands of bad inputs through the page's
Python on CPython; this runs a part of them in headless Chromium with the built
site, as a player's browser would meet them:

* saved entries (``napoleon.prefs``, ``napoleon.match``): each written into
  localStorage, then the page loaded twice (this visit and the next one);
* queries: each loaded as the page's address;
* records: all imported in one page through the 譜 screen's paste box;
* Durak (``--durak N``, :mod:`lab.durak.hostile_inputs`): bad ``?game=durak&...``
  values, each loaded as the address, and corrupt ``durak.prefs`` /
  ``durak.match`` entries, each written then loaded twice; the Durak table must
  come up (``#table.dk-table``), the computers reach the human's decision and
  the human's click (a card, a target, a button, the next game) be taken.

Each load must become ready (``html.napoleon-ready``; else *never-ready*), the
computers must move until the player's turn and the player's click must be
taken (else *frozen*), with no error in the page (*page error*: an uncaught
error or a console error, e.g. Pyodide's fatal error).  A bad input should show
a notice (*notice*); a valid one may not (*no notice*).

``nice -n 10 python3 -m lab.hostile_page [--saves 24] [--queries 12]
[--records 60] [--durak 36] [--site site]`` prints the counts (it measures outcomes, not wall
time: its waits are generous, so it needs no benchmark lock).  Page loads are
expensive (10-20 s each on 2 busy cores): the defaults take about ten minutes.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import BrowserContext, ConsoleMessage, Error, Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from cardkit.ui_dom.browser import READY_CLASS
from e2e.table_steps import HUMAN_TURN_JS, MOVED_JS, phase
from lab.durak.hostile_inputs import durak_inputs
from lab.napoleon.hostile_inputs import HostileInput, hostile_inputs
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS
from scripts.serve import start_server

#: The page's keys for the site at /napoleon/ (cardkit.ui_dom.storage scopes them).
KEYS = {"prefs": "/napoleon/napoleon.prefs", "save": "/napoleon/napoleon.match",
        "durak-prefs": "/napoleon/durak.prefs", "durak-save": "/napoleon/durak.match"}
#: Milliseconds to wait for readiness, for the computers, for an import.
READY_MS = 120_000
TURN_MS = 90_000
IMPORT_MS = 30_000
#: Player's settings for every load: the computers play fast and at once.
FAST = "level=easy&anim=instant"

NOTICES_JS = "document.querySelectorAll('#notices .notice-text').length"


@dataclass
class Watch:
    """Errors reported by the page since :meth:`reset`."""

    errors: list[str] = field(default_factory=list)

    def console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(message.text[:200])

    def page_error(self, error: Error) -> None:
        self.errors.append(f"{error.name}: {error.message[:200]}")

    def reset(self) -> list[str]:
        errors, self.errors = self.errors, []
        return errors


def new_page(context: BrowserContext, watch: Watch, base: str) -> Page:
    """A fresh tab on the site's origin (after a frozen one, which answers nothing)."""
    page = context.new_page()
    page.on("console", watch.console)
    page.on("pageerror", watch.page_error)
    page.goto(base, wait_until="commit")
    return page


def ready(page: Page) -> bool:
    try:
        page.wait_for_function(
            f"() => document.documentElement.classList.contains('{READY_CLASS}')",
            timeout=READY_MS,
        )
    except PlaywrightTimeout:
        return False
    return True


def playable(page: Page) -> bool:
    """The computers reach the player's turn, and the player's bid/card/NEXT is taken."""
    try:
        page.wait_for_function(HUMAN_TURN_JS, timeout=TURN_MS)
        before = page.locator("#table").evaluate(
            "t => [t.dataset.phase, t.dataset.game, t.dataset.trick, t.dataset.actions].join('/')"
        )
        if page.locator("#btn-next").count():
            page.locator("#btn-next").click()
        elif phase(page) == "bid":
            page.locator("#btn-drop").click()
        elif phase(page) == "play":
            page.locator("#hand button:not([disabled])").first.click()
        else:
            return True  # the player's turn in another phase: the table waits, not frozen
        page.wait_for_function(MOVED_JS, arg=before, timeout=TURN_MS)
        page.wait_for_function(HUMAN_TURN_JS, timeout=TURN_MS)
    except PlaywrightTimeout:
        return False
    return True


DURAK_TURN_JS = """() => {
  const html = document.documentElement, table = document.getElementById('table');
  if (!html.classList.contains('napoleon-ready') || html.hasAttribute('data-busy')) return false;
  if (!table || !table.classList.contains('dk-table')) return false;
  return table.dataset.toAct === '0' || !!document.getElementById('result');
}"""
DURAK_MARKERS_JS = "t => ['game', 'actions', 'sel', 'slot'].map(k => t.dataset[k]).join('/')"
DURAK_MOVED_JS = """before => {
  const t = document.getElementById('table');
  return ['game', 'actions', 'sel', 'slot'].map(k => t.dataset[k]).join('/') !== before;
}"""
#: The human's controls at the Durak table, the first one clicked.
DURAK_CONTROLS = ("#btn-next-game, #dk-play button.target, #hand button:not([disabled]), "
                  "#controls button:not([disabled])")


def durak_playable(page: Page) -> bool:
    """The Durak table is up, the computers reach the human, and a click is taken."""
    try:
        page.wait_for_function(DURAK_TURN_JS, timeout=TURN_MS)
        if not page.locator(DURAK_CONTROLS).count():
            return True  # a finished cube15 match: nothing left to click, not frozen
        before = page.locator("#table").evaluate(DURAK_MARKERS_JS)
        page.locator(DURAK_CONTROLS).first.click()
        page.wait_for_function(DURAK_MOVED_JS, arg=before, timeout=TURN_MS)
        page.wait_for_function(DURAK_TURN_JS, timeout=TURN_MS)
    except PlaywrightTimeout:
        return False
    return True


def visit(page: Page, watch: Watch, url: str) -> str:
    """One load of ``url``: its outcome."""
    try:
        response = page.goto(url, wait_until="commit", timeout=READY_MS)
    except PlaywrightTimeout:
        return "never-ready"
    if response is not None and response.status >= 400:
        # The server refused the address itself (a 100,000-character query gets 414
        # from Python's http.server, as from most static hosts): the page never ran,
        # so this says nothing about the page; counted apart, not as never-ready.
        return f"refused by the server ({response.status})"
    if not ready(page):
        return "never-ready"
    if not (durak_playable(page) if "game=durak" in url else playable(page)):
        return "frozen"
    if watch.reset():
        return "page-error"
    return "notice" if page.evaluate(NOTICES_JS) else "no-notice"


def run_loads(
    context: BrowserContext, watch: Watch, base: str, items: list[HostileInput]
) -> Counter[str]:
    counts: Counter[str] = Counter()
    page = new_page(context, watch, base)
    for n, item in enumerate(items, 1):
        page.evaluate("localStorage.clear()")
        watch.reset()
        game = "game=durak&" if item.kind.startswith("durak") else ""
        if item.kind.endswith("query"):
            text = game + item.text.removeprefix("?")
            outcome = visit(page, watch, f"{base}?{text}&{FAST}" if text else f"{base}?{FAST}")
            counts[f"{item.kind} {outcome}"] += 1
        else:
            page.evaluate("([k, v]) => localStorage.setItem(k, v)", [KEYS[item.kind], item.text])
            outcome = visit(page, watch, f"{base}?{game}{FAST}")
            counts[f"{item.kind} {outcome}"] += 1
            if outcome in ("notice", "no-notice"):
                later = visit(page, watch, f"{base}?{game}{FAST}")
                counts[f"{item.kind} next visit {later}"] += 1
                outcome += f", next visit {later}"
        if not outcome.startswith(("notice", "no-notice")):
            page.close(run_before_unload=False)
            page = new_page(context, watch, base)
        print(f"  {n:3} {item.label[:50]:50} {outcome}", flush=True)
    page.close()
    return counts


def run_imports(
    context: BrowserContext, watch: Watch, base: str, items: list[HostileInput]
) -> Counter[str]:
    counts: Counter[str] = Counter()
    page = new_page(context, watch, base)
    page.evaluate("localStorage.clear()")
    if visit(page, watch, f"{base}?{FAST}") not in ("notice", "no-notice"):
        counts["record page did not start"] += 1
        return counts
    page.wait_for_selector("#record #record-import", state="attached", timeout=TURN_MS)
    page.locator("#btn-record").click()
    for item in items:
        before = page.evaluate(NOTICES_JS)
        page.evaluate("() => { const j = document.getElementById('record-json');"
                      " if (j) j.value = ''; }")
        page.locator("#record-paste").fill(item.text)
        page.locator("#record-load").click()
        try:
            page.wait_for_function(
                "n => document.querySelectorAll('#notices .notice-text').length > n"
                " || !!(document.getElementById('record-json')"
                "       && document.getElementById('record-json').value)",
                arg=before, timeout=IMPORT_MS,
            )
            outcome = "notice" if page.evaluate(NOTICES_JS) > before else "no-notice"
        except PlaywrightTimeout:
            counts["record frozen"] += 1
            print(f"  {item.label}: frozen", flush=True)
            return counts
        if watch.reset():
            outcome = "page-error"
            print(f"  {item.label}: page error", flush=True)
        counts[f"record {outcome}"] += 1
    page.locator("#record-load").press("Escape")
    counts[f"record computers after the imports {'ok' if playable(page) else 'frozen'}"] += 1
    return counts


def pick(inputs: list[HostileInput], kinds: tuple[str, ...], count: int) -> list[HostileInput]:
    return [i for i in inputs if i.kind in kinds][:count]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Hostile inputs in the real page.")
    parser.add_argument("--saves", type=int, default=24)
    parser.add_argument("--queries", type=int, default=12)
    parser.add_argument("--records", type=int, default=60)
    parser.add_argument("--durak", type=int, default=36,
                        help="Durak queries, saves and settings (lab.durak.hostile_inputs)")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--site", type=Path, default=Path("site"))
    args = parser.parse_args(argv)
    inputs = hostile_inputs(4 * (args.saves + args.queries + args.records) + 40, args.seed)
    loads = pick(inputs, ("prefs", "save"), args.saves) + pick(inputs, ("query",), args.queries)
    records = pick(inputs, ("record",), args.records)
    loads += durak_inputs()[: args.durak]
    start = time.perf_counter()
    with start_server(args.site) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        context = browser.new_context(service_workers="block")
        watch = Watch()
        print(f"{len(loads)} saved entries and queries, each a page load:")
        counts = run_loads(context, watch, base, loads)
        print(f"{len(records)} records imported through the 譜 screen in one page:")
        counts += run_imports(context, watch, base, records)
        browser.close()
    print(f"in {time.perf_counter() - start:.0f} s (seed {args.seed}):")
    for key, n in sorted(counts.items()):
        print(f"  {key:50} {n}")
    bad = sum(n for k, n in counts.items()
              if any(w in k for w in ("page-error", "never-ready", "frozen", "did not")))
    print(f"  page errors + never-ready + frozen: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
