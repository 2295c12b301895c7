"""A shared game link (``?game=durak#game=…``) for every game of the Durak family.

The link carries a finished game's JSON record (:mod:`cardkit.share_link`: compressed,
bounded), the kind's own (the controller's ``share``,
:meth:`durak.ui_dom.play.family_controller.FamilyController.share`): the ordinary
game's ``durak-game/1``, a pile game's ``durak-pile/1`` (its rules name the mode), and
so on for each kind.  The record's ``format`` names the game, so
opening a link (:func:`read_link`) finds the kind whose
:attr:`~durak.ui_dom.game_kind.GameKind.record_format` it is, and that kind's own reader
replays and checks every field (:attr:`~durak.ui_dom.game_kind.GameKind.read_shared`).
A pasted record, text or JSON (:func:`read_record`), is read alike by its game's
registry entry and written in words by its kind.

A link is hostile input: the text is parsed within the family's bounds of length and
depth (:func:`cardkit.bounded_json.loads_bounded`) before anything reads it, the
``format`` must be a string naming a game of the family (never coerced), and only a
finished game opens.  Anything wrong is one :class:`SharedLinkError` whose words are
the reader's (naming the field); the page shows it as a notice and replaces nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardkit import fields
from cardkit.bounded_json import JsonShapeError, loads_bounded
from cardkit.share_link import MAX_JSON_BYTES
from durak.family.entry import GameEntry, Record
from durak.family.modes import DURAK
from durak.family.registry import GAMES, find_game
from durak.record_check import MAX_RECORD_CHARS, MAX_RECORD_DEPTH
from durak.ui_dom.kinds import KINDS, GameKind
from durak.ui_dom.record.family_words import RecordReadError, Written

#: The deepest record of the family: a game with a part before its play holds the
#: ordinary record one level down.
MAX_DEPTH = MAX_RECORD_DEPTH + 1


class SharedLinkError(ValueError):
    """A shared game link that does not hold a finished game of the family."""


@dataclass(frozen=True)
class Shared:
    """A link's game: its kind, the game replayed, its number and its record."""

    kind: GameKind
    game: Any
    number: int
    record: dict[str, Any]


def kind_of_record(text: str) -> tuple[GameKind, dict[str, Any]]:
    """The kind whose record ``text`` is (its ``format``) and the record parsed."""
    try:
        data = loads_bounded(text, max_chars=MAX_JSON_BYTES, max_depth=MAX_DEPTH)
    except JsonShapeError as e:
        raise SharedLinkError(f"record: {e}") from None
    if not isinstance(data, dict):
        raise SharedLinkError(f"record: expected a JSON object, not {type(data).__name__}")
    form = data.get("format")
    if type(form) is not str:
        raise SharedLinkError("format: expected a string naming the game, not "
                              f"{fields.short(form)}")
    for kind in KINDS.values():
        if kind.record_format == form and kind.read_shared is not None:
            return kind, data
    raise SharedLinkError(f"format: {fields.short(form)} is not a game of the Durak family")


def _finished(game: Any) -> bool:
    state = getattr(game, "state", None)
    if state is not None:  # a pile game
        return bool(state.over)
    return getattr(game, "result", None) is not None


def read_link(text: str) -> Shared:
    """The finished game a link's record text holds (see the module doc)."""
    kind, data = kind_of_record(text)
    assert kind.read_shared is not None
    try:
        game = kind.read_shared(text)
    except ValueError as e:  # the records' own errors, naming the field
        raise SharedLinkError(str(e)[:300]) from None
    if not _finished(game):
        raise SharedLinkError("result: the game is not over; only a finished game is shared")
    number = data.get("game")
    return Shared(kind, game, number if type(number) is int else 1, data)


def review_record(record: dict[str, Any], computers: Any,
                  notify: Callable[[list[str]], None], no_play: str,
                  people: tuple[tuple[int, str], ...] = ((0, ""),)) -> None:
    """Open the review of a shared (or listed) game of a kind other than the ordinary,
    by its kind's own (:attr:`~durak.ui_dom.game_kind.GameKind.open_record`; ``no_play``:
    the notice when the game has nothing to review), judging ``people``'s decisions
    (:data:`cardkit.ui_dom.review_frame.People`)."""
    form = record.get("format")
    for kind in KINDS.values():
        if kind.record_format == form and kind.open_record is not None:
            kind.open_record(record, computers, notify, no_play, people)
            return


def _entry_of(found: Callable[[Record], bool]) -> GameEntry:
    """The first game whose records ``found`` (its kind's one entry does for all its
    games); the ordinary game's if none, whose reader then refuses the record."""
    return next((e for e in GAMES.values() if found(e.record)), find_game(DURAK))


def read_record(text: str) -> Written:
    """A pasted record of any game of the family, text or JSON, replayed and checked by
    its own game's reader (its registry entry's :class:`~durak.family.entry.Record`,
    chosen by the JSON's ``format`` or the text's first word, the longest head that
    starts it) and written by its kind; anything wrong is a :class:`RecordReadError`
    whose words are the reader's (naming the field)."""
    errors: tuple[type[Exception], ...] = (
        JsonShapeError, *{e.record.error for e in GAMES.values()})
    try:
        if text.lstrip().startswith("{"):
            data = loads_bounded(text, max_chars=MAX_RECORD_CHARS, max_depth=MAX_DEPTH)
            form = data.get("format") if isinstance(data, dict) else None
            entry = _entry_of(lambda r: r.format == form)
            # Each reader parses the text again under its own bounds.
            game = entry.record.read_json(text)
        else:
            start = text.lstrip()
            heads = sorted({e.record.head for e in GAMES.values()}, key=len, reverse=True)
            head = next((h for h in heads if start.startswith(h)), None)
            entry = _entry_of(lambda r: r.head == head)
            game = entry.record.read_text(text)
        return KINDS[entry.kind].write(game, 1)
    except errors as e:
        raise RecordReadError(str(e)[:300]) from None


__all__ = ["MAX_DEPTH", "Shared", "SharedLinkError", "kind_of_record", "read_link",
           "read_record", "review_record"]
