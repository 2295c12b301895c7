"""An ordinary Durak guest's table at a table with friends: drawn from what its seat
saw, with no game under it.

The host's page holds the match; a guest's holds its seat's
:class:`~durak.sight.Sight` only: the view the host sent last, the match's standing
the host sent with it, and the public events read from the views one after the
other (:func:`durak.table_net.follow_sight`).  The table, the account of recent
moves and the log read the same record on the host's page
(:meth:`Controller.sight`), so both draw the same thing for the same seat.  A
click reaches the same legal actions (the view's own, :mod:`durak.ui_dom.play.clicks`);
the action chosen is sent to the host, not played; while the host has not
answered, the page waits.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardkit.ui_dom.pass_play import Handover
from cardkit.ui_dom.turn_loop import TurnLoop
from durak.actions import PASS, Action, action_text
from durak.family.modes import KIND_DURAK
from durak.rules import Rules
from durak.sight import Sight, Standing, TableView
from durak.table_net import follow_sight, lone_pass, plain_view
from durak.ui_dom.friends.family_guest import FamilyGuest
from durak.ui_dom.play.clicks import Clicks
from durak.ui_dom.play.controller import Controller, table_markers
from durak.ui_dom.play.family_controller import Hooks
from durak.view import PlayerView

if TYPE_CHECKING:
    from durak.ai.reader import MatchStart, TableReading
    from durak.game import Game


def reading_of(view: PlayerView | TableView) -> TableReading | None:
    """The seat's reading of the other player the host sent with ``view`` (``None``:
    none)."""
    return view.reading if isinstance(view, TableView) else None


def standing_of(view: PlayerView | TableView) -> Standing:
    """The match's standing the host sent with ``view``; a view sent without one (the
    play of a game with a dealing first, whose table keeps no tally) is read as nobody's
    scored."""
    return view.standing if isinstance(view, TableView) else Standing.fresh(len(view.hand_sizes))


class GuestController(Clicks, FamilyGuest, TurnLoop):
    """The ordinary game's table as a guest's seat saw it (its :attr:`seen` sight)."""

    #: The page's game kind: the ordinary game's, drawn by its table.
    kind = KIND_DURAK
    handover: Handover
    guest_game: Game | None

    def __init__(self, view: PlayerView | TableView, turn: int, send: Callable[[str], None],
                 hooks: Hooks) -> None:
        plain = plain_view(view)
        super().__init__(plain, turn, send, hooks)
        #: What the seat saw: the last view, the standing, the moves read from the views.
        self.seen: Sight = follow_sight(None, turn, plain, turn, standing_of(view))
        #: The seat's reading of the other player the host sent with the last view (at
        #: 2 players; ``None``: none sent).
        self.reading: TableReading | None = reading_of(view)
        self.sel = 0
        self.slot = -1

    def follow(self, view: PlayerView | TableView, turn: int) -> None:
        """The host's next view (at moment ``turn``, with the match's standing or
        without): what the seat saw goes on."""
        plain = plain_view(view)
        self.seen = follow_sight(self.seen, self.sent.turn, plain, turn, standing_of(view))
        self.sent.receive(plain, turn)
        self.reading = reading_of(view)
        self.sel, self.slot = 0, -1

    # ---- the family's questions: the host's game as this seat saw it ---------------

    @property
    def number(self) -> int:
        """The game on the table's number in the host's match (each view's standing)."""
        return self.seen.standing.number

    def selection(self) -> int:
        return self.sel

    def share(self, game: Game, number: int) -> dict[str, Any]:
        """The link's record of the host's game: no seed (the host's, which no view
        says), and the seat's reading when the game began (:meth:`match_start`), so
        that the link's review weighs each decision as the seat's hint did."""
        from durak.ai.reader import reading_fields
        from durak.record import json_record

        return json_record(game, None, None, number, **reading_fields(self.record_starts(game)))

    def match_start(self, game: Game | None = None) -> MatchStart:
        """The seat's reading of the other player when the game on the table (or, at its
        end, ``game``, the host's record of it) began, as the host sent it with the
        views (:class:`~durak.ai.reader.TableReading`): its review starts from it, as
        its hint's figure did.  Nothing read when none was sent."""
        from durak.ai.reader import FRESH

        return FRESH if self.reading is None else self.reading.start

    def record_starts(self, game: Game | None = None) -> tuple[MatchStart]:
        """The reading ``game``'s record carries for its review: the seat's
        (:meth:`match_start`)."""
        return (self.match_start(game),)

    def hint_reading(self, seat: int) -> float | None:
        """The seat's reading of the other player now, as the host sent it with the last
        view (``None``: none sent, its hint models the other player afresh).  A guest
        only ever asks for its own seat."""
        return None if self.reading is None else self.reading.now

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

    def record_class(self) -> type[Game]:
        from durak.game import Game

        return Game

    def markers(self) -> dict[str, str]:
        return table_markers(self.seen.view, self.seen.standing.number, self.sent.turn,
                             self.sel, self.slot) | {"friends": "guest"}

    @property
    def over(self) -> bool:
        return self.seen.view.result is not None

    def deciding_seat(self) -> int | None:
        """The guest's own seat while the view says it is to act (the host decides
        every other seat, a dummy's too)."""
        v = self.seen.view
        return v.seat if v.result is None and v.to_act == v.seat else None

    def human_to_act(self) -> bool:
        return not self.sent.waiting and self.deciding_seat() is not None

    def auto_pass(self) -> bool:
        return lone_pass(self.seen.view)

    def forced_move_due(self) -> bool:
        return self.human_to_act() and self.auto_pass()

    def play_forced_move(self) -> None:
        self.apply(PASS)

    # ---- acting: sent, not played -----------------------------------------------------

    def apply(self, action: Action) -> None:
        self.sent.choose(action_text(action))


#: The ordinary game's tables a page draws (:mod:`durak.ui_dom.table.table`): the host's, and
#: a guest's at a table with friends.
OrdinaryTable = Controller | GuestController
