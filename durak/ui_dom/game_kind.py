"""One kind of game on Durak's page, :class:`GameKind`: what truly differs for it.

The kinds the page plays are listed in :data:`durak.ui_dom.kinds.KINDS`; a kind whose
page lives in its own package (``durak/<kind>/ui_dom/``) builds its entry there with
this record, so that the shared page modules reach it through its registration and
never by its name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from durak.ui_dom.play.family_controller import FamilyHost

if TYPE_CHECKING:
    from durak.family.save import SavedGame
    from durak.stats import GameFacts
    from durak.ui_dom.record.family_words import Written

#: What a shared or listed record's review is given: the record, the page's computers,
#: the page's notices, the notice for a record with nothing to review, and whose
#: decisions are judged (:data:`cardkit.ui_dom.review_frame.People`).
OpenRecord = Callable[[dict[str, Any], Any, Callable[[list[str]], None], str,
                       tuple[tuple[int, str], ...]], None]


@dataclass(frozen=True)
class GameKind:
    """One kind of game: what truly differs for it on the page.  Everything else the
    page asks the controller on the table (:class:`~durak.ui_dom.play.family_controller.
    FamilyController`), whichever kind."""

    name: str
    #: The controller that plays a series of the kind: ``controller(rules, seed, level,
    #: hooks)`` deals a new one, ``controller.resume(saved, hooks, level)`` continues a
    #: saved one.
    controller: type[FamilyHost]
    #: The table's drawing of the controller's view, with its selection …
    draw: Callable[[Any], None]
    #: … and the moves made so far counted as said (the first screen says the status).
    already_said: Callable[[Any], None]
    #: One finished game in words and notation, as the menu's record screen shows it
    #: (the plain notation, ``P1``…, which any page imports alike): ``write(game, number)``.
    write: Callable[[Any, int], Written]
    #: The kind's side of the hint (:class:`durak.ui_dom.hint.hint_view.HintSide`) for a
    #: controller, ``hint(ctrl)`` (its words name the buttons of that table): every
    #: game of the family has the hint, and its undo (the controller's ``undo``,
    #: ``undo_refusal`` and ``on_undo``), by its entry here.
    #: (Required: a function as a dataclass default would give the generated
    #: ``__init__`` defaults that the page's precompiled dataclass code cannot match.)
    hint: Callable[[Any], Any]
    #: A shared game link (``#game=…``, :mod:`durak.ui_dom.record.family_share`): the JSON
    #: record's ``format``, which names the kind's game on the link (the controller's
    #: ``share`` writes the record) …
    record_format: str
    #: … and the game a link's record text holds, replayed and checked by the kind's
    #: own reader (its errors name the field).
    read_shared: Callable[[str], Any]
    #: A finished game's facts for one seat, for the statistics: ``facts(game, seat)``
    #: of a game its record's reader replayed (a guest's finished game with friends).
    facts: Callable[[Any, int], GameFacts]
    #: The end's review of the game on the table, ``review(ctrl, computers)`` (``None``:
    #: the page's own, :mod:`durak.ui_dom.review.review_view`, for the ordinary game's records).
    review: Callable[[Any, Any], None] | None = None
    #: The review of a shared or listed JSON record of the kind (``None``: the ordinary
    #: game's, which the page reviews itself).
    open_record: OpenRecord | None = None
    #: The game a guest's end and review show, of the finished game its record's reader
    #: replayed (``None``: that game; a :class:`ValueError` if it has none to show).
    played: Callable[[Any], Any] | None = None
    #: The kind's guest controller at a table with friends, for the views
    #: :attr:`guest_views` (every kind of the family has one; ``None``: a kind played
    #: alone): ``guest(view, turn, send, hooks)``, following each later view of those
    #: with ``follow(view, turn)`` …
    guest: type[Any] | None = None
    guest_views: tuple[type, ...] = ()
    #: … and one line of what a guest's seat saw in such a view, in words.
    seen: Callable[[Any], str] | None = None
    #: The earlier page's save of the kind, under ``durak.<kind>``, read into the
    #: family's one save (``None``: it had none of its own).
    old_save: Callable[[str], SavedGame] | None = None


__all__ = ["GameKind", "OpenRecord"]
