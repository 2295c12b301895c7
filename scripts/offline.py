"""The site build's last step: the service worker that keeps the site for offline play.

It lists every file of the built site with its SHA-256, derives the build's
version from those hashes, and writes both into ``site/sw.js`` (from the template
``web/sw.js``). The service worker caches exactly these files in one cache
named after the version, checking each against its hash (Subresource Integrity),
so a cache never holds files of two builds, and a new build (any file changed)
gets a new cache that replaces the old one. "Play with friends" files
(``scripts.friends_net.ON_DEMAND``) are listed apart: the worker caches each the
first time the page asks for it (a visit that never opens it downloads none),
checked against its hash the same way.

``python3 -m scripts.offline [SITE]`` rewrites ``SITE/sw.js`` (``scripts.build_site``
calls :func:`write_service_worker` after assembling the site).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import sys
from pathlib import Path
from urllib.parse import quote

from scripts.friends_net import on_demand
from scripts.shipped_js import without_comment_lines

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "web" / "sw.js"
SERVICE_WORKER = "sw.js"
#: Tokens of the template that the build replaces (each exactly once).
BUILD_TOKEN = '"@BUILD@"'
FILES_TOKEN = "[/* @FILES@ */]"
ON_DEMAND_TOKEN = "[/* @ON_DEMAND@ */]"
#: The runtime's WebAssembly: the service worker keeps it in a cache of its own
#: (web/sw.js), so a site without it is no site.
RUNTIME = "./pyodide/pyodide.asm.wasm"
#: Characters of the hex digest kept in the version (64 bits: no accidental clash).
VERSION_LENGTH = 16


class OfflineBuildError(RuntimeError):
    """The service worker cannot be written (a broken template, an empty site)."""


def integrity(path: Path) -> str:
    """The file's Subresource Integrity string (``sha256-<base64>``)."""
    digest = hashlib.sha256(path.read_bytes()).digest()
    return "sha256-" + base64.b64encode(digest).decode("ascii")


def _served(site: Path) -> list[tuple[str, Path]]:
    """Every file the site serves (relative path, file), sorted: the service worker
    itself is left out (the browser fetches it to look for updates; it never comes
    from a cache), and so are hidden files (``.nojekyll``)."""
    files = []
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        rel = path.relative_to(site).as_posix()
        if rel == SERVICE_WORKER or any(part.startswith(".") for part in rel.split("/")):
            continue
        files.append((rel, path))
    return files


def site_files(site: Path) -> list[tuple[str, str]]:
    """Every file the worker caches up front, as (relative URL, integrity), sorted by
    path: all the site serves but "Play with friends" (:func:`on_demand_files`).

    A site without ``index.html`` or the runtime (:data:`RUNTIME`) is refused.
    """
    files = [("./" + quote(rel), integrity(path)) for rel, path in _served(site)
             if not on_demand(rel)]
    for needed in ("./index.html", RUNTIME):
        if not any(url == needed for url, _ in files):
            raise OfflineBuildError(f"{site} has no {needed[2:]}: build the site first")
    return files


def on_demand_files(site: Path) -> list[tuple[str, str]]:
    """"Play with friends" files, as (relative URL, integrity): the worker caches
    each on its first use, never before (a visit that never opens it downloads
    none of it)."""
    return [("./" + quote(rel), integrity(path)) for rel, path in _served(site) if on_demand(rel)]


def build_version(files: list[tuple[str, str]]) -> str:
    """A version that changes when any file, or the list of files, changes.

    The files cached on first use count too: the worker keeps them in the build's
    cache, so a changed one needs a new cache as much as any other file."""
    listing = "".join(f"{url}\0{sri}\n" for url, sri in files)
    return hashlib.sha256(listing.encode("utf-8")).hexdigest()[:VERSION_LENGTH]


def _listing(files: list[tuple[str, str]]) -> str:
    return "[\n" + "".join(f"  {json.dumps([url, sri])},\n" for url, sri in files) + "]"


def render_service_worker(template: str, version: str, files: list[tuple[str, str]],
                          later: list[tuple[str, str]] | None = None) -> str:
    """The worker for ``files`` (cached up front) and ``later`` (cached on first use)."""
    for token in (BUILD_TOKEN, FILES_TOKEN, ON_DEMAND_TOKEN):
        if template.count(token) != 1:
            raise OfflineBuildError(f"the service worker template must hold {token} exactly once")
    return (template.replace(BUILD_TOKEN, json.dumps(version))
            .replace(FILES_TOKEN, _listing(files))
            .replace(ON_DEMAND_TOKEN, _listing(later or [])))


def write_service_worker(site: Path, template: Path = TEMPLATE) -> str:
    """Write ``site/sw.js`` for the files now in ``site``; return the build's version."""
    files = site_files(site)
    later = on_demand_files(site)
    version = build_version(sorted(files + later))
    # Shipped without its comment lines, as the site's other scripts (scripts/shipped_js.py).
    source = without_comment_lines(template.read_text(encoding="utf-8"), SERVICE_WORKER)
    text = render_service_worker(source, version, files, later)
    (site / SERVICE_WORKER).write_text(text, encoding="utf-8")
    return version


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write the service worker of a built site.")
    parser.add_argument("site", nargs="?", type=Path, default=ROOT / "site")
    args = parser.parse_args(argv)
    try:
        version = write_service_worker(args.site)
    except OfflineBuildError as err:
        print(f"offline build failed: {err}", file=sys.stderr)
        return 1
    print(f"wrote {args.site / SERVICE_WORKER} (build {version})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
