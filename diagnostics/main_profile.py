"""Where the page's own Python goes, in Chromium: ``main.py`` to the first decision.

``bench.table_vs_bare`` gives the whole page's time and ``diagnostics/cold_profile.mjs`` the
first screen's imports in Pyodide under Node; this bench times ``main()`` itself in
the browser, where it draws.  It serves a copy of the built site whose ``main.py``
does what ``web/main.py`` does (the wheel on ``sys.path``, the garbage collector
paused, the chosen game's ``main()``) with clocks around it, and prints, per load of
a new browser profile (a cold visit):

* ``navigation -> it runs``: the boot (the runtime, the snapshot restored, PyScript)
  until ``main.py``'s first line, the part no game's code takes; ``main.py arrived
  -> it runs``: of it, the wait after ``main.py``'s download (a site that downloads
  it early, ``web/runtime.mjs``, waits longer here for the same boot);
* how many dataclasses ran the build's code for their methods, and how many were
  compiled in the page (:mod:`cardkit.dataclass_code`: 0 expected);
* ``imports``: ``web/main.py``'s first steps (:func:`cardkit.snapshot.start`: a restored
  snapshot's check, else the compiled dataclasses installed) and imports (the game's
  ``app`` module and what it imports: nothing new when restored);
* ``main()``: the rest, to the readiness mark and the first decision (one task at
  ``anim=instant``); inside it, the wall milliseconds and the calls of each function
  named with ``--time module:Qualified.name`` (a wrapper around it; nested timers
  each count their own), and of every module first imported during ``main()``
  (cumulative, the AI's import for one);
* ``--profile``: one more load under ``cProfile`` (the page's 0.4 s deadline for the
  computers' decisions lifted, or the profiler's slowness would stop them), the
  ``--top`` lines sorted by ``--sort``.  It also profiles a site built before the
  page shell (where the deadline lived in the game's ``app``), to compare.

Medians over ``--runs``; the load average is printed beside them.

    flock /tmp/napoleon-bench.lock python3 -m diagnostics.main_profile [--site site]
        [--game napoleon|durak] [--runs 5] [--time module:Name.attr ...]
        [--profile [--sort tottime|cumulative] [--top 40]]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from bench.page_load import BOOT_TIMEOUT_MS, DECISION_JS, open_profile
from bench.table_vs_bare import DECISION_QUERIES
from scripts.build_site import DEFAULT_DEST
from scripts.serve import start_server

#: The timed entry point: web/main.py's steps with clocks; ``@SETTINGS@`` is the
#: bench's options as JSON.  The report goes to the console, one line.
TIMED_MAIN = '''\
import gc
import os
import sys
import time

T0 = time.perf_counter()
import js
N0 = js.performance.now()
SETTINGS = @SETTINGS@
WHEEL = os.path.abspath("napoleon.whl")
if WHEEL not in sys.path:  # restored from the snapshot, it is there already
    sys.path.insert(0, WHEEL)
gc.disable()
timers = {}
imports = {}


def timed(key, fn):
    import functools

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        t = time.perf_counter()
        try:
            return fn(*args, **kwargs)
        finally:
            entry = timers.setdefault(key, [0.0, 0])
            entry[0] += (time.perf_counter() - t) * 1000
            entry[1] += 1
    return wrapper


def install_timer(spec):
    import importlib
    module_name, _, qualname = spec.partition(":")
    owner = importlib.import_module(module_name)
    *path, name = qualname.split(".")
    for part in path:
        owner = getattr(owner, part)
    fn = owner.__dict__[name] if isinstance(owner, type) else getattr(owner, name)
    if isinstance(fn, (staticmethod, classmethod)):
        setattr(owner, name, type(fn)(timed(spec, fn.__func__)))
    else:
        setattr(owner, name, timed(spec, fn))


def time_imports():
    bootstrap = sys.modules["_frozen_importlib"]
    original = bootstrap._find_and_load
    depth = [0]

    def find_and_load(name, import_):
        if name in sys.modules or depth[0]:
            return original(name, import_)
        depth[0] += 1
        t = time.perf_counter()
        try:
            return original(name, import_)
        finally:
            depth[0] -= 1
            imports[name] = (time.perf_counter() - t) * 1000
    bootstrap._find_and_load = find_and_load


try:
    try:  # as web/main.py does: keep a restored snapshot's modules, else install
        from cardkit.snapshot import start
    except ImportError:  # a build from before the snapshot
        try:
            from cardkit.dataclass_code import install
        except ImportError:
            pass
        else:
            install()
    else:
        start(WHEEL)
    from cardkit.query import parse_qsl
    from cardkit.ui_dom.browser import query

    if ("game", "durak") in parse_qsl(query().removeprefix("?")):
        import durak.ui_dom.app as app
    else:
        import napoleon.ui_dom.app as app
    T1 = time.perf_counter()
    for spec in SETTINGS["time"]:
        install_timer(spec)
    time_imports()
    if SETTINGS["profile"]:
        import cProfile
        try:
            import cardkit.ui_dom.page_shell as shell
        except ImportError:  # a site built before the page shell: the game's app has it
            shell = app
        shell.FIRST_SCREEN_DECISIONS_S = 600.0
        profiler = cProfile.Profile()
        T1 = time.perf_counter()
        profiler.runcall(app.main)
    else:
        T1 = time.perf_counter()
        app.main()
    T2 = time.perf_counter()
finally:
    gc.enable()

import json

marks = {e.name: e.startTime for e in js.performance.getEntriesByType("mark")}
main_py = [e for e in js.performance.getEntriesByType("resource") if e.name.endswith("/main.py")]
try:
    from cardkit.dataclass_code import counts as dataclass_counts
except ImportError:
    dataclass_counts = {}
report = {
    "dataclass_code": dict(dataclass_counts),
    "start_ms": N0,
    "arrival_ms": N0 - main_py[0].responseEnd if main_py else 0.0,
    # None: not marked yet (the 0.4 s deadline stopped the computers' decisions:
    # the first decision comes after main())
    "decision_ms": (
        marks["napoleon-first-decision"] - N0 if "napoleon-first-decision" in marks else None
    ),
    "imports_ms": (T1 - T0) * 1000,
    "main_ms": (T2 - T1) * 1000,
    "timers": timers,
    "main_imports": imports,
}
if SETTINGS["profile"]:
    import io
    import pstats
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats(SETTINGS["sort"]).print_stats(SETTINGS["top"])
    report["profile"] = out.getvalue()
js.console.log("MAIN_PROFILE " + json.dumps(report))
'''


def timed_site(site: Path, dest: Path, settings: dict[str, object]) -> Path:
    """``site`` with its ``main.py`` replaced by :data:`TIMED_MAIN` (links to the rest)."""
    dest.mkdir()
    for entry in site.iterdir():
        if entry.name != "main.py":
            (dest / entry.name).symlink_to(entry.resolve())
    (dest / "main.py").write_text(TIMED_MAIN.replace("@SETTINGS@", repr(settings)), "utf-8")
    return dest


def one_load(url: str) -> dict[str, Any]:
    """One cold visit (a new profile); the page's report."""
    with sync_playwright() as pw, tempfile.TemporaryDirectory(prefix="main-profile-") as prof:
        context = open_profile(pw, prof, service_workers=False)
        try:
            page = context.new_page()
            lines: list[str] = []
            page.on("console", lambda m: lines.append(m.text))
            page.goto(url)
            page.wait_for_function(DECISION_JS, timeout=BOOT_TIMEOUT_MS)
            for _ in range(100):  # the console message may come a moment later
                found = [x for x in lines if x.startswith("MAIN_PROFILE ")]
                if found:
                    report: dict[str, Any] = json.loads(found[0].removeprefix("MAIN_PROFILE "))
                    return report
                page.wait_for_timeout(50)
            raise RuntimeError("the page printed no report")
        finally:
            context.close()


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def median_line(xs: list[float]) -> str:
    return f"{statistics.median(xs):7.1f} ms (runs {', '.join(f'{x:.0f}' for x in xs)})"


