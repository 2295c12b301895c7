"""The page shell's turn loop and computers' client, run on CPython with
the toy game (``tests/toy_game``): what every game's page gets from the shell.

Napoleon's and Durak's own controller tests (``tests/ui``, ``tests/durak_ui``) check
the same loop through those games; these check it through a third game that
writes none of it.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, cast

import pytest

from cardkit.ui_dom import page_shell, press_hold
from cardkit.ui_dom.page_shell import Computers, HeldClicks, PageApp
from cardkit.ui_dom.turn_loop import Turn, ai_seed
from tests.toy_game.engine import ROUNDS, HighCard, decide_json
from tests.toy_game.page import Controller


class Table:
    """A controller's callbacks, counted."""

    def __init__(self) -> None:
        self.pauses = 0
        self.drawings = 0
        self.asked: list[tuple[str, int]] = []

    async def think(self, view_json: str, level: str, seed: int) -> str:
        self.asked.append((view_json, seed))
        await asyncio.sleep(0)
        return decide_json(view_json, level, seed)

    async def pause(self) -> None:
        self.pauses += 1

    def draw(self) -> None:
        self.drawings += 1


class Node:
    """An element's attributes (the page's ``<html>``, its table)."""

    def __init__(self) -> None:
        self.attrs: dict[str, str] = {}

    def setAttribute(self, name: str, value: str) -> None:
        self.attrs[name] = value

    def removeAttribute(self, name: str) -> None:
        self.attrs.pop(name, None)

    def hasAttribute(self, name: str) -> bool:
        return name in self.attrs


def toy(seed: int = 5) -> tuple[Controller, Table]:
    table = Table()
    return Controller(seed, table.think, table.pause, table.draw), table


def test_high_card_refuses_a_card_the_seat_does_not_hold() -> None:
    game = HighCard.deal(1)
    other = game.hands[1][0]
    with pytest.raises(ValueError, match="cannot be played"):
        game.play(other)


def test_a_click_then_the_computers_answer_through_the_shells_loop_to_the_end() -> None:
    """Every round the human's card, then the computer's through ``think`` with the
    seed :func:`ai_seed` gives that turn; no pause after a computer's last move."""
    ctrl, table = toy()

    async def play() -> None:
        for n in range(ROUNDS):
            assert ctrl.human_to_act()
            await ctrl.handle("play", str(ctrl.game.hands[0][0]))
            assert ctrl.game.played == 2 * n + 2
    asyncio.run(play())
    assert ctrl.game.to_act is None and sum(ctrl.game.points) == ROUNDS
    assert [seed for _v, seed in table.asked] == [ai_seed(5, 1, 2 * n + 1) for n in range(ROUNDS)]
    assert table.pauses == 0  # one computer's move a round: nothing between two of them
    assert not ctrl.busy


def test_a_control_the_game_does_not_know_draws_nothing() -> None:
    ctrl, table = toy()
    asyncio.run(ctrl.handle("no-such-control", None))
    assert table.drawings == 0
    asyncio.run(ctrl.handle("play", "not-a-card"))  # a known control, bad argument
    assert table.drawings == 1 and ctrl.game.played == 0


@pytest.mark.parametrize("leave", ["close", "undo"])
def test_a_late_answer_for_a_table_that_moved_on_is_dropped(leave: str) -> None:
    """``close`` (a new match) or an undo (a new generation) while the computer thinks."""
    ctrl, _table = toy()

    async def think(view_json: str, level: str, seed: int) -> str:
        if leave == "close":
            ctrl.close()
        else:
            ctrl.drop_pending()
        return decide_json(view_json, level, seed)

    ctrl.think = think
    asyncio.run(ctrl.handle("play", str(ctrl.game.hands[0][0])))
    assert ctrl.game.played == 1  # the human's card only


