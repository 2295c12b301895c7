"""The messages of a table with friends, and their parsing without trust.

A guest sends two kinds (:func:`parse_guest`): ``hello`` (its name, language
and, to take its seat back, the seat token it was given) and ``act`` (the text
of the action it chooses and the number of actions the game had when it chose,
so that an answer for a table that has moved on is refused, not played late).

The host sends five (:func:`parse_host`): ``welcome`` (the seat and its token),
``view`` (that seat's view, nothing else), ``seats`` (who sits where: names and
kinds, no cards), ``refused`` (a reason code, :data:`REASONS`) and ``end`` (the
table is over; the record only once the game is).

A host whose page reloaded comes back under another peer id; its seated guests
know it again by a challenge only it can answer: the guest sends ``who`` (its
seat and a fresh nonce) to a peer that joins, and the host answers ``proof``, an
HMAC of the nonce and both peers' ids keyed by that seat's token
(:func:`host_proof`), which only the host and that guest hold. A guest sends its
token to no peer before it proved to be the host.

Every text is measured before ``json.loads`` sees it
(:func:`cardkit.bounded_json.loads_bounded`: length and nesting), then every
field is checked: the exact set of keys, each value's type (``True`` is no
number), its range and its characters.  A failure is one
:class:`MessageError` carrying a reason code, so the referee refuses it with
that reason.

>>> parse_guest('{"t": "act", "v": 1, "turn": 3, "action": "play SA"}')
Act(turn=3, action='play SA')
>>> parse_guest('{"t": "act", "v": 1, "turn": true, "action": "pass"}')
Traceback (most recent call last):
...
cardkit.table_net.messages.MessageError: malformed: turn is not an integer
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Final

from cardkit.bounded_json import JsonShapeError, loads_bounded

__all__ = [
    "GUEST_MAX_CHARS", "GUEST_MAX_DEPTH", "HOST_MAX_CHARS", "HOST_MAX_DEPTH",
    "LANGS", "PROTOCOL", "REASONS", "SEAT_KINDS", "Act", "End", "Hello",
    "MessageError", "Refused", "SeatInfo", "Seats", "View", "Welcome",
    "act_text", "end_text", "hello_text", "new_token", "parse_guest", "parse_host",
    "refused_text", "seats_text", "view_text", "welcome_text",
    "Proof", "Who", "host_proof", "proof_text", "who_text",
]

#: The protocol's version: a peer speaking another is refused (``version``).
PROTOCOL: Final = 1

#: A guest's message is short (an action's text is at most a discard of a few
#: cards) and flat: a longer or deeper text is refused before it is parsed.
GUEST_MAX_CHARS: Final = 1024
GUEST_MAX_DEPTH: Final = 1
#: The host's messages carry a view (a hand, tricks, a log): bounded all the
#: same, for a guest does not trust a host's page either.
HOST_MAX_CHARS: Final = 65536
HOST_MAX_DEPTH: Final = 8

MAX_TURN: Final = 100_000
MAX_ACTION_CHARS: Final = 120
MAX_NAME_CHARS: Final = 24
MAX_SEATS: Final = 8
LANGS: Final = ("ja", "en")
#: ``replaced``: a guest away past its wait, whose seat the host's computers play
#: until it comes back (every guest's panel says so, as the host's does).
SEAT_KINDS: Final = ("host", "guest", "computer", "open", "away", "replaced")

#: Why the host refused a message; the guest's page words each in its language.
REASONS: Final = (
    "too-long",       # longer than the limit, refused unread
    "too-deep",       # nested deeper than the limit, refused unread
    "malformed",      # not JSON, or a field missing, extra or of the wrong kind
    "version",        # another protocol version
    "unknown",        # a message kind the receiver does not take
    "not-seated",     # an action from a peer that holds no seat
    "not-your-turn",  # another seat is to act
    "stale",          # the table has moved on since the action was chosen
    "illegal",        # the engine refuses the action at this moment
    "bad-token",      # a seat token that is no seat's
    "full",           # no free seat for a new guest
    "flood",          # too many messages: the peer is cut off
    "over",           # the game is over
)

_TOKEN: Final = re.compile(r"[A-Za-z0-9_-]{22}")
#: An action's text: the engines' notations use letters, digits, spaces and a few
#: signs (``bid 13 S``, ``play JK H``, ``attack 7S,7H``; the pile games' take ``!``
#: and turn from the talon ``@``; suit_deal's dealing choice ``=7H``).
_ACTION: Final = re.compile(r"[A-Za-z0-9 ,+\-_.:/!@=]{1,120}")  # MAX_ACTION_CHARS
_REASON: Final = re.compile(r"[a-z-]{1,20}")


class MessageError(ValueError):
    """A message refused: ``reason`` is one of :data:`REASONS`."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail


