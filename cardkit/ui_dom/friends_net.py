"""The table with friends' transport: the link's fragment, the relays, the bridge.

A table is found by its link: ``#table=<room>&host=<peer>&relays=<urls>`` (and
``&pw=<password>`` if the host set one). The fragment never reaches a server (a
browser sends none); the room and password go to the relays only as Trystero's
hashed topic and the key that encrypts the offers. :func:`read_invite` reads a
fragment without trust: bounded, every field checked, a bad one refused with
:class:`InviteError` (the page shows a notice and the ordinary table).

The relays the page may reach are the Content-Security-Policy's ``connect-src``
(the build writes them, ``scripts/friends_net.py``): :func:`relays_in_policy`
reads them from the page, so the page never offers a relay the policy refuses.

:class:`Bridge` is the Python side of ``web/friends.mjs``, the one JavaScript
module of the table with friends: it is imported only when the player opens
"Play with friends" or a table's link, never on a first visit's path.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import parse_qsl, quote

__all__ = [
    "BRIDGE", "Bridge", "Invite", "InviteError", "is_local", "new_invite", "read_invite",
    "relays_in_policy", "invite_fragment", "read_relays", "valid_password",
]

#: The bridge module, relative to the page.
BRIDGE: Final = "./friends.mjs"
FRAGMENT_KEY: Final = "table"
MAX_FRAGMENT: Final = 2000
MAX_RELAYS: Final = 8
_ROOM: Final = re.compile(r"[A-Za-z0-9_-]{12,40}")
_PEER: Final = re.compile(r"[A-Za-z0-9_-]{6,64}")
_PASSWORD: Final = re.compile(r"[^\x00-\x1f\x7f]{0,64}")
_RELAY: Final = re.compile(r"wss?://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[A-Za-z0-9._~/-]*)?")


class InviteError(ValueError):
    """A table's link that cannot be read (the notice quotes why)."""


@dataclass(frozen=True)
class Invite:
    room: str
    host: str
    relays: tuple[str, ...]
    password: str = ""


def new_invite(host: str, relays: tuple[str, ...], password: str = "") -> Invite:
    """A new table's invitation: a room of 128 random bits."""
    return Invite(secrets.token_urlsafe(16), host, relays, password)


def invite_fragment(invite: Invite) -> str:
    """The link's fragment (with its ``#``).

    >>> invite_fragment(Invite("abcdefghijklmnop", "peer01", ("ws://127.0.0.1:7447",)))
    '#table=abcdefghijklmnop&host=peer01&relays=ws%3A%2F%2F127.0.0.1%3A7447'
    """
    text = (f"#{FRAGMENT_KEY}={invite.room}&host={invite.host}"
            f"&relays={quote(','.join(invite.relays), safe='')}")
    if invite.password:
        text += f"&pw={quote(invite.password, safe='')}"
    return text


def read_invite(fragment: str, allowed: tuple[str, ...]) -> Invite | None:
    """The invitation in ``fragment`` (``None`` if it names no table); its relays
    must be among ``allowed`` (the page's policy would refuse the others).

    >>> read_invite("#table=abcdefghijklmnop&host=peer01&relays=ws%3A%2F%2Fh:1", ("ws://h:1",))
    Invite(room='abcdefghijklmnop', host='peer01', relays=('ws://h:1',), password='')
    >>> read_invite("#table=short&host=peer01&relays=ws%3A%2F%2Fh:1", ("ws://h:1",))
    Traceback (most recent call last):
    ...
    cardkit.ui_dom.friends_net.InviteError: the table's id is not valid
    """
    text = fragment[1:] if fragment.startswith("#") else fragment
    if not text.startswith(f"{FRAGMENT_KEY}="):
        return None
    if len(text) > MAX_FRAGMENT:
        raise InviteError("the link is too long")
    fields = dict(parse_qsl(text, keep_blank_values=True, max_num_fields=8))
    if set(fields) - {FRAGMENT_KEY, "host", "relays", "pw"}:
        raise InviteError("the link holds unknown fields")
    room, host = fields.get(FRAGMENT_KEY, ""), fields.get("host", "")
    if _ROOM.fullmatch(room) is None:
        raise InviteError("the table's id is not valid")
    if _PEER.fullmatch(host) is None:
        raise InviteError("the host's id is not valid")
    relays = tuple(r for r in fields.get("relays", "").split(",") if r)
    if not relays or len(relays) > MAX_RELAYS or any(_RELAY.fullmatch(r) is None for r in relays):
        raise InviteError("the relays are not valid")
    refused = [r for r in relays if r not in allowed]
    if refused:
        raise InviteError(f"this site may not reach the relay {refused[0][:60]}")
    password = fields.get("pw", "")
    if _PASSWORD.fullmatch(password) is None:
        raise InviteError("the password is not valid")
    return Invite(room, host, relays, password)


def relays_in_policy(policy: str) -> tuple[str, ...]:
    """The relays a Content-Security-Policy's ``connect-src`` allows.

    >>> relays_in_policy("default-src 'self'; connect-src 'self' wss://a.example ws://127.0.0.1:7447")
    ('wss://a.example', 'ws://127.0.0.1:7447')
    """
    for directive in policy.split(";"):
        words = directive.split()
        if words and words[0] == "connect-src":
            return tuple(w for w in words[1:] if _RELAY.fullmatch(w))
    return ()


def is_local(relay: str) -> bool:
    """Whether ``relay`` runs on this machine (a developer's, the tests')."""
    host = relay.split("://", 1)[-1].split("/", 1)[0].rsplit(":", 1)[0]
    return host in ("127.0.0.1", "localhost")


