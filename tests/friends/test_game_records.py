"""Each finished game's record at a table with friends: the host sends it to every
guest at that game's end (and again to a guest who takes its seat back), the
guest reads it strictly (a Napoleon record replays move by move, of this table's
rules, finished) and keeps it; whatever a guest's page drops from the host (a bad
view, a bad record, a message of no known shape) is said in one notice, updated
in place, naming what was wrong."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from cardkit.table_net.guest import GuestEvent, GuestTable
from cardkit.table_net.guest_session import GuestSession
from cardkit.table_net.host_session import HostSession
from cardkit.table_net.messages import (
    MAX_RECORD_CHARS,
    MessageError,
    Record,
    game_record_text,
    hello_text,
    parse_host,
    view_text,
    welcome_text,
)
from cardkit.table_net.referee import Referee
from cardkit.ui_dom.friends_page import DROPPED_NOTICE, FriendsPage
from napoleon import table_net
from napoleon.game import Game
from napoleon.playout import play_random_game
from napoleon.record_check import RecordError
from napoleon.rules import Rules
from tests.friends import shell


def finished(seed: int, rules: Rules | None = None) -> Game:
    return play_random_game(Game.new(rules or Rules(), seed), random.Random(seed))


# ---- the message -------------------------------------------------------------------


def test_a_record_message_round_trips_and_a_bad_one_is_refused() -> None:
    assert parse_host(game_record_text(2, '{"a": 1}')) == Record(2, '{"a": 1}')
    bad = [
        '{"t": "record", "v": 2, "game": 0, "record": "x"}',  # games count from 1
        '{"t": "record", "v": 2, "game": 101, "record": "x"}',
        '{"t": "record", "v": 2, "game": true, "record": "x"}',
        '{"t": "record", "v": 2, "game": 1, "record": ""}',
        '{"t": "record", "v": 2, "game": 1, "record": {"format": 1}}',
        '{"t": "record", "v": 2, "game": 1, "record": "x", "more": 1}',
        game_record_text(1, "x" * (MAX_RECORD_CHARS + 1)),
    ]
    for text in bad:
        with pytest.raises(MessageError):
            parse_host(text)


def test_a_guest_takes_a_record_only_once_seated() -> None:
    table = GuestTable(table_net.read_view, table_net.view_seat, "", "en")
    assert table.receive(game_record_text(1, "x")) == GuestEvent("bad", "not-seated")
    table.receive(welcome_text(1, "A" * 22, 5, "napoleon"))
    assert table.receive(game_record_text(1, "x")) == GuestEvent("record")
    assert table.record == Record(1, "x")


def test_a_view_the_reader_refuses_is_dropped_naming_the_field() -> None:
    table = GuestTable(table_net.read_view, table_net.view_seat, "", "en")
    table.receive(welcome_text(1, "A" * 22, 5, "napoleon"))
    view = json.loads(Game.new(Rules(), 7).view(1).to_json())
    view["hand"] = "everything"
    event = table.receive(view_text(0, json.dumps(view)))
    assert (event.kind, event.reason) == ("bad", "view") and "hand" in event.detail
    other = Game.new(Rules(), 7).view(2).to_json()
    assert table.receive(view_text(0, other)).detail == "a view of seat 3"
    assert table.receive("{").reason == "malformed" and table.view is None


# ---- the host sends --------------------------------------------------------------


def host_table() -> tuple[HostSession, list[tuple[str, str]]]:
    game = Game.new(Rules(), 7)
    ref = Referee(table_net.seat_game(lambda: game), 5, 0, range(1, 5), "napoleon")
    sent: list[tuple[str, str]] = []
    host = HostSession(ref, lambda text, peer: sent.append((peer, text)), lambda: None,
                       now=lambda: 0.0)
    return host, sent


def test_each_record_goes_to_every_guest_and_again_to_one_who_takes_its_seat_back() -> None:
    async def run() -> None:
        host, sent = host_table()
        host.message("p1", hello_text("Aki", "en", None))
        host.message("p2", hello_text("Bo", "en", None))
        host.start()
        sent.clear()
        host.record("first")
        assert sorted(p for p, t in sent if json.loads(t)["t"] == "record") == ["p1", "p2"]
        assert parse_host(sent[0][1]) == Record(1, "first")
        token = host.referee.seats[1].token
        host.left("p1")  # (its seat's wait runs on the loop)
        sent.clear()
        host.message("p1b", hello_text("Aki", "en", token))
        kinds = [json.loads(t)["t"] for p, t in sent if p == "p1b"]
        assert kinds[0] == "welcome" and kinds[-1] == "record"
        assert [parse_host(t) for p, t in sent if p == "p1b" and "record" in t] == [
            Record(1, "first")]

    asyncio.run(run())


# ---- Napoleon's record, read by a guest ----------------------------------------------


def test_a_napoleon_record_the_host_sends_replays_to_the_same_game() -> None:
    game = finished(3)
    got = table_net.read_record(table_net.record_message(game), game.view(1), 1)
    assert got.actions() == game.actions() and got.result == game.result
    assert got.view(1) == game.view(1)  # the table shows it at the view it matches


def test_a_napoleon_record_that_is_not_this_tables_finished_game_is_refused() -> None:
    game = finished(3)
    view = game.view(1)
    text = table_net.record_message(game)
    rec = json.loads(text)
    forged = dict(rec, result=dict(rec["result"], points=[9, 9, 9, 9, 9]))
    unfinished = table_net.record_message(Game.new(Rules(), 3))
    other_rules = table_net.record_message(finished(3, Rules(players=4)))
    past = view.rules.match_games + 1
    for bad, number, seen in [
        ("{", 1, view), ('{"format": "napoleon-match/1"}', 1, view), ("[]", 1, view),
        (json.dumps(forged), 1, view), (unfinished, 1, view), (other_rules, 1, view),
        (text, past, view),  # not a game of this match
        (text, 1, None),  # no view: no table to check it against
    ]:
        with pytest.raises(RecordError):
            table_net.read_record(bad, seen, number)


# ---- the guest's page: one notice, the record kept --------------------------------


class Records(shell.NetGame):
    """Napoleon's records read by its reader, of the seat's ``view``; each change counted."""

    def __init__(self, view: Any) -> None:
        super().__init__(table_net, lambda key, **kw: f"{key}{sorted(kw.items())}")
        self.view = view
        self.changed_records = 0

    def read_record(self, text: str, number: int, view: Any) -> Any:
        return table_net.read_record(text, self.view, number)

    def records_changed(self, records: list[object], seat: int) -> None:
        self.changed_records += 1


def Page(view: Any, game: Records | None = None) -> FriendsPage[Any, Any, Any]:
    """The shell's page without a browser: records read by Napoleon's reader."""
    return shell.page(table_net, game=game or Records(view))


@pytest.fixture
def notices(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[str]]:
    shown: dict[str, list[str]] = {}
    shell.patch(monkeypatch, "show_notice",
                        lambda key, text, _t: shown.setdefault(key, []).append(text))
    return shown


def test_a_flood_of_dropped_messages_is_one_notice_counting_them(
        notices: dict[str, list[str]]) -> None:
    page = Page(None)
    for _ in range(300):
        page.dropped("view", "hand: \u202enot a hand\u0000")
    assert list(notices) == [DROPPED_NOTICE]  # one notice, updated in place
    assert notices[DROPPED_NOTICE][0].startswith("friends.dropped[") \
        and "view: hand: not a hand" in notices[DROPPED_NOTICE][0]
    assert "('n', 300)" in notices[DROPPED_NOTICE][-1]
    page.dropped("over", "")  # after the table's end nothing the host sends matters
    assert len(notices[DROPPED_NOTICE]) == 300


def test_a_guest_keeps_each_record_once_drops_a_bad_one_and_starts_its_worker_once(
        notices: dict[str, list[str]]) -> None:
    game = finished(3)
    records = Records(game.view(1))
    page = Page(game.view(1), records)
    table = GuestTable(table_net.read_view, table_net.view_seat, "", "en")
    page.guest = GuestSession(table, "host", lambda _text, _peer: None, lambda _e: None)
    table.receive(welcome_text(1, "A" * 22, 5, "napoleon"))
    table.receive(game_record_text(1, table_net.record_message(game)))
    computers = page.app.computers
    assert isinstance(computers, shell.Computers)
    assert computers.started == 0  # no computer plays on a guest's page
    page.take_record()
    page.take_record()  # the same game sent again: kept as it was
    assert list(page.records) == [1] and records.changed_records == 1
    kept = page.records[1]
    assert isinstance(kept, Game) and kept.result == game.result and not notices
    # Its review may be asked next: the worker starts while the end is read.
    assert computers.started == 1
    table.receive(game_record_text(2, '{"format": "napoleon-game/1"}'))
    page.take_record()
    assert list(page.records) == [1] and computers.started == 1
    assert "record: " in notices[DROPPED_NOTICE][0]


def test_a_record_readers_own_fault_is_not_hidden_as_a_dropped_record(
        notices: dict[str, list[str]]) -> None:
    """A game's record reader refuses a bad record with a ``ValueError`` (its
    ``RecordError``); anything else it raises is a fault of the reader, which a
    notice about the host's record would hide."""
    game = finished(3)

    class Faulty(Records):
        def read_record(self, text: str, number: int, view: Any) -> Any:
            raise KeyError("rules")

    page = Page(game.view(1), Faulty(game.view(1)))
    table = GuestTable(table_net.read_view, table_net.view_seat, "", "en")
    page.guest = GuestSession(table, "host", lambda _text, _peer: None, lambda _e: None)
    table.receive(welcome_text(1, "A" * 22, 5, "napoleon"))
    table.receive(game_record_text(1, table_net.record_message(game)))
    with pytest.raises(KeyError):
        page.take_record()
    assert not notices and not page.records
