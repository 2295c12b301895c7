"""A table with friends, the host's side: its session with the guests, and what it keeps.

The host's page holds the game and referees it (:mod:`cardkit.table_net.referee`):
:class:`HostSession` takes every text a guest sends through the page's bridge
(:class:`cardkit.ui_dom.friends_net.Bridge`, handed in as :data:`Send`), hands it to
the referee and sends what the referee answers; an action it accepts is the reply of
that seat in the turn loop (:attr:`cardkit.ui_dom.turn_loop.TurnLoop.seat_reply`),
played as a computer's is. After every move each guest gets its own seat's view
(:meth:`HostSession.changed`). A guest who drops is waited for :data:`AWAY_WAIT`
seconds (everyone is told), then the host's computers play the seat until the guest
comes back with its seat token. At a game's end (:meth:`HostSession.end`, ``over``) the
table waits: the host may play again at it (:meth:`HostSession.again`: the same seats,
names and link, the next game dealt), a guest away meanwhile being a computer from
the next game's first move until it comes back. A guest's page that dies without a goodbye (a crash,
a dead line, a phone put away) is noticed by its silence: every seated guest says
``beat`` each :data:`BEAT` seconds, and a seat whose guest the host has not heard for
:data:`SILENT_CHECKS` of its checks in a row is treated as dropped
(:meth:`HostSession.check_silence`).

:class:`HostSave` is what the host's page keeps of its table (the room, its
password and relays, the seats and their tokens, whether the game is over), so that
a reload of the host's page opens the same room and the guests come back to the same
seats, mid-game or waiting for the host to play again.

Pure Python: no page, no transport (the page's ``send`` carries the texts).
"""

from __future__ import annotations

import asyncio
import json
import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Final

from cardkit.bounded_json import JsonShapeError, loads_bounded
from cardkit.table_net.messages import (
    SEAT_KINDS,
    again_text,
    end_text,
    game_record_text,
    refused_text,
)
from cardkit.table_net.referee import Outgoing, Referee

__all__ = ["AWAY_WAIT", "BEAT", "HOST_SAVE_CHARS", "SILENT_CHECKS", "HostSave", "HostSession",
           "Send"]

#: Seconds a dropped guest's seat waits (shown to everyone) before the host's
#: computers play it; the guest takes it back whenever they reopen the link.
AWAY_WAIT: Final = 10.0
#: Seconds between a seated guest's beats, and between the host's checks of them.
BEAT: Final = 1.0
#: The host's checks in a row a seated guest may pass unheard (no text at all)
#: before its seat is treated as dropped: a page gone without a goodbye is noticed
#: within about five seconds. Counted in the host's checks, not in seconds: a host
#: whose own page stood still (a busy or throttled tab, a test's clock moved on)
#: checks once when it wakes, and drops nobody for its own pause.
SILENT_CHECKS: Final = 4
#: The longest saved host's table read (a room, its relays, eight seats).
HOST_SAVE_CHARS: Final = 4000

Send = Callable[[str, str], None]
"""``send(text, peer)``: the bridge's."""


