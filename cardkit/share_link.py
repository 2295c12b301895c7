"""A finished game's record in a link's fragment, for any game.

The fragment (``#game=…``) is never sent to a server.  It carries the game's
JSON record written compactly, compressed with zlib (in CPython's and Pyodide's
standard library alike) and written in URL-safe base64 without padding.

Reading one (:func:`decode_link_text`) treats it as hostile: its length and
alphabet are checked first, the decompressed size is bounded
(:data:`MAX_JSON_BYTES`, a zip bomb stops there); what comes out is the record's
JSON text, which the game's own record reader then parses within its bounds and
its engine replays.  Anything wrong is a :class:`LinkError` saying why.

>>> frag = encode_link({"format": "toy/1", "cards": [1, 2]})
>>> frag[:5]
'game='
>>> decode_link_text("#" + frag)
'{"format":"toy/1","cards":[1,2]}'
>>> decode_link_text("#game=AAAA")
Traceback (most recent call last):
...
cardkit.share_link.LinkError: the link's data is damaged (not compressed data)
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any, Final

#: The fragment's key: ``#game=<payload>``.
PREFIX: Final = "game="
#: Longest payload read (a record compresses to one or a few KB).
MAX_LINK_CHARS: Final = 32_000
#: Largest record once decompressed.
MAX_JSON_BYTES: Final = 200_000
_ALPHABET: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


class LinkError(ValueError):
    """A shared game link that cannot be opened (the message says why)."""


def encode_link(rec: dict[str, Any]) -> str:
    """The fragment (without ``#``) carrying ``rec``, a finished game's JSON record."""
    text = json.dumps(rec, ensure_ascii=False, separators=(",", ":"))
    packed = zlib.compress(text.encode("utf-8"), 9)
    return PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def is_game_link(fragment: str) -> bool:
    """Whether the URL fragment (with or without ``#``) is a shared game link."""
    return fragment.removeprefix("#").startswith(PREFIX)


def decode_link_text(fragment: str) -> str:
    """The JSON text ``fragment`` carries (not parsed yet); else :class:`LinkError`."""
    payload = fragment.removeprefix("#")
    if not payload.startswith(PREFIX):
        raise LinkError("not a shared game link")
    payload = payload[len(PREFIX):]
    if not payload:
        raise LinkError("the link carries no game")
    if len(payload) > MAX_LINK_CHARS:
        raise LinkError(f"the link is too long ({len(payload):,} characters)")
    if not set(payload) <= _ALPHABET:
        raise LinkError("the link's data holds characters it cannot hold")
    try:
        packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise LinkError("the link's data is damaged (not base64)") from None
    unpack = zlib.decompressobj()
    try:
        raw = unpack.decompress(packed, MAX_JSON_BYTES + 1)
    except zlib.error:
        raise LinkError("the link's data is damaged (not compressed data)") from None
    if len(raw) > MAX_JSON_BYTES or unpack.unconsumed_tail:
        raise LinkError(f"the link's game is larger than {MAX_JSON_BYTES:,} bytes")
    if not unpack.eof:
        raise LinkError("the link's data is cut short")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise LinkError("the link's data is damaged (not UTF-8)") from None


__all__ = [
    "MAX_JSON_BYTES", "MAX_LINK_CHARS", "PREFIX", "LinkError", "decode_link_text",
    "encode_link", "is_game_link",
]
