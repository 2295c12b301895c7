"""The table with friends' sessions on CPython: the host's referee answers the turn
loop for a remote seat with the guest's accepted action (as a computer's reply), a
guest who leaves is waited for and then played by a computer, and a guest's page
reads only its host's texts."""

from __future__ import annotations

import asyncio
import json

import pytest

from bench import friends_hostile
from cardkit.table_net import host_session
from cardkit.table_net.guest import GuestEvent, GuestTable
from cardkit.table_net.guest_session import GuestSession
from cardkit.table_net.host_session import HostSession
from cardkit.table_net.messages import act_text, beat_text, hello_text, welcome_text
from cardkit.table_net.referee import MAX_REFUSALS, Referee
from cardkit.ui_dom.turn_loop import Turn, TurnLoop
from durak import table_net
from durak.actions import action_text
from durak.game import Game
from durak.rules import Rules
from tests.sweep import sized


def table(players: int = 2) -> tuple[Game, Referee, HostSession, list[tuple[str, str]]]:
    game = Game.new(Rules(players=players), 7)
    ref = Referee(table_net.seat_game(lambda: game), players, 0, range(1, players), "durak")
    sent: list[tuple[str, str]] = []
    host = HostSession(ref, lambda text, peer: sent.append((peer, text)), lambda: None,
                       now=lambda: 0.0)
    return game, ref, host, sent


async def computer() -> str:
    return json.dumps({"action": "computer"})


def test_a_remote_seat_replies_with_its_guests_accepted_action() -> None:
    async def run() -> tuple[str, str]:
        game, _ref, host, sent = table()
        host.message("p1", hello_text("Aki", "en", None))
        host.start()
        seat = game.to_act
        if seat == 0:  # the host's own move first: then the guest is to act
            game.apply(game.legal_actions()[0], 0)
            seat = game.to_act
        assert seat == 1
        waiting = asyncio.ensure_future(host.reply(1, computer))
        await asyncio.sleep(0)
        assert any(json.loads(t)["t"] == "view" for p, t in sent if p == "p1")
        move = action_text(game.legal_actions()[0])
        host.message("p1", act_text(len(game.actions()), move))
        return await waiting, move

    reply, move = asyncio.run(run())
    assert json.loads(reply) == {"action": move}


def test_an_action_chosen_before_the_loop_asks_is_kept_not_lost() -> None:
    async def run() -> tuple[str, str]:
        game, _ref, host, _ = table()
        host.message("p1", hello_text("Aki", "en", None))
        host.start()
        if game.to_act == 0:
            game.apply(game.legal_actions()[0], 0)
        move = action_text(game.legal_actions()[0])
        host.message("p1", act_text(len(game.actions()), move))  # during the pause
        return await host.reply(1, computer), move

    reply, move = asyncio.run(run())
    assert json.loads(reply) == {"action": move}


def test_a_computer_seat_and_an_open_one_started_reply_by_the_computer() -> None:
    _, _, host, _ = table(3)
    host.start()
    assert json.loads(asyncio.run(host.reply(2, computer))) == {"action": "computer"}


