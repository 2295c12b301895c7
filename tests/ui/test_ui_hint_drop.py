"""The page's side of a dropped hint, so that the computers answer at once.

:meth:`napoleon.ui_dom.ai_client.AiClient.hint` against a worker that, like the
page's PyScript worker, runs one call at a time in the order the calls arrive
(:class:`OneAtATime`, running the real worker functions).  The player asks a
hint and plays before it comes: the computers' next decision must run after
the hint's slice in flight, not after the whole hint, and no further slice of
the hint is asked for.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from napoleon.ai import review
from napoleon.ai.baseline import BaselinePlayer
from napoleon.ai.levels import decide_json
from napoleon.game import Game, Phase
from napoleon.rules import Rules
from napoleon.ui_dom.ai_client import AiClient


class OneAtATime:
    """A worker answering one call at a time, first come first served; ``log`` says
    what it ran, in order."""

    def __init__(self) -> None:
        self.log: list[str] = []
        self._turn = asyncio.Lock()  # FIFO: waiters get it in the order they came

    async def _run(self, name: str, fn: Callable[..., str], *args: Any) -> str:
        async with self._turn:
            await asyncio.sleep(0)  # the message crosses to the worker
            self.log.append(name)
            return fn(*args)

    def hint_start_json(self, view_json: str, seed: int) -> Any:
        return self._run("hint", review.hint_start_json, view_json, seed)

    def hint_more_json(self, ticket: int) -> Any:
        return self._run("hint", review.hint_more_json, ticket)

    def decide_json(self, view_json: str, level: str, seed: int) -> Any:
        return self._run("decide", decide_json, view_json, level, seed)


def human_card_play() -> Game:
    """Seed 3 played by the baseline up to the human's first card play with a choice."""
    g = Game.new(Rules(), seed=3)
    rng = random.Random(3)
    base = BaselinePlayer()
    while not (g.phase is Phase.PLAY and g.to_act == 0 and len(g.view(0).legal_actions) > 1):
        g.apply(base.decide(g.view(g.to_act or 0), rng))
    return g


def client_with(worker: OneAtATime) -> AiClient:
    client = AiClient()
    client._starter.ready = worker  # the worker is up
    return client


@pytest.fixture
def one_step_slices(monkeypatch: pytest.MonkeyPatch) -> None:
    """A slice of one search step: the hint takes many slices, whatever the machine."""
    monkeypatch.setattr(review._hint_job, "budget_s", 0.0)


@pytest.mark.usefixtures("one_step_slices")
def test_a_computer_decision_after_a_dropped_hint_waits_for_one_slice_at_most() -> None:
    g = human_card_play()
    view_json = g.view(0).to_json()
    worker = OneAtATime()
    client = client_with(worker)
    played = False

    async def scene() -> tuple[str | None, str]:
        nonlocal played
        asking = asyncio.ensure_future(client.hint(view_json, 11, lambda: not played))
        while "hint" not in worker.log:  # the worker has started thinking
            await asyncio.sleep(0)
        played = True  # the human plays a card: the hint is no longer wanted
        g.apply(g.view(0).legal_actions[0])
        seat = g.to_act or 0
        decision = await client.think(g.view(seat).to_json(), "strong", 5)
        return await asyncio.wait_for(asking, 5), decision

    hint, decision = asyncio.run(scene())
    assert hint is None  # dropped, not shown
    assert "action" in json.loads(decision)
    # The decision ran after the slice in flight (and at most one more asked before
    # the play), and the hint was never resumed after it.
    assert worker.log.index("decide") <= 2
    assert worker.log[worker.log.index("decide"):] == ["decide"]


@pytest.mark.usefixtures("one_step_slices")
def test_a_hint_still_wanted_is_asked_to_its_end_and_answers_as_in_one_go() -> None:
    g = human_card_play()
    view_json = g.view(0).to_json()
    worker = OneAtATime()
    reply = asyncio.run(client_with(worker).hint(view_json, 11, lambda: True))
    assert reply == review.hint_json(view_json, 11)
    assert len(worker.log) > 10 and set(worker.log) == {"hint"}


def test_a_hint_nobody_waits_for_once_the_worker_is_up_is_never_started() -> None:
    worker = OneAtATime()
    reply = asyncio.run(client_with(worker).hint(human_card_play().view(0).to_json(), 11,
                                                 lambda: False))
    assert (reply, worker.log) == (None, [])
