"""A table with friends, on the page: the host's session, a guest's, their panel.

The host's page holds the game and referees it (:mod:`cardkit.table_net.referee`):
:class:`HostSession` takes every text a guest sends through the bridge
(:class:`cardkit.ui_dom.friends_net.Bridge`), hands it to the referee and sends
what the referee answers; an action it accepts is the reply of that seat in the
turn loop (:attr:`cardkit.ui_dom.turn_loop.TurnLoop.seat_reply`), played as a
computer's is. After every move each guest gets its own seat's view (:meth:`HostSession.changed`).
A guest who drops is waited for :data:`AWAY_WAIT` seconds (everyone is told),
then the host's computers play the seat until the guest comes back with its
seat token.

:class:`GuestSession` reads only the host's texts (by the host's peer id, from
the link), with :class:`cardkit.table_net.guest.GuestTable`, and sends the
actions its person chooses. The host gone, the table ends with a notice.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any, Final

from cardkit.table_net.guest import GuestEvent, GuestTable
from cardkit.table_net.messages import end_text
from cardkit.table_net.referee import Outgoing, Referee
from cardkit.ui_dom.nodes import by_id, el

__all__ = ["AWAY_WAIT", "GuestSeat", "GuestSession", "HostSession", "Send", "panel_el"]

#: Seconds a dropped guest's seat waits (shown to everyone) before the host's
#: computers play it; the guest takes it back whenever they reopen the link.
AWAY_WAIT: Final = 10.0

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
        #: Seats a computer plays since their guest's wait ran out (until they return).
        self.replaced: set[int] = set()
        #: Refusals sent, by reason (the host's log, the tests' check).
        self.refusals: dict[str, int] = {}
        self.closed = False

    def _out(self, out: tuple[Outgoing, ...] | list[Outgoing]) -> None:
        for o in out:
            self.send(o.text, o.peer)

    # ---- the bridge's events ----------------------------------------------------

    def message(self, peer: str, text: str) -> None:
        if self.closed:
            return
        reply = self.referee.receive(peer, text, self.now())
        self._out(reply.out)
        if reply.refused:
            self.refusals[reply.refused] = self.refusals.get(reply.refused, 0) + 1
        if reply.seated is not None:
            self.replaced.discard(reply.seated)
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
        if seat is None:
            return
        self._seats_changed()
        if self.referee.started:
            # The wait runs whether or not the seat is to act: everyone sees it end.
            asyncio.get_running_loop().call_later(AWAY_WAIT, self._away_over, seat)

    def _away_over(self, seat: int) -> None:
        if self.kind(seat) == "away" and seat not in self.replaced:
            self.replaced.add(seat)
            self._seats_changed()

    def joined(self, peer: str) -> None:
        """A peer connected: it says hello (nothing to do until then)."""

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
        if not self.closed:
            self._out(self.referee.views())

    def end(self, reason: str, record: str | None) -> None:
        """The table is over (``over`` with the record, or ``closed``)."""
        text = end_text(reason, record)
        for peer in self.referee.guest_seats().values():
            self.send(text, peer)

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


class GuestSeat:
    """A guest's page's controller side: the view the host sent (``view``, the game's
    view object), its moment (``turn``), and the action chosen, sent once (``send``);
    until the host answers (a new view or a refusal) the page waits."""

    def __init__(self, view: Any, turn: int, send: Callable[[str], None]) -> None:
        self.view = view
        self.turn = turn
        self.send = send
        self.waiting = False

    def choose(self, action: str) -> None:
        if not self.waiting:
            self.waiting = True
            self.send(action)


class GuestSession:
    """A guest's side: the host's texts read without trust, the person's actions sent."""

    def __init__(self, table: GuestTable, host: str, send: Send,
                 on_event: Callable[[GuestEvent], None]) -> None:
        self.table = table
        self.host = host
        self.send = send
        self.on_event = on_event
        self.helloed = False
        #: Texts from other peers than the host, dropped unread.
        self.ignored = 0

    def joined(self, peer: str) -> None:
        if peer == self.host and not self.helloed:
            self.helloed = True
            self.send(self.table.hello(), self.host)

    def message(self, peer: str, text: str) -> None:
        if peer != self.host:
            self.ignored += 1
            return
        self.on_event(self.table.receive(text))

    def left(self, peer: str) -> None:
        if peer == self.host and self.table.ended is None:
            self.on_event(GuestEvent("host-left"))

    def act(self, action: str) -> None:
        self.send(self.table.act(action), self.host)


# ---- the panel ----------------------------------------------------------------------


def seat_line(t: Callable[..., str], seat: int, kind: str, name: str, mine: bool,
              replaced: bool) -> str:
    who = name or t("friends.seat", n=seat + 1)
    if mine:
        who = t("friends.you", name=who)
    if kind == "away":
        word = t("friends.kind.computer_now") if replaced else t(
            "friends.kind.away", s=int(AWAY_WAIT))
    else:
        word = t(f"friends.kind.{kind}")
    return f"{who}: {word}"


def panel_el(t: Callable[..., str], title: str, lines: list[str], link: str | None = None,
             qr: list[list[int]] | None = None, can_start: bool = False,
             note: str = "") -> Any:
    """The table's panel: who sits where, the link (and QR code) while seats are
    open, and the host's Start button."""
    box = el("section", "friends", id="friends", aria_label=t("friends.title"))
    box.append(el("h2", "friends-title", title))
    if link is not None:
        box.append(el("label", "friends-link-label", t("friends.link"), for_="friends-link"))
        field = el("input", "friends-link", id="friends-link", readonly=True, type="text")
        field.value = link
        box.append(field)
        box.append(el("button", "btn", t("friends.copy"), type="button", id="friends-copy",
                      data_act="friends-copy"))
        if qr:
            box.append(qr_el(t, qr))
    seats = el("ul", "friends-seats", id="friends-seats")
    for line in lines:
        seats.append(el("li", "", line))
    box.append(seats)
    if note:
        box.append(el("p", "friends-note", note, id="friends-note", role="status"))
    if can_start:
        box.append(el("button", "btn primary", t("friends.start"), type="button",
                      id="friends-start", data_act="friends-start"))
    return box


def qr_el(t: Callable[..., str], rows: list[list[int]]) -> Any:
    """The link's QR code as a canvas (drawn module by module: no markup from text)."""
    scale = 4
    size = len(rows) * scale
    canvas = el("canvas", "friends-qr", id="friends-qr", width=size, height=size,
                role="img", aria_label=t("friends.qr"))
    ctx = canvas.getContext("2d")
    ctx.fillStyle = "#fff"
    ctx.fillRect(0, 0, size, size)
    ctx.fillStyle = "#000"
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                ctx.fillRect(x * scale, y * scale, scale, scale)
    return canvas


def show_panel(panel: Any) -> None:
    """Put ``panel`` above the table (replacing the last one)."""
    old = by_id("friends")
    if old:
        old.replaceWith(panel)
        return
    table = by_id("table")
    if table:
        table.before(panel)


def remove_panel() -> None:
    old = by_id("friends")
    if old:
        old.remove()
