"""The computers' worker (``web/worker.py``), started on demand.

Both games' pages think in the same PyScript worker; it exports one function per
game.  :class:`Worker` starts it when first asked (not from the HTML: a second
interpreter booting with the page's own slows the page's start) and hands out the
exports once they are up.

Its config is the page's own interpreter and wheel (``web/pyscript.toml``, the
build fills in the wheel's name) with ``sync_main_only``: the worker never
touches the page, so it needs no SharedArrayBuffer, hence no cross-origin
isolation headers (GitHub Pages).  It is handed to PyScript's ``PyWorker`` as a
dict: PyScript's worker reads that flag only from a config given as an object,
not from a ``<script worker config="...">`` file, and else warns on every load
that it cannot reach the page (e2e/test_clean_console.py).
"""

from __future__ import annotations

import importlib
from typing import Any

#: The worker's source, next to the page.
WORKER_SRC = "./worker.py"
#: The attribute of ``<html>`` set to ``starting`` while the worker boots and to
#: ``ready`` once it is up (it stays ``starting`` if the boot failed).
WORKER_MARKER = "data-worker"


class WorkerConfigError(ValueError):
    """The page's PyScript config lacks what the worker's is made of."""


def worker_config(page_config: object) -> dict[str, object]:
    """The worker's PyScript config from the page's (``pyscript.config``): the same
    interpreter and files (the wheel), and ``sync_main_only``.

    >>> worker_config({"name": "Napoleon", "interpreter": "./runtime.mjs",
    ...                "files": {"./n-1.whl": "./napoleon.whl"}})["sync_main_only"]
    True
    """
    if not isinstance(page_config, dict):
        raise WorkerConfigError(f"the page's config is not a table: {type(page_config).__name__}")
    interpreter = page_config.get("interpreter")
    files = page_config.get("files")
    if not isinstance(interpreter, str):
        raise WorkerConfigError("the page's config names no interpreter")
    if not isinstance(files, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in files.items()
    ):
        raise WorkerConfigError("the page's config has no [files] table of paths")
    return {
        "name": "Napoleon AI",
        "interpreter": interpreter,
        "files": dict(files),
        "sync_main_only": True,
    }


#: The page's worker once started: PyScript's ``PyWorker(...).ready`` (a promise of it).
_started: list[Any] = []


class Worker:
    """``worker.connect()`` starts it; ``await worker.exports()`` once it is up.

    A page has one worker: a table started afresh in place
    (:mod:`cardkit.ui_dom.page_reset`) connects to the one already up, and hears it
    is ready on a later turn of the event loop, as a table whose worker booted
    quickly would."""

    def __init__(self) -> None:
        self._pending: Any = None
        self.ready: Any = None

    def connect(self) -> None:
        """Start the worker aside (or join the page's); once is enough."""
        if self._pending is not None:
            return
        if not _started:
            js = importlib.import_module("js")
            pyscript = importlib.import_module("pyscript")
            config = worker_config(pyscript.config)
            # The interpreter as the page's own was resolved (next to the config).
            version = js.URL.new(config["interpreter"], js.document.baseURI).href
            js.document.documentElement.setAttribute(WORKER_MARKER, "starting")
            xworker = pyscript.PyWorker(WORKER_SRC, type="pyodide", version=version,
                                        config=config)
            _started.append(xworker.ready)
        self._pending = _started[0]
        self._pending.then(self._ready)

    def _ready(self, xworker: Any) -> None:
        self.ready = xworker.sync  # what web/worker.py exports
        # A readiness marker for tests and diagnosis (e2e/test_offline.py waits for
        # it before cutting the network: the worker's own files are loaded).
        importlib.import_module("js").document.documentElement.setAttribute(
            WORKER_MARKER, "ready"
        )

    async def exports(self) -> Any:
        """The worker's exported functions (starting it if needed)."""
        if self.ready is None:
            self.connect()
            self._ready(await self._pending)
        return self.ready
