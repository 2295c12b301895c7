"""The kinds of game Durak's page plays, as one table.

The ordinary game (``durak``: :class:`~durak.ui_dom.controller.Controller`, the
pairs' table, :func:`durak.ai.decide_json`) and the pile games (``pile``:
kurukuru, chukhonsky, chinese, heap, crusaders, polish — :class:`~durak.ui_dom.pile_controller.
PileController`, the pile's table, :func:`durak.ai.pile_levels.decide_json`)
and ``suit_deal`` (:class:`~durak.suit_deal.ui_dom.controller.SuitDealController`:
its dealing drawn by :mod:`~durak.suit_deal.ui_dom.table`, then the ordinary
driver and table; :func:`durak.suit_deal.ai.decide_json`).
The page (:mod:`durak.ui_dom.app`) picks the entry of the rules it deals
(:func:`durak.ui_dom.modes.kind_of`), or of the controller on the table
(its ``kind``), and asks it only what truly differs: the controller's class, the
drawing, the hint's side, the review, the record in words and its link's format
and reader.  Everything else — the series, its rules, its finished games, the
selection, the save, the statistics' facts — the page asks the controller
itself, in the family's one protocol (:class:`FamilyController`, and
:class:`FamilyHost` of the one playing the series); the computers are the game's registry
entry's, asked by the worker's one request that names the game
(:data:`DECIDE_EXPORT`, :func:`decide_here` on the page's thread).  A new kind of
engine is one more entry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final

from cardkit.ui_dom.storage import Storage
from durak.family.modes import KIND_DURAK, KIND_PILE, KIND_SUIT_DEAL
from durak.family.registry import find_game
from durak.family.save import SavedGame
from durak.suit_deal.ui_dom import table as suit_deal_table
from durak.ui_dom import announce, persist, pile_table, table
from durak.ui_dom.controller import Controller
from durak.ui_dom.family_controller import FamilyController, FamilyHost, Hooks
from durak.ui_dom.pile_controller import PileController
from durak.suit_deal.ui_dom.controller import SuitDealController

if TYPE_CHECKING:
    from durak.game import Game
    from durak.ui_dom.family_words import Written

#: The controller on the table, whichever game's: the family's one protocol.
Ctrl = FamilyController


#: The worker's one request of the family's computers (``web/worker.py``): the game's
#: ``mode`` first, then the view, the level and the seed; its hint is asked alike
#: (:data:`durak.ui_dom.hint_view.HINT_EXPORT`).  The worker answers by the game's
#: registry entry (:class:`durak.family.registry.Computers`), so a game has computers
#: and a hint on the page by its entry alone.
DECIDE_EXPORT: Final = "durak_family_decide_json"


def decide_here(mode: str) -> Callable[[str, str, int], str]:
    """The computers of the game ``mode`` on the page's thread: the worker's very player
    (its entry's, same seed), imported at the first decision, not before."""

    def decide(view_json: str, level: str, seed: int) -> str:
        return find_game(mode).computers.decide_json(view_json, level, seed)

    return decide


def hint_durak(_ctrl: Any) -> Any:
    """The ordinary game's side of the hint (imported when the hint is first mounted)."""
    from durak.ui_dom.hint_view import OrdinaryHint

    return OrdinaryHint()


def hint_pile(ctrl: Any) -> Any:
    """The pile games' side of the hint: the strong search's ranked moves (a take or a
    turn of the talon named by its button on ``ctrl``'s table)."""
    from durak.ui_dom.pile_hint_view import PileHintSide

    return PileHintSide(ctrl)


def hint_suit_deal(_ctrl: Any) -> Any:
    """``mode=suit_deal``'s side of the hint: the dealing's choice, then the ordinary."""
    from durak.suit_deal.ui_dom.hint_view import SuitDealHintSide

    return SuitDealHintSide()


def review_pile(ctrl: Any, computers: Any) -> None:
    """The pile games' review of the game just finished (the hint's evaluator): the
    table's people's decisions (:meth:`FamilyLoop.reviewed`)."""
    from durak.ui_dom.i18n import t
    from durak.ui_dom.pile_review_view import review

    review(ctrl, computers, ctrl.reviewed(t))


def review_suit_deal(ctrl: Any, computers: Any) -> None:
    """``mode=suit_deal``'s review of the game just finished: its play part, an
    ordinary game, by the ordinary review (:mod:`durak.ui_dom.review_view`), of the
    table's people's decisions (:meth:`FamilyLoop.reviewed`)."""
    from durak.ui_dom import review_view
    from durak.ui_dom.i18n import t

    game = ctrl.finished_game()
    play = None if game is None else game.play
    if play is not None and play.result is not None:
        review_view.mount(computers)
        review_view.review_game(play, people=ctrl.reviewed(t))


def write_durak(game: Game, number: int) -> Written:
    """An ordinary game in words and notation (the record screen's)."""
    from durak.ui_dom.family_words import write_durak as write

    return write(game, None, number, named=False)


def write_pile(game: Any, number: int) -> Written:
    """A pile game in words and notation (the record screen's)."""
    from durak.ui_dom.family_words import write_pile as write

    return write(game, None, number, named=False)


def write_suit_deal(game: Any, number: int) -> Written:
    """A ``suit_deal`` game, its dealing and its play, in words and notation."""
    from durak.ui_dom.family_words import write_suit_deal as write

    return write(game, None, number, named=False)


def read_durak(text: str) -> Game:
    """An ordinary game's JSON record, replayed and checked (its errors name the field)."""
    from durak.ai.review import replay_finished

    return replay_finished(text)


def read_pile(text: str) -> Any:
    """A pile game's JSON record, replayed and checked."""
    from durak.pile.record import replay_json

    return replay_json(text)


def read_suit_deal(text: str) -> Any:
    """A ``suit_deal`` game's JSON record, replayed and checked."""
    from durak.suit_deal.record import replay_json

    return replay_json(text)


@dataclass(frozen=True)
class GameKind:
    """One kind of game: what truly differs for it on the page.  Everything else the
    page asks the controller on the table (:class:`FamilyController`), whichever kind."""

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
    #: The kind's side of the hint (:class:`durak.ui_dom.hint_view.HintSide`) for a
    #: controller, ``hint(ctrl)`` (its words name the buttons of that table): every
    #: game of the family has the hint, and its undo (the controller's ``undo``,
    #: ``undo_refusal`` and ``on_undo``), by its entry here.
    #: (Required: a function as a dataclass default would give the generated
    #: ``__init__`` defaults that the page's precompiled dataclass code cannot match.)
    hint: Callable[[Any], Any]
    #: A shared game link (``#game=…``, :mod:`durak.ui_dom.family_share`): the JSON
    #: record's ``format``, which names the kind's game on the link (the controller's
    #: ``share`` writes the record) …
    record_format: str
    #: … and the game a link's record text holds, replayed and checked by the kind's
    #: own reader (its errors name the field).
    read_shared: Callable[[str], Any]
    #: The end's review of the game on the table, ``review(ctrl, computers)`` (``None``:
    #: the page's own, :mod:`durak.ui_dom.review_view`, for the ordinary game's records).
    review: Callable[[Any, Any], None] | None = None


#: Every kind of game the page plays, by name (:func:`durak.ui_dom.modes.kind_of`).
KINDS: Final[dict[str, GameKind]] = {
    KIND_DURAK: GameKind(
        name=KIND_DURAK, controller=Controller, draw=table.draw,
        already_said=announce.already_said, write=write_durak, hint=hint_durak,
        record_format="durak-game/1", read_shared=read_durak,
    ),
    KIND_PILE: GameKind(
        name=KIND_PILE, controller=PileController, draw=pile_table.draw,
        already_said=pile_table.already_said, write=write_pile, hint=hint_pile,
        record_format="durak-pile/1", read_shared=read_pile, review=review_pile,
    ),
    # The dealing, then the ordinary table (its selection, its Escape).  Its record has
    # two parts, the dealing's and the play's.
    KIND_SUIT_DEAL: GameKind(
        name=KIND_SUIT_DEAL, controller=SuitDealController, draw=suit_deal_table.draw,
        already_said=suit_deal_table.already_said, write=write_suit_deal,
        hint=hint_suit_deal, record_format="durak-suit-deal/1", read_shared=read_suit_deal,
        review=review_suit_deal,
    ),
}


def kind_of_ctrl(ctrl: Ctrl) -> GameKind:
    """The kind of the controller on the table."""
    return KINDS[ctrl.kind]


def count_over(ctrl: Ctrl, friends: bool = False) -> None:
    """Count the game on ``ctrl``'s table, which has just ended, in the statistics: the
    controller reads its facts (:meth:`FamilyController.finished_facts`); a game counted
    already (its id) is not counted again; a game with friends in its own tally."""
    finished = ctrl.finished_facts()
    if finished is not None:
        from durak.ui_dom import stats_view

        stats_view.count_finished(ctrl.rules, *finished, friends=friends)


def save_on_table(store: Storage, ctrl: FamilyHost) -> None:
    """Save ``ctrl``'s series in the family's one save (:mod:`durak.ui_dom.persist`),
    with the people at its table (pass-and-play's, whichever kind offers it)."""
    persist.save_game(store, replace(ctrl.snapshot(), humans=ctrl.people()))


def kind_of_saved(saved: SavedGame) -> GameKind:
    """The kind that continues a saved series: its game's registry entry's."""
    return KINDS[find_game(saved.mode).kind]


def resume(saved: SavedGame, hooks: Hooks, level: str) -> FamilyHost:
    """The controller that continues the saved series ``saved`` at ``level`` (its kind's)."""
    return kind_of_saved(saved).controller.resume(saved, hooks, level)


def host_of(ctrl: FamilyController) -> FamilyHost | None:
    """``ctrl`` as the controller playing its series (its kind's class), or ``None``: a
    guest's at a table with friends, which plays no series."""
    cls = KINDS[ctrl.kind].controller
    return ctrl if isinstance(ctrl, cls) else None


__all__ = ["DECIDE_EXPORT", "KINDS", "Ctrl", "FamilyHost", "GameKind", "Hooks", "count_over",
           "decide_here", "hint_durak", "hint_pile", "hint_suit_deal", "host_of",
           "kind_of_ctrl", "kind_of_saved", "read_durak", "read_pile", "read_suit_deal",
           "resume", "review_pile", "review_suit_deal", "save_on_table", "write_durak",
           "write_pile", "write_suit_deal"]
