"""A shared game link (``?game=durak#game=…``) for every game of the Durak family.

The link carries a finished game's JSON record (:mod:`cardkit.share_link`: compressed,
bounded), the kind's own (the controller's ``share``,
:meth:`durak.ui_dom.family_controller.FamilyController.share`): the ordinary
game's ``durak-game/1``, a pile game's ``durak-pile/1`` (its rules name the mode), a
suit deal's ``durak-suit-deal/1``.  The record's ``format`` names the game, so
opening a link (:func:`read_link`) finds the kind whose
:attr:`~durak.ui_dom.kinds.GameKind.record_format` it is, and that kind's own reader
replays and checks every field (:attr:`~durak.ui_dom.kinds.GameKind.read_shared`).

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
from durak.pile import record as pile_record
from durak.suit_deal import record as suit_deal_record
from durak.ui_dom.kinds import KINDS, GameKind

#: The deepest record of the family (a suit deal's holds the ordinary record).
MAX_DEPTH = suit_deal_record.MAX_DEPTH


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
    """Open the review of a shared (or listed) game of a kind other than the ordinary:
    a pile game's (:mod:`durak.ui_dom.pile_review_view`), a suit deal's play part (the
    ordinary review; ``no_play``, the notice when the dealing ended the game), judging
    ``people``'s decisions (:data:`cardkit.ui_dom.review_frame.People`)."""
    form = record.get("format")
    if form == pile_record.FORMAT:
        from durak.ui_dom import pile_review_view

        pile_review_view.open_record(pile_record.to_json(record), computers, people)
    elif form == suit_deal_record.FORMAT:
        play = record.get("play")
        if not isinstance(play, dict):
            notify([no_play])
            return
        from durak.ui_dom import review_view

        review_view.mount(computers)
        review_view.open_review(play, people)


__all__ = ["MAX_DEPTH", "Shared", "SharedLinkError", "kind_of_record", "read_link",
           "review_record"]
