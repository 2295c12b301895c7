"""Play again at the same table: after a game's end (``end``, reason ``over``) the host
may deal the next game to the same seats (``again``), every guest waiting at the table
meanwhile; a guest away is a computer from the next game's first move until it comes
back; a host that ends the table instead leaves it over, as at any end (a host that
leaves is waited for, as mid-game: tests/friends/test_reload_between_games.py).
The message is read without trust, as every other."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from cardkit.table_net.guest import GuestEvent, GuestTable
from cardkit.table_net.guest_session import GuestSession, guest_pause, guest_think
from cardkit.table_net.host_session import HostSession
from cardkit.table_net.messages import (
    MAX_MATCH_GAMES,
    Again,
    MessageError,
    SeatInfo,
    again_text,
    end_text,
    hello_text,
    parse_host,
    seats_text,
    view_text,
    welcome_text,
)
from cardkit.table_net.referee import Referee
from cardkit.ui_dom.friends_page import FriendsPage
from cardkit.ui_dom.storage import MemoryStorage
from durak import table_net
from durak.game import Game
from durak.rules import Rules
from napoleon import table_net as napoleon_net
from napoleon.playout import play_random_game
from napoleon.rules import Rules as NapoleonRules
from napoleon.ui_dom.controller import Controller as NapoleonController
from napoleon.ui_dom.friends_table import friends_page
from tests.friends import shell
from tests.friends.shell import durak_table, finish, hosted, kinds, table_state

TOKEN = "T" * 22


# ---- the message ---------------------------------------------------------------------


def test_an_again_message_round_trips_and_a_bad_one_is_refused_naming_its_field() -> None:
    assert parse_host(again_text(3)) == Again(3)
    bad = {
        '{"t": "again", "v": 2, "game": 0}': "game",  # games count from 1
        f'{{"t": "again", "v": 2, "game": {MAX_MATCH_GAMES + 1}}}': "game",
        '{"t": "again", "v": 2, "game": true}': "game",
        '{"t": "again", "v": 2, "game": "2"}': "game",
        '{"t": "again", "v": 2}': "game",
        '{"t": "again", "v": 2, "game": 2, "seat": 0}': "seat",
    }
    for text, field in bad.items():
        with pytest.raises(MessageError) as e:
            parse_host(text)
        assert e.value.reason == "malformed" and field in e.value.detail, text


# ---- a guest's table -------------------------------------------------------------------


def seated_table() -> GuestTable[Any]:
    table: GuestTable[Any] = GuestTable(table_net.read_view, table_net.view_seat, "", "en")
    table.receive(welcome_text(1, TOKEN, 2, "durak"))
    table.receive(view_text(0, Game.new(Rules(), 7).view(1).to_json()))
    return table


def test_a_guest_waits_after_a_games_end_and_the_hosts_again_opens_the_next_game() -> None:
    table = seated_table()
    assert table.receive(again_text(2)) == GuestEvent("bad", "again", "no game ended")
    assert table.receive(end_text("over", "DURAK ...")) == GuestEvent("end", "over")
    assert table.may_again
    # Waiting: the seats may change (a friend left), no view of the game over counts.
    seats = seats_text((SeatInfo("host", "Ann"), SeatInfo("away", "Aki")), True)
    assert table.receive(seats) == GuestEvent("seats")
    next_view = Game.new(Rules(), 8).view(1).to_json()
    assert table.receive(view_text(0, next_view, 2)) == GuestEvent("bad", "over")
    assert table.receive(again_text(2)) == GuestEvent("again")
    assert (table.ended, table.may_again, table.view, table.number) == (None, False, None, 2)
    assert table.receive(view_text(0, next_view, 2)) == GuestEvent("view")


def test_a_host_that_ends_the_table_after_a_games_end_plays_no_other_game() -> None:
    table = seated_table()
    table.receive(end_text("over", "DURAK ..."))
    assert table.receive(end_text("closed", None)) == GuestEvent("done", "closed")
    assert table.receive(again_text(2)) == GuestEvent("bad", "over")
    # A table closed mid-game waits for no next game either.
    closed = seated_table()
    closed.receive(end_text("closed", None))
    assert not closed.may_again
    assert closed.receive(again_text(2)) == GuestEvent("bad", "over")


def host_table(players: int = 3) -> tuple[list[Game], Referee, HostSession,
                                          list[tuple[str, str]]]:
    games = [Game.new(Rules(players=players), 7)]
    ref = Referee(table_net.seat_game(lambda: games[-1]), players, 0, range(1, players),
                  "durak")
    sent: list[tuple[str, str]] = []
    host = HostSession(ref, lambda text, peer: sent.append((peer, text)), lambda: None,
                       now=lambda: 0.0)
    return games, ref, host, sent


def test_the_host_sends_no_view_between_games_and_each_guest_its_view_after_again() -> None:
    async def run() -> None:
        games, _ref, host, sent = host_table(2)
        host.message("p1", hello_text("Aki", "en", None))
        host.start()
        host.end("over", "DURAK ...")
        sent.clear()
        games.append(Game.new(Rules(), 7))  # the same deal's view: sent all the same
        host.changed()
        assert sent == []  # the next game is not the guests' until the host plays again
        host.again(2)
        assert kinds(sent, "p1") == ["again", "seats", "view"]
        assert json.loads(sent[-1][1])["game"] == 1  # (the number is the game's own)
        host.again(3)  # no game over: nothing to play again
        assert kinds(sent, "p1") == ["again", "seats", "view"]

    asyncio.run(run())


def test_a_guest_away_at_the_games_end_is_a_computer_from_the_next_games_first_move() -> None:
    async def computer() -> str:
        return json.dumps({"action": "computer"})

    async def run() -> None:
        _games, ref, host, sent = host_table(3)
        host.message("p1", hello_text("Aki", "en", None))
        host.message("p2", hello_text("Ben", "en", None))
        token = ref.seats[1].token
        host.start()
        host.end("over", "DURAK ...")
        host.left("p1")
        host.again(2)
        assert 1 in host.replaced  # no away wait: the game is new
        assert [s.kind for s in ref.seat_infos()] == ["host", "replaced", "guest"]
        reply = await asyncio.wait_for(host.reply(1, computer), 1.0)
        assert json.loads(reply) == {"action": "computer"}
        host.message("p3", hello_text("Aki", "en", token))  # back with its link
        assert ref.seats[1].kind == "guest" and 1 not in host.replaced
        assert "welcome" in kinds(sent, "p3")

    asyncio.run(run())


def test_a_guest_back_between_games_is_told_the_game_is_over_and_waits_with_the_others(
        ) -> None:
    async def run() -> None:
        _games, ref, host, sent = host_table(2)
        host.message("p1", hello_text("Aki", "en", None))
        token = ref.seats[1].token
        host.start()
        host.record("{}")
        host.end("over", "DURAK ...")
        host.left("p1")
        host.message("p2", hello_text("Aki", "en", token))
        assert kinds(sent, "p2")[-2:] == ["record", "end"]
        host.again(1)  # a new match: its games' records start afresh
        assert host.records == [] and kinds(sent, "p2")[-3:] == ["again", "seats", "view"]

    asyncio.run(run())


# ---- the shell: Napoleon's host plays a new match at the same table ---------------------


class App:
    """The host's page as the table sees it: its match, a new match put on the table."""

    def __init__(self, ctrl: NapoleonController) -> None:
        self.ctrl: Any = ctrl
        self.prefs: Any = None

    def _controller(self, prefs: Any, seed: int) -> NapoleonController:
        return NapoleonController(prefs.rules, seed, "easy", guest_think, guest_pause,
                                  lambda: None)

    def replace_match(self, ctrl: NapoleonController) -> None:
        self.ctrl = ctrl

    def rerender(self, *, focus_now: bool = True) -> None:
        return None


