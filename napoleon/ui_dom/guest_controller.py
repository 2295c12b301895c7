"""A guest's table at a Napoleon table with friends: drawn from the view the host sent,
with no game under it.

The host's page holds the match; a guest's holds its seat's
:class:`~cardkit.table_net.guest_session.GuestSeat` (the last view the host sent, its
moment) and the match's finished games, read from the records the host sent at each
game's end (:meth:`GuestController.take_games`): the result on its table shows the
譜 and the review of the one whose final view it holds.  A click reaches the same
controls as on the host's page (:class:`napoleon.ui_dom.clicks.Clicks`); the action
chosen is sent to the host, not played, and while the host has not answered the page
waits.  It decides for no seat (the host's computers play every seat no person
holds), saves nothing (the host keeps the match) and takes nothing back.
"""

from __future__ import annotations

from collections.abc import Callable

from cardkit.table_net.guest_session import GuestSeat, guest_pause, guest_think
from cardkit.ui_dom.pass_play import Handover
from cardkit.ui_dom.turn_loop import Turn, TurnLoop
from napoleon.actions import Action, action_text
from napoleon.game import Game, Phase
from napoleon.rules import Rules
from napoleon.ui_dom.clicks import Clicks, Selection
from napoleon.ui_dom.controller import Controller, Stage
from napoleon.view import PlayerView


class GuestController(Clicks, TurnLoop):
    """A guest's seat at the table (its :attr:`guest`), drawn from the view the host
    sent last."""

    #: What the table shows besides the game: never a screen of its own (the host's
    #: table goes on by itself past a trick, a result and the standings).
    stage = Stage.GAME
    trick_pause = False
    #: No undo at a table of several people, nor a one-tap take-back.
    undo_on = False
    net: tuple[str, int] | None = None
    handover: Handover

    def __init__(self, view: PlayerView, turn: int, send: Callable[[str], None],
                 on_change: Callable[[], None]) -> None:
        super().__init__(0, "easy", guest_think, guest_pause, on_change)
        #: The one person at this page: the guest, at its seat.
        self.handover = Handover((view.seat,))
        #: The guest's seat: the view the host sent last, its moment, the action sent.
        self.guest: GuestSeat | None = GuestSeat(view, turn, send)
        #: The match's finished games, read from the records the host sent.
        self.games: list[Game] = []
        self.sel = Selection()
        self.show_last = False
        self.sync()

    @property
    def seat(self) -> GuestSeat:
        assert self.guest is not None
        return self.guest

    def follow(self, view: PlayerView, turn: int) -> None:
        """The host's next view (at moment ``turn``); the wait is over.  The next game's
        deal starts the controls afresh, as at the host's own next game; so does a
        moment past a decision of this seat's not made on this page (a computer's while
        its guest was away, or the views a page taking the seat back is sent of the
        moves it missed): what the controls held for it is gone."""
        seat = self.seat
        new_game = self.view().phase is Phase.RESULT and view.phase is not Phase.RESULT
        decided_elsewhere = turn != seat.turn and self.human_to_act()
        seat.view, seat.turn, seat.waiting = view, turn, False
        if new_game or decided_elsewhere:
            self.sel = Selection()
        self.sync()

    def take_games(self, games: list[Game]) -> None:
        """The match's finished games so far, each read from the record the host sent."""
        self.games = games

    # ---- what to draw: the view the host sent -------------------------------------

    def view(self) -> PlayerView:
        view: PlayerView = self.seat.view
        return view

    @property
    def rules(self) -> Rules:
        return self.view().rules

    def shown_game(self) -> Game | None:
        """The finished game whose result the view shows (the record the host sent of
        it, whose final view from this seat is the view held), else ``None`` (a game in
        progress, or its record not come yet)."""
        view = self.view()
        if view.phase is not Phase.RESULT:
            return None
        return next((g for g in reversed(self.games) if g.view(view.seat) == view), None)

    def game_number(self) -> int:
        """The number of the game on the host's table, which the view does not say: the
        game after the records kept (each game's comes at its end), or, at a result,
        the game whose record it is."""
        done = self.shown_game()
        if done is not None:
            return next(i for i, g in enumerate(self.games, 1) if g is done)
        return len(self.games) + 1

    def moment(self) -> tuple[int, int]:
        """The game's number and the host's moment of the view (a hint's seed)."""
        return self.game_number(), self.seat.turn

    def decision_key(self) -> str:
        """Which decision a hint belongs to: this table, the game, the view's moment."""
        return f"{id(self)}.{self.game_number()}.{self.seat.turn}"

    def phase_name(self) -> str:
        """``#table[data-phase]``: the view's phase (a deal's shows as bid)."""
        phase = self.view().phase
        return "bid" if phase is Phase.DEAL else str(phase.value)

    def markers(self) -> dict[str, str]:
        """``data-*`` attributes of ``#table``, as the host's page says them
        (:meth:`Controller.markers`), and ``data-friends="guest"``."""
        v = self.view()
        return {"phase": self.phase_name(), "to-act": "" if v.to_act is None else str(v.to_act),
                "game": str(self.game_number()), "trick": str(len(v.tricks) + 1),
                "actions": str(self.seat.turn), "sel": self.controls_token(),
                "friends": "guest"}

    # ---- who decides: the guest, for its own seat only -------------------------------

    def person_to_act(self) -> int | None:
        """The guest's seat while the view says it is to act and the host has not been
        sent a decision yet."""
        v = self.view()
        mine = not self.seat.waiting and v.to_act == v.seat
        return v.seat if mine and v.phase is not Phase.RESULT else None

    def human_to_act(self) -> bool:
        return self.person_to_act() is not None

    def current_turn(self) -> Turn | None:
        return None  # the host's computers play every seat no person holds

    def waiting_for_next(self) -> bool:
        return False  # the host's table goes on by itself

    def alone(self) -> bool:
        return False

    def net_offered(self) -> bool:
        return False

    # ---- acting: sent, not played ------------------------------------------------------

    def apply(self, action: Action) -> None:
        self.seat.choose(action_text(action))


#: Napoleon's tables a page draws (:mod:`napoleon.ui_dom.table`): the host's (or a
#: player's alone, or at pass-and-play), and a guest's at a table with friends.
Table = Controller | GuestController
