"""A table played in one process: the host's referee, its guests and the game,
every message carried as the transport would carry it, every message to a
guest recorded with the view its seat had at that moment."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from cardkit.table_net.guest import GuestTable
from cardkit.table_net.referee import EngineSeats, Outgoing, Referee


@dataclass
class Game:
    """An engine's game and its helpers for the table."""

    game: Any
    seats: EngineSeats
    action_text: Callable[[Any], str]
    read_view: Callable[[dict[str, object]], object]
    view_seat: Callable[[object], int]
    name: str


def napoleon_game(seed: int) -> Game:
    from napoleon import table_net
    from napoleon.actions import action_text
    from napoleon.game import Game as NapoleonGame
    from napoleon.rules import Rules

    box: dict[str, Any] = {"g": NapoleonGame.new(Rules(), seed)}
    return Game(box["g"], table_net.seat_game(lambda: box["g"]), action_text,
                table_net.read_view, table_net.view_seat, table_net.GAME_NAME)


def durak_game(seed: int, players: int = 2) -> Game:
    from durak import table_net
    from durak.actions import action_text
    from durak.game import Game as DurakGame
    from durak.rules import Rules

    box: dict[str, Any] = {"g": DurakGame.new(Rules(players=players), seed)}
    return Game(box["g"], table_net.seat_game(lambda: box["g"]), action_text,
                table_net.read_view, table_net.view_seat, table_net.GAME_NAME)


def pile_game(mode: str, seed: int, players: int = 3) -> Game:
    from durak import table_net
    from durak.pile.actions import action_text
    from durak.pile.game import PileGame
    from durak.pile.options import PileRules

    box: dict[str, Any] = {"g": PileGame.new(PileRules(mode=mode, players=players), seed)}
    return Game(box["g"], table_net.seat_game(lambda: box["g"]), action_text,
                table_net.read_view, table_net.view_seat, table_net.GAME_NAME)


def suit_deal_game(seed: int, players: int = 3) -> Game:
    from durak import table_net
    from durak.actions import action_text
    from durak.family.modes import SUIT_DEAL
    from durak.rules import Rules
    from durak.suit_deal.deal_phase import TakeWith
    from durak.suit_deal.game import SuitDealGame

    def text(action: Any) -> str:
        return action.text() if isinstance(action, TakeWith) else action_text(action)

    box: dict[str, Any] = {"g": SuitDealGame.new(Rules(mode=SUIT_DEAL, players=players), seed)}
    return Game(box["g"], table_net.seat_game(lambda: box["g"]), text,
                table_net.read_view, table_net.view_seat, table_net.GAME_NAME)


@dataclass
class Sent:
    """One text to a guest, with what its seat could see when it was sent."""

    seat: int | None
    text: str
    seat_view: str | None
    over: bool


@dataclass
class Table:
    g: Game
    referee: Referee
    guests: dict[str, GuestTable[Any]] = field(default_factory=dict)
    sent: list[Sent] = field(default_factory=list)
    now: float = 0.0

    def deliver(self, out: list[Outgoing] | tuple[Outgoing, ...]) -> None:
        for o in out:
            seat = self.referee.seat_of(o.peer)
            view = None if seat is None else self.g.game.view(seat).to_json()
            self.sent.append(Sent(seat, o.text, view, bool(self.g.game.is_over)))
            guest = self.guests.get(o.peer)
            if guest is not None:
                event = guest.receive(o.text)
                assert event.kind != "bad", (event, o.text[:200])

    def join(self, peer: str, name: str, token: str | None = None) -> GuestTable[Any]:
        g = self.g
        guest = self.guests[peer] = GuestTable(g.read_view, g.view_seat, name, "en", token)
        self.send(peer, guest.hello())
        return guest

    def send(self, peer: str, text: object) -> Any:
        self.now += 0.2
        reply = self.referee.receive(peer, text, self.now)
        self.deliver(reply.out)
        return reply


def new_table(g: Game, players: int, open_seats: list[int]) -> Table:
    return Table(g, Referee(g.seats, players, 0, open_seats, g.name, "Host"))


def play_out(t: Table, rng: random.Random, max_moves: int = 2000) -> int:
    """Play to the end: a guest's seat through its messages, the others at random
    on the host; returns the number of actions guests made."""
    g = t.g.game
    by_seat = {s: p for p, s in ((p, t.referee.seat_of(p)) for p in t.guests) if s is not None}
    guest_moves = 0
    for _ in range(max_moves):
        if g.is_over:
            break
        seat = g.to_act
        action = rng.choice(g.legal_actions())
        if t.referee.is_remote(seat):
            peer = by_seat[seat]
            guest = t.guests[peer]
            assert guest.view is not None and t.g.view_seat(guest.view) == seat
            reply = t.send(peer, guest.act(t.g.action_text(action)))
            assert reply.accepted is not None, reply
            g.apply(action, seat)
            guest_moves += 1
        else:
            g.apply(action, seat)
        t.deliver(t.referee.views())
    return guest_moves


def view_of_message(text: str) -> Any:
    return json.loads(text).get("view")