def new_token() -> str:
    """A seat token: 128 random bits, URL-safe (22 characters)."""
    return secrets.token_urlsafe(16)


# ---- the messages ------------------------------------------------------------------


@dataclass(frozen=True)
class Hello:
    """A guest asks for a seat (a new one, or with ``token`` the one it held)."""

    name: str
    lang: str
    token: str | None


@dataclass(frozen=True)
class Act:
    """A guest's action, chosen when the game had ``turn`` actions."""

    turn: int
    action: str


@dataclass(frozen=True)
class Welcome:
    seat: int
    token: str
    players: int
    game: str


@dataclass(frozen=True)
class View:
    """The seat's view (its JSON object as parsed, checked by the game's reader)."""

    turn: int
    view: Mapping[str, object]


@dataclass(frozen=True)
class SeatInfo:
    kind: str
    name: str


@dataclass(frozen=True)
class Seats:
    seats: tuple[SeatInfo, ...]
    started: bool


@dataclass(frozen=True)
class Refused:
    reason: str
    turn: int


@dataclass(frozen=True)
class End:
    """The table is over: ``reason`` (``over``, ``host-left``, ``closed``) and, once
    the game is over, its record for every player."""

    reason: str
    record: str | None


@dataclass(frozen=True)
class Who:
    """A seated guest asks a peer to prove it is the host (after the host's reload)."""

    seat: int
    nonce: str


@dataclass(frozen=True)
class Proof:
    """The host's answer to :class:`Who`: :func:`host_proof` of the nonce."""

    seat: int
    proof: str


GuestMessage = Hello | Act | Who
HostMessage = Welcome | View | Seats | Refused | End | Proof


def host_proof(token: str, nonce: str, host: str, guest: str) -> str:
    """The proof that the peer ``host`` holds the seat's ``token``, for the peer
    ``guest`` that asked with ``nonce`` (bound to both ids: a peer that relays the
    challenge to the host gets a proof for itself, which the guest refuses).

    >>> len(host_proof(new_token(), new_token(), "peerA1", "peerB1"))
    64
    """
    message = f"{nonce}|{host}|{guest}".encode()
    return hmac.new(token.encode(), message, hashlib.sha256).hexdigest()


# ---- checking fields ------------------------------------------------------------


def _load(text: object, max_chars: int, max_depth: int) -> dict[str, object]:
    if not isinstance(text, str):
        raise MessageError("malformed", "a message is a text")
    if len(text) > max_chars:
        raise MessageError("too-long", f"{len(text)} characters; the limit is {max_chars}")
    try:
        data = loads_bounded(text, max_chars=max_chars, max_depth=max_depth)
    except JsonShapeError as e:
        reason = "too-deep" if "deep" in str(e) else "malformed"
        raise MessageError(reason, str(e)[:120]) from None
    if not isinstance(data, dict):
        raise MessageError("malformed", "a message is a JSON object")
    return data


def _keys(data: Mapping[str, object], keys: frozenset[str]) -> None:
    if set(data) != keys:
        extra = sorted(set(data) - keys)[:3]
        missing = sorted(keys - set(data))[:3]
        raise MessageError("malformed", f"keys: extra {extra}, missing {missing}")


