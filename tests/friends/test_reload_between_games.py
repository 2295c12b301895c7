"""The host's page reloads between two games (a game over, Play again not yet
pressed): its finished table comes back as it was, the same seats, tokens and link,
Play again offered and dealing the next game to the same seats; a guest waiting at
that table waits for its host as it would mid-game, takes it back once it proves who
it is, and is told the game is over again, still waiting for the next one."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from cardkit.table_net.guest import GuestEvent, GuestTable
from cardkit.table_net.guest_session import GuestSession
from cardkit.table_net.host_session import HostSave, HostSession
from cardkit.table_net.messages import (
    again_text,
    end_text,
    hello_text,
    host_proof,
    proof_text,
    view_text,
    welcome_text,
)
from cardkit.ui_dom import friends_net as net
from cardkit.ui_dom.friends_page import FriendsPage
from cardkit.ui_dom.storage import MemoryStorage
from durak import table_net
from durak.game import Game
from durak.rules import Rules
from tests.friends import shell
from tests.friends.shell import HostApp, durak_table, finish, hosted, kinds, table_state

TOKEN = "T" * 22
RELAY = "ws://127.0.0.1:9"


@pytest.fixture
def store(monkeypatch: pytest.MonkeyPatch) -> MemoryStorage:
    """One storage for the page before its reload and after; no panel, no menu, a
    room opened at once (the bridge's id a new one, as after a reload)."""
    kept = MemoryStorage()
    shell.patch(monkeypatch, "page_storage", lambda: kept)
    shell.patch(monkeypatch, "by_id", lambda _id: None)
    shell.patch(monkeypatch, "guard_menu", lambda _page: None)
    monkeypatch.setattr(FriendsPage, "draw_panel", lambda _self: None)
    monkeypatch.setattr(FriendsPage, "relays", lambda _self: (RELAY,))

    async def opened(page: FriendsPage[Any, Any, Any], host: HostSession, room: str,
                     password: str, relays: tuple[str, ...]) -> bool:
        page.invite = net.Invite(room, "hostB2", relays, password)
        host.referee.self_id = "hostB2"
        return True

    shell.patch(monkeypatch, "open_room", opened)
    return kept


def test_a_reloaded_hosts_finished_durak_table_comes_back_and_plays_again_to_the_same_seats(
        store: MemoryStorage) -> None:
    ctrl, page = durak_table()
    host, _sent = hosted(page, ctrl, 2, "durak", "Aki")
    token = host.referee.seats[1].token
    page.invite = net.Invite("roomroomroomroom", "hostA1", (RELAY,), "")

    async def run() -> None:
        finish(ctrl.game)
        ctrl.moved()  # the game's end: told, the table waits for Play again
        page.keep_table()  # (the panel's redraw keeps it)
        save = HostSave.read(store.get(page.host_key))
        assert save is not None and save.over and save.room == "roomroomroomroom"

        # The page reloads: the same finished game on its table, a page anew.
        reloaded = type(page)(page.app, page.game)
        assert await reloaded.resume()
        back = reloaded.host
        assert back is not None and reloaded.ended and back.over is not None
        assert reloaded.invite is not None and reloaded.invite.room == "roomroomroomroom"
        assert [s.kind for s in back.referee.seat_infos()] == ["host", "away"]
        assert back.referee.seats[1].name == "Aki"
        # The guest comes back with its token: told the game is over, as it was.
        out: list[tuple[str, str]] = []
        back.send = lambda text, peer: out.append((peer, text))
        back.message("q1", hello_text("Aki", "en", token))
        assert back.referee.seat_of("q1") == 1
        assert kinds(out, "q1")[-1] == "end"
        assert json.loads(out[-1][1])["reason"] == "over"
        # Play again: the series' next game, to the same seat.
        out.clear()
        reloaded.play_again()
        assert table_state(reloaded) == (ctrl, False, None)
        assert kinds(out, "q1") == ["again", "seats", "view"]
        assert json.loads(out[0][1])["game"] == 2 == ctrl.number
        saved = HostSave.read(store.get(reloaded.host_key))
        assert saved is not None and not saved.over

    asyncio.run(run())


def test_a_kept_finished_table_is_dropped_when_the_pages_game_is_not_that_finished_game(
        store: MemoryStorage) -> None:
    ctrl, page = durak_table()
    page.ctrl = ctrl
    game_id = page.game.game_id(ctrl)
    seats = (("host", "", None), ("away", "Aki", TOKEN))
    store.set(page.host_key, HostSave("roomroomroomroom", "", (RELAY,), game_id, seats,
                                      over=True).text())

    async def run() -> None:
        assert not await page.resume()  # the game on the table goes on: not the one over
        assert store.get(page.host_key) is None
        finish(ctrl.game)
        store.set(page.host_key, HostSave("roomroomroomroom", "", (RELAY,), game_id,
                                          seats).text())
        assert not await page.resume()  # kept mid-game, the game over since: not that
        assert store.get(page.host_key) is None

    asyncio.run(run())


def test_a_kept_tables_over_is_read_strictly() -> None:
    seats = (("host", "", None), ("guest", "Aki", TOKEN))
    text = json.loads(HostSave("roomroomroomroom", "", (RELAY,), "7", seats, over=True).text())
    for bad in (1, "true", None):
        assert HostSave.read(json.dumps(text | {"over": bad})) is None
    del text["over"]
    old = HostSave.read(json.dumps(text))
    assert old is not None and not old.over


def test_napoleons_table_is_finished_once_its_match_is_over() -> None:
    from cardkit.table_net.guest_session import guest_pause, guest_think
    from napoleon.playout import play_random_game
    from napoleon.rules import Rules as NapoleonRules
    from napoleon.ui_dom.controller import Controller
    from napoleon.ui_dom.friends_table import friends_page

    ctrl = Controller(NapoleonRules(match_games=1), 7, "easy", guest_think, guest_pause,
                      lambda: None)
    game = friends_page(HostApp(ctrl)).game  # type: ignore[arg-type]
    assert not game.finished(ctrl) and game.resumable(ctrl)
    play_random_game(ctrl.match.game, random.Random(3))
    assert game.finished(ctrl) and not game.resumable(ctrl)


# ---- a guest waiting for the next game ------------------------------------------------------


def waiting_guest() -> tuple[GuestTable[Any], GuestSession[Any], list[tuple[str, str]],
                             list[GuestEvent]]:
    table: GuestTable[Any] = GuestTable(table_net.read_view, table_net.view_seat, "", "en",
                                        TOKEN)
    sent: list[tuple[str, str]] = []
    events: list[GuestEvent] = []
    guest = GuestSession(table, "host", lambda text, peer: sent.append((peer, text)),
                         events.append)
    guest.self_id = "guest1"
    guest.joined("host")
    guest.message("host", welcome_text(1, TOKEN, 2, "durak"))
    guest.message("host", view_text(0, Game.new(Rules(), 7).view(1).to_json()))
    guest.message("host", end_text("over", "DURAK ..."))
    sent.clear()
    events.clear()
    return table, guest, sent, events


def test_a_guest_waiting_for_the_next_game_waits_for_its_host_and_takes_it_back_proved() -> None:
    table, guest, sent, events = waiting_guest()
    guest.beat()  # the host would count a silent guest as gone before its next game
    assert kinds(sent, "host") == ["beat"]
    guest.left("host")  # perhaps a reload of the host's page: waited for
    assert events == [GuestEvent("host-left")] and table.may_again
    sent.clear()
    guest.beat()  # nobody to beat to
    assert sent == []
    guest.joined("newhost")
    who = json.loads(sent[-1][1])
    assert who["t"] == "who" and TOKEN not in sent[-1][1]
    guest.message("newhost", proof_text(1, host_proof(TOKEN, who["nonce"], "newhost",
                                                      "guest1")))
    assert events[-1] == GuestEvent("host-back") and guest.host == "newhost"
    assert json.loads(sent[-1][1])["token"] == TOKEN
    # The host's page tells the game's end again: the table still waits for the next.
    guest.message("newhost", end_text("over", "DURAK ..."))
    assert events[-1] == GuestEvent("end", "over") and table.may_again
    guest.message("newhost", again_text(2))
    assert events[-1] == GuestEvent("again") and table.number == 2


def test_a_host_that_does_not_come_back_between_games_leaves_the_table_over() -> None:
    from types import SimpleNamespace

    from cardkit.ui_dom.friends_guest import host_gone, on_guest_event

    page = shell.page(table_net, SimpleNamespace(ctrl=None, rerender=lambda: None))
    page.redraw = lambda: None  # (the panel is not this test's)
    page.invite = net.Invite("roomroomroomroom", "host", (RELAY,), "")
    table, guest, _sent, _events = waiting_guest()
    page.guest = guest
    on_guest_event(page, GuestEvent("end", "over"))
    assert page.note.startswith(page.t("friends.again_wait"))

    async def run() -> None:
        guest.on_event = lambda event: on_guest_event(page, event)
        guest.left("host")
        assert page.host_wait is not None and page.host_away
        assert page.note == page.t("friends.host_lost", s=60)
        page.stop_host_wait()
        host_gone(page)  # the wait ran out

    asyncio.run(run())
    assert not table.may_again and page.note.startswith(page.t("friends.ended"))
    # The table's end said again by anyone now is dropped: no other game comes.
    assert table.receive(end_text("over", "DURAK ...")) == GuestEvent("bad", "over")


def test_a_match_going_on_to_its_next_game_by_itself_is_the_kept_tables_game(
        store: MemoryStorage) -> None:
    """Napoleon's match deals its next game at the table's own Next, not through Play
    again: the kept table follows it as the game moves, so a reload mid-way through
    the match's second game resumes the table (it named the first game: dropped, the
    page came back as a table of computers)."""
    from cardkit.table_net.guest_session import guest_pause, guest_think
    from napoleon.playout import play_random_game
    from napoleon.rules import Rules as NapoleonRules
    from napoleon.ui_dom.controller import Controller
    from napoleon.ui_dom.friends_table import friends_page

    ctrl = Controller(NapoleonRules(match_games=2), 7, "easy", guest_think, guest_pause,
                      lambda: None)
    page = friends_page(HostApp(ctrl))  # type: ignore[arg-type]
    hosted(page, ctrl, 5, "napoleon", "Aki")
    page.invite = net.Invite("roomroomroomroom", "hostA1", (RELAY,), "")
    page.keep_table()
    first = HostSave.read(store.get(page.host_key))
    assert first is not None and first.game == page.game.game_id(ctrl)
    play_random_game(ctrl.match.game, random.Random(3))
    ctrl.match.next_game()  # the table's Next: the match's second game, no Play again
    ctrl.moved()
    kept = HostSave.read(store.get(page.host_key))
    assert kept is not None and not kept.over
    assert kept.game == page.game.game_id(ctrl) != first.game

    async def run() -> None:
        reloaded = type(page)(page.app, page.game)
        assert await reloaded.resume()
        assert reloaded.host is not None and not reloaded.ended

    asyncio.run(run())
