"""The computers' brains, asked through the PyScript worker named ``ai``.

The worker (``web/worker.py``, config ``web/worker.toml`` with
``sync_main_only = true``) exports :func:`napoleon.ai.decide_json`; the main
thread awaits its replies, so the screen never freezes while a computer
thinks.  JSON strings cross the boundary (dicts would lose keys whose value
is ``None``).

The worker is started by :meth:`AiClient.connect` right after the table is
drawn and marked ready, not from the HTML: a second interpreter booting at
the same time as the page's own would slow the page's start on a small
machine (measured by ``bench/table_vs_bare.py``).  Until the worker is up,
the ``easy`` level (rules of thumb, a few milliseconds) is computed on the
main thread with the very same player and seed, so the first bids do not
wait; the ``normal`` and ``strong`` levels wait for the worker (the table
shows the computer thinking, the menu keeps working).
"""

from __future__ import annotations

import importlib
import json
import random
from typing import Any

#: The ``name`` of the worker's ``<script type="py" worker>`` in ``web/index.html``.
WORKER_NAME = "ai"
WORKER_SRC = "./worker.py"
WORKER_CONFIG = "./worker.toml"


class AiClient:
    """``await client.think(view_json, level, seed)`` → ``decide_json``'s reply."""

    def __init__(self) -> None:
        self._worker: Any = None
        self._pending: Any = None

    def connect(self) -> None:
        """Start the worker (a ``<script type="py" worker>``) and wait for it aside."""
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
        self._worker = exports

    @property
    def worker_ready(self) -> bool:
        return self._worker is not None

    async def think(self, view_json: str, level: str, seed: int) -> str:
        if self._worker is None and (level == "easy" or self._pending is None):
            return decide_here(view_json, level, seed)
        if self._worker is None:
            self._worker = await self._pending
        return str(await self._worker.decide_json(view_json, level, seed))


def decide_here(view_json: str, level: str, seed: int) -> str:
    """The easy computer on this thread (same player, same seed as the worker's)."""
    if level != "easy":
        from napoleon.ai import decide_json

        return decide_json(view_json, level, seed)
    from napoleon.actions import action_text
    from napoleon.ai.baseline import BaselinePlayer
    from napoleon.view import PlayerView

    action = BaselinePlayer().decide(PlayerView.from_json(view_json), random.Random(seed))
    return json.dumps({"action": action_text(action), "level": level})
