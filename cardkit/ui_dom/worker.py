"""The computers' worker (``web/worker.py``, config ``web/worker.toml``), started on demand.

Both games' pages think in the same PyScript worker (``sync_main_only``: it never
touches the page, so it needs no cross-origin isolation headers); it exports one
function per game.  :class:`Worker` adds the ``<script type="py" worker>`` when
first asked (not from the HTML: a second interpreter booting with the page's
own slows the page's start) and hands out the exports once they are up.
"""

from __future__ import annotations

import importlib
from typing import Any

#: The ``name`` of the worker's script element, its source and its config.
WORKER_NAME = "ai"
WORKER_SRC = "./worker.py"
WORKER_CONFIG = "./worker.toml"
#: The attribute of ``<html>`` set to ``ready`` once the worker is up.
WORKER_MARKER = "data-worker"


class Worker:
    """``worker.connect()`` starts it; ``await worker.exports()`` once it is up."""

    def __init__(self) -> None:
        self._pending: Any = None
        self.ready: Any = None

    def connect(self) -> None:
        """Start the worker aside; once is enough."""
        if self._pending is not None:
            return
        document = importlib.import_module("js").document
        script = document.createElement("script")
        script.setAttribute("type", "py")
        script.setAttribute("worker", "")
        script.setAttribute("name", WORKER_NAME)
        script.setAttribute("src", WORKER_SRC)
        script.setAttribute("config", WORKER_CONFIG)
        document.body.append(script)
        self._pending = importlib.import_module("pyscript").workers[WORKER_NAME]
        self._pending.then(self._ready)

    def _ready(self, exports: Any) -> None:
        self.ready = exports
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