def print_reports(game: str, specs: list[str], reports: list[dict[str, Any]]) -> None:
    print(f"{game}, {len(reports)} cold loads, load average {load_average()} (after)")
    for key, label in [
        ("start_ms", "navigation -> it runs"),
        ("arrival_ms", "main.py arrived -> it runs"),
        ("decision_ms", "it runs -> first decision"),
        ("imports_ms", "imports"),
        ("main_ms", "main()"),
    ]:
        values = [float(r[key]) for r in reports if r[key] is not None]
        late = len(reports) - len(values)
        note = f"; {late} after main(), past the deadline" if late else ""
        print(f"  {label:<27} {median_line(values) if values else '-'}{note}")
    counts = [r.get("dataclass_code") or {} for r in reports]
    pairs = ", ".join(f"{c.get('kept', '-')}/{c.get('compiled', '-')}" for c in counts)
    print(f"  dataclasses from the build's code / compiled here: {pairs}")
    for spec in specs:
        ms = [float(r["timers"].get(spec, [0.0, 0])[0]) for r in reports]
        calls = reports[0]["timers"].get(spec, [0.0, 0])[1]
        print(f"    {spec} x{calls}: {median_line(ms)}")
    for name in sorted({n for r in reports for n in r["main_imports"]}):
        ms = [float(r["main_imports"].get(name, 0.0)) for r in reports]
        print(f"    import {name}: {median_line(ms)}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m diagnostics.main_profile", description=__doc__)
    ap.add_argument("--site", type=Path, default=DEFAULT_DEST)
    ap.add_argument("--game", choices=sorted(DECISION_QUERIES), default="napoleon")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--time", action="append", default=[], metavar="MODULE:NAME")
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--sort", default="tottime")
    ap.add_argument("--top", type=int, default=40)
    args = ap.parse_args(argv)
    print(f"load average {load_average()} (before)")
    query = DECISION_QUERIES[args.game]
    with tempfile.TemporaryDirectory(prefix="main-profile-site-") as tmp:
        settings = {"time": args.time, "profile": False, "sort": args.sort, "top": args.top}
        plain = timed_site(args.site, Path(tmp) / "plain", settings)
        with start_server(plain) as url:
            reports = [one_load(url + query) for _ in range(args.runs)]
        if reports:
            print_reports(args.game, args.time, reports)
        if args.profile:
            settings = {**settings, "profile": True}
            profiled = timed_site(args.site, Path(tmp) / "profiled", settings)
            with start_server(profiled) as url:
                report = one_load(url + query)
            print(f"cProfile of main() (one load, deadline lifted): {report['main_ms']:.0f} ms")
            print(report["profile"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