def _int(data: Mapping[str, object], key: str, low: int, high: int) -> int:
    value = data[key]
    if type(value) is not int:
        raise MessageError("malformed", f"{key} is not an integer")
    if not low <= value <= high:
        raise MessageError("malformed", f"{key} is out of range")
    return value


def _text(data: Mapping[str, object], key: str, pattern: re.Pattern[str]) -> str:
    value = data[key]
    if not isinstance(value, str) or pattern.fullmatch(value) is None:
        raise MessageError("malformed", f"{key} is not a valid text")
    return value


def _name(data: Mapping[str, object], key: str) -> str:
    value = data[key]
    if not isinstance(value, str) or len(value) > MAX_NAME_CHARS:
        raise MessageError("malformed", f"{key} is not a name")
    # No control or format characters (bidirectional overrides, zero-width...):
    # a name is drawn on every other player's screen.
    if any(not c.isprintable() for c in value):
        raise MessageError("malformed", f"{key} holds a character that is not printable")
    return value.strip()


def _kind(data: dict[str, object]) -> str:
    kind = data.get("t")
    if data.get("v") != PROTOCOL or type(data.get("v")) is not int:
        raise MessageError("version", f"protocol {PROTOCOL} only")
    if not isinstance(kind, str):
        raise MessageError("malformed", "no message kind")
    return kind


# ---- a guest's messages, read by the host ------------------------------------------

_HELLO_KEYS: Final = frozenset({"t", "v", "name", "lang", "token"})
_ACT_KEYS: Final = frozenset({"t", "v", "turn", "action"})
_WHO_KEYS: Final = frozenset({"t", "v", "seat", "nonce"})
_PROOF_KEYS: Final = frozenset({"t", "v", "seat", "proof"})
_PROOF: Final = re.compile(r"[0-9a-f]{64}")


def parse_guest(text: object) -> GuestMessage:
    """A guest's message, checked to its last field (else :class:`MessageError`)."""
    data = _load(text, GUEST_MAX_CHARS, GUEST_MAX_DEPTH)
    kind = _kind(data)
    if kind == "act":
        _keys(data, _ACT_KEYS)
        return Act(_int(data, "turn", 0, MAX_TURN), _text(data, "action", _ACTION))
    if kind == "hello":
        _keys(data, _HELLO_KEYS)
        lang = data["lang"]
        if lang not in LANGS:
            raise MessageError("malformed", "lang is not a language of the page")
        token = None if data["token"] is None else _text(data, "token", _TOKEN)
        return Hello(_name(data, "name"), str(lang), token)
    if kind == "who":
        _keys(data, _WHO_KEYS)
        return Who(_int(data, "seat", 0, MAX_SEATS - 1), _text(data, "nonce", _TOKEN))
    raise MessageError("unknown", "a guest sends hello, act or who")


def hello_text(name: str, lang: str, token: str | None) -> str:
    return json.dumps({"t": "hello", "v": PROTOCOL, "name": name, "lang": lang, "token": token})


def act_text(turn: int, action: str) -> str:
    return json.dumps({"t": "act", "v": PROTOCOL, "turn": turn, "action": action})


def who_text(seat: int, nonce: str) -> str:
    return json.dumps({"t": "who", "v": PROTOCOL, "seat": seat, "nonce": nonce})


def proof_text(seat: int, proof: str) -> str:
    return json.dumps({"t": "proof", "v": PROTOCOL, "seat": seat, "proof": proof})


# ---- the host's messages, read by a guest ------------------------------------------

_WELCOME_KEYS: Final = frozenset({"t", "v", "seat", "token", "players", "game"})
_VIEW_KEYS: Final = frozenset({"t", "v", "turn", "view"})
_SEATS_KEYS: Final = frozenset({"t", "v", "seats", "started"})
_REFUSED_KEYS: Final = frozenset({"t", "v", "reason", "turn"})
_END_KEYS: Final = frozenset({"t", "v", "reason", "record"})
_GAME: Final = re.compile(r"[a-z_]{1,20}")
MAX_RECORD_CHARS: Final = 60000


