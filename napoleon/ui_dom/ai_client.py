"""The computers' brains, asked through the computers' PyScript worker.

The worker (``web/worker.py``, started by :mod:`cardkit.ui_dom.worker` with
``sync_main_only``) exports :func:`napoleon.ai.decide_json`; the main
thread awaits its replies, so the screen never freezes while a computer
thinks.  JSON strings cross the boundary (dicts would lose keys whose value
is ``None``).

The worker is started (by the page shell's :class:`cardkit.ui_dom.page_shell.Computers`,
which Durak's page uses too) through :meth:`AiClient.connect` once the computers have
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
after the worker's 2-9 s boot.  A card play that needs the worker
starts it (if not yet) and waits for it (the table shows the computer
thinking, the menu keeps working).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from cardkit.ui_dom.page_reset import on_reset
from cardkit.ui_dom.page_shell import Computers

#: Decisions made here run back to back for at most this long (a bid takes ~10-40
#: ms), then the page gets a turn to draw and take clicks: fewer turns, fewer
#: frames drawn for states that last milliseconds, and never a long freeze.
SLICE_S = 0.05


class AiClient(Computers):
    """``await client.think(view_json, level, seed)`` → ``decide_json``'s reply; the
    hint and the review besides (always in the worker)."""

    def __init__(self) -> None:
        super().__init__("decide_json", decide_here, needs_worker=needs_worker, slice_s=SLICE_S)
        global _first
        if _first is None:
            _first = self

    async def hint(self, view_json: str, seed: int, wanted: Callable[[], bool]) -> str | None:
        """What the strong computer would do at ``view_json``, and why: the worker's
        :func:`napoleon.ai.review.hint_json` (always in the worker: it is a strong
        search, up to a second), or ``None`` once ``wanted()`` says nobody waits for
        it any more.  The worker thinks one slice at a time (``hint_start_json``,
        then ``hint_more_json``, :data:`napoleon.ai.review.HINT_SLICE_S` each), and
        the next slice is asked only while the hint is wanted: a computer's decision
        asked meanwhile (the player played without waiting) is answered after the
        slice in flight, not after the whole hint."""
        worker = await self.exports()
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
        worker = await self.exports()
        return str(await worker.review_plan_json(record_json, seat))

    async def review_step(self, record_json: str, seat: int, index: int) -> str:
        """One decision of the record reviewed (one call each: the page shows progress)."""
        worker = await self.exports()
        return str(await worker.review_step_json(record_json, seat, index))


_first: AiClient | None = None


@on_reset
def _forget() -> None:
    global _first
    _first = None


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
    from napoleon.view import request_view

    action = BaselinePlayer().decide(request_view(json.loads(view_json)), random.Random(seed))
    return json.dumps({"action": action_text(action), "level": level})