def test_a_decision_is_held_to_its_minimum_time() -> None:
    """The frame of docs/rules/durak.md §6.15: a quick answer waits out the rest of the time."""
    held: list[float] = []

    async def hold(seconds: float) -> None:
        held.append(seconds)

    class Slow(Controller):
        def min_decision_time(self, turn: Turn) -> float:
            return 30.0

    table = Table()
    ctrl = Slow(5, table.think, table.pause, table.draw)
    ctrl.hold = hold
    asyncio.run(ctrl.handle("play", str(ctrl.game.hands[0][0])))
    assert len(held) == 1 and 29.0 < held[0] <= 30.0


def test_moves_made_at_once_are_the_loops_own_and_saved_once() -> None:
    saves: list[int] = []
    at_once, _t = toy()
    at_once.save_now = lambda: saves.append(at_once.game.played)  # type: ignore[method-assign]
    looped, _t2 = toy()
    for ctrl in (at_once, looped):
        ctrl.game.play(ctrl.game.hands[0][0])
    at_once.decide_at_once(decide_json, lambda: True)
    asyncio.run(looped.run_computers())
    assert at_once.game == looped.game and at_once.game.played == 2
    assert saves == [2]


def test_the_computers_decide_here_until_the_worker_is_up_unless_too_long() -> None:
    """Before the worker: here, with the same player and seed; a decision the game
    calls too long for the page's thread waits for the worker (``None`` at once)."""
    view = json.dumps({"hand": [3, 7]})
    here = Computers("x", decide_json)
    assert here.decide_now(view, "easy", 9) == decide_json(view, "easy", 9)
    waits = Computers("x", decide_json, needs_worker=lambda _v, level: level == "strong")
    assert waits.decide_now(view, "strong", 9) is None
    assert waits.decide_now(view, "easy", 9) == decide_json(view, "easy", 9)
    waits._starter.ready = object()  # the worker is up: it decides, but for here_levels
    assert waits.decide_now(view, "easy", 9) is None
    quick = Computers("x", decide_json, here_levels=frozenset({"easy"}))
    quick._starter.ready = object()
    assert quick.decide_now(view, "easy", 9) == decide_json(view, "easy", 9)


def test_a_page_with_no_menu_screens_holds_no_clicks() -> None:
    held = HeldClicks(())  # no listener installed (no browser needed)
    held.release()
    assert held.listener is None and held.held == []


def test_the_focus_goes_back_to_a_link_after_a_redraw(monkeypatch: pytest.MonkeyPatch) -> None:
    """A control with no ``disabled`` (a link: the menu's switch to the other game,
    which leaves a table with friends and redraws the page's own table before it
    goes) takes the focus back; reading its ``disabled`` failed the redraw."""
    class Link:
        focused = False

        def focus(self) -> None:
            self.focused = True

    link = Link()

    class Doc:
        def querySelector(self, selector: str) -> Link | None:
            return link if selector == "#btn-game" else None

    monkeypatch.setattr(page_shell, "document", Doc)
    PageApp.restore_focus(cast(PageApp[Any, Any], object()), "#btn-game")
    assert link.focused


def drawn(seed: int = 4) -> tuple[Controller, list[tuple[int, bool]]]:
    """The toy game's controller and its drawings: (cards played, busy) at each."""
    draws: list[tuple[int, bool]] = []
    table = Table()

    def draw() -> None:
        draws.append((ctrl.game.played, ctrl.busy))

    ctrl = Controller(seed, table.think, table.pause, draw)
    return ctrl, draws


def test_a_move_the_computers_answer_is_drawn_once_by_their_loop_marked_busy() -> None:
    """A drawing of the same table just before the loop's, in the same task, would
    never be painted: the click's move is drawn once, busy, then the answer at rest."""
    ctrl, draws = drawn()
    asyncio.run(ctrl.handle("play", str(ctrl.game.hands[0][0])))
    assert draws == [(1, True), (2, False)]
    while ctrl.game.to_act == 0:
        asyncio.run(ctrl.handle("play", str(ctrl.game.hands[0][0])))
    assert [played for played, _busy in draws] == list(range(1, 2 * ROUNDS + 1))
    assert draws[-1] == (2 * ROUNDS, False)


