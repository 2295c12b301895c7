"""The table of a game of a kind of its own: its series played through its registry
entry alone, by clicks on its legal moves.

A game registered beside the family's engines (its own engine and entry, a kind no
page module names) is played on the page by :class:`FamilyTable`: the series, the
deals, whose turn, the views, a computer's reply, the records and the undo are
:class:`~durak.ui_dom.play.series_host.SeriesHost`'s, through the entry; a click is
:class:`~durak.ui_dom.play.view_clicks.ViewClicks`' ``move`` — ``data-act="move"`` with
one of the seat's legal moves in the engine's text as its ``data-arg``
(:attr:`~durak.family.entry.Engine.action_text`),
so every move the view offers is one button or card of the drawing
(:mod:`durak.ui_dom.table.view_table`), and nothing else is played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardkit.ui_dom.pass_play import Handover
from cardkit.ui_dom.turn_loop import TurnLoop
from durak.family.modes import KINDS
from durak.family.registry import GAMES
from durak.family.series import Series
from durak.ui_dom.play.family_controller import Hooks
from durak.ui_dom.play.series_host import SeriesHost
from durak.ui_dom.play.view_clicks import MOVE_CLICKS, ViewClicks

if TYPE_CHECKING:
    from durak.stats import GameFacts

class FamilyTable(ViewClicks, SeriesHost[Any, Any], TurnLoop):
    """One series of a game of a kind of its own at the table (see the module)."""

    readers = MOVE_CLICKS
    #: Pass-and-play is offered at every such table.
    handover: Handover

    def __init__(self, rules: Any, match_seed: int, level: str, hooks: Hooks,
                 game: Any = None, series: Series[Any] | None = None) -> None:
        super().__init__(rules, match_seed, level, hooks, game, series)
        #: The page's game kind: the game's registry entry's.
        self.kind = self.entry.kind

    @classmethod
    def fits(cls, rules: object) -> bool:
        """Whether ``rules`` are of a game of a kind of its own (none of the family's
        engines, :data:`durak.family.modes.KINDS`)."""
        mode = getattr(rules, "mode", None)
        return isinstance(mode, str) and mode in GAMES and GAMES[mode].kind not in KINDS

    def seen_moves(self) -> list[tuple[int, str]]:
        """The moves of the game on the table, each with its seat, in its engine's text
        (every move is seen by all: what the log and the hint read)."""
        return self.engine.history(self.game)

    def finished_facts(self) -> tuple[GameFacts, str] | None:
        """The statistics' facts of the game on the table, just ended, and its id
        (:func:`durak.stats.result_facts`: its result alone); ``None`` before its end."""
        from durak.stats import result_facts

        return (result_facts(self.game, 0), self.game_id()) if self.over else None


__all__ = ["FamilyTable"]
