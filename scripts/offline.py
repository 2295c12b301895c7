"""The site build's last step: the service worker that keeps the site for offline play.

It lists every file of the built site with its SHA-256, derives the build's
version from those hashes, and writes both into ``site/sw.js`` (from the template
``web/sw.js``). The service worker caches exactly these files in one cache
named after the version, checking each against its hash (Subresource Integrity),
so a cache never holds files of two builds, and a new build (any file changed)
gets a new cache that replaces the old one.

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

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "web" / "sw.js"
SERVICE_WORKER = "sw.js"
#: Tokens of the template that the build replaces (each exactly once).
BUILD_TOKEN = '"@BUILD@"'
FILES_TOKEN = "[/* @FILES@ */]"
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


def site_files(site: Path) -> list[tuple[str, str]]:
    """Every file the site serves, as (relative URL, integrity), sorted by path.

    The service worker itself is left out (the browser fetches it to look for
    updates; it never comes from a cache), and so are hidden files (``.nojekyll``).
    A site without ``index.html`` or the runtime (:data:`RUNTIME`) is refused.
    """
    files = []
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        rel = path.relative_to(site).as_posix()
        if rel == SERVICE_WORKER or any(part.startswith(".") for part in rel.split("/")):
            continue
        if on_demand(rel):  # "Play with friends" needs the network anyway
            continue
        files.append(("./" + quote(rel), integrity(path)))
    for needed in ("./index.html", RUNTIME):
        if not any(url == needed for url, _ in files):
            raise OfflineBuildError(f"{site} has no {needed[2:]}: build the site first")
    return files


def build_version(files: list[tuple[str, str]]) -> str:
    """A version that changes when any file, or the list of files, changes."""
    listing = "".join(f"{url}\0{sri}\n" for url, sri in files)
    return hashlib.sha256(listing.encode("utf-8")).hexdigest()[:VERSION_LENGTH]


def render_service_worker(template: str, version: str, files: list[tuple[str, str]]) -> str:
    for token in (BUILD_TOKEN, FILES_TOKEN):
        if template.count(token) != 1:
            raise OfflineBuildError(f"the service worker template must hold {token} exactly once")
    listing = "[\n" + "".join(f"  {json.dumps([url, sri])},\n" for url, sri in files) + "]"
    return template.replace(BUILD_TOKEN, json.dumps(version)).replace(FILES_TOKEN, listing)


def write_service_worker(site: Path, template: Path = TEMPLATE) -> str:
    """Write ``site/sw.js`` for the files now in ``site``; return the build's version."""
    files = site_files(site)
    version = build_version(files)
    text = render_service_worker(template.read_text(encoding="utf-8"), version, files)
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