@pytest.fixture
def no_page(monkeypatch: pytest.MonkeyPatch) -> None:
    shell.patch(monkeypatch, "page_storage", MemoryStorage)
    shell.patch(monkeypatch, "by_id", lambda _id: None)
    shell.patch(monkeypatch, "remove_panel", lambda: None)
    monkeypatch.setattr(FriendsPage, "draw_panel", lambda _self: None)


@pytest.mark.usefixtures("no_page")
def test_napoleons_play_again_is_a_new_match_of_the_same_rules_to_the_same_seats() -> None:
    """Napoleon's table ends its games with its match; playing again there is a new
    match (game 1 again, the same rules), the guest still in its seat and sent the
    new match's view."""
    from dataclasses import replace

    from napoleon.ui_dom.prefs import Prefs

    rules = NapoleonRules(match_games=1)
    ctrl = NapoleonController(rules, 7, "easy", guest_think, guest_pause, lambda: None,
                              humans=(0, 1))
    app = App(ctrl)
    app.prefs = replace(Prefs(), rules=NapoleonRules())  # the host's own rules differ
    page = friends_page(app)  # type: ignore[arg-type]
    host, sent = hosted(page, ctrl, 5, "napoleon")
    play_random_game(ctrl.match.game, random.Random(3))

    async def run() -> None:
        before = len(sent)
        page.changed()  # a redraw sends nothing: the loop tells the table its game moved
        assert (len(sent), page.ended) == (before, False)
        ctrl.moved()  # the match's last result: the game is over, the table waits
        assert page.ended and host.over is not None
        sent.clear()
        page.play_again()
        await asyncio.sleep(0)

    asyncio.run(run())
    after = app.ctrl
    assert isinstance(after, NapoleonController) and after is not ctrl
    assert page.ctrl is after and not page.ended
    assert after.rules == rules and after.match.game_number == 1
    assert after.seat_reply == host.reply and host.referee.seats[1].kind == "guest"
    assert kinds(sent, "p1") == ["again", "seats", "view"]
    assert json.loads(sent[0][1]) == json.loads(again_text(1))
    view = napoleon_net.read_view(json.loads(sent[-1][1])["view"])
    assert view.seat == 1 and view == after.match.game.view(1)


