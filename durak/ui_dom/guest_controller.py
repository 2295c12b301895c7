"""An ordinary Durak guest's table at a table with friends: drawn from what its seat
saw, with no game under it.

The host's page holds the match; a guest's holds its seat's
:class:`~durak.sight.Sight` only: the view the host sent last, the match's standing
the host sent with it, and the public events read from the views one after the
other (:func:`durak.table_net.follow_sight`).  The table, the account of recent
moves and the log read the same record on the host's page
(:meth:`Controller.sight`), so both draw the same thing for the same seat.  A
click reaches the same legal actions (the view's own); the action chosen is sent
to the host, not played; while the host has not answered, the page waits.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardkit.table_net.guest_session import GuestSeat
from cardkit.ui_dom.turn_loop import Turn
from durak.actions import Action, action_text
from durak.rules import Rules
from durak.sight import Sight, Standing
from durak.table_net import follow_sight, lone_pass
from durak.ui_dom.controller import Controller
from durak.ui_dom.family_controller import Hooks
from durak.view import PlayerView

if TYPE_CHECKING:
    from durak.ai.reader import MatchStart
    from durak.game import Game


class GuestController(Controller):
    """A guest's seat at the ordinary game's table (its :attr:`guest`), drawn from its
    :attr:`seen` sight; it decides for no seat, saves nothing and takes nothing back."""

    def __init__(self, view: PlayerView, standing: Standing, turn: int,
                 send: Callable[[str], None], hooks: Hooks) -> None:
        self.table_init(0, "easy", hooks, (view.seat,))
        self.guest = GuestSeat(view, turn, send)
        #: What the seat saw: the last view, the standing, the moves read from the views.
        self.seen: Sight = follow_sight(None, turn, view, turn, standing)
        #: The finished game the host's record holds (every hand open), the one its end,
        #: record and review show; ``None`` until it comes.
        self.guest_game: Game | None = None

    def follow(self, view: PlayerView, standing: Standing, turn: int) -> None:
        """The host's next view (at moment ``turn``): what the seat saw goes on."""
        seat = self.guest
        assert seat is not None
        self.seen = follow_sight(self.seen, seat.turn, view, turn, standing)
        seat.view, seat.turn, seat.waiting = view, turn, False
        self.sel, self.slot = 0, -1

    # ---- what to draw: the seat's sight -------------------------------------------

    def view(self) -> PlayerView:
        return self.seen.view

    def acting_view(self) -> PlayerView:
        return self.seen.view

    @property
    def rules(self) -> Rules:
        return self.seen.view.rules

    def standing(self) -> Standing:
        return self.seen.standing

    def sight(self) -> Sight:
        return self.seen

    def ended_game(self) -> Game | None:
        return self.guest_game

    def moment(self) -> int:
        assert self.guest is not None
        return int(self.guest.turn)

    def markers(self) -> dict[str, str]:
        return super().markers() | {"friends": "guest"}

    @property
    def over(self) -> bool:
        return self.seen.view.result is not None

    def deciding_seat(self) -> int | None:
        """The guest's own seat while the view says it is to act (the host decides
        every other seat, a dummy's too)."""
        v = self.seen.view
        return v.seat if v.result is None and v.to_act == v.seat else None

    def human_to_act(self) -> bool:
        assert self.guest is not None
        return not self.guest.waiting and self.deciding_seat() is not None

    def human_out(self) -> bool:
        return False  # the host's page plays the game on: a guest finishes nothing

    def auto_pass(self) -> bool:
        return lone_pass(self.seen.view)

    def forced_move_due(self) -> bool:
        return self.human_to_act() and self.auto_pass()

    def screen_seat(self) -> int | None:
        return None

    def current_turn(self) -> Turn | None:
        return None  # the host's computers play every seat no person holds

    def match_start(self, game: Game | None = None) -> MatchStart:
        from durak.ai.reader import FRESH

        return FRESH  # the other players' earlier games are the host's

    # ---- acting: sent, not played -----------------------------------------------------

    def apply(self, action: Action) -> None:
        assert self.guest is not None
        self.guest.choose(action_text(action))

    def save_now(self) -> None:
        return None  # the host's game: the host saves it

    def _next_game(self) -> bool:
        return False  # the host deals the next game
