"""The kinds of game Durak's page plays, as one table.

The ordinary game (``durak``: :class:`~durak.ui_dom.controller.Controller`, the
pairs' table, :func:`durak.ai.decide_json`) and the pile games (``pile``:
kurukuru, chukhonsky, chinese, heap, crusaders, polish — :class:`~durak.ui_dom.pile_controller.
PileController`, the pile's table, :func:`durak.ai.pile_levels.decide_json`)
and ``suit_deal`` (:class:`~durak.ui_dom.suit_deal_controller.SuitDealController`:
its dealing drawn by :mod:`~durak.ui_dom.suit_deal_table`, then the ordinary
driver and table; :func:`durak.suit_deal.ai.decide_json`).
The page (:mod:`durak.ui_dom.app`) picks the entry of the rules it deals
(:func:`durak.ui_dom.modes.kind_of`), or of the controller on the table
(its ``kind``), and asks it for everything that differs: the controller, the
drawing, the save and its restoring; the computers are the game's registry
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
from durak.family.save import MAX_FINISHED, SavedGame, of_match
from durak.game import Game
from durak.pile.options import PileRules
from durak.rules import Rules
from durak.ui_dom import announce, persist, pile_table, suit_deal_table, table
from durak.ui_dom.controller import HUMAN, Controller
from durak.ui_dom.family_controller import FamilyController, Hooks
from durak.ui_dom.modes import TableRules
from durak.ui_dom.pile_controller import PileController
from durak.ui_dom.suit_deal_controller import SuitDealController

if TYPE_CHECKING:
    from durak.stats import GameFacts
    from durak.ui_dom.family_words import Written
    from durak.ui_dom.guest_controller import OrdinaryTable
    from durak.ui_dom.pile_guest_controller import PileTable
    from durak.ui_dom.suit_deal_guest_controller import SuitDealTable

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
    from durak.ui_dom.suit_deal_hint_view import SuitDealHintSide

    return SuitDealHintSide()


def review_pile(ctrl: Any, computers: Any) -> None:
    """The pile games' review of the game just finished (the hint's evaluator): the
    table's people's decisions (:meth:`FamilyLoop.reviewed`)."""
    from durak.ui_dom.i18n import t
    from durak.ui_dom.pile_review_view import review

    review(ctrl, computers, ctrl.reviewed(t))


@dataclass(frozen=True)
class GameKind:
    """One kind of game: everything the page does differently for it."""

    name: str
    #: A new series' controller: ``new(rules, seed, level, hooks)``.
    new: Callable[[Any, int, str, Hooks], Any]
    draw: Callable[[Any], None]
    #: The series on the table in the family's one save form (:mod:`durak.family.save`) …
    snapshot: Callable[[Any], SavedGame]
    #: … and a controller continuing a saved one at a level: ``resume(saved, hooks, level)``.
    resume: Callable[[SavedGame, Hooks, str], Any]
    #: Whether the human has moved in the game on the table (a new deal would lose it).
    in_progress: Callable[[Any], bool]
    #: The moves made so far count as said (the first screen says only the status).
    already_said: Callable[[Any], None]
    #: The rules of the game on the table.
    rules_of: Callable[[Any], TableRules]
    #: The finished games the menu's record screen lists (with their numbers): the
    #: kind's own game objects, the one on the table last once it is over.
    finished_games: Callable[[Any], list[tuple[Any, int]]]
    #: The human's selected cards (a mask; Escape clears them).
    selection: Callable[[Any], int]
    #: One finished game in words and notation, as the menu's record screen shows it
    #: (the plain notation, ``P1``…, which any page imports alike):
    #: ``write(ctrl, game, number)``.
    write: Callable[[Any, Any, int], Written]
    #: The statistics' facts of the game on the table, which has just ended, and its id
    #: (the same game is never counted twice); ``None`` before its end.
    finished_facts: Callable[[Any], tuple[GameFacts, str] | None]
    #: The kind's side of the hint (:class:`durak.ui_dom.hint_view.HintSide`) for a
    #: controller, ``hint(ctrl)`` (its words name the buttons of that table): every
    #: game of the family has the hint, and its undo (the controller's ``undo``,
    #: ``undo_refusal`` and ``on_undo``), by its entry here.
    #: (Required: a function as a dataclass default would give the generated
    #: ``__init__`` defaults that the page's precompiled dataclass code cannot match.)
    hint: Callable[[Any], Any]
    #: The end's review of the game on the table, ``review(ctrl, computers)`` (``None``:
    #: the page's own, :mod:`durak.ui_dom.review_view`, for the ordinary game's records).
    review: Callable[[Any, Any], None] | None = None
    #: A shared game link (``#game=…``, :mod:`durak.ui_dom.family_share`): the JSON
    #: record's ``format``, which names the kind's game on the link …
    record_format: str = ""
    #: … the JSON record of a finished game of ``ctrl``'s series (as
    #: :attr:`finished_games` gives it), ``share(ctrl, game, number)``: what the link
    #: carries (``None``: the kind has no link) …
    share: Callable[[Any, Any, int], dict[str, Any]] | None = None
    #: … and the game a link's record text holds, replayed and checked by the kind's
    #: own reader (its errors name the field).
    read_shared: Callable[[str], Any] | None = None


# ---- the ordinary game ------------------------------------------------------------


def _durak_new(rules: Rules, seed: int, level: str, h: Hooks) -> Controller:
    return Controller(rules, seed, level, h)


def _durak_snapshot(ctrl: Controller) -> SavedGame:
    return of_match(ctrl.match, ctrl.match_seed)


def _durak_resume(saved: SavedGame, h: Hooks, level: str) -> Controller:
    assert isinstance(saved.series.rules, Rules) and saved.match is not None
    return Controller(saved.series.rules, saved.series.seed, level, h, match=saved.match)


def _durak_finished(ctrl: OrdinaryTable) -> list[tuple[Game, int]]:
    if not isinstance(ctrl, Controller):  # a guest's: the host's game as its record says,
        game = ctrl.ended_game()  # once it came
        return [] if game is None else [(game, ctrl.standing().number)]
    m = ctrl.match
    games = [(g, i + 1) for i, g in enumerate(m.games)]
    if ctrl.over and not (m.games and m.games[-1] is m.game):
        games.append((m.game, m.number))
    return games


def _durak_write(ctrl: Controller, game: Game, number: int) -> Written:
    from durak.ui_dom.family_words import write_durak

    return write_durak(game, None, number, named=False)


def _durak_facts(ctrl: Controller) -> tuple[GameFacts, str] | None:
    from durak.ui_dom.stats_view import durak_facts

    return durak_facts(ctrl.match, ctrl.match_seed)


def _durak_in_progress(ctrl: OrdinaryTable) -> bool:
    if not isinstance(ctrl, Controller):
        return False  # the host's game: a new deal loses nothing of the guest's
    game = ctrl.match.game
    return not ctrl.over and any(seat == HUMAN for seat, _a in game.actions())


def _durak_share(ctrl: Any, game: Game, number: int) -> dict[str, Any]:
    """The link's record (the end's and the record screen's, for a game of the match):
    the match's seed and the game's number, as the other games' links carry theirs,
    so ``Match(rules, seed)`` deals game 1 again (a guest's page holds no seed of the
    host's: none; a link without one still opens, as links always have); and the
    human's reading when the game began, as the end's link always carried (its review
    then weighs each decision as the hint did)."""
    from durak.ai.reader import FRESH
    from durak.record import json_record

    seed = None if ctrl is None else ctrl.record_seed()
    start = ctrl.match_start(game) if hasattr(ctrl, "match_start") else FRESH
    return json_record(game, None, seed, number, None if start == FRESH else start.to_dict())


def _durak_read(text: str) -> Game:
    from durak.ai.review import replay_finished

    return replay_finished(text)


# ---- the pile games -----------------------------------------------------------------


def _pile_new(rules: PileRules, seed: int, level: str, h: Hooks) -> PileController:
    return PileController(rules, seed, level, h)


def _pile_snapshot(ctrl: PileController) -> SavedGame:
    return SavedGame(ctrl.series, tuple(ctrl.finished[-MAX_FINISHED:]), ctrl.game)


def _pile_resume(saved: SavedGame, h: Hooks, level: str) -> PileController:
    series = saved.series
    assert isinstance(series.rules, PileRules)
    ctrl = PileController(series.rules, series.seed, level, h, game=saved.game, series=series)
    ctrl.finished = list(saved.finished)  # the record screen's earlier games
    return ctrl


def _pile_finished(ctrl: PileTable) -> list[tuple[Any, int]]:
    game = ctrl.finished_game()  # a guest's: the host's game as its record says, once it came
    earlier = ctrl.finished if isinstance(ctrl, PileController) else []
    return [*earlier, *([] if game is None else [(game, ctrl.number)])]


def _pile_write(ctrl: PileController, game: Any, number: int) -> Written:
    from durak.ui_dom.family_words import write_pile

    return write_pile(game, None, number, named=False)


def _pile_facts(ctrl: PileController) -> tuple[GameFacts, str] | None:
    from durak.stats import pile_facts

    if not ctrl.over:
        return None
    return pile_facts(ctrl.game, HUMAN), f"{ctrl.rules.mode}:{ctrl.match_seed}:{ctrl.number}"


def _pile_in_progress(ctrl: PileTable) -> bool:
    if not isinstance(ctrl, PileController):
        return False  # the host's game: a new deal loses nothing of the guest's
    return not ctrl.over and any(seat == HUMAN for seat, _a in ctrl.game.state.history)


def _pile_share(ctrl: Any, game: Any, number: int) -> dict[str, Any]:
    from durak.pile.record import json_record

    # The series' seed: the review on the other device uses the hint's seeds, as here
    # (a guest's page names none: FamilyLoop.record_seed).
    return json_record(game, None, None if ctrl is None else ctrl.record_seed())


def _pile_read(text: str) -> Any:
    from durak.pile.record import replay_json

    return replay_json(text)


# ---- mode=suit_deal: its dealing, then the ordinary game --------------------------------


def _suit_deal_new(rules: Rules, seed: int, level: str, h: Hooks) -> SuitDealController:
    return SuitDealController(rules, seed, level, h)


def _suit_deal_snapshot(ctrl: SuitDealController) -> SavedGame:
    return SavedGame(ctrl.series, tuple(ctrl.finished[-MAX_FINISHED:]), ctrl.play_now())


def _suit_deal_resume(saved: SavedGame, h: Hooks, level: str) -> SuitDealController:
    series = saved.series
    assert isinstance(series.rules, Rules)
    ctrl = SuitDealController(series.rules, series.seed, level, h, game=saved.game,
                              series=series)
    ctrl.finished = list(saved.finished)  # the record screen's earlier games
    return ctrl


def _suit_deal_finished(ctrl: SuitDealTable) -> list[tuple[Any, int]]:
    game = ctrl.finished_game()  # a guest's: the game its dealing ended, every card turned
    earlier = ctrl.finished if isinstance(ctrl, SuitDealController) else []
    return [*earlier, *([] if game is None else [(game, ctrl.number)])]


def _suit_deal_write(ctrl: SuitDealController, game: Any, number: int) -> Written:
    from durak.ui_dom.family_words import write_suit_deal

    return write_suit_deal(game, None, number, named=False)


def _suit_deal_facts(ctrl: SuitDealController) -> tuple[GameFacts, str] | None:
    from durak.suit_deal.facts import facts as suit_deal_facts

    if not ctrl.over:
        return None
    return (suit_deal_facts(ctrl.play_now(), HUMAN),
            f"suit_deal:{ctrl.match_seed}:{ctrl.number}")


def _suit_deal_in_progress(ctrl: SuitDealTable) -> bool:
    if not isinstance(ctrl, SuitDealController) or ctrl.over:
        return False  # a guest's: the host's game, a new deal loses nothing of the guest's
    g = ctrl.play_now()
    return any(seat == HUMAN for seat, _t in g.deal.choices) or (
        g.play is not None and any(seat == HUMAN for seat, _a in g.play.actions()))


def _suit_deal_selection(ctrl: SuitDealTable) -> int:
    """The play's selection (the dealing has none: a choice is one click)."""
    table = ctrl.table if isinstance(ctrl, SuitDealController) else None
    return table.sel if table is not None else 0


def _suit_deal_share(ctrl: Any, game: Any, number: int) -> dict[str, Any]:
    from durak.suit_deal.record import json_record

    return json_record(game, None, None if ctrl is None else ctrl.record_seed(), number)


def _suit_deal_read(text: str) -> Any:
    from durak.suit_deal.record import replay_json

    return replay_json(text)


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


#: Every kind of game the page plays, by name (:func:`durak.ui_dom.modes.kind_of`).
KINDS: Final[dict[str, GameKind]] = {
    KIND_DURAK: GameKind(
        name=KIND_DURAK, new=_durak_new,
        draw=table.draw, snapshot=_durak_snapshot, resume=_durak_resume,
        in_progress=_durak_in_progress, already_said=announce.already_said,
        rules_of=lambda ctrl: ctrl.rules, finished_games=_durak_finished,
        selection=lambda ctrl: ctrl.sel, write=_durak_write, finished_facts=_durak_facts,
        hint=hint_durak,
        record_format="durak-game/1", share=_durak_share, read_shared=_durak_read,
    ),
    KIND_PILE: GameKind(
        name=KIND_PILE, new=_pile_new,
        draw=pile_table.draw, snapshot=_pile_snapshot, resume=_pile_resume,
        in_progress=_pile_in_progress,
        already_said=pile_table.already_said,
        # Nothing is ever selected: a card is laid at once.
        rules_of=lambda ctrl: ctrl.rules, finished_games=_pile_finished,
        selection=lambda _ctrl: 0, write=_pile_write, finished_facts=_pile_facts,
        hint=hint_pile, review=review_pile,
        record_format="durak-pile/1", share=_pile_share, read_shared=_pile_read,
    ),
    # The dealing, then the ordinary table (its selection, its Escape).  Its record has
    # two parts, the dealing's and the play's.
    KIND_SUIT_DEAL: GameKind(
        name=KIND_SUIT_DEAL,
        new=_suit_deal_new, draw=suit_deal_table.draw, snapshot=_suit_deal_snapshot,
        resume=_suit_deal_resume,
        in_progress=_suit_deal_in_progress, already_said=suit_deal_table.already_said,
        rules_of=lambda ctrl: ctrl.rules, finished_games=_suit_deal_finished,
        selection=_suit_deal_selection,
        write=_suit_deal_write, finished_facts=_suit_deal_facts, hint=hint_suit_deal,
        review=review_suit_deal, record_format="durak-suit-deal/1", share=_suit_deal_share,
        read_shared=_suit_deal_read,
    ),
}


def kind_of_ctrl(ctrl: Ctrl) -> GameKind:
    """The kind of the controller on the table."""
    return KINDS[ctrl.kind]


def count_over(ctrl: Ctrl, friends: bool = False) -> None:
    """Count the game on ``ctrl``'s table, which has just ended, in the statistics: its
    kind reads the facts (:attr:`GameKind.finished_facts`); a game counted already
    (its id) is not counted again; a game with friends in its own tally."""
    kind = kind_of_ctrl(ctrl)
    finished = kind.finished_facts(ctrl)
    if finished is not None:
        from durak.ui_dom import stats_view

        stats_view.count_finished(kind.rules_of(ctrl), *finished, friends=friends)


def save_on_table(store: Storage, ctrl: Ctrl) -> None:
    """Save ``ctrl``'s series in the family's one save (:mod:`durak.ui_dom.persist`),
    with the people at its table (pass-and-play's, whichever kind offers it)."""
    persist.save_game(store, replace(kind_of_ctrl(ctrl).snapshot(ctrl), humans=ctrl.people()))


def kind_of_saved(saved: SavedGame) -> GameKind:
    """The kind that continues a saved series: its game's registry entry's."""
    return KINDS[find_game(saved.mode).kind]


__all__ = ["DECIDE_EXPORT", "KINDS", "Ctrl", "GameKind", "Hooks", "decide_here",
           "count_over", "hint_durak", "hint_pile", "hint_suit_deal",
           "kind_of_ctrl", "kind_of_saved", "review_pile", "review_suit_deal", "save_on_table"]
