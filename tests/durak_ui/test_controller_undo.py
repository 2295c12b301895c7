"""Undo at the Durak table on CPython: the controller's frame around
:meth:`durak.match.Match.take_back` (the page's Undo button and Ctrl+Z send
``undo``), a computer's late answer dropped, the notices, the save."""

from __future__ import annotations

import asyncio

from cardkit.ui_dom.storage import MemoryStorage
from durak.rules import Rules
from durak.ui_dom import persist
from durak.ui_dom.play.controller import HUMAN, Controller
from durak.ui_dom.play.family_controller import Hooks
from durak.ui_dom.table.table import undo_offered
from tests.durak_ui.test_controller import click_first, make


def _decide(ctrl: Controller, times: int) -> list[list[object]]:
    """The human decides ``times`` times by the first offer; the tables before each."""
    asyncio.run(ctrl.start())
    before: list[list[object]] = []
    for _ in range(times):
        assert ctrl.human_to_act()
        before.append(list(ctrl.game.actions()))
        moved = False
        while not moved:  # a selecting click moves nothing yet
            act, arg = click_first(ctrl)
            count = len(ctrl.game.actions())
            asyncio.run(ctrl.handle(act, arg))
            moved = len(ctrl.game.actions()) > count
    return before


def test_undo_takes_back_each_decision_and_the_computers_replies() -> None:
    """Any number of steps, each back to the table before the human's
    decision, the human to act; then refused with the ``none`` notice (seed 4)."""
    ctrl = make(Rules(players=3), 4)
    before = _decide(ctrl, 5)
    for expected in reversed(before):
        assert ctrl.can_undo()
        asyncio.run(ctrl.handle("undo"))
        assert ctrl.game.actions() == expected
        assert ctrl.human_to_act() and ctrl.undo_note == "done"
    assert not ctrl.can_undo()
    asyncio.run(ctrl.handle("undo"))
    assert ctrl.undo_note == "none" and ctrl.game.actions() == before[0]


def test_the_same_decision_after_an_undo_brings_the_same_replies() -> None:
    """Computers are seeded by the game's state (ai_seed): deciding the same again
    replays the same game (seed 8)."""
    ctrl = make(Rules(players=3), 8)
    _decide(ctrl, 3)
    after = ctrl.game.actions()
    asyncio.run(ctrl.handle("undo"))
    _decide(ctrl, 1)
    assert ctrl.game.actions() == after


def busy(ctrl: Controller) -> bool:
    """Whether the table waits for a computer (read afresh: after an await)."""
    return ctrl.busy


def test_undo_while_a_computer_thinks_drops_its_answer() -> None:
    """The undo acts at once while a computer thinks; the answer about the game that
    is gone is dropped (:meth:`TurnLoop.drop_pending`) (seed 6)."""
    ctrl = make(Rules(players=3), 6)
    before = _decide(ctrl, 1)
    gate = asyncio.Event()

    async def slow_think(view_json: str, level: str, seed: int) -> str:
        await gate.wait()
        from durak.ai import decide_json

        return decide_json(view_json, level, seed)

    async def scenario() -> None:
        ctrl.think = slow_think
        while True:  # click until a computer is asked (and waits at the gate)
            act, arg = click_first(ctrl)
            task = asyncio.create_task(ctrl.handle(act, arg))
            for _ in range(3):
                await asyncio.sleep(0)
            if ctrl.busy:
                break
            await task
        assert not ctrl.human_to_act()
        await ctrl.handle("undo")
        assert ctrl.undo_note == "done"
        assert not busy(ctrl)  # the table no longer waits for the dropped answer
        undone = ctrl.game.actions()
        gate.set()
        await task
        assert ctrl.game.actions() == undone

    asyncio.run(scenario())
    assert len(before) == 1 and ctrl.human_to_act()


def test_a_reload_keeps_what_can_be_undone() -> None:
    """A saved game in progress keeps its undo history across a reload
    (the save holds the game's actions) (seed 9)."""
    store = MemoryStorage()
    ctrl = make(Rules(players=2), 9, store)
    before = _decide(ctrl, 4)
    asyncio.run(ctrl.handle("undo"))
    saved, why, _backup = persist.load_game(store, {})
    assert why == "" and saved is not None and saved.series.seed == 9
    assert saved.game.actions() == before[-1]
    again = Controller.resume(saved, Hooks(ctrl.think, ctrl.pause, lambda: None), "easy")
    asyncio.run(again.handle("undo"))
    assert again.game.actions() == before[-2]


def test_undo_refused_once_the_game_is_over() -> None:
    """Never across a game's end: at the result the undo is refused, ``over`` (seed 2)."""
    ctrl = make(Rules(players=2), 2)
    asyncio.run(ctrl.start())
    while not ctrl.over:
        act, arg = click_first(ctrl)
        asyncio.run(ctrl.handle(act, arg))
    actions = ctrl.game.actions()
    assert ctrl.undo_refusal() == "over"
    asyncio.run(ctrl.handle("undo"))
    assert ctrl.undo_note == "over" and ctrl.game.actions() == actions
    assert any(seat == HUMAN for seat, _ in actions)


def test_the_undo_button_is_shown_in_play_and_left_out_at_the_end() -> None:
    """Every Durak page does the same at a game's end: no Undo button (it
    could only be disabled, its reason a tooltip a phone never shows); during the game
    it shows, disabled while refused (``none``), enabled after a decision (seed 2)."""
    ctrl = make(Rules(players=2), 2)
    asyncio.run(ctrl.start())
    seen: set[str | None] = set()
    while not ctrl.over:
        seen.add(ctrl.undo_refusal())
        assert undo_offered(ctrl.undo_refusal())
        act, arg = click_first(ctrl)
        asyncio.run(ctrl.handle(act, arg))
    assert seen >= {None}
    assert not undo_offered(ctrl.undo_refusal())


def test_no_undo_is_offered_at_pass_and_play_and_ctrl_z_says_why() -> None:
    """A table of several people takes no move back (it would undo another person's
    too): the Undo button is left out, since a control shown as available always acts,
    and Ctrl+Z's note says why (``people``)."""
    from durak.ui_dom.play.controller import Controller as Ctrl
    from tests.durak_ui.test_controller import _no_pause, _think

    ctrl = Ctrl(Rules(players=2), 2, "easy", Hooks(_think, _no_pause, lambda: None),
                humans=(0, 1))
    asyncio.run(ctrl.start())
    for _ in range(3):
        click_first(ctrl)
    assert ctrl.undo_refusal() == "people" and not undo_offered(ctrl.undo_refusal())
    before = list(ctrl.game.actions())
    assert not ctrl.undo()  # what Ctrl+Z does
    assert ctrl.undo_note == "people" and list(ctrl.game.actions()) == before