@pytest.mark.parametrize("anim", ["normal", "fast", "instant"])
def test_a_pause_between_computers_moves_is_marked_with_its_number_while_it_lasts(
    monkeypatch: pytest.MonkeyPatch, anim: str
) -> None:
    """At a pace with a pause, the page draws the move, then waits the pace's time
    with ``html[data-pause]`` set to the pause's number (what a browser test ends
    early, :mod:`e2e.pauses`); the mark goes with the pause.  The instant pace
    neither waits nor marks."""
    class Doc:
        documentElement = Node()

    waits: list[tuple[float, str, dict[str, str]]] = []

    async def wait_pause(seconds: float, number: str) -> None:
        waits.append((seconds, number, dict(Doc.documentElement.attrs)))

    monkeypatch.setattr(page_shell, "document", Doc)
    monkeypatch.setattr(page_shell, "wait_pause", wait_pause)
    app: PageApp[Any, Any] = PageApp(page_shell.PlainPrefs(anim=anim), cast(Computers, None))
    drawings: list[int] = []
    monkeypatch.setattr(app, "rerender", lambda: drawings.append(len(waits)))
    for _ in range(2):
        asyncio.run(app.pause())
    delay = page_shell.ANIM_DELAY[anim]
    if delay:
        assert waits == [(delay, "1", {"data-pause": "1"}), (delay, "2", {"data-pause": "2"})]
        assert drawings == [0, 1]  # each move drawn before its pause
    else:
        assert waits == [] and drawings == []
    assert Doc.documentElement.attrs == {}


def test_the_pause_under_way_ends_early_by_its_number_only() -> None:
    """``end_pause`` (the browser tests' ``window.napoleonEndPause``) ends the pause
    whose number it names, at once; another number, or a pause already over, ends
    nothing."""
    async def run() -> list[bool]:
        pause = asyncio.ensure_future(page_shell.wait_pause(3600.0, "7"))
        await asyncio.sleep(0)
        said = [page_shell.end_pause("6")]
        await asyncio.sleep(0)
        assert not pause.done()
        said.append(page_shell.end_pause("7"))
        await pause
        said.append(page_shell.end_pause("7"))
        return said

    assert asyncio.run(run()) == [False, True, False]


def test_a_drawing_asked_for_during_a_press_on_the_table_waits_for_its_end(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """A click is a press and a release on one element: the table drawn anew in
    between (a hint's answer came) would replace the card pressed, and the click
    would be lost.  Asked for during a press on the table, the drawing waits,
    marked ``data-held`` on the table, and comes on a later turn of the event loop
    after the release (the click first), once."""
    table = Node()

    class Doc:
        documentElement = Node()
        activeElement = None

    class Ctrl:
        busy = True  # (the focus is then left alone)

    monkeypatch.setattr(page_shell, "document", Doc)
    monkeypatch.setattr(press_hold, "by_id", lambda name: table if name == "table" else None)
    app: PageApp[Any, Any] = PageApp(page_shell.PlainPrefs(), cast(Computers, None))
    app.ctrl = Ctrl()
    seen: list[tuple[str, ...]] = []
    monkeypatch.setattr(app, "draw", lambda: seen.append(tuple(table.attrs)))

    async def press() -> list[list[tuple[str, ...]]]:
        steps = []
        app.press.down()
        app.rerender()
        app.rerender()
        steps.append(list(seen))
        app.press.up()
        steps.append(list(seen))  # (the click is handled here, before the drawing)
        await asyncio.sleep(0.01)
        steps.append(list(seen))
        app.rerender()  # no press: at once
        steps.append(list(seen))
        return steps

    held, released, drawn, again = asyncio.run(press())
    assert held == [] and released == []
    assert drawn == [("data-held",)] and table.attrs == {}
    assert again == [("data-held",), ()]
