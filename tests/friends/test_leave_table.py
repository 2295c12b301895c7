"""Leaving a table with friends by a menu control that puts another game on the page
(a new game, other rules, another way to play, the site's other game): the host
ends the table for everyone, each guest told with its seat's view only (no record
of the unfinished deal), the room closed only after the end went out; nothing of
the table is kept on the page, which gets its own table back; a page with no
table plays the control at once."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from cardkit.table_net.guest import GuestEvent, GuestTable
from cardkit.table_net.guest_session import GuestSession
from cardkit.table_net.host_session import HostSession
from cardkit.table_net.messages import end_text
from cardkit.table_net.referee import Referee
from cardkit.ui_dom import friends_lobby
from cardkit.ui_dom.friends_net import Invite
from cardkit.ui_dom.friends_page import END_GRACE, FriendsPage
from cardkit.ui_dom.storage import MemoryStorage
from durak import table_net
from durak.game import Game
from durak.rules import Rules
from tests.friends import shell


class Bridge:
    def __init__(self) -> None:
        self.left = False

    def leave(self) -> None:
        self.left = True


def Page() -> FriendsPage[Any, Any, Any]:
    """The shell's table without a browser: its own table counted (the game's
    ``own``), not dealt."""
    return shell.page(table_net)


@pytest.fixture
def store(monkeypatch: pytest.MonkeyPatch) -> MemoryStorage:
    kept = MemoryStorage()
    shell.patch(monkeypatch, "page_storage", lambda: kept)
    shell.patch(monkeypatch, "by_id", lambda _id: None)
    shell.patch(monkeypatch, "remove_panel", lambda: None)
    shell.patch(monkeypatch, "joining", lambda: False)
    return kept


def hosting(page: FriendsPage[Any, Any, Any],
            sent: list[tuple[str, str]]) -> tuple[Game, HostSession]:
    """``page`` hosts a started two-seat table, its guest (peer ``p1``) at seat 1."""
    game = Game.new(Rules(), 7)
    ref = Referee(table_net.seat_game(lambda: game), 2, 0, range(1, 2), "durak")
    host = HostSession(ref, lambda text, peer: sent.append((peer, text)), lambda: None)
    host.message("p1", json.dumps({"t": "hello", "v": 2, "name": "G", "lang": "en",
                                   "token": None}))
    host.start()
    page.host = host
    return game, host


def test_a_page_with_no_table_plays_the_control_at_once() -> None:
    """A new game on a page at no table is not delayed by any question."""
    page = Page()
    played: list[str] = []
    page.leave_first(lambda: played.append("new"))
    assert played == ["new"] and not page.has_table() and not page.at_table()


def test_the_host_leaving_ends_the_table_for_everyone_then_closes_the_room(
        store: MemoryStorage) -> None:
    """Each guest is told the table was ended (``closed``), with no record: the deal
    unfinished holds every hand, and a guest keeps only what its seat saw; the room
    closes only after a grace (closing at once may drop the end on its way); the
    page's kept table goes (a reload does not reopen it) and its own table comes."""
    page = Page()
    sent: list[tuple[str, str]] = []
    _game, host = hosting(page, sent)
    bridge = Bridge()
    page.bridge = bridge  # type: ignore[assignment]
    store.set(page.host_key, "kept")
    page.note = "Playing"
    sent.clear()

    # The grace runs on the event loop's clock, which the test moves on (no real wait).
    loop = asyncio.new_event_loop()
    now = [loop.time()]
    loop.time = lambda: now[0]  # type: ignore[method-assign]

    async def leave() -> None:
        page.leave()

    left: list[bool] = []  # the room left: at once, just before the grace's end, after
    try:
        loop.run_until_complete(leave())
        left.append(bridge.left)
        for step in (END_GRACE - 0.05, 0.1):
            now[0] += step
            loop.run_until_complete(asyncio.sleep(0))
            left.append(bridge.left)
    finally:
        loop.close()
    assert left == [False, False, True]  # the end is on its way until the grace is over
    assert [(p, json.loads(t)) for p, t in sent] == [
        ("p1", json.loads(end_text("closed", None)))]
    assert bridge.left and host.closed
    assert page.host is None and page.bridge is None and page.invite is None
    assert not page.has_table() and page.note == "" and not page.ended
    assert store.get(page.host_key) is None
    assert shell.own(page) == 1
    # A guest's late move reaches nothing: the session is closed.
    host.message("p1", json.dumps({"t": "act", "v": 2, "turn": 0, "action": "x"}))
    assert len(sent) == 1


