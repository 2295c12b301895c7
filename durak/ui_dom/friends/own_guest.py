"""A guest's table of a game of a kind of its own at a table with friends: the view the
host sent last, and the moves read from the views one after the other (each view says
the last move, as everybody saw it) — no game under it.

A click is the family's (:class:`~durak.ui_dom.play.view_clicks.ViewClicks`' ``move``:
one of the view's legal moves in its engine's text); the move chosen is sent to the host, not
played.  The drawing is the host's (:mod:`durak.ui_dom.table.view_table`), from the
view alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardkit.ui_dom.pass_play import Handover
from cardkit.ui_dom.turn_loop import TurnLoop
from durak.family.entry import Engine
from durak.ui_dom.friends.family_guest import FamilyGuest, game_tally, told_rules
from durak.ui_dom.play.family_controller import Hooks
from durak.ui_dom.play.view_clicks import MOVE_CLICKS, ViewClicks, move_text


class OwnGuest(ViewClicks, FamilyGuest, TurnLoop):
    """A game of a kind of its own as a guest's seat was last shown it."""

    readers = MOVE_CLICKS
    handover: Handover

    def __init__(self, view: Any, turn: int, send: Callable[[str], None],
                 hooks: Hooks) -> None:
        super().__init__(view, turn, send, hooks)
        self.rules, self.entry = told_rules(view)
        #: The page's game kind: its entry's.
        self.kind = self.entry.kind
        #: The moves of the game on the table the seat was shown, in order.
        self.seen: list[tuple[int, str]] = []
        #: The finished game the host's record holds, once it comes.
        self.guest_game: Any = None

    @property
    def engine(self) -> Engine:
        return self.entry.engine

    def follow(self, view: Any, turn: int) -> None:
        """The host's next view (at moment ``turn``): its last move added to those seen
        where it is the next one; another game starts afresh."""
        before = self.sent.view
        if before.game != view.game:
            self.seen = []
        elif view.last is not None and view.moves == before.moves + 1:
            self.seen.append(tuple(view.last))
        self.sent.receive(view, turn)

    def seen_moves(self) -> list[tuple[int, str]]:
        return self.seen

    def view(self) -> Any:
        return self.sent.view

    @property
    def number(self) -> int:
        """The game's number in the host's series (each view says it)."""
        return int(self.view().game)

    @property
    def over(self) -> bool:
        return self.view().to_act is None

    def finished_game(self) -> Any:
        return self.guest_game

    def record_class(self) -> type:
        return self.engine.game_class

    def human_to_act(self) -> bool:
        v = self.view()
        return not self.sent.waiting and v.to_act is not None and v.to_act == v.seat

    def markers(self) -> dict[str, str]:
        v = self.view()
        return {"phase": "over" if self.over else "play", "mode": self.rules.mode,
                "to-act": "" if self.over else str(v.to_act), "game": str(v.game),
                "actions": str(self.sent.turn), "friends": "guest"}

    def tally(self) -> list[int]:
        return game_tally(self.rules.players, self.view().durak if self.over else None)

    def apply(self, action: Any) -> None:
        self.sent.choose(move_text(self.engine, action))


__all__ = ["OwnGuest"]
