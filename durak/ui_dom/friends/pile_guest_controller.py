"""A pile game's guest at a table with friends: drawn from the views its seat was sent,
with no game under them (:class:`~durak.ui_dom.friends.view_guest.ViewGuest`).  Its
moves are read from the views one after the other as the host's page reads its own
(:class:`~durak.ui_dom.play.pile_controller.MovesSeen`); a click reaches the view's
own legal moves (:data:`~durak.ui_dom.play.pile_controller.PILE_CLICKS`).
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
