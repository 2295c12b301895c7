"""A table with friends, on the page: the host's session, a guest's, their panel.

The host's page holds the game and referees it (:mod:`cardkit.table_net.referee`):
:class:`HostSession` takes every text a guest sends through the bridge
(:class:`cardkit.ui_dom.friends_net.Bridge`), hands it to the referee and sends
what the referee answers; an action it accepts is the reply of that seat in the
turn loop (:attr:`cardkit.ui_dom.turn_loop.TurnLoop.seat_reply`), played as a
computer's is. After every move each guest gets its own seat's view (:meth:`HostSession.changed`).
A guest who drops is waited for :data:`AWAY_WAIT` seconds (everyone is told),
then the host's computers play the seat until the guest comes back with its
seat token. A guest's page that dies without a goodbye (a crash, a dead line, a
phone put away) is noticed by its silence: every seated guest says ``beat``
each :data:`BEAT` seconds, and a seat whose guest the host has not heard for
:data:`SILENT_CHECKS` of its checks in a row is treated as dropped
(:meth:`HostSession.check_silence`).

:class:`GuestSession` reads only the host's texts (by the host's peer id, from
the link), with :class:`cardkit.table_net.guest.GuestTable`, and sends the
actions its person chooses. The host gone, the guest waits :data:`HOST_WAIT`
seconds for it to come back (a reload of the host's page): a seated guest asks
every peer that joins to prove it is the host (``who``/``proof``, keyed by the
seat's token, :func:`cardkit.table_net.messages.host_proof`) and takes its seat
again from the one that does. Past the wait the table ends with a notice.

:class:`HostSave` is what the host's page keeps of its table (the room, its
password and relays, the seats and their tokens), so that a reload of the
host's page opens the same room and the guests come back to the same seats.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Final

from cardkit.bounded_json import JsonShapeError, loads_bounded
from cardkit.table_net.guest import GuestEvent, GuestTable
from cardkit.table_net.messages import (
    SEAT_KINDS,
    MessageError,
    Proof,
    beat_text,
    end_text,
    game_record_text,
    host_proof,
    name_text,
    new_token,
    parse_host,
    refused_text,
    who_text,
)
from cardkit.table_net.referee import Outgoing, Referee
from cardkit.ui_dom.nodes import by_id, el
from cardkit.ui_dom.pass_play import NAME_MAX

__all__ = ["AWAY_WAIT", "BEAT", "HOST_WAIT", "SILENT_CHECKS", "GuestSeat", "GuestSession",
           "HostSave", "HostSession", "Send", "guest_pause", "guest_think", "panel_el",
           "room_form_el"]

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
#: Seconds a guest waits for a host whose connection was lost (a reload of the
#: host's page, on a phone, takes a few) before the table ends.
HOST_WAIT: Final = 60.0
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
        self.closed = False
        #: The host's silence checks so far, and the check each peer was last heard at.
        self.checks = 0
        self.heard: dict[str, int] = {}

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
            self._seats_changed()
            if self.referee.seat_of(peer) == reply.seated:
                for text in self.records:
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
        self._seats_changed()
        if self.referee.started:
            # The wait runs whether or not the seat is to act: everyone sees it end.
            asyncio.get_running_loop().call_later(AWAY_WAIT, self._away_over, seat)

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

    def _away_over(self, seat: int) -> None:
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
        if not self.closed:
            self._out(self.referee.views())

    def record(self, record: str) -> None:
        """The next finished game's record, to every guest at its end (and to any
        who takes its seat later)."""
        text = game_record_text(len(self.records) + 1, record)
        self.records.append(text)
        for peer in self.referee.guest_seats().values():
            self.send(text, peer)

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


async def guest_think(_view: str, _level: str, _seed: int) -> str:
    """A guest's controller's ``think``: its page decides for no seat (the host's
    computers play every seat no person holds)."""
    raise RuntimeError("a guest's page decides for no seat")


async def guest_pause() -> None:
    """A guest's controller's ``pause``: the host's page keeps the table's pace."""
    return None


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
                 on_event: Callable[[GuestEvent], None], seat: int | None = None) -> None:
        self.table = table
        self.host = host
        self.send = send
        self.on_event = on_event
        self.helloed = False
        #: Texts from other peers than the host, dropped unread.
        self.ignored = 0
        #: This page's own peer id (the bridge's): a host's proof names it.
        self.self_id = ""
        #: The seat this guest held before its page reloaded (kept with its token).
        self.known_seat = seat
        #: Peers asked to prove they are the host: peer → the nonce sent.
        self.asked: dict[str, str] = {}

    def seat(self) -> int | None:
        return self.table.seat if self.table.seat is not None else self.known_seat

    def joined(self, peer: str) -> None:
        if peer == self.host and not self.helloed:
            self.helloed = True
            self.send(self.table.hello(), self.host)
            return
        seat = self.seat()
        if (peer != self.host and seat is not None and self.table.token
                and self.table.ended is None and peer not in self.asked):
            # Perhaps the host, back under a new id after a reload: ask it to prove it.
            nonce = new_token()
            self.asked[peer] = nonce
            self.send(who_text(seat, nonce), peer)

    def message(self, peer: str, text: str) -> None:
        if peer != self.host:
            nonce = self.asked.pop(peer, None)
            if nonce is not None and self._proved(peer, nonce, text):
                self.host, self.helloed = peer, True
                self.send(self.table.hello(), peer)
                self.on_event(GuestEvent("host-back"))
                return
            self.ignored += 1
            return
        event = self.table.receive(text)
        if event.kind == "refused" and event.reason == "silent":
            # The host heard nothing from this page for a while and counts its seat as
            # dropped: this page is here, so it takes the seat back with its token.
            self.send(self.table.hello(), self.host)
            return
        self.on_event(event)

    def beat(self) -> None:
        """This page's "still here" to the host, every :data:`BEAT` seconds while it
        holds a seat at a table that goes on."""
        if self.helloed and self.table.seat is not None and self.table.ended is None:
            self.send(beat_text(), self.host)

    def _proved(self, peer: str, nonce: str, text: str) -> bool:
        token, seat = self.table.token, self.seat()
        try:
            msg = parse_host(text)
        except MessageError:
            return False
        if not isinstance(msg, Proof) or token is None or msg.seat != seat:
            return False
        return hmac.compare_digest(msg.proof, host_proof(token, nonce, peer, self.self_id))

    def left(self, peer: str) -> None:
        self.asked.pop(peer, None)
        if peer == self.host and self.table.ended is None:
            self.helloed = False
            self.on_event(GuestEvent("host-left"))

    def act(self, action: str) -> None:
        self.send(self.table.act(action), self.host)

    def rename(self, name: str) -> None:
        """The person's name, said to the host once seated (else in the next hello)."""
        self.table.name = name
        if self.helloed and self.table.seat is not None:
            self.send(name_text(name), self.host)


