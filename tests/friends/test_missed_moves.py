"""A guest who takes its seat back sees the moves it missed: every person's seat
keeps the views of the game on the table, and the guest is sent them all, in order;
its page drops those it drew already and reads the rest as any moves."""

from __future__ import annotations

import asyncio
import json

from cardkit.table_net.guest import GuestEvent, GuestTable
from cardkit.table_net.host_session import HostSession
from cardkit.table_net.messages import hello_text, view_text
from cardkit.table_net.referee import MAX_KEPT_VIEWS, Referee
from durak import table_net
from durak.game import Game
from durak.rules import Rules


def table() -> tuple[Game, Referee, HostSession, list[tuple[str, str]]]:
    game = Game.new(Rules(players=2), 7)
    ref = Referee(table_net.seat_game(lambda: game), 2, 0, [1], "durak")
    sent: list[tuple[str, str]] = []
    host = HostSession(ref, lambda text, peer: sent.append((peer, text)), lambda: None,
                       now=lambda: 0.0)
    return game, ref, host, sent


def views_to(sent: list[tuple[str, str]], peer: str) -> list[int]:
    """The turns of the views ``peer`` was sent, in order."""
    return [json.loads(t)["turn"] for p, t in sent if p == peer and json.loads(t)["t"] == "view"]


def play(game: Game, host: HostSession, moves: int) -> None:
    for _ in range(moves):
        game.apply(game.legal_actions()[0], game.to_act)
        host.changed()


def test_a_guest_taking_its_seat_back_is_sent_every_view_it_missed_in_order() -> None:
    async def run() -> None:
        game, ref, host, sent = table()
        host.message("p1", hello_text("Aki", "en", None))
        token = ref.seats[1].token
        host.start()
        play(game, host, 2)
        host.left("p1")
        before = len(game.actions())
        play(game, host, 3)  # moves while the guest is away (a computer's for it among them)
        host.message("p2", hello_text("Aki", "en", token))
        turns = views_to(sent, "p2")
        assert turns == sorted(turns) and turns[0] == 0 and turns[-1] == len(game.actions())
        assert set(range(before, len(game.actions()) + 1)) <= set(turns)
        host.changed()  # the view now was sent with them: not again
        assert views_to(sent, "p2") == turns

    asyncio.run(run())


def test_a_seats_views_kept_are_the_game_on_the_tables_only_and_bounded() -> None:
    _game, ref, host, _ = table()
    host.message("p1", hello_text("Aki", "en", None))
    host.start()
    ref.keep(1, view_text(1, "{}", 2), 2)
    assert ref.kept[1] == [view_text(1, "{}", 2)]  # game 2 began: game 1's views went
    for turn in range(MAX_KEPT_VIEWS + 5):
        ref.keep(1, view_text(turn, "{}", 2), 2)
    assert len(ref.kept[1]) == MAX_KEPT_VIEWS


def test_a_guest_page_drops_a_view_older_than_the_one_it_drew() -> None:
    game, _ref, host, sent = table()
    host.message("p1", hello_text("Aki", "en", None))
    host.start()
    play(game, host, 3)
    g = GuestTable(table_net.read_view, table_net.view_seat, "", "en")
    events = [g.receive(text) for p, text in sent if p == "p1"]
    assert events[-1] == GuestEvent("view") and g.turn == len(game.actions())
    first = next(t for p, t in sent if p == "p1" and json.loads(t)["t"] == "view")
    assert g.receive(first) == GuestEvent("seen") and g.turn == len(game.actions())


def test_the_views_kept_for_a_seat_go_when_the_host_plays_again() -> None:
    """Play again at the same table: the views kept of the game that ended are
    dropped (a new match's first game has the same number as the last one's), so a
    seat's kept views are the next game's only."""
    _game, ref, host, _ = table()
    host.message("p1", hello_text("Aki", "en", None))
    host.start()
    ref.views()
    assert ref.kept.get(1)
    ref.forget_views()
    assert not ref.kept.get(1)
