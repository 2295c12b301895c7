"""The page shell's table with friends without a browser: a game's record built
from its ``table_net`` module (what a test does not set, the record's defaults),
a page with no game page behind it, a host's page of an ordinary Durak match
(:func:`durak_table`) and its table hosted with a guest (:func:`hosted`), and the
browser's names patched in every module of the shell that reads them."""

from __future__ import annotations

import json
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pytest

from cardkit.table_net.host_session import HostSession
from cardkit.table_net.messages import hello_text
from cardkit.table_net.referee import Referee, SeatGame
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

if TYPE_CHECKING:
    from durak.game import Game
    from durak.ui_dom.play.controller import Controller

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


class Words:
    """A test's words: what the shell reads of :class:`cardkit.i18n.Translator`."""

    def __init__(self, t: Callable[..., str], language: Callable[[], str]) -> None:
        self._t = t
        self._language = language

    def t(self, key: str, /, **fmt: object) -> str:
        return self._t(key, **fmt)

    def language(self) -> str:
        return self._language()


class NetGame(FriendsGame[Any, Any, Any]):
    """A game's record from its ``table_net`` module: its views, its seats' game; a
    test counts its own table (:attr:`own`) and names what else it checks."""

    #: No page: no match is started, no guest's table seated here.
    app: Any = None

    def __init__(self, net: ModuleType, t: Callable[..., str] = lambda key, **_kw: key,
                 language: Callable[[], str] = lambda: "en") -> None:
        self.net = net
        self.views = net
        self.words = Words(t, language)
        self.own = 0

    def table(self, ctrl: Loop) -> Any:
        return ctrl

    def seat_of(self, ctrl: Loop) -> Any:
        """A test's guest's table holds its seat as ``guest``."""
        return None if ctrl is None else getattr(ctrl, "guest", None)

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
        seat.receive(view, turn)


#: No game's page behind the shell's (a test that reads none of it).
NO_APP: Any = None


class Computers:
    """A page's computers as the shell starts their worker: how many times it did."""

    def __init__(self) -> None:
        self.started = 0

    def connect(self) -> None:
        self.started += 1


class GuestApp:
    """A guest's page as the shell reads it where no table is drawn: its computers."""

    ctrl: Any = None
    prefs: Any = None

    def __init__(self) -> None:
        self.computers = Computers()


def own(page: FriendsPage[Any, Any, Any]) -> int:
    """How many times ``page`` put its own table back (its :class:`NetGame` counts)."""
    game = page.game
    assert isinstance(game, NetGame)
    return game.own


def page(net: ModuleType, app: Any = None,
         game: NetGame | None = None) -> FriendsPage[Any, Any, Any]:
    """The shell's page of ``net``'s game (``game``, else a :class:`NetGame` of it) on
    ``app`` (else a :class:`GuestApp`)."""
    shown: Any = app if app is not None else GuestApp()
    return FriendsPage(shown, game if game is not None else NetGame(net))


class HostApp:
    """A host's page as its table with friends sees it: the controller on its table."""

    def __init__(self, ctrl: Any) -> None:
        self.ctrl = ctrl
        self.prefs: Any = None
        self.computers = Computers()

    def rerender(self, *, focus_now: bool = True) -> None:
        return None


def durak_table() -> tuple[Controller, FriendsPage[Any, Any, Any]]:
    """An ordinary Durak match of two people at seats 0 and 1 (no computer plays, seed
    7) on a host's page, and that page's table with friends."""
    from durak.rules import Rules
    from durak.ui_dom.friends.friends_table import friends_page
    from durak.ui_dom.play.controller import Controller
    from durak.ui_dom.play.family_controller import Hooks

    async def think(_view: str, _level: str, _seed: int) -> str:
        raise AssertionError("no computer plays here")

    async def pause() -> None:
        return None

    ctrl = Controller(Rules(), 7, "easy", Hooks(think, pause, lambda: None), humans=(0, 1))
    return ctrl, friends_page(HostApp(ctrl))  # type: ignore[arg-type]


def finish(game: Game) -> None:
    """An ordinary Durak ``game`` played to its end, each seat's first legal action."""
    while not game.result:
        game.apply(game.legal_actions()[0], game.player_of(game.to_act))


def hosted(page: FriendsPage[Any, Any, Any], ctrl: Any, players: int, game_name: str,
           guest: str = "G") -> tuple[HostSession, list[tuple[str, str]]]:
    """``page``'s table with friends hosted with ``ctrl`` on it: ``players`` seats, the
    person ``guest`` (peer ``p1``) at seat 1, every text sent kept as ``(peer, text)``;
    ``ctrl``'s loop tells the table as its game moves (``ctrl.moved()``, which a test
    that moves the engine itself calls as the loop would)."""
    sent: list[tuple[str, str]] = []
    game = page.game
    ref = Referee(game.seat_game(ctrl), players, 0, range(1, 2), game_name,
                  number=lambda: game.game_number(ctrl))
    host = HostSession(ref, lambda text, peer: sent.append((peer, text)), lambda: None)
    host.message("p1", hello_text(guest, "en", None))
    host.start()
    page.host, page.ctrl = host, ctrl
    friends_host.follow(page, ctrl)
    return host, sent


def table_state(page: FriendsPage[Any, Any, Any]) -> tuple[object, bool, object]:
    """The host's table: its controller, whether it is over, the end it waits on."""
    return page.ctrl, page.ended, page.host.over if page.host is not None else None


def kinds(sent: list[tuple[str, str]], peer: str) -> list[str]:
    """The kinds (``t``) of the texts sent to ``peer``, in order."""
    return [json.loads(text)["t"] for p, text in sent if p == peer]
