"""The host changes the table's password or relays in the lobby: with friends
seated it asks first (Esc keeps everything), and the friends are told why they
leave the table (``moved``) before the room is opened anew, not left to find the
host lost; with nobody seated it asks nothing."""

from __future__ import annotations

import asyncio
import json
from types import SimpleNamespace
from typing import Any

import pytest

from cardkit.table_net.guest import GuestTable
from cardkit.table_net.guest_session import GuestSession
from cardkit.table_net.host_session import HostSession
from cardkit.table_net.messages import end_text
from cardkit.table_net.referee import Referee
from cardkit.ui_dom.friends_net import Invite
from cardkit.ui_dom.friends_page import FriendsPage
from cardkit.ui_dom.storage import MemoryStorage
from durak import table_net
from durak.game import Game
from durak.rules import Rules
from tests.friends import shell

RELAY = "ws://127.0.0.1:9"


class Field:
    def __init__(self, value: str) -> None:
        self.value = value


class Bridge:
    def __init__(self, sent: list[tuple[str, str]]) -> None:
        self.sent = sent
        self.closed_after = -1

    async def close(self) -> None:
        self.closed_after = len(self.sent)  # what had gone out when the room closed


class Page(FriendsPage[Any, Any, Any]):
    """The host's page asking nothing of a person (its answer set), opening no room."""

    def __init__(self) -> None:
        super().__init__(shell.NO_APP, shell.NetGame(table_net))
        self.asked: list[str] = []
        self.answer = "keep"
        self.opened: list[tuple[str, tuple[str, ...]]] = []

    def relays(self) -> tuple[str, ...]:
        return (RELAY,)

    async def ask_room_change(self) -> bool:
        self.asked.append("room_change")
        return self.answer == "change"

    async def _open_room(self, host: HostSession, room: str, password: str,
                         relays: tuple[str, ...]) -> bool:
        self.opened.append((password, relays))
        return False


@pytest.fixture
def lobby(monkeypatch: pytest.MonkeyPatch) -> tuple[Page, list[tuple[str, str]], Bridge]:
    """A host's lobby (not started), the password field holding a new password."""
    fields = {"friends-password": Field("newpass1"), "friends-relays": Field(RELAY)}
    shell.patch(monkeypatch, "page_storage", MemoryStorage)
    shell.patch(monkeypatch, "by_id", fields.get)
    shell.patch(monkeypatch, "END_GRACE", 0.01)
    shell.patch(monkeypatch, "ask_room_change", Page.ask_room_change)
    shell.patch(monkeypatch, "open_room", Page._open_room)
    page = Page()
    sent: list[tuple[str, str]] = []
    game = Game.new(Rules(), 7)
    ref = Referee(table_net.seat_game(lambda: game), 2, 0, range(1, 2), "durak")
    page.host = HostSession(ref, lambda text, peer: sent.append((peer, text)), lambda: None)
    bridge = Bridge(sent)
    page.bridge = bridge  # type: ignore[assignment]
    return page, sent, bridge


def seat_a_friend(page: Page, sent: list[tuple[str, str]]) -> None:
    assert page.host is not None
    page.host.message("p1", json.dumps({"t": "hello", "v": 2, "name": "G", "lang": "en",
                                        "token": None}))
    assert page.host.referee.guest_seats() == {1: "p1"}
    sent.clear()


def test_with_a_friend_seated_the_host_is_asked_and_keeping_changes_nothing(
        lobby: tuple[Page, list[tuple[str, str]], Bridge]) -> None:
    page, sent, bridge = lobby
    seat_a_friend(page, sent)
    asyncio.run(page.apply_room())
    assert page.asked == ["room_change"]
    assert page.opened == [] and bridge.closed_after == -1 and sent == []
    assert page.host is not None and page.host.referee.guest_seats() == {1: "p1"}


def test_a_friend_seated_is_told_why_before_the_room_is_opened_anew(
        lobby: tuple[Page, list[tuple[str, str]], Bridge]) -> None:
    page, sent, bridge = lobby
    seat_a_friend(page, sent)
    page.answer = "change"
    asyncio.run(page.apply_room())
    assert [(p, json.loads(t)) for p, t in sent] == [("p1", json.loads(end_text("moved", None)))]
    assert bridge.closed_after == 1  # the word went out before the room closed
    assert page.opened == [("newpass1", (RELAY,))]
    assert page.host is not None and page.host.referee.guest_seats() == {}


