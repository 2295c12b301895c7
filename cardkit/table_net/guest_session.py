"""A table with friends, a guest's side: its session with the host, and its seat.

:class:`GuestSession` reads only the host's texts (by the host's peer id, from
the link), with :class:`cardkit.table_net.guest.GuestTable`, and sends the
actions its person chooses. The host gone, the guest waits :data:`HOST_WAIT`
seconds for it to come back (a reload of the host's page; between two games too,
while the table waits for the host to play again): a seated guest asks
every peer that joins to prove it is the host (``who``/``proof``, keyed by the
seat's token, :func:`cardkit.table_net.messages.host_proof`) and takes its seat
again from the one that does; a peer that has not answered is asked again at each
beat (a question or its answer lost while the reloaded page was still setting up
must not keep the seat away), and a reply that proves nothing leaves the question
standing. Past the wait the table ends with a notice. A hello the host has not
answered (a welcome or a refusal) is said again at each beat: on a line just made
under a busy machine the first text may come late or not at all, and the host takes
a hello said again on the same connection as the same guest's.  A peer that stays
silent to a hello or a question for :data:`REDIAL_BEATS` beats has its line made
anew (``redial``, the page's room joined again), and again after as many more: a
line whose opening handshake was lost on one side carries this page's texts to a
page that never reads them, however often said.  A line whose handshake this page's
room gave up on is made anew too while no host answered (:meth:`GuestSession.handshake_lost`).
A seat the host's seats say is away is counted down on the guest's own clock from
the moment this page heard it (:meth:`GuestSession.away_left`), as the host counts
its away wait: the host's message carries no time, so a page that joins while a
seat is already away counts from its own first sight of it.

:class:`GuestSeat` is a guest's page's controller side (the view the host sent and
the action chosen, sent once); :func:`guest_think` and :func:`guest_pause` are that
controller's, for the host's page plays every seat no person holds.

Pure Python: no page, no transport (the page's ``send`` carries the texts).
"""

from __future__ import annotations

import hmac
import math
import time
from collections.abc import Callable
from typing import Any, Final, Generic

from cardkit.table_net.guest import GuestEvent, GuestTable, V
from cardkit.table_net.host_session import AWAY_WAIT, Send
from cardkit.table_net.messages import (
    MessageError,
    Proof,
    beat_text,
    host_proof,
    name_text,
    new_token,
    parse_host,
    who_text,
)

__all__ = ["HOST_WAIT", "REDIAL_BEATS", "GuestSeat", "GuestSession", "guest_pause", "guest_think"]

#: Seconds a guest waits for a host whose connection was lost (a reload of the
#: host's page, on a phone, takes a few) before the table ends.
HOST_WAIT: Final = 60.0
#: Beats a peer may stay silent to this page's hello or question before its line is
#: made anew: an answer takes milliseconds, a busy phone's a few beats.
REDIAL_BEATS: Final = 6


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

    def receive(self, view: Any, turn: int) -> None:
        """The host's next view, at moment ``turn``: the page waits no more."""
        self.view, self.turn, self.waiting = view, turn, False