def default_relays(allowed: tuple[str, ...], page_host: str) -> tuple[str, ...]:
    """The relays a table uses unless the host chose: for a page served from this
    machine the first local one (the tests' relay; another local address in the
    policy may be one nobody runs), else the public ones.

    >>> default_relays(("wss://a", "ws://127.0.0.1:7447"), "example.github.io")
    ('wss://a',)
    >>> default_relays(("wss://a", "ws://127.0.0.1:7447", "ws://127.0.0.1:9"), "127.0.0.1")
    ('ws://127.0.0.1:7447',)
    """
    local = page_host in ("127.0.0.1", "localhost")
    chosen = tuple(r for r in allowed if is_local(r) == local)
    return (chosen[:1] if local else chosen) or allowed


def read_relays(text: str, allowed: tuple[str, ...]
                ) -> tuple[tuple[str, ...], list[tuple[str, str]]]:
    """The relay list a host typed (one a line, or separated by commas or spaces):
    the relays kept, and each refused one with why (``url``: no ``ws://``/``wss://``
    address; ``policy``: the page's Content-Security-Policy does not allow it, so
    the browser would refuse to connect).

    >>> read_relays("wss://a ftp://b, wss://c", ("wss://a",))
    (('wss://a',), [('ftp://b', 'url'), ('wss://c', 'policy')])
    """
    kept: list[str] = []
    refused: list[tuple[str, str]] = []
    for word in re.split(r"[\s,]+", text[:MAX_FRAGMENT].strip()):
        if not word or word in kept:
            continue
        if _RELAY.fullmatch(word) is None:
            refused.append((word[:60], "url"))
        elif word not in allowed:
            refused.append((word, "policy"))
        elif len(kept) < MAX_RELAYS:
            kept.append(word)
    return tuple(kept), refused


def valid_password(password: str) -> bool:
    """Whether ``password`` may travel in a table's link (:func:`read_invite` reads it).

    >>> valid_password("tea at five"), valid_password("a" + chr(10) + "b"), valid_password("x" * 65)
    (True, False, False)
    """
    return _PASSWORD.fullmatch(password) is not None


class Bridge:
    """The network, through ``web/friends.mjs``: one room, texts to and from peers."""

    def __init__(self, module: Any, room: Any, relays: tuple[str, ...]) -> None:
        self.module = module
        self.room = room
        self.self_id = str(room.self)
        self.relays = relays

    @classmethod
    async def open(
        cls,
        invite_room: str,
        password: str,
        relays: tuple[str, ...],
        on_message: Callable[[str, str], None],
        on_join: Callable[[str], None],
        on_leave: Callable[[str], None],
        on_join_error: Callable[[str, str], None] = lambda _peer, _error: None,
        on_ice: Callable[[int, str], None] = lambda _n, _what: None,
        turn: dict[str, str] | None = None,
    ) -> Bridge:
        """The room joined. ``on_ice`` hears each connection's course (its number and
        ``seen``, ``connected``, ``failed`` or ``closed``); ``turn`` is the player's TURN
        server as an ``RTCIceServer`` (:meth:`cardkit.ui_dom.turn_server.TurnServer.ice_server`),
        which goes into this browser's ICE configuration only."""
        from cardkit.ui_dom import browser, page_reset
        from cardkit.ui_dom.nodes import proxy

        page_reset.hold("a table with friends")
        window = browser.window()
        url = window.URL.new(BRIDGE, window.document.baseURI).href
        # A dynamic import() through the Function constructor (the policy's
        # 'unsafe-eval', which Pyodide needs anyway): the bridge's code is the site's.
        module = await window.Function.new("u", "return import(u)")(url)
        handlers = window.Object.new()
        handlers.message = proxy(lambda peer, text: on_message(str(peer), str(text)))
        handlers.join = proxy(lambda peer: on_join(str(peer)))
        handlers.leave = proxy(lambda peer: on_leave(str(peer)))
        handlers.joinError = proxy(lambda peer, error: on_join_error(str(peer), str(error)))
        handlers.ice = proxy(lambda n, what: on_ice(int(n), str(what)))
        js_turn = None
        if turn is not None:
            js_turn = window.Object.new()
            for key, value in turn.items():
                setattr(js_turn, key, value)
        js_relays = window.Array.new()
        for relay in relays:
            js_relays.push(relay)
        local = all(is_local(r) for r in relays)
        room = module.open(invite_room, password, js_relays, local, handlers, js_turn)
        return cls(module, room, relays)

    def send(self, text: str, peer: str) -> None:
        self.room.send(text, peer)

    def redial(self, peer: str) -> None:
        """The room left and joined again for ``peer``, silent to this page: a line
        whose opening handshake one side lost carries texts that side never reads,
        and joining again hands each other the room's presence and readiness anew."""
        self.room.redial(peer)

    def relay_states(self) -> object:
        """Each relay's state now, as ``web/friends.mjs`` reports it (a list of
        ``[relay, state, why]``, read by :func:`cardkit.ui_dom.relay_health.read_states`)."""
        from cardkit.ui_dom import browser

        js_relays = browser.window().Array.new()
        for relay in self.relays:
            js_relays.push(relay)
        report: object = self.module.relayStates(js_relays).to_py()
        return report

    def qr(self, link: str) -> list[list[int]]:
        return [[int(m) for m in row] for row in self.module.qr(link).to_py()]

    def leave(self) -> None:
        self.room.leave()

    async def close(self) -> None:
        """Leave the room and wait until it is left. Trystero starts its relays once
        for all the page's rooms: a room opened before the last one is quite left
        would run on the old relays, whatever relays the new link names."""
        await self.room.leave()
