"""A finished game in a link: its JSON record, compressed, in the URL fragment.

The fragment (``#game=…``) is never sent to a server.  The record is the
engine's JSON record (:func:`napoleon.record.game_record`) written compactly,
compressed with zlib (in CPython's and Pyodide's standard library alike) and
written in URL-safe base64 without padding::

    https://example.github.io/napoleon/#game=eNqtVU1v2zAM…

A game record is ~2-4 KB of JSON and ~1 KB compressed, so links stay short
enough for chat programs (:data:`MAX_LINK_CHARS` bounds what is read).

Reading a link (:func:`decode_game_link`) treats it as hostile: its length and
alphabet are checked first, the decompressed size is bounded
(:data:`MAX_JSON_BYTES`, a zip bomb stops there) — the framing every game's link
shares, :mod:`cardkit.share_link` — then the record is parsed within the record
reader's bounds and must be one finished game.  Its replay
(:func:`napoleon.record.replay_game`) checks the rest; anything wrong is a
:class:`ShareError` saying why.
"""

from __future__ import annotations

from typing import Any

from cardkit.share_link import (
    MAX_JSON_BYTES,
    MAX_LINK_CHARS,
    PREFIX,
    LinkError,
    decode_link_text,
    encode_link,
    is_game_link,
)
from napoleon.record_check import GAME_FORMAT, RecordError, load_record


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
    return encode_link(rec)


def decode_game_link(fragment: str) -> dict[str, Any]:
    """The finished game's JSON record carried by ``fragment``; else :class:`ShareError`.

    >>> decode_game_link("#game=AAAA")
    Traceback (most recent call last):
    ...
    napoleon.share.ShareError: the link's data is damaged (not compressed data)
    """
    try:
        text = decode_link_text(fragment)
    except LinkError as e:
        raise ShareError(str(e)) from None
    return record_of_link_text(text)


def record_of_link_text(text: str) -> dict[str, Any]:
    """The finished game's record in a link's JSON text; else :class:`ShareError`."""
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
    "encode_game_link", "is_game_link", "record_of_link_text",
]
