"""Pass-and-play on one device: every seat a person, the table drawn from the
view of the one holding the device, and behind the privacy screen nothing acts
but its button, which hands the device to the person to decide."""

from __future__ import annotations

import asyncio

from cardkit.ui_dom.pass_play import SHOW_ACT, Handover
from durak.rules import Rules
from durak.ui_dom.controller import Controller
from durak.ui_dom.family_controller import Hooks
from tests.durak_ui.test_controller import _no_pause, click_first


def test_two_people_play_a_whole_game_on_one_device() -> None:
    asked: list[str] = []

    async def think(view_json: str, level: str, seed: int) -> str:
        asked.append(view_json)  # no computer at this table: never called
        raise AssertionError("a computer was asked at a table of people")

    ctrl = Controller(Rules(players=2), 11, "easy", Hooks(think, _no_pause, lambda: None),
                      humans=(0, 1))
    asyncio.run(ctrl.start())
    screens = 0
    for _ in range(500):
        if ctrl.over:
            break
        g = ctrl.match.game
        acting = g.player_of(g.to_act)
        if ctrl.handover_due():
            screens += 1
            before = ctrl.view().to_json()
            # Behind the screen a click on the table does nothing, and the view
            # drawn is still the previous holder's.
            asyncio.run(ctrl.handle(*click_first(ctrl)))
            assert ctrl.view().to_json() == before and ctrl.handover_due()
            asyncio.run(ctrl.handle(SHOW_ACT))
        assert not ctrl.handover_due() or ctrl.auto_pass()
        assert ctrl.handover.holder == acting
        assert ctrl.view().seat == acting  # the hand drawn is the decider's own
        asyncio.run(ctrl.handle(*click_first(ctrl)))
    assert ctrl.over and not asked
    assert screens > 3


def test_a_lone_player_never_sees_the_screen() -> None:
    """One person (the default) against a computer: the screen is never due."""
    h = Handover((0,))
    assert not h.active and not h.due(0) and not h.due(1)
