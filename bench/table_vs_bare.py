"""The table against a bare PyScript page, side by side in one run, cold and warm.

The speed target: the time a player waits, from navigation
until their first decision is enabled, within 1.1x the time a bare PyScript
page takes to be ready (it imports a one-function wheel).  The table is loaded
at ``?seed=1&anim=instant``: a deal where the human bids last (the four
computers bid first), the default level (strong), no move animation; its end
point is the mark ``napoleon-first-decision``; its old end point, the
readiness mark ``napoleon-ready`` (the table drawn and listening to clicks), is
reported beside it from the same loads.  The bare page is built from the very
same vendored runtime (``scripts.build_site``: ``pyodide/`` and ``pyscript/``),
with a wheel of one module holding one function, whose ``main.py`` imports it,
calls it and sets the readiness mark.  Both sites are served on 127.0.0.1 under
``/napoleon/``, and the two pages are loaded alternately (table, bare, table,
bare, ...), each cold then warm, so that machine load hits both alike.  Medians
of ``--runs`` (5) each, and the ratios.  The load average is printed before
and after: on a shared machine wall-clock figures move with it.

Warm is a returning visit: the table's service worker (offline play) has
finished caching the site and serves it, as it does for a player; the bare
page has none.  Each returning visit of the table starts the same seeded deal
again (the previous visit's saved match is forgotten before its tab closes).
``--no-service-worker`` blocks it: both warm loads then come from the HTTP
cache, which separates the page's own cost from offline play's.
``--later-visit`` adds a third visit ("later"): the first visit the service
worker serves compiles the runtime's WebAssembly again, the next one reuses
that compiled code (``bench.page_load.visits``); this tells the one-time cost
from the lasting one.  ``--visits N`` makes N visits per run: Chrome's compiled
code for the service worker's copy grows over the first returning visits
(traces: ~2,820 functions compiled again on the 2nd visit, ~770 on the 3rd,
~260 from the 4th on, when the bare page, from the HTTP cache, compiles ~510
from its 2nd), so the 4th and 5th visits show what every later visit costs.

How the browser is run, which moves the ratios (docs/benchmarks.md):

* ``--mode profiles`` (default): each run a new Chromium on a new on-disk
  profile; ``--mode contexts``: one Chromium for the whole bench, each run a
  fresh in-memory context (``browser.new_context()``), as an independent
  probe would.
* ``--fonts system`` (default): the machine's fonts (``make deps`` installs a
  Japanese one, as a player has); ``--fonts no-cjk`` hides every CJK font from
  the browser (how this bench ran before: the Japanese text drawn as boxes).
* ``--no-settle``: the next visit does not wait until the service worker has
  cached the site.
* ``--no-linger``: the next visit comes at once (by default a returning visit
  followed by another stays open ``LINGER_S``, 8 s: Chrome stores the compiled
  WebAssembly a few seconds after compiling it).
* ``--probe``: the probe's way, ``--mode contexts --later-visit --no-settle
  --no-linger``.

    flock /tmp/napoleon-bench.lock python3 -m bench.table_vs_bare [--runs 5] [--site site]
        [--game napoleon|durak]
        [--later-visit | --visits N] [--no-service-worker] [--mode profiles|contexts]
        [--fonts system|no-cjk] [--no-settle] [--no-linger] [--probe]   (make bench-table)
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import os
import statistics
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from playwright.sync_api import Browser, Playwright, sync_playwright

from bench.page_load import LINGER_S, Load, play_napoleon, series, visits
from scripts.build_site import DEFAULT_DEST, _copy_runtimes
from scripts.chromium import CHROMIUM, CHROMIUM_ARGS
from scripts.serve import start_server

#: The bare page's one-function package, its wheel file name and its entry script.
BARE_MODULE = "def hello(name: str) -> str:\n    return f'Hello, {name}!'\n"
BARE_WHEEL = "hello-1.0-py3-none-any.whl"
BARE_MAIN = """\
import js
from hello import hello