class HostSession:
    """The host's side of the table: the referee between the guests and the game."""

    def __init__(self, referee: Referee, send: Send, on_seats: Callable[[], None],
                 now: Callable[[], float] = time.monotonic) -> None:
        self.referee = referee
        self.send = send
        self.on_seats = on_seats
        self.now = now
        #: The seat whose person's action the turn loop waits for, and its answer.
        self.pending: dict[int, asyncio.Future[str]] = {}
        #: Any seat change (a guest left, came back): a waiting loop looks again.
        self.seat_change = asyncio.Event()
        #: An action accepted before the turn loop asked for it: (turn, reply).
        self.early: dict[int, tuple[int, str]] = {}
        #: Seats a computer plays since their guest's wait ran out (until they return):
        #: the referee's, which tells every guest.
        self.replaced: set[int] = referee.replaced
        #: Refusals sent, by reason (the host's log, the tests' check).
        self.refusals: dict[str, int] = {}
        #: The finished games' records sent (their messages, game 1 first): a guest
        #: who takes its seat (back) is sent them all.
        self.records: list[str] = []
        #: The end said at the last game's end (``over``) while the host may play again
        #: (no view goes out then; a guest who takes its seat meanwhile is told it too).
        self.over: str | None = None
        self.closed = False
        #: The host's silence checks so far, and the check each peer was last heard at.
        self.checks = 0
        self.heard: dict[str, int] = {}
        #: Each away seat's end of its wait (on :attr:`now`'s clock): the panel counts
        #: down to it (:meth:`away_left`), and then a computer plays the seat.
        self.away_until: dict[int, float] = {}

    def _out(self, out: tuple[Outgoing, ...] | list[Outgoing]) -> None:
        for o in out:
            self.send(o.text, o.peer)

    # ---- the bridge's events ----------------------------------------------------

    def message(self, peer: str, text: str) -> None:
        if self.closed:
            return
        self.heard[peer] = self.checks
        reply = self.referee.receive(peer, text, self.now())
        self._out(reply.out)
        if reply.refused:
            self.refusals[reply.refused] = self.refusals.get(reply.refused, 0) + 1
        if reply.cut:  # cut off: its seat (if it held one) is left, as by a dropped line
            if reply.seated is not None:
                self._seat_left(reply.seated)
            return
        if reply.seated is not None:
            self.replaced.discard(reply.seated)
            self.away_until.pop(reply.seated, None)
            self._seats_changed()
            if self.referee.seat_of(peer) == reply.seated:
                for text in self.records + ([self.over] if self.over else []):
                    self.send(text, peer)
        if reply.renamed is not None:
            self._seats_changed()
        if reply.accepted is not None:
            answer = json.dumps({"action": reply.accepted.action})
            waiting = self.pending.pop(reply.accepted.seat, None)
            if waiting is not None and not waiting.done():
                waiting.set_result(answer)
            else:  # chosen before the turn loop came to ask (during the pause)
                self.early[reply.accepted.seat] = (reply.accepted.turn, answer)

    def left(self, peer: str) -> None:
        if self.closed:
            return
        seat = self.referee.seat_of(peer)
        out = self.referee.drop(peer)
        self._out(out)
        if seat is not None:
            self._seat_left(seat)

    def _seat_left(self, seat: int) -> None:
        """A seat's person is gone (its line dropped, or the referee cut it off): it is
        away, and once the away wait ends a computer plays it until they come back."""
        if self.referee.started:
            # The wait runs whether or not the seat is to act: everyone sees it end.
            self.wait_away(seat, AWAY_WAIT)
        self._seats_changed()

    def wait_away(self, seat: int, seconds: float) -> None:
        """``seat``'s person is away: a computer plays it in ``seconds`` unless they
        come back first (a later wait of the same seat replaces this one)."""
        until = self.away_until[seat] = self.now() + seconds
        asyncio.get_running_loop().call_later(seconds, self._away_over, seat, until)

    def away_left(self, seat: int) -> int | None:
        """Whole seconds left of ``seat``'s away wait (``None``: it waits none)."""
        until = self.away_until.get(seat)
        return None if until is None else max(0, math.ceil(until - self.now()))

    def check_silence(self) -> None:
        """The host's check, every :data:`BEAT` seconds once the game started: a
        seated guest unheard for :data:`SILENT_CHECKS` checks has dropped, as if its
        line had. Should its page still hear, it is told (``silent``) and says hello
        again with its token, which gives it its seat back."""
        if self.closed or not self.referee.started:
            return
        self.checks += 1
        for peer in list(self.referee.guest_seats().values()):
            if self.checks - self.heard.setdefault(peer, self.checks) >= SILENT_CHECKS:
                del self.heard[peer]
                self.send(refused_text("silent", self.referee.game.turn), peer)
                self.left(peer)

    def _away_over(self, seat: int, until: float) -> None:
        if self.away_until.get(seat) != until:
            return  # the person came back meanwhile (and perhaps dropped again)
        del self.away_until[seat]
        if self.kind(seat) == "away" and seat not in self.replaced:
            self.replaced.add(seat)
            self._out(self.referee.broadcast_seats())  # every guest sees it too
            self._seats_changed()

    def joined(self, peer: str) -> None:
        """A peer connected: it says hello (nothing to do until then)."""

    def rename(self, name: str) -> None:
        """The host's person gives their name: every panel shows it."""
        self._out(self.referee.rename_host(name))
        self._seats_changed()

    def _seats_changed(self) -> None:
        self.seat_change.set()
        self.seat_change = asyncio.Event()
        self.on_seats()

    # ---- the table ----------------------------------------------------------------

    def start(self) -> None:
        self._out(self.referee.start())
        self.on_seats()

    def changed(self) -> None:
        """After every move: each guest its own view, where it changed."""
        if not self.closed and self.over is None:
            self._out(self.referee.views())

    def record(self, record: str) -> None:
        """The next finished game's record, to every guest at its end (and to any
        who takes its seat later)."""
        text = game_record_text(len(self.records) + 1, record)
        self.records.append(text)
        for peer in self.referee.guest_seats().values():
            self.send(text, peer)

    def end(self, reason: str, record: str | None) -> None:
        """The game is over (``over`` with its record: the host may play again,
        :meth:`again`) or the table is (``closed``, ``moved``)."""
        text = end_text(reason, record)
        self.over = text if reason == "over" else None
        for peer in self.referee.guest_seats().values():
            self.send(text, peer)

    def again(self, number: int) -> None:
        """The host plays again at the table after a game's end: every guest seated is
        told the ``number``-th game of the match is dealt (1: a new match, whose games'
        records start afresh), then sent its view of it. A seat whose guest is away is
        a computer's from the first move, until its guest comes back with its token."""
        if self.closed or self.over is None:
            return
        self.over = None
        if number == 1:
            self.records = []
        self.early.clear()
        for seat, s in enumerate(self.referee.seats):
            if s.kind == "away":
                self.replaced.add(seat)
        self.referee.forget_views()
        text = again_text(number)
        for peer in self.referee.guest_seats().values():
            self.send(text, peer)
        self._out(self.referee.broadcast_seats())
        self._seats_changed()
        self.changed()

    def kind(self, seat: int) -> str:
        return self.referee.seats[seat].kind

    async def reply(self, seat: int, computer: Callable[[], Awaitable[str]]) -> str:
        """The turn loop's reply for ``seat`` (:data:`cardkit.ui_dom.turn_loop.SeatReply`)."""
        while True:
            kind = self.kind(seat)
            if kind not in ("guest", "away") or seat in self.replaced:
                return await computer()
            change = self.seat_change
            if kind == "away":  # until it comes back, or its wait ends (_away_over)
                await change.wait()
                continue
            early = self.early.pop(seat, None)
            if early is not None and early[0] == self.referee.game.turn:
                return early[1]
            self.changed()  # the guest has the view it decides from
            future = self.pending.get(seat)
            if future is None or future.done():
                future = self.pending[seat] = asyncio.get_running_loop().create_future()
            moved: asyncio.Future[Any] = asyncio.ensure_future(change.wait())
            done, _ = await asyncio.wait([future, moved], return_when=asyncio.FIRST_COMPLETED)
            moved.cancel()
            if future in done:
                return future.result()


