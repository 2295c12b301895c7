"""The page shell's table with friends without a browser: a game's record built
from its ``table_net`` module (what a test does not set, the record's defaults),
a page with no game page behind it, and the browser's names patched in every
module of the shell that reads them."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from cardkit.table_net.referee import SeatGame
from cardkit.ui_dom import (
    friends_guest,
    friends_host,
    friends_lobby,
    friends_page,
    friends_panel,
    friends_state,
)
from cardkit.ui_dom.friends_game import FriendsGame
from cardkit.ui_dom.friends_page import FriendsPage
from cardkit.ui_dom.turn_loop import Loop

#: Every module of the shell's table with friends.
MODULES = (friends_state, friends_lobby, friends_host, friends_guest, friends_panel,
           friends_page)


def patch(monkeypatch: pytest.MonkeyPatch, name: str, value: object) -> None:
    """``name`` (a browser's function, a constant) replaced in every module of the
    shell that holds it."""
    held = [m for m in MODULES if hasattr(m, name)]
    assert held, f"no module of the shell reads {name}"
    for module in held:
        monkeypatch.setattr(module, name, value)


class NetGame(FriendsGame[Any, Any, Any]):
    """A game's record from its ``table_net`` module: its views, its seats' game; a
    test counts its own table (:attr:`own`) and names what else it checks."""

    def __init__(self, net: ModuleType, t: Callable[..., str] = lambda key, **_kw: key,
                 language: Callable[[], str] = lambda: "en") -> None:
        self.net = net
        self.views = net
        self.name = str(net.GAME_NAME)
        self.t = t
        self.language = language
        self.own = 0

    def table(self, ctrl: Loop) -> Any:
        return ctrl

    def replace_match(self, ctrl: Any) -> None:
        raise AssertionError("no match is started here")

    def seat_guest(self, ctrl: Any) -> None:
        raise AssertionError("no guest's table is seated here")

    def own_table(self) -> None:
        self.own += 1

    def host_controller(self, seed: int) -> Any:
        return None

    def seat_game(self, ctrl: Any) -> SeatGame:
        return self.net.seat_game(lambda: ctrl.match.game)  # type: ignore[no-any-return]

    def players(self, ctrl: Any) -> int:
        return int(ctrl.match.rules.players)

    def game_id(self, ctrl: Any) -> str:
        return ""

    def record(self, ctrl: Any) -> str | None:
        return None

    def guest_controller(self, view: Any, turn: int, send: Callable[[str], None],
                         on_change: Callable[[], None]) -> Any:
        raise AssertionError("no guest's table is drawn here")

    def update_guest(self, ctrl: Any, seat: Any, view: Any, turn: int,
                     table_game: str) -> None:
        seat.view, seat.turn, seat.waiting = view, turn, False


#: No game's page behind the shell's (a test that reads none of it).
NO_APP: Any = None


def own(page: FriendsPage[Any, Any, Any]) -> int:
    """How many times ``page`` put its own table back (its :class:`NetGame` counts)."""
    game = page.game
    assert isinstance(game, NetGame)
    return game.own


def page(net: ModuleType, app: Any = None,
         game: NetGame | None = None) -> FriendsPage[Any, Any, Any]:
    """The shell's page of ``net``'s game (``game``, else a :class:`NetGame` of it)."""
    return FriendsPage(app, game if game is not None else NetGame(net))
