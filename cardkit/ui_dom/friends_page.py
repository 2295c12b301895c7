"""A game's page at a table with friends, as host or guest: what every game shares.

The host opens "Play with friends" (:meth:`FriendsPage.open_host`): the table takes
the rules in force, opens a room on the relays, shows the link (and its QR code)
and who sits where; seats nobody takes are computers at the host's level. Start
deals a new match whose remote seats reply through the referee
(:class:`cardkit.ui_dom.friends.HostSession`), every guest being sent its own
seat's view after every move.

A guest's page opened on the link (:meth:`FriendsPage.join`) plays no game of its
own: its controller (the game's :meth:`FriendsPage.guest_controller`) draws the
view the host sent, through the same drawing and clicks as a game here, and sends
the action chosen instead of playing it.

A game brings its engine as the referee reads it and its view reader (its
``table_net`` module, :class:`TableNet`) and fills in what is its own (a
subclass): which match may be hosted, the guest's controller, the record at the
end, the seats' names on its table.
"""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Callable
from typing import Any, Protocol

from cardkit.table_net.guest import GuestEvent, GuestTable
from cardkit.table_net.referee import Referee, SeatGame
from cardkit.ui_dom import browser
from cardkit.ui_dom import friends_net as net
from cardkit.ui_dom.friends import (
    GuestSeat,
    GuestSession,
    HostSession,
    panel_el,
    remove_panel,
    seat_line,
    show_panel,
)
from cardkit.ui_dom.nodes import by_id, document, on, proxy
from cardkit.ui_dom.page_shell import fresh_seed
from cardkit.ui_dom.pass_play import menu_button
from cardkit.ui_dom.storage import page_storage
from cardkit.ui_dom.tasks import spawn

__all__ = ["FriendsPage", "TableNet"]


class TableNet(Protocol):
    """A game's ``table_net`` module (``napoleon.table_net``, ``durak.table_net``)."""

    GAME_NAME: str

    def seat_game(self, current: Callable[[], Any]) -> SeatGame: ...

    def read_view(self, data: dict[str, object]) -> object: ...

    def view_seat(self, view: object) -> int: ...