js.document.getElementById("out").textContent = hello("Napoleon")
js.document.documentElement.classList.add("napoleon-ready")
js.performance.mark("napoleon-ready")
"""
BARE_HTML = """\
<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="./pyscript/core.css">
  <script type="module" src="./pyscript/core.js"></script>
</head>
<body>
  <p id="out">Loading…</p>
  <script type="py" src="./main.py" config="./pyscript.toml"></script>
</body>
</html>
"""
BARE_CONFIG = f"""\
interpreter = "./pyodide/pyodide.mjs"

[files]
"./{BARE_WHEEL}" = "./*"
"""


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def write_bare_wheel(path: Path) -> None:
    """A real (PEP 427) wheel holding ``hello.py`` and its dist-info."""
    files = {
        "hello.py": BARE_MODULE.encode(),
        "hello-1.0.dist-info/METADATA": b"Metadata-Version: 2.1\nName: hello\nVersion: 1.0\n",
        "hello-1.0.dist-info/WHEEL": (
            b"Wheel-Version: 1.0\nGenerator: bench\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
        ),
    }
    record = [_record_line(n, d) for n, d in files.items()]
    record.append("hello-1.0.dist-info/RECORD,,")
    files["hello-1.0.dist-info/RECORD"] = ("\n".join(record) + "\n").encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as wheel:
        for name, data in files.items():
            wheel.writestr(name, data)


def build_bare_site(dest: Path) -> Path:
    """The bare page: same runtime files as the table's site, a one-function wheel."""
    dest.mkdir(parents=True)
    _copy_runtimes(dest)
    (dest / "index.html").write_text(BARE_HTML, "utf-8")
    (dest / "main.py").write_text(BARE_MAIN, "utf-8")
    (dest / "pyscript.toml").write_text(BARE_CONFIG, "utf-8")
    write_bare_wheel(dest / BARE_WHEEL)
    return dest


def median_s(loads: list[Load]) -> float:
    return statistics.median(x.ms for x in loads) / 1000


def median_decision_s(loads: list[Load]) -> float:
    return statistics.median(x.decision_ms or 0.0 for x in loads) / 1000


#: The table's URL for the first-decision end point: a deal where the human bids
#: last (CPU1 bids first), the default level (strong), instant animation.
DECISION_QUERY = "?seed=1&anim=instant"
#: ``--game durak``: the Durak table (2 players, podkidnoy, default level), the same end point.
DECISION_QUERIES = {"napoleon": DECISION_QUERY, "durak": "?game=durak&seed=1&anim=instant"}

#: Fonts the browser may use: the machine's, or the machine's without any CJK font
#: (how this bench ran before a Japanese font was installed: every Japanese
#: character an empty box, no font file to open for the first paint).
FONTS = ("system", "no-cjk")
NO_CJK_CONF = """<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <selectfont><rejectfont>
    <glob>*CJK*</glob><glob>*cjk*</glob><glob>*ipa*</glob><glob>*IPA*</glob>
    <glob>*takao*</glob><glob>*vlgothic*</glob><glob>*droid*</glob>
  </rejectfont></selectfont>
</fontconfig>
"""


def font_env(fonts: str, tmp: Path) -> dict[str, str | float | bool] | None:
    """The browser's environment for ``--fonts``: ``None`` keeps the machine's."""
    if fonts == "system":
        return None
    conf = tmp / "no-cjk.conf"
    conf.write_text(NO_CJK_CONF, "utf-8")
    return {**os.environ, "FONTCONFIG_FILE": str(conf)}