@dataclass(frozen=True)
class HostSave:
    """What the host's page keeps of its table to reopen it after a reload.

    ``game`` names the game the table plays (its match's seed: a save for another
    match is not the table's). :meth:`read` takes a stored text without trust:
    bounded, every field checked, ``None`` for anything else.

    >>> s = HostSave("abcdefghijklmnop", "", ("ws://127.0.0.1:7447",), "7",
    ...              (("host", "", None), ("guest", "Aki", "A" * 22)))
    >>> HostSave.read(s.text()) == s, HostSave.read('{"room": 1}')
    (True, None)
    """

    room: str
    password: str
    relays: tuple[str, ...]
    game: str
    seats: tuple[tuple[str, str, str | None], ...]

    def text(self) -> str:
        return json.dumps({"room": self.room, "password": self.password,
                           "relays": list(self.relays), "game": self.game,
                           "seats": [list(s) for s in self.seats]})

    @classmethod
    def read(cls, text: object) -> HostSave | None:
        if not isinstance(text, str) or len(text) > HOST_SAVE_CHARS:
            return None
        try:
            data = loads_bounded(text, max_chars=HOST_SAVE_CHARS, max_depth=3)
        except JsonShapeError:
            return None
        if not isinstance(data, dict) or set(data) != {"room", "password", "relays", "game",
                                                        "seats"}:
            return None
        room, password, relays, game, seats = (data[k] for k in (
            "room", "password", "relays", "game", "seats"))
        if not (isinstance(room, str) and isinstance(password, str) and isinstance(game, str)
                and isinstance(relays, list) and all(isinstance(r, str) for r in relays)
                and isinstance(seats, list) and 2 <= len(seats) <= 8):
            return None
        out: list[tuple[str, str, str | None]] = []
        for seat in seats:
            if not (isinstance(seat, list) and len(seat) == 3 and seat[0] in SEAT_KINDS
                    and isinstance(seat[1], str) and len(seat[1]) <= 24
                    and (seat[2] is None or isinstance(seat[2], str))):
                return None
            out.append((seat[0], seat[1], seat[2]))
        return cls(room, password, tuple(relays), game, tuple(out))