def _seat_list(value: object) -> tuple[SeatInfo, ...]:
    if not isinstance(value, list) or not 2 <= len(value) <= MAX_SEATS:
        raise MessageError("malformed", "seats is not a list of seats")
    out = []
    for item in value:
        if not isinstance(item, dict):
            raise MessageError("malformed", "a seat is an object")
        _keys(item, frozenset({"kind", "name"}))
        if item["kind"] not in SEAT_KINDS:
            raise MessageError("malformed", "a seat's kind is unknown")
        out.append(SeatInfo(str(item["kind"]), _name(item, "name")))
    return tuple(out)


def parse_host(text: object) -> HostMessage:
    """A host's message, checked field by field (a view's own fields are the
    game's reader's to check, :class:`cardkit.table_net.guest.GuestTable`)."""
    data = _load(text, HOST_MAX_CHARS, HOST_MAX_DEPTH)
    kind = _kind(data)
    if kind == "view":
        _keys(data, _VIEW_KEYS)
        view = data["view"]
        if not isinstance(view, dict):
            raise MessageError("malformed", "view is not an object")
        return View(_int(data, "turn", 0, MAX_TURN), view)
    if kind == "welcome":
        _keys(data, _WELCOME_KEYS)
        return Welcome(
            _int(data, "seat", 0, MAX_SEATS - 1), _text(data, "token", _TOKEN),
            _int(data, "players", 2, MAX_SEATS), _text(data, "game", _GAME),
        )
    if kind == "seats":
        _keys(data, _SEATS_KEYS)
        started = data["started"]
        if not isinstance(started, bool):
            raise MessageError("malformed", "started is not true or false")
        return Seats(_seat_list(data["seats"]), started)
    if kind == "refused":
        _keys(data, _REFUSED_KEYS)
        reason = _text(data, "reason", _REASON)
        if reason not in REASONS:
            raise MessageError("malformed", "an unknown reason")
        return Refused(reason, _int(data, "turn", 0, MAX_TURN))
    if kind == "end":
        _keys(data, _END_KEYS)
        record = data["record"]
        if record is not None and (not isinstance(record, str) or len(record) > MAX_RECORD_CHARS):
            raise MessageError("malformed", "record is not a record's text")
        return End(_text(data, "reason", _REASON), record)
    if kind == "proof":
        _keys(data, _PROOF_KEYS)
        return Proof(_int(data, "seat", 0, MAX_SEATS - 1), _text(data, "proof", _PROOF))
    raise MessageError("unknown", "a host sends welcome, view, seats, refused, end or proof")


def welcome_text(seat: int, token: str, players: int, game: str) -> str:
    return json.dumps({"t": "welcome", "v": PROTOCOL, "seat": seat, "token": token,
                       "players": players, "game": game})


def view_text(turn: int, view_json: str) -> str:
    # The view's JSON is embedded as it is: the very text the computers get.
    return f'{{"t": "view", "v": {PROTOCOL}, "turn": {turn}, "view": {view_json}}}'


def seats_text(seats: tuple[SeatInfo, ...], started: bool) -> str:
    return json.dumps({"t": "seats", "v": PROTOCOL, "started": started,
                       "seats": [{"kind": s.kind, "name": s.name} for s in seats]})


def refused_text(reason: str, turn: int) -> str:
    return json.dumps({"t": "refused", "v": PROTOCOL, "reason": reason, "turn": turn})


def end_text(reason: str, record: str | None) -> str:
    return json.dumps({"t": "end", "v": PROTOCOL, "reason": reason, "record": record})


#: ``read(view_object) -> view``: a game's view reader (``PlayerView.from_dict``).
ViewReader = Callable[[dict[str, object]], object]
