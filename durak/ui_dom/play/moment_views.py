"""The seats' views and sights of a match's game at one moment, each built once.

A drawing of the ordinary table asks for the holder's view a dozen times (the
markers, the legal actions behind every button and hand card, the status line)
and for its sight three times (the table, the account of recent moves, the log),
and each :meth:`durak.game.Game.view` reads the whole game.  The game changes only
by its events (every action, bout and draw is one appended) and the match's
standing only when a game is scored or dealt, so what was built for a seat stays
right until one of those moves: :class:`MomentViews` keeps it until then, and the
answers to questions read from the game alone (whether the human may undo, asked
three times a drawing) with it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from durak.sight import match_sight

if TYPE_CHECKING:
    from durak.game import Game
    from durak.match import Match
    from durak.sight import Sight
    from durak.view import PlayerView

#: What says the moment: the game's identity, its events' count, the match's game
#: number, games scored, tally and points.
Moment = tuple[int, int, int, int, tuple[int, ...], tuple[int, ...]]
T = TypeVar("T")


class MomentViews:
    """The views and sights of one match's game on the table at its current moment:
    each seat's built once, all forgotten as soon as the moment moves on."""

    def __init__(self) -> None:
        self._moment: Moment | None = None
        #: The game the moment is of, held so that its identity is never reused.
        self._game: Game | None = None
        self._views: dict[int, PlayerView] = {}
        self._sights: dict[int, Sight] = {}
        self._answers: dict[str, Any] = {}

    def _at(self, m: Match) -> None:
        g = m.game
        moment = (id(g), len(g.events), int(m.number), len(m.games), tuple(m.tally),
                  tuple(m.points))
        if moment != self._moment or self._game is not g:
            self._moment, self._game = moment, g
            self._views.clear()
            self._sights.clear()
            self._answers.clear()

    def view(self, m: Match, seat: int) -> PlayerView:
        """Seat ``seat``'s view of ``m``'s game now (:meth:`durak.game.Game.view`)."""
        self._at(m)
        v = self._views.get(seat)
        if v is None:
            v = self._views[seat] = m.game.view(seat)
        return v

    def sight(self, m: Match, seat: int) -> Sight:
        """Seat ``seat``'s sight of ``m``'s game now, its forced passes its own
        (:func:`durak.sight.match_sight`); its view is the seat's :meth:`view`."""
        self._at(m)
        s = self._sights.get(seat)
        if s is None:
            s = self._sights[seat] = match_sight(m, seat, seat)
            self._views.setdefault(seat, s.view)
        return s

    def once(self, m: Match, question: str, answer: Callable[[], T]) -> T:
        """The ``answer`` to ``question`` about ``m``'s game now (one that reads the
        game and the match alone), worked out once."""
        self._at(m)
        if question not in self._answers:
            self._answers[question] = answer()
        known: T = self._answers[question]
        return known