# ---- the panel ----------------------------------------------------------------------


def seat_line(t: Callable[..., str], seat: int, kind: str, name: str, mine: bool,
              replaced: bool, started: bool = True) -> str:
    """A seat's line: who (its name, or "Seat N"; "(you)") and what it is now (a
    guest's seat in the lobby waits for the start: nobody plays yet)."""
    who = name or t("friends.seat", n=seat + 1)
    if mine:
        who = t("friends.you", name=who)
    if kind in ("away", "replaced"):
        word = t("friends.kind.computer_now") if replaced or kind == "replaced" else t(
            "friends.kind.away", s=int(AWAY_WAIT))
    elif kind == "guest" and not started:
        word = t("friends.kind.guest_waiting")
    else:
        word = t(f"friends.kind.{kind}")
    return f"{who}: {word}"


def seat_items(t: Callable[..., str], seats: list[tuple[str, str]], mine: int,
               replaced: set[int]) -> list[tuple[str, bool]]:
    """A started table's seats (each its kind and name), short: each seat a person
    plays, or played, said as in the lobby (:func:`seat_line`); a run of seats the
    computers play from the start in one item ("Seats 3–5: computers"), which the
    table's own seat panels name one by one.  Each item with whether its person
    dropped (away, or a computer playing for them now): that stays said at once."""
    items: list[tuple[str, bool]] = []
    i = 0
    while i < len(seats):
        kind, name = seats[i]
        end = i
        while (kind == "computer" and end + 1 < len(seats)
               and seats[end + 1][0] == "computer" and not seats[end + 1][1]):
            end += 1
        if end > i and not name:
            items.append((f'{t("friends.seats", a=i + 1, b=end + 1)}: '
                          f'{t("friends.kind.computers")}', False))
        else:
            end = i
            dropped = kind in ("away", "replaced") or i in replaced
            items.append((seat_line(t, i, kind, name, i == mine, i in replaced), dropped))
        i = end + 1
    return items


#: A seat's state at a table with friends, as the news about it tells it.
SeatState = tuple[str, str, bool]  # its kind, its person's name, a computer playing for them

#: The states of a seat a person holds or held (the rest: open, a computer's from the start).
_PEOPLE: Final = frozenset({"host", "guest", "away", "replaced"})


def seat_news(t: Callable[..., str], before: list[SeatState] | None,
              after: list[SeatState], mine: int) -> list[str]:
    """What changed at the table's seats between two drawings of its panel, a line a
    seat, for the screen reader's log: a person who took a seat, dropped, was
    replaced by a computer, came back or left the lobby.  The page's own seat, a
    seat the computers take at the start and a first drawing (``before`` None, or
    another table's seats) say nothing; a name changing alone is no news."""
    if before is None or len(before) != len(after):
        return []
    lines = []
    for seat, ((was, _, was_replaced), (kind, name, replaced)) in enumerate(
            zip(before, after, strict=True)):
        old = "replaced" if was_replaced else was
        new = "replaced" if replaced else kind
        if seat == mine or old == new or not {old, new} & _PEOPLE:
            continue
        if new in ("host", "guest") and old in ("away", "replaced"):
            lines.append(t("friends.back", who=name or t("friends.seat", n=seat + 1)))
        else:
            lines.append(seat_line(t, seat, kind, name, False, replaced))
    return lines


