"""Play with friends: latency on the local relay, and the bytes it adds to a visit
that never opens it.

``python3 -m bench.friends_latency [SITE] [--games N]`` (default ``site/``, 1 game)
starts the tests' Nostr relay on a free port of 127.0.0.1 (``e2e/nostr_relay.mjs``),
serves a copy of the built site whose policy also names it, and has two Chromium
contexts (the host, a guest) play whole games of Durak for two by clicks, the
choices of ``e2e.durak_driver.Policy`` (the host's page with ``?seed=N``, mirrored
on CPython). Each click that makes a move is
timed from the moment it is dispatched on one page (``performance.timeOrigin +
performance.now()``, one clock for both pages of one browser) to the moment the
other page's table shows it (its ``#table`` ``data-actions`` attribute counts the
move: a MutationObserver notes the time). It prints p50/p95 of guest → host (the
host's page referees the guest's action, then plays it) and host → guest (the
guest's page receives its new view and draws it); and for each game, how long the
guest's page took from the link opened to its seat, to its table once the host
started, and to its first hint's answer (asked at its first choice of two moves or
more: the worker it starts for it included).

Then a fresh context loads each game's page (Napoleon, Durak) as a first visit
would, service workers allowed, until the service worker has cached the build,
and sums the bytes of every response that belongs to "Play with friends"
(``friends.mjs``, ``net/``): 0 is the target. It also prints the bytes the page's
Content-Security-Policy names the relays with (in ``index.html``, loaded on every
visit).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

from durak.rules import Rules
from durak.ui_dom.play.controller import Controller
from durak.ui_dom.play.family_controller import Hooks
from e2e.durak_driver import LEVEL, Policy, act, control, no_pause, query, run_now, think
from e2e.friends_steps import friend_page, host_link, wait_at
from e2e.guard import PageGuard
from e2e.relay import local_relay
from scripts.build_site import copy_with_relays
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS
from scripts.friends_net import on_demand
from scripts.serve import start_server

WATCH = """() => {
  window.__shown = {};
  const table = document.getElementById('table');
  const note = () => {
    const n = table.getAttribute('data-actions');
    if (n !== null && !(n in window.__shown))
      window.__shown[n] = performance.timeOrigin + performance.now();
  };
  new MutationObserver(note).observe(table, {attributes: true});
  note();
}"""
CLICK = """sel => {
  const t = performance.timeOrigin + performance.now();
  document.querySelector(sel).click();
  return t;
}"""


def wait_shown(page: Page, n: int) -> float:
    """When ``page`` first showed ``n`` actions or more (a forced Pass may follow at
    once, and the page draw both in one go)."""
    first = f"Object.keys(window.__shown).filter(k => +k >= {n})"
    page.wait_for_function(f"{first}.length > 0", timeout=60_000)
    return float(page.evaluate(f"Math.min(...{first}.map(k => window.__shown[k]))"))


def play(browser: Any, base_url: str, seed: int) -> tuple[list[float], list[float]]:
    guard = PageGuard(base_url)
    host = friend_page(browser, guard, "ja-JP")
    host.goto(base_url + query(seed))
    host.wait_for_selector("html.napoleon-ready", timeout=60_000)
    link = host_link(host)
    guest = friend_page(browser, guard)
    opened = time.perf_counter()
    guest.goto(link)
    guest.wait_for_selector("html.napoleon-ready", timeout=60_000)
    guest.wait_for_selector("#friends-seats:has-text('(you)')", timeout=60_000)
    seated = time.perf_counter()
    host.locator("#friends-start").click()
    c = Controller(Rules(), seed, LEVEL, Hooks(think, no_pause, lambda: None), humans=(0, 1))
    run_now(c.start())
    pages = {0: host, 1: guest}
    wait_at(guest, c)
    print(f"game {seed}: the guest seated {(seated - opened) * 1000:.0f} ms after opening "
          f"the link, its table drawn {(time.perf_counter() - seated) * 1000:.0f} ms after "
          "the host's start")
    for page in pages.values():
        page.evaluate(WATCH)
    to_host: list[float] = []
    to_guest: list[float] = []
    policy = Policy()
    hinted = False
    while not c.over:
        g = c.game
        seat = g.player_of(g.to_act)
        c.handover.hand_to(seat)
        page, other = pages[seat], pages[1 - seat]
        wait_at(page, c)
        if seat == 1 and not hinted and len(c.legal()) > 1:
            hinted = True
            asked = time.perf_counter()
            guest.locator("#btn-hint").click()
            guest.wait_for_selector("#hint[data-action]", timeout=60_000)
            print(f"game {seed}: the guest's first hint shown "
                  f"{(time.perf_counter() - asked) * 1000:.0f} ms after its click")
        before = len(g.actions())
        step = policy.next_step(c)
        t0 = float(page.evaluate(CLICK, control(step)))
        act(c, step)
        if len(c.game.actions()) > before:  # the click made a move
            shown = wait_shown(other, before + 1)
            (to_host if seat == 1 else to_guest).append(shown - t0)
    guard.assert_clean()
    host.context.close()
    guest.context.close()
    return to_host, to_guest


def first_visit_bytes(browser: Any, base_url: str) -> dict[str, int]:
    """Bytes of "Play with friends" files fetched by a first visit to each page."""
    out = {}
    for name, q in (("napoleon", "?seed=1"), ("durak", "?game=durak&seed=1")):
        context = browser.new_context(service_workers="allow")
        page = context.new_page()
        fetched: list[tuple[str, int]] = []

        def seen(response: Any, into: list[tuple[str, int]] = fetched) -> None:
            rel = response.url.split("?")[0].removeprefix(base_url)
            # Only "Play with friends" files are weighed (none is expected).
            size = len(response.body()) if on_demand(rel) and response.ok else 0
            into.append((rel, size))

        page.on("response", seen)
        context.on("response", seen)  # the service worker's own fetches
        page.goto(base_url + q)
        page.wait_for_selector("html.napoleon-ready", timeout=60_000)
        # The service worker caches the build once the player can act: wait for it.
        page.wait_for_function("""async () => {
          for (const key of await caches.keys()) {
            const c = await caches.open(key);
            for (const r of await c.keys()) if (r.url.includes('complete')) return true;
          }
          return false;
        }""", timeout=120_000, polling=500)
        out[name] = sum(size for rel, size in fetched if on_demand(rel))
        out[f"{name} files"] = len(fetched)
        context.close()
    return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("site", nargs="?", type=Path, default=Path("site"))
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    index = (args.site / "index.html").read_text("utf-8")
    policy = index.split("connect-src", 1)[1].split(";", 1)[0]
    with (local_relay() as relay, tempfile.TemporaryDirectory() as tmp,
          start_server(copy_with_relays(args.site, Path(tmp) / "site", (relay,))) as base_url,
          sync_playwright() as p):
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        to_host: list[float] = []
        to_guest: list[float] = []
        for g in range(args.games):
            h, gu = play(browser, base_url, args.seed + g)
            to_host += h
            to_guest += gu
        for label, values in (("guest click -> host shows", to_host),
                              ("host click -> guest shows", to_guest)):
            print(f"{label}: n={len(values)} p50={statistics.median(values):.1f} ms "
                  f"p95={pct(values, 0.95):.1f} ms max={max(values):.1f} ms")
        for name, size in first_visit_bytes(browser, base_url).items():
            print(f"first visit, {name}: {size}" + ("" if "files" in name else " bytes of it"))
        print(f"index.html: the policy's connect-src list is {len(policy.encode())} bytes "
              f"(the relays the page may reach)")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