@dataclass(frozen=True)
class HostSave:
    """What the host's page keeps of its table to reopen it after a reload.

    ``game`` names the game the table plays (its match's seed: a save for another
    match is not the table's); ``by_hand`` the seats whose guests connected by the
    exchange of codes, without a relay (nothing finds them again after the reload:
    they wait the away wait, not a relay guest's longer one); ``over`` that the game
    is over and the table waits for the host to play again (a reload comes back to
    it so). :meth:`read` takes a stored text without trust: bounded, every field
    checked, ``None`` for anything else (a save kept without ``by_hand`` or ``over``
    reads with none, and not over).

    >>> s = HostSave("abcdefghijklmnop", "", ("ws://127.0.0.1:7447",), "7",
    ...              (("host", "", None), ("guest", "Aki", "A" * 22)), (1,), over=True)
    >>> HostSave.read(s.text()) == s, HostSave.read('{"room": 1}')
    (True, None)
    """

    room: str
    password: str
    relays: tuple[str, ...]
    game: str
    seats: tuple[tuple[str, str, str | None], ...]
    by_hand: tuple[int, ...] = ()
    over: bool = False

    def text(self) -> str:
        return json.dumps({"room": self.room, "password": self.password,
                           "relays": list(self.relays), "game": self.game,
                           "seats": [list(s) for s in self.seats],
                           "by_hand": list(self.by_hand), "over": self.over})

    @classmethod
    def read(cls, text: object) -> HostSave | None:
        if not isinstance(text, str) or len(text) > HOST_SAVE_CHARS:
            return None
        try:
            data = loads_bounded(text, max_chars=HOST_SAVE_CHARS, max_depth=3)
        except JsonShapeError:
            return None
        keys = {"room", "password", "relays", "game", "seats"}
        if not isinstance(data, dict) or not keys <= set(data) <= keys | {"by_hand", "over"}:
            return None
        room, password, relays, game, seats = (data[k] for k in (
            "room", "password", "relays", "game", "seats"))
        by_hand, over = data.get("by_hand", []), data.get("over", False)
        if type(over) is not bool:
            return None
        if not (isinstance(room, str) and isinstance(password, str) and isinstance(game, str)
                and isinstance(relays, list) and all(isinstance(r, str) for r in relays)
                and isinstance(seats, list) and 2 <= len(seats) <= 8):
            return None
        if not (isinstance(by_hand, list) and len(set(by_hand)) == len(by_hand) and all(
                type(n) is int and 0 < n < len(seats) for n in by_hand)):
            return None
        out: list[tuple[str, str, str | None]] = []
        for seat in seats:
            if not (isinstance(seat, list) and len(seat) == 3 and seat[0] in SEAT_KINDS
                    and isinstance(seat[1], str) and len(seat[1]) <= 24
                    and (seat[2] is None or isinstance(seat[2], str))):
                return None
            out.append((seat[0], seat[1], seat[2]))
        return cls(room, password, tuple(relays), game, tuple(out), tuple(by_hand), over)
