"""Serve the built site on 127.0.0.1 under a sub-path, the way GitHub Pages hosts it.

``python3 -m scripts.serve`` (``make play``) serves ``site/`` at
``http://127.0.0.1:8000/napoleon/`` and prints that URL (``--host`` another address:
the browser test across network namespaces serves on its "public" one). The e2e tests and the page
benchmark use :func:`start_server` with port 0 (any free port) in a thread.
"""

from __future__ import annotations

import argparse
import functools
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from scripts.build_site import DEFAULT_DEST

#: The sub-path the site is served under (GitHub Pages: /REPO/).
SUB_PATH = "napoleon"


class QuietHandler(SimpleHTTPRequestHandler):
    """Serves files without logging every request to stderr, each file's body sent
    by the kernel (``sendfile``): a file's bytes then come at the pace of the
    machine's loopback, not of this process's share of a busy machine (the browser
    tests serve from their own process, and a page judges its snapshot's download
    by the pace of its first bytes: ``web/runtime.mjs``)."""

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def copyfile(self, source: Any, outputfile: Any) -> None:
        self.wfile.flush()
        self.connection.sendfile(source)


class SiteServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that closes mid-file (a tab closed while the service worker
        pre-caches) is no server error: no traceback for it."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def _make_server(site: Path, port: int, parent: Path, host: str = "127.0.0.1") -> SiteServer:
    """A server on ``host`` whose root is ``parent``, which holds a link ``SUB_PATH`` ->
    ``site``."""
    (parent / SUB_PATH).symlink_to(site.resolve(), target_is_directory=True)
    handler = functools.partial(QuietHandler, directory=str(parent))
    return SiteServer((host, port), handler)


def site_url(server: SiteServer) -> str:
    host, port = server.server_address[:2]
    return f"http://{host!s}:{port}/{SUB_PATH}/"


@contextmanager
def start_server(site: Path = DEFAULT_DEST, port: int = 0) -> Iterator[str]:
    """Serve ``site`` in a background thread; yields the site's URL (ending in ``/``)."""
    if not (site / "index.html").is_file():
        raise FileNotFoundError(f"{site} holds no built site: run `make site`")
    with tempfile.TemporaryDirectory(prefix="napoleon-serve-") as parent:
        server = _make_server(site, port, Path(parent))
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        try:
            yield site_url(server)
        finally:
            server.shutdown()
            server.server_close()
            thread.join()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the built site under /napoleon/.")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--host", default="127.0.0.1",
                        help="the address to serve on (a test's own network namespace's)")
    parser.add_argument("--site", type=Path, default=DEFAULT_DEST)
    args = parser.parse_args(argv)
    if not (args.site / "index.html").is_file():
        print(f"{args.site} holds no built site: run `make site`", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="napoleon-serve-") as parent:
        try:
            server = _make_server(args.site, args.port, Path(parent), args.host)
        except OSError as err:
            hint = "another port: `make play PORT=8080`"
            print(f"cannot serve on port {args.port} ({err}); {hint}", file=sys.stderr)
            return 1
        print(f"Napoleon is served at {site_url(server)}  (Ctrl-C stops)", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
