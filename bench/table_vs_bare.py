"""The table against a bare PyScript page, side by side in one run, cold and warm.

The issue's speed target: the card table is interactive (the readiness mark
``napoleon-ready``, set once the table is drawn and listens to clicks) within
1.1× the time a bare PyScript page takes that imports a one-function wheel.
This command builds that bare page from the very same vendored runtime
(``scripts.build_site``: ``pyodide/`` and ``pyscript/``), with a wheel of one
module holding one function, whose ``main.py`` imports it, calls it and sets
the same mark.  Both sites are served on 127.0.0.1 under ``/napoleon/``, and
the two pages are loaded alternately (table, bare, table, bare, …), each cold
(a new browser profile) then warm (a new tab in the same profile), so that
machine load hits both alike.  Medians of ``--runs`` (5) each, and the ratios.

Warm is a returning visit: the table's service worker (offline play, issue 5)
has finished caching the site and serves it, as it does for a player; the bare
page has none.  ``--no-service-worker`` blocks it: both warm loads then come
from the HTTP cache, which separates the page's own cost from offline play's.
``--later-visit`` adds a third visit ("later"): the first visit the service
worker serves compiles the runtime's WebAssembly again, the next one reuses
that compiled code (``bench.page_load.visits``); this tells the one-time cost
from the lasting one.

    python3 -m bench.table_vs_bare [--runs 5] [--site site] [--no-service-worker] [--later-visit]
                                                                 (make bench-table)
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import os
import statistics
import sys
import tempfile
import zipfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench.page_load import Load, visits
from scripts.build_site import DEFAULT_DEST, _copy_runtimes
from scripts.chromium import CHROMIUM
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Table vs bare PyScript page, cold and warm.")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--site", type=Path, default=DEFAULT_DEST)
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
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"no built site in {args.site}: run `make site` first", file=sys.stderr)
        return 1
    kinds = ("cold", "warm", "later") if args.later_visit else ("cold", "warm")
    loads: dict[str, list[list[Load]]] = {"table": [[] for _ in kinds], "bare": [[] for _ in kinds]}
    with tempfile.TemporaryDirectory(prefix="napoleon-bare-") as tmp:
        bare = build_bare_site(Path(tmp) / "site")
        with (
            start_server(args.site) as table_url,
            start_server(bare) as bare_url,
            sync_playwright() as playwright,
        ):
            sw = "blocked" if args.no_service_worker else "allowed (warm = served by it)"
            print(
                f"table {table_url}\nbare  {bare_url}\nheadless {CHROMIUM}, {args.runs} runs each,"
                f" service workers {sw}"
            )
            for run in range(args.runs):
                for name, url in (("table", table_url), ("bare", bare_url)):
                    got = visits(
                        playwright, url, len(kinds), service_workers=not args.no_service_worker
                    )
                    for i, x in enumerate(got):
                        loads[name][i].append(x)
                    times = "  ".join(
                        f"{kind} {x.ms / 1000:.2f} s ({x.cpu_s:.2f} s CPU)"
                        for kind, x in zip(kinds, got, strict=True)
                    )
                    print(f"  run {run + 1} {name:<5} {times}", flush=True)
    for i, kind in enumerate(kinds):
        table, bare_s = median_s(loads["table"][i]), median_s(loads["bare"][i])
        verdict = "ok" if table <= 1.1 * bare_s else "OVER the 1.1x target"
        own = [statistics.median(x.own_python_ms for x in loads[n][i]) for n in ("table", "bare")]
        print(
            f"{kind}: table {table:.2f} s, bare {bare_s:.2f} s (medians of {args.runs}): "
            f"ratio {table / bare_s:.3f}  [{verdict}]; "
            f"main.py -> ready: table {own[0]:.0f} ms, bare {own[1]:.0f} ms"
        )
        cpu = [statistics.median(x.cpu_s for x in loads[n][i]) for n in ("table", "bare")]
        print(
            f"      browser CPU time to ready: table {cpu[0]:.2f} s, bare {cpu[1]:.2f} s: "
            f"ratio {cpu[0] / cpu[1]:.3f} (moves much less with the shared machine's load)"
        )
    print("load average (1, 5, 15 min): {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
