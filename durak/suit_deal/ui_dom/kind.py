"""The suit deal as one kind of Durak's page (:data:`KIND`, which
:data:`durak.ui_dom.kinds.KINDS` lists): its controller and dealing table, its hint's
side, its record in words, its review (of its play part, an ordinary game), its guest
at a table with friends, its facts for the statistics and the earlier page's save of
it.  Everything is imported when first asked, as the other kinds' are."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from durak.family.modes import KIND_SUIT_DEAL
from durak.suit_deal.record import FORMAT
from durak.suit_deal.ui_dom import table
from durak.suit_deal.ui_dom.controller import SuitDealController
from durak.suit_deal.ui_dom.guest_controller import SuitDealGuestController
from durak.suit_deal.view import DealView
from durak.ui_dom.game_kind import GameKind

if TYPE_CHECKING:
    from durak.family.save import SavedGame
    from durak.stats import GameFacts
    from durak.ui_dom.record.family_words import Written


def hint(_ctrl: Any) -> Any:
    """The hint's side: the dealing's choice, then the ordinary game's."""
    from durak.suit_deal.ui_dom.hint_view import SuitDealHintSide

    return SuitDealHintSide()


def review(ctrl: Any, computers: Any) -> None:
    """The review of the game just finished: its play part, an ordinary game, by the
    ordinary review (:mod:`durak.ui_dom.review.review_view`), of the table's people's
    decisions (:meth:`TurnLoop.reviewed`)."""
    from durak.ui_dom.i18n import t
    from durak.ui_dom.review import review_view

    game = ctrl.finished_game()
    play = None if game is None else game.play
    if play is not None and play.result is not None:
        review_view.mount(computers)
        review_view.review_game(play, people=ctrl.reviewed(t))


def open_record(record: dict[str, Any], computers: Any, notify: Callable[[list[str]], None],
                no_play: str, people: tuple[tuple[int, str], ...]) -> None:
    """The review of a shared or listed record: its play part's, by the ordinary
    review; ``no_play`` noticed when the dealing ended the game."""
    play = record.get("play")
    if not isinstance(play, dict):
        notify([no_play])
        return
    from durak.ui_dom.review import review_view

    review_view.mount(computers)
    review_view.open_review(play, people)


def write(game: Any, number: int) -> Written:
    """A finished game, its dealing and its play, in words and notation."""
    from durak.suit_deal.ui_dom.words import write as write_words

    return write_words(game, None, number, named=False)


def read_shared(text: str) -> Any:
    """A JSON record, replayed and checked."""
    from durak.suit_deal.record import replay_json

    return replay_json(text)


def facts(game: Any, seat: int) -> GameFacts:
    """A finished game's facts for ``seat`` (the statistics')."""
    from durak.suit_deal.facts import facts as game_facts

    return game_facts(game, seat)


def played(game: Any) -> Any:
    """The game a guest's end and review show: the play (the ordinary guest's table
    plays it); a :class:`ValueError` when the dealing ended the game."""
    play = game.play
    if play is None:
        raise ValueError("the dealing ended the game: it has no play")
    return play


def seen(view: DealView) -> str:
    """One line of what a guest's seat saw of the dealing: its steps so far, whose
    turn, the table cards, the turned card and the talon."""
    from durak.ui_dom.i18n import t
    from durak.ui_dom.table.card_words import card_name, seat_name

    sep = t("list.sep")
    table_cards = sep.join(card_name(c) for c in view.table) or t("seen.nothing")
    turned = "-" if view.turned is None else card_name(view.turned)
    name = "-" if view.to_act is None else seat_name(view.to_act)
    return t("seen.deal", n=len(view.steps), name=name, table=table_cards, turned=turned,
             talon=view.talon_count)


def old_save(text: str) -> SavedGame:
    """The earlier page's save of a suit deal, read into the family's one save."""
    from durak.suit_deal.old_save import decode_v1

    return decode_v1(text)


#: The dealing, then the ordinary table (its selection, its Escape).  Its record has
#: two parts, the dealing's and the play's.
KIND: Final = GameKind(
    name=KIND_SUIT_DEAL, controller=SuitDealController, draw=table.draw,
    already_said=table.already_said, write=write, hint=hint, record_format=FORMAT,
    read_shared=read_shared, facts=facts, review=review, open_record=open_record,
    played=played, guest=SuitDealGuestController, guest_views=(DealView,), seen=seen,
    old_save=old_save,
)

__all__ = ["KIND", "facts", "hint", "old_save", "open_record", "played", "read_shared",
           "review", "seen", "write"]
