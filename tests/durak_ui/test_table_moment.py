"""A drawing of the ordinary Durak table builds each seat's view once and the
holder's sight once, the page works out whether the human may undo once a moment,
and what they read is what a fresh build gives, at every drawing of a whole game
(seed 0: three players, the human plays the dummy hand)."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from durak.game import Game
from durak.rules import Rules
from durak.sight import Sight, game_sight
from durak.take_back import TakeBack
from durak.ui_dom.play import moment_views
from durak.ui_dom.play.controller import Controller
from durak.ui_dom.play.family_controller import Hooks
from durak.ui_dom.table import table
from durak.view import PlayerView
from tests.durak_ui.table_page import table_page
from tests.durak_ui.test_controller import _no_pause, _think, click_first

Check = Callable[[Controller], None]
#: Three players, a dummy hand the human plays in seed 0 (§3.4).
DUMMY_TABLE = Rules(players=3, dummy="playing")


def play_drawn(check: Check, seed: int = 0,
               rules: Rules = DUMMY_TABLE) -> int:
    """A whole game by clicks at a table drawn after every change (``check`` called
    to draw it); the number of drawings."""
    ctrl: list[Controller] = []
    drawings = [0]

    def on_change() -> None:
        drawings[0] += 1
        check(ctrl[0])

    ctrl.append(Controller(rules, seed, "easy",
                           Hooks(_think, _no_pause, on_change)))
    c = ctrl[0]
    asyncio.run(c.start())
    for _ in range(400):
        if c.over:
            return drawings[0]
        asyncio.run(c.handle(*click_first(c)))
    raise AssertionError("the game did not end")


def test_a_drawing_builds_each_seats_view_once_the_sight_once_and_asks_the_undo_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    table_page(monkeypatch)
    views: Counter[int] = Counter()
    sights = [0]
    refusals = [0]
    real_view, real_refusal = Game.view, TakeBack.refusal

    def view(g: Game, seat: int) -> PlayerView:
        views[seat] += 1
        return real_view(g, seat)

    def sight(*args: Any) -> Sight:
        sights[0] += 1
        return game_sight(*args)

    def refusal(undo: TakeBack, g: Game, player: int) -> str | None:
        refusals[0] += 1
        return real_refusal(undo, g, player)

    monkeypatch.setattr(Game, "view", view)
    monkeypatch.setattr(TakeBack, "refusal", refusal)
    monkeypatch.setattr(moment_views, "game_sight", sight)

    def check(ctrl: Controller) -> None:
        views.clear()
        sights[0] = refusals[0] = 0
        table.draw(ctrl)
        assert sights[0] <= 1 and all(n <= 1 for n in views.values()), (sights, views)
        ctrl.can_undo()  # the page asks again (the undo's key, the hint's box)
        assert ctrl.undo_refusal() == ctrl.undo_refusal()
        assert refusals[0] <= 1

    assert play_drawn(check) > 20


def test_every_view_and_sight_a_drawing_reads_equals_a_fresh_build() -> None:
    def check(ctrl: Controller) -> None:
        g = ctrl.game
        fresh = TakeBack(ctrl.dealt)
        assert ctrl.sight() == game_sight(g, ctrl.standing(), 0, fresh.forced_passes(g), 0)
        assert ctrl.view().to_json() == g.view(0).to_json()
        assert ctrl.game_refusal() == fresh.refusal(g, 0)
        seat = ctrl.deciding_seat()
        if seat is not None:
            assert ctrl.acting_view().to_json() == g.view(seat).to_json()
            assert ctrl.legal() == tuple(g.legal_actions())

    assert play_drawn(check) > 20