def test_a_guest_who_leaves_is_played_by_a_computer_after_the_wait_and_comes_back(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(host_session, "AWAY_WAIT", 0.01)

    async def run() -> None:
        _game, ref, host, sent = table()
        host.message("p1", hello_text("Aki", "en", None))
        token = ref.seats[1].token
        host.start()
        host.left("p1")
        assert ref.seats[1].kind == "away" and 1 not in host.replaced
        reply = await asyncio.wait_for(host.reply(1, computer), 1.0)
        assert json.loads(reply) == {"action": "computer"} and 1 in host.replaced
        host.message("p2", hello_text("Aki", "en", token))  # the link reopened
        assert ref.seats[1].kind == "guest" and 1 not in host.replaced
        assert any(json.loads(t)["t"] == "welcome" for p, t in sent if p == "p2")

    asyncio.run(run())


def test_every_guest_is_told_when_a_computer_takes_over_a_dropped_seat(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The wait's end is shown to everyone: the other guests' panels hear that a
    computer plays the seat now (``replaced``), not only the host's; and that it is a
    guest's again once it comes back."""
    monkeypatch.setattr(host_session, "AWAY_WAIT", 0.01)

    def kinds(sent: list[tuple[str, str]], peer: str) -> list[list[str]]:
        return [[s["kind"] for s in json.loads(t)["seats"]] for p, t in sent
                if p == peer and json.loads(t)["t"] == "seats"]

    async def run() -> None:
        _game, ref, host, sent = table(3)
        host.message("p1", hello_text("Aki", "en", None))
        host.message("p2", hello_text("Ben", "en", None))
        token = ref.seats[1].token
        host.start()
        host.left("p1")
        assert kinds(sent, "p2")[-1] == ["host", "away", "guest"]
        await asyncio.wait_for(host.reply(1, computer), 1.0)
        assert kinds(sent, "p2")[-1] == ["host", "replaced", "guest"]
        assert ref.seats[1].kind == "away"  # its token still takes it back
        host.message("p3", hello_text("Aki", "en", token))
        assert kinds(sent, "p2")[-1] == ["host", "guest", "guest"] and not host.replaced
        await asyncio.sleep(0.03)  # the first wait's timer, run out since, changes nothing
        assert kinds(sent, "p2")[-1] == ["host", "guest", "guest"]

    asyncio.run(run())


def test_a_guest_cut_off_for_flooding_is_played_by_a_computer_after_the_wait(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A guest the referee cuts off (too many messages, or refusals) has left
    the table as surely as one whose connection dropped: its seat is away, and after
    the away wait a computer plays it; the table never waits on it for ever."""
    monkeypatch.setattr(host_session, "AWAY_WAIT", 0.01)

    async def run() -> None:
        _game, ref, host, sent = table(3)
        host.message("p1", hello_text("Aki", "en", None))
        host.message("p2", hello_text("Ben", "en", None))
        host.start()
        for _ in range(MAX_REFUSALS + 1):  # the rate, or the refusals, cut it off
            host.message("p1", "{")
        assert host.refusals.get("flood")
        assert ref.seats[1].kind == "away" and ref.seat_of("p1") is None
        reply = await asyncio.wait_for(host.reply(1, computer), 1.0)
        assert json.loads(reply) == {"action": "computer"} and 1 in host.replaced
        assert [json.loads(t)["seats"][1]["kind"] for p, t in sent  # the other guest's
                if p == "p2" and json.loads(t)["t"] == "seats"][-1] == "replaced"

    asyncio.run(run())


def test_forged_and_malformed_messages_are_refused_and_counted() -> None:
    _, _, host, sent = table()
    host.message("p1", hello_text("Aki", "en", None))
    host.start()
    host.message("p1", '{"t": "act", "v": 2, "turn": true, "action": "pass"}')
    host.message("p9", act_text(0, "pass"))
    assert host.refusals == {"malformed": 1, "not-seated": 1}
    assert [json.loads(t)["reason"] for p, t in sent if json.loads(t)["t"] == "refused"] == [
        "malformed", "not-seated"]


def test_a_guest_reads_only_its_hosts_texts_and_says_hello_once() -> None:
    events: list[GuestEvent] = []
    out: list[tuple[str, str]] = []
    g = GuestSession(GuestTable(table_net.read_view, table_net.view_seat, "", "en"), "H",
                     lambda text, peer: out.append((peer, text)), events.append)
    g.joined("X")
    g.joined("H")
    g.joined("H")
    assert [p for p, _ in out] == ["H"] and json.loads(out[0][1])["t"] == "hello"
    g.message("X", welcome_text(1, "A" * 22, 2, "durak"))  # another peer posing as host
    assert g.ignored == 1 and events == []
    g.message("H", welcome_text(1, "A" * 22, 2, "durak"))
    assert events == [GuestEvent("welcome")]
    g.left("X")
    g.left("H")
    assert events[-1] == GuestEvent("host-left")



def test_a_guests_name_goes_in_its_hello_before_it_is_seated_and_as_a_name_after() -> None:
    """A name given before the guest holds a seat travels in its hello; given once
    seated it is its own message to the host, and to no other peer."""
    out: list[tuple[str, str]] = []
    g = GuestSession(GuestTable(table_net.read_view, table_net.view_seat, "", "en"), "H",
                     lambda text, peer: out.append((peer, text)), lambda _e: None)
    g.rename("Aki")
    assert out == []
    g.joined("H")
    assert json.loads(out[-1][1])["name"] == "Aki"
    g.message("H", welcome_text(1, "A" * 22, 2, "durak"))
    g.rename("Aki T")
    assert out[-1][0] == "H" and json.loads(out[-1][1]) == {"t": "name", "v": 2,
                                                            "name": "Aki T"}
    assert len(out) == 2

class Loop(TurnLoop):
    """One seat (1) is a computer's turn; the reply played is recorded."""

    def __init__(self) -> None:
        async def think(_v: str, _l: str, _s: int) -> str:
            return "computer"

        async def pause() -> None:
            return None

        super().__init__(1, "easy", think, pause, lambda: None)
        self.played: list[str] = []

    def current_turn(self) -> Turn | None:
        return None if self.played else Turn(self, 1, 1, 0)

    def seat_view_json(self, turn: Turn) -> str:
        return "{}"

    def apply_reply(self, reply: str) -> None:
        self.played.append(reply)


def test_the_turn_loop_plays_a_seats_reply_as_it_plays_a_computers() -> None:
    loop = Loop()
    asyncio.run(loop.run_computers())
    assert loop.played == ["computer"]

    async def remote(seat: int, _computer: object) -> str:
        return f"person at {seat}"

    loop = Loop()
    loop.seat_reply = remote
    asyncio.run(loop.run_computers())
    assert loop.played == ["person at 1"]


def test_the_turn_loop_tells_the_table_its_game_moved_before_it_draws_it() -> None:
    """The host's guests are sent their views as the game moves: the loop tells
    ``on_moved`` after the move it played, then draws (``on_change``); a drawing of
    the page alone tells nothing, and a click the game did not know neither."""
    events: list[str] = []
    loop = Loop()
    loop.on_change = lambda: events.append("drawn")
    loop.on_moved = lambda: events.append("moved")
    asyncio.run(loop.run_computers())
    assert loop.played == ["computer"] and events[-2:] == ["moved", "drawn"]
    assert events.index("moved") > events.index("drawn")  # the drawing before the move
    events.clear()
    loop.act = lambda _act, _arg: None  # type: ignore[method-assign,assignment]
    asyncio.run(loop.handle("unknown"))
    assert events == []


def test_a_guest_whose_page_falls_silent_is_dropped_after_the_hosts_checks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A guest's page that dies without a goodbye sends no more beats: after
    SILENT_CHECKS of the host's checks unheard its seat is away (as a dropped line's),
    it is told why, and after the away wait a computer plays it; a guest that beats
    keeps its seat."""
    monkeypatch.setattr(host_session, "AWAY_WAIT", 0.01)

    async def run() -> None:
        _game, ref, host, sent = table(3)
        host.message("p1", hello_text("Aki", "en", None))
        host.message("p2", hello_text("Ben", "en", None))
        host.start()
        for _ in range(host_session.SILENT_CHECKS - 1):
            host.message("p2", beat_text())
            host.check_silence()
        assert ref.seats[1].kind == "guest" and ref.seats[2].kind == "guest"
        host.message("p2", beat_text())
        host.check_silence()
        assert ref.seats[1].kind == "away" and ref.seat_of("p1") is None
        assert ref.seats[2].kind == "guest"
        assert [json.loads(t)["reason"] for p, t in sent
                if p == "p1" and json.loads(t)["t"] == "refused"] == ["silent"]
        reply = await asyncio.wait_for(host.reply(1, computer), 1.0)
        assert json.loads(reply) == {"action": "computer"} and 1 in host.replaced

    asyncio.run(run())


def test_before_the_start_no_seat_is_dropped_for_silence() -> None:
    """The lobby drops nobody for silence (a seat freed there loses its token): the
    checks count once the game started."""
    _game, ref, host, _sent = table(2)
    host.message("p1", hello_text("Aki", "en", None))
    for _ in range(3 * host_session.SILENT_CHECKS):
        host.check_silence()
    assert ref.seats[1].kind == "guest" and host.checks == 0


def test_a_guest_dropped_for_silence_that_still_hears_takes_its_seat_back() -> None:
    """A guest whose beats were lost for a while (not its page) is told ``silent``
    and says hello again with its token: the same seat, a guest's again; it beats
    only while seated at a table that goes on."""
    asyncio.run(_silent_guest_comes_back())


async def _silent_guest_comes_back() -> None:
    _game, ref, host, _ = table(2)
    events: list[GuestEvent] = []
    wire: list[tuple[str, str, str]] = []  # (to, from, text)
    guest = GuestSession(GuestTable(table_net.read_view, table_net.view_seat, "Aki", "en"),
                         "H", lambda text, peer: wire.append((peer, "p1", text)), events.append)
    host.send = lambda text, peer: wire.append((peer, "H", text))

    def deliver() -> None:
        while wire:
            to, sender, text = wire.pop(0)
            if to == "H":
                host.message(sender, text)
            else:
                guest.message(sender, text)

    guest.beat()
    assert wire == []  # not seated yet: no beat
    guest.joined("H")
    deliver()
    assert ref.seats[1].kind == "guest" and guest.seat() == 1
    host.start()
    deliver()
    guest.beat()
    assert [json.loads(t)["t"] for _, _, t in wire] == ["beat"]
    deliver()
    for _ in range(host_session.SILENT_CHECKS):
        host.check_silence()
    assert ref.seats[1].kind == "away"
    deliver()  # "silent" reaches the guest, its hello the host
    assert ref.seats[1].kind == "guest" and ref.seat_of("p1") == 1
    assert not [e for e in events if e.kind == "refused"]
    guest.left("H")
    guest.beat()
    assert wire == []  # the host gone: nothing to beat to


def test_no_table_freezes_on_a_guest_whatever_it_does_and_no_invalid_action_is_applied() -> None:
    """Random three-seat games (the host's seat played at random, two guests with a
    behaviour each, :data:`bench.friends_hostile.BEHAVIOURS`: hostile texts, floods,
    silence at its turn, a page dying, plain play), on the bench's controlled clock
    with the real away wait: no turn waits on a seat past the silence checks and the
    away wait (a guest that plays is waited for; one cut off or gone is played by a
    computer after the away wait), every game ends, every action applied is one of
    the engine's legal actions at that moment, and no exception escapes the session."""
    # make check: the first 6 games, which meet every behaviour (the test says so).
    tally = friends_hostile.run(games=sized(16, 6), seed=0, hostile=0)
    assert (tally.frozen, tally.invalid, tally.escaped) == (0, 0, [])
    assert set(tally.behaviours) == set(friends_hostile.BEHAVIOURS)
    assert tally.longest <= friends_hostile.FROZEN_AFTER
