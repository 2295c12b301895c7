"""A hint asked and overtaken by a card played: how long the computers then take, in the page.

    flock /tmp/napoleon-bench.lock python3 -m bench.hint_drop_page [--site site] [--seed 3]

One seeded game in headless Chromium, played by clicks in lockstep with a mirror
(:mod:`e2e.table_driver`).  At each of the human's card plays with a choice,
alternately: (a) the card is clicked straight away; (b) 「ヒント」 is clicked, and
the card :data:`PLAY_AFTER_MS` later (a player who plays without waiting for it;
a hint found sooner than that is not dropped).  The figure is the page's own clock from the
card's click to the table at rest (``html`` no longer ``data-busy``: the
computers have played up to the human's next turn).  The hint is
computed in slices so that the computers' first decision queues behind only the
slice in flight, not the whole hint.  Run it on a site built from each version to compare.
"""

from __future__ import annotations

import argparse
import statistics
from collections.abc import Sequence
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

from cardkit.ui_dom.browser import READY_CLASS
from e2e.table_driver import Controller, Policy, act, expect_in_step, mirror, play_until, query
from napoleon.game import Phase
from scripts.build_site import DEFAULT_DEST
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS
from scripts.serve import start_server

#: How long after the hint's click the card is clicked (ms).
PLAY_AFTER_MS = 100
#: Records when the table comes to rest: the last time ``data-busy`` left ``html``
#: (``null`` if no computer moved: the human's card ended the trick).
WATCH_JS = """() => {
  const html = document.documentElement;
  window.__restAt = null;
  if (!window.__restWatch) {
    window.__restWatch = new MutationObserver(() => {
      if (!html.hasAttribute("data-busy")) window.__restAt = performance.now();
    });
    window.__restWatch.observe(html, {attributes: true, attributeFilter: ["data-busy"]});
  }
}"""
CLICK_JS = """([hint, selector, delay]) => new Promise(done => {
  if (hint) document.querySelector("#btn-hint").click();
  setTimeout(() => {
    const t0 = performance.now();
    document.querySelector(selector).click();
    done(t0);
  }, delay);
})"""


def choosing(c: Controller) -> bool:
    v = c.view()
    return c.human_to_act() and v.phase is Phase.PLAY and len(v.legal_actions) > 1


def play_one(page: Page, c: Controller, policy: Policy, hint: bool) -> float | None:
    """The human's card (after a hint asked, if ``hint``): ms until the table rests
    (``None`` if no computer had to move)."""
    step = policy.next_step(c)
    selector = f'#hand [data-arg="{step[1]}"]'
    page.evaluate(WATCH_JS)
    t0 = float(page.evaluate(CLICK_JS, [hint, selector, PLAY_AFTER_MS if hint else 0]))
    act(c, step)
    expect_in_step(page, c)
    rest = page.evaluate("() => window.__restAt")
    return None if rest is None else float(rest) - t0


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.hint_drop_page", description=__doc__)
    ap.add_argument("--site", type=Path, default=DEFAULT_DEST)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--games", type=int, default=2)
    args = ap.parse_args(argv)
    plain: list[float] = []
    hinted: list[float] = []
    with start_server(args.site) as url, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for game in range(args.games):
            seed = args.seed + game
            page = browser.new_context().new_page()  # no saved match from the last game
            c = mirror(seed)
            policy = Policy()
            page.goto(url + query(seed))
            expect(page.locator(f"html.{READY_CLASS}")).to_have_count(1, timeout=60_000)
            # The worker is up once the first hint answers (it boots after the page).
            play_until(page, c, policy, choosing)
            page.locator("#btn-hint").click()
            expect(page.locator("#hint[data-action]")).to_have_count(1, timeout=60_000)
            while True:
                play_until(page, c, policy, lambda c: choosing(c) or c.phase_name() == "result")
                if not choosing(c):
                    break
                hint = len(hinted) <= len(plain)
                ms = play_one(page, c, policy, hint)
                if ms is not None:
                    (hinted if hint else plain).append(ms)
            page.context.close()
        browser.close()
    for name, xs in (("card played at once", plain),
                     (f"hint asked, card played {PLAY_AFTER_MS} ms after", hinted)):
        print(f"{name}: the table at rest after median {statistics.median(xs):.0f} ms, "
              f"max {max(xs):.0f} ms (n={len(xs)}; ms: {' '.join(f'{x:.0f}' for x in xs)})")
    gap = statistics.median(hinted) - statistics.median(plain)
    print(f"the dropped hint's cost to the computers' answer (median difference): {gap:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