def panel_el(t: Callable[..., str], title: str, lines: list[str], link: str | None = None,
             qr: list[list[int]] | None = None, can_start: bool = False,
             note: str = "", compact: bool = False, dropped: frozenset[int] = frozenset(),
             can_share: bool = False) -> Any:
    """The table's panel: who sits where, the link (its Copy, its Share where the
    browser has a share sheet, and its QR code) while seats are open, and the host's
    Start button.  ``compact`` (a started table): the title and
    the seats run on as one wrapped line above the table (style.css), the lines
    numbered in ``dropped`` marked (a person who dropped stands out)."""
    box = el("section", "friends compact" if compact else "friends", id="friends",
             aria_label=t("friends.title"))
    box.append(el("h2", "friends-title", title))
    if link is not None:
        box.append(el("label", "friends-link-label", t("friends.link"), for_="friends-link"))
        field = el("input", "friends-link", id="friends-link", readonly=True, type="text")
        field.value = link
        box.append(field)
        box.append(el("button", "btn", t("friends.copy"), type="button", id="friends-copy",
                      data_act="friends-copy"))
        if can_share:
            box.append(el("button", "btn", t("friends.share"), type="button",
                          id="friends-share", data_act="friends-share"))
        if qr:
            box.append(qr_el(t, qr))
    seats = el("ul", "friends-seats", id="friends-seats")
    for n, line in enumerate(lines):
        seats.append(el("li", "friends-dropped" if n in dropped else "", line))
    box.append(seats)
    if note:
        box.append(el("p", "friends-note", note, id="friends-note", role="status"))
    if can_start:
        box.append(el("button", "btn primary", t("friends.start"), type="button",
                      id="friends-start", data_act="friends-start"))
    return box


def name_form_el(t: Callable[..., str], name: str) -> Any:
    """The person's name at the table, before the start: every seat's panel (and the
    table's seat labels) show it in place of "Seat N"."""
    box = el("div", "friends-room", id="friends-name-box")
    box.append(el("label", "friends-label", t("friends.name"), for_="friends-name"))
    field = el("input", "friends-name", id="friends-name", type="text", autocomplete="nickname",
               maxlength=str(NAME_MAX))
    field.value = name
    box.append(field)
    box.append(el("button", "btn", t("friends.name_save"), type="button", id="friends-name-save"))
    return box


def other_ways_el(t: Callable[..., str], open_: bool, key: str = "friends.more") -> Any:
    """The lobby folds what most tables never need (the host's password, relays and
    exchange of codes without a relay; anyone's TURN server) under one "Other ways to
    connect" (``key``: its words, a guest's fold holding only the TURN server)."""
    box = el("details", "friends-more", id="friends-more")
    box.open = open_
    box.append(el("summary", "friends-more-title", t(key)))
    return box


def room_form_el(t: Callable[..., str], password: str, relays: tuple[str, ...]) -> Any:
    """The host's room before the start: a password (it travels in the link's
    fragment only) and the relays (one a line), applied together."""
    box = el("div", "friends-room", id="friends-room")
    box.append(el("label", "friends-label", t("friends.password"), for_="friends-password"))
    field = el("input", "friends-password", id="friends-password", type="text",
               autocomplete="off", maxlength="64")
    field.value = password
    box.append(field)
    box.append(el("label", "friends-label", t("friends.relays"), for_="friends-relays"))
    area = el("textarea", "friends-relays", id="friends-relays", rows="2", spellcheck="false")
    area.value = "\n".join(relays)
    box.append(area)
    box.append(el("button", "btn", t("friends.apply"), type="button", id="friends-apply"))
    return box


def qr_el(t: Callable[..., str], rows: list[list[int]], id_: str = "friends-qr",
          label: str = "friends.qr") -> Any:
    """A link's QR code as a canvas (drawn module by module: no markup from text)."""
    scale = 4
    size = len(rows) * scale
    canvas = el("canvas", "friends-qr", id=id_, width=size, height=size,
                role="img", aria_label=t(label))
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
