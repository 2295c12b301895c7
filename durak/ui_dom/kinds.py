"""The kinds of game Durak's page plays, as one table.

The ordinary game (``durak``: :class:`~durak.ui_dom.play.controller.Controller`, the
pairs' table, :func:`durak.ai.decide_json`) and the pile games (``pile``:
kurukuru, chukhonsky, chinese, heap, crusaders, polish — :class:`~durak.ui_dom.play.pile_controller.
PileController`, the pile's table, :func:`durak.ai.pile_levels.decide_json`)
and the kinds whose pages live in their own packages (the dealing game's, its
entry from its package's ``ui_dom.kind``): :data:`ENGINE_KINDS`.  A game registered
with a kind of its own has the family's table and nothing of its own
(:func:`own_kind`: :class:`~durak.ui_dom.play.family_table.FamilyTable`, its view
drawn by :mod:`durak.ui_dom.table.view_table`); :data:`KINDS` holds both.
The page (:mod:`durak.ui_dom.app`) picks the entry of the rules it deals
(:func:`durak.ui_dom.modes.kind_of`), or of the controller on the table
(its ``kind``), and asks it only what truly differs: the controller's class, the
drawing, the hint's side, the review, the record in words and its link's format
and reader, a finished game's facts, a guest's own table, an earlier page's save
(:class:`~durak.ui_dom.game_kind.GameKind`).  Everything else — the series, its
rules, its finished games, the selection, the save — the page asks the controller
itself, in the family's one protocol (:class:`FamilyController`, and
:class:`FamilyHost` of the one playing the series); the computers are the game's registry
entry's, asked by the worker's one request that names the game
(:data:`DECIDE_EXPORT`, :func:`decide_here` on the page's thread).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from cardkit.ui_dom.storage import Storage
from durak.family import save
from durak.family.modes import KIND_DURAK, KIND_PILE
from durak.family.registry import GAMES, find_game
from durak.family.save import SavedGame
from durak.pile.view import PileView
from durak.sight import TableView
from durak.suit_deal.ui_dom.kind import KIND as DEALING_KIND
from durak.ui_dom import persist
from durak.ui_dom.friends.guest_controller import GuestController
from durak.ui_dom.friends.pile_guest_controller import PileGuestController
from durak.ui_dom.friends.seen_words import bout_seen, pile_seen
from durak.ui_dom.game_kind import GameKind
from durak.ui_dom.play.controller import Controller
from durak.ui_dom.play.family_controller import FamilyController, FamilyHost, Hooks
from durak.ui_dom.play.pile_controller import PileController
from durak.ui_dom.table import announce, pile_table, table
from durak.view import PlayerView

if TYPE_CHECKING:
    from durak.game import Game
    from durak.pile.game import PileGame
    from durak.stats import GameFacts
    from durak.ui_dom.record.family_words import Written

#: The controller on the table, whichever game's: the family's one protocol.
Ctrl = FamilyController


#: The worker's one request of the family's computers (``web/worker.py``): the game's
#: ``mode`` first, then the view, the level and the seed; its hint is asked alike
#: (:data:`durak.ui_dom.hint.hint_view.HINT_EXPORT`).  The worker answers by the game's
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
    from durak.ui_dom.hint.hint_view import OrdinaryHint

    return OrdinaryHint()


def hint_pile(ctrl: Any) -> Any:
    """The pile games' side of the hint: the strong search's ranked moves (a take or a
    turn of the talon named by its button on ``ctrl``'s table)."""
    from durak.ui_dom.hint.pile_hint_view import PileHintSide

    return PileHintSide(ctrl)


def review_pile(ctrl: Any, computers: Any) -> None:
    """The pile games' review of the game just finished (the hint's evaluator): the
    table's people's decisions (:meth:`TurnLoop.reviewed`)."""
    from durak.ui_dom.i18n import t
    from durak.ui_dom.review.pile_review_view import review

    review(ctrl, computers, ctrl.reviewed(t))


def write_durak(game: Game, number: int) -> Written:
    """An ordinary game in words and notation (the record screen's)."""
    from durak.ui_dom.record.family_words import write_durak as write

    return write(game, None, number, named=False)


def write_pile(game: Any, number: int) -> Written:
    """A pile game in words and notation (the record screen's)."""
    from durak.ui_dom.record.family_words import write_pile as write

    return write(game, None, number, named=False)


def open_pile(record: dict[str, Any], computers: Any, _notify: Callable[[list[str]], None],
              _no_play: str, people: tuple[tuple[int, str], ...]) -> None:
    """The review of a pile game's shared or listed record
    (:mod:`durak.ui_dom.review.pile_review_view`)."""
    from durak.pile.record import to_json
    from durak.ui_dom.review import pile_review_view

    pile_review_view.open_record(to_json(record), computers, people)


def facts_durak(game: Game, seat: int) -> GameFacts:
    """An ordinary game's facts for ``seat`` (the statistics')."""
    from durak.stats import game_facts

    return game_facts(game, seat)


def facts_pile(game: PileGame, seat: int) -> GameFacts:
    """A pile game's facts for ``seat``."""
    from durak.stats import pile_facts

    return pile_facts(game, seat)


def read_durak(text: str) -> Game:
    """An ordinary game's JSON record, replayed and checked (its errors name the field)."""
    from durak.ai.review import replay_finished

    return replay_finished(text)


def read_pile(text: str) -> Any:
    """A pile game's JSON record, replayed and checked."""
    from durak.pile.record import replay_json

    return replay_json(text)


#: The kinds of the family's engines, by name; a kind whose page lives in its own
#: package brings its entry from there.
ENGINE_KINDS: Final[dict[str, GameKind]] = {
    KIND_DURAK: GameKind(
        name=KIND_DURAK, controller=Controller, draw=table.draw,
        already_said=announce.already_said, write=write_durak, hint=hint_durak,
        record_format="durak-game/1", read_shared=read_durak, facts=facts_durak,
        guest=GuestController, guest_views=(PlayerView, TableView), seen=bout_seen,
    ),
    KIND_PILE: GameKind(
        name=KIND_PILE, controller=PileController, draw=pile_table.draw,
        already_said=pile_table.already_said, write=write_pile, hint=hint_pile,
        record_format="durak-pile/1", read_shared=read_pile, facts=facts_pile,
        review=review_pile, open_record=open_pile, old_save=save.decode_pile_v1,
        guest=PileGuestController, guest_views=(PileView,), seen=pile_seen,
    ),
    DEALING_KIND.name: DEALING_KIND,
}


def write_own(game: Any, number: int) -> Written:
    """A game of a kind of its own in words and notation (the record screen's)."""
    from durak.ui_dom.record.family_words import write_moves

    return write_moves(game, None, number, named=False)


def hint_own(ctrl: Any) -> Any:
    """The hint of a game of a kind of its own (imported when first mounted)."""
    from durak.ui_dom.hint.own_hint_view import OwnHintSide

    return OwnHintSide(ctrl)


def review_own(ctrl: Any, computers: Any) -> None:
    """The review of a game of a kind of its own just finished (its hint's evaluator)."""
    from durak.ui_dom.review import own_review_view

    own_review_view.review(ctrl, computers)


def open_own(record: dict[str, Any], computers: Any, notify: Callable[[list[str]], None],
             no_play: str, people: tuple[tuple[int, str], ...]) -> None:
    """The review of a shared or listed record of a game of a kind of its own."""
    from durak.ui_dom.review import own_review_view

    own_review_view.open_record(record, computers, notify, no_play, people)


def facts_own(game: Any, seat: int) -> GameFacts:
    """A finished game's facts for ``seat`` from its result alone."""
    from durak.stats import result_facts

    return result_facts(game, seat)


@functools.cache
def own_kind(name: str) -> GameKind:
    """The page of a game registered with a kind of its own, ``name``: everything from
    its registry entry (:class:`~durak.ui_dom.play.family_table.FamilyTable` plays
    it by clicks on its legal moves, :mod:`durak.ui_dom.table.view_table` draws its
    view, its records and computers are the entry's)."""
    from durak.ui_dom.friends.own_guest import OwnGuest
    from durak.ui_dom.play.family_table import FamilyTable
    from durak.ui_dom.table import view_table

    entry = next(e for e in GAMES.values() if e.kind == name)
    return GameKind(
        name=name, controller=FamilyTable, draw=view_table.draw,
        already_said=view_table.already_said, write=write_own, hint=hint_own,
        record_format=entry.record.format, read_shared=entry.record.read_json,
        facts=facts_own, review=review_own, open_record=open_own, guest=OwnGuest,
        guest_views=entry.engine.view_types, seen=entry.engine.seen_line,
    )


class Kinds(Mapping[str, GameKind]):
    """Every kind of game the page plays, by name (:func:`durak.ui_dom.modes.kind_of`):
    the family's engines' (:data:`ENGINE_KINDS`), then the kind of each game
    registered with one of its own (:func:`own_kind`), while it is registered."""

    def _own(self) -> list[str]:
        return sorted({e.kind for e in GAMES.values()} - ENGINE_KINDS.keys())

    def __getitem__(self, name: str) -> GameKind:
        if name in ENGINE_KINDS:
            return ENGINE_KINDS[name]
        if name in self._own():
            return own_kind(name)
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return iter([*ENGINE_KINDS, *self._own()])

    def __len__(self) -> int:
        return len(ENGINE_KINDS) + len(self._own())


KINDS: Final = Kinds()


def kind_of_ctrl(ctrl: Ctrl) -> GameKind:
    """The kind of the controller on the table."""
    return KINDS[ctrl.kind]


def count_over(ctrl: Ctrl, friends: bool = False) -> None:
    """Count the game on ``ctrl``'s table, which has just ended, in the statistics: the
    controller reads its facts (:meth:`FamilyController.finished_facts`); a game counted
    already (its id) is not counted again; a game with friends in its own tally."""
    finished = ctrl.finished_facts()
    if finished is not None:
        from durak.ui_dom.stats import stats_view

        stats_view.count_finished(ctrl.rules, *finished, friends=friends)


def save_on_table(store: Storage, ctrl: FamilyHost) -> None:
    """Save ``ctrl``'s series in the family's one save (:mod:`durak.ui_dom.persist`),
    with the people at its table (pass-and-play's, whichever kind offers it)."""
    persist.save_game(store, replace(ctrl.snapshot(), humans=ctrl.people()))


def kind_of_saved(saved: SavedGame) -> GameKind:
    """The kind that continues a saved series: its game's registry entry's."""
    return KINDS[find_game(saved.mode).kind]


def load_game(store: Storage) -> tuple[SavedGame | None, str, str]:
    """The game on the table (:func:`durak.ui_dom.persist.load_game`), an earlier page's
    save of a kind read by that kind's own reader (:attr:`GameKind.old_save`)."""
    old = {k.name: k.old_save for k in KINDS.values() if k.old_save is not None}
    return persist.load_game(store, old)


def resume(saved: SavedGame, hooks: Hooks, level: str) -> FamilyHost:
    """The controller that continues the saved series ``saved`` at ``level`` (its kind's)."""
    return kind_of_saved(saved).controller.resume(saved, hooks, level)


def host_of(ctrl: FamilyController) -> FamilyHost | None:
    """``ctrl`` as the controller playing its series (its kind's class), or ``None``: a
    guest's at a table with friends, which plays no series."""
    cls = KINDS[ctrl.kind].controller
    return ctrl if isinstance(ctrl, cls) else None


__all__ = ["DECIDE_EXPORT", "ENGINE_KINDS", "KINDS", "Ctrl", "FamilyHost", "GameKind", "Hooks",
           "Kinds", "count_over", "facts_own", "hint_own", "open_own", "own_kind",
           "review_own", "write_own",
           "decide_here", "facts_durak", "facts_pile", "hint_durak", "hint_pile", "host_of",
           "kind_of_ctrl", "kind_of_saved", "load_game", "open_pile", "read_durak",
           "read_pile", "resume", "review_pile", "save_on_table", "write_durak", "write_pile"]
