"""A guest's side of a table: the host's messages read without trust.

A guest's page draws only what :class:`GuestTable` accepted: its seat and token
(kept in the guest's storage, to take the seat back after a reload), the seats'
names, its own seat's view, read by the game's own view reader, and the records
of the games finished (their text, for the game's record reader).  After a game's
end (``end``, reason ``over``) the table waits for the host to play again
(:attr:`GuestTable.may_again`): ``again`` deals the next game at the same seat, the
same ``end`` told again (the host's page reloaded) keeps the wait, another ``end``
(or the host gone for good: :meth:`GuestTable.host_gone`) says it will not.  A view for
another seat, a view the reader refuses, a message of a kind or shape the
protocol does not know: each is dropped with a reason and a short detail
(:class:`GuestEvent`, which the page words in a notice), never an exception,
and the table as drawn stays as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Generic, TypeVar

from cardkit.table_net.messages import (
    Again,
    End,
    MessageError,
    Proof,
    Record,
    Refused,
    SeatInfo,
    Seats,
    View,
    Welcome,
    act_text,
    hello_text,
    parse_host,
)

__all__ = ["GuestEvent", "GuestTable", "VIEW_ERRORS"]

#: What a game's view reader raises on a view it cannot read (the engines'
#: ``from_dict`` over a parsed JSON object): a bad view is refused with these.
VIEW_ERRORS: Final = (KeyError, TypeError, ValueError, AttributeError, IndexError)


@dataclass(frozen=True)
class GuestEvent:
    """What one host message did: ``kind`` is the message's kind, ``seen`` for a view
    older than the one drawn (nothing to do), or ``bad`` with
    ``reason`` (a code) and ``detail`` (what was wrong, short: the field a reader
    named) for a message dropped."""

    kind: str
    reason: str = ""
    detail: str = ""


#: A seat's view as the game's reader reads it.
V = TypeVar("V")


class GuestTable(Generic[V]):
    """The guest's state: ``read(view_dict)`` is the game's view reader and
    ``seat_of(view)`` the seat a view it read belongs to."""

    def __init__(
        self,
        read: Callable[[dict[str, object]], V],
        seat_of: Callable[[object], int],
        name: str,
        lang: str,
        token: str | None = None,
    ) -> None:
        self.read = read
        self.view_seat = seat_of
        self.name = name
        self.lang = lang
        self.token = token
        self.seat: int | None = None
        self.players = 0
        self.game = ""
        #: The table's rules as the host's welcome says them (their text; ``""``: none
        #: said): the game's page reads them (the guest sees them before any view).
        self.rules = ""
        self.seats: tuple[SeatInfo, ...] = ()
        self.started = False
        self.view: V | None = None
        self.turn = 0
        #: The number of the match's game the view drawn is of (the host says it).
        self.number = 1
        self.refused: str | None = None
        self.ended: End | None = None
        #: Past a game's end (``over``): the host may still play again at this table.
        self.may_again = False
        #: The last finished game's record received (the page reads and keeps it).
        self.record: Record | None = None

    def hello(self) -> str:
        return hello_text(self.name, self.lang, self.token)

    def act(self, action: str) -> str:
        """The message choosing ``action`` at the moment of the view drawn."""
        return act_text(self.turn, action)

    def receive(self, text: object) -> GuestEvent:
        try:
            msg = parse_host(text)
        except MessageError as e:
            return GuestEvent("bad", e.reason, e.detail)
        if self.ended is not None:
            return self._after_end(msg)
        if isinstance(msg, Again):
            return GuestEvent("bad", "again", "no game ended")
        if isinstance(msg, Welcome):
            if self.seat is not None and msg.seat != self.seat:
                return GuestEvent("bad", "seat")
            if msg.seat >= msg.players:
                return GuestEvent("bad", "seat")
            self.seat, self.token, self.players, self.game, self.rules = (
                msg.seat, msg.token, msg.players, msg.game, msg.rules)
            return GuestEvent("welcome")
        if isinstance(msg, View):
            return self._view(msg)
        if isinstance(msg, Seats):
            return self._seats(msg)
        if isinstance(msg, Refused):
            self.refused = msg.reason
            return GuestEvent("refused", msg.reason)
        if isinstance(msg, Record):
            if self.seat is None:
                return GuestEvent("bad", "not-seated")
            self.record = msg
            return GuestEvent("record")
        if isinstance(msg, Proof):  # asked of a peer that joined; never of the host
            return GuestEvent("bad", "unknown", "proof")
        self.ended = msg
        self.may_again = msg.reason == "over" and self.seat is not None
        return GuestEvent("end", msg.reason)

    def _seats(self, msg: Seats) -> GuestEvent:
        if self.players and len(msg.seats) != self.players:
            return GuestEvent("bad", "seats")
        self.seats, self.started = msg.seats, msg.started
        return GuestEvent("seats")

    def _after_end(self, msg: object) -> GuestEvent:
        """A message past the end: while the host may play again, its ``again`` (the
        next game: the seat's view of it comes next), its ``end`` (``over`` again: the
        host's page came back to the finished table, which still waits; another: it
        will not, ``done``) and the seats (a friend left or came back meanwhile); anything else,
        and everything after the table's last end, is dropped as ``over``."""
        if not self.may_again:
            return GuestEvent("bad", "over")
        if isinstance(msg, Again):
            self.ended, self.may_again = None, False
            self.view, self.turn, self.refused, self.number = None, 0, None, msg.game
            return GuestEvent("again")
        if isinstance(msg, End) and msg.reason == "over":
            # Said again (the host's page reloaded, and this seat is back): the table
            # still waits for the host to play again.
            self.ended = msg
            return GuestEvent("end", msg.reason)
        if isinstance(msg, End):
            self.may_again = False
            return GuestEvent("done", msg.reason)
        if isinstance(msg, Seats):
            return self._seats(msg)
        return GuestEvent("bad", "over")

    def host_gone(self) -> bool:
        """The host left while this table waited for it to play again: it will not
        (``True``: the wait is over now)."""
        was, self.may_again = self.may_again, False
        return was

    def _view(self, msg: View) -> GuestEvent:
        if self.seat is None:
            return GuestEvent("bad", "not-seated")
        try:
            view = self.read(dict(msg.view))
            seat = self.view_seat(view)
        except VIEW_ERRORS as e:
            return GuestEvent("bad", "view", str(e))
        if seat != self.seat:
            return GuestEvent("bad", "seat", f"a view of seat {seat + 1}")
        if self.view is not None and msg.game == self.number and msg.turn < self.turn:
            # A view this page drew already passed (a seat taken back is sent every
            # view of the game kept for it): the view drawn stays.
            return GuestEvent("seen")
        self.view, self.turn, self.refused = view, msg.turn, None
        self.number = msg.game
        return GuestEvent("view")
