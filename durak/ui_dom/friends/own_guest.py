"""A guest's table of a game of a kind of its own at a table with friends: the view the
host sent last, and the moves read from the views one after the other (each view says
the last move, as everybody saw it) — no game under it.

A click is the family's (:class:`~durak.ui_dom.play.view_clicks.ViewClicks`' ``move``:
one of the view's legal moves in its engine's text); the move chosen is sent to the host, not
played.  The drawing is the host's (:mod:`durak.ui_dom.table.view_table`), from the
view alone.
"""

from __future__ import annotations

from typing import Any

from cardkit.ui_dom.pass_play import Handover
from cardkit.ui_dom.turn_loop import TurnLoop
from durak.family.entry import Engine
from durak.ui_dom.friends.family_guest import FamilyGuest, told_rules
from durak.ui_dom.friends.view_guest import ViewGuest
from durak.ui_dom.play.view_clicks import MOVE_CLICKS, ViewClicks, move_text


class OwnGuest(ViewGuest, ViewClicks, FamilyGuest, TurnLoop):
    """A game of a kind of its own as a guest's seat was last shown it."""

    readers = MOVE_CLICKS
    handover: Handover

    @property
    def engine(self) -> Engine:
        return self.entry.engine

    def new_game(self, view: Any) -> None:
        self.rules, self.entry = told_rules(view)
        #: The page's game kind: its entry's.
        self.kind = self.entry.kind
        #: The moves of the game on the table the seat was shown, in order.
        self.seen: list[tuple[int, str]] = []

    def note_move(self, before: Any, view: Any) -> None:
        if view.last is not None:
            self.seen.append(tuple(view.last))

    def seen_moves(self) -> list[tuple[int, str]]:
        return self.seen

    @property
    def over(self) -> bool:
        return self.view().to_act is None

    def record_class(self) -> type:
        return self.engine.game_class

    def apply(self, action: Any) -> None:
        self.sent.choose(move_text(self.engine, action))


__all__ = ["OwnGuest"]