# ---- the shell: the Durak family's series goes on at the same table ---------------------


@pytest.mark.usefixtures("no_page")
def test_the_durak_hosts_next_game_on_its_end_plays_again_at_the_same_table() -> None:
    """The family's play again is the series' next game on the same controller (the
    standing and the records go on), whether the host presses the panel's Play again
    or its end's own Next game: every guest is told game 2 is dealt and sent its view."""
    ctrl, page = durak_table()
    host, sent = hosted(page, ctrl, 2, "durak")

    async def run() -> None:
        for press in ("panel", "end"):
            finish(ctrl.game)
            ctrl.moved()  # the game's end: told, the table waits
            assert page.ended and host.over is not None
            sent.clear()
            if press == "panel":
                page.play_again()
            else:
                await ctrl.handle("next-game")  # its end's Next game: the loop tells
            assert table_state(page) == (ctrl, False, None)
            number = ctrl.number
            assert kinds(sent, "p1") == ["again", "seats", "view"]
            assert json.loads(sent[0][1])["game"] == number == (2 if press == "panel" else 3)
            assert json.loads(sent[-1][1])["game"] == number

    asyncio.run(run())


def guest_page() -> tuple[FriendsPage[Any, Any, Any], GuestTable[Any]]:
    """A guest's page at seat 1 of a table of room ``roomroomroomroom``, and its table."""
    from cardkit.ui_dom import friends_net as net

    page = shell.page(table_net)
    page.invite = net.Invite("roomroomroomroom", "hostA1", ("ws://127.0.0.1:1",), "")
    table = seated_table()
    page.guest = GuestSession(table, "host", lambda _text, _peer: None, lambda _e: None)
    return page, table


def test_a_guests_statistics_name_each_game_played_again_apart() -> None:
    """A guest's statistics count a game once by its name (the same record sent again
    counts once); at a table played again each game has a name of its own, the table's
    room and the game's number there, so the series' second game counts too."""
    from cardkit.ui_dom.friends_guest import table_game

    page, table = guest_page()
    first = table_game(page)
    table.receive(end_text("over", "DURAK ..."))
    assert table_game(page) == first  # the end counted under the game's own name
    table.receive(again_text(2))
    assert first == "roomroomroomroom:1" and table_game(page) == "roomroomroomroom:2"


def test_a_guests_statistics_name_a_new_matchs_games_apart_from_the_last_ones() -> None:
    """A new match at the same table (Napoleon's play again) numbers its games from 1
    again: its first game's name is not the last match's first game's, so a game that
    ended at the same move as that one still counts."""
    from cardkit.ui_dom.friends_guest import again, table_game

    page, table = guest_page()
    first = table_game(page)
    table.receive(end_text("over", "DURAK ..."))
    table.receive(again_text(1))
    again(page)
    second = table_game(page)
    table.receive(end_text("over", "DURAK ..."))
    table.receive(again_text(1))
    again(page)
    assert len({first, second, table_game(page)}) == 3
    assert all(name.startswith("roomroomroomroom:1") for name in (first, second))


@pytest.mark.parametrize("kept", [True, False])
def test_a_guests_end_note_points_to_the_record_on_the_end_screen_not_its_notation(
        kept: bool) -> None:
    """The record's machine text is the end screen's to show (in words, its notation
    folded): the guest's note says where it is. A game whose guest's end shows no
    record has it in the note, named."""
    from types import SimpleNamespace

    from cardkit.ui_dom import friends_net as net
    from cardkit.ui_dom.friends_guest import on_guest_event

    class Kept(shell.NetGame):
        def table_record(self, record: str) -> bool:
            return kept

    computers = shell.Computers()
    page = shell.page(table_net, SimpleNamespace(ctrl=None, rerender=lambda: None,
                                                 computers=computers), Kept(table_net))
    page.redraw = lambda: None  # (the panel is not this test's)
    page.invite = net.Invite("roomroomroomroom", "hostA1", ("ws://127.0.0.1:1",), "")
    table = seated_table()
    page.guest = GuestSession(table, "host", lambda _text, _peer: None, lambda _e: None)
    record = "DURAK v1 seed=7 moves: 6S 7S"
    table.receive(end_text("over", record))
    on_guest_event(page, GuestEvent("end", "over"))
    # A record kept may be reviewed next: the guest's page starts its worker for it.
    assert computers.started == int(kept)
    if kept:
        assert "DURAK" not in page.note
        assert page.note.endswith(page.t("friends.record_on_end"))
    else:
        assert page.note.endswith(page.t("friends.record") + ":\n" + record)
