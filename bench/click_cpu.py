"""The page's own work per click: CPU of the renderer's main thread over a game played by clicks.

    flock /tmp/napoleon-bench.lock python3 -m bench.click_cpu [--site site]
        [--game durak|napoleon] [--seed 3] [--clicks 16] [--runs 3] [--profile]

One seeded game in headless Chromium, played by clicks in lockstep with a mirror
(:mod:`e2e.durak_driver`, :mod:`e2e.table_driver`; each click waits until the
page's markers equal the mirror's, the computers done).  The figure is the CPU
time (user + system, from ``/proc``) of the renderer processes' main threads over
the clicks, divided by the clicks: the page's Python (Pyodide runs on that thread;
the computers' worker does not), its DOM calls, style and layout.  Being CPU time,
not wall time, it holds on a loaded machine better than the page's own clocks
(printed beside it: the Performance domain's durations per click, wall time of the
main thread's tasks and of their script, style and layout, :data:`DURATIONS`; and
the CPU of the renderers' other threads, mostly the computers' worker).  Durak's
default of 16 clicks stops before the game's end, where the review starts in the
worker.

``--profile``: one more game with ``cProfile`` running in the page over the same
clicks (a copy of the site whose ``main.py`` first offers ``window.__profStart``
and ``window.__profStop``), the ``--top`` lines sorted by ``--sort``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from playwright.sync_api import CDPSession, Page, sync_playwright

from cardkit.ui_dom.browser import READY_CLASS
from scripts.build_site import DEFAULT_DEST
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS
from scripts.serve import start_server

#: Put before the site's ``main.py`` in the profiled copy.
PROFILE_HOOK = '''\
import cProfile as _cprofile, io as _io, pstats as _pstats
import js as _js
from pyodide.ffi import create_proxy as _proxy
_PROFILER = []
def _profile_start():
    _PROFILER[:] = [_cprofile.Profile()]
    _PROFILER[0].enable()
def _profile_stop(sort, top):
    _PROFILER[0].disable()
    out = _io.StringIO()
    _pstats.Stats(_PROFILER[0], stream=out).sort_stats(sort).print_stats(top)
    return out.getvalue()
_js.window.__profStart = _proxy(_profile_start)
_js.window.__profStop = _proxy(_profile_stop)
'''

Step = Callable[[], bool]
#: How long a page may take to boot on a loaded machine (ms).
BOOT_TIMEOUT_MS = 120_000


def profiled_site(site: Path, dest: Path) -> Path:
    """``site`` with :data:`PROFILE_HOOK` before its ``main.py`` (links to the rest)."""
    dest.mkdir()
    for entry in site.iterdir():
        if entry.name != "main.py":
            (dest / entry.name).symlink_to(entry.resolve())
    (dest / "main.py").write_text(PROFILE_HOOK + (site / "main.py").read_text("utf-8"), "utf-8")
    return dest


def _descendants(root: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                stat = Path(f"/proc/{name}/stat").read_text()
            except OSError:
                continue
            children.setdefault(int(stat.rsplit(")", 1)[1].split()[1]), []).append(int(name))
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo += children.get(pid, [])
    return found


def _thread_cpu(pid: int, tid: int, tick: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/task/{tid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / tick


def renderer_cpu() -> tuple[float, float]:
    """CPU seconds so far of every renderer started by this process: its main
    threads, and its other threads (the computers' worker, the compositor, the
    garbage collector's helpers)."""
    tick = os.sysconf("SC_CLK_TCK")
    main = other = 0.0
    for pid in _descendants(os.getpid()):
        try:
            if b"--type=renderer" not in Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            tids = [int(t) for t in os.listdir(f"/proc/{pid}/task")]
        except OSError:
            continue
        for tid in tids:
            spent = _thread_cpu(pid, tid, tick)
            if tid == pid:
                main += spent
            else:
                other += spent
    return main, other


#: The Performance domain's durations read beside the CPU (seconds, summed over the
#: page's life): its main thread's tasks, and of them script (the page's Python in
#: Pyodide, its DOM calls), style and layout.
DURATIONS = ("TaskDuration", "ScriptDuration", "RecalcStyleDuration", "LayoutDuration")


def _durations(cdp: CDPSession) -> dict[str, float]:
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return {m["name"]: float(m["value"]) for m in metrics if m["name"] in DURATIONS}


def durak_game(page: Page, url: str, seed: int) -> Step:
    """Open Durak's table at ``seed``; each call clicks the mirror's next step."""
    from durak.rules import Rules
    from e2e import durak_driver as d

    c = d.mirror(seed, Rules())
    policy = d.Policy()
    page.goto(url + d.query(seed))
    page.wait_for_selector(f"html.{READY_CLASS}", timeout=BOOT_TIMEOUT_MS)
    d.expect_in_step(page, c)

    def step() -> bool:
        if c.over:
            return False
        d.click(page, c, policy.next_step(c))
        return True
    return step


def napoleon_game(page: Page, url: str, seed: int) -> Step:
    """Open Napoleon's table at ``seed``; each call clicks the mirror's next step
    (the human always drops), until the first game's result."""
    from e2e import table_driver as d

    c = d.mirror(seed)
    policy = d.Policy(bid_to=None)
    page.goto(url + d.query(seed))
    page.wait_for_selector(f"html.{READY_CLASS}", timeout=BOOT_TIMEOUT_MS)
    d.expect_in_step(page, c)

    def step() -> bool:
        if not d.human_turn(c) or c.match.results:
            return False
        d.click(page, c, ("next", None) if c.waiting_for_next() else policy.next_step(c))
        return True
    return step


def run(site: Path, game: str, seed: int, clicks: int, profile: str | None, top: int
        ) -> dict[str, object]:
    """One game in a new browser: the figures, and the profile when ``profile`` (its sort)."""
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        served = profiled_site(site, Path(tmp) / "site") if profile else site
        with start_server(served) as url:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(locale="ja-JP", viewport={"width": 1280, "height": 800})
                cdp = page.context.new_cdp_session(page)
                cdp.send("Performance.enable")
                step = (durak_game if game == "durak" else napoleon_game)(page, url, seed)
                if profile:
                    page.evaluate("window.__profStart()")
                (cpu, rest), before, done = renderer_cpu(), _durations(cdp), 0
                while done < clicks and step():
                    done += 1
                after, spent = renderer_cpu(), _durations(cdp)
                cpu, rest = after[0] - cpu, after[1] - rest
                out: dict[str, object] = {
                    "clicks": done,
                    "main_cpu_ms_per_click": round(cpu * 1000 / max(done, 1), 1),
                    "other_threads_cpu_ms_per_click": round(rest * 1000 / max(done, 1), 1),
                    **{f"{name.removesuffix('Duration').lower()}_ms_per_click":
                       round((spent[name] - before[name]) * 1000 / max(done, 1), 1)
                       for name in DURATIONS}}
                if profile:
                    stop = f"window.__profStop({json.dumps(profile)}, {top})"
                    out["profile"] = page.evaluate(stop)
                return out
            finally:
                browser.close()


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--site", type=Path, default=DEFAULT_DEST)
    ap.add_argument("--game", choices=("durak", "napoleon"), default="durak")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--clicks", type=int, default=16)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--sort", default="cumulative")
    ap.add_argument("--top", type=int, default=40)
    args = ap.parse_args(argv)
    figures = []
    for _ in range(args.runs):
        got = run(args.site, args.game, args.seed, args.clicks, None, args.top)
        figures.append(float(str(got["main_cpu_ms_per_click"])))
        print(json.dumps(got), flush=True)
    print(f"{args.game}: main thread CPU per click, median of {args.runs}: "
          f"{statistics.median(figures):.1f} ms (load {os.getloadavg()[0]:.1f})")
    if args.profile:
        print(run(args.site, args.game, args.seed, args.clicks, args.sort, args.top)["profile"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