def japanese_fonts(env: dict[str, str | float | bool] | None) -> str:
    """The fonts fontconfig offers for Japanese under ``env`` (for the report)."""
    try:
        done = subprocess.run(
            ["fc-list", ":lang=ja", "family"],
            env={k: str(v) for k, v in (env or os.environ).items()},
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError:
        return "unknown (no fc-list)"
    families = sorted({line.split(",")[0] for line in done.stdout.splitlines() if line})
    return ", ".join(families[:3]) + (" …" if len(families) > 3 else "") if families else "none"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description="Table vs bare PyScript page, cold and warm.")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=Path, default=DEFAULT_DEST)
    parser.add_argument("--game", choices=tuple(DECISION_QUERIES), default="napoleon",
                        help="which game's table to load (report both)")
    parser.add_argument(
        "--no-service-worker",
        action="store_true",
        help="block service workers: the table's returning visit from the HTTP cache, like the "
        "bare page's (the page's own cost, without offline play's)",
    )
    parser.add_argument(
        "--later-visit",
        action="store_true",
        help="also a third visit (another returning one): with the service worker, the first "
        "returning visit compiles the runtime's WebAssembly again, the next one reuses it",
    )
    parser.add_argument(
        "--visits",
        type=int,
        default=0,
        help="visits per run (at least 2; --later-visit is 3): Chrome's compiled code for the "
        "service worker's copy of the runtime grows over the first returning visits, so the "
        "4th and 5th show the lasting cost",
    )
    parser.add_argument(
        "--mode",
        choices=("profiles", "contexts"),
        default="profiles",
        help="profiles: a new browser on a new on-disk profile per run (default); contexts: "
        "one browser for the whole bench, a fresh (in-memory) context per run",
    )
    parser.add_argument(
        "--fonts",
        choices=FONTS,
        default="system",
        help="system: the machine's fonts (a player's machine has a Japanese one); no-cjk: "
        "hide every CJK font from the browser",
    )
    parser.add_argument(
        "--no-settle",
        action="store_true",
        help="do not wait for the service worker to cache the site before the next visit",
    )
    parser.add_argument(
        "--no-linger",
        action="store_true",
        help=f"the next visit at once: no {LINGER_S:.0f} s for Chrome to store the compiled code",
    )
    parser.add_argument(
        "--first-visit-plays", type=int, default=0, metavar="CLICKS",
        help="Napoleon: on the table's first visit, once its service worker has cached the "
        "site, the player's first CLICKS clicks (a player rarely leaves at the first "
        "decision; its clicks make more optimized code for Chrome to keep)",
    )
    parser.add_argument(
        "--probe",
        action="store_true",
        help="the independent probe's way: --mode contexts --later-visit --no-settle --no-linger",
    )
    args = parser.parse_args(argv)
    if args.probe:
        args.mode, args.later_visit, args.no_settle, args.no_linger = "contexts", True, True, True
    if args.first_visit_plays and args.game != "napoleon":
        parser.error("--first-visit-plays: the Napoleon table only")
    if args.visits and args.visits < 2:
        parser.error("--visits: at least 2 (a first visit and a returning one)")
    if not args.visits:
        args.visits = 3 if args.later_visit else 2
    return args


