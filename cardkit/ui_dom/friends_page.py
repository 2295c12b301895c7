"""A game's page at a table with friends, as host or guest: what every game shares.

:class:`FriendsPage` is the one object a game's page holds (its ``friends``): the
state of the table (:class:`cardkit.ui_dom.friends_state.FriendsState`) with the
steps of its sides by name, each written once in its own module: the menu's and
leaving (:mod:`cardkit.ui_dom.friends_lobby`), the host's
(:mod:`cardkit.ui_dom.friends_host`), a guest's (:mod:`cardkit.ui_dom.friends_guest`)
and the panel (:mod:`cardkit.ui_dom.friends_panel`).  A game plugs in by the one
record it registers (:class:`cardkit.ui_dom.friends_game.FriendsGame`), not by
subclassing the page.
"""

from __future__ import annotations

from collections.abc import Callable

from cardkit.table_net.guest import GuestEvent
from cardkit.table_net.guest_session import GuestSession
from cardkit.ui_dom import friends_guest, friends_host, friends_lobby, friends_panel
from cardkit.ui_dom import friends_net as net
from cardkit.ui_dom.friends_game import C, FriendsApp, FriendsGame, R, V
from cardkit.ui_dom.friends_guest import (
    DROPPED_NOTICE,
    MAX_SEEN,
    REFUSED_NOTICE,
    records_label,
    refused_text,
)
from cardkit.ui_dom.friends_host import RESUMED_WAIT
from cardkit.ui_dom.friends_lobby import END_GRACE
from cardkit.ui_dom.friends_state import FriendsState
from cardkit.ui_dom.nodes import by_id
from cardkit.ui_dom.tasks import spawn
from cardkit.ui_dom.together import add_option

__all__ = ["DROPPED_NOTICE", "END_GRACE", "MAX_SEEN", "REFUSED_NOTICE", "RESUMED_WAIT",
           "FriendsPage", "records_label", "refused_text"]


class FriendsPage(FriendsState[C, V, R]):
    """The page's table with friends, as host or guest (at most one of the two):
    ``app`` the game's page, ``game`` what the game brings to it."""

    def __init__(self, app: FriendsApp, game: FriendsGame[C, V, R]) -> None:
        super().__init__(app, game)
        self.redraw = self.held_redraw

    # ---- the menu -----------------------------------------------------------------

    def mount(self) -> None:
        """The menu's "Play with friends" (the host's side opens on it)."""
        add_option(self.t, "btn-friends", "btn.friends", "together.friends",
                   lambda: spawn(self.open_host()))
        friends_lobby.follow_links(self)  # a table's link opened in this tab joins it

    def label(self) -> None:
        """The menu's entry in the page's language now."""
        button = by_id("btn-friends")
        if button:
            button.textContent = self.t("btn.friends")

    def joining(self) -> bool:
        return friends_lobby.joining()

    def has_table(self) -> bool:
        return friends_lobby.has_table(self)

    def at_table(self) -> bool:
        return friends_lobby.at_table(self)

    def leave_first(self, then: Callable[[], None],
                    stay: Callable[[], None] | None = None) -> None:
        friends_lobby.leave_first(self, then, stay)

    async def leave_by_button(self) -> None:
        await friends_lobby.leave_by_button(self)

    def leave(self) -> None:
        friends_lobby.leave(self)

    def set_name(self) -> None:
        friends_lobby.set_name(self)

    # ---- the host -----------------------------------------------------------------

    async def open_host(self) -> None:
        await friends_host.open_host(self)

    async def apply_room(self) -> None:
        await friends_host.apply_room(self)

    def link(self) -> str:
        return friends_host.link(self)

    def start(self) -> None:
        friends_host.start(self)

    def keep_table(self) -> None:
        friends_host.keep_table(self)

    def kept(self) -> bool:
        return friends_host.kept(self)

    async def resume(self) -> bool:
        return await friends_host.resume(self)

    def changed(self) -> None:
        """After every redraw of the page's table: a guest's table marked while its
        host is lost (the host's guests are sent their views as its game moves, by
        its turn loop: :func:`cardkit.ui_dom.friends_host.moved`)."""
        if self.guest is not None:
            friends_panel.mark_table(self)

    def play_again(self) -> None:
        friends_host.play_again(self)

    # ---- a guest ------------------------------------------------------------------

    async def join(self) -> None:
        await friends_guest.join(self)

    def guest_session(self, invite: net.Invite) -> GuestSession[V]:
        return friends_guest.guest_session(self, invite)

    def on_guest_event(self, event: GuestEvent) -> None:
        friends_guest.on_guest_event(self, event)

    def take_record(self) -> None:
        friends_guest.take_record(self)

    def dropped(self, reason: str, detail: str) -> None:
        friends_guest.dropped(self, reason, detail)

    def host_gone(self) -> None:
        friends_guest.host_gone(self)

    def lost_note(self) -> str:
        return friends_guest.lost_note(self)

    def saw(self, view: V, number: int = 1) -> None:
        friends_guest.saw(self, view, number)

    def seen_so_far(self) -> str:
        return friends_guest.seen_so_far(self)

    def show_records(self) -> None:
        friends_guest.show_records(self)

    # ---- the panel ----------------------------------------------------------------

    def draw_panel(self) -> None:
        friends_panel.draw_panel(self)

    def held_redraw(self) -> None:
        """The panel drawn anew, or once the press on it ends
        (:class:`~cardkit.ui_dom.press_hold.PressHold`: marked ``data-held``)."""
        self.hold.draw_marked(self.draw_panel, "friends")

    async def save_turn(self) -> None:
        await friends_panel.save_turn(self)
