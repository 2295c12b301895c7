"""The table's controller outside the browser: how the computers' turns are run.

The page starts the computers one event-loop turn after it is ready, and a click
on the first screen may start them too (issue 6: the table never stalls)."""

from __future__ import annotations

import asyncio

from napoleon.ai.levels import decide_json
from napoleon.match import Match
from napoleon.rules import PRESETS
from napoleon.ui_dom.controller import Controller, Stage


async def _think(view_json: str, level: str, seed: int) -> str:
    await asyncio.sleep(0)  # a worker answers in a later turn
    return decide_json(view_json, level, seed)


async def _no_pause() -> None:
    return None


def _controller(seed: int) -> Controller:
    return Controller(PRESETS["sdc"], seed, "easy", _think, _no_pause, lambda: None)


def _actions(ctrl: Controller) -> list[str]:
    return [str(a) for a in ctrl.match.game.actions()]


def test_two_starts_at_once_run_the_computers_once() -> None:
    async def both(ctrl: Controller) -> None:
        await asyncio.gather(ctrl.start(), ctrl.start())

    for seed in range(1, 6):
        once, twice = _controller(seed), _controller(seed)
        asyncio.run(once.start())
        asyncio.run(both(twice))
        assert _actions(twice) == _actions(once)
        assert not twice.busy
        assert twice.human_to_act() == once.human_to_act()
        assert twice.stage is Stage.GAME


def test_a_human_pass_while_the_computers_start_leaves_the_human_free_to_act_next() -> None:
    """A seed where the human bids first: DROP on the first screen, while the page's
    own start is under way, ends with the human to act again or the game moved on,
    never with two loops answering for one seat."""
    for seed in range(1, 40):
        ctrl = _controller(seed)
        if ctrl.match.game.to_act != 0:
            continue

        async def race(c: Controller = ctrl) -> None:
            await asyncio.gather(c.handle("drop"), c.start())

        asyncio.run(race())
        mirror = Match(PRESETS["sdc"], seed=seed)
        for seat, action in ctrl.match.game.actions():
            mirror.game.apply(action, seat)  # every action was legal in its turn
        assert not ctrl.busy
        return
    raise AssertionError("no seed in 1..39 lets the human bid first")
