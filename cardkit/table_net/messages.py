"""The messages of a table with friends, and their parsing without trust.

A guest sends three kinds (:func:`parse_guest`): ``hello`` (its name, language
and, to take its seat back, the seat token it was given), ``name`` (the name its
person gave once seated, which every player's panel then shows) and ``act`` (the
text of the action it chooses and the number of actions the game had when it
chose, so that an answer for a table that has moved on is refused, not played
late).

The host sends seven (:func:`parse_host`): ``welcome`` (the seat and its token, and the
table's rules as their text, so that a guest shows the rules it sits at from the
moment it is seated, before any view comes),
``view`` (that seat's view, nothing else, and the number of the match's game it
is of), ``seats`` (who sits where: names and
kinds, no cards), ``refused`` (a reason code, :data:`REASONS`), ``record`` (a
finished game's record, its number in the match: sent to every player at that
game's end, when every card of it may be shown), ``end`` (the game or the table is
over; the record only once the game is) and ``again`` (after an ``end`` of reason
``over``: the host plays again at the same table, the game numbered ``game`` now
dealt, its views to follow; ``game`` 1 is a new match).

A host whose page reloaded comes back under another peer id; its seated guests
know it again by a challenge only it can answer: the guest sends ``who`` (its
seat and a fresh nonce) to a peer that joins, and the host answers ``proof``, an
HMAC of the nonce and both peers' ids keyed by that seat's token
(:func:`host_proof`), which only the host and that guest hold. A guest sends its
token to no peer before it proved to be the host.

Every text is measured before ``json.loads`` sees it
(:func:`cardkit.bounded_json.loads_bounded`: length and nesting), then every
field is checked: the exact set of keys, each value's type (``True`` is no
number), its range and its characters.  Each kind's fields are one table (the
field's name and its check, :data:`Check`), read by one function, so a new kind
or field is a line of a table rather than a copy of the checking.  A failure is one
:class:`MessageError` carrying a reason code, so the referee refuses it with
that reason.

>>> parse_guest('{"t": "act", "v": 2, "turn": 3, "action": "play SA"}')
Act(turn=3, action='play SA')
>>> parse_guest('{"t": "act", "v": 2, "turn": true, "action": "pass"}')
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
from typing import Final, TypeVar

from cardkit.bounded_json import JsonShapeError, loads_bounded

__all__ = [
    "GUEST_MAX_CHARS", "GUEST_MAX_DEPTH", "HOST_MAX_CHARS", "HOST_MAX_DEPTH",
    "LANGS", "MAX_MATCH_GAMES", "MAX_RECORD_CHARS", "MAX_RECORD_GAMES", "MAX_RULES_CHARS",
    "PROTOCOL", "REASONS",
    "SEAT_KINDS",
    "Act", "Again", "End", "Hello", "MessageError", "Name", "Record", "Refused", "SeatInfo",
    "Seats", "View", "Welcome", "act_text", "again_text", "end_text", "game_record_text",
    "hello_text", "new_token",
    "name_text", "parse_guest", "parse_host",
    "refused_text", "seats_text", "view_text", "welcome_text",
    "Beat", "Proof", "Who", "beat_text", "host_proof", "proof_text", "who_text",
]

#: The protocol's version: a peer speaking another is refused (``version``).
PROTOCOL: Final = 2

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
MAX_RECORD_CHARS: Final = 60000
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
    "silent",         # nothing heard for a while: the seat went to away (say hello again)
    "over",           # the game is over
)

_TOKEN: Final = re.compile(r"[A-Za-z0-9_-]{22}")
#: An action's text: the engines' notations use letters, digits, spaces and a few
#: signs (``bid 13 S``, ``play JK H``, ``attack 7S,7H``; the pile games' take ``!``
#: and turn from the talon ``@``; the suit deal's dealing choice ``=7H``).
_ACTION: Final = re.compile(r"[A-Za-z0-9 ,+\-_.:/!@=]{1,120}")  # MAX_ACTION_CHARS
_REASON: Final = re.compile(r"[a-z-]{1,20}")
#: A table's rules in the text form the games write them (``preset=mixi&match_games=3``,
#: ``mode=heap&players=4``); empty when the host names none.  The game's own rules
#: reader then reads it as strictly as a view's.
MAX_RULES_CHARS: Final = 1000
_RULES: Final = re.compile(r"[A-Za-z0-9_=&.,+-]{0,1000}")  # MAX_RULES_CHARS


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
    #: The table's rules (their text form; ``""``: none said).
    rules: str = ""


@dataclass(frozen=True)
class View:
    """The seat's view (its JSON object as parsed, checked by the game's reader), of
    the ``game``-th game of the match (a guest's account of what it saw says which)."""

    turn: int
    view: Mapping[str, object]
    game: int = 1


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
    """The table is over: ``reason`` (``over``, ``host-left``, ``closed``, ``moved``: the
    host opened it anew with another password or relays, before the start) and, once
    the game is over, its record for every player.  After ``over`` the host may still
    play again at the same table (:class:`Again`) or end it (another ``end``)."""

    reason: str
    record: str | None


@dataclass(frozen=True)
class Again:
    """After an ``end`` of reason ``over`` the host plays again at the same table (the
    same seats, names and link): the ``game``-th game of the match is dealt, 1 for a
    new match, and its views follow."""

    game: int


@dataclass(frozen=True)
class Record:
    """A finished game's record (the game's own text: its reader checks it), the
    ``number``-th game of the match."""

    number: int
    record: str


@dataclass(frozen=True)
class Name:
    """A seated guest's person names themselves (every panel shows it)."""

    name: str


@dataclass(frozen=True)
class Who:
    """A seated guest asks a peer to prove it is the host (after the host's reload)."""

    seat: int
    nonce: str


@dataclass(frozen=True)
class Beat:
    """A seated guest's "still here", every :data:`cardkit.table_net.host_session.BEAT`
    seconds: a page that died without a goodbye falls silent, and the host notices."""


@dataclass(frozen=True)
class Proof:
    """The host's answer to :class:`Who`: :func:`host_proof` of the nonce."""

    seat: int
    proof: str


GuestMessage = Hello | Act | Name | Who | Beat
HostMessage = Welcome | View | Seats | Refused | Record | End | Again | Proof


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


_T = TypeVar("_T")


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


#: ``check(value, key)``: the field ``key``'s value as the message holds it, or a
#: :class:`MessageError` naming ``key``.
Check = Callable[[object, str], object]


def _int(low: int, high: int) -> Check:
    def check(value: object, key: str) -> int:
        if type(value) is not int:
            raise MessageError("malformed", f"{key} is not an integer")
        if not low <= value <= high:
            raise MessageError("malformed", f"{key} is out of range")
        return value
    return check


def _text(pattern: re.Pattern[str]) -> Check:
    def check(value: object, key: str) -> str:
        if not isinstance(value, str) or pattern.fullmatch(value) is None:
            raise MessageError("malformed", f"{key} is not a valid text")
        return value
    return check


def _name(value: object, key: str) -> str:
    if not isinstance(value, str) or len(value) > MAX_NAME_CHARS:
        raise MessageError("malformed", f"{key} is not a name")
    # No control or format characters (bidirectional overrides, zero-width...):
    # a name is drawn on every other player's screen.
    if any(not c.isprintable() for c in value):
        raise MessageError("malformed", f"{key} holds a character that is not printable")
    return value.strip()


def _one_of(choices: tuple[str, ...], then: Check | None = None) -> Check:
    """A value of ``choices`` (checked by ``then`` first, when given)."""
    def check(value: object, key: str) -> str:
        if then is not None:
            then(value, key)
        if value not in choices:
            raise MessageError("malformed", f"{key} is none of {', '.join(choices)}")
        return str(value)
    return check


def _or_none(then: Check) -> Check:
    def check(value: object, key: str) -> object:
        return None if value is None else then(value, key)
    return check


def _flag(value: object, key: str) -> bool:
    if not isinstance(value, bool):
        raise MessageError("malformed", f"{key} is not true or false")
    return value


def _object(value: object, key: str) -> dict[str, object]:
    if not isinstance(value, dict):
        raise MessageError("malformed", f"{key} is not an object")
    return value


def _record(value: object, key: str) -> str:
    if not isinstance(value, str) or len(value) > MAX_RECORD_CHARS:
        raise MessageError("malformed", f"{key} is not a record's text")
    return value


def _game_record(value: object, key: str) -> str:
    """A finished game's record: a text, never empty."""
    if not _record(value, key):
        raise MessageError("malformed", f"{key} is not a record's text")
    return str(value)


def _fields(data: Mapping[str, object], make: Callable[..., _T],
            checks: Mapping[str, Check], framing: frozenset[str] = frozenset()) -> _T:
    """``make`` of ``data``'s fields, each read by its check in the table's order;
    ``data`` holds those keys and the ``framing`` keys, none else."""
    _keys(data, framing | checks.keys())
    return make(**{key: check(data[key], key) for key, check in checks.items()})


#: Every message's own keys beside its fields.
_FRAMING: Final = frozenset({"t", "v"})


def _message(data: dict[str, object], kinds: Mapping[str, tuple[Callable[..., _T],
                                                                Mapping[str, Check]]],
             sender: str) -> _T:
    """The message of the kind ``data`` names, read by that kind's field table."""
    kind = _kind(data)
    if kind not in kinds:
        raise MessageError("unknown", f"{sender} sends {', '.join(kinds)}")
    make, checks = kinds[kind]
    return _fields(data, make, checks, _FRAMING)


def _kind(data: dict[str, object]) -> str:
    kind = data.get("t")
    if data.get("v") != PROTOCOL or type(data.get("v")) is not int:
        raise MessageError("version", f"protocol {PROTOCOL} only")
    if not isinstance(kind, str):
        raise MessageError("malformed", "no message kind")
    return kind


# ---- a guest's messages, read by the host ------------------------------------------

_PROOF: Final = re.compile(r"[0-9a-f]{64}")

#: A guest's messages: each kind's maker and its fields' checks, in the order read.
_GUEST_KINDS: Final[Mapping[str, tuple[Callable[..., GuestMessage], Mapping[str, Check]]]] = {
    "hello": (Hello, {"lang": _one_of(LANGS), "token": _or_none(_text(_TOKEN)),
                      "name": _name}),
    "act": (Act, {"turn": _int(0, MAX_TURN), "action": _text(_ACTION)}),
    "name": (Name, {"name": _name}),
    "who": (Who, {"seat": _int(0, MAX_SEATS - 1), "nonce": _text(_TOKEN)}),
    "beat": (Beat, {}),
}


def parse_guest(text: object) -> GuestMessage:
    """A guest's message, checked to its last field (else :class:`MessageError`)."""
    return _message(_load(text, GUEST_MAX_CHARS, GUEST_MAX_DEPTH), _GUEST_KINDS, "a guest")


def hello_text(name: str, lang: str, token: str | None) -> str:
    return json.dumps({"t": "hello", "v": PROTOCOL, "name": name, "lang": lang, "token": token})


def name_text(name: str) -> str:
    return json.dumps({"t": "name", "v": PROTOCOL, "name": name})


def act_text(turn: int, action: str) -> str:
    return json.dumps({"t": "act", "v": PROTOCOL, "turn": turn, "action": action})


def beat_text() -> str:
    return json.dumps({"t": "beat", "v": PROTOCOL})


def who_text(seat: int, nonce: str) -> str:
    return json.dumps({"t": "who", "v": PROTOCOL, "seat": seat, "nonce": nonce})


def proof_text(seat: int, proof: str) -> str:
    return json.dumps({"t": "proof", "v": PROTOCOL, "seat": seat, "proof": proof})


# ---- the host's messages, read by a guest ------------------------------------------

_GAME: Final = re.compile(r"[a-z_]{1,20}")

#: A seat in ``seats``: its kind and its person's name.
_SEAT: Final[Mapping[str, Check]] = {"kind": _one_of(SEAT_KINDS), "name": _name}
#: The games of a match a guest keeps the records of (a match has fewer).
MAX_RECORD_GAMES: Final = 100
#: The highest game number a view may be of (a match played to a score may run long).
MAX_MATCH_GAMES: Final = 100_000


def _seat_list(value: object, key: str) -> tuple[SeatInfo, ...]:
    if not isinstance(value, list) or not 2 <= len(value) <= MAX_SEATS:
        raise MessageError("malformed", f"{key} is not a list of seats")
    return tuple(_fields(_object(item, f"{key}[]"), SeatInfo, _SEAT) for item in value)


#: The host's messages: each kind's maker and its fields' checks, in the order read
#: (a view's own fields are the game's reader's to check,
#: :class:`cardkit.table_net.guest.GuestTable`).
_HOST_KINDS: Final[Mapping[str, tuple[Callable[..., HostMessage], Mapping[str, Check]]]] = {
    "welcome": (Welcome, {"seat": _int(0, MAX_SEATS - 1), "token": _text(_TOKEN),
                          "players": _int(2, MAX_SEATS), "game": _text(_GAME),
                          "rules": _text(_RULES)}),
    "view": (View, {"view": _object, "turn": _int(0, MAX_TURN),
                    "game": _int(1, MAX_MATCH_GAMES)}),
    "seats": (Seats, {"started": _flag, "seats": _seat_list}),
    "refused": (Refused, {"reason": _one_of(REASONS, _text(_REASON)),
                          "turn": _int(0, MAX_TURN)}),
    "end": (End, {"record": _or_none(_record), "reason": _text(_REASON)}),
    "record": (lambda game, record: Record(game, record),
               {"game": _int(1, MAX_RECORD_GAMES), "record": _game_record}),
    "proof": (Proof, {"seat": _int(0, MAX_SEATS - 1), "proof": _text(_PROOF)}),
    "again": (Again, {"game": _int(1, MAX_MATCH_GAMES)}),
}


def parse_host(text: object) -> HostMessage:
    """A host's message, checked field by field (else :class:`MessageError`)."""
    return _message(_load(text, HOST_MAX_CHARS, HOST_MAX_DEPTH), _HOST_KINDS, "a host")


def welcome_text(seat: int, token: str, players: int, game: str, rules: str = "") -> str:
    return json.dumps({"t": "welcome", "v": PROTOCOL, "seat": seat, "token": token,
                       "players": players, "game": game, "rules": rules})


def view_text(turn: int, view_json: str, game: int = 1) -> str:
    # The view's JSON is embedded as it is: the very text the computers get.
    return (f'{{"t": "view", "v": {PROTOCOL}, "turn": {turn}, "game": {game}, '
            f'"view": {view_json}}}')


def seats_text(seats: tuple[SeatInfo, ...], started: bool) -> str:
    return json.dumps({"t": "seats", "v": PROTOCOL, "started": started,
                       "seats": [{"kind": s.kind, "name": s.name} for s in seats]})


def refused_text(reason: str, turn: int) -> str:
    return json.dumps({"t": "refused", "v": PROTOCOL, "reason": reason, "turn": turn})


def game_record_text(number: int, record: str) -> str:
    return json.dumps({"t": "record", "v": PROTOCOL, "game": number, "record": record})


def end_text(reason: str, record: str | None) -> str:
    return json.dumps({"t": "end", "v": PROTOCOL, "reason": reason, "record": record})


def again_text(game: int) -> str:
    return json.dumps({"t": "again", "v": PROTOCOL, "game": game})


#: ``read(view_object) -> view``: a game's view reader (``PlayerView.from_dict``).
ViewReader = Callable[[dict[str, object]], object]
