"""What a host of the Durak family that deals its games from the series does alike.

The pile games' controller (:class:`~durak.ui_dom.play.pile_controller.PileController`)
and the suit deal's hold the series (:class:`~durak.family.series.Series`), deal
the game on the table and the next one from it, keep the games finished on this
page and save it all in the family's one form (:class:`~durak.family.save.SavedGame`):
:class:`SeriesHost`, once.  Each kind keeps its view and clicks, its rules
(:meth:`SeriesHost.fits`) and what a new deal resets (:meth:`SeriesHost.new_deal`).
The ordinary game's controller keeps a :class:`~durak.match.Match`, whose cube is
its own way of scoring.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Generic, Self, TypeVar

from cardkit.ui_dom.pass_play import Handover
from durak.family.entry import FamilyGame
from durak.family.save import MAX_FINISHED, SavedGame
from durak.family.series import Series
from durak.pile.options import PileRules
from durak.rules import Rules
from durak.ui_dom.play.family_controller import Hooks

#: The device's owner always sits at seat 0; at pass-and-play the other people sit at
#: the seats its :class:`Handover` names.
HUMAN = 0

#: The kind's rules.
R = TypeVar("R", PileRules, Rules)
#: The kind's game (a pile game, the suit deal's dealing and play).
G = TypeVar("G", bound=FamilyGame)


class SeriesHost(Generic[R, G]):
    """A series of one game of the family at the host's table: the series, the game on
    the table dealt from it, the games finished on this page.  A base of each such
    controller, before the family's loop and the shell's
    (``class PileController(PileClicks, SeriesHost[PileRules, PileGame], FamilyLoop,
    TurnLoop)``): its ``__init__`` sets up the shell's loop too."""

    match_seed: int  # the shell's loop's
    save: Callable[[Any], None] | None  # the family's loop's: the page's save
    kind: str  # the page's game kind, each controller's own

    def __init__(self, rules: R, match_seed: int, level: str, hooks: Hooks,
                 game: G | None = None, series: Series[R] | None = None) -> None:
        # The next class of every such controller is the shell's loop (see the class).
        super().__init__(match_seed, level, hooks.think, hooks.pause,  # type: ignore[call-arg]
                         hooks.on_change, hooks.hold or asyncio.sleep)
        self.save = hooks.save
        #: The people at the table (pass-and-play: several share the device) and who
        #: holds it: the table is drawn from the holder's seat.
        self.handover = Handover((HUMAN,))
        self.rules: R = rules
        #: The series: the game on the table's number and dealer, the finished games'
        #: results (a saved series' when restored).
        self.series: Series[R] = series if series is not None else Series(rules, match_seed)
        self.game: G = game if game is not None else self.deal()
        #: The series' games finished before the one on the table, played on this page
        #: (the menu's record screen lists them with their numbers).
        self.finished: list[tuple[G, int]] = []

    @classmethod
    def fits(cls, rules: object) -> bool:
        """Whether ``rules`` are of this controller's game (a save is checked by it)."""
        raise NotImplementedError

    @classmethod
    def resume(cls, saved: SavedGame, hooks: Hooks, level: str) -> Self:
        """A controller continuing the saved series ``saved`` at ``level``, its earlier
        finished games kept for the record screen."""
        series = saved.series
        if not cls.fits(series.rules):
            raise ValueError(f"mode={saved.mode}: not a save of a {cls.kind} game")
        ctrl = cls(series.rules, series.seed, level, hooks, game=saved.game, series=series)
        ctrl.finished = list(saved.finished)
        return ctrl

    def deal(self) -> G:
        """The series' game on the table as it was dealt (its seed, number, dealer:
        :meth:`~durak.family.series.Series.deal`, typed by the kind)."""
        raise NotImplementedError

    def table_game(self) -> G:
        """The game on the table as the save and the table with friends' referee read it."""
        return self.game

    @property
    def over(self) -> bool:
        return self.game.is_over

    @property
    def number(self) -> int:
        """The game on the table's number in the series."""
        return self.series.number

    @property
    def seat(self) -> int:
        """The seat this page plays: the holder's."""
        return self.handover.holder

    def snapshot(self) -> SavedGame:
        """The series in the family's one save form."""
        return SavedGame(self.series, tuple(self.finished[-MAX_FINISHED:]), self.table_game())

    def game_id(self) -> str:
        """The game on the table's id (mode, series seed, number): the statistics count
        it once, a kept table with friends resumes only it."""
        return f"{self.rules.mode}:{self.match_seed}:{self.number}"

    def finished_game(self) -> G | None:
        """The game on the table once it is over, as its end, record screen, review and
        link show it."""
        return self.table_game() if self.over else None

    def finished_games(self) -> list[tuple[G, int]]:
        """The series' finished games played on this page with their numbers, the one on
        the table last once it is over."""
        game = self.finished_game()
        return self.finished + ([] if game is None else [(game, self.number)])

    def tally(self) -> list[int]:
        """How often each seat was the durak in this series, the game on the table too
        once it is over."""
        return self.series.tally(self.finished_game())

    def new_deal(self) -> None:
        """What the kind resets of its own for a game just dealt (:meth:`next_game`)."""

    def next_game(self) -> bool:
        """Deal the series' next game once the one on the table is over (scored by
        :meth:`~durak.family.series.Series.scored`: the durak deals), and save."""
        if not self.over:
            return False
        game = self.table_game()
        self.finished.append((game, self.number))
        self.series = self.series.scored(game)
        self.game = self.deal()
        self.new_deal()
        if self.save is not None:
            self.save(self)
        return True


__all__ = ["HUMAN", "SeriesHost"]
