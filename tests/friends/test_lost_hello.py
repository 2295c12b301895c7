"""A line just made may lose (or long delay) its first texts: a guest's hello the host
never answered is said again at each beat until a welcome or a refusal comes, and
the host takes a hello said again on the same connection as the same guest's (its
seat, token and views sent again, no second seat). (A reply to "prove you are the
host" that proves nothing: ``tests/friends/test_host_reload.py``.) A host silent to every
hello has its line made anew every few beats."""

from __future__ import annotations

import json

from cardkit.table_net.guest import GuestEvent, GuestTable
from cardkit.table_net.guest_session import REDIAL_BEATS, GuestSession
from cardkit.table_net.host_session import HostSession
from cardkit.table_net.messages import hello_text, refused_text
from cardkit.table_net.referee import HELLO_AGAIN_GAP, Referee
from durak import table_net
from durak.game import Game
from durak.rules import Rules


class Line:
    """A host and one guest ("p1") joined by texts that are delivered or dropped."""

    def __init__(self, players: int = 2) -> None:
        self.game = Game.new(Rules(players=players), 7)
        game = self.game
        self.ref = Referee(table_net.seat_game(lambda: game), players, 0, range(1, players),
                           "durak")
        self.clock = 0.0
        self.wire: list[tuple[str, str, str]] = []  # (to, from, text)
        self.host = HostSession(self.ref, lambda text, peer: self.wire.append((peer, "H", text)),
                                lambda: None, now=lambda: self.clock)
        self.events: list[GuestEvent] = []
        self.guest = GuestSession(
            GuestTable(table_net.read_view, table_net.view_seat, "Aki", "en"), "H",
            lambda text, peer: self.wire.append((peer, "p1", text)), self.events.append)

    def deliver(self, drop: int = 0) -> list[str]:
        """Every text on the wire delivered, the first ``drop`` lost; the kinds delivered."""
        kinds = []
        while self.wire:
            to, sender, text = self.wire.pop(0)
            if drop:
                drop -= 1
                continue
            kinds.append(json.loads(text)["t"])
            if to == "H":
                self.host.message(sender, text)
            else:
                self.guest.message(sender, text)
        return kinds


def test_a_hello_lost_on_a_new_line_is_said_again_at_the_next_beat() -> None:
    line = Line()
    line.guest.joined("H")
    assert line.deliver(drop=1) == []  # the hello never reached the host
    assert line.ref.seats[1].kind == "open"
    line.guest.beat()  # no answer yet: the hello again, not a beat
    assert [json.loads(t)["t"] for _, _, t in line.wire] == ["hello"]
    line.deliver()
    assert line.ref.seats[1].kind == "guest" and line.guest.seat() == 1
    line.guest.beat()  # answered (welcomed): from now on a beat
    assert [json.loads(t)["t"] for _, _, t in line.wire] == ["beat"]


def test_a_welcome_lost_makes_the_host_answer_the_same_guest_again_not_seat_it_twice() -> None:
    line = Line(players=3)
    line.guest.joined("H")
    _to, sender, hello = line.wire.pop()
    line.host.message(sender, hello)  # seated
    line.host.start()
    assert line.ref.seat_of("p1") == 1
    line.wire.clear()  # the welcome, the seats and the first view lost on their way
    line.clock += HELLO_AGAIN_GAP
    line.guest.beat()
    kinds = line.deliver()
    assert kinds[:3] == ["hello", "welcome", "seats"] and "view" in kinds
    assert line.guest.seat() == 1 and line.guest.table.view is not None
    assert [s.kind for s in line.ref.seats] == ["host", "guest", "computer"]
    assert not [e for e in line.events if e.kind in ("refused", "bad")]


def test_a_hello_said_again_is_answered_at_most_once_in_the_gap() -> None:
    line = Line()
    line.guest.joined("H")
    line.deliver()
    line.wire.clear()
    hello = hello_text("Aki", "en", None)
    line.host.message("p1", hello)  # said again at once: answered
    line.host.message("p1", hello)  # and again within the gap: no more texts
    assert [json.loads(t)["t"] for _, _, t in line.wire] == ["welcome", "seats"]
    assert line.host.refusals == {}


def test_a_hello_said_again_with_another_seats_token_is_refused() -> None:
    line = Line()
    line.guest.joined("H")
    line.deliver()
    line.wire.clear()
    line.host.message("p1", hello_text("Aki", "en", "X" * 22))
    assert [json.loads(t)["reason"] for _, _, t in line.wire] == ["unknown"]
    assert line.ref.seat_of("p1") == 1


def test_a_refused_hello_is_not_said_again() -> None:
    """A full table answers ``full``: the page says so and asks no more."""
    line = Line()
    line.guest.joined("H")
    line.wire.clear()
    line.guest.message("H", refused_text("full", 0))
    line.guest.beat()
    assert line.wire == [] and line.events[-1] == GuestEvent("refused", "full")


def test_a_host_silent_to_every_hello_has_its_line_made_anew_at_every_few_beats() -> None:
    line = Line()
    redials: list[str] = []
    line.guest.redial = redials.append
    line.guest.joined("H")
    for _ in range(REDIAL_BEATS - 1):
        line.guest.beat()
        line.wire.clear()  # the host's page reads nothing of this line
    assert redials == []
    line.guest.beat()
    assert redials == ["H"]
    for _ in range(REDIAL_BEATS):
        line.guest.beat()
        line.wire.clear()
    assert redials == ["H", "H"]
    line.guest.beat()
    line.deliver()  # the new line carries the hello: seated, no more redials
    assert line.guest.seat() == 1
    for _ in range(2 * REDIAL_BEATS):
        line.guest.beat()
        line.deliver()
    assert redials == ["H", "H"]