class GuestSession(Generic[V]):
    """A guest's side: the host's texts read without trust, the person's actions sent."""

    def __init__(self, table: GuestTable[V], host: str, send: Send,
                 on_event: Callable[[GuestEvent], None], seat: int | None = None,
                 now: Callable[[], float] = time.monotonic,
                 redial: Callable[[str], None] = lambda _peer: None) -> None:
        self.table = table
        #: Makes the line to a peer anew (the bridge's; none where there is no line).
        self.redial = redial
        #: The beats each peer has stayed silent to a hello or question of this page.
        self.silent: dict[str, int] = {}
        self.now = now
        #: Each seat the host says is away, and when this page first heard it (on
        #: :attr:`now`'s clock).
        self.away_since: dict[int, float] = {}
        self.host = host
        self.send = send
        self.on_event = on_event
        self.helloed = False
        #: Whether the host answered this page's last hello (a welcome or a refusal).
        self.answered = False
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

    def hello(self) -> None:
        """This page's hello to the host, said again at each beat until it answers."""
        self.helloed, self.answered = True, False
        self.send(self.table.hello(), self.host)

    def joined(self, peer: str) -> None:
        if peer == self.host and not self.helloed:
            self.hello()
            return
        seat = self.seat()
        if (peer != self.host and seat is not None and self.table.token
                and (self.table.ended is None or self.table.may_again)
                and peer not in self.asked):
            # Perhaps the host, back under a new id after a reload: ask it to prove it.
            nonce = new_token()
            self.asked[peer] = nonce
            self.send(who_text(seat, nonce), peer)

    def message(self, peer: str, text: str) -> None:
        self.silent.pop(peer, None)
        if peer != self.host:
            nonce = self.asked.get(peer)
            if nonce is not None and self._proved(peer, nonce, text):
                self.asked.clear()
                self.host = peer
                self.hello()
                self.on_event(GuestEvent("host-back"))
                return
            self.ignored += 1
            return
        event = self.table.receive(text)
        self._note_away()
        if event.kind in ("welcome", "refused", "end"):
            self.answered = True
        if event.kind == "refused" and event.reason == "silent":
            # The host heard nothing from this page for a while and counts its seat as
            # dropped: this page is here, so it takes the seat back with its token.
            self.hello()
            return
        self.on_event(event)

    def _note_away(self) -> None:
        away = {i for i, s in enumerate(self.table.seats) if s.kind == "away"}
        for seat in set(self.away_since) - away:
            del self.away_since[seat]
        for seat in away - set(self.away_since):
            self.away_since[seat] = self.now()

    def away_left(self, seat: int) -> int | None:
        """Whole seconds before a computer plays away ``seat``, as this page counts
        the host's away wait (``None``: the seat is not away)."""
        since = self.away_since.get(seat)
        if since is None:
            return None
        return max(0, math.ceil(since + AWAY_WAIT - self.now()))

    def beat(self) -> None:
        """This page's "still here" to the host, every :data:`BEAT` seconds while it
        holds a seat at a table that goes on (or waits for the host to play again);
        until the host answers its hello, the hello again. While the host is gone,
        each peer asked to prove it is the host and not proved so far is asked again,
        with the same nonce (a proof of the first asking still holds)."""
        table = self.table
        if not (table.ended is None or table.may_again):
            return
        if self.helloed and not self.answered:
            self._unanswered(self.host)
            self.send(table.hello(), self.host)
        elif self.helloed and table.seat is not None:
            self.send(beat_text(), self.host)
        elif not self.helloed and (seat := self.seat()) is not None:
            for peer, nonce in list(self.asked.items()):
                self._unanswered(peer)
                self.send(who_text(seat, nonce), peer)

    def handshake_lost(self, peer: str) -> None:
        """The page's room gave up waiting for ``peer``'s opening handshake on their
        line (it never came): the line is made anew while this page has no host that
        answered it, for the peer may be the host (come, or back after a reload) that
        its room never counted in, and so never met. A seated guest's lost handshake
        with another peer is none of the table's."""
        table = self.table
        if (self.helloed and self.answered) or not (table.ended is None or table.may_again):
            return
        self.redial(peer)

    def _unanswered(self, peer: str) -> None:
        """One more beat of ``peer``'s silence to this page's hello or question; at
        every :data:`REDIAL_BEATS` of it, the line made anew."""
        beats = self.silent[peer] = self.silent.get(peer, 0) + 1
        if beats % REDIAL_BEATS == 0:
            self.redial(peer)

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
        """A peer left: the host's going is waited for (:data:`HOST_WAIT`), mid-game
        or between two games alike, for it may be a reload of the host's page."""
        self.asked.pop(peer, None)
        if peer == self.host and (self.table.ended is None or self.table.may_again):
            self.helloed = False
            self.on_event(GuestEvent("host-left"))

    def act(self, action: str) -> None:
        self.send(self.table.act(action), self.host)

    def rename(self, name: str) -> None:
        """The person's name, said to the host once seated (else in the next hello)."""
        self.table.name = name
        if self.helloed and self.table.seat is not None:
            self.send(name_text(name), self.host)
