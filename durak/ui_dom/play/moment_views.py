"""The seats' views and sights of a series' game at one moment, each built once.

A drawing of the ordinary table asks for the holder's view a dozen times (the
markers, the legal actions behind every button and hand card, the status line)
and for its sight three times (the table, the account of recent moves, the log),
and each :meth:`durak.game.Game.view` reads the whole game.  The game changes only
by its events (every action, bout and draw is one appended) and the series only
when a game is scored or dealt, so what was built for a seat stays right until one
of those moves: :class:`MomentViews` keeps it until then, and the answers to
questions read from the game alone (whether the human may undo, asked three times
a drawing) with it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from durak.sight import game_sight

if TYPE_CHECKING:
    from durak.family.series import Series
    from durak.game import Game
    from durak.sight import Sight, Standing
    from durak.take_back import TakeBack
    from durak.view import PlayerView

T = TypeVar("T")


class OnTable(Protocol):
    """What a moment is read from: the game on the table, its series, the standing
    before it and its undo (which knows the game's lone passes)."""

    game: Game
    series: Series[Any]
    undoing: TakeBack

    def standing(self) -> Standing: ...


class MomentViews:
    """The views and sights of the game on the table at its current moment: each
    seat's built once, all forgotten as soon as the moment moves on."""

    def __init__(self) -> None:
        self._moment: tuple[int, int] | None = None
        #: The game and series the moment is of, held so that an identity is never
        #: reused.
        self._of: tuple[Game, Series[Any]] | None = None
        self._views: dict[int, PlayerView] = {}
        self._sights: dict[int, Sight] = {}
        self._answers: dict[str, Any] = {}

    def _at(self, table: OnTable) -> None:
        g, series = table.game, table.series
        moment = (id(g), len(g.events))
        if moment != self._moment or self._of is None or self._of[0] is not g \
                or self._of[1] is not series:
            self._moment, self._of = moment, (g, series)
            self._views.clear()
            self._sights.clear()
            self._answers.clear()

    def view(self, table: OnTable, seat: int) -> PlayerView:
        """Seat ``seat``'s view of the game on the table now (:meth:`durak.game.Game.view`)."""
        self._at(table)
        v = self._views.get(seat)
        if v is None:
            v = self._views[seat] = table.game.view(seat)
        return v

    def sight(self, table: OnTable, seat: int) -> Sight:
        """Seat ``seat``'s sight of the game on the table now, its forced passes its own
        (:func:`durak.sight.game_sight`); its view is the seat's :meth:`view`."""
        self._at(table)
        s = self._sights.get(seat)
        if s is None:
            g = table.game
            s = self._sights[seat] = game_sight(g, table.standing(), seat,
                                                table.undoing.forced_passes(g), seat)
            self._views.setdefault(seat, s.view)
        return s

    def once(self, table: OnTable, question: str, answer: Callable[[], T]) -> T:
        """The ``answer`` to ``question`` about the game on the table now (one that reads
        the game and the series alone), worked out once."""
        self._at(table)
        if question not in self._answers:
            self._answers[question] = answer()
        known: T = self._answers[question]
        return known
