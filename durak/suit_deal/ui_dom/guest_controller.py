"""``mode=suit_deal``'s guest at a table with friends, during the dealing: drawn from
the dealing view its seat was sent, with no dealing under it.

The host's page deals; a guest's holds the view the host sent last (read and
checked by :func:`durak.table_net.read_view`) and shows its steps one at a time as
they come, each after the pause between moves, as the host's page does
(:func:`durak.suit_deal.view.view_after`).  A click on a table card reaches the
same choices (the view's own, :func:`~durak.suit_deal.ui_dom.controller.clicked_take`);
the choice is sent to the host, not played; while the host has not answered, the
page waits.  Once the play starts the page holds the ordinary guest's controller
(:class:`~durak.ui_dom.friends.guest_controller.GuestController`).  A dealing that ends the
game has turned every card: the view then shows the whole game
(:func:`durak.suit_deal.public.public_game`), which its end and record screen show.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardkit.ui_dom.pass_play import Handover
from cardkit.ui_dom.turn_loop import TurnLoop
from durak.family.modes import KIND_SUIT_DEAL, SUIT_DEAL
from durak.suit_deal.deal_phase import TakeWith
from durak.suit_deal.game import SuitDealGame
from durak.suit_deal.public import public_game
from durak.suit_deal.ui_dom.controller import SuitDealController, clicked_take, share_record
from durak.suit_deal.view import DealView, view_after
from durak.ui_dom.friends.family_guest import FamilyGuest
from durak.ui_dom.play.family_controller import Hooks


class SuitDealGuestController(FamilyGuest, TurnLoop):
    """suit_deal's dealing as a guest's seat was sent it, its steps shown one at a time."""

    #: The page's game kind: drawn by suit_deal's table.
    kind = KIND_SUIT_DEAL
    handover: Handover

    def __init__(self, view: DealView, turn: int, send: Callable[[str], None],
                 hooks: Hooks) -> None:
        super().__init__(view, turn, send, hooks)
        self.rules = view.rules
        #: The game's number as this page counts it (the host's series is the host's).
        self.number = 1
        #: The view's steps shown so far (one at a time as they come) and said by the log.
        self.shown = 0
        self.said = 0
        #: The game the dealing ended (``None``: it has not), every card turned.
        self.ended: SuitDealGame | None = None
        self._read_end(view)

    def _read_end(self, view: DealView) -> None:
        self.ended = public_game(view) if view.to_act is None else None

    def follow(self, view: DealView, turn: int) -> None:
        """The host's next view of the dealing (at moment ``turn``): the steps shown so
        far stay shown, the new ones come one at a time."""
        self._read_end(view)
        self.shown = min(self.shown, len(view.steps))
        self.said = min(self.said, self.shown)
        self.sent.receive(view, turn)

    # ---- what to draw: the view sent, as far as its steps are shown --------------------

    def view(self) -> DealView:
        return self.sent.view  # type: ignore[no-any-return]

    def deal_view(self) -> DealView:
        return view_after(self.view(), self.shown)

    @property
    def over(self) -> bool:
        return self.ended is not None and self.shown == len(self.view().steps)

    def finished_game(self) -> SuitDealGame | None:
        return self.ended if self.over else None

    def legal(self) -> tuple[TakeWith, ...]:
        return self.deal_view().legal_actions if self.human_to_act() else ()

    # ---- the family's questions: the dealing as this seat saw it -----------------------

    def selection(self) -> int:
        return 0  # a dealing choice is one click

    def share(self, game: SuitDealGame, number: int) -> dict[str, Any]:
        """The link's record of the host's game: no seed (the host's, which no view says)."""
        return share_record(game, None, number)

    def tally(self) -> list[int]:
        """The game on the table's durak, once it is over (the series' is the host's)."""
        out = [0] * self.rules.players
        game = self.finished_game()
        if game is not None and game.result is not None and not game.result.draw:
            for s in game.result.durak:
                out[s] += 1
        return out

    def markers(self) -> dict[str, str]:
        v = self.view()
        steps = len(v.steps)
        return {"phase": "over" if self.over else "deal", "mode": SUIT_DEAL,
                "deal": "shown" if self.shown == steps else "showing",
                "to-act": "" if self.over or v.to_act is None else str(v.to_act),
                "game": str(self.number), "actions": str(self.sent.turn),
                "steps": str(self.shown), "sel": "0", "friends": "guest"}

    # ---- the loop's questions -------------------------------------------------------

    def human_to_act(self) -> bool:
        v = self.view()
        return (not self.sent.waiting and self.shown == len(v.steps) and v.to_act == v.seat
                and bool(v.legal_actions))

    def forced_move_due(self) -> bool:
        """A step of the view not shown yet: the page shows it, like a move."""
        return self.shown < len(self.view().steps)

    def play_forced_move(self) -> None:
        self.shown += 1
        self.tell_game_over()

    # ---- acting: sent, not played -----------------------------------------------------

    def act(self, act: str, arg: str | None) -> bool | None:
        if act == "next-game" or self.undo_clicked(act):
            return False  # the host deals the next game; no move is taken back here
        if act != "take":
            return None
        if not self.human_to_act():
            return False
        take = clicked_take(arg, self.legal())
        if take is None:
            return False
        self.sent.choose(take.text())
        return True


#: suit_deal's tables a page draws (:mod:`durak.suit_deal.ui_dom.table`): the host's,
#: and a guest's during the dealing at a table with friends.
SuitDealTable = SuitDealController | SuitDealGuestController

__all__ = ["SuitDealGuestController", "SuitDealTable"]
