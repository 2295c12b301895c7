"""A pile game's guest at a table with friends: drawn from the views its seat was sent,
with no game under them.

The host's page holds the series; a guest's holds what the host sent: its seat's
last view, and the moves read from the views one after the other
(:class:`~durak.ui_dom.play.pile_controller.MovesSeen`, as the host's page reads its
own: a view says the move made since the one before it; a move made while the
guest was away is not guessed).  A click reaches the same legal moves (the view's own,
:data:`~durak.ui_dom.play.pile_controller.PILE_CLICKS`); the move chosen is sent to the
host, not played; while the host has not answered, the page waits.  The finished
game its end, record screen and review show is the host's record of it
(:attr:`PileGuestController.guest_game`).
"""

from __future__ import annotations

from cardkit.ui_dom.pass_play import Handover
from cardkit.ui_dom.turn_loop import TurnLoop
from durak.family.modes import KIND_PILE
from durak.pile.actions import PileAction, action_text
from durak.pile.game import PileGame
from durak.pile.view import PileView
from durak.ui_dom.friends.family_guest import FamilyGuest, told_rules
from durak.ui_dom.friends.view_guest import ViewGuest
from durak.ui_dom.play.pile_controller import PILE_CLICKS, MovesSeen, PileController
from durak.ui_dom.play.view_clicks import ViewClicks


class PileGuestController(ViewGuest, ViewClicks, FamilyGuest, TurnLoop):
    """A pile game's table as a guest's seat was last shown it: the moves read from the
    views one after the other, each with a turn from the talon's reading."""

    #: The page's game kind: drawn by the pile games' table.
    kind = KIND_PILE
    readers = PILE_CLICKS
    handover: Handover
    guest_game: PileGame | None

    def new_game(self, view: PileView) -> None:
        self.rules, self.entry = told_rules(view)
        #: The moves of the game on the table the seat was shown.
        self._seen = MovesSeen()
        #: Whether the log has still to say the game's deal (crusaders' dealing, as the
        #: view tells it): a guest seated at the game's first view, not in its course.
        self.deal_unsaid = view.moves == 0

    def note_move(self, before: PileView, view: PileView) -> None:
        self._seen.note(before, view)

    def view(self) -> PileView:
        return self.sent.view  # type: ignore[no-any-return]

    @property
    def over(self) -> bool:
        return self.view().over

    def finished_game(self) -> PileGame | None:
        return self.guest_game

    def record_class(self) -> type[PileGame]:
        return PileGame

    def moves(self) -> list[tuple[int, PileAction]]:
        return self._seen.seen

    def moves_seen(self) -> MovesSeen:
        return self._seen

    def human_out(self) -> bool:
        """The guest's seat has gone out while the others play on."""
        v = self.view()
        return not v.over and (v.seat in v.out or not v.counts[v.seat])

    def apply(self, action: PileAction) -> None:
        self.sent.choose(action_text(action))


#: The pile games' tables a page draws (:mod:`durak.ui_dom.table.pile_table`): the host's,
#: and a guest's at a table with friends.
PileTable = PileController | PileGuestController

__all__ = ["PileGuestController", "PileTable"]