def test_a_guest_leaving_leaves_the_room_at_once_and_keeps_no_view(store: MemoryStorage) -> None:
    """The host sees the seat go at once (its bridge reports the peer gone); a view
    arriving after would redraw nothing: the page holds no guest any more."""
    page = Page()
    invite = Invite("r" * 16, "hostA1", ("ws://127.0.0.1:7447",), "")
    page.invite = invite
    table = GuestTable(table_net.read_view, table_net.view_seat, "", "en", None)
    page.guest = GuestSession(table, "hostA1", lambda _t, _p: None, page.on_guest_event)
    bridge = Bridge()
    page.bridge = bridge  # type: ignore[assignment]
    page.seen = [("line", object(), 1)]
    page.leave()
    assert bridge.left and not page.has_table() and shell.own(page) == 1
    assert page.seen == [] and not page.has_table()
    page.on_guest_event(GuestEvent("view"))  # nothing to redraw: no error


def test_a_table_that_is_over_is_left_without_asking(store: MemoryStorage,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing is lost leaving a table that is over: the control plays at once after."""
    page = Page()
    sent: list[tuple[str, str]] = []
    hosting(page, sent)
    page.ended = True
    played: list[str] = []

    def asked() -> Any:
        raise AssertionError("a table that is over asks nothing")

    monkeypatch.setattr(friends_lobby, "ask_leave", lambda _page: asked())

    async def run() -> None:
        page.leave_first(lambda: played.append("new"))
        await asyncio.sleep(0)

    asyncio.run(run())
    assert played == ["new"] and shell.own(page) == 1 and not page.has_table()
    # Ended already: no second end is sent.
    assert all(json.loads(t)["t"] != "end" for _p, t in sent)


@pytest.mark.parametrize("choice", ["stay", "leave"])
def test_at_a_table_that_goes_on_the_person_is_asked_first(
        store: MemoryStorage, choice: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Staying changes nothing (the control's ``stay`` runs, the table goes on);
    leaving leaves, then plays the control."""
    page = Page()
    sent: list[tuple[str, str]] = []
    hosting(page, sent)
    played: list[str] = []

    async def answer() -> bool:
        return choice == "leave"

    monkeypatch.setattr(friends_lobby, "ask_leave", lambda _page: answer())

    async def run() -> None:
        page.leave_first(lambda: played.append("new"), lambda: played.append("stay"))
        await asyncio.sleep(0)
        await asyncio.sleep(0)

    asyncio.run(run())
    if choice == "stay":
        assert played == ["stay"] and page.has_table() and shell.own(page) == 0
    else:
        assert played == ["new"] and not page.has_table() and shell.own(page) == 1



def test_a_guest_whose_host_came_by_a_code_waits_for_a_new_code_not_a_timer() -> None:
    """A host reached by the exchange of codes cannot come back by itself: its guest's
    page says a new code brings it back and runs no wait that would end the table;
    a guest of a relay's room waits for its host as before. Either way the page
    knows its host is lost (its table takes no click) until it is heard again."""
    from types import SimpleNamespace

    async def run(by_code: bool) -> tuple[str, bool, bool]:
        page = shell.page(table_net, SimpleNamespace(ctrl=None, rerender=lambda: None))
        page.redraw = lambda: None
        page.guest = GuestSession(GuestTable(table_net.read_view, table_net.view_seat, "",
                                             "en"), "H", lambda _t, _p: None,
                                  page.on_guest_event)
        page.invite = Invite("r" * 22, "H", ())
        if by_code:
            page.manual = SimpleNamespace(guest=object())  # type: ignore[assignment]
        page.on_guest_event(GuestEvent("host-left"))
        note, waits, lost = page.note, page.host_wait is not None, page.host_away
        page.on_guest_event(GuestEvent("host-back"))
        assert not page.host_away and page.host_wait is None
        return note, waits, lost

    assert asyncio.run(run(True)) == ("friends.manual.lost", False, True)
    assert asyncio.run(run(False)) == ("friends.host_lost", True, True)


def test_a_napoleon_page_that_left_a_table_starts_its_computers_with_its_own_match() -> None:
    """A guest's page never started the computers' worker; once it leaves the table,
    its own match starts it at once, as a page's own start does (no computer's first
    move waits for its boot), as Durak's new game does above easy."""
    from napoleon.ui_dom import friends_table as napoleon_friends

    class App:
        def __init__(self) -> None:
            self.prefs = object()
            self.computers = shell.Computers()
            self.matches: list[object] = []

        def start_match(self, prefs: object) -> None:
            assert self.computers.started == 0  # the match first, then its computers
            self.matches.append(prefs)

    app = App()
    napoleon_friends.NapoleonFriends(app).own_table()  # type: ignore[arg-type]
    assert app.matches == [app.prefs] and app.computers.started == 1
