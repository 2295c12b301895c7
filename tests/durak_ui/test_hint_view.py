"""Durak's plug of the shell's hint frame on CPython: a hint asked at the
human's decision goes to the worker's one hint request naming the game (``durak``) with
the acting seat's view
and the salted seed, comes back as the strong computer's action, is said once in
the log and counted on the controller; one overtaken by a move is dropped."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from durak.ai.hint import hint, hint_json
from durak.ai.reader import game_reading
from durak.family.modes import DURAK
from durak.rules import Rules
from durak.ui_dom.hint import hint_view
from durak.ui_dom.hint.hint_view import Hints, hint_seed
from durak.ui_dom.play.controller import Controller
from tests.durak_ui.test_controller import click_first, make


class Worker:
    """The worker's export, run here; ``asked`` says with what."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, int]] = []

    async def durak_family_hint_json(self, mode: str, view_json: str, seed: int) -> str:
        assert mode == DURAK
        self.asked.append((view_json, seed))
        await asyncio.sleep(0)
        return hint_json(view_json, seed)


class App:
    def __init__(self, ctrl: Controller, worker: Worker) -> None:
        self.ctrl = ctrl
        self.worker = worker
        self.computers = self
        self.drawings = 0
        #: The statistics' hint counts (the page's App.count_hint), by controller.
        self.counted: list[Controller] = []

    def count_hint(self, ctrl: Controller) -> None:
        self.counted.append(ctrl)

    async def exports(self) -> Worker:
        return self.worker

    def rerender(self) -> None:
        self.drawings += 1


class Log:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.last_prompt = "status"

    def write(self, lines: list[str], prompt: str) -> None:
        assert prompt == self.last_prompt  # the status is not said again
        self.lines += lines


@pytest.fixture
def log(monkeypatch: pytest.MonkeyPatch) -> Log:
    fake = Log()
    monkeypatch.setattr(hint_view, "LOG", fake)
    return fake


def at_a_choice(seed: int) -> Controller:
    ctrl = make(Rules(), seed)
    asyncio.run(ctrl.start())
    while len(ctrl.legal()) < 2:
        asyncio.run(ctrl.handle(*click_first(ctrl)))
    return ctrl


async def settle() -> None:
    for _ in range(10):
        await asyncio.sleep(0)


def test_a_hint_is_the_strong_computers_said_once_and_counted(log: Log) -> None:
    ctrl = at_a_choice(3)
    worker = Worker()
    app = App(ctrl, worker)
    hints: Any = Hints(app)

    async def scene() -> None:
        hints.ask_hint()
        hints.ask_hint()  # pressed twice: asked once
        await settle()

    asyncio.run(scene())
    # At 2 players the request carries the seat's reading of the other player; the
    # worlds are the position's (the seed is sent but does not choose them).
    sent = json.loads(worker.asked[0][0])
    assert sent.pop("reading") == game_reading(ctrl.game, 0)
    assert sent == json.loads(ctrl.acting_view().to_json())
    assert worker.asked[0][1] == hint_seed(ctrl) and len(worker.asked) == 1
    want = hint(ctrl.acting_view(), reading=game_reading(ctrl.game, 0))
    assert hints.frame.answer == want.to_dict()
    assert ctrl.hints_used == 1 and hints.frame.used == 1
    assert app.counted == [ctrl]  # and once in the device's statistics
    assert len(log.lines) == 1 and log.lines[0].startswith("ヒント: ")


def test_a_hint_overtaken_by_a_move_is_dropped(log: Log) -> None:
    ctrl = at_a_choice(3)
    hints: Any = Hints(App(ctrl, Worker()))

    async def scene() -> None:
        hints.ask_hint()
        await ctrl.handle(*click_first(ctrl))  # the human plays before the answer
        await settle()

    asyncio.run(scene())
    assert hints.frame.answer is None and log.lines == []
    assert ctrl.hints_used == 1  # asked for, all the same


def test_the_hints_seed_is_the_computers_salted() -> None:
    ctrl = at_a_choice(3)
    before = hint_seed(ctrl)
    asyncio.run(ctrl.handle(*click_first(ctrl)))
    assert hint_seed(ctrl) != before


def test_the_hint_carries_the_match_s_reading_as_the_strong_computer_does() -> None:
    """In the match's second game the hint is sent the strong computer's own reading of
    the other player at that point (a strong player fed the whole match, every action of
    the other player with seat 0's view before it, reads the same figure), not one from
    this game alone; the game's start (which its record carries for the review) is
    strong's at the game's start, and the first game's is nothing read."""
    from durak.ai.baseline import decide_view
    from durak.ai.levels import player_for
    from durak.ai.reader import FRESH, start_of
    from durak.ai.search import StrongPlayer

    ctrl = make(Rules(), 1)
    strong = player_for("strong")
    assert isinstance(strong, StrongPlayer)

    def step() -> None:
        g = ctrl.game
        a = decide_view(g.view(g.to_act))
        strong.observe(g.view(0), g.to_act, a)
        g.apply(a)

    while not ctrl.game.is_over:
        step()
    first = ctrl.game
    ctrl.next_game()
    at_start = start_of(strong.reader)
    while not (ctrl.game.to_act == 0 and len(ctrl.game.legal_actions()) > 1
               and len(ctrl.game.actions()) >= 10):
        step()
    sent = json.loads(hint_view.hint_request(ctrl))
    assert sent["reading"] == strong.reader.log_odds
    assert sent["reading"] != game_reading(ctrl.game, 0)  # this game's alone differs
    assert ctrl.match_start() == at_start and ctrl.match_start(first) == FRESH
