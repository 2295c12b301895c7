"""The TURN server a player may set for a table with friends: read, checked, kept.

Two devices behind networks that give every connection a new port (a symmetric
NAT, common on mobile networks) find each other through the relays but cannot
connect directly: the public STUN servers only tell each side its own address.
A TURN server relays the connection's packets; this project runs none, so a
player who has one (their own, a provider's) sets it under the lobby's "Other
ways to connect": an address (``turn:`` or ``turns:``), a user and a credential.

The setting is kept in this browser's storage (:data:`TURN_KEY`, one for every
game of the site) and goes only into the browser's own ICE configuration (the
``iceServers`` of each ``RTCPeerConnection``, beside the public STUN servers):
never into a table's link, a message to a friend, or an event to a relay (the
browser tests check the relay's traffic). ICE is no fetch: the page's
Content-Security-Policy governs none of it, so the build lists no TURN server.

:func:`read_turn` checks what the player typed, raising :class:`TurnError` that
names the field at fault (the form keeps what was typed); :func:`saved_turn`
reads the kept setting as strictly (a tampered one is dropped).

>>> read_turn("turn:turn.example.org:3478", "ann", "secret")
TurnServer(url='turn:turn.example.org:3478', user='ann', credential='secret')
>>> read_turn("", "", "") is None
True
>>> read_turn("https://turn.example.org", "ann", "secret")
Traceback (most recent call last):
...
cardkit.ui_dom.turn_server.TurnError: ('url', 'scheme')
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Final

from cardkit.ui_dom.storage import Storage

__all__ = ["TURN_KEY", "TURN_FIELDS", "TurnError", "TurnServer", "read_turn", "saved_turn",
           "turn_text"]

#: The storage key of the setting (every game of the site shares it).
TURN_KEY: Final = "friends.turn"
#: The form's fields, in order.
TURN_FIELDS: Final = ("url", "user", "credential")
#: The longest address, user and credential read.
MAX_URL: Final = 200
MAX_SECRET: Final = 128
#: RFC 7065: ``turn:`` or ``turns:``, a host name, an IPv4 or a bracketed IPv6
#: address, an optional port, an optional ``?transport=udp|tcp``.
_URL: Final = re.compile(
    r"turns?:(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])"
    r"(?::[0-9]{1,5})?(?:\?transport=(?:udp|tcp))?")


class TurnError(ValueError):
    """What the player typed cannot be used: ``args`` are the field (one of
    :data:`TURN_FIELDS`) and why (``scheme``, ``address``, ``port``, ``empty``,
    ``long``, ``control``)."""

    def __init__(self, field: str, why: str) -> None:
        super().__init__(field, why)
        self.field = field
        self.why = why


@dataclass(frozen=True)
class TurnServer:
    url: str
    user: str
    credential: str

    def ice_server(self) -> dict[str, str]:
        """The entry of ``RTCConfiguration.iceServers`` (WebRTC's own names).

        >>> TurnServer("turn:h", "u", "c").ice_server()
        {'urls': 'turn:h', 'username': 'u', 'credential': 'c'}
        """
        return {"urls": self.url, "username": self.user, "credential": self.credential}


def _text(field: str, value: str, longest: int) -> str:
    if not value:
        raise TurnError(field, "empty")
    if len(value) > longest:
        raise TurnError(field, "long")
    if not value.isprintable():
        raise TurnError(field, "control")
    return value


def read_turn(url: str, user: str, credential: str) -> TurnServer | None:
    """The TURN server typed (spaces around each field ignored), or ``None`` when
    every field is empty (no TURN server). A browser refuses a ``turn:`` address
    without a user and a credential, so both are needed.

    >>> read_turn("turn:[2001:db8::1]:3478?transport=tcp", "u", "c").url
    'turn:[2001:db8::1]:3478?transport=tcp'
    >>> read_turn("turn:h:99999", "u", "c")
    Traceback (most recent call last):
    ...
    cardkit.ui_dom.turn_server.TurnError: ('url', 'port')
    >>> read_turn("turn:h", "", "c")
    Traceback (most recent call last):
    ...
    cardkit.ui_dom.turn_server.TurnError: ('user', 'empty')
    """
    url, user, credential = url.strip(), user.strip(), credential.strip()
    if not (url or user or credential):
        return None
    url = _text("url", url, MAX_URL)
    if not url.startswith(("turn:", "turns:")):
        raise TurnError("url", "scheme")
    if _URL.fullmatch(url) is None:
        raise TurnError("url", "address")
    port = re.search(r":([0-9]+)(?:\?|$)", url.split("]")[-1])
    if port is not None and not 0 < int(port.group(1)) < 65536:
        raise TurnError("url", "port")
    return TurnServer(url, _text("user", user, MAX_SECRET),
                      _text("credential", credential, MAX_SECRET))


def turn_text(turn: TurnServer) -> str:
    """The setting as kept in storage (:func:`saved_turn` reads it back).

    >>> turn_text(TurnServer("turn:h", "u", "c"))
    '{"url": "turn:h", "user": "u", "credential": "c"}'
    """
    return json.dumps({"url": turn.url, "user": turn.user, "credential": turn.credential})


def saved_turn(store: Storage) -> tuple[TurnServer | None, bool]:
    """The kept setting, and whether a kept one was refused (then removed: the page
    says so once and connects without it).

    >>> from cardkit.ui_dom.storage import MemoryStorage
    >>> store = MemoryStorage()
    >>> store.set(TURN_KEY, '{"url": "http://x", "user": "u", "credential": "c"}')
    >>> saved_turn(store), store.get(TURN_KEY)
    ((None, True), None)
    """
    text = store.get(TURN_KEY)
    if text is None:
        return None, False
    try:
        data = json.loads(text[:2 * (MAX_URL + 2 * MAX_SECRET)])
        if not isinstance(data, dict) or set(data) != set(TURN_FIELDS):
            raise ValueError("not the setting's shape")
        if not all(isinstance(data[k], str) for k in TURN_FIELDS):
            raise ValueError("not texts")
        turn = read_turn(data["url"], data["user"], data["credential"])
    except ValueError:  # (json's error and TurnError are ValueErrors)
        store.remove(TURN_KEY)
        return None, True
    if turn is None:
        store.remove(TURN_KEY)
    return turn, False
