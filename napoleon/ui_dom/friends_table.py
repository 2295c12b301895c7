"""Napoleon's table with friends: 4–6 seats, the host's match, a guest's table.

The lobby, the link, the panel and both sessions are the page shell's
(:class:`cardkit.ui_dom.friends_page.FriendsPage`); this fills in Napoleon's
part.  The host's match is a new one with the rules in force (any number of
seats Napoleon has); the seats nobody takes are the host's computers, at the
host's level.  The table goes on by itself after a trick and between games
(:meth:`napoleon.ui_dom.controller.Controller.forced_move_due`): a guest has no
NEXT to press on the host's page.  When the match is over every guest gets the
last game's record (譜), its seats named neutrally ("Seat 1"…), one text for all.

A guest's page draws only the :class:`~napoleon.view.PlayerView` it was sent (the
same JSON the computers decide from), through the table's own drawing and
clicks (:func:`guest_controller`); the action chosen is sent to the host, not
played.  No game is held on the guest's page at all.

The shell keeps the host's table (``napoleon.friends.*``): a reload of the host's
page reopens it on the match it kept, not over; a guest's record line is
:func:`napoleon.table_net.seen_line`.  A game with friends is counted in the
statistics apart, in the preset's tally with friends: the host's as its match
scores it, a guest's from the scored view the host sends at each game's end (its
``result``: the 譜 the host sends at the match's end is a text to read, not to
replay, and covers the last game only).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardkit.ui_dom.friends import GuestSeat
from cardkit.ui_dom.friends_page import FriendsPage
from napoleon import table_net
from napoleon.ui_dom.card_words import set_seats
from napoleon.ui_dom.controller import Controller
from napoleon.ui_dom.i18n import language, t
from napoleon.view import PlayerView


async def _never(_view: str, _level: str, _seed: int) -> str:
    raise RuntimeError("a guest's page decides for no seat")


async def _no_pause() -> None:
    return None


def guest_controller(view: PlayerView, turn: int, send: Callable[[str], None],
                     on_change: Callable[[], None]) -> Controller:
    """A guest's table: the host's view drawn from the guest's chair, the action
    chosen sent, not played (the controller's match is an empty one of the same
    rules, never drawn: every drawing reads the view)."""
    ctrl = Controller(view.rules, 0, "easy", _never, _no_pause, on_change,
                      humans=(view.seat,))
    ctrl.guest = GuestSeat(view, turn, send)
    ctrl.sync()
    return ctrl


def table_record(ctrl: Controller) -> str | None:
    """The last game's 譜 once the host's match is over (its last game scored), else
    ``None``."""
    m = ctrl.match
    game = m.game
    if game.result is None or m.game_number < m.rules.match_games:
        return None
    from napoleon.record_text import text_record
    from napoleon.ui_dom.record_words import record_lang

    names = [t("friends.seat", n=i + 1) for i in range(game.n)]
    return text_record(game, names, "cards", record_lang(), 0)


class Friends(FriendsPage):
    """Napoleon's table with friends."""

    def __init__(self, app: Any) -> None:
        super().__init__(app, table_net, t, language)
        #: The language the panel was drawn in (redrawn when the page's changes).
        self.drawn_in = ""

    def host_controller(self, seed: int) -> Controller:
        ctrl: Controller = self.app._controller(self.app.prefs, seed)
        return ctrl

    def guest_controller(self, view: Any, turn: int, send: Callable[[str], None],
                         on_change: Callable[[], None]) -> Controller:
        return guest_controller(view, turn, send, on_change)

    def update_guest(self, ctrl: Any, seat: GuestSeat, view: Any, turn: int) -> None:
        super().update_guest(ctrl, seat, view, turn)
        ctrl.sync()
        if view.result is not None and self.invite is not None:
            from napoleon.ui_dom import stats_view

            # The same scored view sent again (a reconnection) has the same turn: the
            # statistics count one id once.
            stats_view.count_with_friends(view.rules.preset_name() or "custom", view.result,
                                          view.seat, f"friends:{self.invite.room}:{turn}")

    def game_id(self, ctrl: Any) -> str:
        m = ctrl.match
        return f"{ctrl.match_seed}:{m.game_number}:{m.seeds[-1]}"

    def resumable(self, ctrl: Any) -> bool:
        return (isinstance(ctrl, Controller) and ctrl.guest is None
                and not ctrl.handover.active and table_record(ctrl) is None)

    def record(self, ctrl: Any) -> str | None:
        return table_record(ctrl)

    def set_names(self, names: dict[int, str]) -> None:
        """People by the panel's names, computers by its seat numbers ("CPU3" sits
        in the panel's "Seat 3", whichever chair the table is drawn from)."""
        seats = self.host.referee.seat_infos() if self.host is not None else (
            self.guest.table.seats if self.guest is not None else ())
        computers = {i: t("seat.cpu", n=i + 1) for i in range(len(seats))}
        mine = next((s for s, n in names.items() if n == t("seat.you")), 0)
        set_seats(mine, None, computers | names)

    def draw_panel(self) -> None:
        self.drawn_in = language()
        super().draw_panel()