class FriendsPage:
    """The page's table with friends, as host or guest (at most one of the two).

    ``app`` is the game's page (its ``prefs``, ``ctrl``, ``rerender``,
    ``replace_match``, ``show_notices``), whose controllers hold ``match.game``
    and ``match.rules.players``; ``t`` and ``language`` are its translator's.
    """

    def __init__(self, app: Any, game: TableNet, t: Callable[..., str],
                 language: Callable[[], str]) -> None:
        self.app = app
        self.game = game
        #: The storage key's prefix of a guest's seat token (one a room).
        self.token_key = f"{game.GAME_NAME}.friends.token."
        self.t = t
        self.language = language
        self.host: HostSession | None = None
        self.guest: GuestSession | None = None
        self.bridge: net.Bridge | None = None
        self.invite: net.Invite | None = None
        self.ctrl: Any = None
        self.qr: list[list[int]] | None = None
        self.note = ""
        self.ended = False

    # ---- what a game fills in ---------------------------------------------------

    def host_controller(self, seed: int) -> Any:
        """The new match the host offers (seat 0 the host's), or ``None`` after a
        notice saying why this table cannot be hosted."""
        raise NotImplementedError

    def guest_controller(self, view: Any, turn: int, send: Callable[[str], None],
                         on_change: Callable[[], None]) -> Any:
        """A guest's table: the host's view drawn, the action chosen sent, not played."""
        raise NotImplementedError

    def update_guest(self, ctrl: Any, seat: GuestSeat, view: Any, turn: int) -> None:
        """A new view from the host: the guest's table follows it, the wait over."""
        seat.view, seat.turn, seat.waiting = view, turn, False

    def record(self, ctrl: Any) -> str | None:
        """The finished table's record sent to every guest, or ``None`` while it goes on."""
        raise NotImplementedError

    def set_names(self, names: dict[int, str]) -> None:
        """The names of the seats people play, on the game's table."""

    def guest_seat(self, ctrl: Any) -> GuestSeat | None:
        guest = getattr(ctrl, "guest", None)
        return guest if isinstance(guest, GuestSeat) else None

    # ---- the menu ---------------------------------------------------------------

    def mount(self) -> None:
        menu_button("btn-friends", self.t("btn.friends"), lambda: spawn(self.open_host()))

    def label(self) -> None:
        button = by_id("btn-friends")
        if button:
            button.textContent = self.t("btn.friends")

    def joining(self) -> bool:
        return str(browser.window().location.hash).startswith("#table=")

    def relays(self) -> tuple[str, ...]:
        meta = document().querySelector('meta[http-equiv="Content-Security-Policy"]')
        policy = str(meta.getAttribute("content")) if meta else ""
        return net.relays_in_policy(policy)

    # ---- the host ---------------------------------------------------------------

    async def open_host(self) -> None:
        if self.host is not None or self.guest is not None:
            return
        app, t = self.app, self.t
        # ``?seed=N`` reproduces a table with friends too (the browser tests' mirror).
        seed = app.prefs.seed if app.prefs.seed is not None else fresh_seed()
        ctrl = self.host_controller(seed)
        if ctrl is None:
            return
        players = int(ctrl.match.rules.players)
        referee = Referee(self.game.seat_game(lambda: ctrl.match.game), players, 0,
                          range(1, players), self.game.GAME_NAME)
        relays = net.default_relays(self.relays(), str(browser.window().location.hostname))
        room = secrets.token_urlsafe(16)
        host = HostSession(referee, self._send, self.draw_panel)
        try:
            self.bridge = await net.Bridge.open(room, "", relays, host.message, host.joined,
                                            host.left)
        except Exception as e:  # the bridge's import or the relays failed
            app.show_notices([t("friends.no_relay", error=str(e)[:120])])
            return
        self.host, self.ctrl = host, ctrl
        self.invite = net.Invite(room, self.bridge.self_id, relays)
        try:
            self.qr = self.bridge.qr(self.link())
        except Exception:
            self.qr = None  # the link and its copy button still work
        on_unload = proxy(lambda _e: self.bridge.leave() if self.bridge else None)
        browser.window().addEventListener("pagehide", on_unload)
        self.draw_panel()

    def link(self) -> str:
        loc = browser.window().location
        assert self.invite is not None
        fragment = net.invite_fragment(self.invite)
        return f"{loc.origin}{loc.pathname}?game={self.game.GAME_NAME}{fragment}"

    def start(self) -> None:
        if self.host is None or self.ctrl is None or self.host.referee.started:
            return
        self.ctrl.seat_reply = self.host.reply
        self.host.start()
        self.app.replace_match(self.ctrl)

    def copy_link(self) -> None:
        field = by_id("friends-link")
        if field:
            field.select()
            with contextlib.suppress(Exception):  # selected: the person copies it
                browser.window().navigator.clipboard.writeText(self.link())

    # ---- a guest ----------------------------------------------------------------

    async def join(self) -> None:
        app, t = self.app, self.t
        try:
            invite = net.read_invite(str(browser.window().location.hash), self.relays())
        except net.InviteError as e:
            app.show_notices([t("friends.bad_link", error=str(e))])
            return
        if invite is None:
            return
        self.invite = invite
        token = page_storage().get(self.token_key + invite.room)
        table = GuestTable(self.game.read_view, self.game.view_seat, "", self.language(), token)
        self.guest = GuestSession(table, invite.host, self._send, self.on_guest_event)
        self.note = t("friends.joining")
        self.draw_panel()
        guest = self.guest
        try:
            self.bridge = await net.Bridge.open(invite.room, invite.password, invite.relays,
                                            guest.message, guest.joined, guest.left)
        except Exception as e:
            app.show_notices([t("friends.no_relay", error=str(e)[:120])])

    def on_guest_event(self, event: GuestEvent) -> None:
        guest, app, t = self.guest, self.app, self.t
        if guest is None or self.invite is None:
            return
        table = guest.table
        seat = self.guest_seat(app.ctrl)
        if event.kind == "welcome" and table.token:
            page_storage().set(self.token_key + self.invite.room, table.token)
            self.note = t("friends.waiting")
        elif event.kind == "view" and table.view is not None:
            self.note = ""
            if seat is not None:
                self.update_guest(app.ctrl, seat, table.view, table.turn)
            else:
                app.ctrl.close()
                app.ctrl = self.guest_controller(table.view, table.turn, guest.act,
                                                 app.rerender)
            app.rerender()
            # A forced move (Durak's lone Pass, docs/rules/durak.md §6.15) is made for
            # the guest as for anyone.
            spawn(app.ctrl.run_computers())
        elif event.kind == "refused":
            if seat is not None:
                seat.waiting = False
            if event.reason == "full":
                self.note = t("friends.full")
            app.show_notices([t("friends.refused", reason=event.reason)])
            app.rerender()
        elif event.kind == "end":
            self.ended = True
            ended = table.ended
            self.note = t("friends.ended")
            if ended is not None and ended.record:
                self.note += "\n" + ended.record
        elif event.kind == "host-left":
            self.ended = True
            self.note = t("friends.host_left")
            if seat is not None:
                seat.waiting = True  # nobody to send a move to
                app.rerender()
        self.draw_panel()

    # ---- both -------------------------------------------------------------------

    def _send(self, text: str, peer: str) -> None:
        if self.bridge is not None:
            self.bridge.send(text, peer)

    def waiting(self) -> bool:
        """The lobby: the host has not started, or a guest has no view yet.  The page
        then shows the panel alone (the table under it would be another game's: the
        host's or the guest's own match on this device)."""
        if self.host is not None:
            return not self.host.referee.started
        return self.guest is not None and self.guest_seat(self.app.ctrl) is None

    def names(self) -> dict[int, str]:
        t = self.t
        if self.host is not None:
            seats = self.host.referee.seat_infos()
        elif self.guest is not None:
            seats = self.guest.table.seats
        else:
            return {}
        mine = 0 if self.host is not None else (self.guest.table.seat if self.guest else None)
        names = {i: s.name or t("friends.seat", n=i + 1) for i, s in enumerate(seats)
                 if s.kind in ("host", "guest", "away")}
        if mine is not None:
            names[mine] = t("seat.you")
        return names

    def draw_panel(self) -> None:
        t = self.t
        if self.host is None and self.guest is None:
            remove_panel()
            return
        if self.host is not None:
            ref = self.host.referee
            seats, mine, started = ref.seat_infos(), 0, ref.started
            replaced = self.host.replaced
        else:
            assert self.guest is not None
            table = self.guest.table
            seats, started = table.seats, table.started
            mine = -1 if table.seat is None else table.seat
            replaced = set()
        lines = [seat_line(t, i, s.kind, s.name, i == mine, i in replaced)
                 for i, s in enumerate(seats)]
        title = t("friends.playing") if started else (
            t("friends.hosting") if self.host is not None else t("friends.title"))
        hosting = self.host is not None and not started
        panel = panel_el(t, title, lines, self.link() if hosting else None,
                         self.qr if hosting else None, can_start=hosting, note=self.note)
        panel.setAttribute("data-role", "host" if self.host is not None else "guest")
        panel.setAttribute("data-started", "1" if started else "0")
        if self.ended:
            panel.setAttribute("data-ended", "1")
        show_panel(panel)
        table, status = by_id("table"), by_id("status")
        if table:
            table.hidden = self.waiting()
        if status and self.waiting():
            status.textContent = ""  # the panel says it (the line spoke of the table)
        start = panel.querySelector("#friends-start")
        if start:
            on(start, "click", lambda _e: self.start())
        copy = panel.querySelector("#friends-copy")
        if copy:
            on(copy, "click", lambda _e: self.copy_link())
        self.set_names(self.names())

    def changed(self) -> None:
        """After every redraw of the host's table: the guests' views, the record at
        the table's end."""
        host, ctrl = self.host, self.ctrl
        if host is None or ctrl is None or not host.referee.started or self.app.ctrl is not ctrl:
            return
        host.changed()
        record = None if self.ended else self.record(ctrl)
        if record is not None:
            self.ended = True
            host.end("over", record)
            self.draw_panel()
