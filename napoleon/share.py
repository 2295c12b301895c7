"""A finished game in a link (issue 13): its JSON record, compressed, in the URL fragment.

The fragment (``#game=…``) is never sent to a server.  The record is the
engine's JSON record (:func:`napoleon.record.game_record`) written compactly,
compressed with zlib (in CPython's and Pyodide's standard library alike) and
written in URL-safe base64 without padding::

    https://example.github.io/napoleon/#game=eNqtVU1v2zAM…

A game record is ~2-4 KB of JSON and ~1 KB compressed, so links stay short
enough for chat programs (:data:`MAX_LINK_CHARS` bounds what is read).

Reading a link (:func:`decode_game_link`) treats it as hostile: its length and
alphabet are checked first, the decompressed size is bounded
(:data:`MAX_JSON_BYTES`, a zip bomb stops there), then the record is parsed
within the record reader's bounds and must be one finished game.  Its replay
(:func:`napoleon.record.replay_game`) checks the rest; anything wrong is a
:class:`ShareError` saying why.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any, Final

from napoleon.record_check import GAME_FORMAT, RecordError, load_record

#: The fragment's key: ``#game=<payload>``.
PREFIX: Final = "game="
#: Longest payload read (a record with redeals compresses to a few KB).
MAX_LINK_CHARS: Final = 32_000
#: Largest record once decompressed (a real one is under 10,000 bytes).
MAX_JSON_BYTES: Final = 200_000
_ALPHABET: Final = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


class ShareError(RecordError):
    """A shared game link that cannot be opened (the message says why)."""


def encode_game_link(rec: dict[str, Any]) -> str:
    """The fragment (without ``#``) carrying ``rec``, a finished game's JSON record.

    >>> from napoleon.game import Game
    >>> from napoleon.record import game_record
    >>> from napoleon.rules import Rules
    >>> g = Game.new(Rules(), seed=5)
    >>> while g.result is None:
    ...     g.apply(g.legal_actions()[-1] if g.phase.value == "bid" else g.legal_actions()[0])
    >>> link = encode_game_link(game_record(g))
    >>> link.startswith("game="), decode_game_link("#" + link) == game_record(g)
    (True, True)
    """
    text = json.dumps(rec, ensure_ascii=False, separators=(",", ":"))
    packed = zlib.compress(text.encode("utf-8"), 9)
    return PREFIX + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def is_game_link(fragment: str) -> bool:
    """Whether the URL fragment (with or without ``#``) is a shared game link."""
    return fragment.removeprefix("#").startswith(PREFIX)


def decode_game_link(fragment: str) -> dict[str, Any]:
    """The finished game's JSON record carried by ``fragment``; else :class:`ShareError`.

    >>> decode_game_link("#game=AAAA")
    Traceback (most recent call last):
    ...
    napoleon.share.ShareError: the link's data is damaged (not compressed data)
    """
    payload = fragment.removeprefix("#")
    if not payload.startswith(PREFIX):
        raise ShareError("not a shared game link")
    payload = payload[len(PREFIX):]
    if not payload:
        raise ShareError("the link carries no game")
    if len(payload) > MAX_LINK_CHARS:
        raise ShareError(f"the link is too long ({len(payload):,} characters)")
    if not set(payload) <= _ALPHABET:
        raise ShareError("the link's data holds characters it cannot hold")
    try:
        packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise ShareError("the link's data is damaged (not base64)") from None
    unpack = zlib.decompressobj()
    try:
        raw = unpack.decompress(packed, MAX_JSON_BYTES + 1)
    except zlib.error:
        raise ShareError("the link's data is damaged (not compressed data)") from None
    if len(raw) > MAX_JSON_BYTES or unpack.unconsumed_tail:
        raise ShareError(f"the link's game is larger than {MAX_JSON_BYTES:,} bytes")
    if not unpack.eof:
        raise ShareError("the link's data is cut short")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ShareError("the link's data is damaged (not UTF-8)") from None
    try:
        rec = load_record(text)
    except RecordError as e:
        raise ShareError(str(e)[:200]) from None
    if rec.get("format") != GAME_FORMAT:
        raise ShareError(f"the link does not carry one game ({GAME_FORMAT})")
    if rec.get("result") is None:
        raise ShareError("the link's game is not finished")
    return rec


__all__ = [
    "MAX_JSON_BYTES", "MAX_LINK_CHARS", "PREFIX", "ShareError", "decode_game_link",
    "encode_game_link", "is_game_link",
]