def visit_kinds(count: int) -> tuple[str, ...]:
    """The visits' names in the report: cold, warm (the first return), later, visit 4, ...

    >>> visit_kinds(2), visit_kinds(5)
    (('cold', 'warm'), ('cold', 'warm', 'later', 'visit 4', 'visit 5'))
    """
    return ("cold", "warm", "later", *(f"visit {k}" for k in range(4, count + 1)))[:count]


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"no built site in {args.site}: run `make site` first", file=sys.stderr)
        return 1
    kinds = visit_kinds(args.visits)
    loads: dict[str, list[list[Load]]] = {"table": [[] for _ in kinds], "bare": [[] for _ in kinds]}
    print("load average (1, 5, 15 min) before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    with tempfile.TemporaryDirectory(prefix="napoleon-bare-") as tmp:
        bare = build_bare_site(Path(tmp) / "site")
        env = font_env(args.fonts, Path(tmp))
        with (
            start_server(args.site) as table_url,
            start_server(bare) as bare_url,
            sync_playwright() as playwright,
        ):
            sw = "blocked" if args.no_service_worker else "allowed (warm = served by it)"
            settle = "no" if args.no_settle else "yes"
            print(
                f"table {table_url}{DECISION_QUERIES[args.game]}\n"
                f"bare  {bare_url}\nheadless {CHROMIUM}, "
                f"{args.runs} runs each, mode {args.mode}, service workers {sw}, wait for the "
                f"service worker's cache before the next visit: {settle}\n"
                f"Japanese fonts seen by the browser ({args.fonts}): {japanese_fonts(env)}"
            )
            run_visits = Visitor(playwright, args, env, len(kinds))
            try:
                for run in range(args.runs):
                    for name, url in (("table", table_url + DECISION_QUERIES[args.game]),
                                      ("bare", bare_url)):
                        got = run_visits(url, name == "table")
                        for i, x in enumerate(got):
                            loads[name][i].append(x)
                        times = "  ".join(
                            f"{kind} {x.ms / 1000:.2f} s"
                            + (f" (decision {x.decision_ms / 1000:.2f} s)" if x.decision_ms else "")
                            + f" ({x.cpu_s:.2f} s CPU)"
                            for kind, x in zip(kinds, got, strict=True)
                        )
                        print(f"  run {run + 1} {name:<5} {times}", flush=True)
            finally:
                run_visits.close()
    report(loads, kinds, args.runs)
    print("load average (1, 5, 15 min) after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    return 0


class Visitor:
    """``Visitor(...)(url, is_table)``: one run's visits of a page, in the bench's mode."""

    def __init__(
        self,
        playwright: Playwright,
        args: argparse.Namespace,
        env: dict[str, str | float | bool] | None,
        count: int,
    ) -> None:
        self.playwright, self.args, self.env, self.count = playwright, args, env, count
        self.browser: Browser | None = None
        if args.mode == "contexts":
            self.browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, env=env
            )

    def __call__(self, url: str, is_table: bool) -> list[Load]:
        sw = not self.args.no_service_worker
        settle = sw and not self.args.no_settle
        linger = 0.0 if self.args.no_linger else LINGER_S
        clicks = self.args.first_visit_plays if is_table else 0
        play = play_napoleon(clicks) if clicks else None
        if self.browser is None:
            return visits(
                self.playwright,
                url,
                self.count,
                service_workers=sw,
                decision=is_table,
                settle=settle,
                env=self.env,
                linger_s=linger,
                first_play=play,
            )
        context = self.browser.new_context(service_workers="allow" if sw else "block")
        try:
            return series(
                context, url, None, self.count, settle=settle, decision=is_table, linger_s=linger,
                first_play=play,
            )
        finally:
            context.close()

    def close(self) -> None:
        if self.browser is not None:
            self.browser.close()


def report(loads: dict[str, list[list[Load]]], kinds: tuple[str, ...], runs: int) -> None:
    """Medians and ratios: the old end point (ready) and the player's (first decision)."""
    for i, kind in enumerate(kinds):
        table, bare_s = median_s(loads["table"][i]), median_s(loads["bare"][i])
        decision = median_decision_s(loads["table"][i])
        verdict = "ok" if decision <= 1.1 * bare_s else "OVER the 1.1x target"
        own = [statistics.median(x.own_python_ms for x in loads[n][i]) for n in ("table", "bare")]
        print(
            f"{kind}: table ready {table:.2f} s, bare ready {bare_s:.2f} s (medians of {runs}): "
            f"ratio {table / bare_s:.3f}; main.py -> ready: table {own[0]:.0f} ms, "
            f"bare {own[1]:.0f} ms"
        )
        print(
            f"      table first decision {decision:.2f} s: ratio to bare ready "
            f"{decision / bare_s:.3f}  [{verdict}]"
        )
        cpu = [statistics.median(x.cpu_s for x in loads[n][i]) for n in ("table", "bare")]
        print(
            f"      browser CPU time to the end point: table {cpu[0]:.2f} s, bare {cpu[1]:.2f} s: "
            f"ratio {cpu[0] / cpu[1]:.3f} (moves much less with the shared machine's load)"
        )


if __name__ == "__main__":
    sys.exit(main())
