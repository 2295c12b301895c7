"""A Napoleon table with friends whose match ended: the match's end is the game's,
for everyone (each guest is sent the end, ``over``, and waits for the host to play
again); the host's new match on its final standings then asks nothing (a game that
is over loses nothing, and the question "End the table for everyone?" would ask about
a game no longer there), tells each guest only that no next game comes (its table
reads it as ``done``, not as a table ended mid-game), and brings the host's own match."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from cardkit.table_net.guest import GuestEvent, GuestTable
from cardkit.table_net.guest_session import guest_pause, guest_think
from cardkit.table_net.host_session import HostSession
from cardkit.table_net.messages import end_text, welcome_text
from cardkit.table_net.referee import Referee
from cardkit.ui_dom import friends_host, friends_lobby
from cardkit.ui_dom.friends_page import FriendsPage
from cardkit.ui_dom.storage import MemoryStorage
from napoleon import table_net
from napoleon.playout import play_random_game
from napoleon.rules import Rules
from napoleon.ui_dom.controller import Controller
from napoleon.ui_dom.friends_table import friends_page
from tests.friends import shell


class App:
    """The page as the table sees it: the host's match, its own match counted."""

    def __init__(self, ctrl: Controller) -> None:
        self.ctrl = ctrl
        self.own = 0
        self.computers = shell.Computers()

    def start_match(self, _prefs: object) -> None:
        self.own += 1

    prefs = None


@pytest.fixture(autouse=True)
def no_page(monkeypatch: pytest.MonkeyPatch) -> None:
    shell.patch(monkeypatch, "page_storage", MemoryStorage)
    shell.patch(monkeypatch, "by_id", lambda _id: None)
    shell.patch(monkeypatch, "remove_panel", lambda: None)
    monkeypatch.setattr(FriendsPage, "draw_panel", lambda _self: None)
    shell.patch(monkeypatch, "joining", lambda: False)  # no address to tidy


def test_the_hosts_new_match_after_the_match_ended_asks_nothing_and_says_no_next_game(
        monkeypatch: pytest.MonkeyPatch) -> None:
    ctrl = Controller(Rules(match_games=1), 7, "easy", guest_think, guest_pause,
                      lambda: None, humans=(0, 1))
    app = App(ctrl)
    page = friends_page(app)  # type: ignore[arg-type]
    sent: list[tuple[str, str]] = []
    ref = Referee(table_net.seat_game(lambda: ctrl.match.game), 5, 0, range(1, 2), "napoleon")
    host = HostSession(ref, lambda text, peer: sent.append((peer, text)), lambda: None)
    host.message("p1", json.dumps({"t": "hello", "v": 2, "name": "G", "lang": "en",
                                   "token": None}))
    host.start()
    page.host, page.ctrl = host, ctrl
    friends_host.follow(page, ctrl)
    play_random_game(ctrl.match.game, random.Random(3))
    sent.clear()
    page.changed()  # a redraw at the match's last result sends nothing
    assert (sent, page.ended) == ([], False)
    ctrl.moved()  # the turn loop's word that the game moved: the end is told
    ends = [json.loads(text) for _p, text in sent if json.loads(text)["t"] == "end"]
    assert [e["reason"] for e in ends] == ["over"] and page.ended and not page.at_table()

    def asked() -> Any:
        raise AssertionError("a table over at the match's end asks nothing")

    monkeypatch.setattr(friends_lobby, "ask_leave", lambda _page: asked())
    played: list[str] = []
    sent.clear()

    async def run() -> None:
        page.leave_first(lambda: played.append("new match"))
        await asyncio.sleep(0)

    asyncio.run(run())
    assert played == ["new match"] and app.own == 1 and not page.has_table()
    assert app.computers.started == 1  # its own match's computers
    ends = [json.loads(text) for _p, text in sent if json.loads(text)["t"] == "end"]
    assert [e["reason"] for e in ends] == ["closed"]
    table = GuestTable(table_net.read_view, table_net.view_seat, "", "en")
    table.receive(welcome_text(1, "T" * 22, 5, "napoleon"))
    table.receive(end_text("over", ""))
    assert table.receive(end_text("closed", None)) == GuestEvent("done", "closed")
