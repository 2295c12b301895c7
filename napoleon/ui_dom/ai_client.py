"""The computers' brains, asked through the PyScript worker named ``ai``.

The worker (``web/worker.py``, config ``web/worker.toml`` with
``sync_main_only = true``) exports :func:`napoleon.ai.decide_json`; the main
thread awaits its replies, so the screen never freezes while a computer
thinks.  JSON strings cross the boundary (dicts would lose keys whose value
is ``None``).

The worker is started (by :class:`cardkit.ui_dom.worker.Worker`, the starter
Durak's page uses too) through :meth:`AiClient.connect` once the computers have
made their decisions before the human's first one (``App.after_ready``), not
from the HTML: a second interpreter booting at the same time as the page's own
slows the page's start on a small machine, and so would it slow those first
decisions.  Until the worker is up, every decision but a card play at the
``normal`` and ``strong`` levels (a search: up to a few hundred milliseconds)
is made on the main thread by the very same player with the very same seed
(:func:`decide_here`; the bids take ~10-40 ms each), one per turn of the
event loop at least every :data:`SLICE_S`, so the page keeps drawing and taking
clicks.  So a
player who does not bid first gets the computers' bids at once instead of
after the worker's 2-9 s boot (issue 16).  A card play that needs the worker
starts it (if not yet) and waits for it (the table shows the computer
thinking, the menu keeps working).
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from typing import Any

from cardkit.ui_dom.worker import Worker

#: Decisions made here run back to back for at most this long (a bid takes ~10-40
#: ms), then the page gets a turn to draw and take clicks: fewer turns, fewer
#: frames drawn for states that last milliseconds, and never a long freeze.
SLICE_S = 0.05


class AiClient:
    """``await client.think(view_json, level, seed)`` → ``decide_json``'s reply."""

    def __init__(self) -> None:
        #: The worker starter both games' pages share (its script, its name).
        self._starter = Worker()
        self._yielded = 0.0
        #: Called before a decision waits for the worker (the page mounts its menu).
        self.before_wait: Callable[[], None] = lambda: None
        global _first
        if _first is None:
            _first = self

    def connect(self) -> None:
        """Start the worker (a ``<script type="py" worker>``) and wait for it aside;
        once is enough."""
        self._starter.connect()

    @property
    def worker_ready(self) -> bool:
        return self._starter.ready is not None

    def decide_now(self, view_json: str, level: str, seed: int) -> str | None:
        """The decision made here at once, or ``None`` for one that needs the worker
        (``Controller.decide_at_once``; while the worker is up, it decides)."""
        if self.worker_ready or needs_worker(view_json, level):
            return None
        return decide_here(view_json, level, seed)

    async def think(self, view_json: str, level: str, seed: int) -> str:
        if not self.worker_ready and not needs_worker(view_json, level):
            now = time.perf_counter()
            if now - self._yielded >= SLICE_S:
                await asyncio.sleep(0)  # the page draws and takes clicks
                self._yielded = time.perf_counter()
            return decide_here(view_json, level, seed)
        worker = await self._exports()
        return str(await worker.decide_json(view_json, level, seed))

    async def _exports(self) -> Any:
        """The worker's exports, starting it (and waiting for it) if need be."""
        if not self.worker_ready:
            self.before_wait()
        return await self._starter.exports()

    async def hint(self, view_json: str, seed: int, wanted: Callable[[], bool]) -> str | None:
        """What the strong computer would do at ``view_json``, and why: the worker's
        :func:`napoleon.ai.review.hint_json` (always in the worker: it is a strong
        search, up to a second), or ``None`` once ``wanted()`` says nobody waits for
        it any more.  The worker thinks one slice at a time (``hint_start_json``,
        then ``hint_more_json``, :data:`napoleon.ai.review.HINT_SLICE_S` each), and
        the next slice is asked only while the hint is wanted: a computer's decision
        asked meanwhile (the player played without waiting) is answered after the
        slice in flight, not after the whole hint (issue 16)."""
        worker = await self._exports()
        if not wanted():
            return None
        reply = str(await worker.hint_start_json(view_json, seed))
        while True:
            part = json.loads(reply)
            if not isinstance(part, dict) or "pending" not in part:
                return None if isinstance(part, dict) and "dropped" in part else reply
            if not wanted():
                return None
            reply = str(await worker.hint_more_json(part["pending"]))

    async def review_plan(self, record_json: str, seat: int) -> str:
        """The seat's decisions in a finished game's record (``{"decisions": [...]}``,
        or ``{"error": ...}`` for a record the engine refuses)."""
        worker = await self._exports()
        return str(await worker.review_plan_json(record_json, seat))

    async def review_step(self, record_json: str, seat: int, index: int) -> str:
        """One decision of the record reviewed (one call each: the page shows progress)."""
        worker = await self._exports()
        return str(await worker.review_step_json(record_json, seat, index))


_first: AiClient | None = None


def shared_client() -> AiClient:
    """The page's client (the first one made: the App's), so a screen that asks the
    worker before the App handed its client over (a shared game's review opened at
    start-up) does not start a second worker of the same name."""
    return _first if _first is not None else AiClient()


def needs_worker(view_json: str, level: str) -> bool:
    """Whether this decision is too long for the main thread: a card play at a
    searching level (``normal``, ``strong``).

    >>> needs_worker('{"phase": "bid"}', "strong"), needs_worker('{"phase": "play"}', "normal")
    (False, True)
    >>> needs_worker('{"phase": "play"}', "easy")
    False
    """
    return level != "easy" and json.loads(view_json).get("phase") == "play"


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
