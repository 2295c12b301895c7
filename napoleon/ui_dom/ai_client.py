"""The computers' brains, asked through the PyScript worker named ``ai``.

The worker (``web/worker.py``, config ``web/worker.toml`` with
``sync_main_only = true``) boots in parallel with the page and exports
:func:`napoleon.ai.decide_json`; the main thread awaits its replies, so the
screen never freezes while a computer thinks.  JSON strings cross the
boundary (dicts would lose keys whose value is ``None``).

Until the worker is up: the ``easy`` level (rules of thumb, a few
milliseconds) is computed on the main thread with the very same player and
seed, so the first bids do not wait for the worker's boot; the ``normal``
and ``strong`` levels wait for the worker.
"""

from __future__ import annotations

import importlib
import json
import random
from typing import Any

#: The ``name`` of the worker's ``<script type="py" worker>`` in ``web/index.html``.
WORKER_NAME = "ai"


class AiClient:
    """``await client.think(view_json, level, seed)`` → ``decide_json``'s reply."""

    def __init__(self) -> None:
        self._worker: Any = None
        self._pending: Any = None

    def connect(self) -> None:
        """Start waiting for the worker (it boots by itself from the page)."""
        workers = importlib.import_module("pyscript").workers
        self._pending = workers[WORKER_NAME]
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