def test_with_nobody_seated_the_room_is_opened_anew_without_asking(
        lobby: tuple[Page, list[tuple[str, str]], Bridge]) -> None:
    page, sent, bridge = lobby
    asyncio.run(page.apply_room())
    assert page.asked == [] and sent == [] and bridge.closed_after == 0
    assert page.opened == [("newpass1", (RELAY,))]


def test_a_guest_told_moved_reads_why_it_left_the_table(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The guest's note says the host changed the password or relays, not "over"."""
    shell.patch(monkeypatch, "page_storage", MemoryStorage)
    shell.patch(monkeypatch, "by_id", lambda _id: None)
    shell.patch(monkeypatch, "remove_panel", lambda: None)
    page = Page()
    monkeypatch.setattr(page, "draw_panel", lambda: None)  # (no document here)
    page.app = SimpleNamespace(ctrl=None, rerender=lambda: None)
    page.invite = Invite("r" * 16, "hostA1", (RELAY,), "")
    table = GuestTable(table_net.read_view, table_net.view_seat, "", "en", None)
    page.guest = GuestSession(table, "hostA1", lambda _t, _p: None, page.on_guest_event)
    page.guest.message("hostA1", end_text("moved", None))
    assert page.ended and page.note == "friends.moved"


class Form:
    def __init__(self, fields: dict[str, Field]) -> None:
        self.fields = fields

    def remove(self) -> None:
        self.fields.clear()


def test_a_redraw_keeps_the_password_and_relays_as_typed(
        lobby: tuple[Page, list[tuple[str, str]], Bridge]) -> None:
    """What the host typed in the room form is drawn again as typed (a friend arriving
    or a relay's state redraws the panel while the host types), not the room's."""
    page, _sent, _bridge = lobby
    assert page.typed_room() == ("newpass1", RELAY)


def test_no_room_form_means_nothing_typed(monkeypatch: pytest.MonkeyPatch) -> None:
    shell.patch(monkeypatch, "by_id", lambda _id: None)
    assert Page().typed_room() is None


def test_a_refused_relay_keeps_what_was_typed_and_an_applied_room_shows_its_own(
        monkeypatch: pytest.MonkeyPatch,
        lobby: tuple[Page, list[tuple[str, str]], Bridge]) -> None:
    """A relay the policy refuses leaves the form as typed, with a notice; once a room
    opens, the form typed in goes, so the redraw shows the room's own values."""
    page, _sent, _bridge = lobby
    fields = {"friends-password": Field(""), "friends-relays": Field("wss://relay.example")}
    form = Form(fields)
    shell.patch(monkeypatch, "by_id",
                lambda key: form if key == "friends-room" else fields.get(key))
    notices: list[str] = []
    page.app = SimpleNamespace(show_notices=notices.extend)
    asyncio.run(page.apply_room())
    assert page.opened == [] and len(notices) == 1
    assert page.typed_room() == ("", "wss://relay.example")

    async def opened(_page: Page, _host: HostSession, _room: str, password: str,
                     relays: tuple[str, ...]) -> bool:
        page.opened.append((password, relays))
        return True

    shell.patch(monkeypatch, "open_room", opened)
    monkeypatch.setattr(page, "redraw", lambda: None)
    fields["friends-relays"].value = RELAY
    asyncio.run(page.apply_room())
    assert page.opened == [("", (RELAY,))]
    assert page.typed_room() is None  # the redraw draws the room's password and relays


def test_a_code_pasted_and_not_yet_used_is_kept_across_a_redraw(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The exchange of codes' fields (another table's code, a guest's answer) are read
    before the panel is drawn anew and put back in it: a relay's state redrawing the
    panel does not empty a code being pasted."""
    from cardkit.ui_dom import friends_panel

    fields = {"friends-join-code": Field("AQAE-code"), "friends-manual-answer": Field("")}
    shell.patch(monkeypatch, "by_id", fields.get)
    assert friends_panel.typed_values(friends_panel.CODE_FIELDS) == {
        "friends-join-code": "AQAE-code"}
