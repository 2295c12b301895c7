"""What one drawing of the table shows (:class:`Scene`), gathered from the controller.

:func:`scene_of` collects the human's :class:`~napoleon.view.PlayerView`, the
controls' selection and the public match totals; :mod:`napoleon.ui_dom.table`
draws it and :mod:`napoleon.ui_dom.announce` says what changed.  Nothing here
reads a hidden hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from napoleon.cards import Suit
from napoleon.match import Standing
from napoleon.ui_dom.clicks import Selection
from napoleon.ui_dom.controller import Controller, Stage
from napoleon.view import PlayerView

if TYPE_CHECKING:  # a lone player's page imports nothing of the table with friends
    from napoleon.ui_dom.guest_controller import Table


@dataclass(frozen=True)
class GameLine:
    """One finished game of the match, from the human's side (public after the game)."""

    number: int
    napoleon: int
    adjutant: int | None
    bid: int
    trump: Suit | None
    outcome: int
    french_won: bool
    points: tuple[int, ...]
    undos: int = 0
    """Decisions the human took back in this game (the standings mark it)."""


@dataclass(frozen=True)
class Scene:
    """Everything one drawing needs; nothing hidden from the human is in it."""

    view: PlayerView
    sel: Selection
    stage: Stage
    phase: str
    trick_pause: bool
    show_last: bool
    busy: bool
    human_to_act: bool
    waiting_for_next: bool
    game_number: int
    match_games: int
    totals: tuple[int, ...]
    standings: tuple[Standing, ...]
    games: tuple[GameLine, ...]
    suit_style: str
    markers: dict[str, str]
    record_text: str = ""
    """The 譜 of the game just finished (at its result and the standings after it)."""
    deal_key: str = ""
    """Which deal of which match is shown (the announcements start afresh at a new one)."""
    can_undo: bool = False
    """Whether 「待った」 acts now (``Controller.can_undo``)."""
    undo_on: bool = True
    """The undo setting: off hides the button."""
    alone: bool = True
    """One person at the table (``Controller.alone``): not pass-and-play, not with
    friends; else the undo button is hidden."""
    net: tuple[str, int] | None = None
    """The decision the table offers to take back in one tap (``Controller.net``)."""


def scene_of(ctrl: Table, suit_style: str) -> Scene:
    # The match's tallies: a guest's page holds no match (its table shows no standings).
    m = ctrl.match if isinstance(ctrl, Controller) else None
    lines = () if m is None else tuple(
        GameLine(
            i + 1, r.napoleon, r.adjutant, r.bid, r.trump, int(r.outcome), r.french_won, r.points,
            m.undos[i] if i < len(m.undos) else 0,
        )
        for i, r in enumerate(m.results)
    )
    view = ctrl.view()  # built once: a seat's view reads the whole game
    return Scene(
        view=view,
        sel=ctrl.sel,
        stage=ctrl.stage,
        phase=ctrl.phase_name(),
        trick_pause=ctrl.trick_pause,
        show_last=ctrl.show_last,
        busy=ctrl.busy,
        human_to_act=ctrl.human_to_act() and not ctrl.busy,
        waiting_for_next=ctrl.waiting_for_next(),
        game_number=ctrl.game_number(),
        match_games=ctrl.rules.match_games,
        totals=() if m is None else tuple(m.totals),
        standings=() if m is None else tuple(m.standings()),
        games=lines,
        suit_style=suit_style,
        markers=ctrl.markers(),
        record_text=finished_record(ctrl, suit_style),
        # (A guest's page learns a new deal from its view alone: its first bidder.)
        deal_key=f"{id(ctrl)}.{ctrl.game_number()}.{view.first_bidder}.{view.redeals}",
        can_undo=ctrl.can_undo(),
        undo_on=ctrl.undo_on,
        alone=ctrl.alone(),
        net=ctrl.net if ctrl.net_offered() else None,
    )


def finished_record(ctrl: Table, suit_style: str) -> str:
    """SdC shows the 譜 by itself after every game (docs/rules/napoleon.md §6):
    the engine's text, with the same seat names and symbols as the record
    screen (``#record``) opens with."""
    game = ctrl.shown_game()
    if game is None:
        return ""
    # Imported here: only a finished game needs them (the first screen does not).
    from napoleon.record_text import text_record
    from napoleon.ui_dom.record_words import record_lang, seat_names, symbols_of_style

    if isinstance(ctrl, Controller):
        names = seat_names(game.n, ctrl.handover)
        undos = ctrl.match.undos[ctrl.match.games.index(game)]
    else:  # a guest's: no undo at a table of several; seats as drawn here
        from napoleon.ui_dom.card_words import seat_name

        names, undos = [seat_name(i) for i in range(game.n)], 0
    return text_record(game, names, symbols_of_style(suit_style), record_lang(), undos)
