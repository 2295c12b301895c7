"""The host's referee: seats, tokens, and every guest's message checked.

The host's page holds the game; :class:`Referee` stands between it and the
guests.  It seats a guest (a new seat and its token, or with the token the seat
it held), sends each guest its own seat's view and nothing else
(:meth:`Referee.views`), and checks every action a guest sends: that peer holds
a seat, that seat is to act, the game has not moved since the guest chose
(``turn``), and the engine accepts the action (on a copy of the game, so a
refused action leaves nothing behind).  An accepted action is handed back
(:class:`Accepted`); the host's turn loop plays it as it plays a computer's
reply, so the game, its save and its drawing have one path.  Anything else is
refused with a reason code (:data:`cardkit.table_net.messages.REASONS`), sent
to that peer only; a peer sending faster than :class:`RateLimit` allows is cut
off.

Each person's seat keeps the views of the game on the table it was shown, or
would have been shown while its guest was away (:attr:`Referee.kept`): a guest who
takes its seat back is sent them all, in order, so its page reads the moves it
missed (a computer's for it among them) as it reads any move, from the views
around it, and a page opened anew reads the game from its first view.

The referee knows no engine: a game reaches it through :class:`SeatGame`, which
:class:`EngineSeats` builds from any engine with ``to_act``, ``is_over``,
``legal_actions``, ``apply(action, seat)``, ``view(seat)`` and ``clone``.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from cardkit.table_net.messages import (
    Act,
    Beat,
    Hello,
    MessageError,
    Name,
    SeatInfo,
    Who,
    host_proof,
    new_token,
    parse_guest,
    proof_text,
    refused_text,
    seats_text,
    view_text,
    welcome_text,
)

__all__ = [
    "HELLO_AGAIN_GAP", "MAX_KEPT_VIEWS", "Accepted", "EngineSeats", "Outgoing", "RateLimit",
    "Referee", "Reply", "SeatGame",
]


class SeatGame(Protocol):
    """What the referee asks of the game at the table."""

    @property
    def to_act(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def turn(self) -> int:
        """The number of actions made so far (an action answers one moment)."""
        ...

    @property
    def progress(self) -> tuple[object, ...]:
        """Where the game on the table is: the same progress, the same views (the
        referee builds a seat's view again only when it moved, not at every look)."""
        ...

    def view_json(self, seat: int) -> str: ...

    def refusal(self, seat: int, action: str) -> str | None:
        """Why the engine refuses ``action`` by ``seat`` now, or ``None``."""
        ...


class EngineSeats:
    """A :class:`SeatGame` over an engine's game object.

    ``parse(text)`` reads an action's text (the engine's ``parse_action``),
    ``errors`` are the engine's refusals (its text and legality errors), and
    ``count(game)`` its number of actions so far.  ``game`` is read through
    ``current()`` each time, so the adapter follows the controller's game from
    one deal to the next.
    """

    def __init__(
        self,
        current: Callable[[], Any],
        parse: Callable[[str], object],
        errors: tuple[type[Exception], ...],
        count: Callable[[Any], int],
    ) -> None:
        self.current = current
        self.parse = parse
        self.errors = errors
        self.count = count

    @property
    def to_act(self) -> int | None:
        g = self.current()
        return None if g.is_over else int(g.to_act)

    @property
    def is_over(self) -> bool:
        return bool(self.current().is_over)

    @property
    def turn(self) -> int:
        return self.count(self.current())

    @property
    def progress(self) -> tuple[object, ...]:
        """The game object itself (a new deal, an undo's rebuilt game: another one)
        and its number of actions (the object changes in place by its moves)."""
        g = self.current()
        return (g, self.count(g))

    def view_json(self, seat: int) -> str:
        return str(self.current().view(seat).to_json())

    def refusal(self, seat: int, action: str) -> str | None:
        g = self.current()
        try:
            parsed = self.parse(action)
            g.clone().apply(parsed, seat)
        except self.errors as e:
            return str(e)[:200] or "illegal"
        return None


class RateLimit:
    """A token bucket: ``burst`` messages at once, ``per_second`` after that.

    >>> r = RateLimit(burst=2, per_second=1.0)
    >>> [r.allow(0.0), r.allow(0.0), r.allow(0.0), r.allow(1.0)]
    [True, True, False, True]
    """

    def __init__(self, burst: int = 20, per_second: float = 10.0) -> None:
        self.burst = burst
        self.per_second = per_second
        self.tokens = float(burst)
        self.last: float | None = None

    def allow(self, now: float) -> bool:
        if self.last is not None:
            self.tokens = min(self.burst, self.tokens + max(now - self.last, 0.0) * self.per_second)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


#: The views one seat keeps of the game on the table (a longer game's first go first).
MAX_KEPT_VIEWS: Final = 600

#: Refusals in a row a peer may earn before it is cut off (a peer that keeps
#: sending garbage is flooding too, however slowly).
MAX_REFUSALS: Final = 50
#: Seconds between two answers to a seated peer's hello said again (a page says it
#: once a beat until answered: twice as often is answered no more often).
HELLO_AGAIN_GAP: Final = 0.5


@dataclass(frozen=True)
class Outgoing:
    """A text for one peer."""

    peer: str
    text: str


@dataclass(frozen=True)
class Accepted:
    """An action the engine accepts from ``seat`` at ``turn``: the host plays it."""

    seat: int
    turn: int
    action: str


@dataclass(frozen=True)
class Reply:
    """What one message led to: texts to send, an accepted action, a refusal's
    reason (for the host's log), and whether the peer is cut off."""

    out: tuple[Outgoing, ...] = ()
    accepted: Accepted | None = None
    refused: str | None = None
    cut: bool = False
    seated: int | None = None
    #: The seat whose person gave a new name (every panel redrawn).
    renamed: int | None = None


@dataclass
class _Peer:
    rate: RateLimit
    seat: int | None = None
    refusals: int = 0
    cut: bool = False
    #: When this peer's hello said again was last answered (``None``: never).
    answered_again: float | None = None


@dataclass
class _Seat:
    kind: str  # host, guest, computer, open, away
    name: str = ""
    token: str | None = None
    peer: str | None = None
    #: The last view's text sent to this seat's peer (none re-sent unchanged).
    sent: str | None = field(default=None, repr=False)


class Referee:
    """The host's side of a table: ``players`` seats, the host at ``host_seat``;
    the seats in ``open_seats`` wait for guests (the rest are computers)."""

    def __init__(
        self,
        game: SeatGame,
        players: int,
        host_seat: int,
        open_seats: Sequence[int],
        game_name: str,
        host_name: str = "",
        rate: Callable[[], RateLimit] = RateLimit,
        token: Callable[[], str] = new_token,
        number: Callable[[], int] | None = None,
        rules: str = "",
    ) -> None:
        self.game = game
        #: The number of the match's game on the table (each view says it: a guest's
        #: account of what it saw tells one game from the next); one game by default.
        self.number: Callable[[], int] = number or (lambda: 1)
        #: The table's rules as their text, told to every guest seated (``welcome``).
        self.rules = rules
        self.players = players
        self.game_name = game_name
        self.seats = [_Seat("computer") for _ in range(players)]
        self.seats[host_seat] = _Seat("host", host_name)
        for s in open_seats:
            if s != host_seat and 0 <= s < players:
                self.seats[s] = _Seat("open")
        self.peers: dict[str, _Peer] = {}
        self.started = False
        self.new_rate = rate
        self.new_token = token
        #: The host's own peer id (the bridge's), which its proofs name.
        self.self_id = ""
        #: Away seats a computer plays since their guest's wait ran out (until the guest
        #: comes back): told to everyone as ``replaced``.
        self.replaced: set[int] = set()
        #: Each person's seat's views of the game on the table, in order (their
        #: texts as sent): what a guest taking its seat back is sent.
        self.kept: dict[int, list[str]] = {}
        self.kept_game: dict[int, int] = {}
        #: Each seat's view's text as built at :attr:`built_at` (the game, its
        #: progress and number): a look with nothing moved builds none again.
        self.built_at: tuple[object, ...] = ()
        self.built: dict[int, str] = {}

    # ---- seats ------------------------------------------------------------------

    def seat_of(self, peer: str) -> int | None:
        p = self.peers.get(peer)
        return None if p is None else p.seat

    def guest_seats(self) -> dict[int, str]:
        """Seat → peer of every guest at the table now."""
        return {i: s.peer for i, s in enumerate(self.seats) if s.kind == "guest" and s.peer}

    def is_remote(self, seat: int) -> bool:
        """Whether a guest plays ``seat`` now (else the host's computers do, once
        started: an open seat nobody took, or a guest who dropped)."""
        return self.seats[seat].kind == "guest"

    def seat_infos(self) -> tuple[SeatInfo, ...]:
        return tuple(SeatInfo("replaced" if s.kind == "away" and i in self.replaced else s.kind,
                              s.name) for i, s in enumerate(self.seats))

    def seat_tokens(self) -> list[tuple[str, str, str | None]]:
        """Each seat's kind, name and token: what the host keeps over a reload."""
        return [(s.kind, s.name, s.token) for s in self.seats]

    def restore(self, seats: Sequence[tuple[str, str, str | None]], started: bool) -> None:
        """The table as it was before the host's page reloaded: every guest away
        (no peer yet) until it comes back with its token."""
        self.started = started
        for s, (kind, name, token) in zip(self.seats, seats, strict=False):
            if s.kind == "host":
                continue
            s.kind = "away" if kind in ("guest", "away") else kind
            s.name, s.token, s.peer, s.sent = name, token, None, None

    def start(self) -> list[Outgoing]:
        """The host starts: open seats become computers; everyone hears."""
        self.started = True
        for s in self.seats:
            if s.kind == "open":
                s.kind = "computer"
        return self.broadcast_seats() + self.views()

    def drop(self, peer: str) -> list[Outgoing]:
        """A peer left (or was cut off): its seat is away, its token kept, so the
        guest who reopens the link takes it back; the computers play it meanwhile."""
        p = self.peers.pop(peer, None)
        if p is None or p.seat is None:
            return []
        seat = self.seats[p.seat]
        if seat.peer == peer:
            seat.peer = None
            seat.sent = None
            seat.kind = "away" if self.started else "open"
            if not self.started:
                seat.token = None
                seat.name = ""
        return self.broadcast_seats()

    def broadcast_seats(self) -> list[Outgoing]:
        text = seats_text(self.seat_infos(), self.started)
        return [Outgoing(peer, text) for peer in self.guest_seats().values()]

    def views(self) -> list[Outgoing]:
        """Each seated guest's own view, where it changed since last sent; each
        person's seat (a guest's, or one away) keeps it (:meth:`keep`).  A seat's
        view is built once for each moment of the game (:attr:`SeatGame.progress`):
        asked again with nothing moved, it costs no engine view nor JSON."""
        if not self.started:
            return []
        out = []
        turn, number = self.game.turn, self.number()
        at = (self.game, self.game.progress, number)
        if at != self.built_at:  # the game moved: every seat's view is built anew
            self.built_at, self.built = at, {}
        for seat, s in enumerate(self.seats):
            if s.kind not in ("guest", "away") or s.token is None:
                continue
            text = self.built.get(seat)
            if text is None:
                text = self.built[seat] = view_text(turn, self.game.view_json(seat), number)
            self.keep(seat, text, number)
            if s.kind == "guest" and s.peer and text != s.sent:
                s.sent = text
                out.append(Outgoing(s.peer, text))
        return out

    def forget_views(self) -> None:
        """The views sent are forgotten: the next :meth:`views` sends each guest its
        own again (the next game's, after one that ended); the views kept for the
        seats (the last game's) are dropped, so a guest taking its seat back is sent
        only the next game's."""
        for s in self.seats:
            s.sent = None
        self.kept.clear()
        self.kept_game.clear()

    def keep(self, seat: int, text: str, number: int) -> None:
        """``text``, a view of game ``number`` for ``seat``, kept unless it is the last
        kept; the views of an earlier game go (its record tells it whole)."""
        kept = self.kept.setdefault(seat, [])
        if kept and self.kept_game.get(seat) != number:
            kept.clear()
        self.kept_game[seat] = number
        if not kept or kept[-1] != text:
            kept.append(text)
            del kept[:-MAX_KEPT_VIEWS]

    def missed(self, seat: int) -> list[Outgoing]:
        """The views of the game on the table a guest taking ``seat`` (back) is sent:
        every one kept, the last the view now."""
        s = self.seats[seat]
        if not self.started or s.peer is None:
            return []
        self.views()  # the view now kept too
        kept = self.kept.get(seat, [])
        if kept:
            s.sent = kept[-1]
        return [Outgoing(s.peer, text) for text in kept]

    # ---- messages --------------------------------------------------------------

    def receive(self, peer: str, text: object, now: float) -> Reply:
        """One message from ``peer`` at time ``now`` (seconds)."""
        p = self.peers.get(peer)
        if p is None:
            p = self.peers[peer] = _Peer(self.new_rate())
        if p.cut:
            return Reply(refused="flood", cut=True)
        if not p.rate.allow(now):
            return self._cut(peer, p)
        try:
            msg = parse_guest(text)
        except MessageError as e:
            return self._refuse(peer, p, e.reason)
        if isinstance(msg, Hello):
            if p.seat is not None:
                return self._hello_again(peer, p, msg, now)
            return self._hello(peer, p, msg)
        if isinstance(msg, Who):
            return self._who(peer, p, msg)
        if isinstance(msg, Name):
            return self._rename(peer, p, msg)
        if isinstance(msg, Beat):  # heard: nothing else to do (HostSession counts it)
            return Reply()
        return self._act(peer, p, msg)

    def _rename(self, peer: str, p: _Peer, msg: Name) -> Reply:
        """A seated guest's person gives their name: their own seat's, nobody else's."""
        if p.seat is None or self.seats[p.seat].peer != peer:
            return self._refuse(peer, p, "not-seated")
        seat = p.seat
        self.seats[seat].name = msg.name
        return Reply(tuple(self.broadcast_seats()), renamed=seat)

    def rename_host(self, name: str) -> list[Outgoing]:
        """The host's person gives their name: every guest's panel shows it."""
        for s in self.seats:
            if s.kind == "host":
                s.name = name
        return self.broadcast_seats()

    def _who(self, peer: str, p: _Peer, msg: Who) -> Reply:
        """A guest asks this page to prove it is the host: a proof keyed by that
        seat's token (a seat with none, or a guest's seat, gets a refusal)."""
        if msg.seat >= self.players:
            return self._refuse(peer, p, "bad-token")
        token = self.seats[msg.seat].token
        if token is None:
            return self._refuse(peer, p, "bad-token")
        proof = host_proof(token, msg.nonce, self.self_id, peer)
        return Reply((Outgoing(peer, proof_text(msg.seat, proof)),))

    def _cut(self, peer: str, p: _Peer) -> Reply:
        p.cut = True
        out = [Outgoing(peer, refused_text("flood", self.game.turn))]
        seat = p.seat
        out += self.drop(peer)
        self.peers[peer] = p  # stays known as cut off
        p.seat = None
        return Reply(tuple(out), refused="flood", cut=True, seated=seat)

    def _refuse(self, peer: str, p: _Peer, reason: str) -> Reply:
        p.refusals += 1
        if p.refusals > MAX_REFUSALS:
            return self._cut(peer, p)
        return Reply((Outgoing(peer, refused_text(reason, self.game.turn)),), refused=reason)

    def _hello_again(self, peer: str, p: _Peer, msg: Hello, now: float) -> Reply:
        """A seated peer's hello said again (its page heard no answer: the first hello
        or the welcome came late or not at all on a line just made): the same guest,
        sent its welcome, the seats and the views kept for its seat again, at most once
        in :data:`HELLO_AGAIN_GAP` seconds. A hello naming another token than its
        seat's is refused."""
        assert p.seat is not None
        s = self.seats[p.seat]
        if (s.peer != peer or s.token is None
                or (msg.token is not None and not hmac.compare_digest(s.token, msg.token))):
            return self._refuse(peer, p, "unknown")
        if p.answered_again is not None and now - p.answered_again < HELLO_AGAIN_GAP:
            return Reply()
        p.answered_again = now
        text = seats_text(self.seat_infos(), self.started)
        out = [Outgoing(peer, welcome_text(p.seat, s.token, self.players, self.game_name,
                                          self.rules)), Outgoing(peer, text)]
        return Reply(tuple(out + self.missed(p.seat)), seated=p.seat)

    def _hello(self, peer: str, p: _Peer, msg: Hello) -> Reply:
        seat = self._seat_for(msg.token)
        if seat is None:
            return self._refuse(peer, p, "bad-token" if msg.token else "full")
        s = self.seats[seat]
        if s.peer is not None and s.peer != peer:
            self.peers.pop(s.peer, None)  # the same guest, reconnected
        s.kind, s.name, s.peer, s.sent = "guest", msg.name, peer, None
        self.replaced.discard(seat)
        if s.token is None:
            s.token = self.new_token()
        p.seat = seat
        out = [Outgoing(peer, welcome_text(seat, s.token, self.players, self.game_name,
                                          self.rules))]
        out += self.broadcast_seats() + self.missed(seat) + self.views()
        return Reply(tuple(out), seated=seat)

    def _seat_for(self, token: str | None) -> int | None:
        if token is not None:
            for i, s in enumerate(self.seats):
                if s.token is not None and hmac.compare_digest(s.token, token):
                    return i
            return None
        if self.started:
            return None
        for i, s in enumerate(self.seats):
            if s.kind == "open":
                return i
        return None

    def _act(self, peer: str, p: _Peer, msg: Act) -> Reply:
        seat = p.seat
        if seat is None:
            return self._refuse(peer, p, "not-seated")
        if self.game.is_over:
            return self._refuse(peer, p, "over")
        if not self.started or self.game.to_act != seat:
            return self._refuse(peer, p, "not-your-turn")
        if msg.turn != self.game.turn:
            return self._refuse(peer, p, "stale")
        if self.game.refusal(seat, msg.action) is not None:
            return self._refuse(peer, p, "illegal")
        p.refusals = 0  # a guest's misclicks over a long game are no flood
        return Reply(accepted=Accepted(seat, msg.turn, msg.action))
